"""Search traces as one self-contained HTML page that plays them (search_page): for each trace the board of
the state being expanded (the puzzle's own drawing), its figures and children, the path from the start to
it, small charts of the frontier, the closed set and f (g for a blind search) with a cursor, a heat map of
the cells visited on a grid board and, at the end, the plan found. Two traces of one instance play in step,
side by side: the cursor is an expansion number, and each side shows its last expansion up to it. Nothing
is loaded from the network."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from html import escape
from typing import Any

from puzzleplan.common.trace import Expansion, Trace
from puzzleplan.pictures.charts import line_chart
from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.pictures.player import (
    PLAYER_SCRIPTS,
    board_data,
    board_tag,
    board_zoom,
    filled,
    html_page,
    page_json,
    resource,
)
from puzzleplan.pictures.scene import Scene, number
from puzzleplan.pictures.search_frames import (
    Frames,
    Links,
    children_text,
    frames_of,
    heat_of,
    planner_label,
    spelled,
)
from puzzleplan.translator.puzzle import Puzzle

SPEEDS = (1, 2, 5, 10, 20, 50)
"""The speeds (expansions a second) the page offers."""
CHARTS = (("frontier", "#1d3557"), ("closed", "#2a9d8f"), ("f", "#e63946"))
PATH_MOVES = 200
"""The most moves of a path the page holds (the last ones; of the plan, the first): a depth-first search's
paths run to thousands of moves."""


class Shown:
    """One trace as a page shows it: its frames (drawn), the parent links and its label."""

    def __init__(self, puzzle: Puzzle, instance: Any, trace: Trace) -> None:
        self.puzzle, self.instance, self.trace = puzzle, instance, trace
        self.links = Links.of(trace)
        self.frames: Frames = frames_of(puzzle, instance, trace)
        self.blind = all(expansion.f is None for expansion in trace.expansions)

    def value(self, name: str, expansion: Expansion) -> float:
        """A charted figure of an expansion (f, or g for a blind search)."""
        if name == "f":
            figure = expansion.g if self.blind else expansion.f
            return float(figure if figure is not None else 0)
        return float(getattr(expansion, name))

    def points(self, name: str) -> list[tuple[int, float]]:
        """A charted figure along the recorded expansions."""
        return [(expansion.index, self.value(name, expansion)) for expansion in self.trace.expansions]


def search_page(puzzle: Puzzle, instance: Any, traces: Sequence[Trace], title: str, summary: str = "") -> str:
    """The HTML page playing one trace, or two side by side in step."""
    if not traces or not all(trace.expansions for trace in traces):
        raise ValueError("a search page needs traces with recorded expansions")
    shown = [Shown(puzzle, instance, trace) for trace in traces]
    steps = sorted({step for run in shown for step in run.frames.steps})
    span = max(trace.expanded for trace in traces)
    tops = {name: max(max(value for _, value in run.points(name)) for run in shown) for name, _ in CHARTS}
    runs = [_run_data(run, steps) for run in shown]
    panels = "".join(_panel(number_, run, span, tops) for number_, run in enumerate(shown))
    data = {"steps": steps, "runs": runs, "speeds": list(SPEEDS), "speed": 10}
    marks = {"CONTROLS": resource("controls.html"), "RUNS": panels, "LEGEND": escape(_legend(puzzle, shown))}
    body = filled("search.html", marks | {"DATA": page_json(data)})
    summary = summary or " vs ".join(planner_label(trace) for trace in traces)
    return html_page(title, summary, "search.css", (*PLAYER_SCRIPTS, "search.js"), body)


def _legend(puzzle: Puzzle, shown: list[Shown]) -> str:
    """What the heat map counts, in words ('' for a board that is no grid)."""
    drawing = drawer_of(puzzle)
    if drawing.layout(shown[0].instance) is None:
        return ""
    return (
        f"Heat map: each state expanded visits {drawing.visited}; a cell is the redder the more of the recorded "
        "expansions up to the one shown visited it (side by side, both boards on one scale). Breadth-first search "
        "floods outward from the start; A* keeps to where the heuristic points."
    )


def _run_data(run: Shown, steps: list[int]) -> dict[str, Any]:
    """What the page's script reads of one trace: its counts, board frames, each frame's figures and path,
    the plan, the heat map and which frame each step of the page's cursor shows."""
    trace, frames = run.trace, run.frames
    labels: dict[str, int] = {}
    return {
        "name": planner_label(trace),
        "counts": _counts(trace, frames),
        "board": board_data(frames.scenes),
        "steps": frames.steps,
        "at": [max(0, bisect_right(frames.steps, step) - 1) for step in steps],
        "info": [_info(run, expansion) for expansion in frames.expansions] + _goal_info(run),
        "paths": [_path(run, state_id, labels) for state_id in _frame_states(run)],
        "plan": [spelled(run.puzzle, move) for move in trace.path_moves[:PATH_MOVES]],
        "plan_length": len(trace.path_moves),
        "labels": list(labels),
        "goal": frames.goal,
        "blind": run.blind,
        "heat": heat_of(drawer_of(run.puzzle), run.instance, trace.expansions, frames.steps),
    }


def _counts(trace: Trace, frames: Frames) -> dict[str, Any]:
    """A trace's exact counts and how much of it was recorded and shown."""
    return {
        "expanded": trace.expanded,
        "generated": trace.generated,
        "duplicates": trace.duplicates,
        "pruned": trace.pruned,
        "recorded": len(trace.expansions),
        "shown": len(frames.expansions),
        "sampled": trace.sampled,
        "record_limit": trace.record_limit,
        "sample_every": trace.sample_every,
    }


def _frame_states(run: Shown) -> list[int]:
    """The state each frame shows."""
    states = [expansion.state_id for expansion in run.frames.expansions]
    return states + [run.trace.path[-1]] if len(states) < len(run.frames.scenes) else states


def _info(run: Shown, expansion: Expansion) -> list[Any]:
    """One frame's figures: expansion index, state, parent, move, g, h, f, frontier, closed, children, and
    IDA*'s bound and iteration (None for another search)."""
    return [
        expansion.index,
        expansion.state_id,
        expansion.parent,
        spelled(run.puzzle, expansion.move),
        expansion.g,
        expansion.h,
        expansion.f,
        expansion.frontier,
        expansion.closed,
        children_text(run.puzzle, expansion),
        expansion.bound,
        expansion.iteration,
    ]


def _goal_info(run: Shown) -> list[list[Any]]:
    """The goal frame's figures, when the page adds one after the expansions."""
    if len(run.frames.expansions) == len(run.frames.scenes):
        return []
    goal = run.trace.path[-1]
    moves = run.trace.path_moves
    return [[run.trace.expanded, goal, run.links.parent.get(goal), spelled(run.puzzle, moves[-1]), len(moves)]]


def _path(run: Shown, state_id: int, labels: dict[str, int]) -> list[int]:
    """The path from the start to a state: 1 when it is known from the start (else 0: sampling lost a link),
    its length, then its last PATH_MOVES moves as numbers into the page's table of move labels."""
    path = run.links.path(state_id)
    start = run.trace.expansions[0].state_id
    kept = path[-PATH_MOVES:]
    moves = [labels.setdefault(spelled(run.puzzle, run.links.move.get(state)), len(labels)) for state in kept[1:]]
    return [1 if path[0] == start else 0, len(path) - 1, *moves]


def _panel(index: int, run: Shown, span: int, tops: dict[str, float]) -> str:
    """One trace's part of the page: its name and counts, the board with the heat map over it, the figures,
    the charts and the path."""
    first: Scene = run.frames.scenes[0]
    zoom = board_zoom(first)
    size = f'width="{number(first.width * zoom)}" height="{number(first.height * zoom)}"'
    box = f'viewBox="0 0 {number(first.width)} {number(first.height)}"'
    heat = f'<svg class="heat" id="heat-{index}" {size} {box}></svg>'
    charts = "".join(
        line_chart(_chart_name(name, run.blind), run.points(name), span, tops[name], colour) for name, colour in CHARTS
    )
    return (
        f'<section class="run" id="run-{index}"><h2>{escape(planner_label(run.trace))}</h2>'
        f'<p class="counts" id="counts-{index}"></p><p class="sampled" id="sampled-{index}"></p>{_note(run.trace)}'
        f'<div class="boardbox">{board_tag(first, f"board-{index}")}{heat}</div>'
        f'<p class="status" id="status-{index}"></p><p class="children" id="children-{index}"></p>'
        f'<p class="heat-total" id="heat-total-{index}"></p><div class="charts">{charts}</div>'
        f'<div class="path" id="path-{index}"></div></section>'
    )


def _note(trace: Trace) -> str:
    """What the trace leaves out, said under its counts ('' when it holds the whole search)."""
    if not trace.note:
        return ""
    counted = f"{trace.unrecorded:,} expansions not recorded. " if trace.unrecorded else ""
    return f'<p class="note">{escape(counted + trace.note)}</p>'


def _chart_name(name: str, blind: bool) -> str:
    """A chart's caption word: frontier, closed, f, or g for a blind search."""
    return "g" if name == "f" and blind else name
