"""One Gymnasium environment for every puzzle: the puzzle's own moves as a discrete action space with a mask,
its state as an integer array, pictures from its own drawing, and any planner as the oracle."""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

import puzzleplan.api as api
from puzzleplan.common.errors import InputError
from puzzleplan.envs.base import ActingEnv, OraclePlan, unsolvable
from puzzleplan.envs.sources import source_of


class PuzzleEnv(ActingEnv):
    """A puzzle as an environment, made from a file (`path`, and `level` of a collection) or, for a puzzle
    with a generator, from random instances of generator `options` ({"size": "3x3", "moves": 20}) drawn
    from each reset's seed. Actions are the instance's numbered actions (Instance.action_names); the
    observation is Instance.observe's array; info["state"] is the native state; every move costs 1."""

    def __init__(
        self,
        puzzle: str,
        path: str | os.PathLike[str] | None = None,
        level: str | int | None = None,
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__(max_steps, render_mode)
        self.source = source_of(puzzle, path, level, options)
        self.instance = self.source.instance(random.Random(0))
        self.actions = self.instance.action_names()
        self.action_space = spaces.Discrete(len(self.actions))
        high = self.instance.observation_high
        self.observation_space = spaces.Box(0, high, self.instance.observation_shape, dtype=np.int32)

    def _begin(self) -> Any:
        """The file's start, or a new random instance drawn from the seeded generator."""
        if not self.source.fixed:
            self.instance = self._drawn()
        return self.instance.initial

    def _drawn(self) -> api.Instance:
        """A random instance from the environment's random generator, of the first one's shape and actions."""
        inst = self.source.instance(random.Random(int(self.np_random.integers(2**63))))
        if inst.action_names() != self.actions or inst.observation_shape != self.observation_space.shape:
            raise InputError("the generator drew an instance of another size: fix its options", self.source.puzzle)
        return inst

    def _legal(self, state: Any) -> np.ndarray:
        """1 for the action of every legal move."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for move in self.instance.moves(state):
            mask[self.instance.action_of(move)] = 1
        return mask

    def _act(self, state: Any, action: int) -> tuple[Any, float] | None:
        """The state after the legal move of that action (every move costs 1); None when it has none."""
        move = self.move_of(action, state)
        return None if move is None else (self.instance.apply(state, move), 1.0)

    def move_of(self, action: int, state: Any = None) -> Any:
        """The legal native move that takes `action` in `state` (the current one by default); None when the
        action is not legal there."""
        state = self.state if state is None else state
        return next((move for move in self.instance.moves(state) if self.instance.action_of(move) == action), None)

    def _is_goal(self, state: Any) -> bool:
        return self.instance.is_goal(state)

    def _observation(self, state: Any) -> np.ndarray:
        return np.array(self.instance.observe(state), dtype=np.int32).reshape(self.observation_space.shape)

    def _text(self, state: Any) -> str:
        return self.instance.show(state)

    def _image(self, state: Any) -> np.ndarray:
        return np.asarray(api.picture(self.instance, state))

    def oracle(self, planner: str | None = None, timeout: float = 60.0, memory: str | int | None = None) -> OraclePlan:
        """A plan from the current state by `planner` (the tool's default when None) as actions of this
        environment, and its cost (see OraclePlan for a state the goal cannot be reached from); LimitReached or
        PlannerFailure (PuzzleplanErrors) when the planner ran out of its limits or failed."""
        start = self.instance.starting_at(self.state)
        report = api.solve(start, planner or api.DEFAULT_PLANNER, timeout=timeout, memory=memory)
        if report.raise_for_status().status is api.Status.UNSOLVABLE:
            return unsolvable(report.planner)
        actions = [self.instance.action_of(move) for move in report.moves]
        return OraclePlan(actions, float(len(actions)), report.planner, report.optimal)
