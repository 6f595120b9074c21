"""PDDL tasks in Graphplan's form: its operators and facts files read as a PDDL task, and a STRIPS task
written as them (`translate graphplan OPS FACTS`, `translate --format graphplan`)."""

from __future__ import annotations

from puzzleplan.translator.pddl.task import PddlTask


def read_graphplan(ops: str, facts: str, ops_source: str = "<ops>", facts_source: str = "<facts>") -> PddlTask:
    """A Graphplan operators file and facts file (their texts) as a STRIPS PDDL domain and problem;
    InputError naming the file and line of what cannot be read."""
    from puzzleplan.translator.graphplan.pddl import graphplan_to_pddl

    return graphplan_to_pddl(ops, facts, ops_source, facts_source)


def write_graphplan(task: PddlTask) -> tuple[str, str]:
    """The texts of the Graphplan operators and facts files of a STRIPS task; InputError for a task Graphplan
    cannot express."""
    from puzzleplan.translator.graphplan.pddl import pddl_to_graphplan

    return pddl_to_graphplan(task)
