"""Every puzzle, and any PDDL task, as a Gymnasium environment (docs/gymnasium.md).

    import gymnasium as gym
    import puzzleplan.envs                      # registers the puzzleplan/... ids
    env = gym.make("puzzleplan/Tiles-v0", options={"size": "3x3", "moves": 30})
    observation, info = env.reset(seed=1)
    action = env.action_space.sample(mask=info["action_mask"])

Ids: ENV_IDS (one per puzzle) and puzzleplan/Pddl-v0 (domain=..., problem=...). A puzzle environment takes
`path` (and `level`) or, for a puzzle with a generator, generator `options`; `max_steps` and `render_mode`
("ansi", or "rgb_array" drawn by the puzzle's own drawing) besides.
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from puzzleplan.envs.base import DEFAULT_MAX_STEPS, ActingEnv, OraclePlan
from puzzleplan.envs.pddl_env import PddlEnv
from puzzleplan.envs.puzzle_env import PuzzleEnv

ENV_IDS: dict[str, str] = {
    "puzzleplan/Hanoi-v0": "hanoi",
    "puzzleplan/Tiles-v0": "tiles",
    "puzzleplan/Shrdlu-v0": "shrdlu",
    "puzzleplan/Sokoban-v0": "sokoban",
    "puzzleplan/SlidingBricks-v0": "sbp",
    "puzzleplan/Bloxorz-v0": "bloxorz",
    "puzzleplan/Pacman-v0": "pacman",
}
"""The id of each puzzle's environment."""
PDDL_ID = "puzzleplan/Pddl-v0"


def _register() -> None:
    """Register the ids with Gymnasium (once per process)."""
    for env_id, puzzle in ENV_IDS.items():
        if env_id not in registry:
            register(env_id, entry_point="puzzleplan.envs.puzzle_env:PuzzleEnv", kwargs={"puzzle": puzzle})
    if PDDL_ID not in registry:
        register(PDDL_ID, entry_point="puzzleplan.envs.pddl_env:PddlEnv")


_register()

__all__ = ["DEFAULT_MAX_STEPS", "ENV_IDS", "PDDL_ID", "ActingEnv", "OraclePlan", "PddlEnv", "PuzzleEnv"]
