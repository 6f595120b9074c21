"""The rules of Bloxorz: move tables built once per stage and the simulator that runs on them.

A state is a tuple (first, second, bridges): two cell indices, first <= second, and the bit set of the
bridge tiles that are open. The block stands on `first` when first == second, lies on both when they are
side by side, and otherwise it is split into two cubes standing on them (cube 1 on `first`, the one met
first in reading order; cube 2 on `second`).

Cells are indexed (row + 2) * stride + column with stride = width + 1: two void rows above and below the
stage and a void column after each row, so that any roll from a tile lands inside the table and never
wraps round to the other side of the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from puzzleplan.translator.bloxorz.level import (
    CLOSED,
    FRAGILE,
    HEAVY,
    OPEN,
    SOFT,
    SPLIT,
    VOID,
    Stage,
    Switch,
    need_start,
    xy,
)
from puzzleplan.translator.grid import DIRECTIONS, Cell

State = tuple[int, int, int]
"""(first cell, second cell, open bridge bits)."""
Move = tuple[int, str]
"""(0, direction) for the whole block; (1 or 2, direction) for a cube of a split block."""

STANDING, FLAT, UPRIGHT, CUBE = "standing", "lying along a row", "lying along a column", "cube"
"""The shapes of a position: a standing block, a lying one (horizontally, vertically), split cubes."""
MARGIN = 2
"""Void rows above and below the stage in the index layout."""


class Effect(NamedTuple):
    """What pressing switches does to the bridge bits: ((bits | opened) & ~closed) ^ toggled."""

    opened: int
    closed: int
    toggled: int

    def then(self, bit: int, action: str) -> Effect:
        """This effect followed by `action` (on, off, toggle) on one bridge bit."""
        opened, closed, toggled = self.opened & ~bit, self.closed & ~bit, self.toggled & ~bit
        was_open, was_closed, was_toggled = self.opened & bit, self.closed & bit, self.toggled & bit
        if action == "on" or (action == "toggle" and was_closed):
            return Effect(opened | bit, closed, toggled)
        if action == "off" or (action == "toggle" and was_open):
            return Effect(opened, closed | bit, toggled)
        return Effect(opened, closed, toggled | (0 if was_toggled else bit))

    def compose(self, other: Effect) -> Effect:
        """This effect, then `other`."""
        result = self
        for position in range((other.opened | other.closed | other.toggled).bit_length()):
            bit = 1 << position
            for mask, action in ((other.opened, "on"), (other.closed, "off"), (other.toggled, "toggle")):
                if mask & bit:
                    result = result.then(bit, action)
        return result

    def apply(self, bits: int) -> int:
        """The bridge bits after the effect."""
        return ((bits | self.opened) & ~self.closed) ^ self.toggled


NO_EFFECT = Effect(0, 0, 0)


class Entry(NamedTuple):
    """A move of the block from one position: where it lands and what it needs and does."""

    move: Move
    first: int
    second: int
    need: int
    """Bridge bits that must be open: the tiles it lands on (or the cubes' tiles after a split)."""
    effect: Effect | None
    """The switches it presses, composed in reading order; None when none acts."""
    cover: int
    """Bridge bits under the block after the move: a switch closing one of them drops the block."""


class CubeEntry(NamedTuple):
    """A move of a single cube from a cell."""

    direction: str
    target: int
    need: int
    effect: Effect | None


ORDER = ("left", "right", "up", "down")
"""The order moves are tried in: the seed's (Left, Right, Up, Down), so that breadth-first search finds the
seed's own answer to its level 1."""


def offsets(stride: int) -> dict[str, dict[str, tuple[int, ...]]]:
    """The cells a position covers after each roll, relative to its first cell, by shape and direction."""
    up, down, left, right = -stride, stride, -1, 1
    table: dict[str, dict[str, tuple[int, ...]]] = {
        STANDING: {"up": (2 * up, up), "down": (down, 2 * down), "left": (2 * left, left), "right": (right, 2 * right)},
        FLAT: {"up": (up, up + 1), "down": (down, down + 1), "left": (left,), "right": (2,)},
        UPRIGHT: {"up": (up,), "down": (2 * down,), "left": (left, left + down), "right": (right, right + down)},
        CUBE: {"up": (up,), "down": (down,), "left": (left,), "right": (right,)},
    }
    return {shape: {direction: rolls[direction] for direction in ORDER} for shape, rolls in table.items()}


def _naming_error(move: Move, split: bool) -> str | None:
    """Why a move does not name a roll of the block as it is (whole, or split into cubes 1 and 2)."""
    number, direction = move
    if direction not in DIRECTIONS:
        return f"unknown direction {direction!r}: expected up, down, left or right"
    if split and number not in (1, 2):
        return f"the block is split into two cubes: name the cube that rolls (1 {direction} or 2 {direction})"
    if not split and number != 0:
        return f"the block is whole: there is no cube {number} (write just {direction})"
    return None


class Rules:
    """A stage's static facts and move tables, indexed by padded cell numbers."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.stride = stride = stage.width + 1
        self.size = (stage.height + 2 * MARGIN) * stride
        self.kinds = self._padded_kinds()
        self.cells = [i for i, kind in enumerate(self.kinds) if kind != VOID]
        self.bridges = [i for i in self.cells if self.kinds[i] in (OPEN, CLOSED)]
        self.bit = self._bridge_bits()
        self.goal = self.index(stage.goal)
        self.effects = {self.index(switch.cell): self._effect(switch) for switch in stage.switches}
        self.splits = {self.index(s.cell): tuple(sorted(map(self.index, s.cubes))) for s in stage.splits}
        self.start_bits = self._open_at_start()
        self.offsets = offsets(stride)
        self.moves = {direction: (0, direction) for direction in ORDER}
        self.soft_effect = self._pressed_by((SOFT,))
        """What a cube or a lying block landing on each index presses (soft switches only)."""
        self.standing_effect = self._pressed_by((SOFT, HEAVY))
        """What a standing block landing on each index presses."""
        self.block_table: dict[int, list[Entry]] = {}
        self.cube_table: dict[int, list[CubeEntry]] = {}

    def _padded_kinds(self) -> list[str]:
        """The tile kind of every padded index (VOID in the margin)."""
        kinds = [VOID] * self.size
        for r, row in enumerate(self.stage.grid):
            for c, token in enumerate(row):
                kinds[(r + MARGIN) * self.stride + c] = token
        return kinds

    def _bridge_bits(self) -> list[int]:
        """For every padded index, its bridge tile's bit (0 where there is no bridge tile)."""
        bits = [0] * self.size
        for number, cell in enumerate(self.bridges):
            bits[cell] = 1 << number
        return bits

    def _open_at_start(self) -> int:
        """The bits of the bridge tiles that are open at the start."""
        return sum(self.bit[i] for i in self.bridges if self.kinds[i] == OPEN)

    def _pressed_by(self, kinds: tuple[str, ...]) -> list[Effect | None]:
        """For every padded index, the effect of its switch if that switch is of one of these kinds."""
        return [self.effects.get(i) if kind in kinds else None for i, kind in enumerate(self.kinds)]

    def _effect(self, switch: Switch) -> Effect:
        """What pressing a switch does to the bridge bits."""
        effect = NO_EFFECT
        for at, action in switch.effects:
            effect = effect.then(self.bit[self.index(at)], action)
        return effect

    # -- cells and positions --------------------------------------------------------------------------
    def index(self, cell: Cell) -> int:
        """The padded index of a (row, column) cell of the stage."""
        return (cell[0] + MARGIN) * self.stride + cell[1]

    def cell(self, index: int) -> Cell:
        """The (row, column) of a padded index."""
        row, col = divmod(index, self.stride)
        return row - MARGIN, col

    def name(self, index: int) -> str:
        """A cell as the files write it: X,Y from 1."""
        return xy(self.cell(index))

    def shape(self, first: int, second: int) -> str:
        """The shape of a position: standing, lying flat along a row or a column, or split cubes."""
        if first == second:
            return STANDING
        if second - first == 1:
            return FLAT
        return UPRIGHT if second - first == self.stride else CUBE

    def initial(self) -> State:
        """The stage's start: the block where `start:` puts it, bridges as the matrix draws them."""
        cells = sorted(self.index(cell) for cell in self.stage.start)
        return cells[0], cells[-1], self.start_bits

    # -- the move tables ------------------------------------------------------------------------------
    def block_entries(self, first: int, second: int) -> list[Entry]:
        """The moves of the whole block from a position that no state can make legal are left out."""
        key = first * self.size + second
        found = self.block_table.get(key)
        if found is None:
            found = [e for e in (self.block_move(first, second, d, False) for d in ORDER) if isinstance(e, Entry)]
            self.block_table[key] = found
        return found

    def block_move(self, first: int, second: int, direction: str, explain: bool = True) -> Entry | str | None:
        """The Entry of rolling the block one way, or (None without `explain`) why that roll is never
        legal from here."""
        landed = [first + offset for offset in self.offsets[self.shape(first, second)][direction]]
        void = [cell for cell in landed if self.kinds[cell] == VOID]
        if void:
            return self.falls(void[0]) if explain else None
        if len(landed) == 2:
            spot, other = landed
            need = self.bit[spot] | self.bit[other]
            return Entry(self.moves[direction], spot, other, need, self._lying_effect(spot, other), need)
        return self._standing_entry(self.moves[direction], landed[0], explain)

    def _standing_entry(self, move: Move, spot: int, explain: bool) -> Entry | str | None:
        """The Entry of the block landing upright on a tile, or (None without `explain`) why it never can:
        a fragile tile gives way, a split switch splits it into two cubes."""
        kinds, bit = self.kinds, self.bit
        if kinds[spot] == FRAGILE:
            return f"the fragile tile at {self.name(spot)} gives way under a standing block" if explain else None
        if kinds[spot] == SPLIT:
            cube1, cube2 = self.splits[spot]
            return Entry(move, cube1, cube2, bit[spot] | bit[cube1] | bit[cube2], None, 0)
        return Entry(move, spot, spot, bit[spot], self.standing_effect[spot], bit[spot])

    def _lying_effect(self, first: int, second: int) -> Effect | None:
        """The switches a lying block landing on both cells presses, in reading order."""
        one, two = self.soft_effect[first], self.soft_effect[second]
        if one is None or two is None:
            return two if one is None else one
        return one.compose(two)

    def cube_entries(self, cell: int) -> list[CubeEntry]:
        """The rolls of a single cube from a cell onto tiles (onto a bridge tile when it is open)."""
        found = self.cube_table.get(cell)
        if found is None:
            found = []
            for direction, (offset,) in self.offsets[CUBE].items():
                target = cell + offset
                if self.kinds[target] != VOID:
                    found.append(CubeEntry(direction, target, self.bit[target], self.soft_effect[target]))
            self.cube_table[cell] = found
        return found

    # -- the simulator --------------------------------------------------------------------------------
    def successors(self, state: State) -> Iterator[tuple[Move, State]]:
        """(move, next state) for every legal move: the block's, or cube 1's then cube 2's."""
        gap = state[1] - state[0]
        if gap == 0 or gap == 1 or gap == self.stride:
            return self._block_successors(state)
        return self._cube_successors(state)

    def _block_successors(self, state: State) -> Iterator[tuple[Move, State]]:
        """(move, next state) for every legal roll of the whole block."""
        first, second, bits = state
        found = self.block_table.get(first * self.size + second)
        if found is None:
            found = self.block_entries(first, second)
        for move, new_first, new_second, need, effect, cover in found:
            if bits & need != need:
                continue
            if effect is None:
                yield move, (new_first, new_second, bits)
                continue
            after = ((bits | effect.opened) & ~effect.closed) ^ effect.toggled
            if after & cover == cover:
                yield move, (new_first, new_second, after)

    def _cube_successors(self, state: State) -> Iterator[tuple[Move, State]]:
        """(move, next state) for every legal roll of cube 1, then of cube 2, of a split block."""
        first, second, bits = state
        for number, cube, other in ((1, first, second), (2, second, first)):
            rolls = self.cube_table.get(cube)
            if rolls is None:
                rolls = self.cube_entries(cube)
            for direction, target, need, effect in rolls:
                if bits & need != need:
                    continue
                if effect is not None:
                    after = ((bits | effect.opened) & ~effect.closed) ^ effect.toggled
                    cover = self.bit[target] | self.bit[other]
                    if after & cover != cover:
                        continue
                else:
                    after = bits
                yield (number, direction), ((target, other, after) if target < other else (other, target, after))

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Why a move is illegal in `state`, in words (None when it is legal)."""
        first, second, bits = state
        split = self.shape(first, second) == CUBE
        reason = _naming_error(move, split)
        if reason:
            return reason
        entry = self._cube_roll(state, move) if split else self.block_move(first, second, move[1])
        if not isinstance(entry, Entry):
            return entry
        return self._falls_through(entry, bits)

    def _falls_through(self, entry: Entry, bits: int) -> str | None:
        """Why a roll that lands on tiles still drops the block: a closed bridge tile under it, or one that a
        switch it presses closes (None when neither)."""
        closed = self._closed_among(entry.need, bits)
        if closed:
            return f"it would fall: the bridge tile at {self.name(closed[0])} is closed"
        lost = self._closed_among(entry.cover, entry.effect.apply(bits) if entry.effect else bits)
        if lost:
            return f"it would fall: the switch it presses closes the bridge tile at {self.name(lost[0])} under it"
        return None

    def _closed_among(self, mask: int, bits: int) -> list[int]:
        """The bridge tiles of the bit set `mask` that are closed in `bits`, in reading order."""
        return [i for i in self.bridges if self.bit[i] & mask and not bits & self.bit[i]]

    def _cube_roll(self, state: State, move: Move) -> Entry | str:
        """The Entry of rolling one cube of a split block, or why it falls."""
        first, second, _ = state
        number, direction = move
        cube, other = (first, second) if number == 1 else (second, first)
        target = cube + self.offsets[CUBE][direction][0]
        if self.kinds[target] == VOID:
            return self.falls(target, f"cube {number}")
        bit = self.bit
        return Entry(move, target, other, bit[target], self.soft_effect[target], bit[target] | bit[other])

    def falls(self, index: int, who: str = "it") -> str:
        """Why landing on a void cell is illegal: off the board, or into the void."""
        row, col = self.cell(index)
        if 0 <= row < self.stage.height and 0 <= col < self.stage.width:
            return f"{who} would fall: {self.name(index)} is void"
        return f"{who} would roll off the board"


def rules_of(stage: Stage) -> Rules:
    """The stage's precomputed move tables, built once per stage object (kept on the object, as
    functools.cached_property keeps its values; hashing a whole stage on every lookup would cost more)."""
    rules = stage.__dict__.get("_rules")
    if rules is None:
        need_start(stage)
        rules = Rules(stage)
        object.__setattr__(stage, "_rules", rules)
    return rules
