"""Scenes as SVG text, and SVG read back into a scene (to check that a picture shows what it should)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from html import escape

from puzzleplan.common.errors import InputError
from puzzleplan.pictures.scene import Scene, Shape, number, shape_of, svg_element

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def markup(tag: str, attributes: dict[str, str], text: str | None = None, children: str = "") -> str:
    """An SVG element as text, its text content and `children` (such as animations) inside it."""
    written = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items())
    inside = escape(text, quote=False) if text is not None else ""
    return f"<{tag} {written}>{inside}{children}</{tag}>"


def element_text(shape: Shape) -> str:
    """One shape as an SVG element."""
    return markup(*svg_element(shape))


def open_tag(
    scene: Scene, standalone: bool = True, ident: str = "", zoom: float = 1.0, data: Mapping[str, str] | None = None
) -> str:
    """The <svg> start tag of a scene (its shapes are not read) and its background: with the namespace for a
    file of its own, without it inside an HTML page; `ident` is the element's id, `zoom` how many times its
    size it is shown, `data` its data-NAME attributes."""
    namespace = f' xmlns="{SVG_NAMESPACE}"' if standalone else ""
    named = f' id="{escape(ident)}"' if ident else ""
    named += "".join(f' data-{key}="{escape(value)}"' for key, value in (data or {}).items())
    size = f'width="{number(scene.width * zoom)}" height="{number(scene.height * zoom)}"'
    return (
        f'<svg{namespace}{named} {size} viewBox="0 0 {number(scene.width)} {number(scene.height)}" '
        f'font-family="{FONT}">'
        + (f"<title>{escape(scene.title)}</title>" if scene.title else "")
        + f'<rect class="background" width="100%" height="100%" fill="{escape(scene.background)}"></rect>'
    )


def svg_text(scene: Scene) -> str:
    """A self-contained SVG document of one scene."""
    body = "\n".join(element_text(shape) for shape in scene.shapes)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{open_tag(scene)}\n{body}\n</svg>\n'


def _svg_root(text: str, source: str) -> ElementTree.Element:
    """The <svg> element of a well-formed SVG document."""
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise InputError(f"not well-formed SVG: {error}", source) from None
    if _local(root.tag) != "svg":
        raise InputError(f"expected an <svg> element, found <{_local(root.tag)}>", source)
    return root


def parse_svg(text: str, source: str = "<svg>") -> Scene:
    """The scene an SVG shows, as svg_text writes it or a browser serializes the page's drawing: every
    shape element in document order (inside groups too), the background and title; animations ignored."""
    root = _svg_root(text, source)
    shapes, background, title = [], "#ffffff", ""
    for element in root.iter():
        tag = _local(element.tag)
        if tag == "title":
            title = element.text or ""
        elif "background" in element.get("class", "").split():
            background = element.get("fill", background)
        else:
            shape = shape_of(tag, dict(element.attrib), element.text)
            if shape is not None:
                shapes.append(shape)
    width, height = (float(root.get(name, "0").removesuffix("px")) for name in ("width", "height"))
    return Scene(width, height, tuple(shapes), background, title)


def _local(tag: str) -> str:
    """An element's name without its namespace."""
    return tag.rpartition("}")[2]
