"""Native push-level search for Sokoban: A* over pushes with a matching lower bound, dead squares, freeze
deadlocks, boxes frozen on goals treated as walls, PI-corral pruning and states keyed on the normalized
keeper position (the smallest cell the keeper can reach). Optionally, goal macros (after Junghanns and
Schaeffer's Rolling Stone): boxes enter a room of goals only by being carried from its entrance straight
to the next goal of a packing order found by pulling boxes out of the full room. Optionally, feature-space
searches for the forward side: feature cycles (sokoban_features) and Festival's FESS (sokoban_fess). What it
knows about the level comes from puzzleplan.translator.sokoban.analysis.

The plan it returns is full LURD: each push is preceded by the keeper's shortest walk to it."""

from __future__ import annotations

import heapq
from bisect import bisect_left, insort
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from functools import reduce
from itertools import count
from operator import or_
from typing import Any

from puzzleplan.common.errors import InputError, did_you_mean
from puzzleplan.common.limits import Limits
from puzzleplan.common.progress import phase, watch
from puzzleplan.common.recorder import active, recording
from puzzleplan.planners.base import PlanResult, Proof, Simulation, Status
from puzzleplan.planners.registry import PUSH_RENAMED, PUSH_SINGLE
from puzzleplan.planners.search import CHECK_EVERY, LIMIT_REACHED, Deadline
from puzzleplan.planners.sokoban_deadlocks import ClusterDeadlocks
from puzzleplan.planners.sokoban_features import Features
from puzzleplan.planners.sokoban_fess import Child, Fess
from puzzleplan.planners.sokoban_push_trace import (
    FOUND,
    FREEZE,
    INCUMBENT,
    LAYERS,
    MOVES_DONE,
    NO_PLAN,
    PROVED,
    RESTARTED,
    PushTracer,
    tracer,
)
from puzzleplan.translator.bitset import bits, lowest
from puzzleplan.translator.graph import path_back
from puzzleplan.translator.sokoban.analysis import (
    BACK,
    INFINITE,
    NAMES,
    Analysis,
    GoalRoom,
    Push,
    analysis,
    backward_analysis,
    goal_rooms,
    move_one_box,
)
from puzzleplan.translator.sokoban.corrals import Grown, corral_pushes
from puzzleplan.translator.sokoban.keeper_sides import KeeperSides
from puzzleplan.translator.sokoban.level import SokobanInstance
from puzzleplan.translator.sokoban.pair_penalties import PairPenalties
from puzzleplan.translator.sokoban.puzzle import Sokoban, pushed


class _Heap:
    """Best first: one priority queue of (priority, ...) entries."""

    def __init__(self) -> None:
        self.entries: list[tuple] = []

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry (the group is not used)."""
        heapq.heappush(self.entries, entry)

    def pop(self) -> tuple | None:
        """The entry of least priority; None when empty."""
        return heapq.heappop(self.entries) if self.entries else None


class _FeatureCycle:
    """Feature-space cycling (after Shoham and Schaeffer's FESS): entries are grouped by features of their
    position, and the turns go round the groups, each taking its group's entry of least priority. A
    position that packs a box or opens the level up is so tried soon even when its bound is no better.
    The groups that hold entries are kept by their turn (`ready`), so a turn skips the empty ones at once."""

    def __init__(self) -> None:
        self.groups: dict[tuple, tuple[int, list[tuple]]] = {}  # group: (its turn, its entries)
        self.heaps: list[list[tuple]] = []  # the groups' entries, in the order the groups were first met
        self.ready: list[int] = []  # the turns of the groups holding entries, in order
        self.turn = 0

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry in its group."""
        if group not in self.groups:
            self.groups[group] = (len(self.heaps), [])
            self.heaps.append(self.groups[group][1])
        turn, heap = self.groups[group]
        if not heap:
            insort(self.ready, turn)
        heapq.heappush(heap, entry)

    def pop(self) -> tuple | None:
        """The best entry of the next group that has one; None when all are empty."""
        if not self.ready:
            return None
        index = bisect_left(self.ready, self.turn)
        index = index if index < len(self.ready) else 0  # round again from the first group
        turn = self.ready[index]
        heap = self.heaps[turn]
        self.turn = (turn + 1) % len(self.heaps)
        entry = heapq.heappop(heap)
        if not heap:
            del self.ready[index]
        return entry


class _Alternation:
    """Two feature cycles over the same entries, taking turns (after Roger and Helmert's alternation of
    open lists): one groups positions by all their features, the other by the first `coarse` of them. A
    position either expands is closed for both. The `schedule` names the queue of each turn, round and round
    (one turn each by default)."""

    def __init__(self, coarse: int, schedule: tuple[int, ...] = (0, 1)) -> None:
        self.queues: tuple[_FeatureCycle | _Alternation, ...] = (_FeatureCycle(), _FeatureCycle())
        self.coarse, self.schedule, self.turn = coarse, schedule, 0

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry in both cycles."""
        self.queues[0].push(entry, group[: self.coarse])
        self.queues[1].push(entry, group)

    def pop(self) -> tuple | None:
        """The entry of the cycle whose turn it is (the next one's when it is empty); None when all are."""
        for _ in self.schedule:
            queue = self.queues[self.schedule[self.turn]]
            self.turn = (self.turn + 1) % len(self.schedule)
            if (entry := queue.pop()) is not None:
                return entry
        return None


class _FessTurns(_Alternation):
    """FESS's cycle (entries first by move weight) taking turns with native-push-cycle's two cycles (entries
    by g + w * h, alternating themselves), over one closed set. Groups are Fess features with turns. FESS
    takes `share` turns for each of theirs."""

    def __init__(self, share: int = 1) -> None:
        super().__init__(2, (0,) * share + (1,))
        self.queues = (_FeatureCycle(), _Alternation(2))

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry ((weight, f), ...) in FESS's cycle, and as (f, ...) in the other two."""
        self.push_fess(entry, group)
        self.queues[1].push((entry[0][1], *entry[1:]), (group[-2], group[1], group[-1]))

    def push_fess(self, entry: tuple, group: tuple) -> None:
        """Queue an entry in FESS's cycle only."""
        self.queues[0].push(entry, group[:-2])


class _Side:
    """One direction of a push search, best-first on g + weight * h: forward over pushes from the level
    (PI-corral pruning, freeze deadlocks, boxes frozen on goals as walls), or backward over pulls from the
    solved position. Nodes record the forward pushes that link them to their parent (several for a goal
    macro). With `features`, the turns go round groups of positions with the same features
    (_FeatureCycle)."""

    def __init__(
        self,
        data: Analysis,
        forward: bool,
        weight: int,
        rooms: tuple[GoalRoom, ...] = (),
        features: Features | None = None,
        clusters: ClusterDeadlocks | None = None,
        tunnels: bool = False,
        sides: KeeperSides | PairPenalties | None = None,
        newest: bool = False,
        cuts: bool = False,
    ) -> None:
        self.cuts = cuts  # goal cuts: when a goal macro applies, the position's other pushes are cut
        self.data, self.forward, self.weight, self.clusters = data, forward, weight, clusters
        self.sides = sides  # the keeper-aware bound (with pair penalties), taken when it is higher
        self.reopen = isinstance(sides, PairPenalties)  # an inconsistent bound: a position may come back cheaper
        self.tunnels = (data.tunnel(0), data.tunnel(1)) if tunnels else (0, 0)
        self.rooms = rooms
        self.room_cells = sum(room.cells for room in self.rooms)
        self.entrances = reduce(or_, (room.entrances for room in self.rooms), 0)
        self.queue = _queue(features)
        self.features = features
        self.fess = features if isinstance(features, Fess) else None  # FESS expands the forward side
        self.ranks: list[int] = []  # FESS: each node's accumulated move weight
        self.pending: list[Child] | None = None  # FESS: the children being collected
        self.astar = weight == 1 and not rooms and not features and not tunnels  # its first solution is optimal
        self.closed: dict[tuple[int, int], int] = {}
        self.areas: dict[int, list[tuple[int, int]]] = {}  # boxes: (keeper area, g) of the closed positions
        self.popped = bytearray()  # per node: 1 once it came off the queue (with turns, it is in several)
        self.expanding = (-1, 0)  # the node being expanded and its keeper area
        self.grown: Grown = {}  # the I-corrals of the position popped last (its deadlock test grows some)
        self.parents: list[tuple[int, tuple] | None] = []  # (parent node, (box cell, direction) pushes)
        self.bounds: dict[int, tuple[int, tuple]] = {}  # boxes: (bound, group)
        self.tie = count(0, -1) if weight > 1 or newest else count()  # weighted: newest first among equals
        self.upper = 0  # A* with an incumbent: its pushes; no position whose g + h reaches them is queued
        self.beyond = INFINITE  # the least g + h of the positions the upper bound cut
        self.expanded = 0
        self.tracer: PushTracer | None = None  # records the search when the run is traced

    def add(
        self, g: int, keeper: int, boxes: int, parent: int, pushes: tuple, rank: int = 0, fess_only: bool = False
    ) -> None:
        """Queue a position reached from node `parent` by `pushes`, unless its bound proves it dead (while
        FESS collects children, only note it). With FESS, entries are first ordered by their `rank`; a
        `fess_only` one is left out of the cycles FESS takes turns with."""
        if self.pending is not None:
            self.pending.append((g, keeper, boxes, parent, pushes))
            return
        if self.features is None and (known := self._closed_area(keeper, boxes, g)) is not None:
            if self.tracer is not None:
                self.tracer.closed_child(self, g, boxes, pushes, known)
            return  # pop() would pass it over: spare its bound (the same positions are expanded)
        h, group = self.assess(boxes)
        if self.sides is not None and h < INFINITE:
            h = max(h, self.sides.bound(boxes, keeper))
        if 0 < self.upper <= g + h < INFINITE:
            self.beyond = min(self.beyond, g + h)
            return  # every plan through it has at least the incumbent's pushes
        if self.tracer is not None:
            self.tracer.child(self, g, keeper, boxes, parent, pushes, h)
        if h < INFINITE:
            self.parents.append((parent, pushes) if parent >= 0 else None)
            self.ranks.append(rank)
            self.popped.append(0)
            f = g + self.weight * h
            area = self.expanding[1] if parent == self.expanding[0] else 0  # where the keeper's flood may start
            entry = ((rank, f) if self.fess else f, h, next(self.tie), g, keeper, boxes, len(self.parents) - 1, area)
            if fess_only and isinstance(self.queue, _FessTurns):
                self.queue.push_fess(entry, group)
            else:
                self.queue.push(entry, group)

    def assess(self, boxes: int) -> tuple[int, tuple]:
        """The bound of a box mask and its group (computed once per mask)."""
        if boxes not in self.bounds:
            self.bounds[boxes] = self._assess(boxes)
        return self.bounds[boxes]

    def _assess(self, boxes: int) -> tuple[int, tuple]:
        """The bound of a box mask and, when cycling, its group (its Features)."""
        data = self.data
        bound = data.bound(boxes, _frozen_on_goals(data, boxes) if self.forward else 0)
        if self.features is None or bound >= INFINITE:
            return bound, ()
        return bound, self.features(boxes)

    def pop(self) -> tuple | None:
        """The best position not yet closed, as (key, node, reach, boxes, g); None when empty. A node
        already popped (from another queue), or whose keeper stands in the area of a closed position with
        the same boxes, is passed over before its area is flooded."""
        while (entry := self.queue.pop()) is not None:
            *_, g, keeper, boxes, node, area = entry
            if self.popped[node]:
                continue
            if (known := self._closed_area(keeper, boxes, g)) is not None:
                if self.tracer is not None:
                    self.tracer.repeated(self, node, boxes, known)
                continue
            self.popped[node] = 1
            reach, self.grown = self.data.reach_after(keeper, boxes, area), {}
            if not self._dead(node, boxes, reach):
                key = ((reach & -reach).bit_length(), boxes)
                self.closed[key] = node
                self.areas.setdefault(boxes, []).append((reach, g))
                return key, node, reach, boxes, g
            if self.tracer is not None:
                self.tracer.dead(self, node)
        return None

    def _closed_area(self, keeper: int, boxes: int, g: int) -> int | None:
        """The keeper's area of the closed position that has these boxes and the keeper in it (when
        reopening, reached with at most `g` pushes); None when there is none."""
        for area, pushes in self.areas.get(boxes, ()):
            if (area >> keeper) & 1 and (pushes <= g or not self.reopen):
                return area
        return None

    def _dead(self, node: int, boxes: int, reach: int) -> bool:
        """Whether the cluster of the box the node's last push moved is dead (checked when the node comes up
        for expansion, not when it is queued: most queued nodes never do)."""
        link = self.parents[node]
        if self.clusters is None or link is None:
            return False
        cell, d = link[1][-1]
        return self.clusters.dead(cell, self.data.neighbour[cell][d], boxes, reach, self.grown)

    def expand(self, node: int, reach: int, boxes: int, g: int) -> None:
        """Queue the children of a closed position (FESS, when on, weighs them first)."""
        self.expanding = (node, reach)
        if self.fess is not None and self.pending is None:
            self.fess.expand(self, node, reach, boxes, g)  # calls back here to collect the children
            return
        self.expanded += 1
        if self.tracer is not None:
            self.tracer.expanding(self, node, reach, boxes)
        if self.forward:
            self._push(node, reach, boxes, g)
            return
        self._pull(node, reach, boxes, g)

    def _push(self, node: int, reach: int, boxes: int, g: int) -> None:
        """Queue the children of a closed position of the forward side: its pushes (with tunnel and goal
        macros). With goal cuts, when some goal macro applies the other pushes are cut."""
        data = self.data
        carried = False
        for box in bits(boxes & self.entrances):  # boxes waiting at a room's entrance
            carried |= self._carry(node, g, box, reach, boxes)
        pushes = data.pushes(reach, boxes)
        chosen = corral_pushes(data, reach, boxes, pushes, not self.astar, self.grown)
        if any(self._touches_room(push) for push in chosen):
            chosen = pushes  # the corral's push may be one no macro makes: pruning is unsound then
        if self.tracer is not None:
            self.tracer.corral(pushes, chosen)
        others: list[tuple] = []  # with goal cuts, the children that are not goal macros, queued last
        for box, d, target in chosen:
            if self._touches_room((box, d, target)):
                continue  # boxes enter rooms by macros only, and stay
            made, keeper, target, moved = self._through_tunnel(box, d, target, boxes)
            if data.deadlocked(target, moved):
                if self.tracer is not None:
                    self.tracer.pruned(made, FREEZE)
                continue
            if (self.entrances >> target) & 1 and self._carry(
                node, g + len(made), target, data.reach(keeper, moved), moved, made
            ):
                carried = True
            elif self.cuts:
                others.append((g + len(made), keeper, moved, node, made))
            else:
                self.add(g + len(made), keeper, moved, node, made)
        if not carried:
            for child in others:
                self.add(*child)

    def _pull(self, node: int, reach: int, boxes: int, g: int) -> None:
        """Queue the children of a closed position of the backward side: its pulls."""
        data = self.data
        for box, d, target in data.pulls(reach, boxes):
            moved = boxes ^ (1 << box) ^ (1 << target)
            self.add(g + 1, data.neighbour[target][d], moved, node, ((target, BACK[d]),))

    def _through_tunnel(self, box: int, d: int, target: int, boxes: int) -> tuple[tuple, int, int, int]:
        """A push, and with tunnel macros (after Junghanns and Schaeffer) the pushes that follow it while
        the keeper and the box are both in a one-wide tunnel along the push (walls on both sides) and the
        box is off a goal: (pushes made, keeper cell, box cell, boxes) after them."""
        data, tunnel = self.data, self.tunnels[d // 2]
        made: tuple[tuple[int, int], ...] = ((box, d),)
        keeper, moved = box, boxes ^ (1 << box) ^ (1 << target)
        while (tunnel >> keeper) & (tunnel >> target) & 1 and not data.goal[target]:
            ahead = data.neighbour[target][d]
            if ahead < 0 or not data.live[ahead] or (moved >> ahead) & 1 or self._touches_room((target, d, ahead)):
                break
            made, keeper, target, moved = (*made, (target, d)), target, ahead, moved ^ (1 << target) ^ (1 << ahead)
        return made, keeper, target, moved

    def _touches_room(self, push: Push) -> bool:
        """Whether a push moves a box in a goal room or onto one of its cells."""
        return bool(((self.room_cells >> push[0]) | (self.room_cells >> push[2])) & 1)

    def _carry(self, node: int, g: int, box: int, reach: int, boxes: int, before: tuple = ()) -> bool:
        """A goal macro for a box on an entrance: when it can be pushed on to its room's next goal (the
        keeper in `reach`, the other boxes staying put), queue the position where it is there, reached by
        the pushes `before` and those (True)."""
        for room in self.rooms:
            goal = room.next_goal(boxes) if (room.entrances >> box) & 1 else None
            if goal is None:
                continue
            others = boxes ^ (1 << box)
            pushes = move_one_box(self.data, box, reach, others, 1 << goal)
            if pushes:
                self.add(g + len(pushes), pushes[-1][0], others | (1 << goal), node, (*before, *pushes))
                return True
        return False

    def pushes_to(self, node: int) -> list[tuple[int, int]]:
        """The (box cell, direction) pushes along the parent links between the root and `node`: the
        forward side's from the root, the backward side's from `node` (the order they are made)."""
        links = path_back(self.parents, node)
        if self.forward:
            return [push for pushes in links for push in pushes]
        return [push for pushes in reversed(links) for push in pushes]


def push_astar(
    puzzle: Sokoban,
    instance: SokobanInstance,
    limits: Limits,
    weight: int = 1,
    bidirectional: bool = False,
    macros: bool = False,
    cycle: bool = False,
    clusters: bool = False,
    tunnels: bool = False,
    doors: bool = False,
    fess: bool = False,
    turns: int = 0,
    packing: bool = False,
    opener: bool = False,
    entries: bool = False,
    keeper: bool = False,
    newest: bool = False,
    pairs: bool = False,
    incumbent: bool = False,
    states: int = 0,
    cuts: bool = False,
    layers: bool = False,
    moves: bool = False,
    first: int = 0,
) -> PlanResult:
    """Best-first search over pushes (each costs 1) on g + weight * h: forward A* (weight 1) is
    push-optimal; weight w > 1 finds at most w times the optimal pushes. Bidirectional search (when goals
    and boxes are as many) alternates with a backward search over pulls from the solved position and stops
    where the two meet (not optimal). With macros, boxes enter goal rooms by goal macros only (not
    optimal; when that search runs dry, the plain one goes on in the time left). With `cuts` (goal cuts, after
    Junghanns and Schaeffer), on levels with goal rooms a position where a goal macro (or FESS's packing move)
    applies has no other children (not complete: like the macros, a search that runs dry hands over to the
    plain one, which has no goal rooms and so no cuts). With `cycle`, the forward
    search goes round groups of positions by features (_FeatureCycle; not optimal), with `doors` also by
    the boxes blocking doorways (sokoban_features). With `clusters`, pushes
    whose cluster of boxes is dead are pruned (sokoban_deadlocks; sound, so A* stays optimal). With
    `tunnels`, a box pushed along a one-wide tunnel goes on to its end in one step (not optimal; like goal
    macros, a search that runs dry hands over to the plain one). With `fess`, the forward search is
    Festival's FESS instead of the cycle (sokoban_fess; not optimal), with `turns` > 0 taking `turns` turns
    for each turn of the two cycles that `cycle` with `doors` runs. FESS's parts: `packing` (a box carried to the
    next goal of a packing order is one move), `opener` (an advisor) and `moves` (a box pushed alone to any
    cell it reaches is one move, Fess.longer_moves; with `first` > 0, for that many expanded positions only,
    after which the search without them starts anew, _moves_first). With `entries`, the packing orders (goal
    rooms' and FESS's) bring boxes in by the entrances the level's boxes can reach (analysis.entry_cells). With
    `keeper`, the forward bound is also the matching on push distances that know the keeper's side of each
    box (keeper_sides; sound, so A* stays optimal), with `pairs` plus the penalties of pairs of boxes in each
    other's way (pair_penalties; admissible but not consistent, so positions reached again with fewer pushes
    are reopened). With `newest`, A* too takes the newest of the positions
    with equal bounds first (as the weighted search does; any order of ties keeps A* optimal). With
    `incumbent`, A* first runs two weighted searches on a share of the budget (_incumbent) and queues no
    position whose g + h reaches that plan's pushes: a plan A* finds is optimal as ever, and A* running dry
    proves the incumbent's plan optimal (no plan has fewer pushes); with `layers` too, before A*, feature cycling
    searches below one bound after another (_layers), which proves a plan it finds optimal. With `states`
    > 0, the search stops (TIMEOUT, "limit reached: states") after that many expanded positions, whatever the
    machine's speed. The plan is full LURD."""
    deadline = _Budget(limits.timeout, states)
    data = analysis(instance)
    boxes0 = data.mask(instance.active_boxes)
    rooms = goal_rooms(data, boxes0, entries) if macros else ()
    features: Features | None = None
    if fess:
        features = Fess(data, rooms, turns, packing, opener=opener, start=boxes0 if entries else None, moves=moves)
    elif cycle:
        features = Features(data, doors)
    search = _Search(
        weight,
        bidirectional,
        features,
        clusters,
        keeper,
        newest,
        tracer=tracer(active(), instance, data, _bound_name(keeper, pairs)),
        pairs=pairs,
        cuts=cuts,
        layers=layers,
    )
    if incumbent:
        return _bounded(puzzle, instance, limits, deadline, search)

    def run(budget: _Budget, search: _Search, already: int, restart: str) -> PlanResult:
        return _best_first(puzzle, instance, budget, search, rooms, tunnels, already, restart)

    if first and isinstance(features, Fess) and moves:
        return _moves_first(deadline, search, first, run)
    return run(deadline, search, 0, RESTARTED)


def _moves_first(
    deadline: _Budget, search: _Search, first: int, run: Callable[[_Budget, _Search, int, str], PlanResult]
) -> PlanResult:
    """With `moves` and `first`: the search with FESS's moves (`run` with `search`) for `first` expanded
    positions (fewer when the budget has fewer); when they run out before it finds a plan, the search without
    FESS's moves from the start anew, on the budget left (the states of both count). A level the first search
    solves within its states is solved as by `moves` alone; one it does not is searched as without `moves`,
    `first` states on."""
    assert isinstance(search.features, Fess)
    single = replace(search, features=search.features.without_moves())  # taken before the first search runs
    budget = _Budget(deadline.remaining(), min(first, deadline.states) if deadline.limited else first)
    result = run(budget, search, 0, RESTARTED)
    if result.status is not Status.TIMEOUT or not budget.exhausted(result.expanded or 0):
        return result  # solved, unsolvable or out of seconds
    return _after(result, deadline, 0, lambda rest, done: run(rest, single, done, MOVES_DONE))


def _after(
    first: PlanResult, deadline: _Budget, already: int, then: Callable[[_Budget, int], PlanResult]
) -> PlanResult:
    """A second search after a `first` one that found no plan (after `already` states of searches before it),
    `then(budget left, states before it)`: the states of both count."""
    done = first.expanded or 0
    if deadline.exhausted(done):
        return _limit_reached(done, already + done, deadline)
    second = then(_Budget(deadline.remaining(), deadline.states - done if deadline.limited else 0), already + done)
    return replace(second, search_time=deadline.elapsed(), expanded=done + (second.expanded or 0))


INCUMBENT_STATES = 10_000
"""With `incumbent`, the most positions each of the two first searches expands (fewer when the state budget
has fewer left); each gets at most an eighth of the seconds too."""


def _incumbent(puzzle: Sokoban, instance: SokobanInstance, limits: Limits, states: int) -> PlanResult:
    """The incumbent plan of A* with `incumbent`: the one with fewer pushes of native-push-best's search over
    single pushes (registry.PUSH_SINGLE) and native-push:wastar,clusters,tunnels,fess,packing,entries's, each run on
    its share of the budget (the expansions are both's).
    A budget of N states gives each the same states whatever N is above them, so that a run of N
    expansions repeats with a budget of N."""
    share, runs = Limits(limits.timeout / 8, limits.memory_mb), list[PlanResult]()
    for text in (PUSH_SINGLE, PUSH_RENAMED["native-push-fess-packing"].partition(":")[2]):
        left = states - sum(run.expanded or 0 for run in runs) if states else INCUMBENT_STATES
        if left > 0:
            options = replace(push_options(text), states=min(left, INCUMBENT_STATES))
            with recording(None), phase("incumbent plan (" + text + ")"):  # A* alone is traced
                runs.append(push_astar(puzzle, instance, share, **asdict(options)))
    solved = [run for run in runs if run.status is Status.SOLVED] or runs
    best = min(solved, key=lambda run: _pushes(run, INFINITE))
    return replace(best, expanded=sum(run.expanded or 0 for run in runs))


def _bounded(
    puzzle: Sokoban, instance: SokobanInstance, limits: Limits, deadline: _Budget, search: _Search
) -> PlanResult:
    """A* below an incumbent's pushes (push_astar's `incumbent`): A*'s own plan when it finds one (fewer
    pushes, optimal), the incumbent's proved optimal when A* runs dry, TIMEOUT when the budget runs out.
    With `layers`, the searches below one bound after another come first (_layers). Goal and tunnel macros
    are left out; a weighted or bidirectional search gets no incumbent."""
    upper = _incumbent(puzzle, instance, limits, deadline.states)
    used = upper.expanded or 0
    astar = search.weight == 1 and not (search.bidirectional or search.features)
    pushes = _pushes(upper) if upper.status is Status.SOLVED and astar else 0
    _tell(search.tracer, INCUMBENT.format(_found(pushes)), used)
    proved, used = _layers(puzzle, instance, deadline, search, upper if pushes else None, used)
    if proved is not None:
        return replace(proved, expanded=used, search_time=deadline.elapsed())
    rest = _Budget(deadline.remaining(), max(deadline.states - used, 0), deadline.limited)
    result = _best_first(puzzle, instance, rest, replace(search, upper=pushes), (), False, used)
    total = used + (result.expanded or 0)
    if result.status is Status.UNSOLVABLE and pushes:
        _tell(search.tracer, PROVED.format("A*", pushes))
        return replace(upper, proved=Proof.OPTIMAL, expanded=total, search_time=deadline.elapsed())
    if result.status is Status.TIMEOUT and rest.exhausted(result.expanded or 0):
        return _limit_reached(total, total, deadline)
    return replace(result, expanded=total, search_time=deadline.elapsed())


LAYER_STATES = 100_000
"""With `layers`, the most positions the searches below the bounds expand in all (fewer when the state budget
has fewer left); they take at most half the seconds left."""


def _layers(
    puzzle: Sokoban,
    instance: SokobanInstance,
    deadline: _Budget,
    search: _Search,
    incumbent: PlanResult | None,
    used: int,
) -> tuple[PlanResult | None, int]:
    """With `layers`: feature cycling (as `cycle,doors`) that queues no position whose g + h reaches a bound,
    one bound after another as in IDA*: first 1 (which cuts the start: the next bound is one above the bound at
    the start), then one above the least g + h the last search cut. A search below bound b that runs dry
    proves that no plan has fewer pushes than that least g + h; so a plan found below b has the fewest pushes,
    and the incumbent's plan is proved optimal once the bound passes its pushes. A search that runs dry having
    cut nothing proves the level unsolvable. The proved result (None when the states ran out first, or
    without `layers`) and the states used before A*, the `used` ones included."""
    if not search.layers:
        return None, used
    data, tracer = analysis(instance), search.tracer
    search = replace(search, features=Features(data, True), tracer=None, sides=_keeper_bound(data, search))
    pushes = _pushes(incumbent)
    cap = min(LAYER_STATES, max(deadline.states - used, 0)) if deadline.limited else LAYER_STATES
    spent, bound, until = 0, 1, deadline.elapsed() + deadline.remaining() / 2
    layer: PlanResult | None = None
    while spent < cap and not (incumbent is not None and bound > pushes):
        budget = _Budget(until - deadline.elapsed(), cap - spent)
        layer = _best_first(puzzle, instance, budget, replace(search, upper=bound), (), False, used + spent)
        spent += layer.expanded or 0
        if layer.status is not Status.UNSOLVABLE or layer.proved is not None:
            break
        bound = layer.figures["beyond"] + 1
    _tell(tracer, LAYERS, spent)
    return _layered(layer, incumbent if incumbent is not None and bound > pushes else None, tracer), used + spent


def _layered(layer: PlanResult | None, proved: PlanResult | None, tracer: PushTracer | None) -> PlanResult | None:
    """What the searches below the bounds proved (_layers), said in the trace: the plan the last one found,
    that the level has no plan, or the incumbent `proved` optimal; None when nothing (a search stopped by its
    budget has neither a plan nor a proof)."""
    if proved is not None:
        _tell(tracer, PROVED.format("Feature cycling below one bound after another", _pushes(proved)))
        return replace(proved, proved=Proof.OPTIMAL)
    if layer is None or not (layer.solved or layer.proved):
        return None
    _tell(tracer, FOUND.format(_pushes(layer)) if layer.solved else NO_PLAN)
    return replace(layer, proved=Proof.OPTIMAL) if layer.solved else layer


def _pushes(result: PlanResult | None, missing: int = 0) -> int:
    """The pushes of a result's plan; `missing` when it has none (no plan, or no result)."""
    return (result.figures or {}).get("pushes", missing) if result is not None else missing


def _found(pushes: int) -> str:
    """What the weighted searches found, in the trace's note."""
    return f"they found {pushes} pushes" if pushes else "they found none"


def _tell(tracer: PushTracer | None, sentence: str, unrecorded: int | None = None) -> None:
    """Say `sentence` in the trace's note when the run is traced, counting the `unrecorded` expansions it tells
    of (0: there are none to tell of, and nothing is said)."""
    if tracer is not None and unrecorded != 0:
        tracer.beside(unrecorded or 0, sentence)


class _Budget(Deadline):
    """A time limit and, when `states` > 0 (or `limited`, then even 0), a number of positions to expand at
    most."""

    def __init__(self, seconds: float, states: int = 0, limited: bool = False) -> None:
        super().__init__(seconds)
        self.states, self.limited = states, limited or states > 0

    def exhausted(self, expanded: int) -> bool:
        """Whether the states are spent (checked before every expansion: a search that solves a level in N
        expansions solves it with a budget of N, and stops at exactly N with less)."""
        return self.limited and self.states <= expanded


def _limit_reached(expanded: int, total: int, deadline: Deadline) -> PlanResult:
    """The result of a search stopped by its state budget, after `expanded` positions of its own and
    `total` in all (with the search before it)."""
    return PlanResult(
        Status.TIMEOUT,
        expanded=expanded,
        search_time=deadline.elapsed(),
        message=f"{LIMIT_REACHED} ({total:,} expanded)",
    )


@dataclass(frozen=True)
class _Search:
    """What a push search runs with, besides its goal rooms and tunnel macros (push_astar's arguments)."""

    weight: int
    bidirectional: bool
    features: Features | None
    clusters: bool
    keeper: bool
    newest: bool
    tracer: PushTracer | None = None
    pairs: bool = False
    upper: int = 0
    """A*'s incumbent pushes (0: none): positions whose g + h reaches them are not queued."""
    cuts: bool = False
    layers: bool = False
    sides: KeeperSides | PairPenalties | None = None
    """The forward side's second bound when it is computed already (else from `keeper` and `pairs`)."""


def _best_first(
    puzzle: Sokoban,
    instance: SokobanInstance,
    deadline: _Budget,
    search: _Search,
    rooms: tuple[GoalRoom, ...],
    tunnels: bool,
    already: int = 0,
    restart: str = RESTARTED,
) -> PlanResult:
    """push_astar's search with the given goal rooms (no macros when there are none) within `deadline`'s
    seconds and states; when it runs dry with goal-room or tunnel macros, the plain one on the budget left. Its
    progress figures count on from the `already` states of a search before it, and a trace says `restart`
    when a search before it was traced."""
    with phase("analysing the level (dead squares, push distances)"):
        data = analysis(instance)
    forward = _forward_side(data, deadline, search, rooms, tunnels)
    boxes0 = data.mask(instance.active_boxes)
    sides = [forward]
    if search.bidirectional and len(data.goals) == boxes0.bit_count():
        sides.append(_backward_side(instance, data, search.weight))
    if search.tracer is not None:
        search.tracer.attach(sides, restart)
    forward.add(0, data.index[instance.keeper], boxes0, -1, ())
    active, turn = list(sides), 0
    watch(lambda: (already + _expanded(sides), None))
    while True:
        side = active[turn % len(active)]
        turn += 1
        popped = side.pop()
        if popped is None and side is forward:
            break
        if popped is None:
            active.remove(side)  # the backward search ran dry: that proves nothing
            continue
        key, node, reach, boxes, g = popped
        ends = _ends(side, forward, active[-1], key, node, boxes & data.goal_mask == boxes)
        if ends is not None:
            return _solved(puzzle, instance, sides, ends, deadline)
        if deadline.limited and deadline.exhausted(expanded := _expanded(sides)):
            return _limit_reached(expanded, already + expanded, deadline)
        side.expand(node, reach, boxes, g)
        if turn % CHECK_EVERY == 0 and deadline.passed():
            return PlanResult(Status.TIMEOUT, expanded=_expanded(sides), search_time=deadline.elapsed())
    dry = _dry(forward, _expanded(sides), deadline)
    if not (rooms or tunnels):
        return dry

    def plain(rest: _Budget, done: int) -> PlanResult:
        return _best_first(puzzle, instance, rest, search, (), False, done)

    return _after(dry, deadline, already, plain)


def _dry(forward: _Side, expanded: int, deadline: Deadline) -> PlanResult:
    """The result of a search that ran dry: unsolvable, proved so when no position was cut by an upper bound
    (else its figure `beyond` is the least g + h cut: no plan has fewer pushes)."""
    if forward.beyond < INFINITE:
        figures = {"beyond": forward.beyond}
        return PlanResult(Status.UNSOLVABLE, expanded=expanded, search_time=deadline.elapsed(), figures=figures)
    return PlanResult(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE, expanded=expanded, search_time=deadline.elapsed())


def _forward_side(
    data: Analysis, deadline: _Budget, search: _Search, rooms: tuple[GoalRoom, ...], tunnels: bool
) -> _Side:
    """The forward side of a search (below its upper bound, when it has one)."""
    dead = ClusterDeadlocks(data, deadline) if search.clusters else None
    keeper = search.sides or _keeper_bound(data, search)
    forward = _Side(
        data,
        True,
        search.weight,
        rooms,
        search.features,
        dead,
        tunnels,
        keeper,
        search.newest,
        bool(rooms) and search.cuts,
    )
    forward.upper = search.upper
    forward.reopen |= bool(search.upper and search.features)  # cycling closes a position first by any g
    return forward


def _bound_name(keeper: bool, pairs: bool) -> str:
    """The name of the forward side's bound in a trace: the matching, keeper-aware, with pair penalties."""
    if pairs:
        return "keeper-matching+pairs"
    return "keeper-matching" if keeper else "matching"


def _keeper_bound(data: Analysis, search: _Search) -> KeeperSides | PairPenalties | None:
    """The forward side's second bound: keeper-aware (option keeper), with pair penalties (option pairs)."""
    if not (search.keeper or search.pairs):
        return None
    sides = KeeperSides(data)
    if not search.pairs:
        return sides
    with phase("pair penalties (two boxes in each other's way)"):
        return PairPenalties(sides)


def _ends(
    side: _Side, forward: _Side, last: _Side, key: tuple[int, int], node: int, packed: bool
) -> tuple[int, int | None] | None:
    """The two ends of a solution when the node just popped from `side` completes one: the other side (the
    forward one, or `last` of the active sides) has closed the same position, or the forward side has every
    box on a goal (`packed`); None otherwise."""
    other = last if side is forward else forward
    if other is not side and key in other.closed:
        return (node, other.closed[key]) if side is forward else (other.closed[key], node)
    if side is forward and packed:
        return node, None
    return None


def _backward_side(instance: SokobanInstance, data: Analysis, weight: int) -> _Side:
    """The backward search, started from every keeper area of the solved position."""
    backward = _Side(backward_analysis(instance), False, weight)
    for area in data.components(data.inside & ~data.goal_mask):
        backward.add(0, lowest(area), data.goal_mask, -1, ())
    return backward


def _queue(features: Features | None) -> _Heap | _FeatureCycle | _Alternation:
    """The open list: one heap, one feature cycle, or with doorways counted two cycles taking turns (one
    without the doorway feature)."""
    if features is None:
        return _Heap()
    if isinstance(features, Fess):
        return _FessTurns(features.turns) if features.turns else _FeatureCycle()
    return _Alternation(2) if features.doorways else _FeatureCycle()


def _expanded(sides: list[_Side]) -> int:
    """Positions expanded by all sides."""
    return sum(side.expanded for side in sides)


def _frozen_on_goals(data: Analysis, boxes: int) -> int:
    """The mask of the boxes frozen on goals in a position (they never move again): a function of the
    boxes alone, so the bound stays consistent whichever path reaches them."""
    frozen = 0
    for box in bits(boxes & data.goal_mask):
        if not (frozen >> box) & 1:
            frozen |= data.frozen_with(box, boxes) or 0
    return frozen


def _solved(
    puzzle: Sokoban, instance: SokobanInstance, sides: list[_Side], ends: tuple[int, int | None], deadline: Deadline
) -> PlanResult:
    """The pushes from the start to the forward node ends[0], then (where the searches met) those from
    the backward node ends[1] to the solved position, as a plan. Optimal when forward A* (without goal
    macros or cycling) reached the solved position itself."""
    pushes = sides[0].pushes_to(ends[0])
    met = None if ends[1] is None else sides[1].pushes_to(ends[1])
    if sides[0].tracer is not None:
        sides[0].tracer.found(ends[0], None if met is None else len(met))
    return _plan(
        puzzle, instance, pushes + (met or []), _expanded(sides), deadline, optimal=ends[1] is None and sides[0].astar
    )


def _plan(
    puzzle: Sokoban,
    instance: SokobanInstance,
    pushes: list[tuple[int, int]],
    expanded: int,
    deadline: Deadline,
    optimal: bool,
) -> PlanResult:
    """A push sequence (box cell, direction) expanded to LURD with shortest walks between pushes."""
    data = analysis(instance)
    letters, _ = pushed(instance, puzzle.initial(instance), [(data.cell(box), NAMES[d]) for box, d in pushes])
    return PlanResult(
        Status.SOLVED,
        list(letters),
        proved=Proof.OPTIMAL if optimal else None,
        expanded=expanded,
        search_time=deadline.elapsed(),
        figures={"optimal_measure": "pushes", "pushes": len(pushes)},
    )


OPTIONS: dict[str, tuple[dict[str, Any], str]] = {
    "clusters": ({"clusters": True}, "cluster and corral deadlocks, learnt patterns (sound: A* stays optimal)"),
    "wastar": (
        {"weight": 5, "bidirectional": True, "macros": True},
        "bidirectional weighted A* over pushes and pulls (g + 5h), goal macros",
    ),
    "tunnels": ({"tunnels": True}, "tunnel macros"),
    "cycle": ({"cycle": True}, "feature cycling: groups by boxes packed and floor regions"),
    "doors": ({"doors": True}, "with cycle: a second cycle by boxes in doorways, taking turns"),
    "fess": ({"fess": True}, "Festival's FESS on the forward side (features, advisors, move weights)"),
    "turns": ({"turns": 1}, "with fess: FESS takes turns with the two cycles of cycle,doors (turns=N: N to 1)"),
    "packing": ({"packing": True}, "with fess: a box carried to its next goal of a packing order is one move"),
    "opener": ({"opener": True}, "with fess: the opener advisor"),
    "moves": (
        {"moves": True},
        "with fess: FESS's moves, a box pushed alone to any cell it can reach is one child (in FESS's cycle only)",
    ),
    "entries": ({"entries": True}, "packing orders bring boxes in by the entrances they can reach"),
    "keeper": ({"keeper": True}, "a bound that knows the keeper's side of each box (sound: A* stays optimal)"),
    "newest": ({"newest": True}, "of positions with equal bounds, the newest first (A* stays optimal)"),
    "pairs": (
        {"pairs": True},
        "keeper with penalties of pairs of boxes in each other's way (sound: A* stays optimal, reopening)",
    ),
    "incumbent": (
        {"incumbent": True},
        "A* below the pushes of a plan found first by weighted searches; running dry proves that plan optimal",
    ),
    "layers": (
        {"layers": True},
        "with incumbent: before A*, feature cycling below the bound at the start, then one bound after another as"
        " in IDA* (a plan it finds is optimal)",
    ),
    "cuts": (
        {"cuts": True},
        "with wastar: on levels with goal rooms, where a goal macro or FESS's packing move applies, the other"
        " pushes are cut",
    ),
}
"""The push search's options, `native-push:OPTION,...`: the PushOptions fields each sets, and what it does.
Besides these, the NUMBERS."""

NUMBERS = {
    "first": (
        "expanded positions with FESS's moves",
        "with moves: FESS's moves for the first N expanded positions; if they find no plan, the search without"
        " them starts anew",
    ),
    "states": (
        "expanded positions",
        "stop after N expanded positions (a budget that repeats exactly, whatever the load)",
    ),
    "turns": (
        "FESS turns for each turn of the other cycles",
        "with fess,turns: FESS takes N turns for each turn of the other cycles",
    ),
    "weight": ("times the bound in g + w * h (the w)", "order positions by g + N * h (wastar's weight is 5)"),
}
"""The options that take a positive whole number, `KEY=N`, each overriding what a plain option sets: the PushOptions
field KEY; what N counts (for a refusal) and what it does."""

NEEDS = {
    "doors": "cycle",
    "turns": "fess",
    "packing": "fess",
    "opener": "fess",
    "moves": "fess",
    "first": "moves",
    "cuts": "wastar",
    "layers": "incumbent",
}
"""Options that do nothing without another."""


@dataclass(frozen=True)
class PushOptions:
    """How a push search runs: push_astar's keyword arguments."""

    weight: int = 1
    bidirectional: bool = False
    macros: bool = False
    cycle: bool = False
    clusters: bool = False
    tunnels: bool = False
    doors: bool = False
    fess: bool = False
    turns: int = 0
    packing: bool = False
    opener: bool = False
    entries: bool = False
    keeper: bool = False
    newest: bool = False
    pairs: bool = False
    incumbent: bool = False
    states: int = 0
    cuts: bool = False
    layers: bool = False
    moves: bool = False
    first: int = 0

    @property
    def optimal(self) -> bool:
        """Whether the search is forward A* with sound pruning only (its plans are push-optimal)."""
        return self.weight == 1 and not (self.bidirectional or self.macros or self.cycle or self.tunnels or self.fess)


def push_options(text: str, source: str = "command line") -> PushOptions:
    """The options written `clusters,wastar,states=1000` (see OPTIONS); InputError naming a word that is
    not one, or an option without the one it needs. A number (`turns=2`, `weight=3`) overrides what a plain
    option sets, wherever it is written."""
    fields: dict[str, Any] = {}
    words = [word.strip() for word in text.split(",") if word.strip()]
    for word in sorted(words, key=lambda word: "=" in word):
        key, _, value = word.partition("=")
        if key in NUMBERS and "=" in word:
            fields[key] = _number(value, source, key)
        elif word in OPTIONS:
            fields |= OPTIONS[word][0]
        else:
            known = [*OPTIONS, *(f"{key}=N" for key in NUMBERS)]
            raise InputError(
                f"unknown push search option {word!r}{did_you_mean(word, known)}; known: {', '.join(known)}", source
            )
    keys = [word.partition("=")[0] for word in words]
    for word, needed in NEEDS.items():
        if word in keys and needed not in keys:
            written = word if word in OPTIONS else f"{word}=N"
            raise InputError(f"push search option {word!r} needs {needed!r} (native-push:{needed},{written})", source)
    options = PushOptions(**fields)
    if options.incumbent and not options.optimal:
        raise InputError(
            "push search option 'incumbent' bounds A* only: it goes with no option that is not optimal", source
        )
    return options


def _number(value: str, source: str, key: str) -> int:
    """The N of `states=N`, `turns=N` or `weight=N`: a positive integer (underscores allowed, as in 2_000_000)."""
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise InputError(f"{key}={value}: expected a positive number of {NUMBERS[key][0]}", source)
    return number


class PushAStar:
    """The push-level searches as planners (native: they search the simulator, not PDDL): forward A*
    (push-optimal) or bidirectional weighted A*, with the options written as in OPTIONS."""

    optimal = True
    fragment = None
    puzzles = ("sokoban", "sokoban-pushes")
    traces = True
    """It records a trace of its forward search when the run is traced (sokoban_push_trace)."""

    def __init__(self, name: str = "native-push-astar", options: str = "clusters") -> None:
        self.name, self.options = name, push_options(options)
        self.optimal = self.options.optimal

    def available(self) -> tuple[bool, str]:
        """Needs nothing outside puzzleplan."""
        return True, ""

    def solve(self, problem: Simulation, limits: Limits) -> PlanResult:
        """Search a Sokoban level (the pipeline hands it nothing else)."""
        puzzle, instance = problem.puzzle, problem.instance
        if not isinstance(puzzle, Sokoban):
            return PlanResult(Status.UNSUPPORTED, message=f"{self.name} solves Sokoban levels only")
        return push_astar(puzzle, instance, limits, **asdict(self.options))
