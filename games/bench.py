"""Measuring the search: CPU time (time.process_time) and nodes of one move as a function of the depth."""

from __future__ import annotations

from puzzleplan.common.errors import quote
from puzzleplan.common.files import count_number
from puzzleplan.games.board import Board
from puzzleplan.games.search import SearchResult, choose_move


def parse_depths(text: str) -> list[int]:
    """Depths from `1-10`, `8` or `2,4,6`; ValueError says what is wrong."""
    return [depth for part in text.split(",") for depth in _depth_range(part, text)]


def _depth_range(part: str, text: str) -> range:
    """The depths of one part of a depths text: `1-10` or `8`; ValueError says what is wrong."""
    low, dash, high = part.strip().partition("-")
    first, last = count_number(low), count_number(high) if dash else count_number(low)
    if first is None or last is None:
        raise ValueError(f"depths are written 1-10, 8 or 2,4,6, not {quote(text)}")
    if first < 1 or last < first:
        raise ValueError(f"depths run from 1 upwards, low to high, not {quote(part.strip())}")
    return range(first, last + 1)


def measure(board: Board, depths: list[int]) -> list[SearchResult]:
    """One search from scratch (fresh transposition table) per depth."""
    if board.is_full():
        raise ValueError("the board is full: there is no move to measure")
    return [choose_move(board, depth) for depth in depths]


def bench_table(board: Board, depths: list[int]) -> str:
    """The measurements as a Markdown table: depth, column, value, nodes, CPU seconds, nodes per second."""
    rows = ["| depth | column | value | nodes | CPU s | nodes/s |", "|---:|---:|---:|---:|---:|---:|"]
    for result in measure(board, depths):
        rate = f"{result.nodes / result.cpu_seconds:,.0f}" if result.cpu_seconds > 0 else "-"
        rows.append(
            f"| {result.depth} | {result.column + 1} | {result.value} | {result.nodes:,} "
            f"| {result.cpu_seconds:.3f} | {rate} |"
        )
    return "\n".join(rows)
