"""Any PDDL task this tool reads as a Gymnasium environment: its ground actions as the discrete action space
(with the mask), the atoms that hold as a 0/1 vector, action costs as rewards, and any PDDL planner as the
oracle."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from gymnasium import spaces

from puzzleplan.api.pddl_world import pddl_world
from puzzleplan.common.limits import Limits
from puzzleplan.envs.base import ActingEnv, OraclePlan, unsolvable


class PddlEnv(ActingEnv):
    """A domain and problem file as an environment. Action i is the ground action `actions[i]`
    ((name, (arguments...)); those whose static preconditions hold, by action and objects as declared); the
    observation has a 0/1 entry per atom of `atoms` (the initial atoms and every atom an action can add);
    info["state"] is the PDDL state (atoms and numeric fluents). A step costs its action's cost (total-cost's
    increase), 1 without action costs."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        domain: str | os.PathLike[str],
        problem: str | os.PathLike[str],
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__(max_steps, render_mode)
        self.world = pddl_world(domain, problem)
        self.actions = self.world.ground.actions
        self.atoms = self.world.ground.atoms
        self._index = {atom: number for number, atom in enumerate(self.atoms)}
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.MultiBinary(len(self.atoms))

    def _begin(self) -> Any:
        return self.world.ground.initial()

    def _legal(self, state: Any) -> np.ndarray:
        return np.array(self.world.ground.applicable(state), dtype=np.int8)

    def _act(self, state: Any, action: int) -> tuple[Any, float] | None:
        if not self.world.ground.holds(action, state):
            return None
        after = self.world.ground.successor(state, action)
        return after, self.world.ground.cost(state, after)

    def _is_goal(self, state: Any) -> bool:
        return self.world.ground.is_goal(state)

    def _observation(self, state: Any) -> np.ndarray:
        seen = np.zeros(len(self.atoms), dtype=np.int8)
        seen[[self._index[atom] for atom in state.atoms if atom in self._index]] = 1
        return seen

    def _text(self, state: Any) -> str:
        return "\n".join("(" + " ".join(atom) + ")" for atom in sorted(state.atoms))

    def action_name(self, action: int) -> str:
        """A ground action as PDDL writes it: (name arguments...)."""
        name, args = self.actions[action]
        return "(" + " ".join((name, *args)) + ")"

    def oracle(self, planner: str = "fd", timeout: float = 60.0, memory: str | int | None = None) -> OraclePlan:
        """A plan from the current state by a PDDL planner, as actions of this environment, and its cost;
        LimitReached or PlannerFailure when the planner ran out of its limits or failed."""
        report = self.world.plan_from(self.state, planner, Limits.read(timeout, memory)).raise_for_status()
        if not report.run.result.solved:
            return unsolvable(planner)
        numbers = {action: number for number, action in enumerate(self.actions)}
        actions = [numbers[(name.lower(), tuple(arg.lower() for arg in args))] for name, args in report.run.plan]
        cost = report.cost if report.cost is not None else float(len(actions))
        return OraclePlan(actions, float(cost), planner, report.run.result.optimal)
