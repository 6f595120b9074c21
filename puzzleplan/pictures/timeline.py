"""Scenes in time: the things a sequence of scenes draws (a slot per id, kept in one drawing order) and what
each slot shows in each frame, for the renderers that draw everything once and change it frame by frame."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from puzzleplan.pictures.scene import Scene, Shape, svg_element

Element = tuple[str, dict[str, str], "str | None"]
"""An SVG element as svg_element gives it: tag, attributes, text content."""


def keyed(
    scene: Scene, exact: bool = False, known: dict[Shape, tuple[str, Element]] | None = None
) -> list[tuple[str, Element]]:
    """The scene's shapes as (key, element): the key is the shape's id (its tag and text too when `exact`),
    or for a shape without an id the element itself; a key met again in the scene gets a #n suffix.
    `known` keeps the key and element of shapes already seen (frames share most of their shapes)."""
    found: list[tuple[str, Element]] = []
    seen: dict[str, int] = {}
    known = {} if known is None else known
    for shape in scene.shapes:
        if shape not in known:
            known[shape] = _key(shape, exact)
        key, element = known[shape]
        seen[key] = seen.get(key, 0) + 1
        found.append((key if seen[key] == 1 else f"{key}#{seen[key]}", element))
    return found


def _key(shape: Shape, exact: bool) -> tuple[str, Element]:
    """A shape's key (see keyed) and element."""
    tag, attributes, text = element = svg_element(shape)
    if shape.id:
        return (f"{shape.id}|{tag}|{text}" if exact else shape.id), element
    return repr((tag, sorted(attributes.items()), text)), element


@dataclass(frozen=True)
class Timeline:
    """Slots in drawing order and, per frame, the element each slot shows (a slot not in a frame's dict is
    empty in that frame)."""

    order: tuple[str, ...]
    frames: tuple[dict[str, Element], ...]

    @classmethod
    def of(cls, scenes: Sequence[Scene], exact: bool = False) -> Timeline:
        """The timeline of the scenes: the slots in an order that keeps every frame's drawing order (a slot
        drawn before another in some frame comes first), ties and disagreements settled by first appearance."""
        known: dict[Shape, tuple[str, Element]] = {}
        frames = [keyed(scene, exact, known) for scene in scenes]
        seen: dict[str, int] = {}
        after: dict[str, set[str]] = {}
        for shapes in frames:
            for key, _ in shapes:
                seen.setdefault(key, len(seen))
                after.setdefault(key, set())
            for (first, _), (second, _) in zip(shapes, shapes[1:]):
                after[first].add(second)
        return cls(tuple(_ordered(seen, after)), tuple(dict(shapes) for shapes in frames))

    def constant(self, key: str) -> bool:
        """Whether a slot shows the same element in every frame."""
        first = self.frames[0].get(key)
        return first is not None and all(frame.get(key) == first for frame in self.frames[1:])


def _ordered(seen: dict[str, int], after: dict[str, set[str]]) -> list[str]:
    """The keys in an order where each comes before those `after` names (Kahn's algorithm, the earliest
    seen first among the free ones); when frames disagree (a cycle), the earliest seen left goes next."""
    waiting = _in_degrees(seen, after)
    free = [(seen[key], key) for key, count in waiting.items() if count == 0]
    heapq.heapify(free)
    order: list[str] = []
    placed: set[str] = set()
    while len(order) < len(seen):
        key = _next_free(free, seen, placed)
        if key in placed:
            continue
        placed.add(key)
        order.append(key)
        for follower in sorted(after[key]):
            waiting[follower] -= 1
            if waiting[follower] == 0 and follower not in placed:
                heapq.heappush(free, (seen[follower], follower))
    return order


def _in_degrees(seen: dict[str, int], after: dict[str, set[str]]) -> dict[str, int]:
    """For each key, how many keys must come before it."""
    waiting = dict.fromkeys(seen, 0)
    for followers in after.values():
        for key in followers:
            waiting[key] += 1
    return waiting


def _next_free(free: list[tuple[int, str]], seen: dict[str, int], placed: set[str]) -> str:
    """The earliest seen free key (it may already be placed); when none is free (a cycle), the earliest
    seen key not placed yet."""
    if not free:
        stuck = min((key for key in seen if key not in placed), key=seen.__getitem__)
        heapq.heappush(free, (seen[stuck], stuck))
    return heapq.heappop(free)[1]
