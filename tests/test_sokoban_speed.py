"""The push search's shortcuts (the Euler count of regions, the push tables, the freeze test's quick exit,
floods started from the area before a push) agree with the plain definitions, and the search they speed up
still expands the same states and finds the same plans."""

from __future__ import annotations

import hashlib
import heapq

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Simulation
from puzzleplan.planners.registry import PUSH_SINGLE, get_planner
from puzzleplan.planners.sokoban_push import _FeatureCycle
from puzzleplan.translator.bitset import lowest
from puzzleplan.translator.graph import shortest_path
from puzzleplan.translator.sokoban.analysis import BACK, _Areas, analysis, box_moves, move_one_box
from puzzleplan.translator.sokoban.corrals import _barrier_pushes, _freezes, i_corral
from tests.test_sokoban import SOKOBAN, levels


def floor_masks(draw, instance) -> int:
    """A box mask: any subset of the walled area."""
    data = analysis(instance)
    cells = sorted(data.index.values())
    return sum(1 << cell for cell in draw(st.sets(st.sampled_from(cells), max_size=len(cells))))


@settings(max_examples=150, deadline=None)
@given(instance=levels(max_side=6, max_boxes=3), data=st.data())
def test_euler_count_of_regions_is_the_number_of_components(instance, data):
    """Regions counted from the Euler number and the holes equal the floor's components, flooded one by one."""
    analysed = analysis(instance)
    boxes = data.draw(st.composite(floor_masks)(instance))
    assert analysed.regions(boxes) == sum(1 for _ in analysed.components(analysed.inside & ~boxes))


def test_regions_count_a_box_the_floor_closes_round_once():
    """A box in the middle of a room is a hole: the floor round it is still one region."""
    data = analysis(SOKOBAN.parse("#####\n#   #\n# $ #\n#  .#\n#@  #\n#####\n"))
    assert data.regions(data.mask([(2, 2)])) == 1
    assert data.regions(data.mask([(1, 2), (2, 2), (3, 2), (4, 2)])) == 2  # a wall of boxes across the room


@settings(max_examples=80, deadline=None)
@given(instance=levels(max_side=5, max_boxes=3), data=st.data())
def test_pushes_and_freezing_agree_with_their_definitions(instance, data):
    """Pushes from the precomputed tables are those onto live free cells from the keeper's side, and a box
    free along an axis is never frozen (the quick exit agrees with the full test), and the recursive freeze
    test reading its axes off `sides` finds the clusters of the plain one."""
    analysed = analysis(instance)
    boxes = data.draw(st.composite(floor_masks)(instance))
    reach = analysed.reach(analysed.index[instance.keeper], boxes)
    expected = [
        (box, d, analysed.neighbour[box][d])
        for box in sorted(analysed.index.values())
        if (boxes >> box) & 1
        for d in range(4)
        if (behind := analysed.neighbour[box][BACK[d]]) >= 0
        and (reach >> behind) & 1
        and (target := analysed.neighbour[box][d]) >= 0
        and analysed.live[target]
        and not (boxes >> target) & 1
    ]
    assert analysed.pushes(reach, boxes) == expected
    for box in analysed.index.values():
        if (boxes >> box) & 1:
            assert analysed.frozen_with(box, boxes) == slow_freeze(analysed, box, boxes)
            assert analysed._frozen(box, boxes, 0) == plain_frozen(analysed, box, boxes, 0)


@settings(max_examples=80, deadline=None)
@given(instance=levels(max_side=6, max_boxes=3), data=st.data())
def test_the_area_after_a_push_flooded_from_the_area_before_is_the_keepers(instance, data):
    """reach_after, which starts from the keeper's area before a push when it can, finds the same cells."""
    analysed = analysis(instance)
    keeper = analysed.index[instance.keeper]
    boxes = data.draw(st.composite(floor_masks)(instance)) & ~(1 << keeper)  # the keeper stands on no box
    reach = analysed.reach(keeper, boxes)
    for box, _, target in analysed.pushes(reach, boxes):
        moved = boxes ^ (1 << box) ^ (1 << target)
        assert analysed.reach_after(box, moved, reach) == analysed.reach(box, moved)


@settings(max_examples=300, deadline=None)
@given(instance=levels(max_side=7, max_boxes=2), data=st.data())
def test_move_one_box_finds_the_path_of_the_plain_breadth_first_search(instance, data):
    """move_one_box (nodes tested when met, keeper areas shared per box cell) returns the very pushes (or
    pulls) of the plain breadth-first search that tests nodes as they come off the queue."""
    analysed = analysis(instance)
    boxes = data.draw(st.composite(floor_masks)(instance))
    cells = sorted(analysed.index.values())
    box = data.draw(st.sampled_from(cells))
    others = boxes & ~(1 << box)
    keeper = data.draw(st.sampled_from(cells))
    if (others | (1 << box)) >> keeper & 1:
        return  # the keeper stands on no box
    targets = sum(1 << cell for cell in data.draw(st.sets(st.sampled_from(cells), max_size=3)))
    reach = analysed.reach(keeper, others | (1 << box))
    for pulling in (False, True):
        expected = plain_move_one_box(analysed, box, reach, others, targets, pulling)
        assert move_one_box(analysed, box, reach, others, targets, pulling) == expected


@settings(max_examples=200, deadline=None)
@given(instance=levels(max_side=7, max_boxes=3), data=st.data())
def test_box_moves_reach_every_position_of_the_lone_box_in_the_fewest_pushes(instance, data):
    """box_moves gives one path for each (box cell, keeper area) but the start's that pushing the box alone
    reaches from the first pushes allowed, avoiding the barred cells: pushes the keeper can make one after
    another, as few as the plain breadth-first search (each area flooded anew) needs."""
    analysed = analysis(instance)
    cells = sorted(analysed.index.values())
    box, keeper = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
    others = data.draw(st.composite(floor_masks)(instance)) & ~(1 << box) & ~(1 << keeper)
    if box == keeper:
        return  # the keeper stands on no box
    reach = analysed.reach(keeper, others | (1 << box))
    firsts = data.draw(st.sets(st.integers(0, 3)))
    barred = sum(1 << cell for cell in data.draw(st.sets(st.sampled_from(cells), max_size=3)))
    found: dict[tuple[int, int], int] = {}
    for made in box_moves(analysed, box, firsts, reach, others, barred):
        cell, area = box, reach
        assert made[0][1] in firsts
        for pushed_from, d in made:
            target = analysed.neighbour[cell][d]
            assert pushed_from == cell and (cell, d, target) in analysed.pushes(area, 1 << cell)
            assert not ((others | barred) >> target) & 1
            cell, area = target, analysed.reach(cell, others | (1 << target))
        assert (cell, lowest(area)) not in found
        found[(cell, lowest(area))] = len(made)
    assert found == plain_box_moves(analysed, box, firsts, reach, others, barred)


def plain_box_moves(analysed, box: int, firsts, reach: int, others: int, barred: int) -> dict:
    """box_moves's positions by the plain breadth-first search: (box cell, lowest cell of the keeper's area)
    and the fewest pushes that reach it, each area flooded anew (the start left out)."""
    queue, found = [(box, reach, 0)], {(box, lowest(reach)): 0}
    for cell, area, pushes in queue:
        for _, d, target in analysed.pushes(area, 1 << cell):
            if ((others | barred) >> target) & 1 or (not pushes and d not in firsts):
                continue
            after = analysed.reach(cell, others | (1 << target))
            if (target, lowest(after)) not in found:
                found[(target, lowest(after))] = pushes + 1
                queue.append((target, after, pushes + 1))
    del found[(box, lowest(reach))]
    return found


@settings(max_examples=150, deadline=None)
@given(instance=levels(max_side=7, max_boxes=3), data=st.data())
def test_the_areas_round_a_lone_box_are_the_keepers(instance, data):
    """_Areas (areas kept per box cell, a part of the floor less a cell that cuts nothing, the area before a
    push and the cell left) finds the keeper's area after every push of a lone box, from every keeper area."""
    analysed = analysis(instance)
    others = data.draw(st.composite(floor_masks)(instance))
    areas = _Areas(analysed, others)
    for box in sorted(analysed.index.values()):
        if (others >> box) & 1:
            continue
        for before in analysed.components(analysed.inside & ~others & ~(1 << box)):
            for *_, target in analysed.pushes(before, 1 << box):
                if not (others >> target) & 1:
                    expected = analysed.reach(box, others | (1 << target))
                    assert areas.around(target, box, before, box) == expected


def plain_move_one_box(analysed, box: int, reach: int, others: int, targets: int, pulling: bool):
    """move_one_box as first written: the generic breadth-first search, each node's area flooded anew."""
    start = (box, lowest(reach))
    reach_of = {start: reach}

    def edges(node):
        box, reach = node[0], reach_of[node]
        found = []
        for _, d, target in analysed.pulls(reach, 1 << box) if pulling else analysed.pushes(reach, 1 << box):
            keeper = analysed.neighbour[target][d] if pulling else box
            if (others >> target) & 1 or (others >> keeper) & 1:
                continue
            area = analysed.reach(keeper, others | (1 << target))
            key = (target, lowest(area))
            reach_of.setdefault(key, area)
            found.append(((target, BACK[d]) if pulling else (box, d), key))
        return found

    return shortest_path(start, lambda node: bool((targets >> node[0]) & 1), edges)


@settings(max_examples=150, deadline=None)
@given(instance=levels(max_side=6, max_boxes=3), data=st.data())
def test_a_cell_that_cuts_nothing_leaves_its_part_of_the_floor_connected(instance, data):
    """When Analysis.cuts says a free cell splits nothing, its part of the free floor less that cell is the
    keeper's area from each free neighbour (what move_one_box takes instead of a flood); and a cell whose
    free neighbours are not all in one area does cut."""
    analysed = analysis(instance)
    free = analysed.inside & ~data.draw(st.composite(floor_masks)(instance))
    for cell in sorted(analysed.index.values()):
        if not (free >> cell) & 1:
            continue
        rest = free & ~(1 << cell)
        beside = [other for other in analysed.neighbour[cell] if other >= 0 and (rest >> other) & 1]
        areas = {analysed.flood(1 << other, rest) for other in beside}
        if not analysed.cuts(cell, free):
            assert areas <= {analysed.flood(1 << cell, free) & ~(1 << cell)}
        if len(areas) > 1:
            assert analysed.cuts(cell, free)


@settings(max_examples=150, deadline=None)
@given(instance=levels(max_side=7, max_boxes=4), data=st.data())
def test_i_corrals_agree_with_the_plain_merging(instance, data):
    """i_corral (its push loop written out, freeze tests skipped where they add nothing) grows the same
    I-corral as the plain merging, from every corral of a position, with merging and without."""
    analysed = analysis(instance)
    keeper = analysed.index[instance.keeper]
    boxes = data.draw(st.composite(floor_masks)(instance)) & ~(1 << keeper)
    reach = analysed.reach(keeper, boxes)
    for seed in analysed.components(analysed.inside & ~boxes & ~reach):
        for merge in (True, False):
            assert i_corral(analysed, seed, reach, boxes, merge) == plain_i_corral(analysed, seed, reach, boxes, merge)


def plain_i_corral(analysed, corral: int, reach: int, boxes: int, merge: bool) -> int | None:
    """i_corral as first written: every barrier push classified and freeze-tested on each round."""
    free = analysed.inside & ~boxes & ~reach
    while True:
        barrier = boxes & analysed.grow(corral)
        beyond, out = 0, False
        for box, behind, target in _barrier_pushes(analysed, corral, barrier):
            inward = (corral >> target) & 1
            if inward and not (free >> behind) & 1 or _freezes(analysed, barrier, box, target):
                continue
            if (free >> target) & 1 and not inward:
                beyond |= 1 << target
            elif (free >> behind) & 1:
                beyond |= 1 << behind
            else:
                out = True
        if not beyond or not merge:
            return None if out or beyond else corral
        corral |= analysed.flood(beyond, free)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 9), st.integers(0, 4))), max_size=80))
def test_the_feature_cycle_takes_the_turns_of_the_plain_one(operations):
    """_FeatureCycle (the groups holding entries kept by their turn) pops what the plain cycle, which looks
    at each group in turn and passes over the empty ones, pops: pushes (priority, group) and pops mixed."""
    queue, plain = _FeatureCycle(), PlainCycle()
    for tie, operation in enumerate(operations):
        if operation is None:
            assert queue.pop() == plain.pop()
        else:
            entry, group = (operation[0], tie), (operation[1],)
            queue.push(entry, group)
            plain.push(entry, group)
    while (entry := plain.pop()) is not None:
        assert queue.pop() == entry
    assert queue.pop() is None


class PlainCycle:
    """_FeatureCycle as first written: a turn looks at each group in order until one holds an entry."""

    def __init__(self) -> None:
        self.groups: dict[tuple, list[tuple]] = {}
        self.turns: list[tuple] = []
        self.turn = 0

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry in its group."""
        if group not in self.groups:
            self.groups[group] = []
            self.turns.append(group)
        heapq.heappush(self.groups[group], entry)

    def pop(self) -> tuple | None:
        """The best entry of the next group that has one; None when all are empty."""
        for _ in range(len(self.turns)):
            heap = self.groups[self.turns[self.turn]]
            self.turn = (self.turn + 1) % len(self.turns)
            if heap:
                return heapq.heappop(heap)
        return None


def slow_freeze(analysed, box: int, boxes: int) -> int | None:
    """frozen_with without its quick exit: the full recursive test alone, as first written."""
    cluster = plain_frozen(analysed, box, boxes, 0)
    if cluster is None:
        return 0
    return sum({1 << member for member in cluster}) if all(analysed.goal[member] for member in cluster) else None


def plain_frozen(analysed, box: int, boxes: int, walls: int) -> list[int] | None:
    """Analysis._frozen as first written: each axis's neighbours looked up and checked on every call."""
    cluster = [box]
    for axis in (0, 1):
        first, second = analysed.neighbour[box][2 * axis], analysed.neighbour[box][2 * axis + 1]
        if first < 0 or second < 0 or (walls >> first) & 1 or (walls >> second) & 1:
            continue
        if not analysed.live[first] and not analysed.live[second]:
            continue
        for other in (first, second):
            sub = plain_frozen(analysed, other, boxes, walls | (1 << box)) if (boxes >> other) & 1 else None
            if sub is not None:
                cluster += sub
                break
        else:
            return None
    return cluster


PINNED = [
    ("native-push:wastar,clusters,tunnels,fess,turns", "100", 430, "87b1d703"),
    ("native-push:wastar,clusters,tunnels,fess,turns", "150", 2791, "09831501"),
    ("native-push:clusters", "80", 441, "b94a77ff"),
    ("native-push:wastar,clusters,tunnels,cycle,doors", "100", 426, "6123478f"),
    ("native-push:wastar,clusters,tunnels,fess,turns,packing,opener", "100", 442, "d7b39b62"),
    ("native-push:wastar,clusters,tunnels,fess,turns,packing,opener", "150", 2791, "09831501"),
]
"""(planner, Microban level, states expanded, first 8 hex digits of the plan's md5) of main at 621b483, before
the shortcuts (native-push:wastar,clusters,tunnels,fess,turns,packing,opener's: main at f716ac1, where it was
native-push-best): they change the speed only. A change meant to change the search (its guidance, its
pruning) updates these figures in the same commit."""

PINNED_XSOKOBAN = [
    ("native-push:wastar,clusters,tunnels,fess,turns,packing,opener", "8", 2256, "77d6e5ad"),
    ("native-push:wastar,clusters,tunnels,fess,turns,packing,opener", "17", 1744, "32539c6e"),
    ("native-push:wastar,clusters,tunnels,fess,turns,packing,opener,entries", "27", 5000, "6955c223"),
    ("native-push:wastar,clusters,tunnels,fess,turns=3,packing,opener,entries", "27", 4936, "97b8fea0"),
    (f"native-push:{PUSH_SINGLE}", "4", 524, "f10b6700"),
]
"""The same on XSokoban levels (packing moves and goal macros at work),
native-push:wastar,clusters,tunnels,fess,turns,packing,opener of main at f716ac1; the same with entries on 27,
whose packing order they change, when they came in (native-push-best then); the same with FESS's three turns
(turns=3) when that came in; native-push-best on 4 when goal cuts (cuts) became part of it (its search over
single pushes, registry.PUSH_SINGLE, since it takes FESS's moves first)."""

NEWLY_SOLVED = [
    (f"native-push:{PUSH_SINGLE}", "10", 12954, "a9a913d6"),
    (f"native-push:{PUSH_SINGLE}", "76", 33786, "cca98ee6"),
]
"""XSokoban levels that native-push-best's search over single pushes solves since goal cuts (the former one did
not in a minute): slow, about 5 and 10 CPU seconds on a quiet machine."""

MOVES_FIRST = [("native-push-best", "40", 4158, "2a43aaf8"), ("native-push-best", "48", 6048, "006cdc05")]
"""XSokoban levels that native-push-best solves since it takes FESS's moves for its first 10,000 states (its search
over single pushes did not in a minute on one busy core): 40 in about 2 CPU seconds, 48 (slow) in about 8."""


@pytest.mark.parametrize(
    ("collection", "planner", "label", "expanded", "digest"),
    [("microban", *pin) for pin in PINNED]
    + [("xsokoban90", *pin) for pin in PINNED_XSOKOBAN]
    + [pytest.param("xsokoban90", *pin, marks=pytest.mark.slow) for pin in NEWLY_SOLVED]
    + [("xsokoban90", *MOVES_FIRST[0]), pytest.param("xsokoban90", *MOVES_FIRST[1], marks=pytest.mark.slow)],
)
def test_the_shortcuts_keep_the_states_expanded_and_the_plan(shared_data, collection, planner, label, expanded, digest):
    """The same states expanded and the same plan as before the push search was made faster (the run is
    limited by states, so that a loaded machine cannot fail it)."""
    path = shared_data / "sokoban" / f"{collection}.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), label)
    budgeted = f"{planner}{',' if ':' in planner else ':'}states={expanded}"
    result = get_planner(budgeted).solve(Simulation(SOKOBAN, instance), Limits(3600))
    assert result.solved and SOKOBAN.replay(instance, result.plan).valid
    assert result.expanded == expanded
    assert hashlib.md5("".join(result.plan).encode()).hexdigest()[:8] == digest
