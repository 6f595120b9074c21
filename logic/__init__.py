"""Propositional logic for the wumpus world: statements, entailment engines, the `check_true_false` command."""
