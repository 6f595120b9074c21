"""Plan notations: the ways of writing a whole plan that `validate` reads, and the reading that tries them.

Every puzzle reads, besides its own notations (Notated.notations(), tried in the order given):

- JSON: the object that `solve --json` and `validate --json` print (its `moves` list) or a bare JSON list
  of moves, each move as Notated.move_json writes it (read back by Notated.move_from_json);
- IPC PDDL plans of the puzzle's encodings (`(action arg ...)` a line), decoded to native moves;
- the printout of `solve` (its numbered moves, with or without --show).

A puzzle's own notation is a Notation: a name, a reader from the whole text to moves (InputError naming
the line where the text leaves the notation) and, for notations this project prints, a writer. Most are
one move a line; move_lines() builds those from a reader of one line. A new puzzle declares its notations
by declaring the Notated capability (puzzleplan.translator.capabilities) and overriding notations(); the
default is format_move's spelling, one move a line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from puzzleplan.common.errors import IllegalStep, InputError, quote
from puzzleplan.translator import capabilities
from puzzleplan.translator.pddl.task import GroundAction, action_arities, atom, example_step, read_plan
from puzzleplan.translator.spelling import STEP_NUMBER, Notation, move_lines

Puzzle = Any
"""A puzzleplan.translator.puzzle.Puzzle (not imported: the puzzle module imports this one)."""

__all__ = ["STEP_NUMBER", "Notation", "Reading", "Stop", "move_lines", "read_every_way", "read_moves"]


# -- the readings every puzzle has -----------------------------------------------------------------------------
def json_notation(puzzle: Puzzle) -> Notation:
    """The moves of `solve --json` / `validate --json` output, or a bare JSON list of moves."""

    def read(text: str, source: str) -> list[Any]:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InputError(f"not JSON: {error.msg}", source, error.lineno, error.colno) from None
        if isinstance(data, dict):
            if not isinstance(data.get("moves"), list):
                raise InputError("a JSON object without a list of 'moves'", source, 1)
            data = data["moves"]
        if not isinstance(data, list):
            raise InputError("expected a JSON list of moves or an object with a 'moves' list", source, 1)
        moves = []
        for index, value in enumerate(data, start=1):
            try:
                moves.append(capabilities.notation(puzzle).move_from_json(value))
            except ValueError as error:
                shown = quote(json.dumps(value))
                raise InputError(f"move {index} of the JSON list, {shown}: {error}", source) from None
        return moves

    def write(moves: list[Any]) -> str:
        return json.dumps({"moves": [capabilities.notation(puzzle).move_json(move) for move in moves]}) + "\n"

    return Notation("JSON", read, write)


SOLVE_HEADER = re.compile(r"^(\S+) .* with \S+: solved\b")


def solve_output_notation(puzzle: Puzzle) -> Notation:
    """The printout of `puzzleplan solve` (with or without --show): its numbered moves."""

    def read(text: str, source: str) -> list[Any]:
        lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
        header = SOLVE_HEADER.match(lines[0][1]) if lines else None
        if not header or header.group(1) != puzzle.name:
            raise InputError(f"expected the first line of `puzzleplan solve {puzzle.name} ...` output", source, 1)
        moves = []
        for number, line in lines[1:]:
            if STEP_NUMBER.match(line):
                try:
                    moves.append(capabilities.notation(puzzle).parse_move(STEP_NUMBER.sub("", line).strip()))
                except ValueError as error:
                    raise InputError(f"found {quote(line.strip())}: {error}", source, number) from None
        return moves

    return Notation("the printout of solve", read)


# -- PDDL plans ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Stop:
    """A PDDL plan step that has no legal native meaning where it is made."""

    step: int
    """1-based number of the step in the PDDL plan."""
    action: str
    reason: str


def read_pddl(
    puzzle: Puzzle, instance: Any, text: str, source: str
) -> tuple[list[GroundAction], list[Any], Stop | None]:
    """An IPC plan of one of the puzzle's encodings: (the PDDL steps, their native moves up to the first step
    that has none, that step). InputError when the text is not such a plan: a line that is not
    `(action arg ...)`, or an action that no encoding of the puzzle declares with that many arguments."""
    example = partial(_example_step, puzzle, instance)
    plan = read_plan(text, source, example)
    if not plan:
        raise InputError(f"no plan step such as '{example()}'", source)
    declared = _declared_actions(puzzle, instance)
    lines = [number for number, raw in enumerate(text.splitlines(), start=1) if raw.split(";", 1)[0].strip()]
    for (name, args), number in zip(plan, lines):
        if (name, len(args)) not in declared:
            known = ", ".join(sorted({f"{action}/{arity}" for action, arity in declared}))
            raise InputError(
                f"{atom(name, *args)} is not an action of the {puzzle.name} encoding (its actions: {known})",
                source,
                number,
            )
    moves, stop = decode_until_stuck(puzzle, instance, plan)
    return plan, moves, stop


def _example_step(puzzle: Puzzle, instance: Any) -> str:
    """A plan step of the puzzle's own encoding of the instance, for error messages: `(move ?from ?to ?dir)`."""
    return example_step(capabilities.encodings_of(puzzle).encodings(instance)[0].domain)


def _declared_actions(puzzle: Puzzle, instance: Any) -> set[tuple[str, int]]:
    """(action, number of arguments) of every action of the puzzle's encodings of the instance."""
    return {
        declared
        for task in capabilities.encodings_of(puzzle).encodings(instance)
        for declared in action_arities(task).items()
    }


def decode_until_stuck(puzzle: Puzzle, instance: Any, plan: list[GroundAction]) -> tuple[list[Any], Stop | None]:
    """The native moves of the longest prefix of `plan` that decodes, and the step that does not (None when
    every step does). Decoders stop at the first step with no legal meaning, so the failing step is found
    by bisection over prefixes."""
    try:
        return puzzle.decode(instance, plan), None
    except InputError as error:
        failure = error
    good, bad = 0, len(plan)  # decode(plan[:good]) works, decode(plan[:bad]) fails
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            puzzle.decode(instance, plan[:middle])
            good = middle
        except InputError as error:
            bad, failure = middle, error
    name, args = plan[bad - 1]
    reason = failure.reason if isinstance(failure, IllegalStep) else failure.message
    return puzzle.decode(instance, plan[:good]), Stop(bad, atom(name, *args), reason)


# -- reading a plan every way --------------------------------------------------------------------------------
@dataclass
class Reading:
    """A plan file read one way: the notation, the native moves, and for a PDDL plan its steps and the
    first step without a legal native meaning."""

    notation: str
    moves: list[Any]
    pddl_plan: list[GroundAction] | None = None
    stop: Stop | None = None


def _read_as(notation: Notation, text: str, source: str) -> Reading:
    """The plan read in one notation."""
    return Reading(notation.name, notation.read(text, source))


def read_every_way(puzzle: Puzzle, instance: Any, text: str, source: str) -> tuple[list[Reading], list[str]]:
    """Every reading of a plan file that fits, in the order tried (JSON, PDDL, the puzzle's notations, the
    printout of solve), readings with the same moves kept once; and for each reading that does not fit,
    `as NAME: where and why`."""
    found: list[Reading] = []
    failures: list[str] = []

    def attempt(name: str, read: Callable[[], Reading]) -> None:
        try:
            reading = read()
        except InputError as error:
            where = f"line {error.line}: " if error.line is not None else ""
            failures.append(f"as {name}: {where}{error.message}")
            return
        if all(reading.moves != other.moves or reading.stop != other.stop for other in found):
            found.append(reading)

    def pddl() -> Reading:
        plan, moves, stop = read_pddl(puzzle, instance, text, source)
        return Reading("a PDDL plan", moves, plan, stop)

    first = json_notation(puzzle)
    attempt(first.name, partial(_read_as, first, text, source))
    attempt("a PDDL plan", pddl)
    for notation in [*capabilities.notation(puzzle).notations(), solve_output_notation(puzzle)]:
        attempt(notation.name, partial(_read_as, notation, text, source))
    return found, failures


def read_moves(puzzle: Puzzle, instance: Any, text: str, source: str) -> list[Reading]:
    """The readings of a plan file that fit; InputError saying how each reading failed when none does."""
    found, failures = read_every_way(puzzle, instance, text, source)
    if not found:
        tried = "; ".join(failures)
        raise InputError(f"cannot read the plan as any {puzzle.name} notation. Tried {tried}", source)
    return found
