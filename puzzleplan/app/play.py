"""Host a puzzle in the terminal: the user types moves, asks for a hint, the whole solution or the goal."""

from __future__ import annotations

from typing import Any

from puzzleplan import api
from puzzleplan.common.errors import IllegalMove
from puzzleplan.common.limits import Limits

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


def help_text(inst: api.Instance) -> str:
    """The commands, one a line, with an example move of this puzzle."""
    moves = inst.moves()
    example = inst.format_move(moves[0]) if moves else "a move"
    return "\n".join(f"  {name:<8} {text.format(example=example)}" for name, text in COMMANDS)


def play(inst: api.Instance, planner: str, limits: Limits) -> int:
    """The interactive loop; 0 when the goal is reached, the user quits or the input ends."""
    state = inst.initial
    history: list[Any] = []
    print(inst.show(state))
    print("type a move, or help")
    while not inst.is_goal(state):
        line = _next_line()
        if line is None:
            return 0
        if not line or _answer(line, inst, state, planner, limits):
            continue
        if line == "undo":
            state = history.pop() if history else state
            print(inst.show(state))
            continue
        after = _moved(inst, state, line)
        if after is not None:
            history.append(state)
            state = after
            print(inst.show(state))
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


def _answer(line: str, inst: api.Instance, state: Any, planner: str, limits: Limits) -> bool:
    """Answer a command that leaves the state as it is (help, goal, show, hint, solve, moves); False
    when the line is no such command."""
    answers = {
        "help": lambda: help_text(inst),
        "?": lambda: help_text(inst),
        "goal": inst.describe_goal,
        "show": lambda: inst.show(state),
        "hint": lambda: _planned(inst, state, planner, limits, 1),
        "solve": lambda: _planned(inst, state, planner, limits, None),
        "moves": lambda: ", ".join(inst.format_move(move) for move in inst.moves(state)),
    }
    if line not in answers:
        return False
    answer = answers[line]()
    if answer is not None:
        print(answer)
    return True


def _planned(inst: api.Instance, state: Any, planner: str, limits: Limits, count: int | None) -> str | None:
    """The first `count` moves (all for None) of a plan from here, one a line; None when there is no plan
    (why is printed)."""
    moves = _plan_from(inst, state, planner, limits)
    if moves is None:
        return None
    return "\n".join(inst.format_move(move) for move in moves[:count]) or "already solved"


def _moved(inst: api.Instance, state: Any, line: str) -> Any:
    """The state after the move written on the line; None (with the reason printed) when it is refused."""
    try:
        return inst.apply(state, inst.read_move(line))
    except (ValueError, IllegalMove) as error:
        print(f"refused: {error} (help lists the commands)")
        return None


def _plan_from(inst: api.Instance, state: Any, planner: str, limits: Limits) -> list[Any] | None:
    """A plan from the current state: the instance solved from there."""
    report = api.solve(inst, planner, start=state, limits=limits)
    if report.status is api.Status.TIMEOUT:  # the message names the --timeout, as `solve` says it
        print(f"no plan: {report.message}")
        return None
    if report.status is not api.Status.SOLVED or not report.valid:
        print(f"no plan: {report.status.value} {report.message}")
        return None
    return report.moves
