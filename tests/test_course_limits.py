"""--timeout and --memory of the course programs (`maxconnect4`, `check_true_false`) and of `puzzleplan play`'s
hints: each stops at the limit with one line naming it and its exit status (4 time, 5 memory), no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EMPTY_BOARD = "0000000\n" * 6 + "1\n"


def run(program: str, *words: str, cwd: Path = ROOT, stdin: str = "") -> subprocess.CompletedProcess:
    """One run of an installed program's module, at most a minute (a run without its limit takes far longer)."""
    module = {"maxconnect4": "puzzleplan.games.maxconnect4", "check_true_false": "puzzleplan.logic.cli"}
    command = [sys.executable, "-m", module.get(program, "puzzleplan.app.cli"), *words]
    return subprocess.run(command, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=60)


def test_maxconnect4_one_move_at_the_time_limit_plays_the_deepest_completed_move(tmp_path):
    (tmp_path / "board.txt").write_text(EMPTY_BOARD)
    # the limit counts from the program's start: 3 s leave depth 1 done on a loaded machine, depth 1000 never
    result = run("maxconnect4", "one-move", "board.txt", "out.txt", "1000", "--timeout", "3", cwd=tmp_path)
    assert result.returncode == 4, result.stderr
    line = result.stderr.strip()
    assert line.startswith("maxconnect4: stopped at the time limit (3 s) before depth 1000: the move is the best")
    assert "Traceback" not in result.stderr and len(line.splitlines()) == 1
    assert (tmp_path / "out.txt").read_text().count("1") == 1  # the move was played and written


def test_maxconnect4_bench_and_memory_limits(tmp_path):
    (tmp_path / "board.txt").write_text(EMPTY_BOARD)
    bench = run("maxconnect4", "bench", "board.txt", "--depths", "1-40", "--timeout", "1", cwd=tmp_path)
    assert (bench.returncode, bench.stderr.strip()) == (4, "maxconnect4: stopped at the time limit (1 s)")
    memory = run("maxconnect4", "one-move", "board.txt", "out.txt", "8", "--memory", "1", cwd=tmp_path)
    assert (memory.returncode, memory.stderr.strip()) == (5, "maxconnect4: out of memory under 1 MiB")


def pigeons(holes: int) -> str:
    """The pigeonhole statements: holes + 1 pigeons, each in a hole, no two in one (hard for any SAT solver)."""
    pigeons = range(holes + 1)
    lines = ["(or " + " ".join(f"x_{p}_{h}" for h in range(holes)) + ")" for p in pigeons]
    lines += [f"(or (not x_{p}_{h}) (not x_{q}_{h}))" for h in range(holes) for p in pigeons for q in pigeons if p < q]
    return "\n".join(lines) + "\n"


def test_check_true_false_stops_the_sat_solver_at_the_time_limit(tmp_path):
    """CaDiCaL on 11 pigeons in 10 holes runs for tens of seconds; the limit stops it (a child process)."""
    (tmp_path / "rules.txt").write_text(pigeons(10))
    (tmp_path / "none.txt").write_text("")
    (tmp_path / "statement.txt").write_text("x_1_1\n")
    words = ("rules.txt", "none.txt", "statement.txt", "--any-symbols", "--timeout", "1")
    result = run("check_true_false", *words, cwd=tmp_path)
    assert (result.returncode, result.stderr.strip()) == (4, "check_true_false: stopped at the time limit (1 s)")
    assert not (tmp_path / "result.txt").exists()


def test_check_true_false_answers_within_its_default_limit(tmp_path):
    (tmp_path / "statement.txt").write_text("P_4_4\n")
    rules, known = ROOT / "logic/wumpus_rules.txt", ROOT / "docs/examples/ten_squares.txt"
    result = run("check_true_false", str(rules), str(known), "statement.txt", cwd=tmp_path)
    assert (result.returncode, result.stdout.strip()) == (0, "possibly true, possibly false"), result.stderr


def test_play_hint_under_a_tiny_timeout_says_it_stopped_at_the_limit():
    words = ("play", "tiles", "problems/tiles/fifteen-48.tiles", "--timeout", "0.2")
    result = run("puzzleplan", *words, stdin="hint\nquit\n")
    assert "no plan: stopped at the time limit (0.2 s)" in result.stdout, result.stdout + result.stderr
    assert result.returncode == 0 and "Traceback" not in result.stderr


def test_maxconnect4_interactive_limits_each_computer_move_and_plays_on(tmp_path, capsys):
    from puzzleplan.games.board import parse_board
    from puzzleplan.games.interactive import COMPUTER_FILE, play_interactive

    board = parse_board(EMPTY_BOARD, "board.txt")
    play_interactive(board, True, 1000, ask=lambda prompt: "quit", folder=tmp_path, seconds=0.3)
    said = "stopped at the time limit (0.3 s) before depth 1000: the move is the best of depth"
    assert said in capsys.readouterr().err
    assert (tmp_path / COMPUTER_FILE).read_text().count("1") == 1
