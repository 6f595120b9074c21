"""What a search player shows of one trace: the expansions it keeps as frames (every recorded one up to
FRAMES, else an even sample with the first and the last), each drawn with the puzzle's own drawing, the
figures of each (g, h, f, frontier, closed, its children), the parent links that give the path from the start
to any state shown, the heat map of the cells the recorded expansions visited and, at the end, the plan."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzleplan.common.trace import Expansion, Trace
from puzzleplan.pictures.drawing import Drawing
from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.pictures.scene import Scene
from puzzleplan.translator.capabilities import notation
from puzzleplan.translator.puzzle import Puzzle

FRAMES = 300
"""The most boards a page keeps of one trace: a longer trace is shown by an even sample of its expansions
(the counts, charts and heat map still cover every recorded expansion)."""


def picked(count: int, most: int = FRAMES) -> list[int]:
    """Indices of `count` items that a page keeps: all of them when there are at most `most`, else `most`
    spread evenly, the first and the last always."""
    if count <= most:
        return list(range(count))
    return sorted({round(number * (count - 1) / (most - 1)) for number in range(most)})


def planner_label(trace: Trace) -> str:
    """The planner and, when it has one, its heuristic: `native-astar (manhattan)`."""
    return trace.planner + (f" ({trace.heuristic})" if trace.heuristic and trace.heuristic not in trace.planner else "")


@dataclass
class Links:
    """What is known of the states a trace names: each one's parent and the move from it, from the
    recorded expansions and the children they generated."""

    parent: dict[int, int | None]
    move: dict[int, Any]

    @classmethod
    def of(cls, trace: Trace) -> Links:
        """The links a trace records (a child's first parent is kept: the one the search kept; the plan's
        path as the trace gives it)."""
        parent: dict[int, int | None] = {}
        move: dict[int, Any] = {}
        for expansion in trace.expansions:
            parent.setdefault(expansion.state_id, expansion.parent)
            move.setdefault(expansion.state_id, expansion.move)
        for expansion in trace.expansions:
            for child in expansion.children:
                if child.state_id is not None and child.outcome in ("new", "reopened"):
                    parent.setdefault(child.state_id, expansion.state_id)
                    move.setdefault(child.state_id, child.move)
        for before, after, step in zip(trace.path, trace.path[1:], trace.path_moves):
            parent[after], move[after] = before, step
        return cls(parent, move)

    def path(self, state_id: int) -> list[int]:
        """The states from the start (or the earliest known ancestor, when sampling lost the link) to
        `state_id`."""
        path, seen = [state_id], {state_id}
        while (up := self.parent.get(path[-1])) is not None and up not in seen:
            path.append(up)
            seen.add(up)
        return path[::-1]


@dataclass
class Frames:
    """The frames a page shows of one trace: the expansions kept (and the goal state after them, when the
    search found a plan) with their scenes."""

    expansions: list[Expansion]
    scenes: list[Scene]
    steps: list[int]
    """The expansion index of each frame (the goal frame: the number of expansions)."""
    goal: bool
    """Whether the last frame is the goal state of the plan found."""


def frames_of(puzzle: Puzzle, instance: Any, trace: Trace, most: int = FRAMES) -> Frames:
    """The expansions a page keeps of a trace, drawn, and the goal state after them when the trace has a plan
    whose last state is not among them."""
    drawing = drawer_of(puzzle)
    kept = [trace.expansions[index] for index in picked(len(trace.expansions), most)]
    scenes = [drawing.scene(instance, expansion.state, expansion.move) for expansion in kept]
    steps = [expansion.index for expansion in kept]
    if _ends_on_goal(kept, trace) or not trace.path:
        return Frames(kept, scenes, steps, bool(trace.path))
    goal = _goal_state(puzzle, instance, trace)
    if goal is None:
        return Frames(kept, scenes, steps, False)
    scenes.append(drawing.scene(instance, goal, trace.path_moves[-1] if trace.path_moves else None))
    return Frames(kept, scenes, steps + [trace.expanded], True)


def _ends_on_goal(kept: list[Expansion], trace: Trace) -> bool:
    """Whether the last frame kept is the plan's last state."""
    return bool(kept) and bool(trace.path) and kept[-1].state_id == trace.path[-1]


def _goal_state(puzzle: Puzzle, instance: Any, trace: Trace) -> Any:
    """The plan's last state: recorded when it was expanded, else found by following the path's moves from
    the start with the puzzle's successors, else (a push search's moves are walks and pushes) by replaying
    the plan; None when neither can."""
    recorded = {expansion.state_id: expansion.state for expansion in trace.expansions}
    if trace.path[-1] in recorded:
        return recorded[trace.path[-1]]
    state = trace.start
    for move in trace.path_moves:
        following = dict(puzzle.successors(instance, state))
        if move not in following:
            return _replayed(puzzle, instance, trace.plan)
        state = following[move]
    return state


def _replayed(puzzle: Puzzle, instance: Any, plan: list[Any]) -> Any:
    """The state after a plan of native moves from the instance's start (Puzzle.replay); None when a move is
    illegal."""
    replay = puzzle.replay(instance, plan)
    return None if replay.failed_at is not None else replay.states[-1]


def spelled(puzzle: Puzzle, move: Any) -> str:
    """A move in the puzzle's notation ('' for none)."""
    return "" if move is None else notation(puzzle).format_move(move)


def children_text(puzzle: Puzzle, expansion: Expansion) -> str:
    """The children an expansion generated, each move with what became of it: `R new, L duplicate (closed)`."""
    parts = []
    for child in expansion.children:
        why = f" ({child.reason})" if child.reason else ""
        parts.append(f"{spelled(puzzle, child.move)} {child.outcome}{why}")
    return ", ".join(parts) or "no children"


def heat_of(
    drawing: Drawing, instance: Any, expansions: Sequence[Expansion], steps: Sequence[int]
) -> dict[str, Any] | None:
    """The heat map's data: the cells visited (x, y of their corners), the cell size, and for each frame the
    visits made since the frame before ([cell, count, ...]) by the recorded expansions up to its step, and
    how many recorded expansions that is; None for a board that is no grid."""
    grid = drawing.layout(instance)
    if grid is None:
        return None
    cells: dict[tuple[int, int], int] = {}
    deltas: list[list[int]] = []
    counted_up_to: list[int] = []
    position = 0
    for step in steps:
        counted: Counter[int] = Counter()
        while position < len(expansions) and expansions[position].index <= step:
            for cell in drawing.visits(instance, expansions[position].state):
                counted[cells.setdefault(cell, len(cells))] += 1
            position += 1
        deltas.append([value for cell, count in sorted(counted.items()) for value in (cell, count)])
        counted_up_to.append(position)
    corners = [list(grid.corner(*cell)) for cell in cells]
    return {"cells": corners, "size": grid.size, "visits": deltas, "expansions": counted_up_to}
