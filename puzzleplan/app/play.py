"""Host a puzzle in the terminal: the user types moves, asks for a hint, the whole solution or the goal."""

from __future__ import annotations

from typing import Any

from puzzleplan.common.errors import IllegalMove
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.capabilities import notation, reports

COMMANDS = (
    ("MOVE", "play a move, e.g. {example}"),
    ("hint", "the next move of a plan from here"),
    ("solve", "a whole plan from here, one move a line"),
    ("moves", "the legal moves"),
    ("undo", "take the last move back"),
    ("show", "the board again"),
    ("goal", "what has to be reached"),
    ("help, ?", "this list"),
    ("quit", "stop (end of input stops too)"),
)


def help_text(puzzle, instance) -> str:
    """The commands, one a line, with an example move of this puzzle."""
    moves = list(puzzle.moves(instance, puzzle.initial(instance)))
    example = notation(puzzle).format_move(moves[0]) if moves else "a move"
    return "\n".join(f"  {name:<8} {text.format(example=example)}" for name, text in COMMANDS)


def play(puzzle, instance, planner: str, limits: Limits) -> int:
    """The interactive loop; 0 when the goal is reached, the user quits or the input ends."""
    state = puzzle.initial(instance)
    history: list[Any] = []
    print(reports(puzzle).show(instance, state))
    print("type a move, or help")
    while not puzzle.is_goal(instance, state):
        line = _next_line()
        if line is None:
            return 0
        if not line or _answer(line, puzzle, instance, state, planner, limits):
            continue
        if line == "undo":
            state = history.pop() if history else state
            print(reports(puzzle).show(instance, state))
            continue
        after = _moved(puzzle, instance, state, line)
        if after is not None:
            history.append(state)
            state = after
            print(reports(puzzle).show(instance, state))
    print(f"solved in {len(history)} moves")
    return 0


def _next_line() -> str | None:
    """The next line typed, stripped; None when the user quits or the input ends."""
    try:
        line = input("move> ").strip()
    except EOFError:
        print()
        return None
    return None if line in ("quit", "q", "exit") else line


def _answer(line: str, puzzle, instance, state, planner: str, limits: Limits) -> bool:
    """Answer a command that leaves the state as it is (help, goal, show, hint, solve, moves); False
    when the line is no such command."""
    answers = {
        "help": lambda: help_text(puzzle, instance),
        "?": lambda: help_text(puzzle, instance),
        "goal": lambda: reports(puzzle).describe_goal(instance),
        "show": lambda: reports(puzzle).show(instance, state),
        "hint": lambda: _planned(puzzle, instance, state, planner, limits, 1),
        "solve": lambda: _planned(puzzle, instance, state, planner, limits, None),
        "moves": lambda: ", ".join(notation(puzzle).format_move(m) for m in puzzle.moves(instance, state)),
    }
    if line not in answers:
        return False
    answer = answers[line]()
    if answer is not None:
        print(answer)
    return True


def _planned(puzzle, instance, state, planner: str, limits: Limits, count: int | None) -> str | None:
    """The first `count` moves (all for None) of a plan from here, one a line; None when there is no plan
    (why is printed)."""
    moves = _plan_from(puzzle, instance, state, planner, limits)
    if moves is None:
        return None
    return "\n".join(notation(puzzle).format_move(m) for m in moves[:count]) or "already solved"


def _moved(puzzle, instance, state, line: str) -> Any:
    """The state after the move written on the line; None (with the reason printed) when it is refused."""
    try:
        return puzzle.apply(instance, state, notation(puzzle).parse_move(line))
    except (ValueError, IllegalMove) as error:
        print(f"refused: {error} (help lists the commands)")
        return None


def _plan_from(puzzle, instance, state, planner: str, limits: Limits):
    """A plan from the current state, found by solving a copy of the instance that starts there."""
    from puzzleplan.api.pipeline import solve

    start = reports(puzzle).restart(instance, state)
    report = solve(puzzle, start, "play", planner, limits)
    if report.status is Status.TIMEOUT:  # the message names the --timeout, as `solve` says it
        print(f"no plan: {report.message}")
        return None
    if report.status is not Status.SOLVED or not report.valid:
        print(f"no plan: {report.status.value} {report.message}")
        return None
    return report.moves
