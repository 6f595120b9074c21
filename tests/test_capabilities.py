"""The puzzle interface: a small core every puzzle writes (read, rules, encode, decode) and optional
capabilities declared as such in a puzzle's class header; callers ask for them (capabilities(), the
accessors) and get the capability's defaults, or a clean refusal, for a puzzle that does not declare one."""

from __future__ import annotations

import random

import pytest

from puzzleplan.api.pipeline import solve
from puzzleplan.api.validation import validate_moves
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.limits import Limits
from puzzleplan.pictures.drawing import Drawing
from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.translator import registry
from puzzleplan.translator.capabilities import (
    CAPABILITIES,
    ENCODINGS,
    GENERATOR,
    HEURISTICS,
    LEVELS,
    NOTATIONS,
    OBSERVATIONS,
    REPORTS,
    Notated,
    encodings_of,
    generator_of,
    leveled,
    notation,
    reports,
    search_help,
)
from puzzleplan.translator.pddl.task import PddlTask
from puzzleplan.translator.puzzle import Puzzle

EVERY_PUZZLE = {NOTATIONS, HEURISTICS, REPORTS, OBSERVATIONS}
OFFERED = {
    "hanoi": EVERY_PUZZLE | {GENERATOR},
    "tiles": EVERY_PUZZLE | {LEVELS, GENERATOR},
    "shrdlu": EVERY_PUZZLE | {LEVELS, GENERATOR},
    "sbp": EVERY_PUZZLE | {LEVELS},
    "sokoban": EVERY_PUZZLE | {LEVELS},
    "sokoban-pushes": EVERY_PUZZLE | {LEVELS, ENCODINGS},
    "bloxorz": EVERY_PUZZLE | {LEVELS, ENCODINGS},
    "pacman": EVERY_PUZZLE | {GENERATOR},
}
CORE = {"parse", "render", "initial", "moves", "apply", "is_goal", "encode", "decode"}


def test_the_core_is_what_every_puzzle_must_write_and_no_capability() -> None:
    assert Puzzle.__abstractmethods__ == CORE
    public = {name for name in vars(Puzzle) if not name.startswith("_")}
    assert public == CORE | {"name", "suffixes", "successors", "apply_step", "replay", "capabilities"}
    assert not any(issubclass(Puzzle, mixin) for mixin in CAPABILITIES.values())


@pytest.mark.parametrize("name", sorted(registry.PUZZLES))
def test_each_puzzle_declares_its_capabilities(name: str) -> None:
    puzzle = registry.get_puzzle(name)
    assert puzzle.capabilities() == OFFERED[name]
    assert isinstance(drawer_of(puzzle), Drawing)
    assert set(search_help(puzzle).heuristics()) >= {"default"}
    if GENERATOR in OFFERED[name]:
        instance = generator_of(puzzle).random_instance({}, random.Random(1))
        assert puzzle.parse(puzzle.render(instance)) == instance
    else:
        with pytest.raises(InputError, match="has no generator"):
            generator_of(puzzle)


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
        if move not in self.moves(instance, state):
            raise IllegalMove("the counter counts up by one to the instance's number")
        return state + move[0]

    def is_goal(self, instance: int, state: int) -> bool:
        return state == instance

    def encode(self, instance: int) -> PddlTask:
        return PddlTask(f"count{instance}", "(define (domain counter))", "(define (problem p) (:domain counter))")

    def decode(self, instance: int, plan):
        return [(1,) for _ in plan]


def test_a_puzzle_of_the_core_alone_declares_nothing_and_gets_the_defaults() -> None:
    counter = Counter()
    assert counter.capabilities() == frozenset()
    spelling = notation(counter)
    assert spelling.format_move((1,)) == "[1]" and spelling.parse_move("[1]") == (1,)
    assert spelling.parse_moves("1. [1]\n[1]  # again\n") == [(1,), (1,)]
    assert [n.name for n in spelling.notations()] == ["moves one a line"]
    assert search_help(counter).heuristic(3, 0) == 0 and search_help(counter).normalize(3, 2) == 2
    assert reports(counter).measures(3, [(1,)]) == {"moves": 1} and reports(counter).show(3, 2) == "2"
    assert reports(counter).show_steps(3, [(1,)], [0, 1]) == "0\n   1. [1]\n1\n"
    assert leveled(counter).parse_level("3", "three", None) == 3 and leveled(counter).levels("3", "three") == [""]
    with pytest.raises(InputError, match="--level is not supported"):
        leveled(counter).parse_level("3", "three", "2")
    assert encodings_of(counter).encodings(3) == [counter.encode(3)]
    assert counter.replay(3, [(1,)] * 3).valid and "move 2 [2]" in counter.replay(3, [(1,), (2,)]).reason
    with pytest.raises(InputError, match="no drawing"):
        drawer_of(counter)
    with pytest.raises(InputError, match="no generator"):
        generator_of(counter)


def test_the_pipeline_solves_and_validates_a_puzzle_of_the_core_alone() -> None:
    counter = Counter()
    report = solve(counter, 3, "three", "native-bfs", Limits(timeout=10))
    assert report.valid and report.moves == [(1,)] * 3 and report.to_json(counter)["moves"] == [[1]] * 3
    assert validate_moves(counter, 3, "three", [(1,)] * 3).valid


def test_a_declared_capability_is_used_by_the_defaults_of_the_others() -> None:
    class Spelled(Counter, Notated):
        def format_move(self, move: tuple[int]) -> str:
            return f"+{move[0]}"

    spelled = Spelled()
    assert spelled.capabilities() == {NOTATIONS} and notation(spelled) is spelled
    assert reports(spelled).show_steps(1, [(1,)], [0, 1]) == "0\n   1. +1\n1\n"
    assert "move 1 +2" in spelled.replay(1, [(2,)]).reason
