"""The PDDL tasks of `compare pddl DIR...` and `compare pddl DOMAIN PROBLEM...`: folders in the usual IPC
layouts (a `domain.pddl` beside its problems, or a domain per problem such as `p01-domain.pddl`,
`domain_p01.pddl` or `p01-airport1-p1.pddl` with `p01-domain.pddl`), each task read and checked (syntax
and requirements) before any planner runs, or, when that takes longer than a few seconds, by its runs under
their limits."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from puzzleplan.api.pddl_files import read_pddl
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import natural_key, read_file
from puzzleplan.common.limits import TimeLimitExceeded, time_limit

log = logging.getLogger(__name__)

PDDL = ".pddl"


def is_domain_file(path: Path) -> bool:
    """True for the names IPC folders give domain files: domain.pddl, p01-domain.pddl, domain_p01.pddl."""
    stem = path.stem.lower()
    return stem == "domain" or stem.endswith(("-domain", "_domain")) or stem.startswith(("domain-", "domain_"))


def domain_for(problem: Path) -> Path:
    """The domain file of a problem in an IPC folder: its own (p01-domain.pddl, domain_p01.pddl,
    p01.domain.pddl; for p01-airport1-p1.pddl also p01-domain.pddl), else the folder's domain.pddl."""
    stem, folder = problem.stem, problem.parent
    prefixes = [stem] + [stem[: match.start()] for match in re.finditer(r"[-_.]", stem)][::-1]
    for prefix in prefixes:
        for name in (
            f"{prefix}-domain",
            f"{prefix}_domain",
            f"domain_{prefix}",
            f"domain-{prefix}",
            f"{prefix}.domain",
        ):
            candidate = folder / (name + PDDL)
            if candidate.is_file():
                return candidate
    if (folder / "domain.pddl").is_file():
        return folder / "domain.pddl"
    raise InputError(
        "no domain file for this problem: expected domain.pddl beside it, or one named after it such as "
        f"{stem}-domain.pddl or domain_{stem}.pddl",
        str(problem),
    )


def folder_tasks(folder: Path) -> list[tuple[Path, Path]]:
    """(domain, problem) of every problem in an IPC folder, in natural order of the problems' names."""
    problems = sorted(
        (path for path in folder.iterdir() if path.suffix.lower() == PDDL and not is_domain_file(path)),
        key=lambda path: natural_key(path.name),
    )
    if not problems:
        raise InputError("no PDDL problems (*.pddl besides the domain files) in the folder", str(folder))
    return [(domain_for(problem), problem) for problem in problems]


def pddl_tasks(paths: list[str], strict: bool = False) -> list[tuple[str, Path, Path]]:
    """(domain group, domain, problem) of `DIR...` (the folder's name is the group) or of `DOMAIN PROBLEM...`
    (the domain's own name is the group); every task read and checked (strictly under `strict`) before
    anything runs."""
    found = _named_tasks(paths)
    for _, domain, problem in found:
        checked_briefly(domain, problem, strict)
    return found


CHECK_SECONDS = 5.0
"""Seconds the compare command spends reading and checking one task before any run: a task that takes longer
(a 30 MB problem took 97 s and 2 GB) is checked by each of its runs instead, under the runs' limits."""


def checked_briefly(domain: Path, problem: Path, strict: bool = False) -> None:
    """Read and check a task within CHECK_SECONDS (InputError for bad input; strictly under `strict`); a task
    that needs longer is left to its runs, which read and check it under their own time and memory limits."""
    try:
        with time_limit(CHECK_SECONDS):
            read_pddl(str(domain), str(problem), strict=strict)
    except TimeLimitExceeded:
        log.info("%s: checked by its runs, under their limits (longer than %g s to check)", problem, CHECK_SECONDS)


def _named_tasks(paths: list[str]) -> list[tuple[str, Path, Path]]:
    """(domain group, domain, problem) of the folders, or of the domain file and its problems."""
    if not paths:
        raise InputError("compare pddl needs folders of IPC tasks, or a domain file and its problems", "command line")
    folders = [Path(path) for path in paths if Path(path).is_dir()]
    if len(folders) == len(paths):
        return _grouped_by_folder(folders)
    if not folders and len(paths) >= 2:
        domain = Path(paths[0])
        return [(_domain_name(domain), domain, Path(problem)) for problem in paths[1:]]
    raise InputError(
        "expected folders only (compare pddl DIR...) or a domain file and its problems "
        f"(compare pddl DOMAIN PROBLEM...), found {' '.join(paths)}",
        "command line",
    )


def _grouped_by_folder(folders: list[Path]) -> list[tuple[str, Path, Path]]:
    """(the folder's name, domain, problem) of every task of the IPC folders."""
    return [(folder.resolve().name, domain, problem) for folder in folders for domain, problem in folder_tasks(folder)]


def _domain_name(path: Path) -> str:
    """The name in a domain file's (define (domain NAME) ...), or the file's name when there is none."""
    match = re.search(r"\(\s*domain\s+([^\s()]+)", read_file(path), re.IGNORECASE)
    return match.group(1).lower() if match else path.stem
