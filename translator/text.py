"""Shared reading of line-oriented native files: comments, numbered lines, `key:` sections."""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from puzzleplan.translator.errors import InputError


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


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def whole_number(text: str) -> int | None:
    """The integer `text` writes in ASCII digits, with an optional leading '-'; None for anything else.

    Python's int() and str.isdigit() accept more than a file format means by a number: `²` and `④` are
    digits to isdigit() but int() refuses them, and int() reads Arabic-Indic digits, `+3`, `1_000` and
    surrounding spaces. Every native format reads its numbers through this function instead. A minus
    sign before zero (`-0`) is refused too: it is no number a file means (read as 0 it was a blank tile)."""
    if not _WHOLE_NUMBER.fullmatch(text) or (text.startswith("-") and not text.strip("-0")):
        return None
    return int(text)


def count_number(text: str) -> int | None:
    """A count (0, 1, 2, ...) written in ASCII digits, no sign; None for anything else."""
    number = whole_number(text)
    return number if number is not None and not text.startswith("-") else None


QUOTE_LIMIT = 60
"""Characters of a line that an error message quotes before it shortens the rest to '...'."""


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` in quotes for an error message, shortened when longer than `limit` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


MAX_INPUT = 32 * 1024 * 1024
"""Bytes an input file may hold (the largest real puzzle and PDDL files hold under 1 MiB): a bigger file is
bad input before any work, as a parse of it would run for minutes and take gigabytes."""


def read_file(path: str | os.PathLike[str]) -> str:
    """The text of a UTF-8 file (a byte-order mark dropped), or InputError naming it. Only regular files
    are read: a FIFO, a device or a socket would block or never end, so they are refused at once, as are
    files over MAX_INPUT bytes."""
    data = _read_regular(os.fspath(path))
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(f"expected UTF-8 text, found the byte 0x{data[error.start]:02x}", str(path), line) from None


def _read_regular(path: str) -> bytes:
    """The bytes of a regular file of at most MAX_INPUT bytes; InputError otherwise (opened without
    blocking, so that a FIFO with no writer is refused rather than waited on)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise InputError(f"cannot read the file: {error.strerror or error}", path) from None
    with os.fdopen(descriptor, "rb") as file:
        _check_regular(os.fstat(descriptor).st_mode, path)
        try:
            data = file.read(MAX_INPUT + 1)
        except OSError as error:
            raise InputError(f"cannot read the file: {error.strerror or error}", path) from None
    if len(data) > MAX_INPUT:
        raise InputError(f"the file is larger than {MAX_INPUT // 2**20} MiB, more than any puzzle or task needs", path)
    return data


def _check_regular(kind: int, path: str) -> None:
    """InputError for a file mode that is not a regular file's, naming what the file is."""
    if stat.S_ISDIR(kind):
        raise InputError("cannot read the file: it is a folder", path)
    if not stat.S_ISREG(kind):
        raise InputError(f"cannot read the file: it is {_KINDS.get(stat.S_IFMT(kind), 'not a regular file')}", path)


_KINDS = {
    stat.S_IFIFO: "a FIFO (a named pipe), not a regular file",
    stat.S_IFCHR: "a character device, not a regular file",
    stat.S_IFBLK: "a block device, not a regular file",
    stat.S_IFSOCK: "a socket, not a regular file",
}


def write_file(path: str | Path, text: str) -> None:
    """Write UTF-8 text to a file, or InputError naming it (a missing folder, no permission, a full disk)."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write the file: {error.strerror or error}", str(path)) from None


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


def natural_key(text: str) -> list:
    """Sort key that orders disk2 before disk10 (text and number chunks alternate, so they never meet)."""
    return [int(chunk) if index % 2 else chunk for index, chunk in enumerate(re.split(r"([0-9]+)", text))]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """' (did you mean X?)' when `word` looks like a misspelling of one of `known`, else ''."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
