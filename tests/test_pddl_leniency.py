"""PDDL read as the planners read it (translator/pddl/departures.py): a departure from the standard that Fast
Downward's translator accepts is a warning `file:line: warning: ... (assumed ...)` and the task is planned;
under --strict it is bad input. A mistake Fast Downward refuses is bad input in both readings, before any
planner runs, with the same verdict whichever planner was asked for. Small inline variations of the Hanoi
domain, each in tmp files, through the real command line and the API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import puzzleplan
from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = (ROOT / "domains/hanoi.pddl").read_text()
PROBLEM = (ROOT / "problems/hanoi/seed1.pddl").read_text()
PLANNERS = ["fd", "pyperplan", "graphplan"]
PLAN = "(move disk1 disk2 b)\n(move disk2 a c)\n"
COSTS = DOMAIN.replace(":typing)", ":typing :action-costs)").replace(
    "  (:action move", "  (:functions (total-cost))\n  (:action move"
)

# (name, domain, problem, the file and a text on the line the message names, words of the message)
MISTAKES = [
    (
        "requirements twice",
        DOMAIN.replace("  (:types", "  (:requirements :strips)\n  (:types"),
        PROBLEM,
        ("domain", "(:requirements :strips)"),
        "appears twice",
    ),
    (
        "parameters twice",
        DOMAIN.replace("    :precondition", "    :parameters (?x - disc)\n    :precondition"),
        PROBLEM,
        ("domain", ":parameters (?x - disc)"),
        ":parameters appears twice",
    ),
    (
        "negative action cost",
        COSTS.replace("(not (clear ?to))))", "(not (clear ?to)) (increase (total-cost) -1)))"),
        PROBLEM,
        ("domain", "(increase (total-cost) -1)"),
        "negative number -1",
    ),
    (
        "number as an argument",
        DOMAIN,
        PROBLEM.replace("(clear B)", "(clear 3)"),
        ("problem", "(clear 3)"),
        "found the number 3",
    ),
    (
        "either in parameters",
        DOMAIN.replace("?from - place", "?from - (either disc peg)"),
        PROBLEM,
        ("domain", "(either disc peg)"),
        "(either ...) is read only in a predicate's declaration",
    ),
    (
        "cyclic types",
        DOMAIN.replace("(:types place - object", "(:types place - disc"),
        PROBLEM,
        ("domain", "(:types place - disc"),
        "cycle",
    ),
    (
        "unknown requirement",
        DOMAIN.replace(":strips :typing", ":strips :typing :teleportation"),
        PROBLEM,
        ("domain", ":teleportation"),
        "unknown requirement :teleportation",
    ),
]

# (name, the file changed, old text, new text, a text on the line the warning names, what was assumed)
DEPARTURES = [
    ("requirement not declared", "domain", ":strips :typing)", ":strips)", "(:types place", ":typing"),
    (
        "type declared twice",
        "domain",
        "peg - place)",
        "peg - place\n          disc - place)",
        "  disc - place)",
        "one type 'disc' below",
    ),
    ("variable glued to a name", "domain", "(clear ?d) (clear", "(clear?d) (clear", "(clear?d)", "'clear' and '?d'"),
    ("comment glued to a name", "problem", "- disc\n", "- disc;the discs\n", ";the discs", "a comment from"),
    (
        "action with no effect",
        "domain",
        "  (:action move",
        "  (:action rest :parameters (?p - peg) :precondition (clear ?p) :effect ())\n  (:action move",
        "(:action rest",
        "no such action",
    ),
    ("ill-typed initial atom", "problem", "(clear B)", "(clear B)\n    (smaller A B)", "(smaller A B)", "the atom is"),
    (
        "predicate naming a variable twice",
        "domain",
        "(clear ?p - place)",
        "(clear ?p - place)\n               (linked ?p ?p - place)",
        "(linked ?p ?p",
        "2 arguments, the repeated one renamed",
    ),
]


def departed(*cases: tuple) -> tuple[str, str]:
    """The domain and problem with the cases' changes made."""
    texts = {"domain": DOMAIN, "problem": PROBLEM}
    for _, file, old, new, _, _ in cases:
        assert old in texts[file]
        texts[file] = texts[file].replace(old, new, 1)
    return texts["domain"], texts["problem"]


def files(tmp_path: Path, domain: str, problem: str) -> dict[str, Path]:
    """The domain and problem written as tmp files, by role."""
    paths = {"domain": tmp_path / "domain.pddl", "problem": tmp_path / "problem.pddl"}
    paths["domain"].write_text(domain)
    paths["problem"].write_text(problem)
    return paths


def line_of(text: str, marker: str) -> int:
    """The 1-based number of the line of `text` that holds `marker`."""
    return next(number for number, line in enumerate(text.splitlines(), start=1) if marker in line)


def planned(capsys, paths: dict[str, Path], planner: str, *options: str) -> tuple[int, dict, str]:
    """`plan DOMAIN PROBLEM --planner P --json OPTIONS`: its exit status, JSON object and stderr."""
    code = main(["plan", str(paths["domain"]), str(paths["problem"]), "--planner", planner, "--json", *options])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


@pytest.mark.parametrize("name, domain, problem, where, words", MISTAKES, ids=[case[0] for case in MISTAKES])
def test_a_mistake_is_bad_input_before_any_planner_whichever_planner(
    tmp_path, capsys, name, domain, problem, where, words
):
    paths = files(tmp_path, domain, problem)
    text = domain if where[0] == "domain" else problem
    verdicts = []
    for planner in PLANNERS:
        for strictness in ([], ["--strict"]):
            code, data, _ = planned(capsys, paths, planner, *strictness)
            assert code == 2, (planner, data)
            verdicts.append((data["file"], data["line"], data["message"]))
    assert len(set(verdicts)) == 1, verdicts
    file, line, message = verdicts[0]
    assert file == str(paths[where[0]]) and line == line_of(text, where[1]) and words in message, verdicts[0]


@pytest.mark.parametrize("case", DEPARTURES, ids=[case[0] for case in DEPARTURES])
def test_a_departure_warns_and_solves_and_strict_refuses_it(tmp_path, capsys, case):
    _, file, _, _, marker, assumed = case
    domain, problem = departed(case)
    paths = files(tmp_path, domain, problem)
    line = line_of(domain if file == "domain" else problem, marker)
    code, data, err = planned(capsys, paths, "fd")
    assert code == 0 and data["valid"] is True, data
    [warning] = data["warnings"]
    assert warning.startswith(f"{paths[file]}:{line}: warning: ") and f"(assumed {assumed}" in warning, warning
    assert err.splitlines() == [warning]
    verdicts = set()
    for planner in PLANNERS:
        code, data, _ = planned(capsys, paths, planner, "--strict")
        assert code == 2 and data["file"] == str(paths[file]) and data["line"] == line, data
        verdicts.add(data["message"])
    assert len(verdicts) == 1 and "refused by strict reading" in verdicts.pop()


@pytest.mark.parametrize("planner", PLANNERS)
def test_every_planner_plans_a_file_with_every_departure(tmp_path, capsys, planner):
    domain, problem = departed(*DEPARTURES)
    paths = files(tmp_path, domain, problem)
    code, data, err = planned(capsys, paths, planner)
    assert code == 0 and data["valid"] is True and data["length"] == 2, data
    assert len(data["warnings"]) == len(DEPARTURES) and err.count(": warning: ") == len(DEPARTURES)


@pytest.mark.parametrize("planner", PLANNERS)
def test_either_in_a_predicate_declaration_works_in_every_planner(tmp_path, capsys, planner):
    paths = files(tmp_path, DOMAIN.replace("(clear ?p - place)", "(clear ?p - (either disc peg))"), PROBLEM)
    code, data, err = planned(capsys, paths, planner)
    assert code == 0 and data["valid"] is True and data["warnings"] == [] and err == "", data


def test_validate_warns_and_strict_refuses(tmp_path, capsys):
    paths = files(tmp_path, DOMAIN.replace(":strips :typing", ":strips"), PROBLEM)
    plan = tmp_path / "plan.txt"
    plan.write_text(PLAN)
    words = ["validate", str(paths["domain"]), str(paths["problem"]), str(plan)]
    assert main(words) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Plan valid") and err.startswith(f"{paths['domain']}:5: warning: ")
    assert main([*words, "--strict", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["line"] == 5


def test_the_api_reports_warnings_and_refuses_them_when_strict(tmp_path):
    paths = files(tmp_path, DOMAIN.replace(":strips :typing", ":strips"), PROBLEM)
    report = puzzleplan.plan(paths["domain"], paths["problem"], "pyperplan", timeout=60)
    assert report.check is not None and report.check.valid
    assert report.warnings == (
        f"{paths['domain']}:5: warning: uses types but the requirements do not declare :typing (declared: "
        ":strips only) (assumed :typing)",
    )
    with pytest.raises(InputError) as caught:
        puzzleplan.plan(paths["domain"], paths["problem"], "pyperplan", timeout=60, strict=True)
    assert (caught.value.source, caught.value.line) == (str(paths["domain"]), 5)


def test_a_clean_file_reaches_the_planners_as_written(tmp_path):
    from puzzleplan.api.pddl_files import read_pddl

    paths = files(tmp_path, DOMAIN, PROBLEM)
    task, model = read_pddl(str(paths["domain"]), str(paths["problem"]))
    assert (task.domain, task.problem, model.warnings) == (DOMAIN, PROBLEM, ())


def test_the_texts_the_planners_get_keep_the_files_lines(tmp_path):
    from puzzleplan.api.pddl_files import read_pddl

    domain, problem = departed(*DEPARTURES)
    paths = files(tmp_path, domain, problem)
    task, _ = read_pddl(str(paths["domain"]), str(paths["problem"]))
    assert task.domain != domain and task.problem != problem
    for original, read, marker in ((domain, task.domain, "(:action move"), (problem, task.problem, "(:goal")):
        assert marker in read.splitlines()[line_of(original, marker) - 1]


def test_compare_pddl_records_the_warnings_and_strict_refuses(tmp_path, capsys):
    paths = files(tmp_path, DOMAIN.replace(":strips :typing", ":strips"), PROBLEM)
    words = ["compare", "pddl", str(paths["domain"]), str(paths["problem"]), "--planners", "pyperplan"]
    assert main([*words, "--strict", "--out", str(tmp_path / "strict")]) == 2
    assert f"{paths['domain']}:5:" in capsys.readouterr().err
    assert main([*words, "--timeout", "60", "--out", str(tmp_path / "out")]) == 0
    [row] = [json.loads(line) for line in (tmp_path / "out/results.jsonl").read_text().splitlines()]
    assert row["status"] == "solved" and len(row["warnings"]) == 1
    assert row["warnings"][0].startswith(f"{paths['domain']}:5: warning: uses types")
