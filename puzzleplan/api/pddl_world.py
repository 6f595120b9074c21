"""Plain PDDL stepped through one ground action at a time: a domain and problem read, checked and grounded
(puzzleplan.translator.pddl.grounding), and the same task planned from any of its states."""

from __future__ import annotations

import os
from dataclasses import dataclass

from puzzleplan.api.pddl_files import PddlReport, plan_files, read_pddl
from puzzleplan.common.limits import Limits
from puzzleplan.translator.pddl.grounding import GroundTask, ground_task, restarted_problem
from puzzleplan.translator.pddl.semantics import State


@dataclass(frozen=True)
class PddlWorld:
    """A PDDL task as a world to act in: the files it came from, their texts and the task grounded
    (.ground: its actions, atoms, initial state, applicable actions, successors, goal test and costs)."""

    domain: str
    problem: str
    texts: tuple[str, str]
    ground: GroundTask

    def plan_from(self, state: State, planner: str, limits: Limits) -> PddlReport:
        """The task planned from `state` (its :init replaced by the state) by `planner`, within the limits;
        the plan is replayed from that state as `plan` replays one."""
        problem = restarted_problem(self.texts[1], self.ground.task, state, self.problem)
        return plan_files(self.domain, self.problem, planner, limits, texts=(self.texts[0], problem))


def pddl_world(domain: str | os.PathLike[str], problem: str | os.PathLike[str]) -> PddlWorld:
    """Read, check and ground a domain file and a problem file; InputError for bad files or a task that
    grounds to too many actions or atoms."""
    domain, problem = os.fspath(domain), os.fspath(problem)
    task, model = read_pddl(domain, problem)
    return PddlWorld(domain, problem, (task.domain, task.problem), ground_task(model, problem))
