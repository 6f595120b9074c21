"""The bundled Graphplan and the Graphplan operators/facts format.

Step counts are checked against an independent breadth-first search over parallel steps (sets of
pairwise non-interfering actions) that shares nothing with the planner but pyperplan's grounding.
"""

from __future__ import annotations

import time
from itertools import combinations
from pathlib import Path

import pytest
from clock_support import cpu_seconds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzleplan.app.graphplan_cli import main as graphplan_main
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.planners.graphplan import Graphplan, GroundTask, graphplan, ground
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.graphplan.format import (
    Atom,
    Facts,
    Operator,
    Ops,
    load_facts,
    load_ops,
    write_facts,
    write_ops,
)
from puzzleplan.translator.graphplan.pddl import graphplan_to_pddl, pddl_to_graphplan, pddl_to_model, puzzle_files
from puzzleplan.translator.pddl.task import PddlTask
from puzzleplan.translator.registry import get_puzzle

SAMPLES = [
    ("block_ops.txt", "block_facts2.txt"),
    ("block_ops.txt", "block_facts3.txt"),
    ("block_ops.txt", "block_facts4.txt"),
    ("fixit_ops", "fixit_facts1"),
    ("fixit_ops", "fixit_facts2"),
]
# Verified by parallel_bfs below (test_sample_step_counts_match_bfs); fixit 12 is also the count in
# the original's README trace.
SAMPLE_STEPS = {
    "block_facts2.txt": 2,
    "block_facts3.txt": 3,
    "block_facts4.txt": 1,
    "fixit_facts1": 12,
    "fixit_facts2": 12,
}
SEED = {"hanoi": ["seed1", "seed2"], "tiles": ["seven1", "seven2"]}


# ------------------------------------------------------------------------------- independent checks


def independent(task: GroundTask, a: int, b: int) -> bool:
    """Neither action deletes a precondition or an add effect of the other."""
    return not (task.delete[a] & (task.pre[b] | task.add[b]) or task.delete[b] & (task.pre[a] | task.add[a]))


def step_sets(task: GroundTask, applicable: list[int]):
    """Every non-empty set of pairwise independent actions among `applicable`."""

    def extend(start: int, chosen: list[int]):
        """The sets that extend `chosen` with actions from position `start` on."""
        for i in range(start, len(applicable)):
            a = applicable[i]
            if all(independent(task, a, b) for b in chosen):
                yield chosen + [a]
                yield from extend(i + 1, chosen + [a])

    yield from extend(0, [])


def parallel_bfs(task: GroundTask, limit: int = 40) -> int | None:
    """The fewest parallel steps to a goal state, by breadth-first search over states; None if none."""
    frontier, seen = {task.init}, {task.init}
    for depth in range(limit + 1):
        if any(task.goal & ~state == 0 for state in frontier):
            return depth
        following = set()
        for state in frontier:
            applicable = [a for a in range(len(task.actions)) if task.pre[a] & ~state == 0]
            for step in step_sets(task, applicable):
                deleted = added = 0
                for a in step:
                    deleted |= task.delete[a]
                    added |= task.add[a]
                successor = (state & ~deleted) | added
                if successor not in seen:
                    seen.add(successor)
                    following.add(successor)
        if not following:
            return None
        frontier = following
    raise AssertionError("limit reached")


def replay_steps(task: GroundTask, steps: list[list[int]]) -> int:
    """Apply the steps (each applicable and pairwise independent in its state); the final state."""
    state = task.init
    for step in steps:
        for a, b in combinations(step, 2):
            assert independent(task, a, b), (task.actions[a], task.actions[b])
        for a in step:
            assert task.applicable(state, a), task.actions[a]
        for a in step:
            state = task.apply(state, a)
    return state


def replay_plan(task: GroundTask, plan) -> bool:
    """True when the sequential plan (names and arguments) applies and reaches the goal."""
    index = {action: number for number, action in enumerate(task.actions)}
    state = task.init
    for action in plan:
        number = index[action]
        if not task.applicable(state, number):
            return False
        state = task.apply(state, number)
    return task.goal & ~state == 0


def sample_task(shared_data: Path, ops: str, facts: str) -> PddlTask:
    """A sample pair converted to PDDL."""
    folder = shared_data / "graphplan"
    return graphplan_to_pddl((folder / ops).read_text(), (folder / facts).read_text(), ops, facts)


def seed_task(root: Path, puzzle: str, name: str) -> PddlTask:
    """A seed instance encoded by its puzzle module."""
    path = root / "problems" / puzzle / f"{name}.{puzzle}"
    module = get_puzzle(puzzle)
    return module.encode(module.parse(path.read_text(), str(path)))


# --------------------------------------------------------------------------------- the sample files


@pytest.mark.parametrize("ops, facts", SAMPLES)
def test_samples_solve_with_the_original_step_counts(shared_data: Path, ops: str, facts: str) -> None:
    task = sample_task(shared_data, ops, facts)
    result = Graphplan().solve(task, Limits(timeout=30))
    assert result.status is Status.SOLVED
    assert result.steps == SAMPLE_STEPS[facts]
    assert replay_plan(ground(task), result.plan)
    assert result.figures["actions_tried"] >= len(result.plan)


@pytest.mark.parametrize("ops, facts", SAMPLES)
def test_sample_step_counts_match_bfs(shared_data: Path, ops: str, facts: str) -> None:
    assert parallel_bfs(ground(sample_task(shared_data, ops, facts))) == SAMPLE_STEPS[facts]


@pytest.mark.parametrize("name", ["block_ops.txt", "fixit_ops"])
def test_ops_round_trip(shared_data: Path, name: str) -> None:
    ops = load_ops((shared_data / "graphplan" / name).read_text(), name)
    assert load_ops(write_ops(ops)) == ops


@pytest.mark.parametrize("name", [facts for _, facts in SAMPLES])
def test_facts_round_trip(shared_data: Path, name: str) -> None:
    facts = load_facts((shared_data / "graphplan" / name).read_text(), name)
    assert load_facts(write_facts(facts)) == facts


def test_multiple_types_become_a_hierarchy(shared_data: Path) -> None:
    task = sample_task(shared_data, "fixit_ops", "fixit_facts1")
    assert "hub - object-type" in task.domain and "container - object" in task.domain
    assert "the-hub - hub" in task.problem


def test_distinct_parameters_rule(shared_data: Path) -> None:
    """Graphplan binds different parameters to different objects: no move of a block onto itself."""
    task = ground(sample_task(shared_data, "block_ops.txt", "block_facts2.txt"))
    assert task.actions
    assert all(len(set(args)) == len(args) for _, args in task.actions)


# ----------------------------------------------------------------------------------- step optimality


def _task(n_facts: int, actions: list[tuple[int, int, int]], init: int, goal: int) -> GroundTask:
    return GroundTask(
        facts=[f"f{i}" for i in range(n_facts)],
        actions=[(f"a{i}", ()) for i in range(len(actions))],
        pre=[p for p, _, _ in actions],
        add=[a for _, a, _ in actions],
        delete=[d & ~a for _, a, d in actions],
        init=init,
        goal=goal,
    )


@st.composite
def tiny_tasks(draw) -> GroundTask:
    """Random STRIPS tasks with up to 5 facts and 6 actions."""
    n = draw(st.integers(2, 5))
    subset = st.integers(0, (1 << n) - 1)
    actions = draw(st.lists(st.tuples(subset, subset, subset), min_size=1, max_size=6))
    return _task(n, actions, draw(subset), draw(subset))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_tasks())
def test_fewest_steps_on_random_tasks(task: GroundTask) -> None:
    outcome = graphplan(task, time.perf_counter() + 30)
    expected = parallel_bfs(task)
    if expected is None:
        assert outcome.status is Status.UNSOLVABLE
    else:
        assert outcome.status is Status.SOLVED
        assert len(outcome.steps) == expected
        assert task.goal & ~replay_steps(task, outcome.steps) == 0


@settings(max_examples=15, deadline=None)
@given(st.permutations(["1", "2", "3", "4", "X", "X"]))
def test_fewest_steps_on_random_tile_boards(cells: list[str]) -> None:
    """2x3 boards with two blanks, encoded by the tiles puzzle: graphplan agrees with the search."""
    tiles = get_puzzle("tiles")
    instance = tiles.parse(f"init:\n{' '.join(cells[:3])}\n{' '.join(cells[3:])}\ngoal:\n1 2 3\n4 X X\n")
    task = ground(tiles.encode(instance))
    outcome = graphplan(task, time.perf_counter() + 30)
    assert outcome.status is Status.SOLVED and len(outcome.steps) == parallel_bfs(task)
    assert task.goal & ~replay_steps(task, outcome.steps) == 0


def test_fixed_steps_finds_exactly_that_many(shared_data: Path) -> None:
    task = ground(sample_task(shared_data, "block_ops.txt", "block_facts3.txt"))
    assert graphplan(task, time.perf_counter() + 10, steps=2).status is Status.UNSOLVABLE
    longer = graphplan(task, time.perf_counter() + 10, steps=5)
    assert longer.status is Status.SOLVED and len(longer.steps) == 5
    assert task.goal & ~replay_steps(task, longer.steps) == 0


# ------------------------------------------------------------------------------------- unsolvable


def test_unsolvable_when_the_graph_levels_off_without_the_goals(shared_data: Path) -> None:
    folder = shared_data / "graphplan"
    facts = (folder / "block_facts4.txt").read_text().replace("(on A C) (clear A)", "(on A A)")
    task = graphplan_to_pddl((folder / "block_ops.txt").read_text(), facts, "block_ops.txt", "x")
    assert Graphplan().solve(task, Limits(timeout=10)).status is Status.UNSOLVABLE


@pytest.mark.parametrize("board, goal", [("2 1\n3 X", "1 2\n3 X"), ("2 1 3\n4 5 X", "1 2 3\n4 5 X")])
def test_unsolvable_by_parity_needs_the_memo_test(board: str, goal: str) -> None:
    """Odd tile permutations: every fact pair is reachable, only the memo test can end the search."""
    tiles = get_puzzle("tiles")
    instance = tiles.parse(f"init:\n{board}\ngoal:\n{goal}\n")
    result = Graphplan().solve(tiles.encode(instance), Limits(timeout=30))
    assert result.status is Status.UNSOLVABLE
    assert result.figures["memo_entries"] > 0


def test_timeout_is_a_status() -> None:
    tiles = get_puzzle("tiles")
    instance = tiles.parse("init:\n2 1 3\n4 5 6\n7 8 X\ngoal:\n1 2 3\n4 5 6\n7 8 X\n")
    result = Graphplan().solve(tiles.encode(instance), Limits(timeout=0.5))
    assert result.status is Status.TIMEOUT and not result.plan


# --------------------------------------------------------------------------- the seed's four problems


@pytest.mark.parametrize("puzzle, name, steps", [("hanoi", "seed1", 2), ("hanoi", "seed2", 31), ("tiles", "seven1", 8)])
def test_seed_problems_replay_natively(root: Path, puzzle: str, name: str, steps: int) -> None:
    task = seed_task(root, puzzle, name)
    result = get_planner("graphplan").solve(task, Limits(timeout=60))
    assert result.status is Status.SOLVED and result.steps == steps
    module = get_puzzle(puzzle)
    path = root / "problems" / puzzle / f"{name}.{puzzle}"
    instance = module.parse(path.read_text(), str(path))
    assert module.replay(instance, module.decode(instance, result.plan)).valid


def test_hanoi_steps_equal_the_sequential_optimum(root: Path) -> None:
    """In Hanoi one move fits a step, so the fewest steps is the fewest moves (2^5 - 1)."""
    result = Graphplan().solve(seed_task(root, "hanoi", "seed2"), Limits(timeout=60))
    assert result.steps == len(result.plan) == 31 and result.optimal


def test_seed_step_counts_match_bfs(root: Path) -> None:
    for puzzle, name in [("hanoi", "seed1"), ("tiles", "seven1")]:
        task = ground(seed_task(root, puzzle, name))
        outcome = graphplan(task, time.perf_counter() + 30)
        assert len(outcome.steps) == parallel_bfs(task)


def test_seed_files_are_generated_from_the_encoders(root: Path) -> None:
    for puzzle, names in SEED.items():
        folder = root / "problems" / puzzle
        files = puzzle_files(puzzle, [folder / f"{name}.{puzzle}" for name in names])
        for file_name, text in files.items():
            assert (folder / file_name).read_text() == text, file_name


def test_common_part_is_in_every_facts_file(root: Path) -> None:
    for puzzle, names in SEED.items():
        folder = root / "problems" / puzzle
        common = load_facts((folder / "common.facts").read_text(), "common.facts", need_goal=False)
        assert common.goal is None and common.objects and common.init
        for name in names:
            facts = load_facts((folder / f"{name}.facts").read_text(), f"{name}.facts")
            assert set(common.objects) <= set(facts.objects)
            assert set(common.init) <= set(facts.init)


@pytest.mark.parametrize("puzzle, name, steps", [("hanoi", "seed1", 2), ("tiles", "seven1", 8)])
def test_seed_ops_facts_files_solve(root: Path, capsys, puzzle: str, name: str, steps: int) -> None:
    folder = root / "problems" / puzzle
    code = graphplan_main(
        ["-o", str(folder / f"{puzzle}.ops"), "-f", str(folder / f"{name}.facts"), "-d", "-M", "1024"]
    )
    out = capsys.readouterr().out
    assert code == 0
    numbers = [int(line.split()[0]) for line in out.splitlines() if line[:1].isdigit() and "_" in line.split()[-1]]
    assert max(numbers) == steps
    assert "actions tried" in out


# ------------------------------------------------------------------------------------- conversions


@pytest.mark.parametrize("puzzle, name", [("hanoi", "seed1"), ("tiles", "seven1")])
def test_pddl_to_graphplan_and_back_keeps_the_plans(root: Path, puzzle: str, name: str) -> None:
    task = seed_task(root, puzzle, name)
    ops_text, facts_text = pddl_to_graphplan(task)
    back = graphplan_to_pddl(ops_text, facts_text, "x.ops", "x.facts")
    first, second = ground(task), ground(back)
    lost = set(first.actions) - set(second.actions)
    assert set(second.actions) <= set(first.actions)
    # Graphplan binds different parameters to different objects: only such groundings are lost.
    assert all(len(set(args)) < len(args) for _, args in lost)
    assert sorted(first.fact_names(first.goal)) == sorted(second.fact_names(second.goal))
    assert parallel_bfs(first) == parallel_bfs(second)


def test_pddl_to_graphplan_keeps_the_case_of_names(root: Path) -> None:
    ops, facts = pddl_to_model(seed_task(root, "hanoi", "seed2"))
    assert ("A", "peg") in facts.objects and Atom("on", ("disk5", "A")) in facts.goal


def test_pddl_to_graphplan_refuses_non_strips() -> None:
    domain = (
        "(define (domain d) (:requirements :strips :negative-preconditions) (:predicates (p))"
        " (:action a :parameters () :precondition (not (p)) :effect (p)))"
    )
    problem = "(define (problem q) (:domain d) (:init) (:goal (p)))"
    with pytest.raises(InputError, match="negative-preconditions"):
        pddl_to_graphplan(PddlTask("q", domain, problem))


# ------------------------------------------------------------------------------------------ errors

BAD_OPS = [
    ("(operator move (params (<b> Object)) (preconds (on <b> <x>))\n (effects (on <b> Table)))", 1, "variable <x>"),
    (
        "(operator move\n (params (<b> Object))\n (preconds (clear <b>)\n (effects (del clear <b>)))",
        1,
        "unbalanced.*line 4",
    ),
    ("(operator move (params) (preconds)\n (effects (del clear)\n", 1, "unbalanced"),
    ("(operator move (params) (preconds) (effects))\n)", 2, "unbalanced"),
    (
        "(operator m (params) (preconds (p a)) (effects))\n(operator m (params) (preconds) (effects))",
        2,
        "defined twice",
    ),
    ("(operator m (params) (preconds (p a)) (effects (p a b)))", 1, "arguments"),
    ("(operator m (params (x Object)) (preconds) (effects))", 1, "expected"),
]


@pytest.mark.parametrize("text, line, message", BAD_OPS)
def test_bad_ops_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        load_ops(text, "bad_ops")
    assert caught.value.source == "bad_ops" and caught.value.line == line


def test_undeclared_object_is_read_with_a_warning_naming_the_line(caplog) -> None:
    """The original reads an object no declaration types (it can match constants only); a warning
    names it, for it is more often a typing mistake."""
    facts = load_facts("(A Object)\n(Table Object)\n(preconds (on A Table))\n(effects\n (on A D))", "facts")
    assert facts.goal == (Atom("on", ("A", "D")),)
    assert "facts:5: object 'D'" in caplog.text


def test_undeclared_constant_in_an_operator_is_a_constant(shared_data: Path) -> None:
    ops = (shared_data / "graphplan" / "block_ops.txt").read_text()
    facts = "(A Object)\n(preconds (clear A))\n(effects (clear A))"
    task = graphplan_to_pddl(ops, facts, "block_ops.txt", "f")
    assert "(:constants\n    table - object\n  )" in task.domain


def test_cli_reports_errors_without_traceback(tmp_path: Path, capsys) -> None:
    ops = tmp_path / "ops"
    ops.write_text("(operator\n move\n (params (<b> Object))\n (preconds (on <b> <y>))\n (effects))\n")
    facts = tmp_path / "facts"
    facts.write_text("(A Object)\n(preconds)\n(effects)\n")
    assert graphplan_main(["-o", str(ops), "-f", str(facts)]) == 2
    err = capsys.readouterr().err
    assert f"{ops}:4:" in err and "variable <y>" in err and "Traceback" not in err
    assert graphplan_main(["-o", str(tmp_path / "missing"), "-f", str(facts)]) == 2


def test_cli_prints_the_plan_like_the_original(shared_data: Path, capsys) -> None:
    folder = shared_data / "graphplan"
    code = graphplan_main(
        ["-o", str(folder / "block_ops.txt"), "-f", str(folder / "block_facts3.txt"), "-d", "-i", "1"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "ops loaded." in out and "facts loaded." in out and "Goals first reachable in 3 steps." in out
    plan = [line for line in out.splitlines() if line[:1].isdigit() and "_" in line]
    assert [line.split()[0] for line in plan] == ["1", "2", "3"]
    assert "3 move_B_Table_A" in plan  # names keep the spelling of the files
    assert "level 3: goals" in out  # -i 1 traces the goal sets


# --------------------------------------------------------------------------- round trip (property)

NAME = st.from_regex(r"[a-z][a-z0-9-]{0,5}", fullmatch=True).filter(
    lambda s: s not in {"operator", "params", "preconds", "effects", "del"}
)


@st.composite
def models(draw) -> tuple[Ops, Facts]:
    """Random operators and facts that the loader accepts."""
    objects = draw(st.lists(NAME, min_size=1, max_size=4, unique=True))
    types = draw(st.lists(NAME.map(str.capitalize), min_size=1, max_size=2, unique=True))
    predicates = {f"p{arity}": arity for arity in draw(st.sets(st.integers(0, 2), min_size=1))}

    def atoms(terms):
        """Lists of atoms over `terms`, each predicate with its arity."""
        return st.lists(
            st.sampled_from(sorted(predicates)).flatmap(
                lambda p: st.tuples(*[st.sampled_from(terms)] * predicates[p]).map(lambda args, p=p: Atom(p, args))
            ),
            max_size=3,
        )

    operators = []
    for number in range(draw(st.integers(1, 3))):
        params = tuple((f"v{i}", draw(st.sampled_from(types))) for i in range(draw(st.integers(0, 3))))
        terms = [f"<{v}>" for v, _ in params] + objects
        operators.append(
            Operator(
                f"op{number}", params, tuple(draw(atoms(terms))), tuple(draw(atoms(terms))), tuple(draw(atoms(terms)))
            )
        )
    declared = tuple(draw(st.lists(st.tuples(st.sampled_from(objects), st.sampled_from(types)), unique=True)))
    declared += tuple((o, types[0]) for o in objects if all(o != d for d, _ in declared))
    goal = draw(st.one_of(st.none(), atoms(objects).map(tuple)))
    return Ops(tuple(operators)), Facts(declared, tuple(draw(atoms(objects))), goal)


@settings(max_examples=80, deadline=None)
@given(models())
def test_write_then_load_is_the_identity(model: tuple[Ops, Facts]) -> None:
    ops, facts = model
    assert load_ops(write_ops(ops)) == ops
    assert load_facts(write_facts(facts), need_goal=False) == facts


# ---------------------------------------------------------------------------------------- benchmark


@pytest.mark.slow
@pytest.mark.parametrize("puzzle, name, steps", [("hanoi", "seed2", 31), ("tiles", "seven2", 13)])
def test_benchmark_seed_problems(root: Path, puzzle: str, name: str, steps: int) -> None:
    """The issue's figures: the C program takes 8.2 s (Hanoi, 31 steps) and 8.3 s (7-puzzle, 13 steps).

    Prints CPU and wall seconds for graphplan (with and without explanation-based nogoods), pyperplan
    and Fast Downward on the same task; run with `-s` to see the table.
    """
    task = seed_task(root, puzzle, name)
    grounded = ground(task)
    rows = []
    for learning in (True, False):
        cpu, wall = cpu_seconds(), time.perf_counter()
        outcome = graphplan(grounded, time.perf_counter() + 300, learning=learning)
        figures = outcome.figures
        rows.append(
            f"{puzzle} {name} graphplan{'' if learning else ' --classic'}: "
            f"{outcome.status.value}, {len(outcome.steps)} steps, "
            f"{sum(map(len, outcome.steps))} actions, {cpu_seconds() - cpu:.2f} s CPU, "
            f"{time.perf_counter() - wall:.2f} s wall, {figures['actions_tried']} actions tried, "
            f"{figures['memo_entries']} memo entries, {figures['memo_hits']} memo hits"
        )
        assert outcome.status is Status.SOLVED and len(outcome.steps) == steps
        assert grounded.goal & ~replay_steps(grounded, outcome.steps) == 0
    for planner_name in ["graphplan", "pyperplan", "pyperplan-opt", "fd", "fd-opt"]:
        planner = get_planner(planner_name)
        if not planner.available()[0]:
            continue
        cpu, wall = cpu_seconds(), time.perf_counter()
        result = planner.solve(task, Limits(timeout=300))
        rows.append(
            f"{puzzle} {name} {planner_name}: {result.status.value}, {len(result.plan)} actions, "
            f"{cpu_seconds() - cpu:.2f} s CPU, {time.perf_counter() - wall:.2f} s wall "
            "(whole run: grounding, search, process start)"
        )
        assert result.status is Status.SOLVED
        assert replay_plan(grounded, result.plan)
    print("\n" + "\n".join(rows))
