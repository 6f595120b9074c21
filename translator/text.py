"""Shared reading of line-oriented native files: comments, numbered lines, `key:` sections."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from puzzleplan.common.errors import InputError, quote, tolerate
from puzzleplan.common.files import whole_number


class Line(NamedTuple):
    """A non-blank line with its 1-based number in the file."""

    number: int
    text: str


def content_lines(text: str, comment: str | None = "#") -> list[Line]:
    """The non-blank lines of `text`, comments removed, stripped, with their line numbers."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if comment is not None:
            raw = raw.split(comment, 1)[0]
        if raw.strip():
            lines.append(Line(number, raw.strip()))
    return lines


def sections(lines: list[Line], known: tuple[str, ...], source: str) -> dict[str, tuple[Line, list[Line]]]:
    """Split lines into `name:` sections; a header may carry a value after the colon (`pegs: A B C`).

    Returns {name: (header line, body lines)}; unknown or repeated headers and text before the first
    header are errors naming the line.
    """
    found: dict[str, tuple[Line, list[Line]]] = {}
    current: list[Line] | None = None
    for line in lines:
        head, colon, _ = line.text.partition(":")
        name = head.strip().lower()
        if colon and name in known:
            if name in found:
                raise InputError(f"section '{name}:' appears twice", source, line.number)
            current = []
            found[name] = (line, current)
        elif current is None:
            raise InputError(
                f"expected a section header ({', '.join(k + ':' for k in known)}), found {quote(line.text)}",
                source,
                line.number,
            )
        else:
            current.append(line)
    return found


def header_value(line: Line) -> str:
    """The text after the colon of a section header line."""
    return line.text.partition(":")[2].strip()


def choose_level(labels: list[str], level: str | None, source: str) -> int:
    """The index of the level that `level` names in a multi-level file: a label (case-insensitive, or
    the quoted title inside a label such as `44 'Duh!'`) or a 1-based number; without `level`, the file
    must hold one level. InputError saying what the file holds otherwise."""
    if not labels:
        raise InputError("no level found in the file", source)
    if level is None or level == "":
        return _the_only_level(labels, source)
    index = _level_named(labels, str(level).strip().lower())
    if index is not None:
        return index
    shown = ", ".join(labels[:5]) + ("..." if len(labels) > 5 else "")
    raise InputError(
        f"no level {level!r}: the file holds {len(labels)} levels (1..{len(labels)}), labelled {shown}", source
    )


def _level_named(labels: list[str], wanted: str) -> int | None:
    """The index of the level a label (or its quoted title) or a 1-based number names, labels first; None
    when none does."""
    for index, label in enumerate(labels):
        if wanted in _label_names(label):
            return index
    number = whole_number(wanted)
    return number - 1 if number is not None and 1 <= number <= len(labels) else None


def _the_only_level(labels: list[str], source: str) -> int:
    """0 for a file of one level; InputError asking for --level otherwise."""
    if len(labels) > 1:
        raise InputError(
            f"the file holds {len(labels)} levels; choose one with --level N (1-based) or --level 'title'", source
        )
    return 0


def _label_names(label: str) -> set[str]:
    """What a label answers to: itself, and the quoted title in labels like `44 'Duh!'`."""
    label = label.strip().lower()
    quoted = re.search(r"'([^']+)'|\"([^\"]+)\"", label)
    return {label} | ({quoted.group(1) or quoted.group(2)} if quoted else set())


_TITLE = re.compile(r"(?i)^problem\s*[0-9]+\s*:?$")
"""A problem's title as seed 003 writes it above each problem, `Problem 1`."""


def without_titles(lines: list[Line], source: str) -> list[Line]:
    """The lines without the `Problem N` titles that a problem copied from seed 003 carries (Tolerated)."""
    kept = [line for line in lines if not _TITLE.match(line.text)]
    if len(kept) < len(lines):
        first = next(line for line in lines if _TITLE.match(line.text))
        tolerate(f"the title {quote(first.text)} (as seed 003 heads its problems), left out", source, first.number)
    return kept


def printout_levels(text: str, is_move: Callable[[str], bool]) -> list[tuple[str, str]]:
    """The (move, state) blocks of a `successors` printout, a move line then the state it leads to, as
    (the move's line, the text with every other block's lines blanked so that errors keep their line
    numbers); [] when the text's first content line is not a move (not such a printout)."""
    lines = text.splitlines()
    starts = [number for number, line in enumerate(lines) if is_move(line.strip())]
    first = next((number for number, line in enumerate(lines) if line.strip()), None)
    if not starts or starts[0] != first:
        return []
    ends = [*starts[1:], len(lines)]
    return [
        (lines[start].strip(), "\n".join(line if start < number < end else "" for number, line in enumerate(lines)))
        for start, end in zip(starts, ends)
    ]


def printout_level(text: str, is_move: Callable[[str], bool], level: str | None, source: str) -> str | None:
    """The text of the state `level` picks in a `successors` printout (see printout_levels); None when the
    text is not such a printout."""
    blocks = printout_levels(text, is_move)
    if not blocks:
        return None
    return blocks[choose_level([label for label, _ in blocks], level, source)][1]
