"""Shell completion of the `puzzleplan` command line (bash and zsh) by argcomplete: command names and
options, puzzle names, planner names and files. The shell asks through argcomplete's environment variables
(`_ARGCOMPLETE`, `COMP_LINE`, `COMP_POINT`); argcomplete is imported only then, and the completers read
only the puzzle and planner tables (no planner, no unified-planning), so a TAB answers fast.
`puzzleplan completion bash` (or `zsh`) prints the script a shell sources to complete puzzleplan."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable

from puzzleplan import api

FAMILIES = ("fd:", "pyperplan:", "native-astar:", "native-idastar:", "up:")
"""The open planner families, completed as prefixes."""
SHELLS = ("bash", "zsh")


def puzzle_names(prefix: str, **_: object) -> list[str]:
    """Puzzle names starting with the prefix (and `pddl`, `graphplan`, which validate and translate take)."""
    return [name for name in [*api.puzzles(), "pddl", "graphplan"] if name.startswith(prefix)]


def planner_names(prefix: str, **_: object) -> list[str]:
    """Planner names (and the open families' prefixes) starting with the prefix."""
    return [name for name in [*api.planners(), *FAMILIES] if name.startswith(prefix)]


def _files(prefix: str) -> list[str]:
    """Files and folders starting with the prefix (folders with a trailing slash)."""
    import argcomplete

    return list(argcomplete.completers.FilesCompleter()(prefix))


def puzzle_or_file(prefix: str, **_: object) -> list[str]:
    """A puzzle name, or a file whose suffix names the puzzle (`solve seed1.hanoi`)."""
    return puzzle_names(prefix) + _files(prefix)


COMPLETERS: dict[str, Callable[..., Iterable[str]]] = {
    "puzzle": puzzle_or_file,
    "planner": planner_names,
    "planners": planner_names,
}
"""The completer of each argument, by its dest; files are argcomplete's default."""


def _subparsers(parser: argparse.ArgumentParser) -> Iterable[argparse.ArgumentParser]:
    """The parser and every parser below it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _subparsers(child)


def attach_completers(parser: argparse.ArgumentParser) -> None:
    """Give each argument named in COMPLETERS its completer (argcomplete reads `action.completer`)."""
    for each in _subparsers(parser):
        for action in each._actions:
            if action.dest in COMPLETERS:
                action.completer = COMPLETERS[action.dest]  # type: ignore[attr-defined]


def complete(parser: argparse.ArgumentParser) -> None:
    """Answer the shell's completion request, when this run is one (argcomplete then exits); else nothing."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete

    attach_completers(parser)
    argcomplete.autocomplete(parser)


def shell_script(shell: str) -> str:
    """The script that makes `shell` (bash or zsh) complete puzzleplan (what register-python-argcomplete
    prints)."""
    import argcomplete

    return argcomplete.shellcode(["puzzleplan"], shell=shell)


def cmd_completion(args: argparse.Namespace) -> int:
    """Print the shell's completion script: `eval "$(puzzleplan completion bash)"`."""
    print(shell_script(args.shell), end="")
    return 0


def add_command(commands: argparse._SubParsersAction) -> None:
    """The `completion bash|zsh` command."""
    p = commands.add_parser(
        "completion",
        help="print the shell script that completes puzzleplan's commands, puzzles, planners and files",
        description='bash: eval "$(puzzleplan completion bash)" (or put it in ~/.bashrc); '
        'zsh: eval "$(puzzleplan completion zsh)" in ~/.zshrc',
    )
    p.add_argument("shell", choices=SHELLS, help="the shell: bash or zsh")
    p.set_defaults(run=cmd_completion)
