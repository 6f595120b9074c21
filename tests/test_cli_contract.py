"""The command line's promises: no traceback for bad files, paths or options; output paths checked before
any work; one JSON object under --json whatever happens; --version, help texts, the puzzle told by the
file's suffix; `play` commands; `report` readable in 80 columns."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from puzzleplan.app.cli import main
from puzzleplan.experiments.report import build_tables, print_tables

ROOT = Path(__file__).resolve().parent.parent
SEED2 = str(ROOT / "problems/hanoi/seed2.hanoi")
SEED1 = str(ROOT / "problems/hanoi/seed1.hanoi")


def run(capsys, *words: str) -> tuple[int, str, str]:
    """main(words): exit status, stdout, stderr."""
    code = main(list(words))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# -- no tracebacks ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "suffix, text, line",
    [
        (".tiles", "init:\n1 ² 3\n4 5 6\n7 8 X\n", 2),
        (".tiles", "init:\n1 2 3\n4 5 6\n7 8 ④\n", 4),
        (".lsp", "((1 1 1 1)\n (1 3 2 ²)\n (1 1 1 1))\n", 2),
        (".hanoi", "init:\nA: 3 2 ١\ngoal:\nC: 3 2 1\n", 2),
        (".shrdlu", "state:\n0 0 ³\n4 0 1\n6 5 2\ngoal: (1,0,0)\n", 2),
        (".tiles", "init:\n1 2\n3 4\ngoal:\n1 2\n3 4\n", 1),
    ],
    ids=["tiles-superscript", "tiles-circled", "lsp-superscript", "hanoi-arabic-indic", "shrdlu", "tiles-no-blank"],
)
def test_bad_numbers_and_boards_name_the_file_and_line(tmp_path, capsys, suffix, text, line):
    path = tmp_path / f"bad{suffix}"
    path.write_text(text)
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and f"{path}:{line}" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["seed2.hanoi", "seven2.tiles", "seed.shrdlu", "tiny.sbp", "seed-p1.lsp"])
def test_a_byte_order_mark_is_accepted_by_every_format(tmp_path, capsys, name):
    source = next((ROOT / "problems").rglob(name))
    path = tmp_path / name
    path.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    code, out, _ = run(capsys, "solve", str(path), "--json")
    assert code == 0 and json.loads(out)["status"] == "solved"


def test_a_long_line_is_shortened_in_the_message(tmp_path, capsys):
    path = tmp_path / "long.hanoi"
    path.write_text("x" * 1_000_000 + "\n")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and len(err) < 400


@pytest.mark.parametrize(
    "words, words_in_message",
    [
        (["generate", "hanoi", "--discs", "x"], "--discs expects a whole number"),
        (["generate", "tiles", "--moves", "x"], "--moves expects a whole number"),
        (["generate", "tiles", "--blanks", "x"], "--blanks expects a whole number"),
        (["generate", "tiles", "--bogus", "3"], "no option --bogus"),
        (["generate", "tiles", "--moves", "-5"], "at least 0"),
        (["translate", "hanoi", SEED2, SEED1], "one instance file"),
        (["solve", SEED2, SEED1], "two files"),
        (["solve", "hanoi"], "puzzle name"),
        (["solve", "level.unknown"], "cannot tell the puzzle"),
    ],
)
def test_bad_options_and_extra_files_are_bad_input(capsys, words, words_in_message):
    code, _, err = run(capsys, *words)
    assert code == 2 and words_in_message in err


# -- output paths, checked before any work ------------------------------------------------------------------
@pytest.mark.parametrize(
    "words",
    [
        ["translate", "hanoi", SEED2, "-o", "{file}"],
        ["translate", "hanoi", SEED2, "-o", "{file}/sub"],
        ["compare", "hanoi", SEED2, "--out", "{file}"],
        ["solve", "hanoi", SEED2, "--plan-out", "{folder}"],
        ["solve", "hanoi", SEED2, "--plan-out", "{folder}/missing/dir/plan.txt"],
        ["generate", "hanoi", "-o", "{folder}/missing/x"],
    ],
)
def test_output_paths_that_cannot_be_written_are_refused_first(tmp_path, capsys, words):
    existing = tmp_path / "existing"
    existing.write_text("keep me")
    words = [w.format(file=existing, folder=tmp_path) for w in words]
    code, out, err = run(capsys, *words)
    assert code == 2 and "error:" in err and out == ""  # nothing solved, nothing printed
    assert existing.read_text() == "keep me"


def test_plan_out_writes_the_plan(tmp_path, capsys):
    plan = tmp_path / "plan.txt"
    code, _, _ = run(capsys, "solve", "hanoi", SEED1, "--planner", "fd", "--plan-out", str(plan))
    assert code == 0 and plan.read_text().startswith("(move ")


# -- --json and the command line --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "words",
    [
        ["solve", "hanoi", "missing.hanoi", "--json"],
        ["solve", "--json"],
        ["solve", "hanoi", SEED2, "--json", "--timeout", "0"],
        ["solve", "hanoi", SEED2, "--json", "--bogus"],
        ["plan", "missing-domain.pddl", "missing-problem.pddl", "--json"],
        ["validate", "hanoi", SEED2, "missing-plan.txt", "--json"],
    ],
)
def test_json_is_one_object_for_bad_input_too(capsys, words):
    code, out, err = run(capsys, *words)
    data = json.loads(out)
    assert code == 2 and data["status"] == "error" and data["message"] and err == ""


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("puzzleplan ")
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    for command in ("list", "translate", "solve", "validate", "plan", "generate", "walk", "play", "compare", "report"):
        assert f"    {command} " in top
    for command, default in (("solve", "the puzzle's own"), ("plan", "fd"), ("play", "the puzzle's own")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert f"default {default}" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    generate = capsys.readouterr().out
    assert all(option in generate for option in ("--discs", "--size", "--blanks", "--moves", "--goal-form"))


def test_the_puzzle_is_told_by_the_suffix(capsys):
    code, out, _ = run(capsys, "solve", SEED2, "--json")
    assert code == 0 and json.loads(out)["puzzle"] == "hanoi"
    code, out, _ = run(capsys, "solve", str(ROOT / "problems/sokoban/seed-p1.lsp"), "--json")
    assert code == 0 and json.loads(out)["puzzle"] == "sokoban"  # sokoban-pushes reads .lsp too: its base


# -- play ---------------------------------------------------------------------------------------------------
def play(monkeypatch, capsys, path: str, typed: str) -> tuple[int, str]:
    """`play` with the lines typed on standard input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", path])
    return code, capsys.readouterr().out


def test_play_commands(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, SEED1, "help\n?\ngoal\n9 A B\nsolve\nquit\n")
    assert code == 0
    assert out.count("hint ") >= 2 and "the bottom of these pegs" in out and "C: 2" in out
    assert "there is no disc 9" in out
    assert "move> 1 A B\n2 A C\nmove> " in out  # one move a line


def test_play_ends_at_the_end_of_input_and_when_solved(monkeypatch, capsys):
    assert play(monkeypatch, capsys, SEED1, "1 A B\n")[0] == 0
    code, out = play(monkeypatch, capsys, SEED1, "1 A B\n2 A C\n")
    assert code == 0 and "solved in 2 moves" in out


# -- report -------------------------------------------------------------------------------------------------
def test_report_fits_80_columns_and_names_every_planner_in_full():
    planners = ["native-push:wastar,cycle", "native-push-astar", "pyperplan-opt", "fd:astar(blind())", "graphplan"]
    rows = [
        {"puzzle": "sokoban", "instance": f"level{i}", "planner": p, "status": "solved", "valid": True, "length": 10}
        | {"time": {"total": 0.5}, "timeout": 60}
        for i in range(3)
        for p in planners
    ]
    from rich.console import Console

    buffer = io.StringIO()
    print_tables(build_tables(rows), Console(file=buffer, width=80))
    text = buffer.getvalue()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "…" not in text and all(planner in text for planner in planners)
