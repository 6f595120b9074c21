"""PI-corral pruning for the forward push searches (after Junghanns and Schaeffer, with the corral merging of
YASS and Sokolution). A corral is an area of free cells the keeper cannot reach; its barrier is the boxes next
to it. Such an area is fenced by walls and boxes only, so until a barrier box moves, no other box can come next
to it and the keeper cannot get in.

It is an I-corral when every push of a barrier box from outside goes into it; pushes onto dead squares and
pushes that freeze the box with the barrier and the walls alone are left out (no solution makes them before
the barrier moves). A push of a barrier box into another corral does not spoil it: the two are merged and
looked at together. A PI-corral is also P: the keeper can make each push into it now. When a PI-corral still
has work (a barrier box off its goal, or an empty goal inside when goals and boxes are as many), every
solution moves a barrier box first, into the corral, and that push can be made first: trying only the pushes
of its barrier keeps solvability and the fewest pushes."""

from __future__ import annotations

from collections.abc import Iterator

from puzzleplan.translator.bitset import bits
from puzzleplan.translator.sokoban.analysis import Analysis, Push, compiled_pushed_beyond

Grown = dict[int, int | None]
"""One position's merged I-corrals (or None) by the corral they were grown from: the deadlock test
(sokoban_deadlocks) and the pruning grow the same ones."""


def corral_pushes(
    data: Analysis, reach: int, boxes: int, pushes: list[Push], merge: bool = True, grown: Grown | None = None
) -> list[Push]:
    """The pushes worth trying: those of the barrier of the PI-corral with the fewest pushes, or all (with
    `merge`, corrals merged as i_corral does, taken from `grown` when already grown there; else each
    corral alone)."""
    best, tried, grown = pushes, 0, {} if grown is None else grown
    for seed in data.components(data.inside & ~boxes & ~reach):
        if seed & tried:
            continue  # a merged corral already grown from another seed holds it
        corral = merged_corral(data, seed, reach, boxes, grown) if merge else i_corral(data, seed, reach, boxes, False)
        if corral is None:
            continue
        tried |= corral
        barrier = boxes & data.grow(corral)
        if not needs_work(data, corral, barrier, boxes) or not _possible(data, corral, barrier, reach):
            continue
        chosen = [push for push in pushes if (barrier >> push[0]) & 1]
        if len(chosen) < len(best):
            best = chosen
    return best


def merged_corral(data: Analysis, corral: int, reach: int, boxes: int, grown: Grown) -> int | None:
    """i_corral with merging, grown once per corral of a position (`grown` holds that position's)."""
    if corral not in grown:
        grown[corral] = i_corral(data, corral, reach, boxes)
    return grown[corral]


def i_corral(data: Analysis, corral: int, reach: int, boxes: int, merge: bool = True) -> int | None:
    """The I-corral grown from a corral by merging the other corrals its barrier's pushes go into or start
    from; None when some barrier box can be pushed out of it (onto the keeper's area or another box), or
    would need a merge and `merge` is off."""
    free = data.inside & ~boxes & ~reach
    while True:
        barrier = boxes & data.grow(corral)
        if data.board:
            beyond, out = compiled_pushed_beyond(data.board, corral, barrier, free)
        else:
            beyond, out = pushed_beyond_loop(data, corral, barrier, free)
        if not beyond or not merge:
            return None if out or beyond else corral
        corral |= data.flood(beyond, free)


def pushed_beyond_loop(data: Analysis, corral: int, barrier: int, free: int) -> tuple[int, bool]:
    """The cells of other corrals (in `free`, the cells no keeper reaches) where a push of a barrier box
    ends or else starts, and whether some push goes out of the corral from a cell the keeper may reach. A
    push whose cell is already counted (or out, once one is) needs no freeze test: it adds nothing. The
    pushes are _barrier_pushes', written out: this loop is the pruning's innermost, compiled where it can be
    (_analysis.c)."""
    beyond, out, lines, fence = 0, False, data.lines, corral | barrier
    for box in bits(barrier):
        for _, behind, target in lines[box]:
            if ((fence >> behind) | (barrier >> target)) & 1:
                continue
            inward = (corral >> target) & 1
            if (free >> behind) & 1:
                cell = 1 << (behind if inward or not (free >> target) & 1 else target)
            elif inward:
                continue
            elif (free >> target) & 1:
                cell = 1 << target
            elif out:
                continue
            else:
                cell = 0
            if not cell & beyond and not _freezes(data, barrier, box, target):
                beyond, out = beyond | cell, out or not cell
    return beyond, out


def _possible(data: Analysis, corral: int, barrier: int, reach: int) -> bool:
    """P: the keeper can now make every push of a barrier box into the corral from outside it."""
    return all(
        (reach >> behind) & 1 or _freezes(data, barrier, box, target)
        for box, behind, target in _barrier_pushes(data, corral, barrier)
    )


def _barrier_pushes(data: Analysis, corral: int, barrier: int) -> Iterator[tuple[int, int, int]]:
    """(box, keeper cell, target cell) of the pushes of barrier boxes from outside the corral onto live
    cells off the barrier."""
    lines, fence = data.lines, corral | barrier
    return (
        (box, behind, target)
        for box in bits(barrier)
        for _, behind, target in lines[box]
        if not ((fence >> behind) | (barrier >> target)) & 1
    )


def _freezes(data: Analysis, barrier: int, box: int, target: int) -> bool:
    """Whether the push freezes the box with the barrier and walls alone, a box off its goal among them:
    no solution makes it before the barrier moves."""
    return data.deadlocked(target, barrier ^ (1 << box) ^ (1 << target))


def needs_work(data: Analysis, corral: int, barrier: int, boxes: int) -> bool:
    """A barrier box off its goal, or an empty goal inside that some box must fill."""
    if barrier & ~data.goal_mask:
        return True
    return bool(corral & data.goal_mask) and len(data.goals) == boxes.bit_count()
