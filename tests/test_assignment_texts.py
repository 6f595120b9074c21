"""The five assignment texts' examples as the texts print them, read with the same answers as the project's
own formats; every `--format seed` printout read back (validate, solve, successors); the texts' DFS order;
errors in each puzzle's own terms. The examples are copied here from the texts, and checked against the
texts themselves when ../shared/seeds is there."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import warnings
from dataclasses import replace

import pytest
from conftest import ROOT
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import hanoi_instances
from test_seed_output import needs, run

import puzzleplan
from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError, Tolerated
from puzzleplan.translator.hanoi import Hanoi, HanoiInstance

SEEDS = ROOT.parent / "shared" / "seeds"
SBP = "../shared/data/sbp/SBP-level0.txt"

FIGURE_3 = "2\t0\t0\t3\n1\t4\t0\t1\n0\t6\t5\t2\n\t0\t1\t2\n"
"""Seed 000, Figure 3 (the index row and column included, tab-separated)."""
BLOXORZ_BOARD = (ROOT / "problems/bloxorz/seed-board.matrix").read_text()
"""Seed 001's input board, printed before its program asks for the start."""
SOKOBAN_P1 = """\
(setq p1 '((0 0 1 1 1 1 0 0 0)
           (1 1 1 0 0 1 1 1 1)
           (1 0 0 0 0 0 2 0 1)
           (1 0 1 0 0 1 2 0 1)
           (1 0 4 0 4 1 3 0 1)
           (1 1 1 1 1 1 1 1 1))).
"""
"""Seed 002's p1, with the sentence's full stop."""
SEVEN = {
    "seven1": "Problem 1\n\ninitial state:\n12X\n356\n4X7\n\ngoal:\n123\n456\n7XX\nProblem 2\n",
    "seven2": "initial state:\nXX7\n654\n321\n\ngoal:\n123\n456\n7XX\n",
}
"""Seed 003's 7-puzzle problems (problem 1 with the titles around it)."""
HANOI_PROBLEM_1 = (
    "initial state:\n(on disk1 disk2)\n(on disk2 A)\n(clear disk1)\n(clear B)\n(clear C)\n\n"
    "goal:\n(on disk1 B)\n(on disk2 C)\n"
)
"""Seed 003's Tower of Hanoi problem 1."""


def flat(text: str) -> str:
    """The text with all white space removed (the seeds' layout differs from the examples' here)."""
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize(
    ("seed", "example"),
    [
        ("000", FIGURE_3),
        ("001", BLOXORZ_BOARD),
        ("002", SOKOBAN_P1),
        ("003", SEVEN["seven1"].replace("Problem 1\n\n", "")),
        ("003", SEVEN["seven2"]),
        ("003", HANOI_PROBLEM_1),
    ],
)
def test_the_examples_are_the_texts(seed, example):
    """Each example here is in its text, as printed."""
    texts = sorted(SEEDS.glob(f"{seed}_*.txt"))
    if not texts:
        pytest.skip("../shared/seeds is absent")
    assert flat(example) in flat(texts[0].read_text())


def load_text(text: str, puzzle: str) -> puzzleplan.Instance:
    """An instance read from an example's text, its Tolerated warnings kept."""
    return puzzleplan.load(text=text, puzzle=puzzle)


def tolerated(call) -> list[str]:
    """The Tolerated warnings `call()` gives."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    return [str(w.message) for w in caught if issubclass(w.category, Tolerated)]


# -- 1. the examples read as printed ---------------------------------------------------------------------
def test_shrdlu_figure_3_is_the_seed_board():
    """Figure 3, with and without a goal after it, is problems/shrdlu/seed.shrdlu's board."""
    seed = puzzleplan.load(ROOT / "problems/shrdlu/seed.shrdlu")
    assert tolerated(lambda: load_text(FIGURE_3, "shrdlu")) == [
        "<text>:1: tolerated a board without a goal (as Figure 3 prints it): every board is a goal state"
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Tolerated)
        bare = load_text(FIGURE_3, "shrdlu")
    assert bare.initial == seed.initial and bare.is_goal(bare.initial)
    goal = seed.render().split("goal:", 1)[1]
    with_goal = load_text(FIGURE_3 + "goal:" + goal, "shrdlu")
    assert with_goal.data == seed.data
    assert [m for m, _ in with_goal.successors()] == [(0, 1), (1, 0), (2, 0), (2, 1)]


def test_shrdlu_figure_errors_name_the_line():
    """A Figure 3 board whose row index is wrong is refused on that row."""
    with pytest.raises(InputError, match=r"<text>:2: expected row 1 of the board"):
        load_text(FIGURE_3.replace("1\t4", "7\t4"), "shrdlu")


def test_bloxorz_board_without_start_takes_the_start_apart():
    """The board alone, the start as the program asks for it: the same 7 moves as the level file."""
    board = load_text(BLOXORZ_BOARD, "bloxorz")
    with pytest.raises(InputError, match="give where the block stands"):
        puzzleplan.solve(board, "native-bfs")
    report = puzzleplan.solve(board, "native-bfs", start="2,2")
    level = puzzleplan.solve(ROOT / "problems/bloxorz/seed-level1.bloxorz", "native-bfs")
    assert report.valid and report.moves == level.moves and len(report.moves) == 7
    lying = board.starting_at("In(Bloxorz[2,3,2,4])")
    assert lying.initial == board.starting_at("2,2").apply(board.starting_at("2,2").initial, (0, "right"))


def test_sokoban_p1_with_its_full_stop():
    """p1 copied with `))).` reads as problems/sokoban/seed-p1.lsp, with one Tolerated line."""
    seed = puzzleplan.load(ROOT / "problems/sokoban/seed-p1.lsp")
    messages = tolerated(lambda: load_text(SOKOBAN_P1, "sokoban"))
    assert len(messages) == 1 and "full stop" in messages[0] and messages[0].startswith("<text>:6:")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Tolerated)
        assert load_text(SOKOBAN_P1, "sokoban").data == seed.data


@pytest.mark.parametrize("name", sorted(SEVEN))
def test_seven_puzzle_as_seed_003_writes_it(name):
    """`initial state:` and `12X` rows read as problems/tiles/NAME.tiles; the `Problem N` titles tolerated."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Tolerated)
        assert load_text(SEVEN[name], "tiles").data == puzzleplan.load(ROOT / f"problems/tiles/{name}.tiles").data
    expected = 1 if "Problem" in SEVEN[name] else 0
    assert len(tolerated(lambda: load_text(SEVEN[name], "tiles"))) == expected


def test_hanoi_as_seed_003_writes_it():
    """Problem 1's facts read as problems/hanoi/seed1.hanoi; a disc resting on nothing is refused."""
    assert load_text(HANOI_PROBLEM_1, "hanoi").data == puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi").data
    with pytest.raises(InputError, match="disk1 does not rest on a peg A, B or C"):
        load_text(HANOI_PROBLEM_1.replace("(on disk2 A)", "(on disk2 Q)"), "hanoi")


def test_hanoi_as_seed_004_writes_it():
    """R1-R3, D1-D3 and the goal "all the discs on another rod": R2 or R3, in the native format, the
    simulator and PDDL (a disjunctive goal)."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed004.hanoi")
    assert inst.data.pegs == ("R1", "R2", "R3") and inst.initial == ((3, 2, 1), (), ())
    assert inst.is_goal(((), (3, 2, 1), ())) and inst.is_goal(((), (), (3, 2, 1)))
    assert not inst.is_goal(((3, 2, 1), (), ()))
    report = puzzleplan.solve(inst, "native-bfs")
    assert report.valid and len(report.moves) == 7
    task = puzzleplan.translate(inst)
    assert ":disjunctive-preconditions" in task.domain and "(:goal (or (and" in task.problem
    again = load_text(inst.render(), "hanoi")
    assert again.data == inst.data


@settings(max_examples=15, derandomize=True, deadline=None)
@given(st.data())
def test_hanoi_goal_alternatives_properties(data):
    """A goal of two alternatives: the file round-trips, the optimum is the better alternative's, and the
    heuristic never exceeds it."""
    first = data.draw(hanoi_instances(max_discs=4, max_pegs=3))
    second = data.draw(hanoi_instances(max_discs=4, max_pegs=3).filter(lambda i: i.discs == first.discs))
    assume(first.goal and second.goal)
    both = HanoiInstance(first.pegs, first.init, first.goal, (second.goal,))
    assert Hanoi().parse(Hanoi().render(both)) == both

    def optimum(instance: HanoiInstance) -> int:
        return len(puzzleplan.solve(puzzleplan.Instance(Hanoi(), instance, "random"), "native-bfs").moves)

    best = optimum(both)
    assert best == min(optimum(first), optimum(replace(first, goal=second.goal)))
    assert Hanoi().heuristic(both, both.init) <= best


def test_hanoi_either_rod_goal_through_pddl():
    """A PDDL planner solves the either-rod goal (compiled for it) and the plan replays."""
    report = puzzleplan.solve(ROOT / "problems/hanoi/seed004.hanoi", "fd", timeout=60)
    if report.status is puzzleplan.Status.UNSUPPORTED:
        pytest.skip(report.message)
    assert report.valid and len(report.moves) >= 7


def test_pacman_up_down_left_right(capsys, monkeypatch):
    """Seed 004's move words are read by validate (and play: same reader)."""
    inst = puzzleplan.load(ROOT / "problems/pacman/room.lay")
    words = {"North": "up", "South": "down", "West": "left", "East": "right"}
    moves = puzzleplan.solve(inst, "native-bfs").moves
    verdict = puzzleplan.validate(inst, "\n".join(words[move] for move in moves) + "\n")
    assert verdict.valid
    assert inst.read_move("up") == "North" and inst.read_move("L") == "West"


# -- 2. every --format seed printout reads back ------------------------------------------------------------
SOLVED = {
    "shrdlu": ["problems/shrdlu/seed.shrdlu"],
    "sokoban": ["problems/sokoban/seed-p1.lsp", "--planner", "native-astar:h1"],
    "sbp": ["sbp", SBP, "--planner", "native-bfs"],
    "bloxorz": ["problems/bloxorz/seed-level1.bloxorz", "--planner", "native-bfs"],
}
"""Puzzle -> the arguments of `solve --format seed` (every puzzle whose text prescribes that printout)."""


@pytest.mark.parametrize("puzzle", sorted(SOLVED))
def test_solve_printouts_validate(puzzle, tmp_path, capsys, monkeypatch):
    """`validate` reads what `solve --format seed` prints: the same moves, VALID."""
    needs(SOLVED[puzzle][1] if puzzle == "sbp" else SOLVED[puzzle][0])
    printout = tmp_path / "printout.txt"
    printout.write_text(run(["solve", *SOLVED[puzzle], "--format", "seed"], capsys, monkeypatch))
    files = SOLVED[puzzle][:2] if puzzle == "sbp" else SOLVED[puzzle][:1]
    assert run(["validate", *files, str(printout)], capsys, monkeypatch).startswith("native replay: VALID")


def test_shrdlu_printouts_read_back_as_instances(tmp_path, capsys, monkeypatch):
    """Every board `successors` and `solve --format seed` print reads back as the state it shows."""
    seed = puzzleplan.load(ROOT / "problems/shrdlu/seed.shrdlu")
    printout = run(["successors", "problems/shrdlu/seed.shrdlu", "--format", "seed"], capsys, monkeypatch)
    figures = re.findall(r"((?:[0-9]\t.*\n)+\t.*\n)", printout)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Tolerated)
        read = [load_text(figure, "shrdlu").initial for figure in figures]
        assert read == [child for _, child in seed.successors()]
        solved = run(["solve", "problems/shrdlu/seed.shrdlu", "--format", "seed"], capsys, monkeypatch)
        assert load_text(solved, "shrdlu").initial == seed.initial


def test_sokoban_next_states_read_back_as_levels(tmp_path, capsys, monkeypatch):
    """The list (next-states s1) prints is a file of levels, one a next state."""
    seed = puzzleplan.load(ROOT / "problems/sokoban/seed-s1.lsp")
    printout = tmp_path / "next.lsp"
    printout.write_text(run(["successors", "problems/sokoban/seed-s1.lsp", "--format", "seed"], capsys, monkeypatch))
    children = sorted((child for _, child in seed.successors()), key=repr)
    read = sorted((puzzleplan.load(printout, level=str(n)).initial for n in range(1, 5)), key=repr)
    assert read == children
    with pytest.raises(InputError, match="holds 4 levels"):
        puzzleplan.load(printout)


def test_sbp_successors_read_back(tmp_path, capsys, monkeypatch):
    """Every state `successors sbp --format seed` prints reads back as that state, alone or as a level of the
    whole printout (by its move or its number)."""
    needs(SBP)
    inst = puzzleplan.load(ROOT / SBP, puzzle="sbp")
    printout = run(["successors", "sbp", SBP, "--format", "seed"], capsys, monkeypatch)
    states = re.split(r"^\(.*\)\n", printout, flags=re.MULTILINE)[1:]
    children = [child for _, child in inst.successors()]
    assert [load_text(state, "sbp").initial for state in states] == children
    whole = tmp_path / "successors.txt"
    whole.write_text(printout)
    assert [puzzleplan.load(whole, puzzle="sbp", level=str(n)).initial for n in (1, 2)] == children
    assert puzzleplan.load(whole, puzzle="sbp", level="(3,left)").initial == children[1]


def test_shrdlu_successors_printout_is_a_file_of_levels(tmp_path, capsys, monkeypatch):
    """The whole `successors --format seed` printout of Figure 3: a level per action, `(2, 0)` or its number."""
    seed = puzzleplan.load(ROOT / "problems/shrdlu/seed.shrdlu")
    whole = tmp_path / "successors.txt"
    whole.write_text(run(["successors", "problems/shrdlu/seed.shrdlu", "--format", "seed"], capsys, monkeypatch))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Tolerated)
        read = [puzzleplan.load(whole, puzzle="shrdlu", level=str(n)).initial for n in range(1, 5)]
        assert read == [child for _, child in seed.successors()]
        assert puzzleplan.load(whole, puzzle="shrdlu", level="(2, 0)").initial == read[2]
    with pytest.raises(InputError, match="holds 4 levels"):
        puzzleplan.load(whole, puzzle="shrdlu")


def test_bloxorz_successor_states_read_back_as_starts(capsys, monkeypatch):
    """Each `In(Bloxorz[...])` that `successors --format seed` prints is a start the tool takes."""
    printout = run(["successors", "problems/bloxorz/seed-level1.bloxorz", "--format", "seed"], capsys, monkeypatch)
    inst = puzzleplan.load(ROOT / "problems/bloxorz/seed-level1.bloxorz")
    states = re.findall(r"gives (In\(Bloxorz\[[0-9,]+\]\))", printout)
    assert [inst.starting_at(state).initial for state in states] == [child for _, child in inst.successors()]


# -- 3. the texts' algorithms ---------------------------------------------------------------------------
def test_bloxorz_dfs_in_the_texts_order():
    """native-dfs:seed pushes the children in the action order (Down comes off first): 13 moves on level
    1, as the text's pseudocode finds; native-dfs tries the first move first."""
    path = ROOT / "problems/bloxorz/seed-level1.bloxorz"
    text_order = puzzleplan.solve(path, "native-dfs:seed")
    assert text_order.valid and len(text_order.moves) == 13 and text_order.moves[0] == (0, "down")
    assert len(puzzleplan.solve(path, "native-dfs").moves) == 38
    with pytest.raises(InputError, match="no order 'last'"):
        puzzleplan.solve(path, "native-dfs:last")


# -- 5. errors in each puzzle's own terms -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "example"),
    [
        ("problems/sokoban/seed-p1.lsp", "(move ?from ?to ?d)"),
        ("problems/shrdlu/seed.shrdlu", "(move ?b ?from ?over ?to ?base)"),
        ("problems/tiles/seven1.tiles", "(slide ?t ?from ?to)"),
        ("problems/bloxorz/seed-level1.bloxorz", "(stand-up "),
    ],
)
def test_plan_errors_show_a_step_of_the_puzzle(path, example):
    """A plan line that is not a step shows an example step of the puzzle's own domain, never Hanoi's."""
    from puzzleplan.translator.notation import read_pddl

    inst = puzzleplan.load(ROOT / path)
    with pytest.raises(InputError) as error:
        read_pddl(inst.puzzle, inst.data, "(foo a)\nbar\n", "plan.txt")
    assert f"such as '{example}" in str(error.value) and "disk1" not in str(error.value)


def test_tolerated_input_is_one_line_on_stderr(tmp_path, capsys, monkeypatch):
    """The command line says what it tolerated in one line on stderr and goes on."""
    level = tmp_path / "p1.lsp"
    level.write_text(SOKOBAN_P1)
    monkeypatch.chdir(ROOT)
    assert main(["successors", "sokoban", str(level), "--format", "seed"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"puzzleplan: warning: {level}:6: tolerated the full stop after the closing parenthesis "
        "(a sentence's, as the text prints it)"
    ]


# -- 6. the assignments' page: every command of its tables ---------------------------------------------------
PAGE = ROOT / "docs" / "assignments.md"


def page_commands() -> list:
    """(requirement, command words, exit status it documents) of every table row of docs/assignments.md."""
    found = []
    for line in PAGE.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        command = re.match(r"`([^`]+)`", cells[2]) if len(cells) == 5 and line.startswith("| ") else None
        if command:
            status = re.search(r"\(exit ([0-9]+)", cells[2])
            found.append(
                pytest.param(
                    shlex.split(command.group(1)),
                    int(status.group(1)) if status else 0,
                    id=f"{cells[0]}:{command.group(1)[:60]}",
                )
            )
    return found


def test_the_page_has_a_command_for_each_requirement():
    """Every row of the five tables has its command (83 requirements; one is shown by a page of the docs)."""
    assert len(page_commands()) == 82


@pytest.mark.parametrize(("words", "status"), page_commands())
def test_page_commands_parse(words, status):
    """Each command parses with its program's own parser, and the project files it names exist."""
    from test_docs import _check_paths, _parse, test_two_programs_commands_parse

    from puzzleplan.app.cli import build_parser
    from puzzleplan.app.graphplan_cli import build_parser as graphplan_parser

    if words[0] in ("maxconnect4", "check_true_false"):
        test_two_programs_commands_parse(words[0], PAGE, 0, words[1:])
    elif words[0] in ("puzzleplan", "graphplan"):
        _parse({"puzzleplan": build_parser, "graphplan": graphplan_parser}[words[0]](), words[1:])
    else:
        assert words[:2] == ["python", "-c"]
    _check_paths(words)


@pytest.mark.slow
@pytest.mark.parametrize(("words", "status"), page_commands())
def test_page_commands_run(words, status, tmp_path):
    """Each command runs from the checkout's top folder with the exit status the page gives (0 unless it
    says otherwise); the files it writes are removed."""
    if "../shared/data" in " ".join(words) and not (ROOT.parent / "shared" / "data").is_dir():
        pytest.skip("../shared/data is absent")
    before = set(ROOT.iterdir())
    program = ROOT / ".venv" / "bin" / words[0] if (ROOT / ".venv").is_dir() else words[0]
    try:
        done = subprocess.run(
            [str(program), *words[1:]], cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600
        )
    finally:
        for path in set(ROOT.iterdir()) - before:
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    assert done.returncode == status, done.stderr
