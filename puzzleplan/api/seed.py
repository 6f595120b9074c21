"""The printouts that the original assignment texts prescribe (`--format seed`), byte for byte where a text
shows them: a state's successors, a solve's result, and Bloxorz's board and start as its text prints and
checks them. One small printer per puzzle whose text prescribes a printout; the puzzles' own formats
(Sokoban's integer lists and XSB, Bloxorz's notation and level checks, SHRDLU's figures) live in their
translator modules. docs/<puzzle>.md, "For the course", says which command reproduces which part of each
text."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from puzzleplan.api import Instance
from puzzleplan.api.pipeline import Report
from puzzleplan.common.errors import InputError

Pairs = list[tuple[Any, Any]]
"""(move, the state it leads to), as Instance.successors gives them."""

STRATEGIES = {
    "native-bfs": ("Breadth First Search", "BFS"),
    "native-dfs": ("Depth First Search", "DFS"),
    "native-astar": ("A* Search", "A*"),
}
"""Planner -> (the strategy's name, its short name) in the Bloxorz text's printout."""


def strategy(planner: str) -> tuple[str, str]:
    """The strategy's name and short name for a planner (native-astar:NAME is A*; others by their name)."""
    return STRATEGIES.get(planner.split(":")[0], (planner, planner))


# -- successors ----------------------------------------------------------------------------------------
def sokoban_next_states(puzzle: Any, instance: Any, state: Any, pairs: Pairs) -> str:
    """Seed 002's (next-states s): the states as integer lists, in the order up, right, down, left, laid
    out as the text's examples are (a space after the first two parentheses, one state a line)."""
    from puzzleplan.translator.sokoban.level import render_integers

    ordered = sorted(pairs, key=lambda pair: "urdl".index(pair[0].lower()))
    states = [render_integers(instance, child).strip().replace("\n", "") for _, child in ordered]
    if not states:
        return "NIL\n"
    return "(( " + "\n  ".join(states)[1:] + ")\n"


def sbp_all_moves(puzzle: Any, instance: Any, state: Any, pairs: Pairs) -> str:
    """Seed 004's allMoves and applyMoveCloning: each move, `(2,left)`, then the state it leads to in the
    `w,h,` format (moves by piece, then up, down, left, right)."""
    return "".join(f"{puzzle.format_move(move)}\n{puzzle.show(instance, child)}\n" for move, child in pairs)


def shrdlu_next_states(puzzle: Any, instance: Any, state: Any, pairs: Pairs) -> str:
    """Seed 000's legal actions, `(2, 0)`, each with its next state as Figures 3 and 4 draw it."""
    from puzzleplan.translator.shrdlu.board import render_figure

    return "".join(f"{puzzle.format_move(move)}\n{render_figure(child)}" for move, child in pairs)


def bloxorz_transitions(puzzle: Any, instance: Any, state: Any, pairs: Pairs) -> str:
    """Seed 001's transition model: `(In(Bloxorz[2,2,2,2]), Right) gives In(Bloxorz[2,3,2,4])`, in the
    order Left, Right, Up, Down."""
    from puzzleplan.translator.bloxorz.puzzle import notation

    return "".join(
        f"(In({notation(instance, state)}), {puzzle.format_move(move).title()}) gives In({notation(instance, child)})\n"
        for move, child in pairs
    )


SUCCESSORS: dict[str, Callable[[Any, Any, Any, Pairs], str]] = {
    "sokoban": sokoban_next_states,
    "sokoban-pushes": sokoban_next_states,
    "sbp": sbp_all_moves,
    "shrdlu": shrdlu_next_states,
    "bloxorz": bloxorz_transitions,
}
"""Puzzle -> the printer of `successors --format seed`."""


def seed_successors(inst: Instance, state: Any, pairs: Pairs) -> str:
    """The text's printout of the successors of `state`; InputError when the puzzle's text prescribes none."""
    require_printout("successors", inst.name)
    return SUCCESSORS[inst.name](inst.puzzle, inst.data, state, pairs)


# -- solve ---------------------------------------------------------------------------------------------
def sbp_result(puzzle: Any, instance: Any, report: Report) -> str:
    """Seed 004's BFS/DFS result: the moves one a line, `(2,left)`, the final state in the `w,h,` format,
    then the nodes explored, the search time and the solution's length."""
    moves = "".join(puzzle.format_move(move) + "\n" for move in report.moves)
    explored = report.expanded if report.expanded is not None else f"not counted by {report.planner}"
    return (
        f"{moves}{puzzle.show(instance, report.states[-1])}\n"
        f"nodes explored: {explored}\n"
        f"time: {report.time.get('search', 0.0):.3f} s\n"
        f"solution length: {len(report.moves)}\n"
    )


def sokoban_printstates(puzzle: Any, instance: Any, report: Report) -> str:
    """Seed 002's (printstates (a* ...)): every state of the solution path in Table 1's ASCII, a blank line
    after each."""
    from puzzleplan.translator.sokoban.level import render_xsb

    return "".join(render_xsb(instance, state).rstrip("\n") + "\n\n" for state in report.states)


def shrdlu_plan(puzzle: Any, instance: Any, report: Report) -> str:
    """Seed 000's plan: the initial state as Figure 3 draws it, then each action, `(2, 0)`, with the state
    after it (Figure 4)."""
    from puzzleplan.translator.shrdlu.board import render_figure

    steps = (f"{puzzle.format_move(m)}\n{render_figure(s)}" for m, s in zip(report.moves, report.states[1:]))
    return render_figure(report.states[0]) + "".join(steps)


def bloxorz_steps(puzzle: Any, instance: Any, report: Report) -> str:
    """Seed 001's step-by-step printout after the search: Step ( n ), where the block goes, the board, and
    the closing line naming the strategy."""
    short = strategy(report.planner)[1]
    return puzzle.show_steps(instance, report.moves, report.states) + f" using {short}\n"


SOLVE: dict[str, Callable[[Any, Any, Report], str]] = {
    "sbp": sbp_result,
    "sokoban": sokoban_printstates,
    "sokoban-pushes": sokoban_printstates,
    "shrdlu": shrdlu_plan,
    "bloxorz": bloxorz_steps,
}
"""Puzzle -> the printer of `solve --format seed`."""


def seed_solution(inst: Instance, report: Report) -> str:
    """The text's printout of a solved instance's result; InputError when the puzzle's text prescribes none."""
    require_printout("solve", inst.name)
    return SOLVE[inst.name](inst.puzzle, inst.data, report)


# -- which texts prescribe which printout -----------------------------------------------------------------
WALKS = ("sbp",)
"""Puzzles whose text prescribes the random walk's printout (walk's default output is already that)."""

PRINTOUTS: dict[str, Collection[str]] = {"successors": SUCCESSORS, "solve": SOLVE, "walk": WALKS}
"""Command -> the puzzles whose text prescribes its printout."""


def require_printout(command: str, puzzle: str) -> None:
    """InputError unless the text of `puzzle` prescribes `command`'s printout (successors, solve, walk)."""
    names = PRINTOUTS[command]
    if puzzle not in names:
        raise InputError(
            f"{command} --format seed: the assignment text of {puzzle} prescribes no such printout; "
            f"puzzles that have one: {', '.join(sorted(names))}",
            "command line",
        )


# -- Bloxorz: the board and the start as its text prints and checks them --------------------------------------
def bloxorz_board(inst: Instance) -> str:
    """The board as seed 001 prints it: one `[1, 1, 0, ...]` row a line (1 a tile, 0 void, 9 the goal)."""
    return "\n".join("[" + ", ".join(row) + "]" for row in inst.data.grid)


def bloxorz_file_start(inst: Instance) -> tuple[int, int]:
    """x and y (from 1) of the file's start (its first cell when the block lies); InputError when the file
    gives none."""
    from puzzleplan.translator.bloxorz.level import need_start

    need_start(inst.data)
    row, col = inst.data.start[0]
    return col + 1, row + 1
