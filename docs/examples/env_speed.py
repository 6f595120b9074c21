"""Steps per second of a random agent that takes only legal actions, in puzzleplan's Gymnasium environments
or in pddlgym's, on the same puzzles: Microban level 24 (pddlgym's Sokoban problem 0) and the three-disc
Tower of Hanoi (its Hanoi problem 0). Run it with the Python of either install; it measures what it finds.

    python docs/examples/env_speed.py puzzleplan ../shared/data/sokoban/microban.txt
    /path/to/pddlgym-venv/bin/python docs/examples/env_speed.py pddlgym
"""

from __future__ import annotations

import json
import sys
import time

STEPS = 3000


def puzzleplan_envs(microban: str) -> dict:
    """puzzleplan's environments for the two puzzles, and the Sokoban level's PDDL as a Pddl-v0."""
    import gymnasium as gym

    import puzzleplan.envs  # noqa: F401 - registers the ids

    return {
        "sokoban": gym.make("puzzleplan/Sokoban-v0", path=microban, level="24", max_steps=200),
        "hanoi": gym.make("puzzleplan/Hanoi-v0", options={"discs": 3}, max_steps=200),
    }


def run_puzzleplan(env) -> float:
    """Steps a second of the masked random agent in a Gymnasium environment."""
    _, info = env.reset(seed=0)
    started = time.perf_counter()
    for _ in range(STEPS):
        _, _, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        if terminated or truncated:
            _, info = env.reset()
    return STEPS / (time.perf_counter() - started)


def run_pddlgym(name: str) -> float:
    """Steps a second of pddlgym's random agent over valid actions (action_space.sample(state))."""
    import pddlgym

    env = pddlgym.make(name)
    env.fix_problem_index(0)
    env.seed(0)
    env.action_space.seed(0)
    state, _ = env.reset()
    started = time.perf_counter()
    for steps in range(STEPS):
        state, _, done, truncated, _ = env.step(env.action_space.sample(state))
        if done or truncated or steps % 200 == 199:
            state, _ = env.reset()
    return STEPS / (time.perf_counter() - started)


def main() -> None:
    """Print one JSON line per puzzle: the library, the puzzle and the steps a second."""
    which = sys.argv[1]
    if which == "puzzleplan":
        rates = {puzzle: run_puzzleplan(env) for puzzle, env in puzzleplan_envs(sys.argv[2]).items()}
    else:
        rates = {"sokoban": run_pddlgym("PDDLEnvSokoban-v0"), "hanoi": run_pddlgym("PDDLEnvHanoi-v0")}
    for puzzle, rate in rates.items():
        print(json.dumps({"library": which, "puzzle": puzzle, "steps_per_second": round(rate)}))


if __name__ == "__main__":
    main()
