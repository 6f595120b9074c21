"""The four answers of the assignment, from two entailment checks: KB |= S and KB |= (not S)."""

from __future__ import annotations

from collections.abc import Callable

from puzzleplan.logic.sat import sat_entailments
from puzzleplan.logic.syntax import Expr
from puzzleplan.logic.truth_table import tt_entailments

DEFINITELY_TRUE = "definitely true"
DEFINITELY_FALSE = "definitely false"
UNKNOWN = "possibly true, possibly false"
BOTH = "both true and false"

ENGINES: dict[str, Callable[[list[Expr], Expr], tuple[bool, bool]]] = {
    "sat": sat_entailments,
    "tt": tt_entailments,
}
"""Each engine returns (KB |= S, KB |= not S)."""


def answer(entails: bool, entails_negation: bool) -> str:
    """The assignment's output for the two entailments."""
    if entails and entails_negation:
        return BOTH  # the knowledge base is false in every model
    if entails:
        return DEFINITELY_TRUE
    if entails_negation:
        return DEFINITELY_FALSE
    return UNKNOWN


def check(kb: list[Expr], statement: Expr, engine: str = "sat") -> str:
    """What the knowledge base says about the statement, by the engine `sat` or `tt`."""
    return answer(*ENGINES[engine](kb, statement))
