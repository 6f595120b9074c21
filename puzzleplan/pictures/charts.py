"""Small line charts in inline SVG for the search player: one figure (frontier size, closed size, f or g)
along a run's expansions, with a cursor line that the page's script moves to the expansion shown."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from puzzleplan.pictures.scene import number

WIDTH, HEIGHT, PAD = 176.0, 56.0, 3.0
POINTS = 300
"""The most points a chart's line has (a longer run is drawn through an even sample of its points)."""


def thinned(points: Sequence[tuple[int, float]], most: int = POINTS) -> list[tuple[int, float]]:
    """At most `most` of the points, spread evenly, the first and the last kept."""
    if len(points) <= most:
        return list(points)
    return [points[round(number * (len(points) - 1) / (most - 1))] for number in range(most)]


def line_chart(name: str, points: Sequence[tuple[int, float]], span: int, top: float, colour: str) -> str:
    """A chart of `points` (expansion index, value) on x from 0 to `span` expansions and y from 0 to `top`,
    named `name` (its class and caption), with its cursor (class `cursor`, data-span the expansions across)."""
    span, top = max(span, 1), max(top, 1.0)

    def x(index: float) -> str:
        return number(PAD + (WIDTH - 2 * PAD) * index / span)

    def y(value: float) -> str:
        return number(HEIGHT - PAD - (HEIGHT - 2 * PAD) * value / top)

    line = " ".join(f"{x(index)},{y(value)}" for index, value in thinned(points))
    largest, last = max((value for _, value in points), default=0), points[-1][1] if points else 0
    caption = f"{name} (largest {number(largest)}, last {number(last)})"
    return (
        f'<figure class="chart {escape(name)}"><svg width="{number(WIDTH)}" height="{number(HEIGHT)}" '
        f'viewBox="0 0 {number(WIDTH)} {number(HEIGHT)}" role="img" aria-label="{escape(caption)}">'
        f'<rect class="frame" x="0" y="0" width="{number(WIDTH)}" height="{number(HEIGHT)}"></rect>'
        f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.5"></polyline>'
        f'<line class="cursor" data-span="{span}" data-left="{number(PAD)}" data-width="{number(WIDTH - 2 * PAD)}" '
        f'x1="{number(PAD)}" x2="{number(PAD)}" y1="0" y2="{number(HEIGHT)}"></line>'
        f"</svg><figcaption>{escape(caption)}</figcaption></figure>"
    )
