"""Scenes in time: the things a sequence of scenes draws (a slot per id, kept in one drawing order) and what
each slot shows in each frame, for the renderers that draw everything once and change it frame by frame."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from translator.pictures.scene import Scene, svg_element

Element = tuple[str, dict[str, str], "str | None"]
"""An SVG element as svg_element gives it: tag, attributes, text content."""


def keyed(scene: Scene, exact: bool = False) -> list[tuple[str, Element]]:
    """The scene's shapes as (key, element): the key is the shape's id (its tag and text too when `exact`),
    or for a shape without an id the element itself; a key met again in the scene gets a #n suffix."""
    found, seen = [], {}
    for shape in scene.shapes:
        element = svg_element(shape)
        tag, attributes, text = element
        if shape.id:
            key = f"{shape.id}|{tag}|{text}" if exact else shape.id
        else:
            key = repr((tag, sorted(attributes.items()), text))
        seen[key] = seen.get(key, 0) + 1
        found.append((key if seen[key] == 1 else f"{key}#{seen[key]}", element))
    return found


@dataclass(frozen=True)
class Timeline:
    """Slots in drawing order and, per frame, the element each slot shows (a slot not in a frame's dict is
    empty in that frame)."""

    order: tuple[str, ...]
    frames: tuple[dict[str, Element], ...]

    @classmethod
    def of(cls, scenes: Sequence[Scene], exact: bool = False) -> Timeline:
        """The timeline of the scenes: a slot enters the order after the slot drawn before it where it
        first appears (so the drawing order of every frame is kept when frames agree on it)."""
        order: list[str] = []
        placed: set[str] = set()
        frames = []
        for scene in scenes:
            shapes = keyed(scene, exact)
            previous = None
            for key, _ in shapes:
                if key not in placed:
                    order.insert(order.index(previous) + 1 if previous is not None else 0, key)
                    placed.add(key)
                previous = key
            frames.append(dict(shapes))
        return cls(tuple(order), tuple(frames))

    def constant(self, key: str) -> bool:
        """Whether a slot shows the same element in every frame."""
        first = self.frames[0].get(key)
        return first is not None and all(frame.get(key) == first for frame in self.frames[1:])
