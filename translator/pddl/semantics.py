"""Plain PDDL semantics over a task (pddl_model): formulas evaluated in a state, false ones explained, effects
applied; pddl_plans replays plans with it and says, as VAL does and in more detail, why one is not valid.

Only the steps of a plan are grounded (no grounding of the whole task). A step's precondition is
evaluated in the state before it (STRIPS, typing, negation, disjunction, implication, quantifiers,
equality, numeric comparisons, derived predicates); its effects (adds, deletes, conditional and universal
effects, numeric updates) are all computed in that state, deletes applied before adds. A failing formula is
explained: the ground atoms that are false (or true under `not`), and for a quantified or disjunctive
condition why it is false.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzleplan.translator.pddl.model import Atom, Rule, Task
from puzzleplan.translator.pddl.task import atom

SHOWN = 3
"""How many failing bindings of a quantifier an explanation lists."""


class Undefined(Exception):
    """A numeric fluent read before it has a value."""


@dataclass(frozen=True)
class State:
    """The atoms that hold and the values of the numeric fluents."""

    atoms: frozenset[Atom]
    values: dict[Atom, float] = field(default_factory=dict, hash=False, compare=False)


@dataclass
class Reason:
    """Why a condition is false: a sentence, the ground literal when it is one (`(clear a)` or
    `(not (clear a))`), and the reasons of its parts."""

    text: str
    literal: str | None = None
    parts: list[Reason] = field(default_factory=list)
    conjunction: bool = False

    def lines(self, indent: str = "  ") -> list[str]:
        """The reason and its parts, indented one level deeper each."""
        return [indent + self.text] + [line for part in self.parts for line in part.lines(indent + "  ")]

    def literals(self) -> list[str]:
        """The ground literals that must change for the condition to hold, through conjunctions only."""
        if self.literal:
            return [self.literal]
        return [literal for part in self.parts for literal in part.literals()] if self.conjunction else []

    def to_json(self) -> dict[str, Any]:
        """The reason as JSON."""
        data: dict[str, Any] = {"why": self.text}
        if self.literal:
            data["literal"] = self.literal
        if self.parts:
            data["parts"] = [part.to_json() for part in self.parts]
        return data


def _ground(term: str, binding: dict[str, str]) -> str:
    """A term with the binding's variables replaced."""
    return binding.get(term, term)


def _atom(predicate: str, terms: Iterable[str], binding: dict[str, str]) -> Atom:
    """A ground atom."""
    return (predicate, *(_ground(term, binding) for term in terms))


def shown_atom(fact: Atom) -> str:
    """A ground atom as PDDL text."""
    return atom(*fact)


def show(formula: tuple | None, binding: dict[str, str]) -> str:
    """A formula as PDDL text, the binding's variables replaced."""
    if formula is None:
        return "()"
    kind = formula[0]
    if kind == "atom":
        return shown_atom(_atom(formula[1], formula[2], binding))
    if kind == "=":
        return atom("=", _ground(formula[1], binding), _ground(formula[2], binding))
    if kind == "not":
        return f"(not {show(formula[1], binding)})"
    if kind in ("and", "or"):
        return "(" + " ".join([kind, *(show(part, binding) for part in formula[1])]) + ")"
    if kind == "imply":
        return f"(imply {show(formula[1], binding)} {show(formula[2], binding)})"
    if kind in ("exists", "forall"):
        return _show_quantified(formula, binding)
    return f"({formula[1]} {show_expression(formula[2], binding)} {show_expression(formula[3], binding)})"


def _show_quantified(formula: tuple, binding: dict[str, str]) -> str:
    """(exists|forall (params) f), the quantified variables left unreplaced."""
    kind, parameters, body = formula
    params = " ".join(f"{name} - {kind_}" for name, kind_ in parameters)
    inner = {k: v for k, v in binding.items() if k not in dict(parameters)}
    return f"({kind} ({params}) {show(body, inner)})"


def show_expression(expression: tuple, binding: dict[str, str]) -> str:
    """A numeric expression as PDDL text."""
    if expression[0] == "number":
        return f"{expression[1]:g}"
    if expression[0] == "fluent":
        return shown_atom(_atom(expression[1], expression[2], binding))
    return "(" + " ".join([expression[1], *(show_expression(part, binding) for part in expression[2])]) + ")"


# -- evaluation -------------------------------------------------------------------------------------------
class Evaluator:
    """Evaluates formulas, explains false ones and applies effects, over one task's objects and types."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self._strata = _strata(task)
        self._bodies = {rule: _alternatives(rule.parameters, rule.body) for rule in task.rules}

    def bindings(self, parameters: tuple[tuple[str, str], ...], binding: dict[str, str]) -> Iterator[dict[str, str]]:
        """Every binding of the typed parameters to objects, extending `binding`, in declaration order."""
        choices = [self.task.of_type(kind) for _, kind in parameters]
        for values in itertools.product(*choices):
            yield {**binding, **dict(zip((name for name, _ in parameters), values))}

    def value(self, expression: tuple, binding: dict[str, str], state: State) -> float:
        """A numeric expression's value; Undefined when it reads a fluent without a value."""
        kind = expression[0]
        if kind == "number":
            return expression[1]
        if kind == "fluent":
            return _known(state.values, _atom(expression[1], expression[2], binding))
        values = [self.value(part, binding, state) for part in expression[2]]
        if expression[1] == "-" and len(values) == 1:
            return -values[0]
        result = values[0]
        for value in values[1:]:
            result = _operation(expression, binding, result, value)
        return result

    def holds(self, formula: tuple | None, binding: dict[str, str], state: State) -> bool:
        """True when the formula holds in the state under the binding."""
        if formula is None:
            return True
        return _HOLDS.get(formula[0], Evaluator._holds_comparison)(self, formula, binding, state)

    def _holds_atom(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(pred terms...) is one of the state's atoms."""
        return _atom(formula[1], formula[2], binding) in state.atoms

    def _holds_equal(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(= a b): both sides name the same object."""
        return _ground(formula[1], binding) == _ground(formula[2], binding)

    def _holds_not(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(not f)."""
        return not self.holds(formula[1], binding, state)

    def _holds_and(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(and f...)."""
        return all(self.holds(part, binding, state) for part in formula[1])

    def _holds_or(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(or f...)."""
        return any(self.holds(part, binding, state) for part in formula[1])

    def _holds_imply(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(imply a b)."""
        return not self.holds(formula[1], binding, state) or self.holds(formula[2], binding, state)

    def _holds_quantified(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(exists params f) or (forall params f) over the objects of the parameters' types."""
        test = any if formula[0] == "exists" else all
        return test(self.holds(formula[2], inner, state) for inner in self.bindings(formula[1], binding))

    def _holds_comparison(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """("compare", op, e1, e2): the numeric comparison."""
        left, right = (self.value(side, binding, state) for side in formula[2:])
        return COMPARE[formula[1]](left, right)

    def why_not(self, formula: tuple, binding: dict[str, str], state: State) -> Reason:
        """Why a formula that does not hold is false."""
        why = _WHY_NOT.get(formula[0], Evaluator._why_not_comparison)
        return why(self, formula, binding, state, show(formula, binding))

    def _why_not_atom(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why an atom is false: it is not in the state."""
        return Reason(f"{text} is false", text)

    def _why_not_equal(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why (= a b) is false: the objects differ."""
        return Reason(f"{text} is false: {_ground(formula[1], binding)} and {_ground(formula[2], binding)} differ")

    def _why_not_and(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why a conjunction is false: its false parts."""
        failing = [part for part in formula[1] if not self.holds(part, binding, state)]
        parts = [self.why_not(part, binding, state) for part in failing]
        return Reason(f"{_short(text)} is false", None, parts, conjunction=True)

    def _why_not_or(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why a disjunction is false: every alternative is."""
        parts = [self.why_not(part, binding, state) for part in formula[1]]
        return Reason(f"{_short(text)} is false: none of its {len(parts)} alternatives holds", None, parts)

    def _why_not_imply(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why (imply a b) is false: a holds, b does not."""
        premise, consequence = show(formula[1], binding), self.why_not(formula[2], binding, state)
        return Reason(f"{_short(text)} is false: {premise} holds but not the consequence", None, [consequence])

    def _why_not_comparison(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why a numeric comparison is false: the values of its sides."""
        left, right = (show_expression(side, binding) for side in formula[2:])
        values = ", ".join(
            f"{side} = {self.value(part, binding, state):g}" for side, part in zip((left, right), formula[2:])
        )
        return Reason(f"{text} is false: {values}")

    def _why_not_negation(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why (not X) is false: X holds."""
        inner = formula[1]
        if inner[0] == "atom":
            return Reason(f"{show(inner, binding)} is true", text)
        if inner[0] == "=":
            return Reason(f"{text} is false: both sides are {_ground(inner[1], binding)}")
        return Reason(f"{_short(text)} is false: {_short(show(inner, binding))} holds")

    def _why_not_exists(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why an exists is false: no choice of its variables satisfies it (or there is none)."""
        candidates, failing = self._choices(formula, binding, state)
        types = _typed_parameters(formula[1])
        if not candidates:
            return Reason(f"{_short(text)} is false: there is no object of {types}")
        return Reason(
            f"{_short(text)} is false: no choice of {types} satisfies it ({len(candidates)} tried){_more(failing)}",
            None,
            self._why_not_choices(formula, failing, state),
        )

    def _why_not_forall(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why a forall is false: the choices of its variables that do not satisfy it."""
        candidates, failing = self._choices(formula, binding, state)
        types = _typed_parameters(formula[1])
        return Reason(
            f"{_short(text)} is false for {len(failing)} of {len(candidates)} choices of {types}{_more(failing)}",
            None,
            self._why_not_choices(formula, failing, state),
            conjunction=True,
        )

    def _choices(
        self, formula: tuple, binding: dict[str, str], state: State
    ) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
        """Every binding of a quantified formula's variables, and those under which its body is false."""
        candidates = list(self.bindings(formula[1], binding))
        return candidates, [inner for inner in candidates if not self.holds(formula[2], inner, state)]

    def _why_not_choices(self, formula: tuple, failing: list[dict[str, str]], state: State) -> list[Reason]:
        """Why the body is false for each of the first SHOWN failing choices."""
        return [self._why_not_choice(formula, inner, state) for inner in failing[:SHOWN]]

    def _why_not_choice(self, formula: tuple, inner: dict[str, str], state: State) -> Reason:
        """Why a quantified formula's body is false for one choice of its variables."""
        kind, parameters, body = formula
        choice = ", ".join(f"{name} = {inner[name]}" for name, _ in parameters)
        return Reason(f"for {choice}:", None, [self.why_not(body, inner, state)], conjunction=kind == "forall")

    def derive(self, atoms: frozenset[Atom], values: dict[Atom, float]) -> State:
        """The state with the derived predicates' atoms computed (stratum by stratum, to a fixpoint); each
        rule's bindings are found by joining its positive atoms with the state's."""
        if not self.task.rules:
            return State(atoms, values)
        current = {fact for fact in atoms if fact[0] not in self.task.derived}
        for stratum in self._strata:
            changed = True
            while changed:
                before = len(current)
                current |= self._consequences(stratum, State(frozenset(current), values))
                changed = len(current) > before
        return State(frozenset(current), values)

    def _consequences(self, stratum: list[Rule], state: State) -> set[Atom]:
        """The atoms the stratum's rules derive from the state in one round."""
        index: dict[str, list[Atom]] = {}
        for fact in state.atoms:
            index.setdefault(fact[0], []).append(fact)
        derived: set[Atom] = set()
        for rule in stratum:
            head = tuple(name for name, _ in rule.parameters)
            for parameters, literals in self._bodies[rule]:
                derived |= {
                    _atom(rule.name, head, inner) for inner in self._join(dict(parameters), literals, {}, state, index)
                }
        return derived

    def _join(
        self,
        types: dict[str, str],
        literals: tuple,
        binding: dict[str, str],
        state: State,
        index: dict[str, list[Atom]],
    ) -> Iterator[dict[str, str]]:
        """The bindings of the typed variables under which every literal holds: a positive atom with an
        unbound variable binds it from the state's atoms of its predicate; the rest by type."""
        unbound = [name for name in types if name not in binding]
        if not unbound:
            if all(self.holds(literal, binding, state) for literal in literals):
                yield binding
            return
        for inner in self._extensions(types, literals, binding, unbound, index):
            yield from self._join(types, literals, inner, state, index)

    def _extensions(
        self,
        types: dict[str, str],
        literals: tuple,
        binding: dict[str, str],
        unbound: list[str],
        index: dict[str, list[Atom]],
    ) -> Iterable[dict[str, str]]:
        """The binding with one more variable bound: by an equality (= ?x c), else from the state's atoms of a
        positive literal with an unbound variable, else to each object of the first unbound variable's type."""
        equal = self._by_equality(types, literals, binding)
        if equal is not None:
            return equal
        for literal in literals:
            if literal[0] == "atom" and any(term in unbound for term in literal[2]):
                unified = (self._unify(literal[2], fact[1:], binding, types) for fact in index.get(literal[1], ()))
                return (inner for inner in unified if inner is not None)
        return ({**binding, unbound[0]: obj} for obj in self.task.of_type(types[unbound[0]]))

    def _by_equality(
        self, types: dict[str, str], literals: tuple, binding: dict[str, str]
    ) -> list[dict[str, str]] | None:
        """The binding extended by the first (= ?x c) with one side unbound (none when c is not of ?x's
        type), or None when no equality binds a variable."""
        for literal in (literal for literal in literals if literal[0] == "="):
            bound = _one_side_unbound(literal, binding)
            if bound is not None:
                name, value = bound
                return [{**binding, name: value}] if self.task.is_a(value, types[name]) else []
        return None

    def _unify(
        self, terms: tuple[str, ...], args: tuple[str, ...], binding: dict[str, str], types: dict[str, str]
    ) -> dict[str, str] | None:
        """The binding extended so that the terms name the arguments (objects of the variables' types), or None."""
        inner = dict(binding)
        for term, arg in zip(terms, args):
            value = inner.get(term, term if not term.startswith("?") else None)
            if value is None:
                if term in types and not self.task.is_a(arg, types[term]):
                    return None
                inner[term] = arg
            elif value != arg:
                return None
        return inner

    def effects(
        self, effects: tuple, binding: dict[str, str], state: State
    ) -> tuple[set[Atom], set[Atom], list[tuple[str, Atom, float]]]:
        """(adds, deletes, numeric updates) of effects in the state before the step."""
        adds: set[Atom] = set()
        deletes: set[Atom] = set()
        updates: list[tuple[str, Atom, float]] = []
        for effect in effects:
            kind = effect[0]
            if kind == "add":
                adds.add(_atom(effect[1], effect[2], binding))
            elif kind == "del":
                deletes.add(_atom(effect[1], effect[2], binding))
            elif kind in ("when", "forall"):
                for inner in self._inner_bindings(effect, binding, state):
                    more = self.effects(effect[2], inner, state)
                    adds |= more[0]
                    deletes |= more[1]
                    updates += more[2]
            else:
                _, operation, fluent, expression = effect
                updates.append(
                    (operation, _atom(fluent[1], fluent[2], binding), self.value(expression, binding, state))
                )
        return adds, deletes, updates

    def _inner_bindings(self, effect: tuple, binding: dict[str, str], state: State) -> Iterable[dict[str, str]]:
        """The bindings under which the effects of a (when C E) (C holds) or a (forall params E) apply."""
        if effect[0] == "when":
            return [binding] if self.holds(effect[1], binding, state) else []
        return self.bindings(effect[1], binding)

    def apply(self, action_effects: tuple, binding: dict[str, str], state: State) -> State:
        """The state after the effects: deletes, then adds, then numeric updates (all read the old state)."""
        adds, deletes, updates = self.effects(action_effects, binding, state)
        values = dict(state.values)
        for operation, key, amount in updates:
            old = 0.0 if operation == "assign" else _known(values, key)
            values[key] = {
                "assign": amount,
                "increase": old + amount,
                "decrease": old - amount,
                "scale-up": old * amount,
                "scale-down": old / amount if amount else old,
            }[operation]
        return self.derive((state.atoms - deletes) | adds, values)


Holds = Callable[[Evaluator, tuple, dict[str, str], State], bool]
WhyNot = Callable[[Evaluator, tuple, dict[str, str], State, str], Reason]
_HOLDS: dict[str, Holds] = {
    "atom": Evaluator._holds_atom,
    "=": Evaluator._holds_equal,
    "not": Evaluator._holds_not,
    "and": Evaluator._holds_and,
    "or": Evaluator._holds_or,
    "imply": Evaluator._holds_imply,
    "exists": Evaluator._holds_quantified,
    "forall": Evaluator._holds_quantified,
}
"""How each kind of formula is evaluated (the rest are numeric comparisons)."""
_WHY_NOT: dict[str, WhyNot] = {
    "atom": Evaluator._why_not_atom,
    "=": Evaluator._why_not_equal,
    "not": Evaluator._why_not_negation,
    "and": Evaluator._why_not_and,
    "or": Evaluator._why_not_or,
    "imply": Evaluator._why_not_imply,
    "exists": Evaluator._why_not_exists,
    "forall": Evaluator._why_not_forall,
}
"""How each kind of false formula is explained (the rest are numeric comparisons)."""
COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
    "=": operator.eq,
}


def _known(values: dict[Atom, float], key: Atom) -> float:
    """A numeric fluent's value; Undefined when it has none."""
    if key not in values:
        raise Undefined(f"{shown_atom(key)} has no value")
    return values[key]


def _one_side_unbound(literal: tuple, binding: dict[str, str]) -> tuple[str, str] | None:
    """(the unbound variable, the other side's object) of an (= a b) with exactly one side unbound, else None."""
    left, right = (binding.get(term, None if term.startswith("?") else term) for term in literal[1:])
    if left is None and right is not None:
        return literal[1], right
    if right is None and left is not None:
        return literal[2], left
    return None


def _operation(expression: tuple, binding: dict[str, str], left: float, right: float) -> float:
    """One step of an ("op", op, expressions) expression: left op right; Undefined for a division by zero."""
    operation = expression[1]
    if operation == "/":
        if right == 0:
            raise Undefined(f"{show_expression(expression, binding)} divides by zero")
        return left / right
    return {"+": left + right, "-": left - right, "*": left * right}.get(operation, 0.0)


def _typed_parameters(parameters: tuple) -> str:
    """Parameters as an explanation lists them: ?x - block, ?y - block."""
    return ", ".join(f"{name} - {kind}" for name, kind in parameters)


def _more(failing: list) -> str:
    """' (the first SHOWN shown)' when more choices fail than an explanation lists."""
    return f" (the first {SHOWN} shown)" if len(failing) > SHOWN else ""


def _short(text: str, width: int = 100) -> str:
    """A long formula cut to `width` characters."""
    return text if len(text) <= width else text[: width - 5] + " ...)"


def _alternatives(parameters: tuple, body: tuple, limit: int = 64) -> list[tuple[tuple, tuple]]:
    """A rule's body as alternatives to join one by one: (variables, literals), with conjunctions flattened,
    `exists` turned into more variables and each `or` split into its alternatives (up to `limit` of them):
    (and A (or B (exists (?z) C))) over ?x is A and B over ?x, and A and C over ?x and ?z."""
    todo: list[tuple[tuple, list, list]] = [(tuple(parameters), [body], [])]
    done: list[tuple[tuple, tuple]] = []
    while todo:
        variables, parts, literals = todo.pop(0)
        if parts:
            todo[:0] = _unfolded(variables, parts, literals, limit - len(todo) - len(done))
        else:
            done.append((variables, tuple(literals)))
    return done


def _unfolded(variables: tuple, parts: list, literals: list, room: int) -> list[tuple[tuple, list, list]]:
    """The (variables, parts left, literals) that unfolding the first part gives: a conjunction's parts, an
    `exists`'s variables and body, an `or`'s alternatives (when `room` allows that many), else a literal."""
    part, rest = parts[0], parts[1:]
    if part[0] == "and":
        return [(variables, [*part[1], *rest], literals)]
    if part[0] == "exists" and not {name for name, _ in part[1]} & {name for name, _ in variables}:
        return [(variables + tuple(part[1]), [part[2], *rest], literals)]
    if part[0] == "or" and len(part[1]) <= room:
        return [(variables, [alternative, *rest], literals) for alternative in part[1]]
    return [(variables, rest, [*literals, part])]


def _strata(task: Task) -> list[list[Any]]:
    """The derived predicates' rules in strata: a rule comes after those whose predicates it negates."""
    level = _levels(task.rules)
    count = max(level.values(), default=-1) + 1
    return [[rule for rule in task.rules if level[rule.name] == number] for number in range(count)]


def _levels(rules: tuple[Rule, ...]) -> dict[str, int]:
    """The stratum of each derived predicate: one above every predicate its rules negate, the same as those
    they read plainly (to a fixpoint, in at most one round per rule)."""
    level = {rule.name: 0 for rule in rules}
    for _ in range(len(level) + 1):
        for rule in rules:
            for name, negated in _uses(rule.body, False):
                if name in level:
                    level[rule.name] = max(level[rule.name], level[name] + negated)
    return level


def _uses(formula: tuple | None, negated: bool) -> Iterator[tuple[str, bool]]:
    """The predicates a formula reads, each with whether it is read under negation (or a forall)."""
    if formula is None:
        return
    kind = formula[0]
    if kind == "atom":
        yield formula[1], negated
    elif kind == "not":
        yield from _uses(formula[1], not negated)
    elif kind in ("and", "or"):
        for part in formula[1]:
            yield from _uses(part, negated)
    elif kind == "imply":
        yield from _uses(formula[1], not negated)
        yield from _uses(formula[2], negated)
    elif kind in ("exists", "forall"):
        yield from _uses(formula[2], negated or kind == "forall")
