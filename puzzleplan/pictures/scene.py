"""The scene model: a canvas and a list of shapes (rectangles, circles, polygons and lines, text), each with
its colours, a stable id and a class, in pixels with the origin at the top left. Renderers turn scenes into
SVG, PNG/GIF frames, an animated SVG or an HTML player; a puzzle's Drawing makes one scene per state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

Point = tuple[float, float]


@dataclass(frozen=True, kw_only=True)
class Shape:
    """What every shape has: an id naming the thing it draws (the same thing keeps its id from frame to
    frame, so animations move it), a class saying what kind of thing it is, and its colours."""

    id: str = ""
    cls: str = ""
    """Space-separated words (an SVG class attribute): "box on-goal"."""
    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 0.0

    def classes(self) -> set[str]:
        """The words of the class."""
        return set(self.cls.split())

    @property
    def centre(self) -> Point:
        """The shape's centre, as each kind of shape defines it."""
        raise NotImplementedError(type(self).__name__)

    def own_svg(self) -> tuple[str, dict[str, str], str | None]:
        """The SVG tag, the attributes of this kind of shape (neither the id, class nor colours) and the
        text content."""
        raise TypeError(f"not a shape: {self!r}")


@dataclass(frozen=True, kw_only=True)
class Rect(Shape):
    """An axis-aligned rectangle, with rounded corners of radius rx."""

    x: float
    y: float
    width: float
    height: float
    rx: float = 0.0

    @property
    def centre(self) -> Point:
        """The rectangle's centre."""
        return self.x + self.width / 2, self.y + self.height / 2

    def own_svg(self) -> tuple[str, dict[str, str], str | None]:
        """A <rect>, its corner radius only when rounded."""
        attributes = dict(x=number(self.x), y=number(self.y), width=number(self.width), height=number(self.height))
        if self.rx:
            attributes["rx"] = number(self.rx)
        return "rect", attributes, None


@dataclass(frozen=True, kw_only=True)
class Circle(Shape):
    """A circle."""

    cx: float
    cy: float
    r: float

    @property
    def centre(self) -> Point:
        """The circle's centre."""
        return self.cx, self.cy

    def own_svg(self) -> tuple[str, dict[str, str], str | None]:
        """A <circle>."""
        return "circle", dict(cx=number(self.cx), cy=number(self.cy), r=number(self.r)), None


@dataclass(frozen=True, kw_only=True)
class Polygon(Shape):
    """A closed polygon, or an open line through the points when closed is False."""

    points: tuple[Point, ...]
    closed: bool = True

    @property
    def centre(self) -> Point:
        """The mean of the points."""
        return sum(x for x, _ in self.points) / len(self.points), sum(y for _, y in self.points) / len(self.points)

    def own_svg(self) -> tuple[str, dict[str, str], str | None]:
        """A <polygon>, or a <polyline> when open."""
        points = " ".join(f"{number(x)},{number(y)}" for x, y in self.points)
        return ("polygon" if self.closed else "polyline"), {"points": points}, None


@dataclass(frozen=True, kw_only=True)
class Text(Shape):
    """A line of text centred on (x, y) (anchor "middle"), or starting ("start") or ending ("end") there."""

    x: float
    y: float
    text: str
    size: float = 14.0
    anchor: str = "middle"
    bold: bool = False

    @property
    def centre(self) -> Point:
        """The text's anchor point."""
        return self.x, self.y

    def own_svg(self) -> tuple[str, dict[str, str], str | None]:
        """A <text> centred vertically on its anchor point, in bold only when bold."""
        attributes = {"x": number(self.x), "y": number(self.y), "font-size": number(self.size)}
        attributes |= {"text-anchor": self.anchor, "dominant-baseline": "central"}
        if self.bold:
            attributes["font-weight"] = "bold"
        return "text", attributes, self.text


ShapeT = TypeVar("ShapeT", bound=Shape)


@dataclass(frozen=True)
class Scene:
    """A picture: its size in pixels, its background colour and its shapes, drawn in order."""

    width: float
    height: float
    shapes: tuple[Shape, ...] = field(default=())
    background: str = "#ffffff"
    title: str = ""

    def find(self, kind: str) -> list[Shape]:
        """The shapes whose class has the word `kind`, in drawing order."""
        return [shape for shape in self.shapes if kind in shape.classes()]

    def find_of(self, kind: str, of: type[ShapeT]) -> list[ShapeT]:
        """The shapes whose class has the word `kind` and that are `of` that type, in drawing order."""
        return [shape for shape in self.find(kind) if isinstance(shape, of)]


def number(value: float) -> str:
    """A coordinate as short text: whole numbers without a decimal point, others to two decimals."""
    rounded = round(float(value), 2)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:g}"


def svg_element(shape: Shape) -> tuple[str, dict[str, str], str | None]:
    """The SVG tag, attributes and text content of a shape (every renderer of SVG uses this one)."""
    attributes = {name: value for name, value in (("id", shape.id), ("class", shape.cls)) if value}
    tag, own, text = shape.own_svg()
    attributes |= own
    attributes["fill"] = shape.fill
    if shape.stroke != "none" and shape.stroke_width:
        attributes["stroke"] = shape.stroke
        attributes["stroke-width"] = number(shape.stroke_width)
    return tag, attributes, text


def shape_of(tag: str, attributes: dict[str, str], text: str | None) -> Shape | None:
    """The shape of an SVG element written by svg_element (None for other elements): its inverse."""
    common: dict[str, Any] = {
        "id": attributes.get("id", ""),
        "cls": attributes.get("class", ""),
        "fill": attributes.get("fill", "none"),
        "stroke": attributes.get("stroke", "none"),
        "stroke_width": float(attributes.get("stroke-width", 0)),
    }
    read = _READERS.get(tag)
    return None if read is None else read(tag, attributes, text, common)


def _read_rect(tag: str, attributes: dict[str, str], text: str | None, common: dict[str, Any]) -> Shape:
    """A Rect from a <rect>'s attributes."""
    x, y, width, height = (float(attributes[name]) for name in ("x", "y", "width", "height"))
    return Rect(x=x, y=y, width=width, height=height, rx=float(attributes.get("rx", 0)), **common)


def _read_circle(tag: str, attributes: dict[str, str], text: str | None, common: dict[str, Any]) -> Shape:
    """A Circle from a <circle>'s attributes."""
    return Circle(cx=float(attributes["cx"]), cy=float(attributes["cy"]), r=float(attributes["r"]), **common)


def _read_polygon(tag: str, attributes: dict[str, str], text: str | None, common: dict[str, Any]) -> Shape:
    """A Polygon from a <polygon>'s or an open one from a <polyline>'s points."""
    pairs = [pair.split(",") for pair in attributes["points"].split()]
    return Polygon(points=tuple((float(x), float(y)) for x, y in pairs), closed=tag == "polygon", **common)


def _read_text(tag: str, attributes: dict[str, str], text: str | None, common: dict[str, Any]) -> Shape:
    """A Text from a <text> element."""
    return Text(
        x=float(attributes["x"]),
        y=float(attributes["y"]),
        text=text or "",
        size=float(attributes["font-size"]),
        anchor=attributes.get("text-anchor", "middle"),
        bold=attributes.get("font-weight") == "bold",
        **common,
    )


_READERS: dict[str, Callable[[str, dict[str, str], str | None, dict[str, Any]], Shape]] = {
    "rect": _read_rect,
    "circle": _read_circle,
    "polygon": _read_polygon,
    "polyline": _read_polygon,
    "text": _read_text,
}
"""The reader of each SVG element that svg_element writes."""
