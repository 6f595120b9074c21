"""Reading and writing the user's files: only regular files, UTF-8, a size bound, errors that name the file."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from puzzleplan.common.errors import InputError

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
    try:
        _check_regular(os.fstat(descriptor).st_mode, path)
    except InputError:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as file:  # only a regular file: fdopen refuses a folder's descriptor
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


def natural_key(text: str) -> list:
    """Sort key that orders disk2 before disk10 (text and number chunks alternate, so they never meet)."""
    return [int(chunk) if index % 2 else chunk for index, chunk in enumerate(re.split(r"([0-9]+)", text))]


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
