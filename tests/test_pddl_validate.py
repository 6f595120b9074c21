"""Plain PDDL plans replayed under PDDL semantics (`puzzleplan validate DOMAIN PROBLEM PLAN`): the first failing
step and why, the unmet goal, costs, requirements; checked on a domain of every feature and on IPC tasks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.api.pddl_plans import validate_pddl_plan
from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError
from puzzleplan.translator.pddl.model import read_task
from puzzleplan.translator.pddl.plans import check_pddl_plan
from puzzleplan.translator.pddl.task import atom, claimed_cost, read_plan, write_plan

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "pddl"
DOMAIN = (EXAMPLES / "domain.pddl").read_text()
"""Every feature the validator evaluates, in one small domain (docs/pddl.md shows it)."""
PROBLEM = (EXAMPLES / "fetch.pddl").read_text()
PLAN = (EXAMPLES / "fetch.plan").read_text()


@pytest.fixture(scope="module")
def task():
    return read_task(DOMAIN, PROBLEM, "rooms.pddl", "fetch.pddl")


def verdict(task, text: str):
    return check_pddl_plan(task, read_plan(text, "plan"))


def test_a_valid_plan_with_its_cost_and_metric(task):
    check = verdict(task, PLAN)
    assert check.valid and check.steps == 4 and check.cost == 11 and check.cost_kind == "general cost"
    assert check.metric == {"direction": "minimize", "expression": "(total-cost)", "value": 11}
    assert claimed_cost(PLAN) == 11
    assert write_plan(read_plan(PLAN), check.cost).splitlines()[-1] == "; cost = 11 (general cost)"
    assert write_plan(read_plan(PLAN)).splitlines()[-1] == "; cost = 4 (unit cost)"


# (what is wrong, plan, failing step, the reasons' lines that must be printed, the literals unsatisfied)
BROKEN = [
    (
        "false atoms",
        "(take k1 cellar)",
        1,
        ["(at cellar) is false", "(dark cellar) is true"],
        ["(at cellar)", "(not (dark cellar))"],
    ),
    (
        "a negative precondition",
        "(walk hall cellar)\n(light-all cellar)\n(take k1 cellar)\n(take k1 cellar)",
        4,
        ["(held k1) is true"],
        ["(not (held k1))"],
    ),
    ("a dark room", "(walk hall cellar)\n(take k1 cellar)", 2, ["(dark cellar) is true"], ["(not (dark cellar))"]),
    ("equality", "(walk hall hall)", 1, ["(not (= hall hall)) is false: both sides are hall"], []),
    (
        "a disjunction",
        "(walk hall vault)",
        1,
        ["none of its 2 alternatives holds", "(door hall vault) is false", "(door vault hall) is false"],
        [],
    ),
    (
        "an implication with an existential",
        "(walk hall cellar)\n(walk cellar vault)",
        2,
        [
            "(locked vault) holds but not the consequence",
            "no choice of ?k - key satisfies it (1 tried)",
            "(held k1) is false",
        ],
        [],
    ),
    (
        "a universal precondition",
        "(walk hall cellar)\n(light-all cellar)\n(light-all cellar)",
        3,
        ["is false for 1 of 3 choices of ?x - room", "for ?x = cellar:", "(lit cellar) is true"],
        ["(not (lit cellar))"],
    ),
]


@pytest.mark.parametrize("what, plan, step, lines, literals", BROKEN, ids=[case[0] for case in BROKEN])
def test_the_first_failing_step_and_why(task, what, plan, step, lines, literals):
    check = verdict(task, plan)
    assert not check.valid and check.failed is not None and check.failed.number == step
    name, args = read_plan(plan)[step - 1]
    assert check.failed.action == atom(name, *args)
    message = check.message()
    assert f"step {step} " in message
    for line in lines:
        assert line in message, message
    assert check.failed.unsatisfied == literals


def test_steps_that_name_nothing_or_the_wrong_type(task):
    for plan, words in [
        ("(fly hall cellar)", "names no action"),
        ("(walk hall attic)", "'attic', which is no object"),
        ("(walk hall)", "gives 1 arguments but walk takes 2"),
        ("(walk hall lamp)", "gives lamp (of type item) for ?to, which is of type room"),
    ]:
        check = verdict(task, plan)
        assert not check.valid and check.failed.number == 1 and words in check.message()


def test_the_goal_left_unmet(task):
    check = verdict(task, "(walk hall cellar)\n(light-all cellar)\n(take k1 cellar)")
    assert not check.valid and check.failed is None and check.cost == 6
    assert check.to_json()["unmet_goal"] == ["(at vault)", "(in k1 vault)"]
    assert "after all 3 steps the goal does not hold" in check.message()


def test_conditional_and_universal_effects_move_what_is_held(task):
    check = verdict(task, PLAN.replace("(take k1 cellar)\n", "") + "(walk vault cellar)")
    assert not check.valid  # k1 was never taken: walking does not carry it
    check = verdict(task, "(walk hall cellar)\n(light-all cellar)\n(take k1 cellar)\n(walk cellar hall)")
    assert "(in k1 vault) is false" in check.message() and "(in k1 cellar)" not in check.message()


# -- requirements --------------------------------------------------------------------------------------------
QUANTIFIED = ":quantified-preconditions"
UNDECLARED = [  # (the flag left out, what the error's line holds)
    (":negative-preconditions", "(not (held ?i))"),
    (":disjunctive-preconditions", "(or (door ?from ?to)"),
    (":equality", "(not (= ?from ?to))"),
    (":conditional-effects", "(when (held ?i)"),
    (":action-costs", "(:functions (total-cost)"),
    (QUANTIFIED, "(exists (?k - key)"),
]


@pytest.mark.parametrize("flag, line", UNDECLARED, ids=[case[0] for case in UNDECLARED])
def test_a_feature_used_without_its_requirement_is_bad_input_when_strict(flag, line):
    with pytest.raises(InputError) as caught:
        read_task(DOMAIN.replace(flag, ""), PROBLEM, "rooms.pddl", "fetch.pddl", strict=True)
    error = caught.value
    assert error.source == "rooms.pddl" and error.line is not None
    assert (":existential-preconditions" if flag == QUANTIFIED else flag) in error.message
    assert line in DOMAIN.splitlines()[error.line - 1]


@pytest.mark.parametrize("flag, line", UNDECLARED, ids=[case[0] for case in UNDECLARED])
def test_a_feature_used_without_its_requirement_is_assumed_with_a_warning(flag, line):
    task = read_task(DOMAIN.replace(flag, ""), PROBLEM, "rooms.pddl", "fetch.pddl")
    assumed = ":existential-preconditions" if flag == QUANTIFIED else flag
    [warning] = [text for text in task.warnings if assumed in text]
    number = int(warning.split(":")[1])
    assert warning.startswith(f"rooms.pddl:{number}: warning: ") and warning.endswith(f"(assumed {assumed})")
    assert line in DOMAIN.splitlines()[number - 1] and assumed in task.requirements
    assert task.planner_texts is not None and assumed in task.planner_texts[0]


@pytest.mark.parametrize("planner", ["fd", "fd-opt", "pyperplan", "graphplan"])
def test_every_planner_gets_exit_2_before_running_when_strict(tmp_path, capsys, planner):
    domain, problem = tmp_path / "d.pddl", tmp_path / "p.pddl"
    domain.write_text(DOMAIN.replace(":negative-preconditions", ""))
    problem.write_text(PROBLEM)
    assert main(["plan", str(domain), str(problem), "--planner", planner, "--json", "--strict"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert ":negative-preconditions" in data["message"] and data["file"] == str(domain) and data["line"] == 17


# -- the command ----------------------------------------------------------------------------------------------
@pytest.fixture()
def files(tmp_path):
    paths = {name: tmp_path / name for name in ("rooms.pddl", "fetch.pddl", "plan.txt", "bad.txt")}
    paths["rooms.pddl"].write_text(DOMAIN)
    paths["fetch.pddl"].write_text(PROBLEM)
    paths["plan.txt"].write_text(PLAN)
    paths["bad.txt"].write_text("(walk hall cellar)\n(take k1 cellar)\n")
    return {name: str(path) for name, path in paths.items()}


def test_the_validate_command(files, capsys):
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"], files["plan.txt"]]) == 0
    assert capsys.readouterr().out.startswith("Plan valid: 4 steps, cost 11 (general cost); metric minimize")
    assert main(["validate", "pddl", files["rooms.pddl"], files["fetch.pddl"], files["bad.txt"]]) == 7
    out = capsys.readouterr().out
    assert "step 2 (take k1 cellar) is not applicable" in out and "(dark cellar) is true" in out
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"], files["bad.txt"], "--json"]) == 7
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False and data["failed_step"]["number"] == 2
    assert data["failed_step"]["unsatisfied"] == ["(not (dark cellar))"]
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"], files["bad.txt"], "--show"]) == 7
    shown = capsys.readouterr().out.split("state before step 2:\n")[1].split()
    assert "(at" in shown and "cellar)" in shown and "(total-cost)" in shown


def test_bad_input_to_validate_is_exit_2(files, tmp_path, capsys):
    garbled = tmp_path / "garbled.txt"
    garbled.write_text("(walk hall cellar\n")
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"], str(garbled)]) == 2
    assert "garbled.txt:1" in capsys.readouterr().err
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"]]) == 2
    assert "takes three files" in capsys.readouterr().err


def test_plan_writes_a_plan_file_that_validates(files, tmp_path, capsys):
    out = tmp_path / "found.plan"
    assert main(["plan", files["rooms.pddl"], files["fetch.pddl"], "--plan-out", str(out), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["cost"] >= 11 and out.read_text().splitlines()[-1] == f"; cost = {found['cost']} (general cost)"
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"], str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cost"] == found["cost"]
    assert main(["plan", files["rooms.pddl"], files["fetch.pddl"]]) == 0
    assert read_plan(capsys.readouterr().out) == read_plan(out.read_text())  # stdout is a plan file too


def test_a_feature_no_compilation_removes_runs_an_admissible_configuration_that_reads_it(files, capsys):
    assert main(["plan", files["rooms.pddl"], files["fetch.pddl"], "--planner", "fd-opt", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "solved" and data["optimal"] and data["cost"] == 11
    assert ":conditional-effects" in data["message"] and "astar(blind())" in data["message"]


def test_derived_predicates_agree_with_the_puzzles_own_rules():
    """Sokoban's push-level domain derives where the player can walk: Fast Downward's plans validate, and
    a plan with a push dropped is refused exactly when the native simulator refuses it."""
    from puzzleplan import api

    checked = 0
    for path in sorted((EXAMPLES.parent.parent.parent / "problems" / "sokoban").glob("*.xsb")):
        inst = api.load(path, puzzle="sokoban-pushes")
        report = api.solve(inst, "fd", timeout=60)
        if not report.pddl_plan:
            continue
        task = api.translate(inst)
        model = read_task(task.domain, task.problem, "domain", str(path))
        assert check_pddl_plan(model, report.pddl_plan).valid
        for dropped in range(len(report.pddl_plan)):
            plan = report.pddl_plan[:dropped] + report.pddl_plan[dropped + 1 :]
            assert check_pddl_plan(model, plan).valid == api.validate(inst, plan).valid, (path, dropped)
            checked += 1
    assert checked >= 10


def test_a_wrong_cost_line_gets_a_note(files, tmp_path, capsys):
    claimed = tmp_path / "claimed.plan"
    claimed.write_text(PLAN.replace("cost = 11", "cost = 9"))
    assert main(["validate", files["rooms.pddl"], files["fetch.pddl"], str(claimed)]) == 0
    assert "note: the plan file claims cost 9, the plan costs 11" in capsys.readouterr().out


@pytest.mark.parametrize("planner", ["native-bfs", "fd"])
def test_solve_json_carries_the_cost(capsys, planner):
    assert (
        main(
            ["solve", "hanoi", str(EXAMPLES.parents[2] / "problems/hanoi/seed1.hanoi"), "--planner", planner, "--json"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["cost"] == data["length"] == 2


TANK = """(define (domain tank) (:requirements :strips :numeric-fluents)
  (:predicates (moved)) (:functions (fuel) (range))
  (:action drive :parameters () :precondition (>= (fuel) 2)
    :effect (and (moved) (decrease (fuel) 2) (increase (range) (* 2 (fuel))))))"""
TANK_PROBLEM = """(define (problem p) (:domain tank) (:init (= (fuel) 3) (= (range) 0))
  (:goal (and (moved) (> (range) 5))))"""


def test_numeric_conditions_and_effects():
    task = read_task(TANK, TANK_PROBLEM, "tank.pddl", "p.pddl")
    assert verdict(task, "(drive)").valid  # the effect reads the fuel before the step: range 6
    check = verdict(task, "(drive)\n(drive)")
    assert check.failed.number == 2 and "(>= (fuel) 2) is false: (fuel) = 1, 2 = 2" in check.message()
    undefined = read_task(TANK, TANK_PROBLEM.replace("(= (range) 0)", ""), "tank.pddl", "p.pddl")
    assert "(range) has no value" in verdict(undefined, "(drive)").message()


def test_arithmetic_of_numeric_expressions():
    from puzzleplan.translator.pddl.plans import initial_state
    from puzzleplan.translator.pddl.semantics import Evaluator, Undefined

    task = read_task(TANK, TANK_PROBLEM, "tank.pddl", "p.pddl")
    evaluator, state, fuel = Evaluator(task), initial_state(task), ("fluent", "fuel", ())  # fuel 3

    def value(operation: str, *parts: tuple) -> float:
        return evaluator.value(("op", operation, parts), {}, state)

    assert value("/", fuel, ("number", 2.0)) == 1.5
    assert value("-", fuel) == -3 and value("-", fuel, ("number", 1.0), ("number", 1.0)) == 1
    assert value("+", fuel, fuel) == 6 and value("*", fuel, fuel) == 9
    with pytest.raises(Undefined, match=r"\(/ \(fuel\) 0\) divides by zero"):
        value("/", fuel, ("number", 0.0))


GRAPH = """(define (domain graph)
  (:requirements :typing :derived-predicates :disjunctive-preconditions :existential-preconditions
                 :negative-preconditions :equality)
  (:types node) (:constants hub - node)
  (:predicates (edge ?a ?b - node) (open ?a - node) (start ?a - node) (reach ?a - node) (cut ?a - node))
  (:derived (reach ?a - node)
    (or (start ?a) (= ?a hub) (exists (?b - node) (and (reach ?b) (or (edge ?b ?a) (edge ?a ?b)) (open ?a)))))
  (:derived (cut ?a - node) (and (not (reach ?a)) (exists (?b - node) (and (edge ?a ?b) (reach ?b)))))
  (:action wait :parameters () :precondition (and) :effect (and)))"""
NODES = ["hub", "n1", "n2", "n3", "n4"]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.sets(st.sampled_from([f"(edge {a} {b})" for a in NODES for b in NODES] + [f"(open {a})" for a in NODES]))
    | st.just(set()),
    st.sets(st.sampled_from([f"(start {a})" for a in NODES[1:]]), max_size=2),
)
def test_derived_atoms_are_the_least_fixpoint(facts, starts):
    from puzzleplan.translator.pddl.plans import initial_state
    from puzzleplan.translator.pddl.semantics import Evaluator, State

    init = " ".join(sorted(facts | starts))
    problem = f"(define (problem g) (:domain graph) (:objects n1 n2 n3 n4 - node) (:init {init}) (:goal (and)))"
    task = read_task(GRAPH, problem, "graph.pddl", "g.pddl")
    evaluator, expected = Evaluator(task), set(task.init)
    for rule in task.rules:  # reach first, then cut (it negates reach): every grounding, to a fixpoint
        while True:
            state = State(frozenset(expected))
            new = {
                (rule.name, *inner.values())
                for inner in evaluator.bindings(rule.parameters, {})
                if evaluator.holds(rule.body, inner, state)
            }
            if new <= expected:
                break
            expected |= new
    assert initial_state(task).atoms == expected


# -- the API: api.pddl_plans ----------------------------------------------------------------------------------
def test_validate_pddl_plan_reads_the_files_and_says_the_cost():
    """The example's plan is valid at its claimed cost 11; the short plan leaves the goal unmet."""
    files = [str(EXAMPLES / name) for name in ("domain.pddl", "fetch.pddl")]
    verdict = validate_pddl_plan(*files, str(EXAMPLES / "fetch.plan"))
    assert verdict.valid and verdict.check.cost == 11 and verdict.claimed_cost == 11 and verdict.cost_note == ""
    data = verdict.to_json(state=True)
    assert data["plan"].endswith("fetch.plan") and data["optimal"] is None and data["state"]
    short = validate_pddl_plan(*files, str(EXAMPLES / "short.plan"))
    assert not short.valid and "state" not in short.to_json() and short.optimal is None


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 30))
def test_a_cost_note_exactly_when_the_claim_is_wrong(tmp_path_factory, claimed):
    """The plan file's `; cost = N` line draws a note unless N is the plan's cost (11)."""
    plan = tmp_path_factory.mktemp("plans") / "fetch.plan"
    plan.write_text(PLAN.replace("; cost = 11", f"; cost = {claimed}"))
    verdict = validate_pddl_plan(str(EXAMPLES / "domain.pddl"), str(EXAMPLES / "fetch.pddl"), str(plan))
    assert verdict.claimed_cost == claimed and (verdict.cost_note == "") == (claimed == 11)
