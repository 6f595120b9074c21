"""Where the command line writes: output files and folders are checked before any work starts, so that a
run never ends in a traceback after its work is done (a plan solved for minutes, then lost)."""

from __future__ import annotations

import atexit
import errno
import fcntl
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from puzzleplan.common.errors import InputError


def _existing_ancestor(path: Path) -> Path:
    """The nearest of `path`'s ancestors that exists (the current folder at worst)."""
    for parent in path.absolute().parents:
        if parent.exists():
            return parent
    return Path.cwd()


def check_output_file(path: str | None, what: str = "output file", inputs: Iterable[str | None] = ()) -> Path | None:
    """The path of a file the command will write; InputError when it cannot be written there: it is a
    folder (or is written as one, `missing/`), it is one of the command's `inputs`, its folder is missing
    or is a file, or the folder is not writable."""
    if path is None:
        return None
    target = Path(path)
    if target.is_dir() or path.endswith(("/", os.sep)):
        raise InputError(f"the {what} names a folder; give a file name, e.g. {target / 'plan.txt'}", str(path))
    check_not_input(target, inputs, what)
    _check_read_if_fifo(target, what)
    folder = target.parent
    _check_folder(folder, what, path)
    if (target.exists() and not os.access(target, os.W_OK)) or not os.access(folder, os.W_OK):
        raise InputError(f"cannot write the {what}: permission denied", str(path))
    return target


def _check_read_if_fifo(target: Path, what: str) -> None:
    """InputError for a FIFO that no process reads: writing it would wait for a reader for ever."""
    if not target.is_fifo():
        return
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        raise InputError(f"the {what} is a FIFO (a named pipe) that no process reads", str(target)) from None


def _check_folder(folder: Path, what: str, path: str) -> None:
    """InputError unless the folder of an output file exists and is a folder."""
    if not folder.exists():
        raise InputError(f"cannot write the {what}: the folder {folder} does not exist", str(path))
    if not folder.is_dir():
        raise InputError(f"cannot write the {what}: {folder} is a file, not a folder", str(path))


def check_not_input(target: Path, inputs: Iterable[str | None], what: str = "output file") -> None:
    """InputError when `target` is one of the files the command reads: writing it would destroy an input."""
    for source in inputs:
        if source and Path(source).exists() and target.exists() and os.path.samefile(source, target):
            message = f"the {what} is the input file {source}: writing it would overwrite the input"
            raise InputError(message, str(target))


def check_writable_files(folder: Path, names: Iterable[str], what: str = "report") -> None:
    """InputError unless the files `names` can be written in `folder`: none of them is a folder, and a
    file can be created there (tried, which finds a read-only disk as well as a missing permission)."""
    for name in names:
        if (folder / name).is_dir():
            raise InputError(f"cannot write the {what}: {folder / name} is a folder", str(folder))
    import tempfile  # here: most commands write no folder

    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise InputError(f"cannot write the {what} in this folder: {error.strerror or error}", str(folder)) from None


def prepare_output_folder(path: str, what: str = "output folder") -> Path:
    """Create the folder the command will write into (with its parents); InputError when it cannot be
    one: a file of that name exists, or a file stands where one of its parents should be."""
    folder = Path(path)
    _check_can_be_folder(folder, what, path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot create the {what}: {error.strerror or error}", str(path)) from None
    if not os.access(folder, os.W_OK):
        raise InputError(f"cannot write into the {what}: permission denied", str(path))
    return folder


def _check_can_be_folder(folder: Path, what: str, path: str) -> None:
    """InputError when a folder cannot be there: a file of that name exists, or a file stands where one of
    its parents should be."""
    if folder.exists():
        if not folder.is_dir():
            raise InputError(f"the {what} is a file; give a folder name (it is created if missing)", str(path))
        return
    ancestor = _existing_ancestor(folder)
    if not ancestor.is_dir():
        raise InputError(f"cannot create the {what}: {ancestor} is a file, not a folder", str(path))


LOCK = ".puzzleplan.lock"
"""The file in an output folder that a command holds a lock on while it writes there."""


@contextmanager
def folder_lock(folder: Path, command: str) -> Iterator[None]:
    """Hold the folder's lock for the block; InputError at once when another process holds it (two runs
    appending to one results file would duplicate every row). The lock goes with the process, however
    it ends (fcntl.flock)."""
    with open(folder / LOCK, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise InputError(
                f"{holder} is writing into this folder; wait for it to end or choose another folder", str(folder)
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{command} (pid {os.getpid()})")
        handle.flush()
        try:
            yield
        finally:
            handle.truncate(0)


def silence_stdout() -> None:
    """Point stdout at /dev/null once its reader has gone (a closed pipe, as in `| head`), so that Python
    does not report a second BrokenPipeError when it flushes stdout at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


WRITE_FAILURES = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS, errno.EPIPE)
"""What the world does to a command's output: a full device or disk, a file-size limit, a failing disk, a
closed reader."""


def write_failure(error: BaseException) -> bool:
    """Whether an exception is the output's write failing (see WRITE_FAILURES), not a bug."""
    return isinstance(error, OSError) and error.errno in WRITE_FAILURES


def output_lost(error: OSError, program: str, code: int) -> int:
    """Say on stderr that the output could not be written (nothing for a reader that left, as in `| head`),
    point stdout at /dev/null so that nothing tries again; the exit status: `code`, or 1 when it was 0 and
    the output is lost."""
    silence_stdout()
    if isinstance(error, BrokenPipeError):
        return code
    try:
        print(f"{program}: cannot write the output: {error.strerror or error}", file=sys.stderr, flush=True)
    except OSError:  # stderr is gone too: the exit status says it
        pass
    return code or 1


def flushed(code: int, program: str) -> int:
    """`code` once stdout is flushed (see output_lost for a flush that fails)."""
    try:
        sys.stdout.flush()
    except OSError as error:
        return output_lost(error, program, code)
    return code


def guarded_output(program: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """A command's main(argv) that never ends in a traceback for its output: a write that fails (a full
    device, a closed pipe) is said in one line on stderr, and stdout is flushed before the status returns."""

    def wrap(main: Callable[..., int]) -> Callable[..., int]:
        @functools.wraps(main)
        def run(*args: Any, **kwargs: Any) -> int:
            try:
                code = main(*args, **kwargs)
            except OSError as error:
                if not write_failure(error):
                    raise
                return output_lost(error, program, 0)
            return flushed(code, program)

        return run

    return wrap


def leave(code: int) -> NoReturn:
    """End the process now with `code`, after the exit handlers (temporary folders, logging), without the
    interpreter's teardown: freeing a large run's objects one by one took seconds past the time limit after
    the result was printed. Output is flushed first (see flushed)."""
    atexit._run_exitfuncs()  # noqa: SLF001 - what sys.exit would run, before os._exit skips the rest
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def check_distinct_outputs(outputs: dict[str, str | None]) -> None:
    """InputError when two of a command's output options (option -> path) name the same file: the second
    written would replace the first (an --animate page over the --plan-out plan)."""
    seen: dict[str, str] = {}
    for option, path in outputs.items():
        if not path:
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise InputError(f"{seen[key]} and {option} name the same file; give each its own", path)
        seen[key] = option
