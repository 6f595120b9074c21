"""Watching a search: a search trace (or two of one instance, side by side) as a self-contained HTML page,
written to a file with the traces' JSON Lines files beside it, or shown in a notebook; and the runs that make
the traces."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeGuard

from puzzleplan.api.trace_files import write_trace
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import write_file
from puzzleplan.common.trace import Trace
from puzzleplan.translator.puzzle import Puzzle


class Board(Protocol):
    """An instance as the pages take it (an Instance is one): the puzzle, its data, its name and label."""

    @property
    def puzzle(self) -> Puzzle: ...

    @property
    def data(self) -> Any: ...

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> str: ...


FRAME_HEIGHT = 1100
"""Pixels high a page is shown in a notebook (its iframe)."""


def search_html(inst: Board, traces: Sequence[Trace], title: str = "") -> str:
    """The page playing one trace, or two of the same instance side by side in step: a Graphplan trace shows
    its planning graph level by level and its backward search, any other the boards of its expansions."""
    if len(traces) not in (1, 2):
        raise InputError(f"a search page shows one or two traces, not {len(traces)}", "traces")
    title = title or f"{inst.name}: {inst.label}"
    if any(trace.levels for trace in traces):
        return graph_html(traces[0] if traces[0].levels else traces[1], title)
    if not all(trace.expansions for trace in traces):
        raise InputError("a trace without recorded expansions has no search to show", "traces")
    from puzzleplan.pictures.search_page import search_page

    return search_page(inst.puzzle, inst.data, traces, title)


def graph_html(trace: Trace, title: str) -> str:
    """The page of a Graphplan trace: its planning graph level by level and its backward search (no
    instance needed: a trace of plain PDDL files has none)."""
    if not trace.levels:
        raise InputError("a trace without planning graph levels is no Graphplan trace", "trace")
    from puzzleplan.pictures.graph_page import graph_page

    return graph_page([trace], title)


def write_graph_page(trace: Trace, path: str | os.PathLike[str], *, title: str = "") -> dict[str, Any]:
    """Write the page of a Graphplan trace (of a puzzle or of plain PDDL: puzzleplan.plan(..., trace=True))
    at `path` (an .html file); what was written, as write_search_page says it."""
    page = check_page_file(path, "page")
    started = time.perf_counter()
    write_file(page, graph_html(trace, title or trace.planner))
    return {"file": str(page), "bytes": page.stat().st_size, "seconds": round(time.perf_counter() - started, 3)}


def watchable(trace: Trace | None) -> TypeGuard[Trace]:
    """Whether a run's trace has a search to show: expansions recorded, or Graphplan's levels."""
    return trace is not None and bool(trace.expansions or trace.levels)


def write_search_page(inst: Board, trace: Trace, path: str | os.PathLike[str], *, title: str = "") -> dict[str, Any]:
    """Write the search player of one trace at `path` (an .html file); what was written: "file", "bytes"
    and "seconds"."""
    return _write_page(inst, [trace], path, title)


def write_side_by_side(
    inst: Board, traces: Sequence[Trace], path: str | os.PathLike[str], *, title: str = ""
) -> dict[str, Any]:
    """Write one page playing two traces of the same instance in step (say native-bfs and native-astar) at
    `path` (an .html file); what was written, as write_search_page says it."""
    if len(traces) != 2:
        raise InputError(f"a side-by-side page shows two traces, not {len(traces)}", "traces")
    return _write_page(inst, traces, path, title)


def check_page_file(path: str | os.PathLike[str], option: str = "--trace") -> Path:
    """The path of a page to write, checked before any work is done: InputError unless it ends in .html."""
    page = Path(path)
    if page.suffix.lower() != ".html":
        why = "expected a file ending in .html (the page; its traces go beside it)"
        raise InputError(f"{option} {page}: {why}", "command line")
    return page


def _write_page(inst: Board, traces: Sequence[Trace], path: str | os.PathLike[str], title: str) -> dict[str, Any]:
    """Write a search page; what was written."""
    page = check_page_file(path, "page")
    started = time.perf_counter()
    write_file(page, search_html(inst, traces, title))
    return {"file": str(page), "bytes": page.stat().st_size, "seconds": round(time.perf_counter() - started, 3)}


def trace_files(page: str | os.PathLike[str], traces: Sequence[Trace]) -> list[Path]:
    """Where the trace files of a page go, beside it: `search.html` -> `search.jsonl` for one trace,
    `search.native-bfs.jsonl` and `search.native-astar.jsonl` for two (the planner's name made a file name)."""
    page = Path(page)
    if len(traces) == 1:
        return [page.with_suffix(".jsonl")]
    names = [_file_word(trace.planner + _heuristic_word(trace)) for trace in traces]
    if len(set(names)) < len(names):
        names = [f"{name}-{number}" for number, name in enumerate(names, start=1)]
    return [page.with_name(f"{page.stem}.{name}.jsonl") for name in names]


def _heuristic_word(trace: Trace) -> str:
    """A heuristic's part of a trace file's name: `-NAME`, none for the default one or one the planner's name
    already says."""
    heuristic = trace.heuristic
    return f"-{heuristic}" if heuristic and heuristic != "default" and heuristic not in trace.planner else ""


def _file_word(name: str) -> str:
    """A planner's name as part of a file name (characters other than letters, digits, - and _ made -)."""
    return "".join(char if char.isalnum() or char in "-_" else "-" for char in name)


@dataclass
class SearchView:
    """Searches to watch: the instance and the traces of its runs (and the runs' reports, when watch() made
    them); shown in a notebook as the search player, written with save()."""

    inst: Board
    traces: list[Trace]
    reports: list[Any] = field(default_factory=list)

    def html(self) -> str:
        """The page."""
        return search_html(self.inst, self.traces)

    def save(self, path: str | os.PathLike[str]) -> dict[str, Any]:
        """Write the page at `path` (.html) and each trace's JSON Lines file beside it; what was written,
        with "traces": the trace files."""
        written = _write_page(self.inst, self.traces, path, "")
        files = trace_files(path, self.traces)
        for trace, file in zip(self.traces, files):
            write_trace(trace, file, self.inst)
        return dict(written, traces=[str(file) for file in files])

    def _repr_html_(self) -> str:
        """The player in a notebook: the page in an iframe of its own."""
        return framed(self.html())


def framed(page: str, height: int = FRAME_HEIGHT) -> str:
    """A whole HTML page as a notebook shows it: in an iframe of its own (its script and style kept apart)."""
    from html import escape

    return (
        f'<iframe srcdoc="{escape(page, quote=True)}" style="width: 100%; height: {height}px; border: 0" '
        'title="puzzleplan player"></iframe>'
    )
