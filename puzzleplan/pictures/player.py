"""Scenes as one self-contained HTML page that plays them: the board in inline SVG, play and pause, step back
and forward, a slider, the arrow keys, the move list with the current move highlighted, the state number.
Nothing is loaded from the network; the page draws only the frame it shows, from a compact list of what
each frame changes, so plans of thousands of moves stay responsive."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from importlib.resources import files
from typing import Any

from puzzleplan.pictures.scene import Scene
from puzzleplan.pictures.svg import open_tag
from puzzleplan.pictures.timeline import Element, Timeline

SPEEDS = (0.5, 1, 2, 4, 8, 15, 30, 60)
"""The speeds (moves a second) the page offers; player.js lists the same."""
BOARD_PIXELS = 520
"""The page shows a small board larger, up to this many pixels on its longer side (at most twice its size)."""
PLAYTHROUGH = 30.0
"""Seconds a plan takes to play at the speed the page starts with (at least 2 moves a second)."""


def board_data(scenes: Sequence[Scene]) -> dict[str, Any]:
    """What board.js reads to draw any of the scenes: the distinct elements, the slots, the first frame and
    each later frame's changes (slot, element or -1 for empty)."""
    timeline = Timeline.of(scenes)
    slots = {key: number for number, key in enumerate(timeline.order)}
    elements: list[Element] = []
    known: dict[str, int] = {}

    def ref(element: Element | None) -> int:
        if element is None:
            return -1
        key = json.dumps(element, sort_keys=True)
        if key not in known:
            known[key] = len(elements)
            elements.append(element)
        return known[key]

    def changes(before: dict[str, Element], after: dict[str, Element]) -> list[int]:
        changed = [key for key in after if before.get(key) != after[key]] + [key for key in before if key not in after]
        return [value for key in sorted(changed, key=slots.__getitem__) for value in (slots[key], ref(after.get(key)))]

    frames = timeline.frames
    first = changes({}, frames[0])
    later = [changes(before, after) for before, after in zip(frames, frames[1:])]
    return {
        "slots": len(slots),
        "elements": [[tag, attributes, text] for tag, attributes, text in elements],
        "first": first,
        "changes": later,
    }


def speed_data(steps: int) -> dict[str, Any]:
    """What transport.js reads of the speeds: the one a plan of `steps` steps starts with and the choices."""
    speed = next((value for value in SPEEDS if value >= steps / PLAYTHROUGH), SPEEDS[-1])
    return {"speed": max(2, speed), "speeds": list(SPEEDS)}


def plan_data(scenes: Sequence[Scene], moves: Sequence[str]) -> dict[str, Any]:
    """What the page's script reads: the board's frames (board_data), the moves and the starting speed."""
    return board_data(scenes) | {"moves": list(moves)} | speed_data(len(moves))


def resource(name: str) -> str:
    """A file of this package (a page's template, style and script)."""
    return files("puzzleplan.pictures").joinpath(name).read_text(encoding="utf-8")


def board_zoom(scene: Scene) -> float:
    """How many times its size a page shows a board (a small board larger, up to BOARD_PIXELS)."""
    return max(1.0, min(2.0, BOARD_PIXELS / max(scene.width, scene.height)))


def board_tag(scene: Scene, ident: str = "board") -> str:
    """The empty <svg> a page's script draws frames into, sized like `scene` (a small board shown larger)."""
    return open_tag(scene, False, ident, board_zoom(scene)) + "</svg>"


def page_json(data: Any) -> str:
    """Data as JSON safe inside a <script> element."""
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")


def filled(template: str, replacements: dict[str, str]) -> str:
    """A template (a file of this package) with each MARK in it replaced, in one pass (what is put in is not
    read for marks again)."""
    pattern = "|".join(sorted(replacements, key=len, reverse=True))
    return re.sub(pattern, lambda found: replacements[found.group(0)], resource(template))


def html_page(title: str, summary: str, style: str | tuple[str, ...], scripts: tuple[str, ...], body: str) -> str:
    """A whole page: the title and summary as its header, a style (or styles) and scripts of this package,
    the body."""
    replacements = {
        "TITLE": escape(title),
        "SUMMARY": escape(summary),
        "STYLE": "".join(resource(name) for name in ((style,) if isinstance(style, str) else style)),
        "BODY": body,
        "SCRIPT": "".join(resource(script) for script in scripts),
    }
    return filled("page.html", replacements)


PLAYER_SCRIPTS = ("board.js", "transport.js")
"""The scripts every player page runs before its own."""


def player_page(scenes: Sequence[Scene], moves: Sequence[str], title: str, summary: str) -> str:
    """The HTML page playing the scenes; moves[i] is the move (in the puzzle's notation) from scene i to i + 1."""
    if len(moves) != len(scenes) - 1:
        raise ValueError(f"{len(scenes)} scenes need {len(scenes) - 1} moves, found {len(moves)}")
    marks = {"CONTROLS": resource("controls.html"), "BOARD": board_tag(scenes[0])}
    body = filled("player.html", marks | {"DATA": page_json(plan_data(scenes, moves))})
    return html_page(title, summary, "player.css", (*PLAYER_SCRIPTS, "player.js"), body)
