"""The Python API: docs/api.md's examples run as written, and the API's functions agree with each other."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hanoi_instances

import puzzleplan
from puzzleplan import api
from puzzleplan.api import catalogue
from puzzleplan.translator.registry import get_puzzle

ROOT = Path(__file__).resolve().parent.parent


def test_the_api_page_runs(monkeypatch):
    """Every example of docs/api.md gives the output the page shows."""
    monkeypatch.chdir(ROOT)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, tried = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=flags)
    assert tried > 20 and failed == 0


def test_the_public_names_are_exported():
    """__all__ names what the package offers, and each name is there."""
    assert {"load", "translate", "solve", "validate", "replay", "compare", "draw", "animate"} <= set(puzzleplan.__all__)
    assert all(hasattr(puzzleplan, name) for name in puzzleplan.__all__)
    assert puzzleplan.__version__


@pytest.mark.parametrize(
    "path",
    [
        "problems/hanoi/seed2.hanoi",
        "problems/tiles/seven1.tiles",
        "problems/sbp/tiny.sbp",
        "problems/sokoban/corridor.xsb",
    ],
)
def test_solve_validate_replay_agree(path):
    """A solved plan validates in every form the API takes it: native moves, JSON moves, its notation
    text, and the replay ends in a goal state."""
    inst = puzzleplan.load(ROOT / path)
    result = puzzleplan.solve(inst, timeout=60)
    assert result.status is puzzleplan.Status.SOLVED and result.valid
    assert puzzleplan.validate(inst, result.moves).valid
    assert puzzleplan.validate(inst, [inst.move_json(move) for move in result.moves]).valid
    assert puzzleplan.validate(inst, "".join(inst.format_move(move) + "\n" for move in result.moves)).valid
    states = puzzleplan.replay(inst, result.moves)
    assert len(states) == result.length + 1 and inst.is_goal(states[-1])
    assert states == result.states


def test_a_shortened_plan_is_invalid_with_a_reason():
    """Leaving out the last move leaves the goal unmet; validate says so, replay does not mind."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed2.hanoi")
    moves = puzzleplan.solve(inst).moves[:-1]
    check = puzzleplan.validate(inst, moves)
    assert not check.valid and "goal" in check.reason
    assert not inst.is_goal(puzzleplan.replay(inst, moves)[-1])


def test_a_plan_file_path_is_read(tmp_path):
    """A str naming an existing file, and a Path, are plan files."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi")
    plan = tmp_path / "plan.txt"
    plan.write_text("1 A B\n2 A C\n")
    assert puzzleplan.validate(inst, plan).valid
    assert puzzleplan.validate(inst, os.fspath(plan)).valid


def test_load_needs_something_to_read():
    """No path and no text, or text without a puzzle name, is an InputError, not a crash."""
    with pytest.raises(puzzleplan.InputError, match="path"):
        puzzleplan.load()
    with pytest.raises(puzzleplan.InputError, match="puzzle"):
        puzzleplan.load(text="init:\n")


def test_render_reads_back():
    """load(text=inst.render()) is the same instance."""
    inst = puzzleplan.load(ROOT / "problems/tiles/seven1.tiles")
    assert puzzleplan.load(puzzle="tiles", text=inst.render()).data == inst.data


@settings(max_examples=30, deadline=None)
@given(hanoi_instances())
def test_successors_are_the_legal_moves_applied(data):
    """Instance.successors: one pair per legal move, its state the move replayed; pruning keeps a subset;
    show_steps shows every step of a path through them."""
    inst = puzzleplan.Instance(get_puzzle("hanoi"), data, "<drawn>")
    pairs = inst.successors()
    assert [move for move, _ in pairs] == inst.moves()
    assert all(puzzleplan.replay(inst, [move])[-1] == child for move, child in pairs)
    assert set(inst.successors(prune=True)) <= set(pairs)
    if pairs:
        move, child = pairs[0]
        assert inst.format_move(move) in inst.show_steps([move], [inst.initial, child])


SEED2 = ROOT / "problems/hanoi/seed2.hanoi"
BLOXORZ = ROOT / "problems/bloxorz/seed-level1.bloxorz"
INSTANCES = [
    "problems/hanoi/seed2.hanoi",
    "problems/tiles/seven1.tiles",
    "problems/sbp/tiny.sbp",
    "problems/sokoban/corridor.xsb",
    "problems/bloxorz/seed-level1.bloxorz",
    "problems/pacman/forks.lay",
]


def walked(inst: puzzleplan.Instance, seed: int, steps: int) -> tuple[list, list]:
    """The moves and states of a random walk from the initial state, taken with the instance's own rules."""
    import random

    rng, moves, states = random.Random(seed), [], [inst.initial]
    for _ in range(steps):
        legal = inst.moves(states[-1])
        if not legal:
            break
        moves.append(rng.choice(legal))
        states.append(inst.apply(states[-1], moves[-1]))
    return moves, states


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 12))
def test_solving_from_a_walked_state_agrees_with_the_rules(seed, steps):
    """solve(start=s) from a state the rules reach plans from s: its moves, applied from s, reach the goal,
    the instance it reports starts at s, and breadth-first search needs no more moves than walking back and
    solving from the start (Hanoi's moves are reversible)."""
    inst = puzzleplan.load(SEED2)
    _, states = walked(inst, seed, steps)
    report = puzzleplan.solve(inst, "native-bfs", start=states[-1], timeout=30)
    assert report.status is puzzleplan.Status.SOLVED and report.valid
    started = api.instance_of(report)
    assert started is not None and started.initial == states[-1] == report.states[0]
    state = states[-1]
    for move in report.moves:
        state = inst.apply(state, move)
    assert inst.is_goal(state) and report.length <= (len(states) - 1) + 31


def test_starting_at_a_state_is_the_start_solve_takes():
    """Instance.starting_at(state) is the instance solve(start=state) solves, for a file's path too."""
    inst = puzzleplan.load(SEED2)
    moves, states = walked(inst, 7, 5)
    moved = inst.starting_at(states[-1])
    assert moved.initial == states[-1] and moved.label == inst.label
    report = puzzleplan.solve(SEED2, "native-bfs", start=states[-1])
    assert api.instance_of(report) == moved
    assert puzzleplan.solve(moved, "native-bfs").moves == report.moves


def test_a_start_written_as_text():
    """Bloxorz takes its start as the text asks it (X,Y from 1); another puzzle refuses a start as text, and a
    start off the tiles is bad input, whether solve reads the file or is given the instance."""
    report = puzzleplan.solve(BLOXORZ, "native-bfs", start="5,2")
    moved = api.instance_of(report)
    assert report.valid and moved is not None and moved.data.start == ((1, 4),)
    assert moved == puzzleplan.load(BLOXORZ).starting_at("5,2")
    with pytest.raises(puzzleplan.InputError, match="must start on tiles"):
        puzzleplan.solve(puzzleplan.load(BLOXORZ), start="4,1")
    with pytest.raises(puzzleplan.InputError, match="--start is for bloxorz"):
        puzzleplan.solve(SEED2, start="1,1")


def test_limits_as_one_value():
    """solve takes the limits as a Limits as well as timeout and memory."""
    report = puzzleplan.solve(SEED2, "native-astar", limits=puzzleplan.Limits(30.0, None))
    assert report.status is puzzleplan.Status.SOLVED and report.length == 31


@pytest.mark.parametrize("path", INSTANCES)
def test_moves_read_back_as_written(path):
    """Every legal move of the initial state reads back from its notation and from its JSON value."""
    inst = puzzleplan.load(ROOT / path)
    for move in inst.moves():
        assert inst.read_move(inst.format_move(move)) == move
        assert puzzleplan.validate(inst, [inst.move_json(move)]).moves == [move]


@pytest.mark.parametrize("path", INSTANCES)
def test_normal_form_is_idempotent(path):
    """normalize is a normal form: normalizing twice is normalizing once, along a random walk."""
    inst = puzzleplan.load(ROOT / path)
    for state in walked(inst, 3, 8)[1]:
        assert inst.normalize(inst.normalize(state)) == inst.normalize(state)


def test_a_report_as_the_command_line_writes_it(tmp_path):
    """report_json is solve --json's object, plan_text the plan file that validate reads back, show_steps the
    boards of --show (replayed when the states are not given)."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi")
    report = puzzleplan.solve(inst, "native-bfs")
    data = api.report_json(report)
    assert data["moves"] == [inst.move_json(move) for move in report.moves] == [[1, "A", "B"], [2, "A", "C"]]
    assert data["status"] == "solved" and data["length"] == 2
    assert inst.plan_text(report) == "1 A B\n2 A C\n"
    assert puzzleplan.validate(inst, inst.plan_text(report)).valid
    assert inst.show_steps(report.moves) == inst.show_steps(report.moves, report.states)
    assert "   2. 2 A C" in inst.show_steps(report.moves)
    assert inst.optimal_measure == "moves" and inst.describe_goal()


def test_a_pddl_plan_is_written_as_an_ipc_plan():
    """plan_text gives a PDDL planner's plan in IPC format, which validate reads as a PDDL plan."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi")
    report = puzzleplan.solve(inst, "graphplan", timeout=30)
    assert report.status is puzzleplan.Status.SOLVED and report.pddl_plan
    text = inst.plan_text(report)
    assert text.startswith("(") and "; cost = 2" in text
    assert puzzleplan.validate(inst, text).valid


def test_no_instance_when_reading_ran_out_of_time():
    """A report whose file was not read in time has no instance, yet its JSON is the contract's."""
    report = api.Report("hanoi", "big.hanoi", "native-astar", puzzleplan.Status.TIMEOUT, message="timeout")
    assert api.instance_of(report) is None
    assert api.report_json(report)["status"] == "timeout"


def test_write_animation_says_what_it_wrote(tmp_path):
    """write_animation draws given states (fewer than the moves when a plan broke off) and says what it wrote;
    animate writes the same player for replayed moves."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi")
    moves = puzzleplan.solve(inst).moves
    states = puzzleplan.replay(inst, moves)
    written = api.write_animation(inst, moves, states[:2], tmp_path / "part.html", title="t", summary="s")
    assert written["frames"] == 2 and written["bytes"] == (tmp_path / "part.html").stat().st_size
    assert puzzleplan.animate(inst, moves, tmp_path / "all.html").stat().st_size > 0


@pytest.mark.parametrize("name", puzzleplan.puzzles())
def test_the_catalogue_describes_every_puzzle(name):
    """A puzzle's suffixes name it (or the base puzzle that reads the same files), its heuristics start with
    the default, and its generator's instances load back."""
    import random

    info = catalogue.describe(name)
    assert info.name == name and info.summary and info.heuristics[0] == "default"
    for suffix in info.suffixes:
        assert name.startswith(catalogue.puzzle_for_file(f"x{suffix}"))
    if info.generator_options:
        text = catalogue.generate(name, {}, random.Random(1))
        assert puzzleplan.load(puzzle=name, text=text).render()


def test_the_catalogue_names_every_planner():
    """planner_infos lists the registered planners with their availability; a planner is available or says why
    not; engine_infos names unified-planning engines as up:NAME."""
    infos = catalogue.planner_infos()
    assert [info.name for info in infos] == puzzleplan.planners()
    assert all(info.available != bool(info.why) for info in infos + catalogue.engine_infos())
    assert next(info for info in infos if info.name == "native-bfs").available
    assert all(info.name.startswith("up:") for info in catalogue.engine_infos())
