"""Bloxorz (seed 001) as a puzzle: formats, rules, heuristics, PDDL, moves and the seed's printout."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.domains import domain_text
from puzzleplan.translator.bloxorz import encoding, observation, strips
from puzzleplan.translator.bloxorz.analysis import INFINITE, bounds_of
from puzzleplan.translator.bloxorz.level import BRIDGES, CLOSED, OPEN, Stage, render_native, xy
from puzzleplan.translator.bloxorz.rules import CUBE, FLAT, STANDING, Move, Rules, State, rules_of
from puzzleplan.translator.bloxorz.sources import read_stage, stage_labels
from puzzleplan.translator.capabilities import Encodings, Leveled, Notated, Observed, Reported, Searchable
from puzzleplan.translator.grid import DIRECTIONS, Cell
from puzzleplan.translator.notation import Notation
from puzzleplan.translator.pddl.task import GroundAction, PddlTask
from puzzleplan.translator.puzzle import Heuristic, Puzzle

_SHORT = {"u": "up", "d": "down", "l": "left", "r": "right"}


class Bloxorz(Puzzle[Stage, State, Move], Leveled, Notated, Encodings, Searchable, Reported, Observed):
    """Bloxorz: roll a 1x1x2 block to stand on the hole (0/1/9 matrices, .bloxorz, the game's 33 stages)."""

    name = "bloxorz"
    suffixes = (".bloxorz", ".txt", ".json", ".js")

    # -- formats ------------------------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> Stage:
        """One stage: the seed's matrix, a .bloxorz file, or a one-stage JavaScript or JSON file."""
        return read_stage(text, source, None)

    def levels(self, text: str, source: str) -> list[str]:
        """The stages of a file: 1..33 for the JavaScript data, the stage names for the JSON."""
        return stage_labels(text, source)

    def parse_level(self, text: str, source: str, level: str | None) -> Stage:
        """The stage chosen by number (or JSON name) from a multi-stage file; any format, by content."""
        return read_stage(text, source, level)

    def render(self, instance: Stage) -> str:
        """The native text (the seed's bracketed rows for a stage read in that notation)."""
        return render_native(instance)

    # -- simulator -----------------------------------------------------------------------------------------
    def initial(self, instance: Stage) -> State:
        """Where the block starts, with the bridges as the stage draws them."""
        return rules_of(instance).initial()

    def successors(self, instance: Stage, state: State) -> Iterator[tuple[Move, State]]:
        """(move, state) for each legal move: the block's in the seed's order left, right, up, down, or
        cube 1's then cube 2's."""
        return rules_of(instance).successors(state)

    def moves(self, instance: Stage, state: State) -> list[Move]:
        """The legal moves, in the order of successors()."""
        return [move for move, _ in rules_of(instance).successors(state)]

    def apply(self, instance: Stage, state: State, move: Move) -> State:
        """The state after a move; IllegalMove says why it is not legal (falling, a fragile tile, ...)."""
        rules = rules_of(instance)
        for legal, child in rules.successors(state):
            if legal == move:
                return child
        raise IllegalMove(rules.why_illegal(state, move) or "not a legal move here")

    def is_goal(self, instance: Stage, state: State) -> bool:
        """The whole block stands upright on the hole."""
        return state[0] == state[1] == rules_of(instance).goal

    def heuristic(self, instance: Stage, state: State) -> float:
        """The relaxed distance (every bridge a switch can open stays open): admissible."""
        return relaxed_bound(instance, state)

    def heuristics(self) -> dict[str, Heuristic]:
        """default: the relaxed distance (admissible); seed: the seed's Manhattan bound (not admissible)."""
        return {
            "default": Heuristic(
                relaxed_bound,
                True,
                "exact distance to the hole with every bridge that a switch can open left open, split "
                "switches as the cost of walking their cubes together",
            ),
            "seed": Heuristic(
                seed_heuristic,
                False,
                "the seed's: the larger Manhattan distance of the block's two cells to the hole; it overestimates "
                "when a roll moves a cell two squares (lying two cells right of the hole: 2, one move)",
            ),
        }

    def unsolvable_reason(self, instance: Stage) -> str | None:
        """The hole cannot be reached even with every bridge open."""
        if bounds_of(rules_of(instance))(self.initial(instance)) == INFINITE:
            return "the block cannot reach the hole even with every bridge that a switch opens left open"
        return None

    def restart(self, instance: Stage, state: State) -> Stage:
        """The stage with the block (or cubes) and the bridges as they are in `state`."""
        rules = rules_of(instance)
        grid = [list(row) for row in instance.grid]
        for index in rules.bridges:
            row, col = rules.cell(index)
            grid[row][col] = OPEN if state[2] & rules.bit[index] else CLOSED
        start = tuple(sorted({rules.cell(state[0]), rules.cell(state[1])}))
        return replace(instance, grid=tuple(map(tuple, grid)), start=start)

    # -- PDDL ---------------------------------------------------------------------------------------------
    def encode(self, instance: Stage) -> PddlTask:
        """domains/bloxorz.pddl (switches as universal conditional effects) and the stage's problem."""
        return PddlTask(encoding.DOMAIN, domain_text("bloxorz"), encoding.problem(rules_of(instance)))

    def encodings(self, instance: Stage) -> list[PddlTask]:
        """The general domain, and the stage's own domain with every switch spelt out."""
        return [self.encode(instance), strips.expanded_task(rules_of(instance))]

    def encode_for(self, instance: Stage, fragment: frozenset[str]) -> PddlTask:
        """The general domain for planners with conditional effects; the stage's own domain otherwise
        (its toggles are still conditional, for the pipeline's compilation to remove)."""
        if ":conditional-effects" in fragment:
            return self.encode(instance)
        return strips.expanded_task(rules_of(instance))

    def decode(self, instance: Stage, plan: list[GroundAction]) -> list[Move]:
        """Native moves of a plan of either encoding (a cube's move is named by the cell it leaves)."""

        def step(state: State, move: Move, where: str) -> State:
            return self.apply_step(instance, state, move, where)

        return encoding.decode(rules_of(instance), plan, step)

    # -- notation -----------------------------------------------------------------------------------------
    def move_json(self, move: Move) -> Any:
        """ "left" for the block, [1, "left"] for cube 1 of a split block."""
        return move[1] if move[0] == 0 else [move[0], move[1]]

    def format_move(self, move: Move) -> str:
        """`left` for the block, `1 left` for cube 1 of a split block."""
        return move[1] if move[0] == 0 else f"{move[0]} {move[1]}"

    def parse_move(self, text: str) -> Move:
        """Read `left`, `1 left`, `[1, "left"]` or `"left"` (u, d, l, r for short)."""
        words = re.sub(r"[\[\]\(\),'\"]", " ", text).lower().split()
        if words:
            words[-1] = _SHORT.get(words[-1], words[-1])
        if len(words) == 1 and words[0] in DIRECTIONS:
            return 0, words[0]
        if len(words) == 2 and words[0] in ("1", "2") and words[1] in DIRECTIONS:
            return int(words[0]), words[1]
        raise ValueError("expected a direction (up, down, left, right), for a split block after the cube: 1 left")

    def notations(self) -> list[Notation]:
        """format_move's spelling one a line, and the seed's step printout (`--show`): `Agent goes left ...`,
        `Agent's cube 1 goes up ...`."""
        return [*super().notations(), Notation("the seed's step printout", _read_steps)]

    def parse_moves(self, text: str, source: str = "<moves>") -> list[Move]:
        """Moves one a line as format_move writes them, or a JSON list such as `solve --json` prints
        (["right", [1, "up"]]); InputError naming the line (or the item of the list) otherwise."""
        items = _json_value(text.strip())
        if isinstance(items, list) and not (len(items) == 2 and isinstance(items[0], int)):
            return [self._list_move(number, item, source) for number, item in enumerate(items, start=1)]
        return super().parse_moves(text, source)

    def _list_move(self, number: int, item: Any, source: str) -> Move:
        """The move of item `number` (from 1) of a JSON list of moves."""
        try:
            return self.move_from_json(item)
        except ValueError as error:
            raise InputError(f"item {number} of the list, {item!r}: {error}", source, 1) from None

    # -- pictures -----------------------------------------------------------------------------------------
    def describe_goal(self, instance: Stage) -> str:
        """The whole block standing upright on the hole."""
        return f"the whole block standing upright on the hole (9) at x,y = {xy(instance.goal)}"

    def show(self, instance: Stage, state: State) -> str:
        """The state in the seed's notation, Bloxorz[y1,x1,y2,x2], its shape in words, and the board."""
        return f"{notation(instance, state)} {describe(instance, state)}\n{board(instance, state)}"

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: Stage) -> tuple[str, ...]:
        """The block's four rolls; on a stage with split switches, then cube 1's and cube 2's ("1 up")."""
        return tuple(self.format_move(move) for move in _action_moves(instance))

    def action_of(self, instance: Stage, move: Move) -> int:
        """The action of the block's or a cube's roll."""
        return _action_moves(instance).index(move)

    def observation_shape(self, instance: Stage) -> tuple[int, ...]:
        """Two planes over the stage: its tiles and the block."""
        return 2, instance.height, instance.width

    def observation_high(self, instance: Stage) -> int:
        """The largest tile code (observation.TILE_CODES and its bridge codes)."""
        return observation.HIGHEST

    def observe(self, instance: Stage, state: State) -> tuple[int, ...]:
        """The tiles plane (bridges as they are now) and the block plane."""
        return observation.planes(rules_of(instance), state)

    def show_steps(self, instance: Stage, moves: list[Move], states: list[State]) -> str:
        """The seed's printout: Step ( n ), where the block goes and lies, and the board with x on it."""
        parts = [f"Step ( 1 )\nAgent is on board: {describe(instance, states[0])}\n*****\n{board(instance, states[0])}"]
        for number, (move, state) in enumerate(zip(moves, states[1:]), start=2):
            who = "Agent" if move[0] == 0 else f"Agent's cube {move[0]}"
            text = f"Step ( {number} )\n{who} goes {move[1]} on board: {describe(instance, state)}"
            parts.append(f"{text}\n*****\n{board(instance, state)}")
        parts.append(f"Agent took {len(states)} step(s) to solve this problem")
        return "\n\n".join(parts)


def relaxed_bound(instance: Stage, state: State) -> float:
    """The default heuristic (puzzleplan.translator.bloxorz.analysis): never more than the moves still needed."""
    return bounds_of(rules_of(instance))(state)


def seed_heuristic(instance: Stage, state: State) -> float:
    """The seed's heuristic: the larger Manhattan distance of the block's two cells to the hole."""
    rules = rules_of(instance)
    goal_row, goal_col = rules.cell(rules.goal)
    return max(abs(row - goal_row) + abs(col - goal_col) for row, col in map(rules.cell, state[:2]))


def notation(instance: Stage, state: State) -> str:
    """The seed's Bloxorz[...] as its worked examples write it: row (y) then column (x) of each cell, from 1
    (docs/bloxorz.md says why the examples win over the note's [c1,r1,c2,r2])."""
    rules = rules_of(instance)
    (r1, c1), (r2, c2) = rules.cell(state[0]), rules.cell(state[1])
    return f"Bloxorz[{r1 + 1},{c1 + 1},{r2 + 1},{c2 + 1}]"


def describe(instance: Stage, state: State) -> str:
    """How the block is, as the seed says it: standing straight, laying horizontally, ... at x, y."""
    rules = rules_of(instance)
    (r1, c1), (r2, c2) = rules.cell(state[0]), rules.cell(state[1])
    shape = rules.shape(state[0], state[1])
    at = f"at x-coordinate = {c1 + 1} and y-coordinate = {r1 + 1}"
    if shape == CUBE:
        return f"split in two cubes {at} and at x-coordinate = {c2 + 1} and y-coordinate = {r2 + 1}"
    word = {STANDING: "standing straight", FLAT: "laying horizontally"}.get(shape, "laying vertically")
    return f"{word} {at}"


def board(instance: Stage, state: State) -> str:
    """The seed's board: a tile as its token (1 tile, 9 hole, ...), void as blank, x under the block;
    a bridge tile shows B when open and b when closed."""
    rules = rules_of(instance)
    under = {rules.cell(state[0]), rules.cell(state[1])}
    lines = []
    for r, row in enumerate(instance.grid):
        cells = ["x" if (r, c) in under else _shown(rules, state, (r, c), token) for c, token in enumerate(row)]
        lines.append(("  " + " ".join(cells)).rstrip())
    return "\n".join(lines)


def _shown(rules: Rules, state: State, cell: Cell, token: str) -> str:
    """How the seed's board shows a cell the block is not on: its token, blank for void, a bridge tile as it
    is in `state` (B open, b closed)."""
    if token in BRIDGES:
        return OPEN if state[2] & rules.bit[rules.index(cell)] else CLOSED
    return " " if token == "0" else token


def _json_value(text: str) -> Any:
    """The JSON value of a text that starts as a list, None for any other text."""
    if not text.startswith("["):
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None


_STEP = re.compile(r"^Agent(?:'s cube ([0-9]+))? goes (up|down|left|right)\b")


def _read_steps(text: str, source: str) -> list[Move]:
    """The moves of the seed's printout: one `Agent goes DIRECTION on board: ...` line a step."""
    moves = [(int(match.group(1) or 0), match.group(2)) for line in text.splitlines() if (match := _STEP.match(line))]
    if not moves and "Agent is on board" not in text:
        raise InputError("expected the seed's printout: Step ( n ) and `Agent goes DIRECTION` lines", source, 1)
    return moves


def _action_moves(instance: Stage) -> list[Move]:
    """The moves that name the actions: the block's rolls, and the cubes' on a stage that can split it."""
    movers = (0, 1, 2) if instance.splits else (0,)
    return [(mover, direction) for mover in movers for direction in DIRECTIONS]
