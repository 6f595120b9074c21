"""The PDDL validator on IPC tasks nobody here wrote (../shared/data/ipc): plans Fast Downward finds validate;
corrupted plans are refused at the step that really is inapplicable (checked against pyperplan's grounding)
and the verdicts agree with unified-planning's SequentialPlanValidator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzleplan.api.pddl_check import ground, validate_up_plan, validate_with_up
from puzzleplan.api.pipeline import plan_pddl
from puzzleplan.app.cli import main
from puzzleplan.common.limits import Limits
from puzzleplan.experiments.pddl_tasks import folder_tasks
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.pddl.model import read_task
from puzzleplan.translator.pddl.plans import check_pddl_plan
from puzzleplan.translator.pddl.task import PddlTask, atom, write_plan

TASKS = {  # folder -> the problem used (one per folder keeps the suite fast)
    "depot": "p02.pddl",
    "miconic-fulladl": "f2-0.pddl",
    "parcprinter-08-strips": "p01.pddl",
    "psr-small": "p02-s5-n1-l3-f30.pddl",
    "visitall-opt11-strips": "problem03-full.pddl",
}
STRIPS = ("depot", "psr-small", "visitall-opt11-strips")
"""Folders pyperplan grounds (the oracle for the failing step)."""


@pytest.fixture(scope="module")
def found(shared_data):
    """Per folder: (task text, model, the plan Fast Downward finds)."""
    result = {}
    for folder, name in TASKS.items():
        problem = shared_data / "ipc" / folder / name
        if not problem.exists():
            pytest.skip(f"{problem} is absent")
        domain = next(domain for domain, other in folder_tasks(problem.parent) if other == problem)
        task = PddlTask(problem.stem, domain.read_text(), problem.read_text())
        run = plan_pddl(task, get_planner("fd"), Limits(60))
        assert run.result.solved, run.result.message
        result[folder] = (task, read_task(task.domain, task.problem, str(domain), str(problem)), run.plan)
    return result


@pytest.fixture(scope="module")
def up_problems(found):
    """Per folder: the task as unified-planning reads it (read once: reading takes a second)."""
    from unified_planning.io import PDDLReader

    return {
        folder: PDDLReader().parse_problem_string(task.domain, task.problem) for folder, (task, _, _) in found.items()
    }


@pytest.mark.parametrize("folder", TASKS)
def test_plans_fast_downward_finds_validate(found, folder):
    task, model, plan = found[folder]
    check = check_pddl_plan(model, plan)
    assert check.valid, check.message()
    assert check.cost == (len(plan) if not model.action_costs else check.metric["value"])
    assert validate_with_up(task, plan)[0] is True


def test_parcprinter_costs_are_general_costs(found):
    _, model, plan = found["parcprinter-08-strips"]
    check = check_pddl_plan(model, plan)
    assert model.action_costs and check.cost_kind == "general cost" and check.cost > len(plan)
    assert write_plan(plan, check.cost).splitlines()[-1] == f"; cost = {check.cost} (general cost)"


def first_inapplicable(grounded, plan) -> int | None:
    """The first step pyperplan's grounded operators cannot apply (1-based), None when all apply."""
    operators = {operator.name: operator for operator in grounded.operators}
    state = grounded.initial_state
    for number, (name, args) in enumerate(plan, start=1):
        operator = operators.get(atom(name, *args))
        if operator is None or not operator.applicable(state):
            return number
        state = operator.apply(state)
    return None


@pytest.mark.parametrize("folder", STRIPS)
def test_dropping_a_step_names_the_step_that_really_fails(found, folder):
    task, model, plan = found[folder]
    grounded = ground(task)
    for dropped in range(len(plan)):
        corrupted = plan[:dropped] + plan[dropped + 1 :]
        check = check_pddl_plan(model, corrupted)
        expected = first_inapplicable(grounded, corrupted)
        assert (check.failed.number if check.failed else None) == expected, (dropped, check.message())
        if expected is not None:
            name, args = corrupted[expected - 1]
            assert check.failed.action == atom(name, *args) and check.failed.reasons
            assert expected >= dropped + 1  # the steps before the dropped one still apply


def corruptions(length: int):
    """Edits of a plan: drop, swap two steps, repeat one."""
    index = st.integers(0, max(length - 1, 0))
    return st.one_of(
        st.tuples(st.just("drop"), index, index),
        st.tuples(st.just("swap"), index, index),
        st.tuples(st.just("repeat"), index, index),
    )


def corrupt(plan, edits):
    """The plan with the edits applied in order."""
    plan = list(plan)
    for kind, first, second in edits:
        first, second = first % len(plan), second % len(plan)
        if kind == "drop" and len(plan) > 1:
            del plan[first]
        elif kind == "swap":
            plan[first], plan[second] = plan[second], plan[first]
        elif kind == "repeat":
            plan.insert(first, plan[first])
    return plan


@pytest.mark.parametrize("folder", TASKS)
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_verdicts_agree_with_unified_planning(found, up_problems, folder, data):
    task, model, plan = found[folder]
    edits = data.draw(st.lists(corruptions(len(plan)), min_size=1, max_size=3))
    corrupted = corrupt(plan, edits)
    ours = check_pddl_plan(model, corrupted)
    theirs, reason = validate_up_plan(up_problems[folder], corrupted)
    assert ours.valid == theirs, (edits, ours.message(), reason)
    if ours.failed is not None and reason.startswith("step "):
        assert reason.split()[1] == str(ours.failed.number)


def test_the_validate_command_on_a_corrupted_ipc_plan(found, shared_data, tmp_path, capsys):
    _, model, plan = found["miconic-fulladl"]
    folder = shared_data / "ipc" / "miconic-fulladl"
    path = tmp_path / "plan"
    path.write_text(write_plan(plan[:-1]))
    assert (
        main(["validate", str(folder / "domain.pddl"), str(folder / TASKS["miconic-fulladl"]), str(path), "--json"])
        == 7
    )
    data = json.loads(capsys.readouterr().out)
    assert data["failed_step"] is None and data["unmet_goal"] and data["valid"] is False
    assert data["goal_reasons"][0]["why"].startswith("(forall (?p - passenger) (served ?p)) is false")


def test_compare_pddl_reads_ipc_layouts(shared_data, tmp_path):
    folders = [str(shared_data / "ipc" / name) for name in ("parcprinter-08-strips", "psr-small")]
    out = tmp_path / "out"
    assert main(["compare", "pddl", *folders, "--planners", "fd", "--timeout", "60", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert {row["puzzle"] for row in rows} == {"parcprinter-08-strips", "psr-small"}
    assert all(row["status"] == "solved" and row["valid"] for row in rows)
    assert all(Path(row["domain"]).name == Path(row["problem"]).name[:3] + "-domain.pddl" for row in rows)


def test_a_compilation_unified_planning_fails_on_is_unsupported_with_why(found):
    task, _, _ = found["miconic-fulladl"]
    run = plan_pddl(task, get_planner("pyperplan"), Limits(60))
    assert run.result.status.value == "unsupported"
    assert "conditional_effects_removing" in run.result.message and ":adl" in run.result.message
