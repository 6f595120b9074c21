"""The child process of a comparison run solves its task through the library and prints one JSON report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANOI = ROOT / "problems/hanoi/seed2.hanoi"


def run_child(tmp_path: Path, **task: object) -> tuple[int, dict]:
    """Run the child on a task (a hanoi instance unless told otherwise); its exit status and its JSON."""
    task = {"puzzle": "hanoi", "instance": "seed2", "file": "seed2.hanoi", "text": HANOI.read_text(), **task}
    task.setdefault("planner", "native-astar")
    task.setdefault("timeout", 30)
    path = tmp_path / "task.json"
    path.write_text(json.dumps(task))
    done = subprocess.run(
        [sys.executable, "-m", "puzzleplan.experiments.child", str(path)], capture_output=True, text=True, timeout=120
    )
    return done.returncode, json.loads(done.stdout)


def test_a_solved_task_is_the_solve_json_contract(tmp_path: Path) -> None:
    code, report = run_child(tmp_path)
    assert code == 0 and report["status"] == "solved" and report["valid"] and report["optimal"]
    assert report["length"] == 31 == len(report["moves"]) and report["instance"] == "seed2.hanoi"
    assert set(report["time"]) == {"translate", "search", "validate", "total"}


def test_bad_text_is_an_error_naming_the_file_and_line(tmp_path: Path) -> None:
    code, report = run_child(tmp_path, text="pegs: A B C\ninit:\nA: 2 1\nB:\nC:\ngoal:\nB: 1\nQ: 2\n")
    assert code == 2 and report["status"] == "error"
    assert report["file"] == "seed2.hanoi" and report["line"] == 8 and "seed2.hanoi:8:" in report["message"]


def test_an_unavailable_planner_for_the_puzzle_is_unsupported(tmp_path: Path) -> None:
    code, report = run_child(tmp_path, planner="native-tsp")
    assert code == 0 and report["status"] == "unsupported" and "pacman" in report["message"]
