"""Tower of Hanoi: any number of pegs and discs, partial goals, `.hanoi` files, PDDL and decoding."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

from puzzleplan.common.errors import IllegalMove, IllegalStep, InputError, quote
from puzzleplan.common.files import count_number, whole_number
from puzzleplan.domains import domain_text
from puzzleplan.translator.capabilities import Generating, Notated, Observed, Reported, Searchable
from puzzleplan.translator.notation import Notation, move_lines
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom, problem_text
from puzzleplan.translator.puzzle import Option, Puzzle
from puzzleplan.translator.text import Line, content_lines, header_value, sections, without_titles

_PEG_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")

Stacks = tuple[tuple[int, ...], ...]
"""One stack per peg, bottom to top, discs numbered by size (1 smallest)."""
Move = tuple[int, str, str]
"""(disc, from_peg, to_peg)."""
Goal = tuple[tuple[str, tuple[int, ...]], ...]
"""(peg, its bottom discs, bottom to top) for each peg a goal constrains."""


@dataclass(frozen=True)
class HanoiInstance:
    """Pegs, the initial stacks, and the goal: for some pegs the bottom part of their stack; `others`, the
    goal's other alternatives (any one reached will do), as seed 004's "all the discs on another rod"."""

    pegs: tuple[str, ...]
    init: Stacks
    goal: Goal
    others: tuple[Goal, ...] = ()

    @property
    def goals(self) -> tuple[Goal, ...]:
        """The goal's alternatives: the goal, then the others."""
        return (self.goal, *self.others)

    @property
    def discs(self) -> tuple[int, ...]:
        """Every disc, smallest first."""
        return tuple(sorted(disc for stack in self.init for disc in stack))


def disc_name(disc: int) -> str:
    """The PDDL name of a disc, as the seed writes it: disk3."""
    return f"disk{disc}"


class Hanoi(Puzzle[HanoiInstance, Stacks, Move], Notated, Searchable, Reported, Generating, Observed):
    """Tower of Hanoi: move one top disc at a time, never onto a smaller disc."""

    name = "hanoi"
    suffixes = (".hanoi",)

    # -- native format --------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> HanoiInstance:
        """Read a .hanoi file: optional `pegs:`, then `init:` and `goal:` sections of `PEG: discs`; or a
        problem as seed 003 writes it (read_facts)."""
        lines = without_titles(content_lines(text), source)
        if lines and lines[0].text.lower().startswith("initial state:"):
            return read_facts(lines, source)
        found = sections(lines, ("pegs", "init", "goal"), source)
        for required in ("init", "goal"):
            if required not in found:
                raise InputError(f"missing section '{required}:'", source)
        pegs = self._pegs(found.get("pegs"), source)
        init, discs = self._init(found["init"], pegs, source)
        goals = [self._goal(lines, pegs, discs, source) for lines in _alternatives(found["goal"], source)]
        return HanoiInstance(pegs, init, goals[0], tuple(goals[1:]))

    @classmethod
    def _goal(cls, lines: list[Line], pegs: tuple[str, ...], discs: set[int], source: str) -> Goal:
        """One alternative of the goal section: its `PEG: discs` lines."""
        goal_rows = cls._rows(lines, pegs, source)
        cls._check_goal(goal_rows, discs, lines, source)
        return tuple((peg, goal_rows[peg]) for peg in pegs if goal_rows.get(peg))

    @staticmethod
    def _pegs(section: tuple[Line, list[Line]] | None, source: str) -> tuple[str, ...]:
        """Peg names from the `pegs:` line (default A B C)."""
        if section is None:
            return ("A", "B", "C")
        header, body = section
        names = header_value(header).split() + [word for line in body for word in line.text.split()]
        if len(names) < 2:
            raise InputError("expected at least two peg names after 'pegs:'", source, header.number)
        _check_peg_names(names, source, header.number)
        return tuple(names)

    @classmethod
    def _init(cls, section: tuple[Line, list[Line]], pegs: tuple[str, ...], source: str) -> tuple[Stacks, set[int]]:
        """The initial stacks of the `init:` section (a peg it leaves out is empty) and the discs they hold."""
        rows = cls._rows(section[1], pegs, source)
        init = tuple(rows.get(peg, ()) for peg in pegs)
        discs = {disc for stack in init for disc in stack}
        if not discs:
            raise InputError("the init section places no discs", source, section[0].number)
        return init, discs

    @staticmethod
    def _rows(lines: list[Line], pegs: tuple[str, ...], source: str) -> dict[str, tuple[int, ...]]:
        """`PEG: d d d` lines -> {peg: discs bottom to top}; stacks must shrink upwards."""
        rows: dict[str, tuple[int, ...]] = {}
        seen: set[int] = set()
        for line in lines:
            peg, discs = _row(line, pegs, source)
            if peg in rows:
                raise InputError(f"peg {peg} is listed twice", source, line.number)
            rows[peg] = discs
        for line, discs in zip(lines, rows.values()):
            duplicate = seen & set(discs)
            if duplicate:
                raise InputError(f"disc {min(duplicate)} appears twice", source, line.number)
            seen |= set(discs)
        return rows

    @staticmethod
    def _check_goal(rows: dict[str, tuple[int, ...]], discs: set[int], lines: list[Line], source: str) -> None:
        """Every goal disc must exist in the initial state."""
        for line, goal_discs in zip(lines, rows.values()):
            unknown = set(goal_discs) - discs
            if unknown:
                raise InputError(
                    f"goal names disc {min(unknown)}, which the init section does not place", source, line.number
                )

    def render(self, instance: HanoiInstance) -> str:
        """The .hanoi text of an instance."""
        lines = ["pegs: " + " ".join(instance.pegs), "init:"]
        lines += [f"{peg}: {' '.join(map(str, stack))}".rstrip() for peg, stack in zip(instance.pegs, instance.init)]
        lines.append("goal:")
        for number, goal in enumerate(instance.goals):
            lines += ["or"] * bool(number) + [f"{peg}: {' '.join(map(str, stack))}" for peg, stack in goal]
        return "\n".join(lines) + "\n"

    generator_options = (
        Option("discs", int, 5, "number of discs", minimum=1, maximum=10_000),
        Option("pegs", int, 3, "number of pegs", minimum=2, maximum=1_000),
        Option("random", bool, False, "random legal start and goal instead of a tower to move"),
    )

    def generate(self, options: dict[str, Any], rng: random.Random) -> HanoiInstance:
        """A tower of --discs on the first of --pegs pegs, to go to the last, or with --random, random
        legal start and goal configurations."""
        discs, peg_count = options["discs"], options["pegs"]
        pegs = tuple(chr(ord("A") + i) if peg_count <= 26 else f"P{i}" for i in range(peg_count))
        if options["random"]:
            return HanoiInstance(
                pegs, _random_stacks(discs, peg_count, rng), tuple(zip(pegs, _random_stacks(discs, peg_count, rng)))
            )
        tower = tuple(range(discs, 0, -1))
        init = (tower,) + ((),) * (peg_count - 1)
        return HanoiInstance(pegs, init, ((pegs[-1], tower),))

    # -- simulator --------------------------------------------------------------------------------
    def initial(self, instance: HanoiInstance) -> Stacks:
        """The initial stacks."""
        return instance.init

    def moves(self, instance: HanoiInstance, state: Stacks) -> list[Move]:
        """Top discs onto empty pegs or larger discs, by source then target peg."""
        pegs = instance.pegs
        return [
            (source[-1], pegs[i], pegs[j])
            for i, source in enumerate(state)
            if source
            for j, target in enumerate(state)
            if i != j and (not target or target[-1] > source[-1])
        ]

    def apply(self, instance: HanoiInstance, state: Stacks, move: Move) -> Stacks:
        """Move the disc; IllegalMove says why when it is not the top disc or lands on a smaller one."""
        disc, source, target = move
        if source not in instance.pegs or target not in instance.pegs:
            raise IllegalMove(f"unknown peg (pegs are {' '.join(instance.pegs)})")
        i, j = instance.pegs.index(source), instance.pegs.index(target)
        if i == j:
            raise IllegalMove("source and target peg are the same")
        if not state[i] or state[i][-1] != disc:
            if all(disc not in stack for stack in state):
                raise IllegalMove(f"there is no disc {disc} (the discs are 1 to {sum(map(len, state))})")
            raise IllegalMove(f"disc {disc} is not on top of peg {source}")
        if state[j] and state[j][-1] < disc:
            raise IllegalMove(f"disc {disc} cannot go onto the smaller disc {state[j][-1]}")
        stacks = list(state)
        stacks[i], stacks[j] = state[i][:-1], state[j] + (disc,)
        return tuple(stacks)

    def is_goal(self, instance: HanoiInstance, state: Stacks) -> bool:
        """Each goal peg's stack starts with its goal discs, in one of the goal's alternatives."""
        pegs = instance.pegs
        return any(all(state[pegs.index(peg)][: len(stack)] == stack for peg, stack in goal) for goal in instance.goals)

    def heuristic(self, instance: HanoiInstance, state: Stacks) -> int:
        """Sum over discs of a lower bound (0, 1 or 2) on that disc's own moves (see _moves_needed), the
        least over the goal's alternatives."""
        return min(sum(_moves_needed(replace(instance, goal=goal), state).values()) for goal in instance.goals)

    # -- PDDL -----------------------------------------------------------------------------------
    def encode(self, instance: HanoiInstance) -> PddlTask:
        """domains/hanoi.pddl and a problem with the seed's names (disk1.., pegs as written)."""
        discs = instance.discs
        init = _size_facts(discs, instance.pegs)
        for peg, stack in zip(instance.pegs, instance.init):
            init += _stack_facts(peg, stack)
            init.append(atom("clear", disc_name(stack[-1]) if stack else peg))
        objects = {"disc": map(disc_name, discs), "peg": instance.pegs}
        problem = problem_text(f"hanoi-{len(discs)}", "hanoi", objects, init, _goal_formula(instance))
        domain = domain_text("hanoi")
        if instance.others:
            domain = domain.replace(":strips :typing)", ":strips :typing :disjunctive-preconditions)", 1)
        return PddlTask("hanoi", domain, problem)

    def decode(self, instance: HanoiInstance, plan: list[GroundAction]) -> list[Move]:
        """(move diskD FROM TO) -> [D, peg of FROM, peg of TO], tracking where each disc is."""
        state, moves = instance.init, []
        places = {peg.lower(): peg for peg in instance.pegs}
        for name, args in plan:
            move = _plan_move(state, instance.pegs, places, name, args)
            state = self.apply_step(instance, state, move, atom(name, *args))
            moves.append(move)
        return moves

    # -- notation ---------------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        """`1 A C`: disc 1 from peg A to peg C."""
        return f"{move[0]} {move[1]} {move[2]}"

    def parse_move(self, text: str) -> Move:
        """Read `1 A C`, `[1, "A", "C"]` or `1,A,C`."""
        words = re.sub(r"[\[\]\(\),'\"]", " ", text).split()
        if len(words) != 3 or count_number(words[0]) is None:
            raise ValueError("expected DISC FROM TO, e.g. 1 A C")
        return int(words[0]), words[1], words[2]

    def notations(self) -> list[Notation]:
        """`1 A C` one a line, or `Move disk 1 from A to C` lines as many solvers print them."""
        return [
            move_lines("DISC FROM TO one a line", self.parse_move, self.format_move),
            move_lines("'Move disk D from P to Q' lines", _parse_sentence, _format_sentence),
        ]

    def describe_goal(self, instance: HanoiInstance) -> str:
        """Each goal peg with the discs that must lie at its bottom, bottom to top (`or` between alternatives)."""
        shown = ["\n".join(f"{peg}: {' '.join(map(str, stack))}" for peg, stack in goal) for goal in instance.goals]
        return "the bottom of these pegs, bottom to top:\n" + "\nor\n".join(shown)

    def show(self, instance: HanoiInstance, state: Stacks) -> str:
        """One line per peg, bottom to top."""
        return "\n".join(f"{peg}: {' '.join(map(str, stack))}".rstrip() for peg, stack in zip(instance.pegs, state))

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: HanoiInstance) -> tuple[str, ...]:
        """One action per ordered pair of pegs: the top disc of the first onto the second ("A->B")."""
        return tuple(f"{source}->{target}" for source, target in _peg_pairs(instance.pegs))

    def action_of(self, instance: HanoiInstance, move: Move) -> int:
        """The pair of pegs the move goes between."""
        return _peg_pairs(instance.pegs).index(move[1:])

    def observation_shape(self, instance: HanoiInstance) -> tuple[int, ...]:
        """A row per peg, a column per height."""
        return len(instance.pegs), len(instance.discs)

    def observation_high(self, instance: HanoiInstance) -> int:
        """Discs are numbered 1 (the smallest) to the number of discs."""
        return len(instance.discs)

    def observe(self, instance: HanoiInstance, state: Stacks) -> tuple[int, ...]:
        """Each peg's discs by size rank, bottom to top, 0 above them."""
        rank = {disc: number for number, disc in enumerate(instance.discs, 1)}
        height = len(instance.discs)
        return tuple(value for stack in state for value in [rank[disc] for disc in stack] + [0] * (height - len(stack)))


_SENTENCE = re.compile(
    r"(?i)\s*move\s+(?:the\s+)?dis[ck]\s*([0-9]+)\s+from\s+(?:(?:peg|rod|tower)\s+)?(\w+)\s+"
    r"to\s+(?:(?:peg|rod|tower)\s+)?(\w+)\s*\.?\s*"
)


def _parse_sentence(text: str) -> Move:
    """Read `Move disk 1 from A to C` (also `disc`, `from peg A`, `to rod C`); ValueError otherwise."""
    match = _SENTENCE.fullmatch(text)
    if not match:
        raise ValueError("expected a sentence such as 'Move disk 1 from A to C'")
    return int(match.group(1)), match.group(2), match.group(3)


def _format_sentence(move: Move) -> str:
    """Move disk 1 from A to C."""
    return f"Move disk {move[0]} from {move[1]} to {move[2]}"


def _peg_pairs(pegs: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every ordered pair of two pegs, by source then target peg (the order moves() lists them in)."""
    return [(source, target) for source in pegs for target in pegs if source != target]


_FACT = re.compile(r"^\((on|clear)\s+([^\s()]+)(?:\s+([^\s()]+))?\)$", re.IGNORECASE)
"""A fact of seed 003's problems: (on disk1 disk2), (clear B)."""


def read_facts(lines: list[Line], source: str) -> HanoiInstance:
    """A problem as seed 003 writes it: `initial state:` and `goal:`, each followed by (on D X) and
    (clear X) facts, discs disk1..disk5 (1 the smallest) and pegs A, B, C. The (clear X) facts follow from
    the (on ...) facts and are checked against them."""
    found = sections(lines, ("initial state", "goal"), source)
    if "goal" not in found:
        raise InputError("missing section 'goal:' (after the initial state's facts)", source)
    pegs = ("A", "B", "C")
    init = _stacks_of(found["initial state"][1], pegs, source, every_disc=True)
    goal = _stacks_of(found["goal"][1], pegs, source, every_disc=False)
    discs = {disc for stack in init for disc in stack}
    goal_rows = {peg: stack for peg, stack in zip(pegs, goal) if stack}
    Hanoi._check_goal(goal_rows, discs, found["goal"][1], source)
    return HanoiInstance(pegs, init, tuple(goal_rows.items()))


def _stacks_of(lines: list[Line], pegs: tuple[str, ...], source: str, every_disc: bool) -> Stacks:
    """The stacks that (on ...) facts build on each peg; every disc must rest on a peg through the discs
    under it; the (clear X) facts, when `every_disc` (a whole state), must be the tops."""
    under: dict[int, str] = {}
    where: dict[int, int] = {}
    clear: set[str] = set()
    for line in lines:
        kind, args = _fact(line, source)
        if kind == "clear":
            clear.add(args[0])
        elif _disc_of(args[0], line, source) in under:
            raise InputError(f"{args[0]} is on two things", source, line.number)
        else:
            under[_disc_of(args[0], line, source)] = args[1]
            where[_disc_of(args[0], line, source)] = line.number
    stacks = tuple(_stack_on(peg, under) for peg in pegs)
    for peg, stack in zip(pegs, stacks):
        _check_stack(peg, stack, source, lines[0].number if lines else 1)
    placed = {disc for stack in stacks for disc in stack}
    if set(under) - placed:
        lost = min(set(under) - placed)
        raise InputError(
            f"{disc_name(lost)} does not rest on a peg A, B or C (through the discs under it)", source, where[lost]
        )
    tops = {disc_name(stack[-1]) if stack else peg for peg, stack in zip(pegs, stacks)}
    if every_disc and clear and clear != tops:
        raise InputError(f"the (clear ...) facts name {sorted(clear)}, but the tops are {sorted(tops)}", source)
    return stacks


def _fact(line: Line, source: str) -> tuple[str, list[str]]:
    """(on|clear, its arguments) of one fact line."""
    match = _FACT.match(line.text)
    if not match or (match.group(1).lower() == "on") != bool(match.group(3)):
        raise InputError(
            f"expected a fact such as (on disk1 disk2) or (clear B), found {quote(line.text)}", source, line.number
        )
    return match.group(1).lower(), [word for word in match.groups()[1:] if word]


def _disc_of(name: str, line: Line, source: str) -> int:
    """The number of a disc named diskN."""
    match = re.fullmatch(r"(?i)disk([0-9]+)", name)
    if not match or int(match.group(1)) < 1:
        raise InputError(f"expected a disc disk1, disk2, ..., found {quote(name)}", source, line.number)
    return int(match.group(1))


def _stack_on(peg: str, under: dict[int, str]) -> tuple[int, ...]:
    """The discs on `peg`, bottom to top, following what each disc is on."""
    stack: list[int] = []
    below = peg
    while (disc := next((d for d, support in under.items() if support.lower() == below.lower()), None)) is not None:
        stack.append(disc)
        below = disc_name(disc)
    return tuple(stack)


def _goal_formula(instance: HanoiInstance) -> list[str] | str:
    """The PDDL goal: the goal's facts, or `(or (and ...) ...)` over its alternatives."""
    facts = [[fact for peg, stack in goal for fact in _stack_facts(peg, stack)] for goal in instance.goals]
    if len(facts) == 1:
        return facts[0]
    return "(or " + " ".join("(and " + " ".join(sorted(alternative)) + ")" for alternative in facts) + ")"


def _alternatives(section: tuple[Line, list[Line]], source: str) -> list[list[Line]]:
    """The goal section's alternatives: its lines split at lines that say `or`."""
    header, lines = section
    if header_value(header):
        raise InputError("write the goal on the lines after 'goal:'", source, header.number)
    groups: list[list[Line]] = [[]]
    for line in lines:
        if line.text.lower() == "or":
            groups.append([])
        else:
            groups[-1].append(line)
    if any(not group for group in groups[1:]) or (len(groups) > 1 and not groups[0]):
        raise InputError("expected 'PEG: discs' lines on both sides of each 'or' of the goal", source, header.number)
    return groups


def _stack_facts(peg: str, stack: tuple[int, ...]) -> list[str]:
    """(on ...) facts for a stack bottom to top on a peg."""
    supports = [peg] + [disc_name(d) for d in stack[:-1]]
    return [atom("on", disc_name(d), below) for d, below in zip(stack, supports)]


def _check_peg_names(names: list[str], source: str, line: int) -> None:
    """Peg names are words starting with a letter, not of the form diskN, and differ ignoring case."""
    bad = [name for name in names if not _PEG_NAME.match(name) or re.fullmatch(r"(?i)disk[0-9]+", name)]
    if bad:
        raise InputError(
            f"bad peg name {bad[0]!r}: expected letters and digits, starting with a letter, and not of the form diskN",
            source,
            line,
        )
    if len({name.lower() for name in names}) != len(names):
        raise InputError("peg names must differ (ignoring case)", source, line)


def _row(line: Line, pegs: tuple[str, ...], source: str) -> tuple[str, tuple[int, ...]]:
    """One `PEG: d d d` line: the peg and its discs bottom to top, each smaller than the one below."""
    peg, colon, rest = line.text.partition(":")
    peg = peg.strip()
    if not colon or peg not in pegs:
        raise InputError(
            f"expected 'PEG: discs' with PEG one of {' '.join(pegs)}, found {quote(line.text)}", source, line.number
        )
    discs = _disc_numbers(peg, rest, source, line.number)
    _check_stack(peg, discs, source, line.number)
    return peg, discs


def _check_stack(peg: str, discs: tuple[int, ...], source: str, line: int) -> None:
    """A stack's discs are numbered from 1 and listed bottom to top, each smaller than the one below."""
    if any(disc < 1 for disc in discs):
        raise InputError("disc numbers start at 1", source, line)
    if any(lower <= upper for lower, upper in zip(discs, discs[1:])):
        raise InputError(
            f"peg {peg}: discs must be listed bottom to top, each smaller than the one below", source, line
        )


def _disc_numbers(peg: str, text: str, source: str, line: int) -> tuple[int, ...]:
    """The disc numbers written after `PEG:` (`3`, or `D3` and `disk3` as seed 004 and seed 003 name them)."""
    numbers = [whole_number(re.sub(r"(?i)^(?:d|disk|disc)(?=[0-9])", "", word)) for word in text.split()]
    discs = tuple(number for number in numbers if number is not None)
    if len(discs) < len(numbers):
        raise InputError(
            f"expected disc numbers (1 = smallest) after '{peg}:', found {quote(text.strip())}", source, line
        )
    return discs


def _size_facts(discs: tuple[int, ...], pegs: tuple[str, ...]) -> list[str]:
    """(smaller D P) for every disc and peg, (smaller D E) for every disc D smaller than a disc E."""
    facts = [atom("smaller", disc_name(d), peg) for d in discs for peg in pegs]
    return facts + [atom("smaller", disc_name(d), disc_name(e)) for d in discs for e in discs if d < e]


def _plan_move(state: Stacks, pegs: tuple[str, ...], places: dict[str, str], name: str, args: tuple[str, ...]) -> Move:
    """The move a plan step (move diskN FROM TO) makes in `state`."""
    match = re.fullmatch(r"disk([0-9]+)", args[0]) if name == "move" and len(args) == 3 else None
    if not match:
        raise InputError(f"expected (move diskN FROM TO), found {atom(name, *args)}")
    disc = int(match.group(1))
    below = _support(state, pegs, disc)
    if below is not None and below != args[1]:
        reason = f"disc {disc} is on {below}, not on {args[1]}"
        raise IllegalStep(f"plan step {atom(name, *args)} is illegal: {reason}", reason)
    source, target = (_peg_of(state, pegs, places, arg) for arg in args[1:])
    return disc, source, target


def _support(state: Stacks, pegs: tuple[str, ...], disc: int) -> str | None:
    """The PDDL name of what a disc lies on (the disc below it, or its peg); None when it is nowhere."""
    found = _stack_of(state, pegs, disc)
    if found is None:
        return None
    peg, stack = found
    index = stack.index(disc)
    return disc_name(stack[index - 1]) if index else peg.lower()


def _stack_of(state: Stacks, pegs: tuple[str, ...], disc: int) -> tuple[str, tuple[int, ...]] | None:
    """(peg, its stack) of the peg a disc lies on; None when it is on none."""
    return next(((peg, stack) for peg, stack in zip(pegs, state) if disc in stack), None)


def _peg_of(state: Stacks, pegs: tuple[str, ...], places: dict[str, str], name: str) -> str:
    """The peg a PDDL place names: a peg itself, or the peg a disc currently sits on."""
    if name in places:
        return places[name]
    match = re.fullmatch(r"disk([0-9]+)", name)
    found = _stack_of(state, pegs, int(match.group(1))) if match else None
    if found is not None:
        return found[0]
    raise InputError(f"unknown place {name!r} in the plan")


def _moves_needed(instance: HanoiInstance, state: Stacks) -> dict[int, int]:
    """A lower bound on each disc's own number of moves; their sum is an admissible heuristic.

    A disc must move at least once if the goal constrains it and it is not in place (in place = on its
    goal peg inside the matching bottom part of the goal stack), if it lies on a goal peg above a bottom
    part that is still incomplete, or if it lies above a disc that must move. A constrained disc not in
    place must move at least twice if it is now on its goal peg (a disc cannot move from a peg to the
    same peg, so it must leave and come back), or if it lies above the disc it must finally rest on: it
    must uncover that disc before the disc's last move and land on it after.
    """
    goal_support, goal_peg = _goal_places(instance)
    goals = dict(instance.goal)
    needed: dict[int, int] = {}
    for peg, stack in zip(instance.pegs, state):
        _peg_needs(peg, stack, goals.get(peg, ()), goal_support, goal_peg, needed)
    return needed


def _peg_needs(
    peg: str,
    stack: tuple[int, ...],
    wanted: tuple[int, ...],
    goal_support: dict[int, int | str],
    goal_peg: dict[int, str],
    needed: dict[int, int],
) -> None:
    """Enter into `needed` the lower bound of each disc on one peg that must move (see _moves_needed)."""
    prefix = _common_bottom(stack, wanted)
    must_move = False
    for height, disc in enumerate(stack):
        in_place = height < prefix
        blocked_goal = height >= prefix and prefix < len(wanted)
        must_move = must_move or blocked_goal or (disc in goal_support and not in_place)
        if must_move:
            twice = (
                not in_place and disc in goal_support and _returns(disc, peg, stack[:height], goal_support, goal_peg)
            )
            needed[disc] = 2 if twice else 1


def _goal_places(instance: HanoiInstance) -> tuple[dict[int, int | str], dict[int, str]]:
    """For each disc the goal constrains: what it must finally rest on (a disc or a peg), and its peg."""
    goal_support: dict[int, int | str] = {}
    goal_peg: dict[int, str] = {}
    for peg, stack in instance.goal:
        for below, disc in zip((peg,) + stack, stack):
            goal_support[disc], goal_peg[disc] = below, peg
    return goal_support, goal_peg


def _common_bottom(stack: tuple[int, ...], wanted: tuple[int, ...]) -> int:
    """How many discs at the bottom of a peg's stack are already those the goal wants there."""
    prefix = 0
    while prefix < min(len(stack), len(wanted)) and stack[prefix] == wanted[prefix]:
        prefix += 1
    return prefix


def _returns(
    disc: int, peg: str, under: tuple[int, ...], goal_support: dict[int, int | str], goal_peg: dict[int, str]
) -> bool:
    """True when a disc that must move must move twice: its goal peg is the peg it is on, or it lies above
    the disc it must finally rest on."""
    return goal_peg[disc] == peg or goal_support[disc] in under


def _random_stacks(discs: int, pegs: int, rng: random.Random) -> Stacks:
    """A uniformly random legal configuration: each disc on a random peg, stacked by size."""
    where = [rng.randrange(pegs) for _ in range(discs)]
    return tuple(tuple(d for d in range(discs, 0, -1) if where[d - 1] == p) for p in range(pegs))
