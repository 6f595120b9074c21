"""Validating the plans people already have: every notation a puzzle reads, the published sliding-brick
solutions, plans of this project under the file's brick numbering, illegal PDDL steps, Sokoban solution
files and Graphplan's printed plans."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import hanoi_instances, tiles_instances

from puzzleplan.api.pipeline import solve
from puzzleplan.api.solutions import holds_solutions, reads_solution_files, validate_solutions
from puzzleplan.api.validation import validate_text
from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.grid import DIRECTIONS
from puzzleplan.translator.notation import json_notation, read_moves
from puzzleplan.translator.registry import get_puzzle, load
from puzzleplan.translator.sbp.puzzle import NORMAL_FORM_NUMBERING
from puzzleplan.translator.sokoban.solutions import levels, read_lurd, same_title, solutions

SBP = get_puzzle("sbp")
LEVELS = [f"SBP-level{n}" for n in range(4)] + [f"SBP-bricks-level{n}" for n in range(1, 8)]
OPTIMAL = dict(zip(LEVELS, [5, 16, 33, 50, 28, 47, 46, 57, 47, 65, 117]))
"""Published optimal solution lengths (shared/data/SOURCES.md)."""


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """Run `puzzleplan ARGS` in this process: (exit status, stdout, stderr)."""
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def random_plan(puzzle, instance, seed: int, steps: int) -> list:
    """A random sequence of legal moves from the initial state (stopping at the goal or a dead end)."""
    rng, state, moves = random.Random(seed), puzzle.initial(instance), []
    for _ in range(steps):
        legal = list(puzzle.moves(instance, state))
        if not legal or puzzle.is_goal(instance, state):
            break
        moves.append(rng.choice(legal))
        state = puzzle.apply(instance, state, moves[-1])
    return moves


# -- the sliding-brick puzzle: the file's numbers ---------------------------------------------------------------
def file_numbered_replay(grid: tuple[int, ...], width: int, moves: list) -> bool:
    """An independent replay in the seed's terms: a brick keeps its number, it slides onto free cells (or,
    the master only, goal cells), and the goal is reached when no goal cell is left. True when the moves
    are legal and reach the goal."""
    cells = list(grid)
    goals = {i for i, value in enumerate(cells) if value == -1}
    for number, direction in moves:
        d_row, d_col = DIRECTIONS[direction]
        own = [i for i, value in enumerate(cells) if value == number]
        targets = [(i // width + d_row) * width + i % width + d_col for i in own]
        if not own or any(not 0 <= t < len(cells) or abs(t % width - (own[0] % width)) > width for t in targets):
            return False
        if any(cells[t] not in (0, number) and not (cells[t] == -1 and number == 2) for t in targets):
            return False
        for i in own:
            cells[i] = -1 if i in goals else 0
        for t in targets:
            cells[t] = number
    return -1 not in cells


def published_blocks(path: Path, pattern: str) -> list[str]:
    """The runs of consecutive move lines of a published output file, as text."""
    blocks, current = [], []
    for line in path.read_text().splitlines():
        if re.search(pattern, line):
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    return blocks + (["\n".join(current)] if current else [])


PUBLISHED = [
    ("PiJoules_output-part2.txt", r"^Move \{", LEVELS[:1], ""),
    ("PiJoules_output-part3.txt", r"^Move \{", LEVELS[:4] * 2, ""),
    ("wdlv_output-part2.txt", r"^\[\d+,\w+\]$", LEVELS * 2, ""),
    ("ob74_output-part3.utf8.txt", r"^\s*\['\d+', \['\w+'\]\]$", LEVELS, NORMAL_FORM_NUMBERING),
]
"""Published outputs: the file, its move lines, the levels of its solutions in order, and how the bricks
are numbered (PiJoules and wdlv keep the file's numbers; ob74 numbers them in normal form)."""


@pytest.mark.parametrize("name, pattern, levels, meaning", PUBLISHED, ids=[row[0] for row in PUBLISHED])
def test_published_solutions_validate(shared_data, name, pattern, levels, meaning):
    blocks = published_blocks(shared_data / "sbp" / "published_outputs" / name, pattern)
    assert len(blocks) == len(levels)
    for level, text in zip(levels, blocks):
        instance = SBP.parse((shared_data / "sbp" / f"{level}.txt").read_text())
        verdict = validate_text(SBP, instance, level, text, name)
        assert verdict.valid, (level, verdict.message)
        assert len(verdict.moves) == OPTIMAL[level]
        read_as_written = file_numbered_replay(instance.grid, instance.width, verdict.moves)
        assert verdict.meaning == ("" if read_as_written else meaning)
        if meaning and level == "SBP-level1":
            assert not read_as_written  # ob74's numbers for level 1 only make sense in normal form


def test_all_eleven_levels_have_a_published_solution_that_validates(shared_data):
    covered = {level for _, _, levels, _ in PUBLISHED for level in levels}
    assert covered == set(LEVELS)


def test_the_issue_example_now_validates(shared_data, tmp_path, capsys):
    """PiJoules' 16 moves for level 1 were called INVALID at move 3 (5,left) when bricks were renumbered."""
    plan = tmp_path / "level1.txt"
    plan.write_text(published_blocks(shared_data / "sbp/published_outputs/PiJoules_output-part3.txt", "^Move")[1])
    status, out, _ = cli(capsys, "validate", "sbp", str(shared_data / "sbp/SBP-level1.txt"), str(plan))
    assert status == 0 and "VALID, 16 moves" in out and "Move {direction" in out
    plan.write_text("(4,left)\n(4,down)\n(5,left)\n")  # the seed's notation, one move a line
    status, out, _ = cli(capsys, "validate", "sbp", str(shared_data / "sbp/SBP-level1.txt"), str(plan))
    assert status == 7 and "do not reach the goal" in out and "(BRICK,DIRECTION)" in out


@pytest.mark.parametrize(
    "level, planner",
    [(level, planner) for level in LEVELS[:3] for planner in ("native-astar", "native-bfs", "fd-opt")]
    + [("SBP-bricks-level1", "native-astar"), ("SBP-bricks-level1", "fd-opt")],
)
def test_project_plans_replay_under_the_files_numbering(shared_data, level, planner):
    instance = SBP.parse((shared_data / "sbp" / f"{level}.txt").read_text())
    report = solve(SBP, instance, level, planner, Limits(timeout=60))
    assert report.status is Status.SOLVED and report.valid and report.length == OPTIMAL[level]
    assert file_numbered_replay(instance.grid, instance.width, report.moves)
    printed = "".join(SBP.format_move(move) + "\n" for move in report.moves)
    verdict = validate_text(SBP, instance, level, printed, "plan")
    assert verdict.valid and verdict.meaning == "" and verdict.moves == report.moves


def test_renumbered_levels_keep_their_numbers(shared_data):
    """On the seed's not-normalized level the file's numbers differ from the normal form's, and plans use
    the file's."""
    text = "6,4,\n1,1,1,1,1,1,\n1,9,2,2,4,1,\n1,9,0,0,4,1,\n1,1,-1,-1,1,1,\n"
    instance = SBP.parse(text)
    report = solve(SBP, instance, "renumbered", "native-astar", Limits(timeout=30))
    assert report.valid and {number for number, _ in report.moves} <= {2, 4, 9}
    assert file_numbered_replay(instance.grid, instance.width, report.moves)


def test_search_runs_on_normal_forms_with_the_same_figures(shared_data):
    """The search expands as many states as when the simulator renumbered every move."""
    level2 = SBP.parse((shared_data / "sbp" / "SBP-level2.txt").read_text())
    assert solve(SBP, level2, "l2", "native-astar", Limits(timeout=60)).expanded == 696
    assert solve(SBP, level2, "l2", "native-bfs", Limits(timeout=60)).expanded == 709


# -- every notation round-trips ---------------------------------------------------------------------------------
def round_trip(puzzle, instance, moves) -> None:
    """Each notation the puzzle writes (and JSON) reads back the same moves, and validate replays them."""
    for notation in [json_notation(puzzle), *puzzle.notations()]:
        if notation.write is None:
            continue
        text = notation.write(moves)
        readings = read_moves(puzzle, instance, text, "plan")
        assert readings[0].moves == moves, notation.name
        assert readings[0].notation == notation.name or not moves  # an empty plan reads every way
        verdict = validate_text(puzzle, instance, "instance", text, "plan")
        assert verdict.moves == moves and verdict.failed_at is None
        assert verdict.valid == puzzle.is_goal(instance, verdict.states[-1])


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(hanoi_instances(), st.integers(0, 10**6), st.integers(0, 12))
def test_hanoi_notations_round_trip(instance, seed, steps):
    hanoi = get_puzzle("hanoi")
    round_trip(hanoi, instance, random_plan(hanoi, instance, seed, steps))


@SETTINGS
@given(tiles_instances(), st.integers(0, 10**6), st.integers(0, 12))
def test_tiles_notations_round_trip(instance, seed, steps):
    tiles = get_puzzle("tiles")
    round_trip(tiles, instance, random_plan(tiles, instance, seed, steps))


def instances(puzzle: str, pattern: str) -> list:
    """The project's instances of a puzzle (problems/PUZZLE/PATTERN)."""
    return [load(puzzle, str(path))[1] for path in sorted((ROOT / "problems" / puzzle).glob(pattern))]


@pytest.mark.parametrize(
    "puzzle, pattern",
    [("shrdlu", "*.shrdlu"), ("sbp", "*.sbp"), ("sokoban", "*.xsb"), ("bloxorz", "*.bloxorz"), ("pacman", "*.lay")],
)
@SETTINGS
@given(data=st.data())
def test_notations_round_trip(puzzle, pattern, data):
    chosen = get_puzzle(puzzle)
    instance = data.draw(st.sampled_from(instances(puzzle, pattern)))
    moves = random_plan(chosen, instance, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 30)))
    round_trip(chosen, instance, moves)


@SETTINGS
@given(st.lists(st.sampled_from("lurdLURD"), max_size=60), st.integers(0, 10**6))
def test_run_length_lurd_reads_back(moves, seed):
    """Run-length counts and counted groups, as solvers write them, expand to the moves."""
    rng, text, index = random.Random(seed), "", 0
    while index < len(moves):
        run = 1
        while index + run < len(moves) and moves[index + run] == moves[index]:
            run += 1
        group = rng.random() < 0.2 and index + 2 <= len(moves)
        if group:  # a group of the next two moves, once
            text += f"({moves[index]}{moves[index + 1]})"
            index += 2
        else:
            text += (str(run) if run > 1 else "") + moves[index]
            index += run
        text += "\n" if rng.random() < 0.1 else ""
    assert read_lurd(text) == moves


def test_counted_groups_and_errors():
    assert "".join(read_lurd("2(lu)3R\n2(2(r)d)")) == "luluRRRrrdrrd"
    for text, column, message in [
        ("3x", 2, "found 'x'"),
        ("0l", 1, "count of 0"),
        ("(lu", 1, "never closed"),
        ("lu)", 3, "closes no group"),
        ("ul3", 3, "no move after it"),
    ]:
        with pytest.raises(InputError, match=message) as caught:
            read_lurd(text, "sol.txt")
        assert (caught.value.source, caught.value.line, caught.value.column) == ("sol.txt", 1, column)


@pytest.mark.parametrize(
    "puzzle, path",
    [
        ("hanoi", "problems/hanoi/seed2.hanoi"),
        ("tiles", "problems/tiles/seven1.tiles"),
        ("shrdlu", "problems/shrdlu/seed.shrdlu"),
        ("sbp", "problems/sbp/tiny.sbp"),
        ("sokoban", "problems/sokoban/two-rooms.xsb"),
        ("bloxorz", "problems/bloxorz/split.bloxorz"),
        ("pacman", "problems/pacman/forks.lay"),
    ],
)
def test_what_solve_prints_validates(capsys, tmp_path, puzzle, path):
    """The printout of solve (with and without --show), its --json and its --plan-out (a PDDL plan from a
    PDDL planner) all read back as the same moves."""
    plan = tmp_path / "plan.txt"
    status, out, _ = cli(
        capsys, "solve", puzzle, str(ROOT / path), "--planner", "fd", "--json", "--plan-out", str(plan)
    )
    assert status == 0
    moves = json.loads(out)["moves"]
    for args in (["--planner", "native-astar"], ["--planner", "native-astar", "--show"], ["--json"]):
        (tmp_path / "out.txt").write_text(cli(capsys, "solve", puzzle, str(ROOT / path), *args)[1])
        status, verdict, _ = cli(capsys, "validate", puzzle, str(ROOT / path), str(tmp_path / "out.txt"), "--json")
        assert status == 0 and json.loads(verdict)["valid"], verdict
    (tmp_path / "fd.json").write_text(out)
    for name, notation in (("fd.json", "JSON"), ("plan.txt", "a PDDL plan")):
        status, verdict, _ = cli(capsys, "validate", puzzle, str(ROOT / path), str(tmp_path / name), "--json")
        data = json.loads(verdict)
        assert status == 0 and data["notation"] == notation and data["moves"] == moves


def test_a_file_no_reading_fits_says_how_each_failed(capsys, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("(2,left)\n(2,north)\n")
    status, _, err = cli(capsys, "validate", "sbp", str(ROOT / "problems/sbp/tiny.sbp"), str(plan))
    assert status == 2 and "Traceback" not in err
    for reading in ("as JSON", "as a PDDL plan", "as (BRICK,DIRECTION) one a line: line 2", "Move {direction"):
        assert reading in err


# -- illegal PDDL steps ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "plan, step, reason",
    [
        ("(move disk1 disk2 b)\n(move disk2 a b)\n", 2, "disc 2 cannot go onto the smaller disc 1"),
        ("(move disk1 disk2 b)\n(move disk3 a c)\n", 2, "there is no disc 3"),
        ("(move disk1 disk2 b)\n(move disk2 a disk3)\n", 2, "unknown place 'disk3'"),
        ("(move disk1 disk2 b)\n(move disk2 b c)\n", 2, "disc 2 is on a, not on b"),
    ],
)
def test_an_illegal_pddl_step_is_invalid_with_its_number(capsys, tmp_path, plan, step, reason):
    path = tmp_path / "plan.pddl"
    path.write_text(plan)
    status, out, _ = cli(capsys, "validate", "hanoi", str(ROOT / "problems/hanoi/seed1.hanoi"), str(path), "--json")
    data = json.loads(out)
    assert status == 7 and data["failed_at"] == step and reason in data["message"] and f"step {step}" in data["message"]
    assert data["state_before"] == "A: 2\nB: 1\nC:"
    status, out, _ = cli(capsys, "validate", "hanoi", str(ROOT / "problems/hanoi/seed1.hanoi"), str(path), "--show")
    assert status == 7 and "state before step 2:\nA: 2\nB: 1\nC:" in out


@pytest.mark.parametrize(
    "puzzle, level, plan, message",
    [
        (
            "tiles",
            "problems/tiles/seven1.tiles",
            "(slide t2 c0-1 c0-2)\n(slide t5 c1-1 c0-2)\n",
            "cells (1, 1) and (0, 2) are not adjacent",
        ),
        (
            "sbp",
            "../shared/data/sbp/SBP-level0.txt",
            "(move-master-left c2-2 c2-1 c2-3)\n(move-shape1-left c2-2 c2-1)\n",
            "no shape1 brick has its first cell at c2-2",
        ),
    ],
)
def test_a_well_formed_pddl_step_without_a_legal_move_is_invalid(
    capsys, tmp_path, shared_data, puzzle, level, plan, message
):
    path = tmp_path / "plan.pddl"
    path.write_text(plan)
    status, out, _ = cli(capsys, "validate", puzzle, str(ROOT / level), str(path), "--json")
    data = json.loads(out)
    assert status == 7 and data["failed_at"] == 2 and message in data["message"]


# -- how much ---------------------------------------------------------------------------------------------------
def test_optimal_says_by_how_much_a_plan_is_longer(capsys, tmp_path, shared_data):
    level = shared_data / "sbp/SBP-level0.txt"
    plan = tmp_path / "plan.txt"
    plan.write_text("(3,left)\n(3,right)\n(2,left)\n(4,down)\n(3,right)\n(2,up)\n(2,up)\n")
    status, out, _ = cli(capsys, "validate", "sbp", str(level), str(plan), "--optimal")
    assert status == 0 and "optimal: no, 7 moves where native-astar finds 5 (2 more, 40.0 %)" in out
    status, out, _ = cli(capsys, "validate", "sbp", str(level), str(plan), "--optimal", "--json")
    assert json.loads(out)["optimal"] == {
        "planner": "native-astar",
        "status": "solved",
        "measure": "moves",
        "optimum": 5,
        "length": 7,
        "excess": 2,
        "is_optimal": False,
    }


def test_sokoban_plans_count_pushes_and_push_optimality(capsys, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("uLulDDrrRRdrU\n")
    level = str(ROOT / "problems/sokoban/two-rooms.xsb")
    status, out, _ = cli(capsys, "validate", "sokoban-pushes", level, str(plan), "--optimal")
    assert status == 0 and "VALID, 13 moves, 6 pushes" in out and "optimal: yes, 6 pushes" in out


# -- Sokoban solution files ---------------------------------------------------------------------------------------
def test_the_projects_solution_file_validates_level_by_level(capsys):
    status, out, _ = cli(capsys, "validate", "sokoban", str(ROOT / "problems/sokoban/solutions.sok"))
    lines = out.splitlines()
    assert status == 0 and lines[-1] == "6 solutions: 6 VALID"
    titles = ["corridor", "extra-goal", "goal-room", "two-rooms", "seed-p1", "seed-s1"]
    assert [line.split()[0] for line in lines[:-1]] == titles and all(line.endswith("VALID") for line in lines[:-1])
    assert "74 moves    30 pushes" in lines[2]


def test_the_solutions_api_replays_every_solution(tmp_path):
    """api.solutions: a file of levels and solutions, its entries and JSON; a plan file of bare moves is not
    a solution file; only Sokoban reads them; a file without a Solution line is bad input."""
    report = validate_solutions(str(ROOT / "problems/sokoban/solutions.sok"))
    assert report.valid and report.puzzle == "sokoban" and len(report.entries) == 6
    assert report.to_json()["valid_count"] == 6 and report.entries[2]["moves"] == 74
    moves = tmp_path / "plan.txt"
    moves.write_text("uLulDDrrRRdrU\n")
    assert not holds_solutions(str(moves)) and holds_solutions(str(ROOT / "problems/sokoban/solutions.sok"))
    assert reads_solution_files("sokoban-pushes") and not reads_solution_files("hanoi")
    with pytest.raises(InputError, match="unknown puzzle"):
        reads_solution_files("nonesuch")
    with pytest.raises(InputError, match="no Solution line"):
        validate_solutions(str(moves))


@given(st.lists(st.sampled_from("lurdLURD"), min_size=1, max_size=20))
@settings(max_examples=25, deadline=None)
def test_a_solution_is_valid_exactly_when_its_moves_replay(tmp_path_factory, moves):
    """api.solutions agrees with the simulator: a solution's verdict is its moves' replay on the level."""
    level = (ROOT / "problems/sokoban/two-rooms.xsb").read_text()
    path = tmp_path_factory.mktemp("solutions") / "two-rooms.sok"
    path.write_text(f"{level}\nSolution\n{''.join(moves)}\n")
    entry = validate_solutions(str(path)).entries[0]
    puzzle, instance = load("sokoban", str(ROOT / "problems/sokoban/two-rooms.xsb"))
    assert entry["valid"] == puzzle.replay(instance, moves).valid


def test_solution_file_layouts():
    text = """Solutions for my levels, by nobody

Level 1
Solution (moves 4, pushes 3, comment 2024-01-01 12:30):
rRRR

; 2
Solution: 3r
Ru

Title: three
Solution 33/8
2(lu)
"""
    found = solutions(text, "sol.txt")
    assert [(s.title, "".join(s.moves), s.line, s.claimed) for s in found] == [
        ("Level 1", "rRRR", 4, (4, 3)),
        ("2", "rrrRu", 8, None),
        ("three", "lulu", 12, (33, 8)),
    ]
    assert same_title("Level 12", "12") and same_title("level 3", "#3") and not same_title("Level 1", "Level 10")


def test_a_collection_and_a_solution_file_matched_by_title(capsys, tmp_path):
    collection = tmp_path / "levels.xsb"
    collection.write_text(
        "\n".join(
            f"; {name}\n"
            + "\n".join(
                line
                for line in (ROOT / "problems/sokoban" / f"{name}.xsb").read_text().splitlines()
                if not line.startswith(";")
            )
            + "\n"
            for name in ("two-rooms", "corridor", "goal-room")
        )
    )
    sols = tmp_path / "solutions.txt"
    sols.write_text("corridor\nSolution:\nrRRR\n\ntwo-rooms\nSolution\nuLulDDrrRRdrU\n\nnowhere\nSolution\nuu\n")
    status, out, _ = cli(capsys, "validate", "sokoban", str(collection), str(sols))
    lines = out.splitlines()
    assert status == 7 and lines[-1] == "3 solutions: 2 VALID, 1 INVALID"
    assert lines[0].startswith("corridor") and lines[0].endswith("VALID") and "no level titled 'nowhere'" in lines[2]
    sols.write_text("two-rooms\nSolution (moves 14, pushes 6)\nuLulDDrrRRdrUu\n")
    status, out, _ = cli(capsys, "validate", "sokoban", str(collection), str(sols), "--json")
    entry = json.loads(out)["solutions"][0]
    assert status == 7 and entry["failed_at"] == 14 and "walks into the box" in entry["message"]
    assert "note" not in entry  # the Solution line's counts are the moves'
    sols.write_text("two-rooms\nSolution (moves 15, pushes 6)\nuLulDDrrRRdrU\n")
    status, out, _ = cli(capsys, "validate", "sokoban", str(collection), str(sols))
    assert status == 0 and "note: the Solution line says 15 moves and 6 pushes; the moves make 13 and 6" in out


def test_microban_solutions_matched_by_title(capsys, tmp_path, shared_data):
    microban = shared_data / "sokoban" / "microban.txt"
    text = ""
    for number in (1, 2, 3):
        puzzle, instance = load("sokoban", str(microban), str(number))
        report = solve(puzzle, instance, str(number), "native-push-astar", Limits(timeout=30))
        assert report.valid
        lurd = "".join(report.moves)
        text += f"Level {number}\nSolution ({len(lurd)}/{sum(m.isupper() for m in lurd)})\n"
        text += "\n".join(lurd[i : i + 20] for i in range(0, len(lurd), 20)) + "\n\n"
    (tmp_path / "microban.sol").write_text(text)
    status, out, _ = cli(capsys, "validate", "sokoban", str(microban), str(tmp_path / "microban.sol"))
    assert status == 0 and out.splitlines()[-1] == "3 solutions: 3 VALID" and "note" not in out


def test_titles_of_a_sok_file():
    found = levels((ROOT / "problems/sokoban/solutions.sok").read_text(), "solutions.sok")
    assert [level.title for level in found] == [
        "corridor",
        "extra-goal",
        "goal-room",
        "two-rooms",
        "seed-p1",
        "seed-s1",
    ]
    assert found[1].instance() == load("sokoban", str(ROOT / "problems/sokoban/extra-goal.xsb"))[1]
