"""Scenes as one self-contained animated SVG (SMIL): what never changes is drawn once; each thing that
changes is one element whose attributes and visibility change at the frames where they change. And the
frames read back from such a file, to check it."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from html import escape

from puzzleplan.common.errors import InputError
from puzzleplan.pictures.scene import Scene, Shape, number, shape_of
from puzzleplan.pictures.svg import markup, open_tag, parse_svg
from puzzleplan.pictures.timeline import Element, Timeline

MISSING = {"stroke": "none", "stroke-width": "0", "rx": "0", "font-weight": "normal", "class": ""}
"""The value of an attribute that a version of an element leaves out."""


def animated_svg(scenes: Sequence[Scene], durations: Sequence[int]) -> str:
    """One SVG document that shows the scenes in turn, each for its duration (ms), looping."""
    total = sum(durations)
    starts, elapsed = [], 0
    for duration in durations:
        starts.append(elapsed / total)
        elapsed += duration
    timeline = Timeline.of(scenes, exact=True)
    root = open_tag(scenes[0], data={"frames": str(len(scenes)), "starts": ";".join(_time(t) for t in starts)})
    body = [_slot(timeline, key, starts, total) for key in timeline.order]
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{root}\n' + "\n".join(body) + "\n</svg>\n"


def _time(fraction: float) -> str:
    """A key time (a fraction of the whole animation) as short text."""
    return f"{fraction:.6f}".rstrip("0").rstrip(".") or "0"


def _slot(timeline: Timeline, key: str, starts: list[float], total: int) -> str:
    """One element: its first version, with a discrete animation of each attribute that changes."""
    versions: list[Element | None] = [frame.get(key) for frame in timeline.frames]
    tag, base, text = next(version for version in versions if version is not None)
    if timeline.constant(key):
        return markup(tag, base, text)
    tracks = _tracks_of(versions, base)
    attributes = {name: values[0] for name, values in tracks.items()}
    if "id" in base:
        attributes["id"] = base["id"]
    animations = "".join(_animation(name, values, starts, total) for name, values in tracks.items())
    return markup(tag, attributes, text, animations)


def _tracks_of(versions: list[Element | None], base: dict[str, str]) -> dict[str, list[str]]:
    """Each attribute's value in each frame (the id aside), and the element's visibility."""
    names = sorted({name for version in versions if version for name in version[1]} - {"id"})
    tracks = {name: _track(versions, name, base) for name in names}
    tracks["visibility"] = ["hidden" if version is None else "visible" for version in versions]
    return tracks


def _track(versions: list[Element | None], name: str, base: dict[str, str]) -> list[str]:
    """An attribute's value in each frame; a frame where the element is absent keeps the value before."""
    values, current = [], base.get(name, MISSING.get(name, ""))
    for version in versions:
        if version is not None:
            current = version[1].get(name, MISSING.get(name, ""))
        values.append(current)
    return values


def _animation(name: str, values: list[str], starts: list[float], total: int) -> str:
    """A discrete <animate> of one attribute at the frames where its value changes ('' if it never does)."""
    changes = [index for index, value in enumerate(values) if index == 0 or value != values[index - 1]]
    if len(changes) == 1:
        return ""
    return (
        f'<animate attributeName="{name}" calcMode="discrete" dur="{number(total / 1000)}s" '
        f'repeatCount="indefinite" values="{escape(";".join(values[i] for i in changes))}" '
        f'keyTimes="{";".join(_time(starts[i]) for i in changes)}"></animate>'
    )


Track = tuple[str, list[str], list[str]]
"""An <animate> child: the attribute it animates, its values and their key times."""


def _tracks(element: ElementTree.Element) -> list[Track]:
    """The animations of an element."""
    return [
        (child.get("attributeName", ""), child.get("values", "").split(";"), child.get("keyTimes", "").split(";"))
        for child in element
        if child.tag.rpartition("}")[2] == "animate"
    ]


def _shape_at(element: ElementTree.Element, tag: str, tracks: list[Track], moment: float) -> Shape | None:
    """The shape an element shows at `moment` (its animated attributes at their values then); None when
    it is hidden then or is no shape."""
    attributes = dict(element.attrib)
    for name, values, times in tracks:
        attributes[name] = values[max(i for i, t in enumerate(times) if float(t) <= moment)]
    if attributes.pop("visibility", "visible") == "hidden":
        return None
    return shape_of(tag, attributes, element.text)


def _frame_starts(text: str, source: str) -> tuple[ElementTree.Element, list[float]]:
    """The root of an animated SVG and the start of each frame (a fraction of the whole animation)."""
    try:
        root = ElementTree.fromstring(text)
        return root, [float(value) for value in root.attrib["data-starts"].split(";")]
    except (ElementTree.ParseError, KeyError, ValueError) as error:
        raise InputError(f"not an animated SVG written by puzzleplan: {error}", source) from None


def _scenery(element: ElementTree.Element, tag: str) -> bool:
    """True for the title and the background, which are no shapes of a frame."""
    return tag in ("title",) or "background" in element.get("class", "").split()


def _add_shapes(frames: list[list], middles: list[float], element: ElementTree.Element, tag: str) -> None:
    """Add to each frame the shape an element shows in its middle (none where it is hidden)."""
    tracks = _tracks(element)
    for frame, moment in zip(frames, middles):
        shape = _shape_at(element, tag, tracks, moment)
        if shape is not None:
            frame.append(shape)


def read_frames(text: str, source: str = "<svg>") -> list[Scene]:
    """The scenes an animated SVG written by animated_svg shows, one per frame: each element with the
    values its animations give it in the middle of the frame, hidden elements left out."""
    root, starts = _frame_starts(text, source)
    middles = [(start + end) / 2 for start, end in zip(starts, starts[1:] + [1.0])]
    empty = parse_svg(text, source)
    frames: list[list] = [[] for _ in starts]
    for element in root:
        tag = element.tag.rpartition("}")[2]
        if not _scenery(element, tag):
            _add_shapes(frames, middles, element, tag)
    return [Scene(empty.width, empty.height, tuple(shapes), empty.background, empty.title) for shapes in frames]
