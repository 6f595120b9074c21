"""The API the experiment harness works through (puzzleplan.api.catalogue and puzzleplan.api.runs): puzzles and
planners by name, file texts solved, PDDL files checked, plans written as files and read back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from puzzleplan.api import Limits, load, write_plan
from puzzleplan.api.catalogue import check_planner, generate, instance_label, levels, optimal_measure, suffixes
from puzzleplan.api.pddl_files import read_pddl
from puzzleplan.api.runs import move_lines, replay_plan_file, solve_text
from puzzleplan.common.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
SEED2 = ROOT / "problems/hanoi/seed2.hanoi"
TWO_STAGES = (
    'levela = [];\nlevela.push("be");\nlevela.push([0,0]);\nlevelb = [];\nlevelb.push("eb");\nlevelb.push([1,0]);\n'
)


def test_a_puzzle_names_its_suffixes_and_measure():
    assert ".hanoi" in suffixes("hanoi")
    assert optimal_measure("hanoi") == "moves" and optimal_measure("sokoban-pushes") == "pushes"
    with pytest.raises(InputError, match="unknown puzzle 'hanoy'"):
        suffixes("hanoy")


def test_the_levels_of_a_file_and_their_labels():
    assert levels("hanoi", SEED2.read_text(), str(SEED2)) == [""]
    assert levels("bloxorz", TWO_STAGES, "two.txt") == ["1", "2"]
    assert instance_label("two.txt", "2") == "two.txt#2" and instance_label("a.hanoi", None) == "a.hanoi"


def test_the_levels_of_a_bad_collection_name_its_line():
    with pytest.raises(InputError) as error:
        levels("tiles", "size: 3x3\n1 2 3\n", "bad.boards")
    assert (error.value.source, error.value.line) == ("bad.boards", 1)


def test_a_generated_instance_is_text_the_puzzle_reads():
    text = generate("hanoi", {"discs": "3"}, random.Random(1))
    assert text == generate("hanoi", {"discs": "3"}, random.Random(1))
    assert load(text=text, puzzle="hanoi").render() == text
    with pytest.raises(InputError, match="discs"):
        generate("hanoi", {"discs": "none"}, random.Random(1))


def test_planner_names_are_checked():
    check_planner("native-astar")
    check_planner("fd:astar(lmcut())")
    with pytest.raises(InputError, match="unknown planner 'native-astra'"):
        check_planner("native-astra")


def test_a_text_is_solved_into_the_json_contract():
    data = solve_text("hanoi", SEED2.read_text(), str(SEED2), None, "native-bfs", Limits(30))
    assert (data["instance"], data["status"], data["valid"]) == (str(SEED2), "solved", True)
    assert data["length"] == len(data["moves"]) > 0
    with pytest.raises(InputError, match="two.txt"):
        solve_text("bloxorz", TWO_STAGES, "two.txt", None, "native-bfs", Limits(30))


def test_kept_moves_read_back_and_replay(tmp_path):
    data = solve_text("hanoi", SEED2.read_text(), str(SEED2), None, "native-bfs", Limits(30))
    plan = tmp_path / "plan.txt"
    plan.write_text("".join(line + "\n" for line in move_lines("hanoi", data["moves"])))
    moves, replay = replay_plan_file(load(SEED2), plan)
    assert len(moves) == data["length"] and replay.valid and len(replay.states) == len(moves) + 1
    plan.write_text("".join(line + "\n" for line in move_lines("hanoi", data["moves"][:-1])))
    assert "do not reach the goal" in replay_plan_file(load(SEED2), plan)[1].reason
    with pytest.raises(ValueError):
        move_lines("hanoi", [["no", "such", "move"]])


def test_a_plan_text_has_its_cost_line():
    steps = [("move", ("d1", "d2", "peg3")), ("move", ("d2", "peg1", "d1"))]
    assert write_plan(steps) == "(move d1 d2 peg3)\n(move d2 peg1 d1)\n; cost = 2 (unit cost)\n"
    assert write_plan(steps, 7.0).endswith("; cost = 7 (general cost)\n")


def test_pddl_files_are_checked():
    read_pddl(str(ROOT / "domains/hanoi.pddl"), str(ROOT / "problems/hanoi/seed1.pddl"))
    with pytest.raises(InputError) as error:
        read_pddl(str(ROOT / "domains/hanoi.pddl"), str(SEED2))
    assert error.value.source == str(SEED2)
