"""Additive disjoint pattern databases for the sliding-tile puzzle with one blank (Korf & Felner 2002).

A pattern is a set of goal cells; its tiles are the tiles whose goal cells they are. Its table gives, for
every placement of those tiles, the fewest moves *of those tiles* that bring them home, whatever the other
tiles do: a backward 0-1 breadth-first search over (pattern tiles' cells, blank cell) from the goal, where
the blank moving through a cell no pattern tile holds costs 0 and a pattern tile moving costs 1, and then
the minimum over the blank's cells. Since no move moves tiles of two patterns, the tables of a partition
of the tiles add up to an admissible estimate (not a consistent one: the minimum over the blank's cells
forgets a blank trapped behind pattern tiles). Looking the same tables up on the board reflected about the
main diagonal gives a second one; the heuristic is the larger.

A placement is a number: the cells p_0.. p_{k-1} of the pattern's tiles (in the order of their goal cells)
as the digits of a base-N number, N the board's cell count (a sparse index: 16^6 entries for six tiles on
the 4x4 board, of which 16!/10! are placements). Tables are numpy arrays of uint8, built on first use and
cached in the user's cache folder under a version key.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import TimeLimitExceeded

VERSION = 1
"""Part of every cached table's file name: bump it when the construction or the index changes."""

UNSEEN = 255
CHUNK = 1 << 21
"""States expanded at once by the vectorized search (bounds its temporary arrays to ~100 MB)."""

PARTITIONS: dict[tuple[int, int], dict[str, tuple[tuple[int, ...], ...]]] = {
    (3, 3): {"pdb44": ((1, 2, 4, 5), (3, 6, 7, 8))},
    (4, 4): {
        "pdb663": ((1, 2, 4, 5, 8, 9), (3, 6, 7, 10, 11, 15), (12, 13, 14)),
        "pdb555": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    },
}
"""Partitions of the goal cells for a goal with the blank in cell 0 (row-major cells; the blank-last goal
uses them turned by 180 degrees). 6-6-3: a six around the blank's corner, a six along the right side and
the bottom row's first three; over Korf's 100 instances IDA* expands 31.2 million boards with it against
63.3 million with the top row and two 3x2 blocks."""

PARTITION_NAMES = tuple(name for named in PARTITIONS.values() for name in named)

BEST = {(3, 3): "pdb44", (4, 4): "pdb663"}
"""The partition `pdb` means on each board: the strongest whose tables fit in memory and build in minutes."""

Progress = Callable[[int, int], None]
"""progress(states labelled so far, states to label) while a table is built."""


@dataclass(frozen=True)
class Pattern:
    """One pattern of a board whose goal has the blank in cell 0: the board's size and the pattern's goal
    cells (a goal with the blank in the last cell uses the same tables on the board turned by 180 degrees)."""

    height: int
    width: int
    cells: tuple[int, ...]

    @property
    def key(self) -> str:
        """The cache file name of its table."""
        return f"v{VERSION}-{self.height}x{self.width}-" + "-".join(map(str, self.cells)) + ".npy"

    @property
    def states(self) -> int:
        """The number of abstract states the search labels (placements times blank cells)."""
        free = self.height * self.width - len(self.cells)
        placements = 1
        for used in range(len(self.cells)):
            placements *= self.height * self.width - used
        return placements * free


def partition(height: int, width: int, name: str) -> tuple[Pattern, ...]:
    """The patterns of partition `name` (`pdb` is the best one for the board); InputError when the board
    is not one pattern databases are made for or the partition is unknown."""
    boards = ", ".join(f"{h}x{w}" for h, w in PARTITIONS)
    if (height, width) not in PARTITIONS:
        raise InputError(
            f"pattern databases are made for the {boards} boards with one blank, not {height}x{width}"
            + (f" ({twenty_four_note()})" if (height, width) == (5, 5) else ""),
            "heuristic",
        )
    name = best_name(height, width, name)
    if name not in PARTITIONS[height, width]:
        known = ", ".join(["pdb", *PARTITIONS[height, width]])
        raise InputError(f"no partition {name!r} for the {height}x{width} board; known: {known}", "heuristic")
    return tuple(Pattern(height, width, cells) for cells in PARTITIONS[height, width][name])


def best_name(height: int, width: int, name: str) -> str:
    """The partition `name` stands for on the board (`pdb`: the board's best)."""
    return BEST.get((height, width), name) if name == "pdb" else name


def frame(height: int, width: int, goal: tuple[int, ...]) -> tuple[int, ...]:
    """For each cell, the cell it is on the board turned so that the goal's blank is in cell 0 (the board
    itself, or turned by 180 degrees); InputError for other goals."""
    last = height * width - 1
    if goal.count(0) != 1:
        raise InputError("pattern databases are made for boards with one blank", "heuristic")
    if goal.index(0) not in (0, last):
        raise InputError(
            "pattern databases need a goal with the blank in the top-left or bottom-right corner", "heuristic"
        )
    return tuple(range(last + 1)) if goal.index(0) == 0 else tuple(range(last, -1, -1))


def twenty_four_note() -> str:
    """Why the 24-puzzle's 6-6-6-6 databases are out of reach here."""
    return (
        "Korf & Felner's 6-6-6-6 databases for the 24-puzzle have 25!/19! = 127,512,000 placements each; the "
        "blank-aware search labels 19 times as many states (2.4 billion), beyond this design's memory"
    )


# -- building -------------------------------------------------------------------------------------------
def neighbour_table(height: int, width: int):
    """For each cell the four neighbouring cells (up, down, left, right), -1 off the board, as an array."""
    import numpy as np

    table = np.full((height * width, 4), -1, dtype=np.int64)
    for cell in range(height * width):
        row, col = divmod(cell, width)
        for index, (d_row, d_col) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= row + d_row < height and 0 <= col + d_col < width:
                table[cell, index] = (row + d_row) * width + col + d_col
    return table


def build(pattern: Pattern, progress: Progress | None = None, stop: Callable[[], bool] | None = None):
    """The pattern's table: for every placement (base-N index) the fewest pattern-tile moves home, 255 for
    indices that are no placement. The compiled search when it was built at install (`_pdb_search`, some
    twenty times faster), else the same search vectorized with numpy. TimeLimitExceeded when `stop()` (its
    caller's deadline) turns true between depths or chunks."""
    kernel = compiled_search()
    if kernel is None:
        return build_vectorized(pattern, progress, stop)
    import numpy as np

    cells, k = pattern.height * pattern.width, len(pattern.cells)
    dist = np.full(cells ** (k + 1), UNSEEN, dtype=np.uint8)
    start = sum(cell * cells ** (digit + 1) for digit, cell in enumerate(pattern.cells))  # the blank in cell 0

    def between(labelled: int) -> bool:
        if progress:
            progress(labelled, pattern.states)
        return bool(stop and stop())

    if not kernel.search(dist, start, pattern.height, pattern.width, k, between):
        raise TimeLimitExceeded
    return dist.reshape(-1, cells).min(axis=1)


def compiled_search() -> Any:
    """The compiled search module, or None when this installation has none (no C compiler at install)."""
    try:
        from puzzleplan.translator.tiles import _pdb_search
    except ImportError:
        return None
    return _pdb_search


def build_vectorized(pattern: Pattern, progress: Progress | None = None, stop: Callable[[], bool] | None = None):
    """build() with numpy alone: each depth's states expanded in chunks of arrays."""
    import numpy as np

    cells, k = pattern.height * pattern.width, len(pattern.cells)
    powers = np.array([cells ** (i + 1) for i in range(k)], dtype=np.int64)  # the blank is digit 0
    neighbours = neighbour_table(pattern.height, pattern.width)
    dist = np.full(cells ** (k + 1), UNSEEN, dtype=np.uint8)
    start = int(sum(cell * power for cell, power in zip(pattern.cells, powers)))  # the blank in cell 0
    frontier = np.array([start], dtype=np.int64)
    dist[start] = 0
    labelled, depth = 1, 0
    while frontier.size:
        level = [frontier]
        while frontier.size:  # the blank's free moves: same depth
            frontier = _expand(frontier, dist, depth, neighbours, powers, cells, free=True, stop=stop)
            level.append(frontier)
            labelled += frontier.size
            if progress:
                progress(labelled, pattern.states)
        frontier = np.concatenate(level)
        frontier = _expand(frontier, dist, depth + 1, neighbours, powers, cells, free=False, stop=stop)
        labelled += frontier.size
        depth += 1
        if progress:
            progress(labelled, pattern.states)
    return dist.reshape(-1, cells).min(axis=1)


def _expand(states, dist, depth: int, neighbours, powers, cells: int, free: bool, stop: Callable[[], bool] | None):
    """The unlabelled states one move from `states` (blank moves into a free cell when `free`, else a
    pattern tile moves into the blank), labelled `depth`, without repeats."""
    import numpy as np

    found = []
    for begin in range(0, states.size, CHUNK):
        if stop and stop():
            raise TimeLimitExceeded
        chunk = states[begin : begin + CHUNK]
        blank = chunk % cells
        digits = (chunk[:, None] // powers[None, :]) % cells
        for direction in range(4):
            moved = _moved(chunk, blank, digits, neighbours[blank, direction], powers, free)
            moved = moved[dist[moved] == UNSEEN]
            dist[moved] = depth
            found.append(moved)
    return _distinct(np.concatenate(found)) if found else np.empty(0, dtype=np.int64)


def _moved(chunk, blank, digits, target, powers, free: bool):
    """The states a chunk of states reaches when the blank moves to `target` (one cell per state, -1 for
    none): into a free cell when `free`, else swapping with the pattern tile there."""
    onto = digits == target[:, None]
    tile = onto.any(axis=1)
    keep = (target >= 0) & (~tile if free else tile)
    moved = chunk[keep] + (target[keep] - blank[keep])
    if not free:
        weight = powers[onto[keep].argmax(axis=1)]
        moved += (blank[keep] - target[keep]) * weight
    return moved


def _distinct(values):
    """The values sorted, each once (a stable sort is a radix sort on integers: many times faster here than
    numpy.unique)."""
    import numpy as np

    values = np.sort(values, kind="stable")
    keep = np.ones(values.size, dtype=bool)
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


# -- the cache ------------------------------------------------------------------------------------------
def cache_folder() -> Path:
    """Where tables are kept: $PUZZLEPLAN_CACHE, or the user's cache folder (platformdirs)."""
    if os.environ.get("PUZZLEPLAN_CACHE"):
        return Path(os.environ["PUZZLEPLAN_CACHE"]) / "tiles-pdb"
    import platformdirs

    return Path(platformdirs.user_cache_dir("puzzleplan")) / "tiles-pdb"


def cached(pattern: Pattern) -> bool:
    """True when the pattern's table is in the cache."""
    return (cache_folder() / pattern.key).is_file()


def table(pattern: Pattern, progress: Progress | None = None, stop: Callable[[], bool] | None = None) -> bytes:
    """The pattern's table as bytes (indexable from Python at full speed): from the cache, or built and
    cached (written to a temporary file first, so an interrupted build leaves nothing behind)."""
    import numpy as np

    path = cache_folder() / pattern.key
    if not path.is_file():
        data = build(pattern, progress, stop)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            np.save(out, data)
        os.replace(temporary, path)
    return _read(path)


@cache
def _read(path: Path) -> bytes:
    """A cached table file's entries, read once per process."""
    import numpy as np

    return np.load(path).tobytes()


def tables(
    patterns: tuple[Pattern, ...], progress: Progress | None = None, stop: Callable[[], bool] | None = None
) -> list[bytes]:
    """The tables of a partition, built where missing; progress counts the states of all the tables built."""
    missing = [pattern for pattern in patterns if not cached(pattern)]
    starts = dict(zip(missing, accumulate((pattern.states for pattern in missing), initial=0)))
    total = sum(pattern.states for pattern in missing)
    return [table(pattern, _shifted(progress, starts.get(pattern, 0), total), stop) for pattern in patterns]


def _shifted(progress: Progress | None, before: int, total: int) -> Progress | None:
    """progress() for one table of several: the states of the tables built before it added, out of all."""
    if progress is None:
        return None
    return lambda done, _: progress(before + done, total)


# -- looking boards up ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lookup:
    """A partition's tables set up for one goal: per tile, the pattern it belongs to and the weight of its
    digit, on the board turned so that the goal's blank is in cell 0 (`frame[cell]`) and on that board
    reflected about the main diagonal (`mirror[cell]`; the tile standing for tile t there is the one
    whose goal is the reflection of t's)."""

    tables: tuple[bytes, ...]
    frame: tuple[int, ...]
    pattern: tuple[int, ...]
    weight: tuple[int, ...]
    mirror: tuple[int, ...]
    mirror_pattern: tuple[int, ...]
    mirror_weight: tuple[int, ...]

    def indices(self, board: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """Each pattern's table index for the board, and for the reflected board."""
        direct, reflected = [0] * len(self.tables), [0] * len(self.tables)
        for cell, tile in enumerate(board):
            if tile:
                direct[self.pattern[tile]] += self.frame[cell] * self.weight[tile]
                reflected[self.mirror_pattern[tile]] += self.mirror[cell] * self.mirror_weight[tile]
        return direct, reflected

    def sums(self, direct: list[int], reflected: list[int]) -> tuple[int, int]:
        """The additive estimates of the board and of its reflection."""
        return (
            sum(table[index] for table, index in zip(self.tables, direct)),
            sum(table[index] for table, index in zip(self.tables, reflected)),
        )

    def tile_lookups(self) -> list[tuple[int, bytes, int, int, bytes, int]]:
        """Per tile: its pattern, that pattern's table and its digit's weight, then the same for the
        reflected board (what a search needs when the tile moves)."""
        return [
            (p, self.tables[p], w, q, self.tables[q], v)
            for p, w, q, v in zip(self.pattern, self.weight, self.mirror_pattern, self.mirror_weight)
        ]

    def value(self, board: tuple[int, ...]) -> int:
        """The heuristic: the larger of the two additive estimates."""
        return max(self.sums(*self.indices(board)))


def lookup(
    height: int,
    width: int,
    goal: tuple[int, ...],
    name: str = "pdb",
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
) -> Lookup:
    """The partition `name`'s tables for this goal board (built where missing), ready for lookups;
    InputError when the board is not one pattern databases are made for."""
    turned = frame(height, width, goal)
    patterns = partition(height, width, name)
    found = tables(patterns, progress, stop)
    cells = height * width
    transposed = [(cell % width) * width + cell // width for cell in turned]
    where = {cell: (number, cells**digit) for number, p in enumerate(patterns) for digit, cell in enumerate(p.cells)}
    size = max(goal) + 1
    pattern, weight, mirror_pattern, mirror_weight = [0] * size, [0] * size, [0] * size, [0] * size
    for cell, tile in enumerate(goal):
        if tile:
            pattern[tile], weight[tile] = where[turned[cell]]
            mirror_pattern[tile], mirror_weight[tile] = where[transposed[cell]]
    return Lookup(
        tuple(found),
        turned,
        tuple(pattern),
        tuple(weight),
        tuple(transposed),
        tuple(mirror_pattern),
        tuple(mirror_weight),
    )


@lru_cache(maxsize=8)
def cached_lookup(height: int, width: int, goal: tuple[int, ...], name: str) -> Lookup:
    """lookup() kept for the process (A*'s heuristic asks once per board)."""
    return lookup(height, width, goal, name)
