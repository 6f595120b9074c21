"""Steps per second of a random agent that takes only legal actions, in puzzleplan's Gymnasium environments
(every puzzle, and Microban level 24's PDDL as puzzleplan/Pddl-v0) or in pddlgym's, on the puzzles both have:
Microban level 24 (pddlgym's Sokoban problem 0) and the three-disc Tower of Hanoi (its Hanoi problem 0). Run
it from the top folder of a checkout with the Python of either install:

    python docs/examples/env_speed.py puzzleplan ../shared/data/sokoban/microban.txt
    /path/to/pddlgym-venv/bin/python docs/examples/env_speed.py pddlgym
"""

from __future__ import annotations

import json
import sys
import time

STEPS = 3000
SECONDS = 20.0
"""Each measurement takes STEPS steps, or as many as fit in SECONDS."""


def puzzleplan_envs(microban: str) -> dict:
    """puzzleplan's environment of every puzzle, and Microban level 24's PDDL as a Pddl-v0."""
    import tempfile
    from pathlib import Path

    import gymnasium as gym

    import puzzleplan
    import puzzleplan.envs  # noqa: F401 - registers the ids

    folder = Path(tempfile.mkdtemp())
    task = puzzleplan.translate(puzzleplan.load(microban, puzzle="sokoban", level="24"))
    (folder / "domain.pddl").write_text(task.domain)
    (folder / "problem.pddl").write_text(task.problem)
    made = {
        "sokoban": ("Sokoban", {"path": microban, "level": "24"}),
        "hanoi": ("Hanoi", {"options": {"discs": 3}}),
        "tiles": ("Tiles", {"options": {"size": "4x4", "moves": 40}}),
        "shrdlu": ("Shrdlu", {"path": "problems/shrdlu/n4-k10-seed7.shrdlu"}),
        "sbp": ("SlidingBricks", {"path": "problems/sbp/lshape.sbp"}),
        "bloxorz": ("Bloxorz", {"path": "problems/bloxorz/switches.bloxorz"}),
        "pacman": ("Pacman", {"path": "problems/pacman/big-maze.lay"}),
        "sokoban as PDDL": ("Pddl", {"domain": folder / "domain.pddl", "problem": folder / "problem.pddl"}),
    }
    return {name: gym.make(f"puzzleplan/{kind}-v0", max_steps=200, **args) for name, (kind, args) in made.items()}


def run_puzzleplan(env) -> float:
    """Steps a second of the masked random agent in a Gymnasium environment."""
    _, info = env.reset(seed=0)
    started = time.perf_counter()
    steps = 0
    while steps < STEPS and time.perf_counter() - started < SECONDS:
        _, _, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        steps += 1
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - started)


def run_pddlgym(name: str) -> float:
    """Steps a second of pddlgym's random agent over valid actions (action_space.sample(state))."""
    import pddlgym

    env = pddlgym.make(name)
    env.fix_problem_index(0)
    env.seed(0)
    env.action_space.seed(0)
    state, _ = env.reset()
    started = time.perf_counter()
    steps = 0
    while steps < STEPS and time.perf_counter() - started < SECONDS:
        state, _, done, truncated, _ = env.step(env.action_space.sample(state))
        steps += 1
        if done or truncated or steps % 200 == 0:
            state, _ = env.reset()
    return steps / (time.perf_counter() - started)


def main() -> None:
    """Print one JSON line per puzzle: the library, the puzzle and the steps a second (each run takes STEPS
    steps or SECONDS seconds, whichever comes first)."""
    which = sys.argv[1]
    if which == "puzzleplan":
        rates = {puzzle: run_puzzleplan(env) for puzzle, env in puzzleplan_envs(sys.argv[2]).items()}
    else:
        rates = {"sokoban": run_pddlgym("PDDLEnvSokoban-v0"), "hanoi": run_pddlgym("PDDLEnvHanoi-v0")}
    for puzzle, rate in rates.items():
        print(json.dumps({"library": which, "puzzle": puzzle, "steps_per_second": round(rate, 1)}))


if __name__ == "__main__":
    main()
