"""Hypothesis strategies for random Hanoi and tiles instances (shared by the spine's tests)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from puzzleplan.translator.graph import distances
from puzzleplan.translator.hanoi import Hanoi, HanoiInstance
from puzzleplan.translator.tiles.puzzle import Tiles, TilesInstance, default_goal


@st.composite
def hanoi_instances(draw, max_discs: int = 5, max_pegs: int = 4) -> HanoiInstance:
    """Random legal start configurations and random partial goals."""
    pegs = tuple("ABCDEFG"[: draw(st.integers(3, max_pegs))])
    discs = draw(st.integers(1, max_discs))
    where = draw(st.lists(st.sampled_from(pegs), min_size=discs, max_size=discs))
    init = tuple(tuple(d for d in range(discs, 0, -1) if where[d - 1] == p) for p in pegs)
    goal_where = draw(st.lists(st.sampled_from(pegs), min_size=discs, max_size=discs))
    full = {p: tuple(d for d in range(discs, 0, -1) if goal_where[d - 1] == p) for p in pegs}
    goal = []
    for peg in pegs:
        keep = draw(st.integers(0, len(full[peg])))
        if keep:
            goal.append((peg, full[peg][:keep]))
    return HanoiInstance(pegs, init, tuple(goal))


@st.composite
def tiles_instances(draw, max_side: int = 3, walk: int = 12) -> TilesInstance:
    """Random boards up to max_side x max_side with 1-2 blanks, scrambled by a random walk from the goal."""
    height, width = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    blanks = draw(st.integers(1, 2))
    goal = default_goal(tuple(range(1, height * width - blanks + 1)) + (0,) * blanks)
    rng = random.Random(draw(st.integers(0, 10**6)))
    instance = TilesInstance(height, width, goal, goal)
    board = goal
    for _ in range(draw(st.integers(0, walk))):
        board = rng.choice([child for _, child in Tiles().successors(instance, board)])
    return TilesInstance(height, width, board, goal)


def random_state(puzzle, instance, seed: int, steps: int):
    """A state reached by a random walk of `steps` legal moves from the initial state."""
    rng, state = random.Random(seed), puzzle.initial(instance)
    for _ in range(steps):
        moves = list(puzzle.moves(instance, state))
        if not moves:
            break
        state = puzzle.apply(instance, state, rng.choice(moves))
    return state


def state_distances(puzzle, instance, starts) -> dict:
    """Breadth-first distance from the nearest of `starts` to every state reachable from them."""
    return distances(starts, lambda state: [child for _, child in puzzle.successors(instance, state)])


HANOI = Hanoi()
TILES = Tiles()
