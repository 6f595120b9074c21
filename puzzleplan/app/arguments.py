"""The command line's argument reading: an argparse parser that reports usage errors as exceptions (so
that --json can print them as JSON), --version, generator options, and the puzzle told by a file's suffix."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from puzzleplan import api
from puzzleplan.api.catalogue import GeneratorOption, describe, puzzle_for_file
from puzzleplan.common.errors import InputError


def generator_options(extra: list[str]) -> dict[str, str]:
    """Generator options from `--key value`, `--key=value` and `--flag` words."""
    options: dict[str, str] = {}
    key = None
    for word in extra:
        if word.startswith("--"):
            key, equals, value = word[2:].partition("=")
            options[key] = value if equals else "1"
            key = None if equals else key
        elif key is not None:
            options[key] = word
            key = None
        else:
            raise InputError(f"unexpected argument {word!r}: generator options are --name value", "command line")
    return options


class UsageError(Exception):
    """A command line that argparse cannot read: its message and the command's usage line."""

    def __init__(self, message: str, usage: str) -> None:
        super().__init__(message)
        self.message, self.usage = message, usage


class Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of exiting (so --json can report it as JSON), and whose
    epilog may be computed when the help is shown (`epilog_of`)."""

    epilog_of: Callable[[], str] | None = None

    def error(self, message: str):
        """Raise UsageError instead of printing and exiting."""
        raise UsageError(message, self.format_usage())

    def format_help(self) -> str:
        """The help, with the epilog computed now when there is a function for it."""
        if self.epilog_of is not None:
            self.epilog = self.epilog_of()
        return super().format_help()


class VersionAction(argparse.Action):
    """--version: the installed distribution's version, looked up only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("puzzleplan")
        except PackageNotFoundError:
            number = "unknown (not installed)"
        print(f"puzzleplan {number}")
        parser.exit()


def generator_help() -> str:
    """Every puzzle's generator options, for `generate --help`."""
    lines = ["generator options (generate PUZZLE --name value):"]
    for name in api.puzzles():
        declared = describe(name).generator_options
        if not declared:
            lines.append(f"  {name}: no generator")
            continue
        lines.append(f"  {name}:")
        lines += [_option_line(option) for option in declared]
    return "\n".join(lines)


def _option_line(option: GeneratorOption) -> str:
    """One generator option's help line: `--name VALUE  help (default ..., at most ...)`."""
    if option.kind is bool:
        value, notes = "", []
    else:
        value = " " + (option.name.upper() if not option.choices else "|".join(option.choices))
        notes = [] if option.default is None else [f"default {option.default}"]
    notes += [] if option.maximum is None else [f"at most {option.maximum:,}"]
    return f"    --{option.name}{value}  {option.help}" + (f" ({', '.join(notes)})" if notes else "")


def _pddl_validate(args: argparse.Namespace) -> bool:
    """True for `validate DOMAIN PROBLEM PLAN` (plain PDDL, no puzzle to resolve)."""
    if getattr(args, "command", None) != "validate":
        return False
    from puzzleplan.app.pddl_validate import pddl_triple

    return pddl_triple(args)


def resolve_puzzle(args: argparse.Namespace) -> None:
    """Fill in the puzzle of `[PUZZLE] FILE` from the file's suffix when it was left out (for validate's
    `[PUZZLE] FILE PLAN...` too); a first word that is no puzzle name but a file means two files were
    given where one is expected."""
    if getattr(args, "file", None) is None or not hasattr(args, "puzzle") or _pddl_validate(args):
        return
    if args.puzzle is None:
        if args.file in api.puzzles():
            raise InputError(f"{args.file!r} is a puzzle name: give the instance file after it", "command line")
        args.puzzle = puzzle_for_file(args.file)
    elif args.puzzle not in api.puzzles() and args.puzzle != "graphplan":
        _file_first(args)


def _file_first(args: argparse.Namespace) -> None:
    """A first word that is no puzzle name: validate FILE PLAN... (the words shift by one, the puzzle told by
    the file's suffix), or two files where the command takes one instance (bad input)."""
    if isinstance(getattr(args, "plan", None), list):
        args.plan, args.file = [args.file, *args.plan], args.puzzle  # validate FILE PLAN: the words shift by one
        args.puzzle = puzzle_for_file(args.file)
    elif Path(args.puzzle).suffix:
        raise InputError(
            f"expected [PUZZLE] FILE, found two files: {args.puzzle} {args.file} ({args.command} takes one instance)",
            "command line",
        )
