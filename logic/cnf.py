"""The Tseitin transformation: statements to clauses (DIMACS literals) with one new variable per connective.

Each compound statement gets a variable that the clauses make equivalent to it (both directions, so
the variable can be used negated too); equal subformulas share one variable. A `not` needs no
variable (its literal is the negated operand's), `if` is an `or`, and an n-ary `xor` (exactly one
true) is built from `and`/`or` gates with a running pair "at least one so far" / "at least two so
far", so its size grows linearly with the number of operands. The result is equisatisfiable with the
statements: a model of the clauses gives a model of the statements on their symbols, and back.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzleplan.logic.syntax import Expr, Symbol


class Tseitin:
    """Clauses in the making: `variables` maps symbol names to their DIMACS variables."""

    def __init__(self) -> None:
        self.clauses: list[list[int]] = []
        self.variables: dict[str, int] = {}
        self.count = 1
        self.true = 1  # variable 1 is the constant true
        self.clauses.append([self.true])
        self._defined: dict[Expr, int] = {}

    def new_variable(self) -> int:
        """A fresh variable."""
        self.count += 1
        return self.count

    def symbol(self, name: str) -> int:
        """The variable of a symbol."""
        if name not in self.variables:
            self.variables[name] = self.new_variable()
        return self.variables[name]

    def add(self, expr: Expr) -> None:
        """Assert `expr` (a statement of the knowledge base)."""
        self.clauses.append([self.literal(expr)])

    def literal(self, expr: Expr) -> int:
        """A literal equivalent to `expr` under the clauses added so far."""
        if isinstance(expr, Symbol):
            return self.symbol(expr.name)
        if expr in self._defined:
            return self._defined[expr]
        operands = [self.literal(operand) for operand in expr.operands]
        result = GATES[expr.connective](self, operands)
        self._defined[expr] = result
        return result

    def and_gate(self, literals: list[int]) -> int:
        """A literal for the conjunction of `literals` (true for none)."""
        return -self.or_gate([-literal for literal in literals])

    def or_gate(self, literals: list[int]) -> int:
        """A literal for the disjunction of `literals` (false for none); constants folded."""
        if self.true in literals:
            return self.true
        literals = list(dict.fromkeys(literal for literal in literals if literal != -self.true))
        if not literals:
            return -self.true
        if len(literals) == 1:
            return literals[0]
        gate = self.new_variable()
        self.clauses.append([-gate, *literals])
        self.clauses.extend([gate, -literal] for literal in literals)
        return gate

    def iff_gate(self, left: int, right: int) -> int:
        """A literal for (iff left right)."""
        gate = self.new_variable()
        self.clauses += [[-gate, -left, right], [-gate, left, -right], [gate, left, right], [gate, -left, -right]]
        return gate

    def exactly_one(self, literals: list[int]) -> int:
        """A literal true when exactly one of `literals` is (false for none)."""
        at_least_one, at_least_two = -self.true, -self.true
        for literal in literals:
            at_least_two = self.or_gate([at_least_two, self.and_gate([at_least_one, literal])])
            at_least_one = self.or_gate([at_least_one, literal])
        return self.and_gate([at_least_one, -at_least_two])


GATES: dict[str, Callable[[Tseitin, list[int]], int]] = {
    "not": lambda tseitin, literals: -literals[0],
    "and": lambda tseitin, literals: tseitin.and_gate(literals),
    "or": lambda tseitin, literals: tseitin.or_gate(literals),
    "if": lambda tseitin, literals: tseitin.or_gate([-literals[0], literals[1]]),
    "iff": lambda tseitin, literals: tseitin.iff_gate(*literals),
    "xor": lambda tseitin, literals: tseitin.exactly_one(literals),
}
"""Each connective's literal from its statements' literals, with the clauses that define it added."""
