"""Bloxorz in PDDL: the action schemas (one table, written out two ways), the problem of a stage, and the
decoding of plans into native moves.

`domains/bloxorz.pddl` is the table written with universal conditional effects: a switch under a cell the
block lands on acts on every bridge tile its static facts name. Fast Downward reads it as it is. Planners
without conditional effects get the table expanded for one stage (puzzleplan.translator.bloxorz.strips).
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzleplan.common.errors import InputError
from puzzleplan.translator.bloxorz.level import FRAGILE, SOFT, SPLIT
from puzzleplan.translator.bloxorz.rules import CUBE, FLAT, STANDING, UPRIGHT, Effect, Rules, State
from puzzleplan.translator.grid import DIRECTIONS, OPPOSITE, Cell, cell_name, parse_cell_name
from puzzleplan.translator.pddl.task import GroundAction, atom, problem_text

DOMAIN = "bloxorz"
REQUIREMENTS = (
    ":strips",
    ":typing",
    ":negative-preconditions",
    ":equality",
    ":existential-preconditions",
    ":conditional-effects",
)
STANDS, LIES = "standing", "lying"
"""How a cell is pressed: by a standing block (soft and heavy switches act) or by a lying block or a cube
(soft switches only)."""


@dataclass(frozen=True)
class Schema:
    """One action schema: parameters, precondition, effects and the cells it newly covers."""

    name: str
    comment: str
    parameters: tuple[str, ...]
    precondition: tuple[str, ...]
    delete: tuple[str, ...]
    add: tuple[str, ...]
    presses: tuple[tuple[str, str], ...] = ()
    """(parameter, STANDS or LIES) for each cell the block lands on, in reading order."""
    pair: str = ""
    """For two pressed cells: right or below, how the second lies from the first."""
    other_cube: bool = False
    """A single cube's roll: the switch it presses must not close the tile under the other cube."""

    @property
    def direction(self) -> str:
        """The direction the block or cube rolls, read from the name."""
        return next(word for word in self.name.split("-") if word in DIRECTIONS)


def _lands(cell: str, kind: str) -> tuple[str, ...]:
    """Preconditions of landing on a cell: a tile is there (and takes a standing block)."""
    if kind == STANDS:
        return (f"(solid ?{cell})", f"(not (fragile ?{cell}))", f"(not (split-switch ?{cell}))")
    return (f"(solid ?{cell})",)


def _lands_lying(first: str, second: str) -> tuple[str, ...]:
    """Preconditions of a lying block landing on two cells: both tiles there, and neither cell a soft
    switch that closes the other (the block would fall through the bridge it is lying on)."""
    return (
        f"(solid ?{first})",
        f"(solid ?{second})",
        f"(not (drops ?{first} ?{second}))",
        f"(not (drops ?{second} ?{first}))",
    )


def _block_schemas() -> list[Schema]:
    """The rolls of the whole block: 4 from standing, 4 for each lying orientation, 4 onto split switches."""
    return _falls_from_standing() + _rolls_lying() + _stands_up() + _stands_on_split()


def _falls_from_standing() -> list[Schema]:
    """The block standing on ?c falls onto the two cells ?a ?b beyond it."""
    standing_to: dict[str, tuple[tuple[str, ...], str, str]] = {
        "up": (("(below ?b ?c)", "(below ?a ?b)"), "lying-y", "below"),
        "down": (("(below ?c ?a)", "(below ?a ?b)"), "lying-y", "below"),
        "left": (("(right ?b ?c)", "(right ?a ?b)"), "lying-x", "right"),
        "right": (("(right ?c ?a)", "(right ?a ?b)"), "lying-x", "right"),
    }
    return [
        Schema(
            f"stand-{direction}",
            f"the block standing on ?c falls {direction} onto ?a and ?b",
            ("c", "a", "b"),
            ("(standing ?c)", *geometry, *_lands_lying("a", "b")),
            ("(standing ?c)",),
            (f"({lying} ?a)",),
            (("a", LIES), ("b", LIES)),
            pair,
        )
        for direction, (geometry, lying, pair) in standing_to.items()
    ]


def _rolls_lying() -> list[Schema]:
    """The block lying along a row rolls up or down, along a column left or right: still lying."""
    sideways = {
        ("x", "up"): ("(below ?a ?c)", "(right ?a ?b)"),
        ("x", "down"): ("(below ?c ?a)", "(right ?a ?b)"),
        ("y", "left"): ("(right ?a ?c)", "(below ?a ?b)"),
        ("y", "right"): ("(right ?c ?a)", "(below ?a ?b)"),
    }
    return [
        Schema(
            f"lie-{axis}-{direction}",
            f"the block lying from ?c rolls {direction} onto ?a and ?b, still lying",
            ("c", "a", "b"),
            (f"(lying-{axis} ?c)", *geometry, *_lands_lying("a", "b")),
            (f"(lying-{axis} ?c)",),
            (f"(lying-{axis} ?a)",),
            (("a", LIES), ("b", LIES)),
            "right" if axis == "x" else "below",
        )
        for (axis, direction), geometry in sideways.items()
    ]


_UPRIGHT = {
    ("x", "left"): (("c", "a"), ("(right ?a ?c)",)),
    ("x", "right"): (("c", "a"), ("(right2 ?c ?a)",)),
    ("y", "up"): (("c", "a"), ("(below ?a ?c)",)),
    ("y", "down"): (("c", "a"), ("(below2 ?c ?a)",)),
}
"""The rolls of a lying block along its length, which stand it up: the parameters and the geometry."""


def _stands_up() -> list[Schema]:
    """The lying block rolls along its length and stands up on ?a."""
    return [
        Schema(
            f"lie-{axis}-{direction}",
            f"the block lying from ?c rolls {direction} and stands up on ?a",
            parameters,
            (f"(lying-{axis} ?c)", *geometry, *_lands("a", STANDS)),
            (f"(lying-{axis} ?c)",),
            ("(standing ?a)",),
            (("a", STANDS),),
        )
        for (axis, direction), (parameters, geometry) in _UPRIGHT.items()
    ]


def _stands_on_split() -> list[Schema]:
    """The lying block rolls along its length onto a split switch: two cubes land where it says."""
    return [
        Schema(
            f"lie-{axis}-{direction}-split",
            f"the block lying from ?c rolls {direction} onto the split switch ?a: two cubes land on ?p and ?q",
            parameters + ("p", "q"),
            (
                f"(lying-{axis} ?c)",
                *geometry,
                "(split-switch ?a)",
                "(split-first ?a ?p)",
                "(split-second ?a ?q)",
                "(solid ?p)",
                "(solid ?q)",
            ),
            (f"(lying-{axis} ?c)",),
            ("(cube ?p)", "(cube ?q)"),
        )
        for (axis, direction), (parameters, geometry) in _UPRIGHT.items()
    ]


_STEP = {
    "up": "(below ?to ?from)",
    "down": "(below ?from ?to)",
    "left": "(right ?to ?from)",
    "right": "(right ?from ?to)",
}
_AROUND = {
    "up": ("(below ?a ?to)", "(right ?l ?to)", "(right ?to ?r)"),
    "down": ("(below ?to ?a)", "(right ?l ?to)", "(right ?to ?r)"),
    "left": ("(right ?a ?to)", "(below ?l ?to)", "(below ?to ?r)"),
    "right": ("(right ?to ?a)", "(below ?l ?to)", "(below ?to ?r)"),
}
"""The three cells around ?to other than ?from: ahead (?a) and to either side (?l, ?r)."""
_JOIN = {
    "right": ("(right ?to ?other)", "(lying-x ?to)"),
    "left": ("(right ?other ?to)", "(lying-x ?other)"),
    "down": ("(below ?to ?other)", "(lying-y ?to)"),
    "up": ("(below ?other ?to)", "(lying-y ?other)"),
}
OTHER_CUBE_FALLS = "(not (exists (?t - cell) (and (drops ?to ?t) (cube ?t) (not (= ?t ?from)))))"
"""The general domain's check that the switch under ?to does not close the tile under the other cube."""


def _cube_schemas() -> list[Schema]:
    """The rolls of one cube of a split block: alone (no cube around where it lands), or onto a cell beside
    the other cube (they join into a lying block)."""
    schemas = []
    for direction, step in _STEP.items():
        landing = ("(cube ?from)", step, "(solid ?to)")
        schemas.append(
            Schema(
                f"cube-{direction}",
                f"the cube on ?from rolls {direction} onto ?to; no cube on ?a, ?l, ?r around it",
                ("from", "to", "a", "l", "r"),
                (*landing, *_AROUND[direction], "(not (cube ?a))", "(not (cube ?l))", "(not (cube ?r))"),
                ("(cube ?from)",),
                ("(cube ?to)",),
                (("to", LIES),),
                other_cube=True,
            )
        )
        for side, (geometry, lying) in _JOIN.items():
            if side == OPPOSITE[direction]:
                continue
            schemas.append(
                Schema(
                    f"cube-{direction}-join-{side}",
                    f"the cube on ?from rolls {direction} onto ?to, beside the other cube on ?other: they join",
                    ("from", "to", "other"),
                    (*landing, geometry, "(cube ?other)", "(not (drops ?to ?other))"),
                    ("(cube ?from)", "(cube ?other)"),
                    (lying,),
                    (("to", LIES),),
                )
            )
    return schemas


SCHEMAS = _block_schemas() + _cube_schemas()
SCHEMA_BY_NAME = {schema.name: schema for schema in SCHEMAS}

PREDICATES = (
    ("(right ?a ?b - cell)", "?b is the cell right of ?a"),
    ("(below ?a ?b - cell)", "?b is the cell below ?a"),
    ("(right2 ?a ?b - cell)", "?b is two cells right of ?a"),
    ("(below2 ?a ?b - cell)", "?b is two cells below ?a"),
    ("(fragile ?c - cell)", "a standing block breaks through it"),
    ("(soft ?c - cell)", "a soft switch: any part of the block presses it"),
    ("(split-switch ?c - cell)", "a block standing on it splits into two cubes"),
    ("(split-first ?s ?p - cell)", "... one cube landing on ?p"),
    ("(split-second ?s ?q - cell)", "... and the other on ?q"),
    ("(opens ?s ?t - cell)", "pressing the switch ?s opens the bridge tile ?t"),
    ("(closes ?s ?t - cell)", "... closes it"),
    ("(toggles ?s ?t - cell)", "... opens it when closed, closes it when open"),
    ("(drops ?s ?t - cell)", "the soft switch ?s closes or toggles ?t"),
    ("(solid ?c - cell)", "a tile is there now (bridge tiles come and go)"),
    ("(standing ?c - cell)", "the block stands on ?c"),
    ("(lying-x ?c - cell)", "the block lies on ?c and the cell right of it"),
    ("(lying-y ?c - cell)", "the block lies on ?c and the cell below it"),
    ("(cube ?c - cell)", "a cube of the split block stands on ?c"),
)
PRESSES = (
    ("(press-standing ?c - cell)", "a switch here acts under a standing block"),
    ("(press-lying ?c - cell)", "... and under a lying block or a cube"),
)


def predicates_text(extra: tuple[tuple[str, str], ...] = (), keep: set[str] | None = None) -> str:
    """The :predicates section, one commented predicate a line (only those in `keep` when given)."""
    rows = [row for row in PREDICATES + extra if keep is None or row[0][1:].split()[0] in keep]
    width = max(len(text) for text, _ in rows)
    return "  (:predicates\n" + "\n".join(f"    {text:<{width}} ; {note}" for text, note in rows) + "\n  )"


def _press(cell: str, kind: str) -> str:
    """The universal conditional effect of the switch (if any) under `cell`, pressed standing or lying."""
    soft = f"(soft ?{cell}) " if kind == LIES else ""
    return (
        f"\n      (forall (?t - cell) (and\n"
        f"        (when (and {soft}(opens ?{cell} ?t)) (solid ?t))\n"
        f"        (when (and {soft}(closes ?{cell} ?t)) (not (solid ?t)))\n"
        f"        (when (and {soft}(toggles ?{cell} ?t) (solid ?t)) (not (solid ?t)))\n"
        f"        (when (and {soft}(toggles ?{cell} ?t) (not (solid ?t))) (solid ?t))))"
    )


def action_text(name: str, comment: str, parameters, precondition, effects: list[str], tail: str = "") -> str:
    """One action in the domain's layout."""
    lines = [f"  ; {comment}", f"  (:action {name}"]
    lines.append(f"    :parameters ({' '.join('?' + p for p in parameters)}{' - cell' if parameters else ''})")
    lines.append(f"    :precondition (and {' '.join(precondition)})")
    lines.append(f"    :effect (and {' '.join(effects)}{tail}))")
    return "\n".join(lines)


def generic_domain() -> str:
    """domains/bloxorz.pddl: every schema, switches acting through universal conditional effects."""
    header = [
        "; Bloxorz: roll a 1x1x2 block over a stage of tiles until it stands upright on the hole.",
        "; Written by translator/bloxorz/encoding.py (generic_domain); tests check the two agree.",
        "(define (domain bloxorz)",
        f"  (:requirements {' '.join(REQUIREMENTS)})",
        "  (:types cell)",
        predicates_text(),
    ]
    actions = []
    for schema in SCHEMAS:
        effects = [f"(not {literal})" for literal in schema.delete] + list(schema.add)
        tail = "".join(_press(cell, kind) for cell, kind in schema.presses)
        precondition = schema.precondition + ((OTHER_CUBE_FALLS,) if schema.other_cube else ())
        actions.append(action_text(schema.name, schema.comment, schema.parameters, precondition, effects, tail))
    return "\n".join(header) + "\n" + "\n".join(actions) + "\n)\n"


# -- the problem ---------------------------------------------------------------------------------------
def cell_object(rules: Rules, index: int) -> str:
    """The PDDL object of a tile: cY-X, the files' coordinates (row y, column x, from 1)."""
    row, col = rules.cell(index)
    return cell_name((row + 1, col + 1))


def objects(rules: Rules) -> list[Cell]:
    """The cells that are PDDL objects, (row, column) from 0: the tiles, and on a stage where the block
    can split, the void cells beside them (a cube's roll names the three cells around where it lands)."""
    tiles = {rules.cell(index) for index in rules.cells}
    if not splits_ever(rules):
        return sorted(tiles)
    around = {(r + dr, c + dc) for r, c in tiles for dr, dc in DIRECTIONS.values()}
    return sorted(tiles | around)


def splits_ever(rules: Rules) -> bool:
    """True when the block can be split on this stage (a split switch, or it starts split)."""
    first, second, _ = rules.initial()
    return bool(rules.splits) or rules.shape(first, second) == CUBE


def _name(cell: Cell) -> str:
    """The object name of a cell given (row, column) from 0."""
    return cell_name((cell[0] + 1, cell[1] + 1))


def state_facts(rules: Rules, state: State) -> list[str]:
    """The fluent facts of a state: solid tiles, and the block's or the cubes' position."""
    first, second, bits = state
    facts = [atom("solid", cell_object(rules, i)) for i in rules.cells if not rules.bit[i] or bits & rules.bit[i]]
    shape = rules.shape(first, second)
    if shape == CUBE:
        facts += [atom("cube", cell_object(rules, first)), atom("cube", cell_object(rules, second))]
    else:
        predicate = {STANDING: "standing", FLAT: "lying-x", UPRIGHT: "lying-y"}[shape]
        facts.append(atom(predicate, cell_object(rules, first)))
    return facts


def static_facts(rules: Rules, expanded: bool = False) -> list[str]:
    """Adjacency, tile kinds and what every switch does; with `expanded`, which cells press something."""
    facts = _adjacency_facts(set(objects(rules)))
    for index in rules.cells:
        facts += _tile_facts(rules, index)
    for switch in rules.effects:
        facts += _switch_facts(rules, switch, expanded)
    return facts


_STEPS = (("right", 0, 1), ("below", 1, 0), ("right2", 0, 2), ("below2", 2, 0))
"""The adjacency predicates and the (row, column) step from a cell to the one they name."""


def _adjacency_facts(present: set[Cell]) -> list[str]:
    """(right a b), (below a b), (right2 a b), (below2 a b) between the cells that are objects."""
    return [
        atom(predicate, _name((row, col)), _name((row + d_row, col + d_col)))
        for row, col in sorted(present)
        for predicate, d_row, d_col in _STEPS
        if (row + d_row, col + d_col) in present
    ]


def _tile_facts(rules: Rules, index: int) -> list[str]:
    """What kind of tile a cell is: fragile, soft, or a split switch with where its cubes land."""
    kind, name = rules.kinds[index], cell_object(rules, index)
    if kind in (FRAGILE, SOFT):
        return [atom("fragile" if kind == FRAGILE else "soft", name)]
    if kind != SPLIT:
        return []
    first, second = rules.splits[index]
    return [
        atom("split-switch", name),
        atom("split-first", name, cell_object(rules, first)),
        atom("split-second", name, cell_object(rules, second)),
    ]


def _effect_facts(rules: Rules, effect: Effect, name: str) -> list[str]:
    """(opens S T), (closes S T), (toggles S T) for the switch S and each bridge tile T it acts on."""
    return [
        atom(predicate, name, cell_object(rules, tile))
        for tile in rules.bridges
        for mask, predicate in ((effect.opened, "opens"), (effect.closed, "closes"), (effect.toggled, "toggles"))
        if mask & rules.bit[tile]
    ]


def _switch_facts(rules: Rules, switch: int, expanded: bool) -> list[str]:
    """What a switch opens, closes, toggles and drops; with `expanded`, the blocks that press it."""
    name = cell_object(rules, switch)
    facts = _effect_facts(rules, rules.effects[switch], name)
    facts += [atom("drops", name, cell_object(rules, tile)) for tile in drops(rules, switch)]
    if expanded:
        facts.append(atom("press-standing", name))
        if rules.kinds[switch] == SOFT:
            facts.append(atom("press-lying", name))
    return facts


def drops(rules: Rules, switch: int) -> list[int]:
    """The bridge tiles a soft switch closes or toggles (a block or cube on them would fall)."""
    if rules.kinds[switch] != SOFT:
        return []
    effect = rules.effects[switch]
    return [tile for tile in rules.bridges if (effect.closed | effect.toggled) & rules.bit[tile]]


def problem(rules: Rules, facts: list[str] | None = None, constants: frozenset[str] = frozenset()) -> str:
    """The PDDL problem of a stage: its cells (less the domain's constants), the static facts (all of
    them unless given) and the start, the goal on the hole."""
    cells = [_name(cell) for cell in objects(rules)]
    init = (static_facts(rules) if facts is None else facts) + state_facts(rules, rules.initial())
    goal = [atom("standing", cell_object(rules, rules.goal))]
    return problem_text("bloxorz", DOMAIN, {"cell": [c for c in cells if c not in constants]}, init, goal)


# -- decoding ------------------------------------------------------------------------------------------
def decode_step(rules: Rules, state: State, name: str, args: tuple[str, ...]) -> tuple[int, str]:
    """The native move of one plan step taken in `state`; ValueError for an action the encodings lack."""
    schema = SCHEMA_BY_NAME.get(name.split("--", 1)[0])
    if schema is None:
        raise ValueError(f"no action {name} in the bloxorz domain")
    if not schema.name.startswith("cube"):
        return 0, schema.direction
    return _cube_number(rules, state, name, args), schema.direction


def _cube_number(rules: Rules, state: State, name: str, args: tuple[str, ...]) -> int:
    """Which cube (1 or 2) a cube action's first argument names: the cell it leaves."""
    try:
        row, col = parse_cell_name(args[0])
    except (IndexError, ValueError):
        raise ValueError(f"{name} names no cell the cube leaves") from None
    cube = rules.index((row - 1, col - 1))
    if cube not in state[:2] or rules.shape(state[0], state[1]) != CUBE:
        raise ValueError(f"no cube stands on {args[0]}")
    return 1 if cube == state[0] else 2


def decode(rules: Rules, plan: list[GroundAction], apply) -> list[tuple[int, str]]:
    """Native moves of a plan, replayed with `apply(state, move, step)` to know which cube is which."""
    state, moves = rules.initial(), []
    for number, (name, args) in enumerate(plan, start=1):
        try:
            move = decode_step(rules, state, name, args)
        except ValueError as error:
            raise InputError(f"plan step {number} {atom(name, *args)}: {error}") from None
        state = apply(state, move, f"{number} {atom(name, *args)}")
        moves.append(move)
    return moves
