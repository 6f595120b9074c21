"""Validating a plan against a puzzle's real rules: a plan in any notation the puzzle reads
(puzzleplan.translator.notation), native moves, or a PDDL plan, replayed with the simulator; what is
wrong and where, or how long the plan is and how far from optimal.

A plan text is read every way that fits; the first reading whose moves replay to the goal is the verdict
(the puzzle's other readings of the same moves, such as the sliding-brick normal-form numbering, are
tried after the moves as written). When none replays, the first reading's failure is the verdict and the
other readings are listed. A PDDL plan is also checked against its encoding with unified-planning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.capabilities import encodings_of, notation, reports, search_help
from puzzleplan.translator.notation import Reading, read_moves
from puzzleplan.translator.pddl.task import GroundAction, PddlTask
from puzzleplan.translator.puzzle import Puzzle, Replay


@dataclass
class Verdict:
    """The outcome of validating one plan; to_json() is the --json contract of validate."""

    puzzle: str
    instance: str
    plan: str
    notation: str
    valid: bool
    moves: list[Any]
    measures: dict[str, int]
    message: str = ""
    failed_at: int | None = None
    """1-based number of the first bad move (of the PDDL step, for a PDDL plan)."""
    meaning: str = ""
    """The puzzle's other reading of the moves that made them valid, when the moves as written were not."""
    also_tried: list[str] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    pddl_plan: list[GroundAction] | None = None
    pddl_valid: bool | None = None
    pddl_message: str = ""
    optimal: dict[str, Any] | None = None

    state_text: str = ""
    """The state before the first bad step (the last state reached), as the puzzle shows states."""

    def _repr_html_(self) -> str:
        """In a notebook: valid, or the first bad move, why, and the state before it."""
        from puzzleplan.api.notebook import verdict_html

        return verdict_html(self)

    @property
    def reason(self) -> str:
        """Why the plan is not valid: the first bad step and why, or the goal left unmet ("" when valid)."""
        return "" if self.valid else self.message

    @property
    def length(self) -> int:
        """The number of native moves read from the plan."""
        return len(self.moves)

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The JSON object of `validate --json`."""
        data: dict[str, Any] = {
            "puzzle": self.puzzle,
            "instance": self.instance,
            "plan": self.plan,
            "notation": self.notation,
            "valid": self.valid,
            "length": len(self.moves),
            **{name: value for name, value in self.measures.items() if name != "moves"},
            "moves": [notation(puzzle).move_json(move) for move in self.moves],
            "message": self.message,
            "failed_at": self.failed_at,
        }
        return data | self._optional_json()

    def _optional_json(self) -> dict[str, Any]:
        """The fields of `validate --json` present only when they apply: the other reading that made the
        moves valid, the readings also tried, the PDDL check, the state before a bad step, the optimum."""
        data: dict[str, Any] = {
            key: value for key, value in (("meaning", self.meaning), ("also_tried", self.also_tried)) if value
        }
        if self.pddl_plan is not None:
            data.update(pddl_steps=len(self.pddl_plan), pddl_valid=self.pddl_valid, pddl_message=self.pddl_message)
        if not self.valid and self.states:
            data["state_before"] = self.state_text
        if self.optimal is not None:
            data["optimal"] = self.optimal
        return data


def validate_text(puzzle: Puzzle, instance: Any, label: str, text: str, source: str) -> Verdict:
    """Read a plan every way that fits and replay it; the verdict of the first reading that is valid, or
    of the first reading when none is. InputError when no reading fits."""
    readings = read_moves(puzzle, instance, text, source)
    verdicts = [_judge(puzzle, instance, label, source, reading) for reading in readings]
    chosen = next((verdict for verdict in verdicts if verdict.valid), verdicts[0])
    if chosen.valid:
        chosen.also_tried = []
    else:
        chosen.also_tried += [line for verdict in verdicts[1:] for line in _failures(verdict)]
    if chosen.pddl_plan is not None:
        _check_pddl(puzzle, instance, chosen, chosen.pddl_plan)
    return chosen


def _check_pddl(puzzle: Puzzle, instance: Any, verdict: Verdict, plan: list[GroundAction]) -> None:
    """Check a PDDL plan against the puzzle's encoding with unified-planning too: a plan that replays
    natively but fails that check is not valid."""
    task = plan_task(encodings_of(puzzle).encodings(instance), plan)
    verdict.pddl_valid, verdict.pddl_message = validate_pddl(task, plan)
    if verdict.pddl_valid is False and verdict.valid:
        verdict.valid, verdict.message = False, f"the PDDL check fails: {verdict.pddl_message}"


def validate_moves(puzzle: Puzzle, instance: Any, label: str, moves: list[Any]) -> Verdict:
    """Replay native moves (tuples as the simulator takes them) with the real rules: the verdict."""
    return _judge(puzzle, instance, label, "<moves>", Reading("native moves", list(moves)))


def _judge(puzzle: Puzzle, instance: Any, label: str, source: str, reading: Reading) -> Verdict:
    """The verdict on one reading: the moves as written, then the puzzle's other readings of them."""
    replay = puzzle.replay(instance, reading.moves)
    verdict = Verdict(
        puzzle.name,
        label,
        source,
        reading.notation,
        replay.valid and reading.stop is None,
        reading.moves,
        reports(puzzle).measures(instance, reading.moves),
        states=replay.states,
        pddl_plan=reading.pddl_plan,
    )
    if reading.stop is not None:
        verdict.failed_at = reading.stop.step
        verdict.message = f"plan step {reading.stop.step} {reading.stop.action}: {reading.stop.reason}"
    elif not replay.valid:
        verdict.failed_at = None if replay.failed_at is None else replay.failed_at + 1
        verdict.message = replay.reason
        _try_others(verdict, _others(puzzle, instance, reading))
    verdict.state_text = reports(puzzle).show(instance, verdict.states[-1]) if verdict.states else ""
    return verdict


def _try_others(verdict: Verdict, others: list[tuple[str, Replay]]) -> None:
    """Try the puzzle's other readings of moves that do not replay as written: the first valid one makes the
    verdict valid (its meaning said); those tried before it are listed."""
    for meaning, other in others:
        if other.valid:
            verdict.valid, verdict.meaning, verdict.states = True, meaning, other.states
            verdict.message, verdict.failed_at = "", None
            return
        verdict.also_tried.append(f"{meaning}: {other.reason}")


def _others(puzzle: Puzzle, instance: Any, reading: Reading) -> list[tuple[str, Replay]]:
    """The puzzle's other readings of the moves (none for PDDL plans, whose meaning is the encoding's)."""
    return [] if reading.pddl_plan is not None else notation(puzzle).other_readings(instance, reading.moves)


def _failures(verdict: Verdict) -> list[str]:
    """How a reading that was not chosen fared (it was not valid), for the `also tried` lines."""
    return [f"as {verdict.notation}: {verdict.message}"] + [
        f"as {verdict.notation}, {line}" for line in verdict.also_tried
    ]


def plan_task(tasks: list[PddlTask], plan: list[GroundAction]) -> PddlTask:
    """Of a puzzle's encodings, the first whose domain declares every action of the plan with its arity
    (a plan from fd-opt on sokoban-pushes uses the push-costs domain); the first encoding otherwise."""
    from puzzleplan.translator.pddl.task import action_arities

    used = {(name, len(args)) for name, args in plan}
    return next((task for task in tasks if used <= set(action_arities(task).items())), tasks[0])


def validate_pddl(task: PddlTask, plan: list[GroundAction]) -> tuple[bool | None, str]:
    """Check a sequential plan against a PDDL task with unified-planning's plan validator."""
    from puzzleplan.api.pddl_check import validate_with_up

    return validate_with_up(task, plan)


# -- how far from optimal ----------------------------------------------------------------------------------
def compare_with_optimum(puzzle: Puzzle, instance: Any, label: str, measures: dict[str, int], limits: Limits) -> dict:
    """Run the puzzle's optimal planner (native-astar, or what the puzzle aliases it to) and say whether
    the plan is optimal in the puzzle's optimal measure, and by how much it is longer."""
    from puzzleplan.api.pipeline import solve

    report = solve(puzzle, instance, label, "native-astar", limits)
    measure = reports(puzzle).optimal_measure
    planner = search_help(puzzle).planner_aliases.get("native-astar", "native-astar")
    if report.status is not Status.SOLVED or not report.optimal or not report.valid:
        return no_optimum(planner, measure, report.status.value, report.message)
    optimum = reports(puzzle).measures(instance, report.moves)[measure]
    return comparison(planner, measure, measures[measure], optimum)


def no_optimum(planner: str, measure: str, status: str, message: str) -> dict:
    """The JSON of a comparison the planner could not make: how its run ended, and why."""
    return {"planner": planner, "status": status, "measure": measure, "message": message}


def comparison(planner: str, measure: str, length: float, optimum: float) -> dict:
    """The JSON of a comparison between a plan's length and the optimum."""
    return {
        "planner": planner,
        "status": "solved",
        "measure": measure,
        "optimum": optimum,
        "length": length,
        "excess": length - optimum,
        "is_optimal": length == optimum,
    }
