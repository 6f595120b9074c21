"""Traces of the push searches (sokoban_push): the forward side's expansions, recorded into the run's Recorder
in Sokoban's own terms. A state is the puzzle's State (the keeper's cell and the box cells); a move is a push
in LURD letters, the keeper's shortest walk behind the box and the push (a tunnel or goal macro: several such),
so the moves along the path are the plan. A child the search queues is `new`, with its own id, and judged when
it comes off the frontier: a position already closed makes it a duplicate of the closed one, a dead one (a
learnt pattern, its cluster, a corral) pruned. A child never queued is pruned when generated: a push onto a dead
square, a push that PI-corral pruning leaves out, a freeze deadlock, a position whose bound is infinite. The
backward side of a bidirectional search is counted, not recorded, and the trace's note says so; so are the
weighted searches that give A* its incumbent, and when A* runs dry below it, the note says that the incumbent's
plan (not in the trace) is proved optimal."""

from __future__ import annotations

from typing import Any, Protocol

from puzzleplan.common.recorder import Recorder
from puzzleplan.common.trace import CLOSED, DEADLOCK, DUPLICATE, NEW, PRUNED, Child, Expansion
from puzzleplan.translator.bitset import bits
from puzzleplan.translator.sokoban.analysis import BACK, INFINITE, NAMES, Analysis
from puzzleplan.translator.sokoban.level import SokobanInstance, State
from puzzleplan.translator.sokoban.puzzle import pushed

FREEZE, CORRAL, DEAD_SQUARE = "freeze", "corral", "dead square"
"""Why a push was pruned when generated (besides `deadlock`, an infinite bound): the box freezes off a goal,
PI-corral pruning leaves the push out, the box would stand on a dead square."""

BACKWARD = (
    "The backward search over pulls from the solved position is counted in `unrecorded`, not recorded: the "
    "expansions are the forward search's alone."
)
MET = "The searches met at the path's last state; the plan goes on with {} pushes the backward search found."
RESTARTED = (
    "The search with goal-room and tunnel macros ran dry; a plain search started again from the start (state {})."
)
MOVES_DONE = (
    "The search with FESS's moves found no plan in its states; the search without them started again from the "
    "start (state {})."
)
INCUMBENT = (
    "The weighted searches run before A* for an incumbent plan ({}) are counted in `unrecorded`, not recorded: "
    "the expansions are A*'s alone."
)
PROVED = (
    "{} ran dry below the incumbent's {} pushes: the weighted search's plan is proved optimal (the trace has "
    "no path: the plan is not A*'s)."
)
LAYERS = "Feature cycling below one bound after another before A* (as in IDA*) is counted in `unrecorded` too."
FOUND = (
    "Feature cycling found a plan of {} pushes below a bound that no plan with fewer pushes reaches: the plan is "
    "proved optimal (the trace has no path: the plan is not A*'s)."
)
NO_PLAN = "Feature cycling ran dry cutting no position: the level has no plan."


class Side(Protocol):
    """What the tracer reads of a push search's side (sokoban_push._Side)."""

    forward: bool
    weight: int
    parents: list
    closed: dict[tuple[int, int], int]
    clusters: Any


Node = tuple[int, int, float, float, int | None, tuple]
"""A queued position: keeper cell number, box mask, g, h, its parent's id and the pushes from there."""


class PushTracer:
    """Records the forward side of one push search (several runs of it: a macro search that runs dry hands
    over to a plain one, a search with FESS's moves for its first states to one without them; the nodes of each
    take the ids after those of the runs before)."""

    def __init__(self, recorder: Recorder, instance: SokobanInstance, data: Analysis) -> None:
        self.recorder, self.trace = recorder, recorder.trace
        self.instance, self.data = instance, data
        self.decoration = instance.boxes - instance.active_boxes  # walled-off boxes: drawn, never searched
        self.nodes: list[Node] = []
        self.judged = bytearray()  # per id: 1 once it came off the frontier
        self.open: dict[int, Child] = {}  # id: its child in a kept expansion, until it is judged
        self.offset = 0  # the id of the running side's node 0
        self.taken = 0  # the running side's nodes off the frontier
        self.current = 0
        self.expansion: Expansion | None = None

    def attach(self, sides: list[Any], restart: str = RESTARTED) -> None:
        """Trace a run's sides (the forward one first); its node ids follow those of a run before, which the
        note says by `restart` (RESTARTED or MOVES_DONE)."""
        self.offset, self.taken = len(self.nodes), 0
        if self.offset:
            self.say(restart.format(self.offset))
        for side in sides:
            side.tracer = self

    def state(self, keeper: int, boxes: int) -> State:
        """A position as the puzzle's State."""
        cell = self.data.cell
        return State(cell(keeper), frozenset(cell(box) for box in bits(boxes)) | self.decoration)

    def move(self, parent: int | None, pushes: tuple) -> str | None:
        """The LURD letters from the position `parent` by `pushes` (None from no parent)."""
        if parent is None:
            return None
        keeper, boxes, *_ = self.nodes[parent]
        cell = self.data.cell
        return pushed(self.instance, self.state(keeper, boxes), [(cell(box), NAMES[d]) for box, d in pushes])[0]

    def child(self, side: Side, g: int, keeper: int, boxes: int, parent: int, pushes: tuple, h: float) -> None:
        """A position generated (the start, when `parent` < 0): queued under the next id, or pruned as dead
        when its bound is infinite."""
        if not side.forward:
            return
        if parent < 0 and self.trace.start is None:
            self.trace.start = self.state(keeper, boxes)
        if h >= INFINITE:
            if parent >= 0:
                self.pruned(pushes, DEADLOCK, g)
            return
        ident = len(self.nodes)
        origin = None if parent < 0 else parent + self.offset
        self.nodes.append((keeper, boxes, g, h, origin, pushes))
        self.judged.append(0)
        if origin is None:
            return
        expansion = self.expansion
        child = Child(None if expansion is None else self.move(origin, pushes), ident, NEW, "", g, h)
        self.recorder.add(expansion, child)
        if expansion is not None:
            self.open[ident] = child
            expansion.frontier += 1

    def closed_child(self, side: Side, g: int, boxes: int, pushes: tuple, area: int) -> None:
        """A push (or macro) to a position closed already, the keeper in its `area`: a duplicate of that
        position, never queued."""
        if side.forward:
            closed = side.closed[((area & -area).bit_length(), boxes)] + self.offset
            move = None if self.expansion is None else self.move(self.current, pushes)
            self.recorder.add(self.expansion, Child(move, closed, DUPLICATE, CLOSED, g))

    def pruned(self, pushes: tuple, reason: str, g: float | None = None) -> None:
        """A push (or macro) of the position being expanded, cut off for `reason`."""
        g = self.nodes[self.current][2] + len(pushes) if g is None else g
        move = None if self.expansion is None else self.move(self.current, pushes)
        self.recorder.add(self.expansion, Child(move, None, PRUNED, reason, g))

    def expanding(self, side: Side, node: int, reach: int, boxes: int) -> None:
        """A side expands `node` (the backward side's expansions are only counted); the pushes onto dead
        squares, which the search never generates, are recorded as pruned."""
        if not side.forward:
            self.trace.unrecorded += 1
            self.say(BACKWARD)
            return
        ident = self.current = node + self.offset
        self.settle(ident)
        keeper, _, g, h, parent, pushes = self.nodes[ident]
        f = g + side.weight * h
        expansion = self.expansion = self.recorder.record(ident, parent, None, self.state(keeper, boxes), g, h, f)
        if expansion is not None:
            expansion.move = self.move(parent, pushes)
            self.recorder.sizes(expansion, len(side.parents) - self.taken, len(side.closed))
        for push in self.dead_squares(reach, boxes):
            self.pruned((push,), DEAD_SQUARE)

    def dead_squares(self, reach: int, boxes: int) -> list[tuple[int, int]]:
        """The pushes (box, direction) the keeper could make from `reach` onto a free dead square."""
        data, found = self.data, []
        for box in bits(boxes):
            for d, target in enumerate(data.neighbour[box]):
                behind = data.neighbour[box][BACK[d]]
                if target >= 0 and behind >= 0 and not data.live[target] and (reach >> behind) & ~(boxes >> target) & 1:
                    found.append((box, d))
        return found

    def corral(self, pushes: list, chosen: list) -> None:
        """The pushes PI-corral pruning left out of `chosen`."""
        if len(chosen) < len(pushes):
            kept = set(chosen)
            for box, d, _ in (push for push in pushes if push not in kept):
                self.pruned(((box, d),), CORRAL)

    def repeated(self, side: Side, node: int, boxes: int, area: int) -> None:
        """A queued node came off the frontier with its position closed already (the keeper in `area`, the
        closed position's): a duplicate of that one."""
        if not side.forward or self.judged[node + self.offset]:
            return
        closed = side.closed[((area & -area).bit_length(), boxes)] + self.offset
        self.judge(node + self.offset, DUPLICATE, CLOSED, closed)

    def dead(self, side: Side, node: int) -> None:
        """A queued node came off the frontier dead (by a learnt pattern, its cluster or a corral)."""
        if side.forward:
            self.judge(node + self.offset, PRUNED, side.clusters.kind, node + self.offset)

    def judge(self, ident: int, outcome: str, reason: str, same: int) -> None:
        """A queued child's outcome, known when it comes off the frontier (`same`: the id it names)."""
        child = self.open.get(ident)
        self.settle(ident)
        self.trace.duplicates += outcome == DUPLICATE
        self.trace.pruned += outcome == PRUNED
        if child is not None:
            child.outcome, child.reason, child.state_id = outcome, reason, same

    def settle(self, ident: int) -> None:
        """Node `ident` is off the frontier."""
        self.taken += 1 - self.judged[ident]
        self.judged[ident] = 1
        self.open.pop(ident, None)

    def found(self, node: int, met: int | None) -> None:
        """The search ended at `node` of the forward side (packed, or where it met the backward side, which
        found `met` pushes more): the path of ids and moves from the start."""
        ident: int | None = node + self.offset
        path, moves = [], []
        while ident is not None:
            path.append(ident)
            _, _, _, _, parent, pushes = self.nodes[ident]
            if parent is not None:
                moves.append(self.move(parent, pushes))
            ident = parent
        self.trace.path, self.trace.path_moves = path[::-1], moves[::-1]
        if met is not None:
            self.say(MET.format(met))

    def beside(self, expanded: int, sentence: str) -> None:
        """Count `expanded` expansions of a search beside the recorded one (in `unrecorded`), said by `sentence`."""
        self.trace.unrecorded += expanded
        self.say(sentence)

    def say(self, sentence: str) -> None:
        """Add `sentence` to the trace's note, once."""
        if sentence not in self.trace.note:
            self.trace.note = f"{self.trace.note} {sentence}".strip()


def tracer(recorder: Recorder | None, instance: SokobanInstance, data: Analysis, heuristic: str) -> PushTracer | None:
    """A tracer for a push search when the run is traced (its heuristic named), else None."""
    if recorder is None:
        return None
    recorder.trace.heuristic = heuristic
    return PushTracer(recorder, instance, data)
