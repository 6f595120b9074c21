"""The puzzle interface: a core every puzzle writes (read, rules, encode, decode) and optional capabilities
declared as such (heuristics, drawing, notations, generator), whose defaults the mixins keep."""

from __future__ import annotations

import random

import pytest
from puzzleplan.translator import registry
from puzzleplan.translator.capabilities import (
    DRAWING,
    GENERATOR,
    HEURISTICS,
    NOTATIONS,
    Drawable,
    Generating,
    Notated,
    Searchable,
    capabilities,
)
from puzzleplan.translator.errors import InputError
from puzzleplan.translator.pictures.drawing import Drawing
from puzzleplan.translator.puzzle import Puzzle

OFFERED = {
    "hanoi": {DRAWING, GENERATOR, HEURISTICS, NOTATIONS},
    "tiles": {DRAWING, GENERATOR, HEURISTICS},
    "shrdlu": {DRAWING, GENERATOR, HEURISTICS},
    "sbp": {DRAWING, HEURISTICS, NOTATIONS},
    "sokoban": {DRAWING, HEURISTICS, NOTATIONS},
    "sokoban-pushes": {DRAWING, HEURISTICS, NOTATIONS},
    "bloxorz": {DRAWING, HEURISTICS, NOTATIONS},
    "pacman": {DRAWING, GENERATOR, HEURISTICS, NOTATIONS},
}


def test_the_core_is_what_every_puzzle_must_write() -> None:
    assert Puzzle.__abstractmethods__ == {
        "parse",
        "render",
        "initial",
        "moves",
        "apply",
        "is_goal",
        "encode",
        "decode",
        "parse_move",
    }
    for mixin in (Searchable, Drawable, Notated, Generating):
        assert issubclass(Puzzle, mixin)


@pytest.mark.parametrize("name", sorted(registry.PUZZLES))
def test_each_puzzle_declares_its_capabilities(name: str) -> None:
    puzzle = registry.get_puzzle(name)
    assert capabilities(puzzle) == OFFERED[name]
    assert isinstance(puzzle.drawer(), Drawing)
    assert set(puzzle.heuristics()) >= {"default"}
    if GENERATOR in OFFERED[name]:
        instance = puzzle.random_instance({}, random.Random(1))
        assert puzzle.parse(puzzle.render(instance)) == instance
    else:
        with pytest.raises(InputError, match="has no generator"):
            puzzle.random_instance({}, random.Random(1))


def test_a_puzzle_of_the_core_alone_offers_no_capability_and_keeps_the_defaults() -> None:
    class Counter(Puzzle[int, int, tuple[int]]):
        """Count up to the instance's number, one step at a time."""

        name = "counter"

        def parse(self, text: str, source: str = "<input>") -> int:
            return int(text)

        def render(self, instance: int) -> str:
            return str(instance)

        def initial(self, instance: int) -> int:
            return 0

        def moves(self, instance: int, state: int) -> list[tuple[int]]:
            return [(1,)] if state < instance else []

        def apply(self, instance: int, state: int, move: tuple[int]) -> int:
            return state + move[0]

        def is_goal(self, instance: int, state: int) -> bool:
            return state == instance

        def encode(self, instance: int):
            raise NotImplementedError

        def decode(self, instance: int, plan):
            return [(1,) for _ in plan]

        def parse_move(self, text: str) -> tuple[int]:
            return (int(text.strip("[]")),)

    counter = Counter()
    assert capabilities(counter) == frozenset()
    assert counter.heuristic(3, 0) == 0 and counter.normalize(3, 2) == 2
    assert [n.name for n in counter.notations()] == ["moves one a line"]
    assert counter.replay(3, [(1,)] * 3).valid
    with pytest.raises(InputError, match="no drawing"):
        counter.drawer()
    with pytest.raises(InputError, match="no generator"):
        counter.random_instance({}, random.Random(1))
