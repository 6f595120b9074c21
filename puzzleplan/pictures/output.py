"""Writing pictures of puzzles: one state as PNG or SVG, a replayed plan as a GIF, an animated SVG or an
HTML player, the format chosen by the file's suffix. Frames are the simulator's replayed states."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.files import write_file
from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.translator.capabilities import notation
from puzzleplan.translator.puzzle import Puzzle

log = logging.getLogger(__name__)

PICTURES = (".png", ".svg")
ANIMATIONS = (".gif", ".svg", ".html")
SKIPPING = (".gif", ".svg")
"""The animations that --every thins out (the HTML player shows every state)."""
PAUSE_MS = 1200
"""How long the first and the last frame of a GIF or animated SVG show."""
PLAYTHROUGH_MS = 20000
"""About how long a GIF or animated SVG plays, frame durations kept between FASTEST_MS and SLOWEST_MS."""
FASTEST_MS, SLOWEST_MS = 40, 400


def check_output(path: str, suffixes: tuple[str, ...], option: str, every: int = 1) -> str:
    """The suffix of an output file, checked before any work is done; InputError for another suffix, or
    for --every on a format it does not apply to."""
    suffix = Path(path).suffix.lower()
    if suffix not in suffixes:
        raise InputError(f"{option} {path}: expected a file ending in {', '.join(suffixes)}", "command line")
    if every < 1:
        raise InputError(f"--every must be at least 1, found {every}", "command line")
    if every > 1 and suffix not in SKIPPING:
        raise InputError(f"--every thins out {' and '.join(SKIPPING)} animations, not {suffix}", "command line")
    return suffix


def kept_frames(count: int, every: int) -> list[int]:
    """The indices of the frames an animation of `count` frames keeps: every `every`-th, the last always."""
    kept = list(range(0, count, every))
    return kept if kept[-1] == count - 1 else kept + [count - 1]


def durations(count: int) -> list[int]:
    """Milliseconds each of `count` frames shows: short enough that the whole plays in about
    PLAYTHROUGH_MS, with a pause on the first and the last frame."""
    frame_ms = max(FASTEST_MS, min(SLOWEST_MS, round(PLAYTHROUGH_MS / max(1, count))))
    found = [frame_ms] * count
    found[0] = found[-1] = max(frame_ms, PAUSE_MS)
    return found


def write_picture(puzzle: Puzzle, instance: Any, state: Any, path: str) -> None:
    """One state as a PNG or an SVG file."""
    suffix = check_output(path, PICTURES, "--out")
    scene = drawer_of(puzzle).scene(instance, state)
    if suffix == ".png":
        from puzzleplan.pictures.raster import write_png

        write_png(scene, path)
    else:
        from puzzleplan.pictures.svg import svg_text

        write_file(path, svg_text(scene))


def write_animation(
    puzzle: Puzzle,
    instance: Any,
    moves: Sequence[Any],
    states: Sequence[Any],
    path: str,
    every: int = 1,
    title: str = "",
    summary: str = "",
) -> dict[str, Any]:
    """A replayed plan (states[0], then the state after each move) as a GIF, an animated SVG or an HTML
    player; what was written: the file, its frames, its size in bytes and the seconds it took."""
    suffix = check_output(path, ANIMATIONS, "--animate", every)
    started = time.perf_counter()
    moves, states = list(moves), list(states)[: len(moves) + 1]
    scenes = drawer_of(puzzle).scenes(instance, moves[: len(states) - 1], states)
    if suffix == ".html":
        from puzzleplan.pictures.player import player_page

        spelled = [notation(puzzle).format_move(move) for move in moves[: len(states) - 1]]
        write_file(path, player_page(scenes, spelled, title or puzzle.name, summary))
        frames = len(scenes)
    else:
        frames = _write_frames([scenes[index] for index in kept_frames(len(scenes), every)], path, suffix)
    written = {"file": path, "frames": frames, "bytes": Path(path).stat().st_size}
    written["seconds"] = round(time.perf_counter() - started, 3)
    log.info("wrote %s: %d frames, %d bytes in %.2f s", path, frames, written["bytes"], written["seconds"])
    return written


def _write_frames(scenes: list[Any], path: str, suffix: str) -> int:
    """The scenes as a GIF or an animated SVG, as the suffix says; how many frames it has."""
    if suffix == ".gif":
        from puzzleplan.pictures.raster import write_gif

        write_gif(scenes, path, durations(len(scenes)))
    else:
        from puzzleplan.pictures.animated import animated_svg

        write_file(path, animated_svg(scenes, durations(len(scenes))))
    return len(scenes)
