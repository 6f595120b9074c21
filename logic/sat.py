"""Entailment by satisfiability: KB |= S exactly when KB and (not S) have no model.

The knowledge base and the statement go through the Tseitin transformation (puzzleplan.logic.cnf); one solver
(CaDiCaL 1.5.3 from python-sat) holds the clauses and is asked twice, under the assumption that the
statement's literal is false (is KB and not S satisfiable?) and then true (KB and S?).
"""

from __future__ import annotations

import logging

from pysat.solvers import Solver

from puzzleplan.common.limits import decided_in_child, limited_in_time
from puzzleplan.logic.cnf import Tseitin
from puzzleplan.logic.syntax import Expr

log = logging.getLogger(__name__)

SOLVER = "cadical153"
"""The python-sat solver used."""


def sat_entailments(kb: list[Expr], statement: Expr) -> tuple[bool, bool]:
    """(KB |= statement, KB |= (not statement)), each decided by one satisfiability check."""
    encoding = Tseitin()
    for item in kb:
        encoding.add(item)
    literal = encoding.literal(statement)
    log.info(
        "sat: %d symbols, %d variables, %d clauses", len(encoding.variables), encoding.count, len(encoding.clauses)
    )
    with Solver(name=SOLVER, bootstrap_with=encoding.clauses) as solver:
        counter_model = satisfiable(solver, [-literal])
        model_of_statement = satisfiable(solver, [literal])
    return not counter_model, not model_of_statement


def satisfiable(solver: Solver, assumptions: list[int]) -> bool:
    """Whether the clauses have a model under the assumptions; within a time limit the solver (C code, which
    the limit's signal cannot interrupt) runs in a child process that the limit stops."""
    if not limited_in_time():
        return bool(solver.solve(assumptions=assumptions))
    return decided_in_child(lambda: bool(solver.solve(assumptions=assumptions)))
