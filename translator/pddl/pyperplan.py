"""PDDL read as pyperplan reads it: nested conjunctions spliced, parsed and grounded by pyperplan, quietly."""

from __future__ import annotations

from puzzleplan.common.errors import InputError
from puzzleplan.translator.pddl.task import PddlTask, task_files


def for_pyperplan(task: PddlTask) -> PddlTask:
    """The task as pyperplan's parser reads it: conjunctions nested in conjunctions spliced into them."""
    from puzzleplan.translator.pddl.syntax import flat_conjunctions

    domain, problem = flat_conjunctions(task.domain), flat_conjunctions(task.problem)
    return task if (domain, problem) == (task.domain, task.problem) else PddlTask(task.name, domain, problem)


def pyperplan_parse(task: PddlTask):
    """pyperplan's parsed (Domain, Problem) of a STRIPS task; InputError when pyperplan cannot read it."""
    from pyperplan.pddl.parser import Parser

    with task_files(for_pyperplan(task), "puzzleplan-parse-") as (_, domain_file, problem_file):
        parser = Parser(str(domain_file), str(problem_file))
        try:
            domain = parser.parse_domain()
            return domain, parser.parse_problem(domain)
        except (SystemExit, Exception) as error:  # pyperplan raises or exits on what it cannot read
            raise InputError(f"cannot read the PDDL task: {error}", task.name) from None


def pyperplan_ground(task: PddlTask, **options):
    """The task grounded by pyperplan (options as pyperplan.grounding.ground takes them), quietly."""
    import logging

    from pyperplan.grounding import ground

    _, problem = pyperplan_parse(task)
    root = logging.getLogger()
    level = root.level
    root.setLevel(max(level, logging.WARNING))  # pyperplan logs every grounding step at INFO
    try:
        return ground(problem, **options)
    finally:
        root.setLevel(level)
