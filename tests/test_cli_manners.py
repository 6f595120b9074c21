"""Command-line manners: every argument of every command has help text, shell completion answers through
argcomplete's own protocol (puzzle names, planner names, files) without importing unified-planning, and
a long search on a terminal shows what Fast Downward reports as it runs (never in piped output or --json)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from terminal_support import on_a_terminal

from puzzleplan.app.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def parsers(parser: argparse.ArgumentParser, path: str = "puzzleplan"):
    """(command path, parser) for the parser and every parser below it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            described = {choice.dest: choice.help for choice in action._choices_actions}
            for name, child in action.choices.items():
                if name in described:
                    yield from parsers(child, f"{path} {name}")


def test_every_argument_of_every_command_has_help():
    missing = []
    for path, parser in parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [f"{path} {choice.dest}" for choice in action._choices_actions if not choice.help]
            elif not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")
    assert not missing, "arguments without help: " + ", ".join(missing)


def test_plan_help_describes_both_files(capsys):
    with pytest.raises(SystemExit):
        main(["plan", "--help"])
    shown = capsys.readouterr().out
    assert "the PDDL domain file" in shown and "the PDDL problem file" in shown


def complete(line: str, tmp_path: Path, cwd: Path = ROOT) -> tuple[list[str], str]:
    """What the shell would offer for `line` (the cursor at its end), asked as bash asks through
    argcomplete's environment variables; and the modules the answering process imported."""
    answer = tmp_path / "answer"
    env = dict(
        os.environ,
        _ARGCOMPLETE="1",
        _ARGCOMPLETE_SHELL="bash",
        _ARGCOMPLETE_IFS="\013",
        _ARGCOMPLETE_STDOUT_FILENAME=str(answer),
        COMP_LINE=line,
        COMP_POINT=str(len(line)),
        COMP_TYPE="9",
    )
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "puzzleplan", *line.split()[1:]],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return answer.read_text().split("\013"), result.stderr


def test_completion_of_commands_puzzles_planners_and_files(tmp_path):
    offered, imported = complete("puzzleplan so", tmp_path)
    assert "solve" in [word.strip() for word in offered]
    offered, imported = complete("puzzleplan solve han", tmp_path)
    assert "hanoi" in [word.strip() for word in offered]
    assert "unified_planning" not in imported and "scipy" not in imported
    offered, _ = complete("puzzleplan plan a b --planner fd", tmp_path)
    assert {"fd", "fd-opt"} <= {word.strip() for word in offered}
    offered, _ = complete("puzzleplan solve problems/hanoi/see", tmp_path)
    assert "problems/hanoi/seed1.hanoi" in [word.strip() for word in offered]


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_the_completion_command_prints_the_shell_script(shell, capsys):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert "puzzleplan" in script and "_ARGCOMPLETE" in script


def test_the_completion_script_completes_in_bash(tmp_path):
    """bash itself, with the script sourced, completes `puzzleplan sol` to solve."""
    bash = "/bin/bash"
    if not Path(bash).exists():
        pytest.skip("no bash here")
    script = subprocess.run(
        [sys.executable, "-m", "puzzleplan", "completion", "bash"], capture_output=True, text=True, cwd=ROOT
    ).stdout
    (tmp_path / "puzzleplan").write_text(f'#!/bin/sh\nexec {sys.executable} -m puzzleplan "$@"\n')
    (tmp_path / "puzzleplan").chmod(0o755)
    probe = (
        f"{script}\nCOMP_WORDS=(puzzleplan sol); COMP_CWORD=1; COMP_LINE='puzzleplan sol'; COMP_POINT=14\n"
        '_python_argcomplete puzzleplan sol puzzleplan; echo "${COMPREPLY[@]}"'
    )
    env = dict(os.environ, PATH=f"{tmp_path}:{os.environ['PATH']}")
    result = subprocess.run([bash, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert "solve" in result.stdout.split(), result


@pytest.fixture(scope="module")
def depot(shared_data) -> list[str]:
    """A depot task that Fast Downward's blind A* takes seconds on."""
    folder = shared_data / "ipc" / "depot"
    if not (folder / "p03.pddl").exists():
        pytest.skip("IPC depot is absent")
    return [str(folder / "domain.pddl"), str(folder / "p03.pddl")]


def test_a_long_search_on_a_terminal_shows_fast_downwards_progress(depot):
    """Blind A* runs out of time on depot p03: the status line names Fast Downward's component as it runs
    (its translator can take seconds on a loaded machine) and, once the search runs, its f-layer and its
    expansions."""
    code, shown, _ = on_a_terminal("plan", *depot, "--planner", "fd:astar(blind())", "--timeout", "5")
    assert code == 4 and ("Fast Downward translating" in shown or "Fast Downward search" in shown), shown
    if "Fast Downward search" in shown:
        assert " expanded" in shown and "f = " in shown, shown
    assert shown.endswith("\r\x1b[K")


def test_fast_downwards_output_read_as_it_comes(depot):
    """The progress reader on Fast Downward's real output, line by line as processes.run hands it over."""
    from puzzleplan.common.processes import run
    from puzzleplan.planners.fast_downward import SearchProgress, driver_path

    progress, seen = SearchProgress(), []

    def read(line: str) -> None:
        progress.read(line)
        seen.append(progress.text())

    command = [
        sys.executable,
        str(driver_path()),
        depot[0],
        depot[1].replace("p03", "p01"),
        "--search",
        "astar(lmcut())",
    ]
    outcome = run(command, timeout=60, cwd=tempfile.mkdtemp(prefix="puzzleplan-test-"), on_line=read)
    assert outcome.returncode == 0 and "Solution found" in outcome.stdout
    assert "Fast Downward translating" in seen and any(text.startswith("Fast Downward search: ") for text in seen)
    assert progress.figures["expanded"] > 0 and progress.figures["f"] == 10  # depot p01's optimal cost


def test_no_progress_under_json_or_when_piped(depot):
    code, shown, out = on_a_terminal("plan", *depot, "--planner", "fd:astar(blind())", "--timeout", "1", "--json")
    assert code in (0, 4) and shown == "" and json.loads(out)["status"] in ("solved", "timeout")
    piped = subprocess.run(
        [sys.executable, "-m", "puzzleplan", "plan", *depot, "--planner", "fd:astar(blind())", "--timeout", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert "\r" not in piped.stderr and "Fast Downward search" not in piped.stderr
