"""What every environment of this package shares: Gymnasium's reset and step over a world that says which
actions are legal, what a legal action leads to and costs, and when the goal is reached."""

from __future__ import annotations

import math
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np

DEFAULT_MAX_STEPS = 500
"""Steps before an episode is truncated unless the environment is told otherwise."""


@dataclass(frozen=True)
class OraclePlan:
    """A planner's answer from an environment's current state: the actions to take, in order, what they cost
    in all (so their return is -cost), the planner that found them and whether it proved them optimal. From
    a state the planner proved the goal unreachable from: no actions, cost infinite, `solvable` False."""

    actions: list[int]
    cost: float
    planner: str
    optimal: bool
    solvable: bool = True


def unsolvable(planner: str) -> OraclePlan:
    """The oracle's answer from a state with no way to the goal."""
    return OraclePlan([], math.inf, planner, True, solvable=False)


class ActingEnv(gym.Env[np.ndarray, np.int64]):
    """An environment over a world with a fixed, numbered set of actions. info holds "action_mask" (np.int8,
    1 for the legal actions) and "state" (the world's own state). A legal action costs what the world says
    (reward -cost); an illegal one changes nothing, costs 1 and sets info["illegal"]. The episode terminates
    at the goal and is truncated after `max_steps` steps."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, max_steps: int | None, render_mode: str | None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        self.state: Any = None
        self.steps = 0

    # -- what a world says ------------------------------------------------------------------------------
    @abstractmethod
    def _begin(self) -> Any:
        """The state an episode starts in (self.np_random drawn from as needed)."""

    @abstractmethod
    def _legal(self, state: Any) -> np.ndarray:
        """The action mask of a state (np.int8)."""

    @abstractmethod
    def _act(self, state: Any, action: int) -> tuple[Any, float] | None:
        """The state after an action, and what it cost; None when the action is not legal in `state`."""

    @abstractmethod
    def _is_goal(self, state: Any) -> bool:
        """True at the goal."""

    @abstractmethod
    def _observation(self, state: Any) -> np.ndarray:
        """The observation of a state."""

    @abstractmethod
    def _text(self, state: Any) -> str:
        """The state as text (render_mode "ansi")."""

    def _image(self, state: Any) -> np.ndarray:
        """The state as an RGB array (render_mode "rgb_array")."""
        raise NotImplementedError(f"{type(self).__name__} has no pictures; use render_mode='ansi'")

    # -- Gymnasium ------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """Start an episode (a random instance drawn from `seed` when the environment generates them)."""
        super().reset(seed=seed)
        self.state = self._begin()
        self.steps = 0
        return self._observation(self.state), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Take an action: (observation, reward, terminated, truncated, info)."""
        acted = self._act(self.state, int(action))
        illegal = acted is None
        if acted is None:
            cost = 1.0
        else:
            self.state, cost = acted
        self.steps += 1
        info = self._info() | ({"illegal": True} if illegal else {})
        terminated = self._is_goal(self.state)
        truncated = not terminated and self.steps >= self.max_steps
        return self._observation(self.state), -float(cost), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the current state, 1 for legal (the name maskable learners call)."""
        return self._legal(self.state)

    def render(self) -> Any:
        """The current state as text ("ansi") or an RGB array ("rgb_array"); None without a render mode."""
        if self.render_mode == "ansi":
            return self._text(self.state) + "\n"
        if self.render_mode == "rgb_array":
            return self._image(self.state)
        return None

    def replay(self, actions: list[int]) -> tuple[float, bool]:
        """Take `actions` from the current state: their return and whether the last one terminated."""
        total, terminated = 0.0, False
        for action in actions:
            _, reward, terminated, _, _ = self.step(action)
            total += reward
        return total, terminated

    def _info(self) -> dict[str, Any]:
        """The info of the current state."""
        return {"action_mask": self._legal(self.state), "state": self.state}
