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


LAMPS = """(define (domain lamps) (:requirements :strips)
  (:predicates (on ?l) (wired ?l))
  (:action wire :parameters (?l) :precondition (and) :effect (wired ?l))
  (:action switch :parameters (?l) :precondition (wired ?l) :effect (on ?l)))
"""
TWO_LAMPS = "(define (problem two) (:domain lamps) (:objects a b) (:init) (:goal (and (on a) (on b))))\n"


def pddl_task(**task: object) -> dict:
    """A plain PDDL task as `compare pddl` makes it (the domain and problem texts and the names of their files)."""
    task = {"puzzle": "pddl", "instance": "two", "file": "lamps/p01.pddl", "text": TWO_LAMPS, **task}
    task = {"domain_file": "lamps/domain.pddl", "domain_text": LAMPS, "planner": "pyperplan", **task}
    return {"timeout": 30, **task}


def test_every_task_runs_the_library_entry_and_no_command_line(tmp_path: Path) -> None:
    from puzzleplan.experiments.run_one import child_command

    for task in (pddl_task(), {"puzzle": "hanoi", "instance": "seed2", "text": HANOI.read_text()}):
        command = child_command(task, tmp_path)
        safe_path = ["-P"] if sys.version_info >= (3, 11) else []  # no working directory on the child's sys.path
        assert command == [
            sys.executable,
            *safe_path,
            "-m",
            "puzzleplan.experiments.child",
            str(tmp_path / "task.json"),
        ]
        assert json.loads((tmp_path / "task.json").read_text()) == task


def test_a_pddl_task_is_planned_through_the_library_as_plan_json_prints_it(tmp_path: Path) -> None:
    code, report = run_child(tmp_path, **pddl_task())
    assert code == 0 and report["status"] == "solved" and report["valid"] is True
    assert report["length"] == 4 == len(report["plan"]) == report["cost"] and report["action_costs"] is False
    assert (report["domain"], report["problem"], report["planner"]) == (
        "lamps/domain.pddl",
        "lamps/p01.pddl",
        "pyperplan",
    )


def test_a_bad_pddl_file_is_an_error_naming_the_task_s_own_file(tmp_path: Path) -> None:
    code, report = run_child(tmp_path, **pddl_task(text=TWO_LAMPS.replace("(:goal", "(:gaol")))
    assert code == 2 and report["status"] == "error" and report["file"] == "lamps/p01.pddl"
    assert report["line"] == 1 and "lamps/p01.pddl:1" in report["message"]


def test_a_planner_that_cannot_plan_pddl_is_bad_input(tmp_path: Path) -> None:
    code, report = run_child(tmp_path, **pddl_task(planner="native-astar"))
    assert code == 2 and report["status"] == "error" and "cannot run PDDL files" in report["message"]


def test_a_timeout_names_the_limit_given_as_solve_says_it(tmp_path: Path) -> None:
    hard = ROOT / "problems/tiles/fifteen-48.tiles"  # breadth-first search cannot finish it (48 moves)
    task = {"puzzle": "tiles", "instance": "fifteen-48", "file": "fifteen-48.tiles", "text": hard.read_text()}
    code, report = run_child(tmp_path, **task, planner="native-bfs", timeout=0.3)
    assert code == 0 and report["status"] == "timeout"
    # the search's own look at the clock, or (on a loaded machine) the hard stop naming the phase it cut
    assert report["message"].startswith("stopped at the time limit (0.3 s)"), report["message"]


def test_the_child_of_a_pddl_task_never_loads_the_application(tmp_path: Path) -> None:
    path = tmp_path / "task.json"
    path.write_text(json.dumps(pddl_task()))
    script = (
        "import sys\nfrom puzzleplan.experiments import child\ncode = child.main([sys.argv[1]])\n"
        "print(sorted(name for name in sys.modules if name.startswith('puzzleplan.app')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=120)
    report, loaded = done.stdout.splitlines()
    assert json.loads(report)["status"] == "solved" and loaded == "[]", done.stderr
