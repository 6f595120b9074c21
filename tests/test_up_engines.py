"""unified-planning engines as planners (up:NAME), puzzles as UP problems, UP plans replayed natively, and
our Graphplan as a UP engine. Each test that needs an engine skips when it is not installed here."""

from __future__ import annotations

import functools
import importlib.util
import os
import signal
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan.api.pipeline import plan_pddl
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners import up_engine
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.up_engine import ENGINES, UpEngine, availability, fragment_of

ROOT = Path(__file__).resolve().parent.parent
HANOI = ROOT / "problems/hanoi/seed2.hanoi"  # 31 moves at best
SMALL = ROOT / "problems/hanoi/seed1.hanoi"  # 2 moves
HARD_TILES = ROOT / "problems/tiles/fifteen-48.tiles"


def need(engine: str) -> None:
    """Skip the test when the engine cannot run here, saying what to install."""
    ok, why = availability(ENGINES[engine])
    if not ok:
        pytest.skip(f"up:{engine} cannot run here: {why}")


up_shortcuts = pytest.importorskip("unified_planning.shortcuts")


@pytest.fixture(scope="module", autouse=True)
def quiet_credits():
    """UP prints the credits of every engine it starts; not in tests."""
    up_shortcuts.get_environment().credits_stream = None


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_the_table_says_what_the_engine_says(engine):
    """Each known engine's optimality and PDDL fragment are those of its supported ProblemKind."""
    need(engine)
    from unified_planning.engines import OptimalityGuarantee

    from puzzleplan.planners.up_graphplan import register

    register()
    found = up_shortcuts.get_environment().factory.engine(engine)
    assert found.is_oneshot_planner()
    assert ENGINES[engine].optimal == found.satisfies(OptimalityGuarantee.SOLVED_OPTIMALLY)
    assert ENGINES[engine].fragment == fragment_of(found.supported_kind().features)


SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    "engine",
    [
        "symk-opt",
        "enhsp-opt",
        "lpg",
        "puzzleplan-graphplan",
        pytest.param("fast-downward-opt", marks=SLOW),
        pytest.param("symk", marks=SLOW),
        pytest.param("enhsp", marks=SLOW),
        pytest.param("pyperplan-opt", marks=SLOW),
    ],
)
def test_an_engine_solves_and_the_plan_replays(engine):
    """Solved, decoded into native moves, replayed; an optimal engine's plan is marked optimal and is (the
    satisficing ones get a small task: LPG takes seconds on five discs)."""
    need(engine)
    inst = puzzleplan.load(HANOI if ENGINES[engine].optimal else SMALL)
    result = puzzleplan.solve(inst, planner=f"up:{engine}", timeout=60)
    assert result.status is puzzleplan.Status.SOLVED, result.message
    assert result.valid and result.moves
    assert result.optimal == ENGINES[engine].optimal
    if result.optimal:
        assert result.length == 31
        assert result.extra["engine_status"] == "SOLVED_OPTIMALLY"


def test_a_task_the_engine_cannot_take_is_unsupported_with_why():
    """TAMER takes flat types only: Hanoi's typed places are unsupported, naming the feature."""
    need("tamer")
    result = puzzleplan.solve(puzzleplan.load(HANOI), planner="up:tamer", timeout=60)
    assert result.status is puzzleplan.Status.UNSUPPORTED
    assert "HIERARCHICAL_TYPING" in result.message


@SLOW
def test_tamer_solves_a_task_with_flat_types():
    """The tiles' types are flat: TAMER solves them."""
    need("tamer")
    tiles = puzzleplan.solve(puzzleplan.load(ROOT / "problems/tiles/seven1.tiles"), planner="up:tamer", timeout=60)
    assert tiles.status is puzzleplan.Status.SOLVED and tiles.valid


def test_a_task_is_compiled_to_the_engine_fragment():
    """UP's pyperplan takes STRIPS only: Mini-SHRDLU's negative and disjunctive conditions are compiled away
    for it and the plan maps back."""
    need("pyperplan")
    shrdlu = puzzleplan.load(ROOT / "problems/shrdlu/seed.shrdlu")
    result = puzzleplan.solve(shrdlu, planner="up:pyperplan", timeout=60)
    assert result.status is puzzleplan.Status.SOLVED and result.valid, result.message
    assert result.extra["compilations"]


def test_the_time_limit_holds(monkeypatch):
    """An engine still searching at the time limit: timeout, and no process of it is left. The engine's
    processes are found by a mark in their environment, so the other workers' engines do not count."""
    need("symk-opt")
    from test_processes import marked_processes, wait_for

    mark = uuid.uuid4().hex
    monkeypatch.setenv("PUZZLEPLAN_TEST_MARK", mark)
    result = puzzleplan.solve(puzzleplan.load(HARD_TILES), planner="up:symk-opt", timeout=2)
    assert result.status is puzzleplan.Status.TIMEOUT
    assert wait_for(lambda: not marked_processes(mark), 5), marked_processes(mark)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGKILL])
def test_no_engine_process_outlives_its_solve(signum):
    """Ctrl-C, or SIGKILL, to `puzzleplan solve` while the engine's binary runs in a session of its own
    (UP starts it so): every process of the run stops."""
    need("symk-opt")
    from test_processes import marked_processes, start, wait_for

    mark = uuid.uuid4().hex
    process = start(["solve", "tiles", str(HARD_TILES), "--planner", "up:symk-opt", "--timeout", "60"], mark)
    try:
        assert wait_for(lambda: any("bin/downward" in c for _, c in marked_processes(mark)), 60)
        process.send_signal(signum)
        assert process.wait(20) == (130 if signum == signal.SIGINT else -signal.SIGKILL)
        assert wait_for(lambda: not marked_processes(mark), 10), marked_processes(mark)
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)


def test_missing_engine_or_java_is_unsupported_with_the_fix(monkeypatch):
    """An engine that is not installed, or ENHSP without Java: unavailable, saying what to install."""
    absent = up_engine.Engine("no_such_engine_module", "up-nothing", False, fragment_of(set()), "none")
    assert availability(absent) == (False, f"up-nothing is not installed: {up_engine.EXTRA}")
    if importlib.util.find_spec("up_enhsp"):
        monkeypatch.setattr(up_engine.shutil, "which", lambda name: None)
        ok, why = availability(ENGINES["enhsp"])
        assert not ok and "default-jre-headless" in why
        result = puzzleplan.solve(puzzleplan.load(HANOI), planner="up:enhsp")
        assert result.status is puzzleplan.Status.UNSUPPORTED and "Java" in result.message


def test_an_unknown_engine_is_an_input_error():
    """A name UP's factory does not have: InputError naming the installed planners."""
    with pytest.raises(InputError, match="no planner engine 'symk-optt'.*did you mean 'symk-opt'"):
        UpEngine("symk-optt")


def test_list_shows_the_engines(capsys):
    """`list` names every known engine, and whether it runs here."""
    from puzzleplan.app.cli import main

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert all(f"up:{name}" in out for name in ENGINES)


def test_to_up_is_the_same_task_with_the_same_names():
    """to_up: our PDDL's actions and objects by their own names; a UP engine's plan validates natively,
    and a broken one does not."""
    need("symk-opt")
    from unified_planning.plans import SequentialPlan

    inst = puzzleplan.load(HANOI)
    problem = puzzleplan.to_up(inst)
    assert [action.name for action in problem.actions] == ["move"]
    assert {obj.name for obj in problem.all_objects} == {"disk1", "disk2", "disk3", "disk4", "disk5", "a", "b", "c"}
    with up_shortcuts.OneshotPlanner(name="symk-opt") as planner:
        plan = planner.solve(problem).plan
    check = puzzleplan.validate(inst, plan)
    assert check.valid and len(check.moves) == 31
    broken = puzzleplan.validate(inst, SequentialPlan(list(reversed(plan.actions))))
    assert not broken.valid and broken.failed_at == 1


def test_graphplan_is_a_up_engine():
    """register_up_engines: OneshotPlanner(name="puzzleplan-graphplan") solves a problem read by UP's
    PDDLReader, and UP's own validator accepts the plan."""
    from unified_planning.io import PDDLReader

    assert puzzleplan.register_up_engines() == ["puzzleplan-graphplan"]
    task = puzzleplan.translate(puzzleplan.load(ROOT / "problems/tiles/seven1.tiles"))
    problem = PDDLReader().parse_problem_string(task.domain, task.problem)
    with up_shortcuts.OneshotPlanner(name="puzzleplan-graphplan") as planner:
        result = planner.solve(problem, timeout=60)
    assert result.status.name == "SOLVED_SATISFICING" and result.plan.actions
    with up_shortcuts.PlanValidator(name="sequential_plan_validator") as validator:
        assert validator.validate(problem, result.plan).status.name == "VALID"


def test_up_ini_adds_graphplan(tmp_path):
    """The up.ini way: a factory configured from the file has puzzleplan-graphplan."""
    from unified_planning.environment import Environment

    config = tmp_path / "up.ini"
    config.write_text(
        "[engine puzzleplan-graphplan]\nmodule_name: puzzleplan.planners.up_graphplan\nclass_name: GraphplanEngine\n"
    )
    factory = Environment().factory
    factory.configure_from_file(str(config))
    assert factory.engine("puzzleplan-graphplan").is_oneshot_planner()


def test_compare_runs_engines_beside_the_others():
    """compare runs up:NAME beside native search, each run in a process of its own."""
    need("symk-opt")
    rows = puzzleplan.compare([puzzleplan.load(HANOI)], ["native-astar", "up:symk-opt"], timeout=60)
    assert [(row["planner"], row["status"], row["length"], row["optimal"]) for row in rows] == [
        ("native-astar", "solved", 31, True),
        ("up:symk-opt", "solved", 31, True),
    ]


def test_the_page_examples_run(monkeypatch):
    """docs/unified-planning.md's examples give the output the page shows."""
    need("symk-opt")
    import doctest

    monkeypatch.chdir(ROOT)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    page = ROOT / "docs" / "unified-planning.md"
    failed, tried = doctest.testfile(str(page), module_relative=False, optionflags=flags)
    assert tried and not failed


def test_the_memory_limit_holds_and_java_fits_under_it():
    """ENHSP's Java is sized to start under a 1 GiB limit, and under 700 MiB (its heap then leaves the VM's
    own 460 MiB free); a limit too small to run a child at all is a memout, not an error."""
    need("enhsp")
    inst = puzzleplan.load(SMALL)
    for memory in ("1G", "700M"):
        assert puzzleplan.solve(inst, planner="up:enhsp", memory=memory).status is puzzleplan.Status.SOLVED
    assert puzzleplan.solve(inst, planner="up:enhsp", memory="300M").status is puzzleplan.Status.MEMOUT


@pytest.mark.parametrize("planner", ["up:lpg", "up:tamer", "pyperplan", "graphplan"])
def test_a_planner_without_costs_is_unsupported_on_a_task_with_costs(planner):
    """Sokoban's push-costs task (walks cost 0, pushes 1): SymK's plan is cost-optimal; every planner without
    action costs, UP engine or not, ends unsupported saying why and what to use, rather than plan as if
    every action cost 1."""
    engine = planner.removeprefix("up:")
    if engine in ENGINES:
        need(engine)
    inst = puzzleplan.load(ROOT / "problems/sokoban/corridor.xsb", puzzle="sokoban-pushes")
    task = inst.puzzle.encodings(inst.data)[1]
    assert ":action-costs" in task.requirements
    result = plan_pddl(task, get_planner(planner), Limits(60)).result
    assert result.status is puzzleplan.Status.UNSUPPORTED and not result.plan
    assert ":action-costs" in result.message and "choose a planner with action costs" in result.message


def test_a_planner_with_costs_plans_the_costs_task_optimally():
    """The same task with SymK: solved, cost-optimal."""
    need("symk-opt")
    inst = puzzleplan.load(ROOT / "problems/sokoban/corridor.xsb", puzzle="sokoban-pushes")
    optimal = plan_pddl(inst.puzzle.encodings(inst.data)[1], UpEngine("symk-opt"), Limits(60)).result
    assert optimal.solved and optimal.optimal


def test_a_puzzle_with_a_cost_free_encoding_gives_it_to_a_planner_without_costs():
    """sokoban-pushes encodes for LPG without costs (its derived push-level task), never the push-costs task."""
    inst = puzzleplan.load(ROOT / "problems/sokoban/corridor.xsb", puzzle="sokoban-pushes")
    for planner in ("up:lpg", "pyperplan", "graphplan"):
        task = inst.puzzle.encode_for(inst.data, get_planner(planner).fragment)
        assert ":action-costs" not in task.requirements


WALKED = [
    dict(path=ROOT / "problems/hanoi/seed1.hanoi"),
    dict(puzzle="tiles", text="init:\n1 2 3\n4 X 5\ngoal:\n1 2 3\n4 5 X\n"),
]


@functools.cache
def walked(which: int) -> tuple[puzzleplan.Instance, Any, Any]:
    """An instance, its UP problem and UP's simulator of it (made once)."""
    inst = puzzleplan.load(**WALKED[which])
    problem = puzzleplan.to_up(inst)
    return inst, problem, up_shortcuts.SequentialSimulator(problem=problem)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.sampled_from(range(len(WALKED))),
    choices=st.lists(st.integers(min_value=0, max_value=50), max_size=10),
    stray=st.none() | st.lists(st.integers(min_value=0, max_value=50), min_size=3, max_size=3),
)
def test_up_and_the_puzzle_agree_on_every_plan(which, choices, stray):
    """to_up is the same task as the puzzle's own rules: a walk through the actions UP's simulator finds
    applicable, maybe ending in any ground action, validates natively exactly when UP reaches the goal, and a
    plan ending in an action UP finds inapplicable does not validate."""
    from unified_planning.plans import ActionInstance, SequentialPlan

    inst, problem, simulator = walked(which)
    steps = []
    state = simulator.get_initial_state()
    for choice in choices:
        applicable = list(simulator.get_applicable_actions(state))
        action, parameters = applicable[choice % len(applicable)]
        steps.append(ActionInstance(action, parameters))
        state = simulator.apply(state, action, parameters)
    if stray is not None:
        action = problem.actions[0]
        arguments = [list(problem.objects(parameter.type)) for parameter in action.parameters]
        parameters = [objects[index % len(objects)] for objects, index in zip(arguments, stray)]
        steps.append(ActionInstance(action, parameters))
        applies = simulator.is_applicable(state, action, parameters)
        state = simulator.apply(state, action, parameters) if applies else None
    check = puzzleplan.validate(inst, SequentialPlan(steps))
    if state is None:
        assert not check.valid  # the native replay fails there, or the PDDL check does
    else:
        assert check.valid == simulator.is_goal(state)


@pytest.mark.parametrize(
    "up_status, status, optimal",
    [
        ("SOLVED_OPTIMALLY", "solved", True),
        ("SOLVED_SATISFICING", "solved", False),
        ("UNSOLVABLE_PROVEN", "unsolvable", True),
        ("UNSOLVABLE_INCOMPLETELY", "unsolvable", False),
        ("TIMEOUT", "timeout", False),
        ("MEMOUT", "memout", False),
        ("UNSUPPORTED_PROBLEM", "unsupported", False),
        ("INTERNAL_ERROR", "error", False),
    ],
)
def test_every_up_status_maps_honestly(up_status, status, optimal):
    """UP's PlanGenerationResultStatus -> ours: unsolvable is optimal (a proof) only when UP proved it; an
    incomplete search's failure says it is no proof."""
    from unified_planning.engines import PlanGenerationResult, PlanGenerationResultStatus

    result = PlanGenerationResult(getattr(PlanGenerationResultStatus, up_status), None, "engine")
    answer = up_engine._answer("engine", result)
    assert (answer["status"], answer["optimal"], answer["engine_status"]) == (status, optimal, up_status)
    if up_status == "UNSOLVABLE_INCOMPLETELY":
        assert "no proof" in answer["message"]


def test_an_engine_error_under_a_memory_limit_that_shows_memory_running_out_is_a_memout():
    """UP reports SymK's search running out of memory as an internal error; its log says what happened."""
    answer = {"status": "error", "message": "symk failed", "log": "Failed to allocate memory.\n"}
    assert up_engine._result(answer, 1.0, 1024).status is puzzleplan.Status.MEMOUT
    assert up_engine._result(answer, 1.0, None).status is puzzleplan.Status.ERROR


def test_a_plan_of_another_kind_is_an_input_error():
    """validate takes UP's sequential plans; a time-triggered plan is bad input, named."""
    from unified_planning.plans import TimeTriggeredPlan

    with pytest.raises(InputError, match="SequentialPlan was expected, found a TimeTriggeredPlan"):
        puzzleplan.validate(puzzleplan.load(SMALL), TimeTriggeredPlan([]))
