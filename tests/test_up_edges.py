"""The unified-planning edges: the project validates with sequential_plan_validator by name, errors of
unified-planning's PDDL reader name the file and the line, and our Graphplan engine declares its kind to
UP's own OneshotPlanner factory and answers UNSUPPORTED_PROBLEM, with the reason in its log, when it is
called anyway."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzleplan.app.cli import main
from puzzleplan.planners.up_engine import ENGINES, availability

ROOT = Path(__file__).resolve().parent.parent
up_shortcuts = pytest.importorskip("unified_planning.shortcuts")
DOMAIN = (ROOT / "domains/hanoi.pddl").read_text()
PROBLEM = (ROOT / "problems/hanoi/seed1.pddl").read_text()
COSTS = (
    DOMAIN.replace(":typing)", ":typing :action-costs)")
    .replace("  (:action move", "  (:functions (total-cost))\n  (:action move")
    .replace("(not (clear ?to))))", "(not (clear ?to)) (increase (total-cost) 1)))")
)
COST_PROBLEM = (
    PROBLEM.rstrip()[:-1].replace("  (:init", "  (:init\n    (= (total-cost) 0)")
    + "  (:metric minimize (total-cost))\n)\n"
)


@pytest.fixture()
def environment():
    """UP's environment with Graphplan registered; its factory's preference list is restored after (UP's
    reader builds some expressions in the global environment, so a fresh one will not do)."""
    from puzzleplan.planners.up_graphplan import register

    env = up_shortcuts.get_environment()
    env.credits_stream = None
    register(env)
    saved = list(env.factory.preference_list)
    yield env
    env.factory.preference_list = saved


def read(env, domain: str, problem: str):
    """The UP problem of PDDL texts."""
    from unified_planning.io import PDDLReader

    return PDDLReader(env).parse_problem_string(domain, problem)


def test_the_factory_picks_graphplan_only_for_what_it_runs(environment):
    from unified_planning.exceptions import UPNoSuitableEngineAvailableException

    environment.factory.preference_list = ["puzzleplan-graphplan"]
    with environment.factory.OneshotPlanner(problem_kind=read(environment, DOMAIN, PROBLEM).kind) as planner:
        assert planner.name == "puzzleplan-graphplan"
    with pytest.raises(UPNoSuitableEngineAvailableException):
        environment.factory.OneshotPlanner(problem_kind=read(environment, COSTS, COST_PROBLEM).kind)


def test_graphplan_called_anyway_answers_unsupported_with_the_reason(environment):
    problem = read(environment, COSTS, COST_PROBLEM)
    with environment.factory.OneshotPlanner(name="puzzleplan-graphplan") as planner:
        planner.skip_checks = True
        result = planner.solve(problem)
    assert result.status.name == "UNSUPPORTED_PROBLEM" and result.plan is None
    [message] = result.log_messages
    assert message.level.name == "ERROR" and "STRIPS with types only" in message.message
    assert "ACTIONS_COST" in message.message


def test_graphplan_solves_what_it_declares(environment):
    with environment.factory.OneshotPlanner(name="puzzleplan-graphplan") as planner:
        result = planner.solve(read(environment, DOMAIN, PROBLEM), timeout=60)
    assert result.status.name == "SOLVED_SATISFICING" and len(result.plan.actions) == 2


def test_the_project_validates_with_the_sequential_plan_validator():
    from puzzleplan.api.pddl_check import VALIDATOR, validate_with_up
    from puzzleplan.translator.pddl.task import PddlTask

    assert VALIDATOR == "sequential_plan_validator"
    task = PddlTask("hanoi-2", DOMAIN, PROBLEM)
    assert validate_with_up(task, [("move", ("disk1", "disk2", "b")), ("move", ("disk2", "a", "c"))]) == (True, "")
    valid, why = validate_with_up(task, [("move", ("disk2", "a", "c"))])
    assert valid is False and why == "step 1 (move disk2 a c) is not applicable"


def test_a_reader_error_names_the_file_and_the_line():
    from unified_planning.environment import Environment

    from puzzleplan.planners.up_engine import _unreadable, unreadable_message

    env = Environment()
    env.credits_stream = None
    domain = DOMAIN.replace("(clear ?d) (clear ?to)", "(clear ?d) (clear b)")  # b: no constant of the domain
    try:
        read(env, domain, PROBLEM)
    except Exception as error:  # what UP raises: the code under test turns it into a message
        found = _unreadable(env, domain, error)
    else:
        pytest.fail("unified-planning read a domain that names an undeclared object")
    message = unreadable_message(found, ("d.pddl", "p.pddl"))
    assert message.startswith("unified-planning cannot read this task: d.pddl:12: ") and "b" in message


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["pyperplan"])
def test_up_engines_read_a_repeated_predicate_variable_and_name_the_file_otherwise(tmp_path, capsys, engine):
    ok, why = availability(ENGINES[engine])
    if not ok:
        pytest.skip(why)
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(DOMAIN.replace("(clear ?p - place)", "(clear ?p - place)\n               (linked ?p ?p - place)"))
    problem.write_text(PROBLEM)
    assert main(["plan", str(domain), str(problem), "--planner", f"up:{engine}", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["valid"] is True and err.startswith(
        f"{domain}:9: warning: predicate 'linked' names ?p twice"
    )
    domain.write_text(DOMAIN.replace("(:action move", "(:action clear"))  # an action named as a predicate
    assert main(["plan", str(domain), str(problem), "--planner", f"up:{engine}", "--json"]) == 6
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unsupported" and data["message"].startswith(
        f"unified-planning cannot read this task: {domain}:10: Name clear already defined"
    )
