"""Graphplan files as people write them: what the original program reads, ours reads, solves in as many
steps, and converts to PDDL that Fast Downward, pyperplan and unified-planning accept.

The files below are written for these tests in the style of the course's students: `_` and `:` in
operator names, tiles named by digits, a type named Number, objects named inside operators, a
predicate and an operator of the same name, names that differ only in case, prose with parentheses.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzleplan.api.pddl_check import replay_grounded
from puzzleplan.api.pipeline import plan_pddl
from puzzleplan.app.graphplan_cli import main as graphplan_main
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.graphplan.format import load_facts, load_ops
from puzzleplan.translator.graphplan.pddl import graphplan_to_pddl
from puzzleplan.translator.pddl.checks import check_task
from puzzleplan.translator.pddl.task import PddlTask

SLIDE_OPS = """The 2 x 2 sliding puzzle, our own example.

(operator
 slide_num_from_to:
 (params
  (<n> Number) (<from> Spot) (<to> Spot))
 (preconds
  (on <n> <from>) (clear <to>) (adjacent <from> <to>))
 (effects
  (on <n> <to>) (clear <from>) (del on <n> <from>) (del clear <to>)))
"""
SLIDE_FACTS = """Spots s1 s2 on top (s3 s4 below); tiles 1 2 3 (the blank is on s4).
(s1 Spot) (s2 Spot) (s3 Spot) (s4 Spot)
(1 Number) (2 Number) (3 Number)

(preconds
 (on 1 s1) (on 2 s2) (on 3 s3) (clear s4)
 (adjacent s1 s2) (adjacent s2 s1) (adjacent s1 s3) (adjacent s3 s1)
 (adjacent s2 s4) (adjacent s4 s2) (adjacent s3 s4) (adjacent s4 s3))

(effects
 (on 1 s2) (on 2 s4))
"""
BOX_OPS = """(operator
 open
 (params (<x> Box))
 (preconds (closed <x>))
 (effects (open <x>) (del closed <x>)))

(operator
 take_out
 (params (<o> Thing) (<x> Box))
 (preconds (open <x>) (in <o> <x>))
 (effects (on <o> Table) (del in <o> <x>)))
"""
BOX_FACTS = """(A Box)
(a Thing)
(Table Place)

(preconds (closed A) (in a A))
(effects (on a Table))
"""
PAIRS = {"slide": (SLIDE_OPS, SLIDE_FACTS, 2), "box": (BOX_OPS, BOX_FACTS, 2)}
PLANNERS = ("fd", "fd-opt", "pyperplan")


def write_pair(folder: Path, ops: str, facts: str) -> list[str]:
    """The pair written as files in `folder`: the graphplan command's arguments -o OPS -f FACTS."""
    (folder / "ops.txt").write_text(ops)
    (folder / "facts.txt").write_text(facts)
    return ["-o", str(folder / "ops.txt"), "-f", str(folder / "facts.txt")]


def test_underscores_in_names_are_read_as_the_original_reads_them(tmp_path, capsys):
    """`_` is read as `.`, so a printed step `name_arg_arg` stays unambiguous."""
    assert load_ops(SLIDE_OPS).operators[0].name == "slide.num.from.to:"
    assert graphplan_main([*write_pair(tmp_path, SLIDE_OPS, SLIDE_FACTS)]) == 0
    plan = [line for line in capsys.readouterr().out.splitlines() if line[:2] in ("1 ", "2 ") and "_" in line]
    assert plan == ["1 slide.num.from.to:_2_s2_s4", "2 slide.num.from.to:_1_s1_s2"]


def test_prose_with_parentheses_declares_nothing():
    facts = load_facts(SLIDE_FACTS)
    assert ("1", "Number") in facts.objects and all(len(item) == 2 for item in facts.objects)
    assert not any(name.startswith("s3 s4") for name, _ in facts.objects)


@pytest.mark.parametrize("name", PAIRS)
def test_the_graphplan_command_solves_them_in_the_fewest_steps(tmp_path, capsys, name):
    ops, facts, steps = PAIRS[name]
    assert graphplan_main([*write_pair(tmp_path, ops, facts)]) == 0
    out = capsys.readouterr().out
    assert f"Goals first reachable in {steps} steps." in out
    assert max(int(line.split()[0]) for line in out.splitlines() if line[:1].isdigit() and "_" in line) == steps


def test_names_become_pddl_names_without_clashes():
    task = graphplan_to_pddl(BOX_OPS, BOX_FACTS, "box_ops.txt", "box_facts.txt")
    assert "(:constants\n    table - place\n  )" in task.domain  # named inside an operator
    assert "(:action open-action" in task.domain and "(open ?x)" in task.domain  # beside the predicate open
    assert "a - box" in task.problem and "a-object - thing" in task.problem  # A and a are two objects
    assert "different" not in task.domain  # a Box and a Thing are never the same object
    slide = graphplan_to_pddl(SLIDE_OPS, SLIDE_FACTS, "slide_ops.txt", "slide_facts.txt")
    assert "number-type - object" in slide.domain and "- number\n" not in slide.domain  # PDDL reserves `number`
    assert "(:action slide_num_from_to" in slide.domain and "n1 n2 n3 - number-type" in slide.problem
    assert slide.problem.count("(different") == 12  # the spots only: 4 x 3 ordered pairs, no tile pairs


@pytest.mark.parametrize("name", PAIRS)
def test_the_pddl_is_accepted_and_solved_by_every_planner(name):
    ops, facts, steps = PAIRS[name]
    task = graphplan_to_pddl(ops, facts, f"{name}_ops.txt", f"{name}_facts.txt")
    check_pddl_task(task, steps)


def check_pddl_task(task: PddlTask, steps: int) -> None:
    """The task passes our PDDL check and unified-planning's reader, and fd, fd-opt and pyperplan solve
    it with a plan that replays (fd-opt in `steps` actions when every step holds one action)."""
    import unified_planning.shortcuts as up
    from unified_planning.io import PDDLReader

    check_task(task.domain, task.problem, "domain", "problem")
    up.get_environment().credits_stream = None
    PDDLReader().parse_problem_string(task.domain, task.problem)
    for planner in PLANNERS:
        run = plan_pddl(task, get_planner(planner), Limits(60))
        assert run.result.status is Status.SOLVED, (planner, run.result.message)
        assert replay_grounded(task, run.plan) == (True, "")
        if planner == "fd-opt":
            assert len(run.plan) >= steps


SAMPLES = [
    ("block_ops.txt", "block_facts2.txt", 2),
    ("block_ops.txt", "block_facts3.txt", 3),
    ("block_ops.txt", "block_facts4.txt", 1),
    ("fixit_ops", "fixit_facts1", 12),
    ("fixit_ops", "fixit_facts2", 12),
]


@pytest.mark.parametrize("ops, facts, steps", SAMPLES)
def test_the_distribution_examples_convert_to_pddl_every_planner_accepts(shared_data, ops, facts, steps):
    folder = shared_data / "graphplan"
    task = graphplan_to_pddl((folder / ops).read_text(), (folder / facts).read_text(), ops, facts)
    check_pddl_task(task, steps)


def test_an_unsolvable_pair_says_why(tmp_path, capsys):
    facts = BOX_FACTS.replace("(closed A) ", "")
    assert graphplan_main([*write_pair(tmp_path, BOX_OPS, facts)]) == 1
    assert "No plan exists: the goal (on a-object table) can never become true." in capsys.readouterr().out
    task = graphplan_to_pddl(BOX_OPS, facts, "box_ops.txt", "box_facts.txt")
    run = plan_pddl(task, get_planner("graphplan"), Limits(10))
    assert run.result.status is Status.UNSOLVABLE and "can never become true" in run.result.message


def test_a_facts_file_that_is_not_utf8_is_bad_input(tmp_path, capsys):
    arguments = write_pair(tmp_path, BOX_OPS, BOX_FACTS)
    facts = arguments[-1]
    Path(facts).write_bytes(b"(A Box)\n(\xe9 Thing)\n")
    assert graphplan_main(arguments) == 2
    err = capsys.readouterr().err
    assert f"{facts}:2: expected UTF-8 text" in err and "Traceback" not in err
