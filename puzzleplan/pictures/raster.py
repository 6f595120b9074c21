"""Scenes as pixels with Pillow: a PNG of one scene, a GIF of many (one frame each, a pause on the first and
the last). Pillow is imported inside these functions only."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from puzzleplan.pictures.scene import Circle, Polygon, Rect, Scene, Shape, Text

log = logging.getLogger(__name__)

SUPERSAMPLE = 2
"""A PNG is drawn this many times larger and scaled down, to smooth its edges."""
ANCHORS = {"middle": "mm", "start": "lm", "end": "rm"}
FONTS = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf")
BOLD_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "Arial Bold.ttf")


@cache
def _font(size: int, bold: bool) -> Any:
    """A TrueType font of this size in pixels: a common system font, else Pillow's own."""
    from PIL import ImageFont

    for name in BOLD_FONTS if bold else FONTS:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def _colour(value: str) -> str | None:
    """A Pillow colour, None for none."""
    return None if value in ("none", "") else value


def _draw(draw: Any, shape: Shape, scale: float) -> None:
    """Draw one shape with an ImageDraw."""
    fill, outline = _colour(shape.fill), _colour(shape.stroke)
    width = max(1, round(shape.stroke_width * scale)) if outline and shape.stroke_width else 0
    painter = _PAINTERS.get(type(shape))
    if painter is not None:
        painter(draw, shape, scale, fill, outline if width else None, width)


def _paint_rect(draw: Any, shape: Rect, scale: float, fill: str | None, outline: str | None, width: int) -> None:
    """A rectangle, its corners rounded by rx."""
    box = (shape.x * scale, shape.y * scale, (shape.x + shape.width) * scale - 1, (shape.y + shape.height) * scale - 1)
    draw.rounded_rectangle(box, radius=shape.rx * scale, fill=fill, outline=outline, width=width)


def _paint_circle(draw: Any, shape: Circle, scale: float, fill: str | None, outline: str | None, width: int) -> None:
    """A circle."""
    left, top = (shape.cx - shape.r) * scale, (shape.cy - shape.r) * scale
    box = (left, top, (shape.cx + shape.r) * scale, (shape.cy + shape.r) * scale)
    draw.ellipse(box, fill=fill, outline=outline, width=width)


def _paint_polygon(draw: Any, shape: Polygon, scale: float, fill: str | None, outline: str | None, width: int) -> None:
    """A closed polygon, or an open line in the stroke colour."""
    points = [(x * scale, y * scale) for x, y in shape.points]
    if shape.closed:
        draw.polygon(points, fill=fill, outline=outline, width=width)
    else:
        draw.line(points, fill=outline, width=width, joint="curve")


def _paint_text(draw: Any, shape: Text, scale: float, fill: str | None, outline: str | None, width: int) -> None:
    """A line of text in the fill colour, anchored as the shape says."""
    font = _font(max(1, round(shape.size * scale)), shape.bold)
    draw.text((shape.x * scale, shape.y * scale), shape.text, fill=fill, font=font, anchor=ANCHORS[shape.anchor])


_PAINTERS: dict[type[Shape], Callable[..., None]] = {
    Rect: _paint_rect,
    Circle: _paint_circle,
    Polygon: _paint_polygon,
    Text: _paint_text,
}
"""How each kind of shape is drawn: (ImageDraw, shape, scale, fill, outline, outline width)."""


def image(scene: Scene, scale: float = 1.0, base: Any = None, start: int = 0) -> Any:
    """The scene as an RGB Pillow image `scale` times its size; with `base`, an image already holding its
    first `start` shapes, only the rest are drawn (on a copy)."""
    from PIL import Image, ImageDraw

    size = (round(scene.width * scale), round(scene.height * scale))
    picture = base.copy() if base is not None else Image.new("RGB", size, _colour(scene.background) or "white")
    draw = ImageDraw.Draw(picture)
    for shape in scene.shapes[start:]:
        _draw(draw, shape, scale)
    return picture


def smooth_image(scene: Scene, scale: float = 1.0) -> Any:
    """The scene as an RGB Pillow image `scale` times its size, edges smoothed by drawing it larger and
    scaling it down (the picture a PNG holds)."""
    from PIL import Image

    large = image(scene, scale * SUPERSAMPLE)
    return large.resize((round(scene.width * scale), round(scene.height * scale)), Image.Resampling.LANCZOS)


def write_png(scene: Scene, path: str | Path, scale: float = 1.0) -> None:
    """A PNG of one scene, edges smoothed (smooth_image)."""
    smooth_image(scene, scale).save(path, format="PNG", optimize=True)


def _palette(scenes: Sequence[Scene]) -> Any:
    """A Pillow palette image holding every colour the scenes use and a ramp of greys (for text edges)."""
    from PIL import Image, ImageColor

    rgb = sorted({ImageColor.getrgb(value) for value in _colours(scenes) if _colour(value)})
    rgb += [(level, level, level) for level in range(0, 256, 17)]
    rgb = list(dict.fromkeys(rgb))[:256]
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in rgb for channel in colour] + [0] * 3 * (256 - len(rgb)))
    return palette


def _colours(scenes: Sequence[Scene]) -> set[str]:
    """Every colour the scenes name: backgrounds, fills and strokes (none included)."""
    colours = {scene.background for scene in scenes}
    return colours | {value for scene in scenes for shape in scene.shapes for value in (shape.fill, shape.stroke)}


def common_prefix(scenes: Sequence[Scene]) -> int:
    """How many shapes at the start of every scene are the same in all of them (drawn once for all)."""
    count = len(scenes[0].shapes)
    for scene in scenes[1:]:
        same = 0
        for first, other in zip(scenes[0].shapes[:count], scene.shapes):
            if first != other:
                break
            same += 1
        count = same
    return count


def write_gif(scenes: Sequence[Scene], path: str | Path, durations: Sequence[int]) -> None:
    """An animated GIF, one frame per scene shown for its duration (ms), looping, in one shared palette."""
    from PIL import Image

    palette = _palette(scenes)
    start = common_prefix(scenes)
    base = image(Scene(scenes[0].width, scenes[0].height, scenes[0].shapes[:start], scenes[0].background))
    frames = [
        image(scene, base=base, start=start).quantize(palette=palette, dither=Image.Dither.NONE) for scene in scenes
    ]
    frames[0].save(
        path, format="GIF", save_all=True, append_images=frames[1:], duration=list(durations), loop=0, optimize=False
    )
    log.info("wrote %s: %d frames", path, len(frames))
