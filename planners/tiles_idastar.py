"""IDA* for the sliding-tile puzzle with additive pattern databases (Korf 1985; Korf & Felner 2002).

Memory-lean: a depth-first search below a cost bound that grows to the next f value, the board kept as
one mutable list, each pattern's table index updated by one addition when a tile moves (only the moved
tile's pattern changes), no move that undoes the one before. The tables come from
puzzleplan.translator.tiles.pdb, built on first use (a progress bar on a terminal) within the run's time
limit. Boards the databases are not made for are refused, or, for the tiles default planner (`auto`),
solved by A* with Manhattan distance and linear conflicts.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits, TimeLimitExceeded
from puzzleplan.common.progress import CURRENT
from puzzleplan.common.recorder import Recorder, active
from puzzleplan.planners.base import PlanResult, Proof, Simulation, Status
from puzzleplan.planners.idastar import Deepening
from puzzleplan.planners.native import search as native_search
from puzzleplan.planners.search import Deadline
from puzzleplan.translator.grid import direction_between
from puzzleplan.translator.tiles import pdb as tiles_pdb

CHECK_EVERY = 1 << 16
"""Expansions between two looks at the clock."""


class TilesIdaStar:
    """IDA* with the maximum of a partition's additive pattern databases and their diagonal reflection."""

    optimal = True
    fragment = None
    puzzles = ("tiles",)
    traces = True
    """A traced run searches with planners.idastar's IDA*, which makes the same search and records it."""

    def __init__(self, name: str = "native-idastar", heuristic: str = "pdb") -> None:
        self.name = name
        self.heuristic = heuristic
        """A partition name (pdb = the board's best); `auto` (the tiles default planner): on a board the
        databases serve, the best partition whose tables are cached, else the board's best, built now, and A*
        with the puzzle's default heuristic elsewhere; `cached` (what native-astar means on tiles): the same,
        but A* where no tables are cached, never a build."""

    def available(self) -> tuple[bool, str]:
        """Needs numpy only, a dependency of puzzleplan."""
        return True, ""

    def solve(self, problem: Simulation, limits: Limits) -> PlanResult:
        """Solve the instance optimally, building missing tables first; UNSUPPORTED for boards the pattern
        databases are not made for."""
        puzzle, instance = problem.puzzle, problem.instance
        deadline = Deadline(limits.timeout)
        name = self.heuristic
        if name in ("auto", "cached"):
            found = auto_partition(instance)
            if not served(instance) or (found is None and name == "cached"):
                return astar_fallback(puzzle, instance, deadline, active())
            name = found or "pdb"
        try:
            build = time.perf_counter()
            patterns = tiles_pdb.partition(instance.height, instance.width, name)
            with progress_bar(not all(map(tiles_pdb.cached, patterns))) as progress:
                lookup = tiles_pdb.lookup(
                    instance.height, instance.width, instance.goal, name, progress, deadline.passed
                )
            build = time.perf_counter() - build
        except InputError as error:
            return PlanResult(Status.UNSUPPORTED, message=f"{self.name}: {error.message}")
        except TimeLimitExceeded:
            message = (
                f"stopped at the time limit ({limits.timeout:g} s) while building the pattern databases; they "
                "are built once (some 20 s of CPU time for 6-6-3, minutes of numpy without the compiled search) "
                "and then cached: run once with a longer --timeout"
            )
            return PlanResult(Status.TIMEOUT, message=message, search_time=deadline.elapsed())
        name = tiles_pdb.best_name(instance.height, instance.width, name)
        recorder = active()
        if recorder is None:
            result = ida_star(instance, lookup, deadline)
        else:
            result = traced_ida_star(Simulation(puzzle, instance), lookup, deadline, recorder)
            recorder.trace.heuristic = f"{name}+reflection"
        result.figures.update(heuristic=f"{name}+reflection", pdb_seconds=round(build, 3))
        return result


def astar_fallback(puzzle: Any, instance: Any, deadline: Deadline, recorder: Recorder | None = None) -> PlanResult:
    """A* with Manhattan distance and linear conflicts; on a 4x4 board the databases serve (none cached), a
    hint that the default planner builds them."""
    result = native_search(puzzle, instance, "astar", deadline, recorder=recorder)
    result.figures["heuristic"] = "manhattan+linear-conflicts"
    if result.solved and served(instance):
        result.message = (
            "A* with Manhattan distance and linear conflicts: no pattern databases are cached yet; the default "
            "planner (no --planner) builds them once, and native-astar then uses them"
        )
    return result


def served(instance: Any) -> bool:
    """True for a 4x4 board with one blank whose goal has the blank in a corner the databases serve."""
    try:
        tiles_pdb.frame(instance.height, instance.width, instance.goal)
    except InputError:
        return False
    return (instance.height, instance.width) == (4, 4)


def auto_partition(instance: Any) -> str | None:
    """The best partition for the instance whose tables are all cached; None when there is none."""
    if not served(instance):
        return None
    for name in ("pdb663", "pdb555"):
        if all(map(tiles_pdb.cached, tiles_pdb.partition(instance.height, instance.width, name))):
            return name
    return None


def progress_bar(building: bool = True):
    """A rich progress bar on stderr while tables are `building` and stderr is a terminal, else a silent
    context; yields progress()."""
    from contextlib import contextmanager, nullcontext

    if not building or not sys.stderr.isatty():
        return nullcontext(None)

    @contextmanager
    def bar():
        from rich.console import Console
        from rich.progress import Progress

        CURRENT.bar = True  # the status line waits
        try:
            with Progress(console=Console(stderr=True), transient=True) as shown:
                task = shown.add_task("building the pattern databases", total=None)
                yield lambda done, total: shown.update(task, completed=done, total=total)
        finally:
            CURRENT.bar = False

    return bar()


def traced_ida_star(
    problem: Simulation, lookup: tiles_pdb.Lookup, deadline: Deadline, recorder: Recorder
) -> PlanResult:
    """The search ida_star makes (the same moves in the same order, the same bounds, the same expansions),
    made by the generic IDA* on the puzzle's simulator and recorded into `recorder`."""
    puzzle, instance = problem.puzzle, problem.instance

    def estimate(board: Any) -> int:
        return max(lookup.sums(*lookup.indices(board)))

    search = Deepening(
        lambda board: puzzle.successors(instance, board),
        lambda board: puzzle.is_goal(instance, board),
        estimate,
        deadline,
        recorder,
    )
    return search.run(instance.init)


def ida_star(instance: Any, lookup: tiles_pdb.Lookup, deadline: Deadline) -> PlanResult:
    """Iterative-deepening A* from the instance's initial board; `expanded` counts the boards expanded over
    all iterations, `iterations` the cost bounds tried."""
    width, cells = instance.width, len(instance.init)
    board = list(instance.init)
    neighbours = []
    for blank in range(cells):
        row, col = divmod(blank, width)
        near = [blank - width] * (row > 0) + [blank + width] * (row < instance.height - 1)
        near += [blank - 1] * (col > 0) + [blank + 1] * (col < width - 1)
        turned, mirror = lookup.frame, lookup.mirror
        neighbours.append(tuple((c, turned[blank] - turned[c], mirror[blank] - mirror[c]) for c in near))
    tiles = lookup.tile_lookups()
    direct, reflected = lookup.indices(instance.init)
    path: list[int] = []
    """The blank's cells from the goal back to the start, once found."""
    counts = [0]  # expanded
    end = deadline.end
    clock = time.perf_counter

    def dfs(blank: int, previous: int, g: int, h_direct: int, h_reflected: int, bound: int) -> int:
        """Search below `bound`: -1 when the goal is found (the blank's cells in `path`), else the least f
        above the bound."""
        counts[0] += 1
        if counts[0] % CHECK_EVERY == 0 and clock() > end:
            raise TimeLimitExceeded
        least = 1 << 30
        g += 1
        for cell, step, mirror_step in neighbours[blank]:
            if cell == previous:
                continue
            tile = board[cell]
            p, table, digit, q, mirror_table, mirror_digit = tiles[tile]
            old = direct[p]
            new = old + step * digit
            hd = h_direct - table[old] + table[new]
            old_mirror = reflected[q]
            new_mirror = old_mirror + mirror_step * mirror_digit
            hr = h_reflected - mirror_table[old_mirror] + mirror_table[new_mirror]
            f = g + (hd if hd > hr else hr)
            if f > bound:
                if f < least:
                    least = f
                continue
            if hd == 0 and hr == 0:
                path.append(cell)
                return -1
            board[blank], board[cell] = tile, 0
            direct[p], reflected[q] = new, new_mirror
            found = dfs(cell, blank, g, hd, hr, bound)
            if found < 0:
                path.append(cell)
                return -1
            board[blank], board[cell] = 0, tile
            direct[p], reflected[q] = old, old_mirror
            if found < least:
                least = found
        return least

    start = instance.init.index(0)
    h_direct, h_reflected = lookup.sums(direct, reflected)
    bound, iterations = max(h_direct, h_reflected), 0
    try:
        while bound:
            iterations += 1
            bound = dfs(start, -1, 0, h_direct, h_reflected, bound)
            if bound < 0:
                break
    except TimeLimitExceeded:
        return PlanResult(Status.TIMEOUT, expanded=counts[0], search_time=deadline.elapsed())
    moves, board, blank = [], list(instance.init), start
    for cell in reversed(path):
        moves.append((board[cell], direction_between(divmod(cell, width), divmod(blank, width))))
        board[blank], board[cell], blank = board[cell], 0, cell
    result = PlanResult(Status.SOLVED, moves, Proof.OPTIMAL, expanded=counts[0], search_time=deadline.elapsed())
    result.figures.update(iterations=iterations)
    return result
