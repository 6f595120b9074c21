"""The original assignment texts' own examples, as golden tests: `--format seed`, `successors`, `walk` and
check_true_false print what the texts print.

Two layers: the golden files in tests/golden/seed/ are our exact output (a change shows as a diff), and,
when ../shared/seeds is there, each golden file is compared with the text that prints it, byte for byte
except where docs/<puzzle>.md ("For the course") says the text itself is inconsistent. Timing lines are
compared with the time masked."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError
from puzzleplan.translator.registry import load
from puzzleplan.translator.shrdlu.board import render_figure

GOLDEN = ROOT / "tests" / "golden" / "seed"
SEEDS = ROOT.parent / "shared" / "seeds"
SBP = "../shared/data/sbp/SBP-level0.txt"
"""Resolved against ROOT: the sliding-brick levels are the course's files, in ../shared/data only."""

RUNS = {
    "bloxorz-seed-level1-bfs.txt": ["solve", "problems/bloxorz/seed-level1.bloxorz", "--planner", "native-bfs"],
    "bloxorz-seed-level1-successors.txt": ["successors", "problems/bloxorz/seed-level1.bloxorz"],
    "shrdlu-seed-successors.txt": ["successors", "problems/shrdlu/seed.shrdlu"],
    "shrdlu-seed-column0-bfs.txt": ["solve", "problems/shrdlu/seed-column0.shrdlu", "--planner", "native-bfs"],
    "sokoban-seed-s1-h1.txt": ["solve", "problems/sokoban/seed-s1.lsp", "--planner", "native-astar:h1"],
    **{f"sokoban-next-states-s{n}.txt": ["successors", f"problems/sokoban/seed-s{n}.lsp"] for n in range(1, 5)},
    "sbp-level0-bfs.txt": ["solve", "sbp", SBP, "--planner", "native-bfs"],
}
"""Golden file -> the command (with --format seed) that prints it."""

TIME = re.compile(r"^time: .*$", re.MULTILINE)


def masked(text: str) -> str:
    """The text with its timing line masked."""
    return TIME.sub("time: MASKED", text)


def run(argv: list[str], capsys, monkeypatch) -> str:
    """stdout of a command run from the checkout's top folder, with no keyboard."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    assert main(argv) == 0
    return capsys.readouterr().out


def needs(path: str) -> None:
    """Skip unless `path` (relative to the checkout) exists."""
    if not (ROOT / path).exists():
        pytest.skip(f"{path} is absent")


@pytest.mark.parametrize("golden", sorted(RUNS))
def test_seed_printouts_match_the_golden_files(golden, capsys, monkeypatch):
    if SBP in RUNS[golden]:
        needs(SBP)
    out = run([*RUNS[golden], "--format", "seed"], capsys, monkeypatch)
    assert masked(out) == (GOLDEN / golden).read_text()


def test_the_random_walk_is_the_texts_printout(capsys, monkeypatch):
    """Seed 004's random walk on SBP-level0 with N=3 is `walk`'s default printout (seed 18 draws the
    text's three moves)."""
    needs(SBP)
    for formats in ([], ["--format", "seed"]):
        out = run(["walk", "sbp", SBP, "-n", "3", "--seed", "18", *formats], capsys, monkeypatch)
        assert out == (GOLDEN / "sbp-level0-walk-seed18.txt").read_text()
    assert main(["walk", str(ROOT / "problems/shrdlu/seed.shrdlu"), "--format", "seed"]) == 2


def test_unpruned_and_pruned_successors(capsys, monkeypatch):
    """Sokoban's successors are unpruned unless asked: s2 and s4 have 3 and 2 (the text), or 2 and 1 when
    dead-square pushes are left out as the solver's search does."""
    for name, full, pruned in (("s2", 3, 2), ("s4", 2, 1)):
        argv = ["successors", f"problems/sokoban/seed-{name}.lsp", "--format", "seed"]
        assert run(argv, capsys, monkeypatch).count("\n") == full
        assert run([*argv, "--prune"], capsys, monkeypatch).count("\n") == pruned
    assert run(["next-states", "problems/sokoban/seed-s1.lsp", "--format", "seed"], capsys, monkeypatch) == golden(
        "sokoban-next-states-s1.txt"
    )
    out = run(["successors", "problems/sokoban/seed-s4.lsp"], capsys, monkeypatch)
    assert out.endswith("\n2 successors\n") and out.startswith("u\n")


def test_sokoban_h0_h1_are_admissible_named_heuristics(capsys, monkeypatch):
    """native-astar:h0 and :h1 find plans as short as the default heuristic's, expanding at least as many
    states (h0 <= h1 <= default on every state here)."""
    from puzzleplan.api.pipeline import solve
    from puzzleplan.common.limits import Limits

    puzzle, instance = load("sokoban", str(ROOT / "problems/sokoban/seed-p1.lsp"))
    reports = {h: solve(puzzle, instance, "p1", f"native-astar:{h}", Limits(60)) for h in ("h0", "h1", "default")}
    assert {r.length for r in reports.values()} == {41} and all(r.optimal and r.valid for r in reports.values())
    assert reports["h0"].expanded >= reports["h1"].expanded >= reports["default"].expanded
    heuristics = puzzle.heuristics()
    for state in reports["h0"].states:
        zero, h1, default = (heuristics[h].function(instance, state) for h in ("h0", "h1", "default"))
        assert zero == 0 <= h1 <= default


def test_bloxorz_start_from_the_option_and_the_prompt(capsys, monkeypatch):
    """--start X,Y answers the text's prompt; a start off the tiles is bad input (exit 2), not a hang."""
    out = run(
        ["solve", "problems/bloxorz/seed-level1.bloxorz", "--format", "seed", "--start", "5,2"], capsys, monkeypatch
    )
    assert "Enter agent's x-coordinate: 5\n\nEnter agent's y-coordinate: 2\n" in out
    assert "( x-coordinate = 5 and y-coordinate = 2 )" in out and out.endswith("using A*\n")
    assert main(["solve", "problems/bloxorz/seed-level1.bloxorz", "--format", "seed", "--start", "4,1"]) == 2
    captured = capsys.readouterr()
    assert "must start on tiles" in captured.err and "found to be legal" not in captured.out
    assert main(["solve", "problems/bloxorz/seed-level1.bloxorz", "--start", "5,2", "--json"]) == 0
    assert '"length": 5' in capsys.readouterr().out  # without --format seed too
    answers = iter(["2", "3"])
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: print(prompt, end="") or next(answers))
    assert main(["solve", "problems/bloxorz/seed-level1.bloxorz", "--format", "seed", "--planner", "native-bfs"]) == 0
    assert "Enter agent's x-coordinate: Enter" not in (out := capsys.readouterr().out)
    assert "Step ( 1 )\nAgent is on board: standing straight at x-coordinate = 2 and y-coordinate = 3\n" in out


def test_seed_format_errors(capsys):
    """A puzzle whose text prescribes no printout, and --json or --show with --format seed, are bad input."""
    assert main(["solve", str(ROOT / "problems/hanoi/seed1.hanoi"), "--format", "seed"]) == 2
    assert "puzzles that have one: bloxorz, sbp, shrdlu, sokoban, sokoban-pushes" in capsys.readouterr().err
    assert main(["solve", str(ROOT / "problems/shrdlu/seed.shrdlu"), "--format", "seed", "--json"]) == 2
    assert main(["solve", str(ROOT / "problems/shrdlu/seed.shrdlu"), "--format", "seed", "--show"]) == 2
    assert "it goes without --show" in capsys.readouterr().err


def test_the_seed_api_prints_what_the_commands_print(capsys, monkeypatch):
    """api.seed: the successors printout is the command's; a text without the printout, and a start off the
    tiles, are bad input; the strategies are named as the Bloxorz text names them."""
    from puzzleplan import api
    from puzzleplan.api.seed import bloxorz_file_start, require_printout, seed_successors, strategy
    from puzzleplan.api.starts import start_at_cell

    inst = api.load(ROOT / "problems/shrdlu/seed.shrdlu")
    assert seed_successors(inst, inst.initial, inst.successors()) == golden("shrdlu-seed-successors.txt")
    with pytest.raises(InputError, match="puzzles that have one: sbp$"):
        require_printout("walk", "hanoi")
    blocks = api.load(ROOT / "problems/bloxorz/seed-level1.bloxorz")
    x, y = bloxorz_file_start(blocks)
    assert start_at_cell(blocks.data, x, y).start == blocks.data.start[:1]
    with pytest.raises(InputError, match="must start on tiles"):
        start_at_cell(blocks.data, 4, 1)
    assert strategy("native-astar:h1") == ("A* Search", "A*") and strategy("fd") == ("fd", "fd")


# -- the goldens against the texts ------------------------------------------------------------------------
@pytest.fixture
def seed():
    """The text of seed N (../shared/seeds), or skip."""

    def read(number: int) -> str:
        found = sorted(SEEDS.glob(f"{number:03d}_*.txt"))
        if not found:
            pytest.skip("../shared/seeds is absent")
        return found[0].read_text()

    return read


def blocks(text: str) -> list[str]:
    """The fenced blocks of a text, without the fences."""
    return re.findall(r"```\n(.*?)```", text, re.DOTALL)


def golden(name: str) -> str:
    """A golden file's text."""
    return (GOLDEN / name).read_text()


def test_sokoban_next_states_are_the_texts(seed):
    """Seed 002's four next-states examples, byte for byte (the text's stray space after `((` included)."""
    results = [block for block in blocks(seed(2)) if block.startswith("((")]
    assert len(results) == 4
    for number, expected in enumerate(results, start=1):
        assert golden(f"sokoban-next-states-s{number}.txt") == expected


def test_sbp_result_and_walk_are_the_texts(seed):
    """Seed 004: the BFS result's moves and final state (the text's example stops before the board's last
    row, a wall), and the random walk (the text's `(3, left)` has a stray space its other moves do not)."""
    text = "\n".join(blocks(seed(4)))
    example = text[text.index("(2,left)\n(4,down)") :].split("\n\n")[0].rstrip("\n") + "\n"
    assert golden("sbp-level0-bfs.txt").startswith(example)
    assert golden("sbp-level0-bfs.txt").endswith("nodes explored: 12\ntime: MASKED\nsolution length: 5\n")
    walk = "".join(block for block in blocks(seed(4)) if block.startswith("5,4,\n1,-1"))
    assert golden("sbp-level0-walk-seed18.txt") == walk.replace("(3, left)", "(3,left)")


BOARD = re.compile(r"^[ 019x]*[019x][ 019x]*$")
"""A line of the Bloxorz board printout (tiles, void, the hole, x for the block)."""


def test_bloxorz_printout_is_the_texts(seed):
    """Seed 001's level-1 printout: every line but the boards byte for byte; the text's boards are
    transcribed screenshots with lost spaces and tiles (row 4 drawn with 8 tiles of 9), so each board is
    compared by its number of rows and where the block is."""
    text = seed(1)
    expected = text[text.index("Please Note:") : text.index("using BFS") + len("using BFS")] + "\n"
    expected_lines = [line for line in expected.splitlines() if not line.startswith("```")]
    ours = golden("bloxorz-seed-level1-bfs.txt").splitlines()

    def shape(lines: list[str]) -> list[str]:
        """Board rows reduced to the row's x marks; blank lines inside a board dropped; other lines kept."""
        kept: list[str] = []
        for line in lines:
            if BOARD.match(line):
                kept.append(f"board row, {line.count('x')} x")
            elif line or not kept or not kept[-1].startswith("board"):
                kept.append(line)
        return kept

    assert shape(ours) == shape(expected_lines)


def test_bloxorz_transition_and_heuristic_examples(seed):
    """Seed 001's worked examples: Right from Bloxorz[2,2,2,2] gives Bloxorz[2,3,2,4], and the seed's
    heuristic of that state is 8 with the hole at Bloxorz[5,8,5,8]."""
    from puzzleplan.translator.bloxorz.puzzle import notation, seed_heuristic

    text = seed(1)
    assert "(In(Bloxorz[2,2,2,2]), Right)$ gives state $In(Bloxorz[2,3,2,4])" in text
    assert "(In(Bloxorz[2,2,2,2]), Right) gives In(Bloxorz[2,3,2,4])\n" in golden("bloxorz-seed-level1-successors.txt")
    puzzle, stage = load("bloxorz", str(ROOT / "problems/bloxorz/seed-level1.bloxorz"))
    state = dict(puzzle.successors(stage, puzzle.initial(stage)))[(0, "right")]
    assert notation(stage, state) == "Bloxorz[2,3,2,4]" and seed_heuristic(stage, state) == 8
    assert "h(n) = 8" in text and "In(Bloxorz[5,8,5,8])" in text


def test_shrdlu_figures_are_the_texts(seed):
    """Seed 000: Figure 3's legal actions (0,1), (1,0), (2,0), (2,1), and Figure 4, the state after (2,0),
    drawn as the text draws it (tab-separated, row indices left, column indices under)."""
    text = seed(0)
    figure4 = text[text.index("2\t3\t0\t0") :].split("\n\n")[0] + "\n"
    out = golden("shrdlu-seed-successors.txt")
    assert re.findall(r"^\(.*\)$", out, re.MULTILINE) == ["(0, 1)", "(1, 0)", "(2, 0)", "(2, 1)"]
    assert "(2, 0)\n" + figure4 in out
    figure3 = text[text.index("2\t0\t0\t3") :].split("\n\n")[0] + "\n"
    assert golden("shrdlu-seed-column0-bfs.txt").startswith(figure3)
    assert "Note that actions (1,0) and (2,0) are then not legal in this state" in text
    puzzle, instance = load("shrdlu", str(ROOT / "problems/shrdlu/seed.shrdlu"))
    figure4_state = puzzle.apply(instance, puzzle.initial(instance), (2, 0))
    assert render_figure(figure4_state) == figure4
    assert list(puzzle.moves(instance, figure4_state)) == [(0, 1), (0, 2), (1, 2), (2, 1)]


def test_wumpus_result_file_is_the_texts(tmp_path, monkeypatch, capsys):
    """check_true_false writes result.txt with one of the four outputs in the text's words, `definitely
    true`, on a line of its own (the course's sample: c.txt, B_1_2, with additional_knowledge.txt)."""
    from puzzleplan.logic.cli import main as check_true_false

    sample = ROOT.parent / "shared" / "data" / "wumpus" / "sample"
    if not sample.is_dir():
        pytest.skip("../shared/data is absent")
    monkeypatch.chdir(tmp_path)
    files = [str(sample / name) for name in ("wumpus_rules.txt", "additional_knowledge.txt", "c.txt")]
    assert check_true_false(files) == 0
    assert (tmp_path / "result.txt").read_bytes() == b"definitely true\n"


def test_bloxorz_without_keyboard_keeps_the_files_start(tmp_path, capsys, monkeypatch):
    """No --start and no keyboard: the file's start, even a lying block, is the start (never a wait); at a
    keyboard, the end of the input is bad input, not a traceback."""
    stage = tmp_path / "lying.bloxorz"
    stage.write_text("start: 2,2 3,2\n1 1 1 1\n1 1 1 9\n")
    out = run(["solve", str(stage), "--format", "seed"], capsys, monkeypatch)
    assert "Agent is on board: laying horizontally at x-coordinate = 2 and y-coordinate = 2" in out
    assert out.endswith("Agent took 2 step(s) to solve this problem using A*\n")
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)

    def no_more(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more)
    assert main(["solve", str(stage), "--format", "seed"]) == 2
    assert "no x-coordinate given for the start" in capsys.readouterr().err
