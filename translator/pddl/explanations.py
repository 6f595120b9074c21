"""Why a formula is false in a state, as VAL says it and in more detail (pddl_plans reports it): the ground
atoms that are false (or true under `not`), and for a quantified or disjunctive condition why it is false;
the formulas shown as text by pddl_formulas, evaluated by pddl_semantics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzleplan.translator.pddl.formulas import ground, show, show_expression
from puzzleplan.translator.pddl.semantics import Evaluator, State

SHOWN = 3
"""How many failing bindings of a quantifier an explanation lists."""


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


def why_not(evaluator: Evaluator, formula: tuple, binding: dict[str, str], state: State) -> Reason:
    """Why a formula that does not hold in the state under the binding is false."""
    return Explainer(evaluator).why_not(formula, binding, state)


class Explainer:
    """Explains false formulas, evaluating their parts with one task's evaluator."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator

    def why_not(self, formula: tuple, binding: dict[str, str], state: State) -> Reason:
        """Why a formula that does not hold is false."""
        why = _WHY_NOT.get(formula[0], Explainer._why_not_comparison)
        return why(self, formula, binding, state, show(formula, binding))

    def _why_not_atom(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why an atom is false: it is not in the state."""
        return Reason(f"{text} is false", text)

    def _why_not_equal(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why (= a b) is false: the objects differ."""
        return Reason(f"{text} is false: {ground(formula[1], binding)} and {ground(formula[2], binding)} differ")

    def _why_not_and(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why a conjunction is false: its false parts."""
        failing = [part for part in formula[1] if not self.evaluator.holds(part, binding, state)]
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
            f"{side} = {self.evaluator.value(part, binding, state):g}" for side, part in zip((left, right), formula[2:])
        )
        return Reason(f"{text} is false: {values}")

    def _why_not_negation(self, formula: tuple, binding: dict[str, str], state: State, text: str) -> Reason:
        """Why (not X) is false: X holds."""
        inner = formula[1]
        if inner[0] == "atom":
            return Reason(f"{show(inner, binding)} is true", text)
        if inner[0] == "=":
            return Reason(f"{text} is false: both sides are {ground(inner[1], binding)}")
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
        candidates = list(self.evaluator.bindings(formula[1], binding))
        return candidates, [inner for inner in candidates if not self.evaluator.holds(formula[2], inner, state)]

    def _why_not_choices(self, formula: tuple, failing: list[dict[str, str]], state: State) -> list[Reason]:
        """Why the body is false for each of the first SHOWN failing choices."""
        return [self._why_not_choice(formula, inner, state) for inner in failing[:SHOWN]]

    def _why_not_choice(self, formula: tuple, inner: dict[str, str], state: State) -> Reason:
        """Why a quantified formula's body is false for one choice of its variables."""
        kind, parameters, body = formula
        choice = ", ".join(f"{name} = {inner[name]}" for name, _ in parameters)
        return Reason(f"for {choice}:", None, [self.why_not(body, inner, state)], conjunction=kind == "forall")


_WHY_NOT: dict[str, Callable[[Explainer, tuple, dict[str, str], State, str], Reason]] = {
    "atom": Explainer._why_not_atom,
    "=": Explainer._why_not_equal,
    "not": Explainer._why_not_negation,
    "and": Explainer._why_not_and,
    "or": Explainer._why_not_or,
    "imply": Explainer._why_not_imply,
    "exists": Explainer._why_not_exists,
    "forall": Explainer._why_not_forall,
}
"""How each kind of false formula is explained (the rest are numeric comparisons)."""


def _typed_parameters(parameters: tuple) -> str:
    """Parameters as an explanation lists them: ?x - block, ?y - block."""
    return ", ".join(f"{name} - {kind}" for name, kind in parameters)


def _more(failing: list) -> str:
    """' (the first SHOWN shown)' when more choices fail than an explanation lists."""
    return f" (the first {SHOWN} shown)" if len(failing) > SHOWN else ""


def _short(text: str, width: int = 100) -> str:
    """A long formula cut to `width` characters."""
    return text if len(text) <= width else text[: width - 5] + " ...)"
