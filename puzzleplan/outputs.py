"""Where the command line writes: output files and folders are checked before any work starts, so that a
run never ends in a traceback after its work is done (a plan solved for minutes, then lost)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from puzzleplan.translator.errors import InputError


def _existing_ancestor(path: Path) -> Path:
    """The nearest of `path`'s ancestors that exists (the current folder at worst)."""
    for parent in path.absolute().parents:
        if parent.exists():
            return parent
    return Path.cwd()


def check_output_file(path: str | None, what: str = "output file") -> Path | None:
    """The path of a file the command will write; InputError when it cannot be written there: it is a
    folder, its folder is missing or is a file, or the folder is not writable."""
    if path is None:
        return None
    target = Path(path)
    if target.is_dir():
        raise InputError(f"the {what} is a folder; give a file name, e.g. {target / 'plan.txt'}", str(path))
    folder = target.parent
    if not folder.exists():
        raise InputError(f"cannot write the {what}: the folder {folder} does not exist", str(path))
    if not folder.is_dir():
        raise InputError(f"cannot write the {what}: {folder} is a file, not a folder", str(path))
    if (target.exists() and not os.access(target, os.W_OK)) or not os.access(folder, os.W_OK):
        raise InputError(f"cannot write the {what}: permission denied", str(path))
    return target


def prepare_output_folder(path: str, what: str = "output folder") -> Path:
    """Create the folder the command will write into (with its parents); InputError when it cannot be
    one: a file of that name exists, or a file stands where one of its parents should be."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"the {what} is a file; give a folder name (it is created if missing)", str(path))
    if not folder.exists():
        ancestor = _existing_ancestor(folder)
        if not ancestor.is_dir():
            raise InputError(f"cannot create the {what}: {ancestor} is a file, not a folder", str(path))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot create the {what}: {error.strerror or error}", str(path)) from None
    if not os.access(folder, os.W_OK):
        raise InputError(f"cannot write into the {what}: permission denied", str(path))
    return folder


def silence_stdout() -> None:
    """Point stdout at /dev/null once its reader has gone (a closed pipe, as in `| head`), so that Python
    does not report a second BrokenPipeError when it flushes stdout at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
