"""The documentation stays true to the command line: every `puzzleplan`, `graphplan`, `maxconnect4` and
`check_true_false` command in the code blocks of README.md and docs/*.md parses with the commands' own
argument parsers (puzzles, planners and generator options included), the project files it names exist, and
every relative link points at a file (and heading) that exists. A usage synopsis (`maxconnect4 one-move
INPUT OUTPUT DEPTH`) is not a command."""

from __future__ import annotations

import contextlib
import glob
import io
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PREFIXES = ("/usr/bin/time", "time", "do", "then")
"""Words that may stand before a command (`/usr/bin/time puzzleplan ...`, `for ...; do puzzleplan ...`)."""


def code_lines(page: Path) -> list[tuple[int, str]]:
    """(line number, text) of the lines in the page's fenced code blocks, continuation lines joined."""
    lines, inside, pending, start = [], False, "", 0
    for number, raw in enumerate(page.read_text().splitlines(), start=1):
        if raw.lstrip().startswith("```"):
            inside = not inside
            continue
        if not inside:
            continue
        if not pending:
            start = number
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        lines.append((start, pending + raw))
        pending = ""
    return lines


def commands(page: Path, program: str) -> list[tuple[int, list[str]]]:
    """The words of every `program ...` command in the page's code blocks (after &&, ;, | or a prefix)."""
    found = []
    for number, line in code_lines(page):
        for segment in re.split(r"&&|\|\||;|\|", line.split(" # ")[0]):
            try:
                words = shlex.split(segment, comments=True)
            except ValueError:
                continue  # a fragment of a multi-line python -c "..." string
            while words and (words[0] in PREFIXES or re.fullmatch(r"[A-Z_]+=\S*", words[0])):
                words = words[1:]
            if words and words[0] == program:
                found.append((number, words[1:]))
    return found


def _cases(program: str) -> list:
    return [
        pytest.param(page, number, words, id=f"{page.name}:{number}")
        for page in PAGES
        for number, words in commands(page, program)
    ]


def _parse(parser, words: list[str]):
    """parse_known_args without exiting; the argparse message on failure."""
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        try:
            return parser.parse_known_args(words)
        except SystemExit:
            pytest.fail(stderr.getvalue().strip())


def _check_paths(words: list[str]) -> None:
    """Project files the command names exist; public data is checked when ../shared/data is present."""
    for word in words:
        value = word.split("=", 1)[-1]
        if "$" in value:
            continue  # a shell variable: the loop's files
        if value.startswith(("problems/", "docs/", "logic/")) or (
            value.startswith("../shared/data/") and (ROOT.parent / "shared" / "data").is_dir()
        ):
            assert glob.glob(str(ROOT / value)), f"no such file: {value}"


def test_the_pages_have_commands():
    assert len(_cases("puzzleplan")) > 50 and _cases("graphplan")


def _pddl_validate(args) -> bool:
    """True for `validate [pddl] DOMAIN PROBLEM PLAN` (plain PDDL, no puzzle)."""
    from puzzleplan.app.pddl_validate import pddl_triple

    return args.command == "validate" and pddl_triple(args)


@pytest.mark.parametrize("page, number, words", _cases("puzzleplan"))
def test_puzzleplan_commands_parse(page, number, words):
    from puzzleplan.api.catalogue import check_planner
    from puzzleplan.app.arguments import generator_options as _options
    from puzzleplan.app.cli import build_parser
    from puzzleplan.planners.registry import split_planners
    from puzzleplan.translator.puzzle import read_options
    from puzzleplan.translator.registry import PUZZLES, get_puzzle

    args, extra = _parse(build_parser(), words)
    if extra:
        assert getattr(args, "accepts_options", False), f"unrecognized arguments: {extra}"
        puzzle = get_puzzle(args.puzzle)
        read_options(puzzle.name, puzzle.generator_options, _options(extra))
    if getattr(args, "puzzle", None) and args.puzzle != "graphplan" and not _pddl_validate(args):
        assert args.puzzle in PUZZLES
    for name in [getattr(args, "planner", None)] + split_planners(getattr(args, "planners", None) or ""):
        if name and not name.startswith("$"):
            check_planner(name)
    if args.command == "compare":
        assert args.items[0] in [*PUZZLES, "pddl"]
    _check_paths(words)


@pytest.mark.parametrize("page, number, words", _cases("graphplan"))
def test_graphplan_commands_parse(page, number, words):
    from puzzleplan.app.graphplan_cli import build_parser

    _parse(build_parser(), words)
    _check_paths(words)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of the page's headings (outside code blocks)."""
    found, inside = set(), False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_relative_links_work(page):
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.DOTALL)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: broken link {target}"
        if anchor:
            assert anchor in anchors(linked), f"{page.name}: no heading for {target}"


def _run_words(words: list[str]) -> list[str] | None:
    """The words of a command up to a redirection; None for a usage synopsis (a word in capitals or in
    brackets stands for what the user fills in)."""
    for index, word in enumerate(words):
        if word.startswith((">", "2>", "<")):
            words = words[:index]
            break
    if any(re.fullmatch(r"[A-Z][A-Z_]*", word) or word.startswith("[") for word in words):
        return None
    return words


def _program_cases() -> list:
    return [
        pytest.param(program, page, number, words, id=f"{program}:{page.name}:{number}")
        for program in ("maxconnect4", "check_true_false")
        for page, number, words in (case.values for case in _cases(program))
        if _run_words(words) is not None
    ]


def test_the_pages_have_commands_of_the_two_programs():
    assert {case.values[0] for case in _program_cases()} == {"maxconnect4", "check_true_false"}


@pytest.mark.parametrize("program, page, number, words", _program_cases())
def test_two_programs_commands_parse(program, page, number, words):
    from puzzleplan.games.maxconnect4 import build_parser as maxconnect4_parser
    from puzzleplan.logic.cli import build_parser as check_true_false_parser

    parser = {"maxconnect4": maxconnect4_parser, "check_true_false": check_true_false_parser}[program]()
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            parser.parse_args(_run_words(words))
        except SystemExit as stop:  # --help, --show-rules: exit 0 after printing
            assert stop.code == 0, stderr.getvalue().strip()
    _check_paths(words)
