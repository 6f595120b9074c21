"""PDDL given by the user (`puzzleplan plan`): read and checked before any planner runs, every error
naming the file, the line, the column and what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError
from puzzleplan.translator.capabilities import encodings_of, leveled
from puzzleplan.translator.pddl.checks import check_task
from puzzleplan.translator.registry import PUZZLES, get_puzzle, load

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = """; Hanoi
(define (domain hanoi)
  (:requirements :strips :typing)
  (:types place - object
          disc peg - place)
  (:predicates (on ?d - disc ?p - place)
               (clear ?p - place)
               (smaller ?d - disc ?p - place))
  (:action move
    :parameters (?d - disc ?from - place ?to - place)
    :precondition (and (on ?d ?from) (clear ?d) (clear ?to) (smaller ?d ?to))
    :effect (and (on ?d ?to) (clear ?from)
                 (not (on ?d ?from)) (not (clear ?to))))
)
"""
PROBLEM = """(define (problem two)
  (:domain hanoi)
  (:objects disk1 disk2 - disc
            a b c - peg)
  (:init (on disk1 disk2) (on disk2 a) (clear disk1) (clear b) (clear c)
         (smaller disk1 disk2) (smaller disk1 a) (smaller disk1 b) (smaller disk1 c)
         (smaller disk2 a) (smaller disk2 b) (smaller disk2 c))
  (:goal (and (on disk2 c) (on disk1 disk2)))
)
"""

# (what is broken, domain, problem, file with the error, line, column, words of the message)
BROKEN = [
    ("a ')' missing at the end", DOMAIN.rstrip()[:-1], PROBLEM, "domain", 2, 1, "never closed"),
    (
        "a ')' missing inside an action",
        DOMAIN.replace("(smaller ?d ?to))", "(smaller ?d ?to)"),
        PROBLEM,
        "domain",
        12,
        5,
        "found ':effect' (a ')' is probably missing before it)",
    ),
    ("a ')' too many", DOMAIN + ")", PROBLEM, "domain", 15, 1, "closes nothing"),
    ("a ';' inside a name", DOMAIN.replace("(on ?d ?to)", "(on;x ?d ?to)"), PROBLEM, "domain", 12, 21, "';'"),
    ("duplicate objects", DOMAIN, PROBLEM.replace("disk1 disk2 -", "disk1 disk2 disk1 -"), "problem", 3, 25, "twice"),
    ("a non-ASCII name", DOMAIN.replace("(clear ?p", "(cléar ?p"), PROBLEM, "domain", 7, 19, "ASCII"),
    ("an unknown predicate", DOMAIN, PROBLEM.replace("(clear b)", "(klear b)"), "problem", 5, 55, "'klear'"),
    ("an unknown object", DOMAIN, PROBLEM.replace("(on disk2 c)", "(on disk2 d)"), "problem", 8, 25, "object 'd'"),
    ("an unknown type", DOMAIN, PROBLEM.replace("- peg", "- pig"), "problem", 4, 21, "type 'pig'"),
    (
        "a wrong number of arguments",
        DOMAIN,
        PROBLEM.replace("(clear c)", "(clear c a)"),
        "problem",
        5,
        64,
        "takes 1 argument, found 2",
    ),
    (
        "an undeclared variable",
        DOMAIN.replace("(clear ?to) (smaller", "(clear ?too) (smaller"),
        PROBLEM,
        "domain",
        11,
        56,
        "?too",
    ),
    ("files swapped", PROBLEM, DOMAIN, "domain", 1, 9, "problem file"),
    (
        "another domain's problem",
        DOMAIN,
        PROBLEM.replace("(:domain hanoi)", "(:domain blocks)"),
        "problem",
        2,
        12,
        "'blocks'",
    ),
]


@pytest.mark.parametrize("what, domain, problem, where, line, column, words", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_pddl_is_located(what, domain, problem, where, line, column, words):
    with pytest.raises(InputError) as caught:
        check_task(domain, problem, "domain", "problem")
    error = caught.value
    assert (error.source, error.line, error.column) == (where, line, column), str(error)
    assert words in error.message


def test_the_plan_command_checks_before_any_planner_runs(tmp_path, capsys):
    domain, problem = tmp_path / "domain.pddl", tmp_path / "problem.pddl"
    domain.write_text(DOMAIN)
    problem.write_text(PROBLEM.replace("(on disk2 a)", "(on disk2 a"))
    assert main(["plan", str(domain), str(problem), "--planner", "pyperplan", "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "error" and data["file"] == str(problem) and data["line"] is not None
    assert "pyperplan" not in data["message"] and "Traceback" not in data["message"]
    problem.write_text(PROBLEM)
    assert main(["plan", str(domain), str(problem), "--planner", "pyperplan"]) == 0
    assert "(move disk2 a c)" in capsys.readouterr().out


def test_every_task_the_project_writes_passes_the_check():
    """No false alarm: each encoding of every instance in problems/ is accepted."""
    checked = 0
    for name in PUZZLES:
        puzzle = get_puzzle(name)
        for path in sorted((ROOT / "problems").rglob("*")):
            if path.suffix in puzzle.suffixes:
                levels = leveled(puzzle).levels(path.read_text(), str(path))
                _, instance = load(name, str(path), "1" if len(levels) > 1 else None)
                for task in encodings_of(puzzle).encodings(instance):
                    check_task(task.domain, task.problem, "domain", str(path))
                    checked += 1
    assert checked >= 30


def test_adl_and_numeric_pddl_are_accepted():
    domain = """(define (domain d) (:requirements :adl :action-costs)
      (:types block) (:constants table - block)
      (:predicates (on ?x ?y - block) (clear ?x - block))
      (:functions (total-cost) - number)
      (:action put :parameters (?x - block)
        :precondition (and (clear ?x) (not (= ?x table)) (forall (?y - block) (imply (on ?y ?x) (= ?y ?y))))
        :effect (and (on ?x table) (when (clear table) (not (clear ?x))) (increase (total-cost) 1))))"""
    problem = """(define (problem p) (:domain d) (:objects a b - block)
      (:init (clear a) (= (total-cost) 0)) (:goal (exists (?z - block) (on a ?z))) (:metric minimize (total-cost)))"""
    check_task(domain, problem, "domain", "problem")


NESTED = {
    "(and (on ?d ?from) (clear ?d) (clear ?to) (smaller ?d ?to))": (
        "(and (and (on ?d ?from) (clear ?d)) (and (clear ?to) (and (smaller ?d ?to))))"
    ),
    "(:goal (and (on disk2 c) (on disk1 disk2)))": "(:goal (and (and (on disk2 c)) (on disk1 disk2)))",
}


def nested(text: str) -> str:
    """DOMAIN or PROBLEM with its conjunctions nested in conjunctions."""
    for flat, deep in NESTED.items():
        text = text.replace(flat, deep)
    return text


def test_nested_conjunctions_are_spliced_and_flat_text_is_untouched():
    from puzzleplan.translator.pddl.syntax import flat_conjunctions

    assert flat_conjunctions(DOMAIN) == DOMAIN and flat_conjunctions(PROBLEM) == PROBLEM
    spliced = flat_conjunctions(nested(DOMAIN))
    assert "(and (and" not in spliced and "(and (on ?d ?from) (clear ?d) (clear ?to) (smaller ?d ?to))" in spliced
    assert flat_conjunctions(spliced) == spliced
    assert "(:goal (and (on disk2 c) (on disk1 disk2)))" in flat_conjunctions(nested(PROBLEM))
    assert flat_conjunctions("(define (domain d)") == "(define (domain d)"  # broken text is left to the checks


@pytest.mark.parametrize("planner", ["pyperplan", "graphplan"])
def test_pyperplan_based_planners_read_nested_conjunctions(tmp_path, capsys, planner):
    """pyperplan's parser takes `(and (and ...))` for a predicate named `and`; the task is spliced first."""
    domain, problem = tmp_path / "domain.pddl", tmp_path / "problem.pddl"
    domain.write_text(nested(DOMAIN))
    problem.write_text(nested(PROBLEM))
    assert main(["plan", str(domain), str(problem), "--planner", planner]) == 0
    assert "(move disk2 a c)" in capsys.readouterr().out
