"""Bloxorz for planners without conditional effects: one stage's own domain, in STRIPS with negative
preconditions. Each action of the general table (puzzleplan.translator.bloxorz.encoding) that can land on a switch is
written once for landing elsewhere and once per switch it can press, with that switch's effects spelt
out; a toggle is written once per state of the bridges it toggles (the bridge tiles that are always open
or closed together count as one). unified-planning's own removal of conditional effects, then writing
the task back, took 25 s on stage 2 and over 60 s on stages 10, 20 and 23: its writer enumerates every
possible fact of the task."""

from __future__ import annotations

import re
from itertools import product

from puzzleplan.translator.bloxorz.encoding import (
    DOMAIN,
    PRESSES,
    REQUIREMENTS,
    SCHEMAS,
    STANDS,
    Schema,
    action_text,
    cell_object,
    drops,
    predicates_text,
    problem,
    splits_ever,
    static_facts,
)
from puzzleplan.translator.bloxorz.level import HEAVY, SOFT
from puzzleplan.translator.bloxorz.rules import CUBE, NO_EFFECT, Effect, Rules
from puzzleplan.translator.grid import OPPOSITE, parse_cell_name
from puzzleplan.translator.pddl.task import PddlTask, atom


def expanded_task(rules: Rules) -> PddlTask:
    """The stage's own STRIPS domain (with negative preconditions): each landing on a switch written out
    with that switch's effects, a toggle as one action per state of the bridges it toggles."""
    facts = static_facts(rules, expanded=True)
    actions, constants, used_predicates = _actions(rules, {fact[1:].split()[0] for fact in facts})
    ordered = sorted(constants, key=parse_cell_name)
    header = [
        "; Bloxorz, one stage's own domain: switches spelt out (domains/bloxorz.pddl is the general one).",
        "(define (domain bloxorz)",
        f"  (:requirements {' '.join(REQUIREMENTS[:3])})",
        "  (:types cell)",
    ]
    if ordered:
        header.append(f"  (:constants {' '.join(ordered)} - cell)")
    header.append(predicates_text(PRESSES, keep=used_predicates))
    domain = "\n".join(header) + "\n" + "\n".join(actions) + "\n)\n"
    kept = [fact for fact in facts if fact[1:].split()[0] in used_predicates]
    return PddlTask(DOMAIN, domain, problem(rules, kept, frozenset(ordered)))


def _actions(rules: Rules, present: set[str]) -> tuple[list[str], set[str], set[str]]:
    """The text of every action variant that can ever apply on the stage (whose static predicates are
    `present`), the cells they name as constants and the predicates they use."""
    groups = bridge_groups(rules)
    actions, constants, used_predicates = [], set(), {"standing"}
    splits = splits_ever(rules)
    for schema in SCHEMAS:
        if schema.name.startswith("cube") and not splits:
            continue
        for name, parameters, precondition, effects, used in _variants(rules, schema, groups):
            precondition = _simplify(precondition, present)
            if precondition is None:
                continue
            constants |= used
            used_predicates |= {re.sub(r"^\((not \()?", "", literal).split()[0] for literal in precondition + effects}
            actions.append(action_text(name, schema.comment, parameters, precondition, effects))
    return actions, constants, used_predicates


STATIC = frozenset(
    (
        "right below right2 below2 fragile soft split-switch split-first split-second opens closes toggles drops "
        "press-standing press-lying"
    ).split()
)


def _simplify(precondition: list[str], present: set[str]) -> list[str] | None:
    """The precondition without negated static facts that the stage never has; None when it needs a
    static fact the stage never has (the action can never apply)."""
    kept = []
    for literal in precondition:
        negated = literal.startswith("(not ")
        predicate = literal.removeprefix("(not ").lstrip("(").split()[0]
        if predicate in STATIC and predicate not in present:
            if not negated:
                return None
            continue
        kept.append(literal)
    return kept


def bridge_groups(rules: Rules) -> list[list[int]]:
    """Bridge tiles that are always open or closed together (same start, same action by every switch)."""
    groups: dict[tuple, list[int]] = {}
    for tile in rules.bridges:
        bit = rules.bit[tile]
        signature = (bool(rules.start_bits & bit),) + tuple(
            (switch, bool(e.opened & bit), bool(e.closed & bit), bool(e.toggled & bit))
            for switch, e in sorted(rules.effects.items())
        )
        groups.setdefault(signature, []).append(tile)
    return list(groups.values())


def _variants(rules: Rules, schema: Schema, groups: list[list[int]]):
    """(name, parameters, precondition, effects, constants) of a schema landing on no switch and on each
    switch it can press, a toggling press once per state of the bridges it toggles."""
    choices = [[None, *_pressable(rules, kind)] for _, kind in schema.presses]
    for picked in product(*choices):
        if len(picked) == 2 and not _fits(rules, schema.pair, *picked):
            continue
        yield from _pressing(rules, schema, groups, picked)


def _pressing(rules: Rules, schema: Schema, groups: list[list[int]], picked: tuple[int | None, ...]):
    """The variants of a schema whose landings press the switches `picked` (None: that landing presses
    none), one per state of the bridges they toggle."""
    bound = _bound(rules, schema, picked)
    precondition, effects = _bound_literals(schema, bound, picked)
    pressed = [s for s in picked if s is not None]
    fallen = _fallen_cubes(rules, schema, pressed)
    precondition += [f"(not (cube {name}))" for name in fallen]
    used = set(bound.values()) | set(fallen)
    parameters = [p for p in schema.parameters if p not in bound]
    name = schema.name + "".join(f"--{cell}-{constant}" for cell, constant in bound.items())
    for suffix, condition, changes in _bridge_changes(rules, _combined_effect(rules, pressed), groups, used):
        yield name + suffix, parameters, precondition + condition, effects + changes, used


def _bound(rules: Rules, schema: Schema, picked: tuple[int | None, ...]) -> dict[str, str]:
    """The landing parameters bound to the switch they press: parameter -> the switch's cell object."""
    return {cell: cell_object(rules, s) for (cell, _), s in zip(schema.presses, picked) if s is not None}


def _bound_literals(
    schema: Schema, bound: dict[str, str], picked: tuple[int | None, ...]
) -> tuple[list[str], list[str]]:
    """The precondition and effects of a schema with the pressed landings bound to their switches, and
    the others required not to land on a switch."""
    substitute = _substitution(bound)
    precondition = [substitute(literal) for literal in schema.precondition]
    precondition += [f"(not (press-{kind} ?{cell}))" for (cell, kind), s in zip(schema.presses, picked) if s is None]
    effects = [f"(not {substitute(literal)})" for literal in schema.delete] + list(map(substitute, schema.add))
    return precondition, effects


def _fallen_cubes(rules: Rules, schema: Schema, pressed: list[int]) -> list[str]:
    """For a single cube's roll pressing a switch, the bridge tiles it would drop the other cube from (every
    tile the switch closes or toggles but the one the rolling cube came from): the other cube must not be
    on them (none for other rolls)."""
    if not (schema.other_cube and pressed):
        return []
    switch = pressed[0]
    source = switch + rules.offsets[CUBE][OPPOSITE[schema.direction]][0]
    return [cell_object(rules, t) for t in drops(rules, switch) if t != source]


def _combined_effect(rules: Rules, pressed: list[int]) -> Effect | None:
    """What pressing the switches in order does to the bridges (None: no switch)."""
    effect = None
    for switch in pressed:
        effect = rules.effects[switch] if effect is None else effect.compose(rules.effects[switch])
    return effect


def _substitution(bound: dict[str, str]):
    """A function replacing the bound parameters of a literal by their constants."""
    if not bound:
        return lambda literal: literal
    pattern = re.compile(rf"\?({'|'.join(bound)})\b")
    return lambda literal: pattern.sub(lambda match: bound[match.group(1)], literal)


def _pressable(rules: Rules, kind: str) -> list[int]:
    """The switches with effects that a block pressing this way acts on."""
    return [i for i in sorted(rules.effects) if rules.kinds[i] == SOFT or (kind == STANDS and rules.kinds[i] == HEAVY)]


def _fits(rules: Rules, pair: str, first: int | None, second: int | None) -> bool:
    """True when `second` is the cell right of (below) `first`, or when either is not picked."""
    return first is None or second is None or second - first == (1 if pair == "right" else rules.stride)


def _bridge_changes(rules: Rules, effect: Effect | None, groups: list[list[int]], used: set[str]):
    """(name suffix, extra precondition, effects) for each state of the toggled bridges: opened and closed
    bridges change whatever their state, a toggled one according to its state before the move."""
    fixed, toggled = _changed_groups(rules, NO_EFFECT if effect is None else effect, groups, used)
    for states in product((True, False), repeat=len(toggled)):
        suffix, condition, changes = "", [], list(fixed)
        for names, was_open in zip(toggled, states):
            suffix += f"--{names[0]}-{'open' if was_open else 'closed'}"
            condition.append(_solid(names[0], was_open))
            changes += [_solid(name, not was_open) for name in names]
        yield suffix, condition, changes


def _changed_groups(
    rules: Rules, effect: Effect, groups: list[list[int]], used: set[str]
) -> tuple[list[str], list[list[str]]]:
    """The effects on the bridges the effect opens or closes, and the tile names of each group it toggles;
    the names of every bridge tile it acts on are added to `used`."""
    fixed, toggled = [], []
    for group in groups:
        bit, names = rules.bit[group[0]], [cell_object(rules, tile) for tile in group]
        if (effect.opened | effect.closed | effect.toggled) & bit:
            used.update(names)
        if (effect.opened | effect.closed) & bit:
            fixed += [_solid(name, bool(effect.opened & bit)) for name in names]
        elif effect.toggled & bit:
            toggled.append(names)
    return fixed, toggled


def _solid(name: str, solid: bool) -> str:
    """The literal saying that a bridge tile is (or is not) solid."""
    return atom("solid", name) if solid else f"(not {atom('solid', name)})"
