"""The Gymnasium environments: Gymnasium's own checker, masks a random agent can trust, the planner oracle's
plans replayed to the goal, vector environments, and frames equal to the tool's own pictures."""

from __future__ import annotations

import io
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import puzzleplan
from puzzleplan.envs import ENV_IDS, PDDL_ID, PddlEnv, PuzzleEnv

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
MADE = {
    "hanoi": {"options": {"discs": 3}},
    "tiles": {"options": {"size": "3x3", "moves": 12}},
    "shrdlu": {"path": PROBLEMS / "shrdlu" / "seed.shrdlu"},
    "sokoban": {"path": PROBLEMS / "sokoban" / "corridor.xsb"},
    "sbp": {"path": PROBLEMS / "sbp" / "tiny.sbp"},
    "bloxorz": {"path": PROBLEMS / "bloxorz" / "split.bloxorz"},
    "pacman": {"path": PROBLEMS / "pacman" / "forks.lay"},
}
"""How each puzzle's environment is made in these tests: a small file, or small generator options."""
ID_OF = {puzzle: env_id for env_id, puzzle in ENV_IDS.items()}


def made(puzzle: str, **more: object) -> gym.Env:
    """The puzzle's registered environment, made as MADE says."""
    return gym.make(ID_OF[puzzle], **MADE[puzzle], **more)


def test_every_puzzle_has_an_environment() -> None:
    assert sorted(ENV_IDS.values()) == sorted(name for name in puzzleplan.puzzles() if name != "sokoban-pushes")


@pytest.mark.parametrize("puzzle", sorted(MADE))
def test_gymnasiums_checker_passes(puzzle: str) -> None:
    check_env(made(puzzle).unwrapped, skip_render_check=False)


def test_gymnasiums_checker_passes_for_plain_pddl(tmp_path: Path) -> None:
    domain, problem = _pddl_files(tmp_path, "hanoi", PROBLEMS / "hanoi" / "seed1.hanoi")
    check_env(gym.make(PDDL_ID, domain=domain, problem=problem).unwrapped)


@settings(max_examples=12, deadline=None, derandomize=True)
@given(puzzle=st.sampled_from(sorted(MADE)), seed=st.integers(0, 2**31 - 1))
def test_a_random_agent_that_follows_the_mask_never_moves_illegally(puzzle: str, seed: int) -> None:
    env = made(puzzle, max_steps=40)
    observation, info = env.reset(seed=seed)
    inst = env.unwrapped.instance
    states = [info["state"]]
    for _ in range(40):
        action = env.action_space.sample(mask=info["action_mask"])
        if not info["action_mask"].any():
            break
        move = env.unwrapped.move_of(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert "illegal" not in info and reward == -1.0
        assert info["state"] == inst.apply(states[-1], move)
        assert env.observation_space.contains(observation)
        states.append(info["state"])
        if terminated or truncated:
            assert terminated == inst.is_goal(info["state"])
            break


@settings(max_examples=10, deadline=None, derandomize=True)
@given(puzzle=st.sampled_from(sorted(MADE)), seed=st.integers(0, 2**31 - 1))
def test_the_mask_marks_exactly_the_actions_of_the_legal_moves(puzzle: str, seed: int) -> None:
    env = made(puzzle)
    _, info = env.reset(seed=seed)
    inst = env.unwrapped.instance
    numbers = [inst.action_of(move) for move in inst.moves(info["state"])]
    assert len(set(numbers)) == len(numbers)
    assert np.flatnonzero(info["action_mask"]).tolist() == sorted(numbers)


def test_an_illegal_action_changes_nothing_and_says_so() -> None:
    env = made("hanoi")
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, after = env.step(illegal)
    assert after["illegal"] and reward == -1.0 and not terminated and after["state"] == info["state"]


@pytest.mark.parametrize("puzzle", ["hanoi", "tiles", "sokoban", "sbp", "bloxorz", "pacman", "shrdlu"])
def test_the_oracles_plan_replays_to_the_goal_and_returns_minus_its_cost(puzzle: str) -> None:
    env = made(puzzle)
    _, info = env.reset(seed=5)
    for _ in range(2):  # a few steps in, so the oracle plans from a state that is not the start
        env.step(env.action_space.sample(mask=info["action_mask"]))
    answer = env.unwrapped.oracle(planner="native-bfs" if puzzle != "sokoban" else "native-astar", timeout=60)
    total, terminated = env.unwrapped.replay(answer.actions)
    assert terminated and total == -answer.cost == -len(answer.actions)
    assert answer.optimal


def test_the_pddl_oracle_plans_from_the_current_state_with_action_costs(shared_data: Path) -> None:
    folder = shared_data / "ipc" / "parcprinter-08-strips"
    env = PddlEnv(folder / "p01-domain.pddl", folder / "p01.pddl")
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    answer = env.oracle(planner="fd-opt", timeout=60)
    total, terminated = env.replay(answer.actions)
    assert terminated and total == pytest.approx(-answer.cost) and answer.cost > len(answer.actions)


def test_a_pddl_environment_steps_through_conditional_effects_as_the_validator_does(shared_data: Path) -> None:
    folder = shared_data / "ipc" / "miconic-fulladl"
    env = PddlEnv(folder / "domain.pddl", folder / "f1-0.pddl")
    _, info = env.reset(seed=0)
    answer = env.oracle(planner="fd", timeout=60)
    plan = [env.actions[action] for action in answer.actions]
    total, terminated = env.replay(answer.actions)
    report = puzzleplan.plan(folder / "domain.pddl", folder / "f1-0.pddl", "fd", timeout=60)
    assert terminated and report.check.valid and -total == len(plan)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_run(mode: str) -> None:
    envs = gym.make_vec(ID_OF["tiles"], num_envs=2, vectorization_mode=mode, options={"size": "2x3", "moves": 8})
    observations, infos = envs.reset(seed=7)
    assert observations.shape == (2, 2, 3)
    for _ in range(5):
        actions = np.array([envs.single_action_space.sample(mask=mask) for mask in infos["action_mask"]])
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert (rewards == -1.0).all()
    envs.close()


@pytest.mark.parametrize("puzzle", sorted(MADE))
def test_frames_are_the_tools_own_pictures(puzzle: str, tmp_path: Path) -> None:
    env = made(puzzle, render_mode="rgb_array")
    _, info = env.reset(seed=2)
    env.step(env.action_space.sample(mask=info["action_mask"]))
    frame = env.render()
    state = env.unwrapped.state
    picture = puzzleplan.draw(env.unwrapped.instance, tmp_path / "state.png", state)
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert np.array_equal(frame, np.asarray(Image.open(io.BytesIO(picture.read_bytes())).convert("RGB")))


def test_ansi_frames_are_the_native_text() -> None:
    env = made("sokoban", render_mode="ansi")
    _, info = env.reset()
    assert env.render() == env.unwrapped.instance.show(info["state"]) + "\n"


def test_random_instances_repeat_with_the_seed() -> None:
    first, second = made("tiles"), made("tiles")
    assert np.array_equal(first.reset(seed=11)[0], second.reset(seed=11)[0])
    assert any(not np.array_equal(first.reset(seed=11)[0], first.reset(seed=s)[0]) for s in range(12, 20))


def test_a_puzzle_without_a_generator_asks_for_a_file() -> None:
    with pytest.raises(puzzleplan.InputError, match="has no generator"):
        PuzzleEnv("sokoban")


def _pddl_files(folder: Path, puzzle: str, path: Path) -> tuple[Path, Path]:
    """The PDDL of a puzzle instance written as a domain and a problem file."""
    task = puzzleplan.translate(puzzleplan.load(path, puzzle=puzzle))
    domain, problem = folder / "domain.pddl", folder / "problem.pddl"
    domain.write_text(task.domain)
    problem.write_text(task.problem)
    return domain, problem


def test_the_docs_training_loop_learns_an_optimal_policy() -> None:
    page = (ROOT / "docs" / "gymnasium.md").read_text()
    block = page.split("## A training loop", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    names: dict = {}
    exec(compile(block, "docs/gymnasium.md", "exec"), names)  # noqa: S102 - the page's own example
    env, best = names["env"], names["best"]
    (obs, info), moves, terminated = env.reset(seed=0), 0, False
    optimum = len(env.unwrapped.oracle(planner="native-bfs").actions)
    while not terminated and moves < 50:
        obs, _, terminated, _, info = env.step(best(obs, info))
        moves += 1
    assert terminated and moves == optimum
