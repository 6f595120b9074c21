"""Graphplan's printed plans checked with Graphplan's semantics (and natively for the seed's puzzle files):
outputs of the project's `graphplan` command, which prints the original program's format, and plans
written by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT

from puzzleplan.api import Status
from puzzleplan.api.graphplan import read_graphplan_files, run_graphplan, validate_graphplan
from puzzleplan.app.cli import main as puzzleplan
from puzzleplan.app.graphplan_cli import main as graphplan
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.translator.graphplan.format import Atom, Facts, Operator, Ops
from puzzleplan.translator.graphplan.plan import Grounder, check_graphplan_plan, read_plan_lines

SEED = [
    ("hanoi", "hanoi.ops", "seed1", 2, 2),
    ("hanoi", "hanoi.ops", "seed2", 31, 31),
    ("tiles", "tiles.ops", "seven1", 12, 8),
    ("tiles", "tiles.ops", "seven2", 24, 13),
]
"""(puzzle, operators file, instance, actions, time steps) of the seed's Graphplan files."""


def printed(capsys, ops: Path, facts: Path) -> str:
    """The whole output of `graphplan -o OPS -f FACTS`."""
    assert graphplan(["-o", str(ops), "-f", str(facts)]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("puzzle, ops, name, actions, steps", SEED)
def test_the_graphplan_commands_own_output_validates_and_replays_natively(
    capsys, tmp_path, puzzle, ops, name, actions, steps
):
    folder = ROOT / "problems" / puzzle
    output = tmp_path / f"{name}.out"
    output.write_text(printed(capsys, folder / ops, folder / f"{name}.facts"))
    data = validate_graphplan(str(folder / ops), str(folder / f"{name}.facts"), str(output), Limits(30), False)
    assert data["valid"] and (data["actions"], data["steps"]) == (actions, steps)
    assert data["native"]["valid"] and data["native"]["puzzle"] == puzzle
    assert data["native"]["instance"].endswith(f"{name}.{puzzle}") and len(data["native"]["moves"]) == actions
    assert graphplan(["--validate", str(output), "-o", str(folder / ops), "-f", str(folder / f"{name}.facts")]) == 0
    out = capsys.readouterr().out
    assert f"Graphplan replay: VALID, {actions} actions, {steps} steps" in out and "native replay" in out


@pytest.mark.parametrize("puzzle, ops, name, actions, steps", SEED)
def test_run_graphplan_plans_in_the_files_spelling_and_the_plan_validates(tmp_path, puzzle, ops, name, actions, steps):
    """api.graphplan: the run's plan, written as the program prints it, validates with those counts."""
    folder = ROOT / "problems" / puzzle
    said: list[str] = []
    run = run_graphplan(str(folder / ops), str(folder / f"{name}.facts"), Limits(60), report=said.append)
    assert run.status is Status.SOLVED and run.figures is not None and run.reason == ""
    assert len(run.steps) == steps and sum(map(len, run.steps)) == actions
    assert said.index("ops loaded.") < said.index("facts loaded.")
    plan = tmp_path / "plan.txt"
    plan.write_text("".join(f"{number} {action}\n" for number, step in enumerate(run.steps, 1) for action in step))
    data = validate_graphplan(str(folder / ops), str(folder / f"{name}.facts"), str(plan), Limits(30), False)
    assert data["valid"] and (data["actions"], data["steps"]) == (actions, steps)


@pytest.mark.parametrize("steps", range(8))
def test_fewer_time_steps_than_the_fewest_find_no_plan(steps):
    """-t STEPS below the fewest time steps (8 for seven1) finds no plan; reading alone tells nothing."""
    folder = ROOT / "problems" / "tiles"
    run = run_graphplan(str(folder / "tiles.ops"), str(folder / "seven1.facts"), Limits(60), steps)
    assert run.status is not Status.SOLVED and run.steps == []
    ops, facts = read_graphplan_files(str(folder / "tiles.ops"), str(folder / "seven1.facts"))
    assert ops.operators and facts.goal


@pytest.mark.parametrize(
    "ops, facts, steps", [("block_ops.txt", "block_facts3.txt", 3), ("fixit_ops", "fixit_facts1", 12)]
)
def test_plan_lines_alone_validate(capsys, tmp_path, shared_data, ops, facts, steps):
    folder = shared_data / "graphplan"
    lines = [line for line in printed(capsys, folder / ops, folder / facts).splitlines() if line[:1].isdigit()]
    plan = tmp_path / "plan.txt"
    plan.write_text("\n".join(line for line in lines if "_" in line) + "\n")
    data = validate_graphplan(str(folder / ops), str(folder / facts), str(plan), Limits(30), False)
    assert data["valid"] and data["steps"] == steps and "native" not in data


ORIGINAL = """give file name for operators: hanoi.ops
move
ops loaded.
facts loaded.
time: 1, 38 facts and 11 exclusive pairs.
time: 2, 44 facts and 41 exclusive pairs.
Goals first reachable in 2 steps.
47 nodes created.
goals at time 3:
  on_disk1_B on_disk2_C

1 MOVE_disk1_disk2_B
2 move_DISK2_a_C
0 entries in hash table, 0 hash hits, avg set size 0.
2 total set-creation steps (entries + hits + plan length - 1).
2 actions tried
  0.00 secs
"""
"""A saved output in the layout of the original program's sample run, names in another case."""


def test_a_saved_output_of_the_original_layout(tmp_path, capsys):
    folder = ROOT / "problems" / "hanoi"
    plan = tmp_path / "seed1.out"
    plan.write_text(ORIGINAL)
    status = puzzleplan(["validate", "graphplan", str(folder / "hanoi.ops"), str(folder / "seed1.facts"), str(plan)])
    out = capsys.readouterr().out
    assert status == 0 and "VALID, 2 actions, 2 steps" in out and "native replay (hanoi" in out


@pytest.mark.parametrize(
    "plan, step, message",
    [
        ("1 slide_t2_c0-1_c0-2\n1 slide_t6_c1-2_c0-2\n", 1, "interfere: slide_t2_c0-1_c0-2 deletes (blank c0-2)"),
        ("1 slide_t2_c0-1_c0-2\n2 slide_t5_c1-1_c1-2\n", 2, "needs (blank c1-2), which does not hold"),
        ("1 slide_t2_c0-1_c0-2\n1 slide_t2_c0-1_c0-2\n", 1, "appears twice in the step"),
        ("1 slide_t2_c0-1_c0-2\n2 jump_t2\n", 2, "'jump_t2' is not OPERATOR_object"),
        ("1 slide_t2_t3_c0-2\n", 1, "t3 is not of type cell"),
        ("1 slide_t2_c0-2_c0-2\n", 1, "<from> and <to> of slide are both c0-2"),
        ("1 slide_t2_c0-1_c0-2\n", None, "the plan ends without reaching the goal: (at t2 c0-1) (at t3 c0-2)"),
    ],
)
def test_bad_plans_say_which_step_and_why(tmp_path, capsys, plan, step, message):
    folder = ROOT / "problems" / "tiles"
    path = tmp_path / "plan.txt"
    path.write_text(plan)
    args = ["validate", "graphplan", str(folder / "tiles.ops"), str(folder / "seven1.facts"), str(path), "--json"]
    status = puzzleplan(args)
    data = json.loads(capsys.readouterr().out)
    assert status == 7 and not data["valid"] and data["failed_step"] == step and message in data["message"]
    if step == 1:
        assert data["state_before"][:2] == ["(at t1 c0-0)", "(at t2 c0-1)"] and "(blank c0-2)" in data["state_before"]
    elif step == 2:
        assert "(at t2 c0-2)" in data["state_before"] and "(blank c0-1)" in data["state_before"]


def test_a_parallel_step_may_not_be_sequential_either(tmp_path):
    """Two tiles sliding into one blank: Graphplan rejects the step, and the moves in order fail natively."""
    folder = ROOT / "problems" / "tiles"
    path = tmp_path / "plan.txt"
    path.write_text("1 slide_t2_c0-1_c0-2\n1 slide_t6_c1-2_c0-2\n")
    data = validate_graphplan(str(folder / "tiles.ops"), str(folder / "seven1.facts"), str(path), Limits(30), False)
    assert not data["valid"] and not data["native"]["valid"] and "tile 2 is in the way" in data["native"]["message"]


def test_no_plan_is_bad_input(tmp_path, capsys):
    folder = ROOT / "problems" / "tiles"
    path = tmp_path / "plan.txt"
    path.write_text("facts loaded.\nNo plan exists.\n")
    assert (
        graphplan(["--validate", str(path), "-o", str(folder / "tiles.ops"), "-f", str(folder / "seven1.facts")]) == 2
    )
    assert "there is no plan" in capsys.readouterr().err
    path.write_text("2 slide_t2_c0-1_c0-2\n1 slide_t5_c1-1_c0-1\n")
    with pytest.raises(InputError, match="time step 1 comes after time step 2") as caught:
        read_plan_lines(path.read_text(), str(path))
    assert caught.value.line == 2


def test_optimal_compares_actions_and_steps(tmp_path, capsys):
    folder = ROOT / "problems" / "hanoi"
    path = tmp_path / "plan.txt"
    path.write_text("1 move_disk1_disk2_C\n2 move_disk1_C_B\n3 move_disk2_A_C\n")
    status = puzzleplan(
        ["validate", "graphplan", str(folder / "hanoi.ops"), str(folder / "seed1.facts"), str(path), "--optimal"]
    )
    out = capsys.readouterr().out
    assert status == 0 and "VALID, 3 actions, 3 steps" in out
    assert "optimal: no, 3 actions where fd-opt finds 2 (1 more, 50.0 %)" in out
    assert "optimal: no, 3 steps where graphplan finds 2 (1 more, 50.0 %)" in out


def test_names_with_underscores_are_matched_against_the_objects():
    """Tokens are read against the task's operators and objects, not split on `_`."""
    ops = Ops(
        (
            Operator(
                "go",
                (("from", "Place"), ("to", "Place")),
                (Atom("at", ("<from>",)),),
                (Atom("at", ("<to>",)),),
                (Atom("at", ("<from>",)),),
            ),
        )
    )
    facts = Facts(
        (("home_a", "Place"), ("b", "Place"), ("home", "Place"), ("a_b", "Place")),
        (Atom("at", ("home_a",)),),
        (Atom("at", ("b",)),),
    )
    grounder = Grounder(ops, facts)
    readings = grounder.read("go_home_a_b")
    assert sorted(args for _, args in readings) == [("home", "a_b"), ("home_a", "b")]
    with pytest.raises(ValueError, match="reads more than one way"):
        grounder.action("go_home_a_b")
    assert grounder.action("GO_A_B_HOME").args == ("a_b", "home")
    assert check_graphplan_plan(ops, facts, read_plan_lines("1 go_home_a_home\n2 go_home_b\n", "p")).valid
    check = check_graphplan_plan(ops, facts, read_plan_lines("1 go_home_a_b\n", "p"))
    assert not check.valid and "reads more than one way: go(home, a_b) or go(home_a, b)" in check.reason
