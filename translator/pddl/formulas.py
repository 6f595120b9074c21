"""Formulas of a task (pddl_model) grounded by a binding and written back as PDDL text: terms and atoms
grounded, ground atoms, formulas and numeric expressions shown as the files would write them."""

from __future__ import annotations

from collections.abc import Iterable

from puzzleplan.translator.pddl.model import Atom
from puzzleplan.translator.pddl.task import atom


def ground(term: str, binding: dict[str, str]) -> str:
    """A term with the binding's variables replaced."""
    return binding.get(term, term)


def ground_atom(predicate: str, terms: Iterable[str], binding: dict[str, str]) -> Atom:
    """A ground atom."""
    return (predicate, *(ground(term, binding) for term in terms))


def shown_atom(fact: Atom) -> str:
    """A ground atom as PDDL text."""
    return atom(*fact)


def show(formula: tuple | None, binding: dict[str, str]) -> str:
    """A formula as PDDL text, the binding's variables replaced."""
    if formula is None:
        return "()"
    return _SHOW.get(formula[0], _show_comparison)(formula, binding)


def _show_atom(formula: tuple, binding: dict[str, str]) -> str:
    """(pred terms...)."""
    return shown_atom(ground_atom(formula[1], formula[2], binding))


def _show_equal(formula: tuple, binding: dict[str, str]) -> str:
    """(= a b)."""
    return atom("=", ground(formula[1], binding), ground(formula[2], binding))


def _show_not(formula: tuple, binding: dict[str, str]) -> str:
    """(not f)."""
    return f"(not {show(formula[1], binding)})"


def _show_connective(formula: tuple, binding: dict[str, str]) -> str:
    """(and f...) or (or f...)."""
    return "(" + " ".join([formula[0], *(show(part, binding) for part in formula[1])]) + ")"


def _show_imply(formula: tuple, binding: dict[str, str]) -> str:
    """(imply a b)."""
    return f"(imply {show(formula[1], binding)} {show(formula[2], binding)})"


def _show_quantified(formula: tuple, binding: dict[str, str]) -> str:
    """(exists|forall (params) f), the quantified variables left unreplaced."""
    kind, parameters, body = formula
    params = " ".join(f"{name} - {kind_}" for name, kind_ in parameters)
    inner = {k: v for k, v in binding.items() if k not in dict(parameters)}
    return f"({kind} ({params}) {show(body, inner)})"


def _show_comparison(formula: tuple, binding: dict[str, str]) -> str:
    """("compare", op, e1, e2) as (op e1 e2)."""
    return f"({formula[1]} {show_expression(formula[2], binding)} {show_expression(formula[3], binding)})"


def show_expression(expression: tuple, binding: dict[str, str]) -> str:
    """A numeric expression as PDDL text."""
    if expression[0] == "number":
        return f"{expression[1]:g}"
    if expression[0] == "fluent":
        return shown_atom(ground_atom(expression[1], expression[2], binding))
    return "(" + " ".join([expression[1], *(show_expression(part, binding) for part in expression[2])]) + ")"


_SHOW = {
    "atom": _show_atom,
    "=": _show_equal,
    "not": _show_not,
    "and": _show_connective,
    "or": _show_connective,
    "imply": _show_imply,
    "exists": _show_quantified,
    "forall": _show_quantified,
}
"""How each kind of formula is written (the rest are numeric comparisons)."""
