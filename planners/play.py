"""Host a puzzle in the terminal: the user types moves, asks for a hint or the whole solution."""

from __future__ import annotations

from planners.base import Limits, Status
from translator.errors import IllegalMove

HELP = "type a move, or: hint (next move of an optimal plan), solve (the whole plan), moves, undo, quit"


def play(puzzle, instance, planner: str, limits: Limits) -> int:
    """The interactive loop; returns 0 when the goal is reached, 1 when the user quits."""
    state, history = puzzle.initial(instance), []
    print(puzzle.show(instance, state))
    print(HELP)
    while not puzzle.is_goal(instance, state):
        try:
            line = input("move> ").strip()
        except EOFError:
            return 1
        if line in ("quit", "q", "exit"):
            return 1
        if line in ("hint", "solve"):
            moves = _plan_from(puzzle, instance, state, planner, limits)
            if moves is not None:
                shown = moves[:1] if line == "hint" else moves
                print(" ".join(puzzle.format_move(m) for m in shown) or "already solved")
            continue
        if line == "moves":
            print(", ".join(puzzle.format_move(m) for m in puzzle.moves(instance, state)))
            continue
        if line == "undo":
            state = history.pop() if history else state
            print(puzzle.show(instance, state))
            continue
        try:
            after = puzzle.apply(instance, state, puzzle.parse_move(line))
        except (ValueError, IllegalMove) as error:
            print(f"refused: {error}. {HELP}")
            continue
        history.append(state)
        state = after
        print(puzzle.show(instance, state))
    print(f"solved in {len(history)} moves")
    return 0


def _plan_from(puzzle, instance, state, planner: str, limits: Limits):
    """A plan from the current state, found by solving a copy of the instance that starts there."""
    from planners.pipeline import solve

    start = puzzle.restart(instance, state)
    report = solve(puzzle, start, "play", planner, limits)
    if report.status is not Status.SOLVED or not report.valid:
        print(f"no plan: {report.status.value} {report.message}")
        return None
    return report.moves
