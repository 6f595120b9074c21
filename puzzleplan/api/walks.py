"""The random walk of seed 004's section 2.F, for any puzzle: what `puzzleplan walk` prints and
puzzleplan.api.sbp_text.randomWalk runs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from puzzleplan.api import Instance


def random_walk(inst: Instance, n: int, seed: int | None = None) -> Iterator[tuple[Any, Any]]:
    """The random walk of seed 004's 2.F on any puzzle: (None, the normalized initial state), then for each
    step (the move drawn, the normalized state after it), stopping at the goal, after `n` moves or where no
    move is legal (stuck says which). `seed` fixes the draws (random.Random(seed))."""
    rng = random.Random(seed)
    state = inst.normalize(inst.initial)
    yield None, state
    for _ in range(n):
        if inst.is_goal(state):
            return
        moves = inst.moves(state)
        if not moves:
            return
        move = rng.choice(moves)
        state = inst.normalize(inst.apply(state, move))
        yield move, state


def stuck(inst: Instance, state: Any) -> bool:
    """True when no move is legal in `state` and it is not a goal (a walk ended there early)."""
    return not inst.is_goal(state) and not inst.moves(state)
