"""Fast Downward, the binary that up-fast-downward ships, run through its driver script."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.common.processes import Outcome, memory_exhausted, output_summary, reproducible_environment, run
from puzzleplan.common.progress import live, say
from puzzleplan.planners.base import PlanResult, Proof, Status
from puzzleplan.translator.pddl.task import PddlTask, read_plan, task_files

ALIASES = {"lama-first": ["--alias", "lama-first"]}
OPTIMAL_SEARCHES = ("astar(lmcut())", "astar(blind())", "astar(hmax())", "astar(ipdb())")
HMAX_READS = frozenset({":conditional-effects", ":existential-preconditions"})
"""What h^max reads beyond LM-cut's fragment and stays admissible: conditional effects, and existential
preconditions (Fast Downward's translator makes their variables the action's parameters: no axioms)."""

# https://www.fast-downward.org/ExitCodes
_UNSOLVABLE = {10, 11, 12}
_INCOMPLETE = 12
"""SEARCH_UNSOLVED_INCOMPLETE: an incomplete search ended without a plan, which proves nothing."""
_MEMOUT = {20, 22, 24}
_USAGE_ERRORS = {33, 36}
"""SEARCH_INPUT_ERROR and DRIVER_INPUT_ERROR: the search string (the user's words) is wrong."""


def _unsolvable(code: int, elapsed: float, expanded: int | None) -> PlanResult:
    """An unsolvable ending: proved, unless the search was incomplete (exit code 12)."""
    if code == _INCOMPLETE:
        message = "fast downward found no plan, but its search is incomplete: this is no proof that none exists"
        return PlanResult(Status.UNSOLVABLE, search_time=elapsed, expanded=expanded, message=message)
    return PlanResult(Status.UNSOLVABLE, search_time=elapsed, expanded=expanded, proved=Proof.UNSOLVABLE)


def driver_path() -> Path | None:
    """The fast-downward.py driver inside the up_fast_downward package, if installed."""
    spec = importlib.util.find_spec("up_fast_downward")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "downward" / "fast-downward.py"
    return path if path.exists() else None


class FastDownward:
    """Fast Downward with a search alias (lama-first) or any search string, e.g. astar(lmcut())."""

    puzzles = None

    ADL = frozenset(
        {
            ":strips",
            ":typing",
            ":negative-preconditions",
            ":disjunctive-preconditions",
            ":equality",
            ":existential-preconditions",
            ":universal-preconditions",
            ":quantified-preconditions",
            ":conditional-effects",
            ":adl",
            ":derived-predicates",
            ":action-costs",
        }
    )
    WITHOUT_AXIOMS = frozenset({":strips", ":typing", ":negative-preconditions", ":equality", ":action-costs"})
    """Fast Downward turns disjunctive and quantified conditions into axioms, and reads derived predicates
    as axioms; LM-cut, the PDB heuristics, merge-and-shrink and operator counting refuse them. Searches
    that use those get the task compiled (or unsupported, for derived predicates)."""

    def __init__(self, search: str = "lama-first", name: str = "fd") -> None:
        self.search = search
        self.name = name
        self.note = ""
        """Said with the result: why this configuration runs (configured_for)."""
        self.optimal = search.replace(" ", "") in OPTIMAL_SEARCHES
        refuses_axioms = re.search(r"lmcut|pdb|merge_and_shrink|operatorcounting", search)
        self.fragment = self.WITHOUT_AXIOMS if refuses_axioms else self.ADL

    def configured_for(self, task: PddlTask) -> FastDownward | None:
        """For an optimal search whose heuristic refuses what the task uses (LM-cut and the PDB heuristics
        take neither conditional effects nor axioms): the admissible configuration that reads the task as it
        is: A* with h^max for conditional effects, blind A* when the task has axioms (quantified or
        disjunctive conditions, derived predicates), for which h^max is not admissible. None for a
        satisficing search, or one that already reads everything."""
        if not self.optimal or self.fragment == self.ADL:
            return None
        beyond = _used(task) - self.WITHOUT_AXIOMS
        search = "astar(hmax())" if beyond <= HMAX_READS else "astar(blind())"
        configured = FastDownward(search, self.name)
        configured.note = (
            f"{self.search} does not read {' '.join(sorted(beyond)) or 'this task'}, and no compilation brought "
            f"the task to what it reads: ran {search} instead (admissible: the plan is optimal)"
        )
        return configured

    def available(self) -> tuple[bool, str]:
        """Available when up-fast-downward is installed."""
        return (True, "") if driver_path() else (False, "install up-fast-downward")

    def command(self, domain: Path, problem: Path, plan: Path, limits: Limits) -> list[str]:
        """The driver command line for one run."""
        command = [
            sys.executable,
            str(driver_path()),
            "--plan-file",
            str(plan),
        ]  # no --overall-time-limit: the driver's limits are whole CPU seconds; run() keeps wall-clock time
        if limits.memory_mb:
            command += ["--overall-memory-limit", f"{limits.memory_mb}M"]
        if self.search in ALIASES:
            return command + ALIASES[self.search] + [str(domain), str(problem)]
        return command + [str(domain), str(problem), "--search", self.search]

    def solve(self, task: PddlTask, limits: Limits) -> PlanResult:
        """Run Fast Downward on the task and read its plan file."""
        with task_files(task, "puzzleplan-fd-") as (work, domain, problem):
            plan = work / "plan"
            command = self.command(domain, problem, plan, limits)
            on_line = SearchProgress().read if live() else None  # its progress on the status line
            outcome = run(command, timeout=limits.timeout, cwd=work, env=reproducible_environment(), on_line=on_line)
            if outcome.timed_out:  # the figures of its last progress line
                figures = {"bound": _last_int(r"\] f = (\d+)", outcome.stdout)}
                expanded = _last_int(r"(\d+) expanded", outcome.stdout)
                return PlanResult(Status.TIMEOUT, search_time=outcome.elapsed, expanded=expanded, figures=figures)
            result = self._result(outcome, plan, limits)
            result.message = "; ".join(filter(None, (self.note, result.message)))
            return result

    def _result(self, outcome: Outcome, plan: Path, limits: Limits) -> PlanResult:
        """The result of a run that ended in time: memout, unsolvable, bad search string (InputError), a
        failure, or the plan it wrote."""
        code = outcome.returncode
        expanded = _last_int(r"Expanded (\d+) state", outcome.stdout)
        memout = _memout(code, outcome.stdout + outcome.stderr, limits.memory_mb)
        if memout:
            return PlanResult(Status.MEMOUT, search_time=outcome.elapsed, expanded=expanded, message=memout)
        if code in _UNSOLVABLE:
            return _unsolvable(code, outcome.elapsed, expanded)
        if code in _USAGE_ERRORS:
            raise InputError(f"Fast Downward cannot run {self.name!r}: {_usage_error(outcome.stderr)}", "command line")
        if code != 0 or not plan.exists():
            summary = output_summary(outcome.stderr or outcome.stdout)
            return PlanResult(
                Status.ERROR, search_time=outcome.elapsed, message=f"fast downward exited {code}: {summary}"
            )
        return PlanResult(
            Status.SOLVED,
            read_plan(plan.read_text(), str(plan)),
            proved=Proof.OPTIMAL if self.optimal else None,
            expanded=expanded,
            search_time=outcome.elapsed,
            figures={"search_seconds": _last_float(r"Search time: ([\d.]+)s", outcome.stdout)},
        )


class SearchProgress:
    """Fast Downward's progress read from its output as it runs: the component running (translator,
    search), the f-layer of an A* search, the best heuristic value of a greedy one, states expanded."""

    _FIGURES = (
        ("f", re.compile(r"\] f = (\d+)")),
        ("best h", re.compile(r"New best heuristic value for [^:]+: (\d+)")),
        ("expanded", re.compile(r"(\d+) expanded")),
    )

    def __init__(self) -> None:
        self.component = "starting"
        self.figures: dict[str, int] = {}

    def read(self, line: str) -> None:
        """Take one line of Fast Downward's output; say the progress when it tells something new."""
        component = re.search(r"Running (translator|preprocessor|search)", line)
        if component:
            self.component = {"translator": "translating"}.get(component.group(1), component.group(1))
        found = {name: int(match.group(1)) for name, pattern in self._FIGURES if (match := pattern.search(line))}
        if component or found:
            self.figures.update(found)
            say(self.text())

    def text(self) -> str:
        """`Fast Downward search: f = 12, 3,456 expanded`."""
        figures = ", ".join(
            f"{name} = {value:,}" if name != "expanded" else f"{value:,} expanded"
            for name, value in self.figures.items()
        )
        return f"Fast Downward {self.component}" + (f": {figures}" if figures else "")


def _usage_error(stderr: str) -> str:
    """What Fast Downward says is wrong with a search string: its lines after the last `->` step of its
    semantic analysis and before `Usage error occurred.`, short."""
    rows = [row.strip() for row in stderr.split("Usage error occurred.")[0].splitlines()]
    last_step = max((i for i, row in enumerate(rows) if row.startswith("->")), default=-1)
    return output_summary("\n".join(row for row in rows[last_step + 1 :] if row), lines=5)


def _memout(code: int | None, log: str, memory_mb: int | None) -> str | None:
    """What to say when Fast Downward ran out of memory: its exit code says so, its output shows the
    signs, or a component was killed by SIGKILL under a memory limit; None otherwise."""
    if code in _MEMOUT:
        limit = f" under {memory_mb} MiB" if memory_mb else ""
        return f"Fast Downward ran out of memory{limit} (exit code {code})"
    if memory_mb and re.search(r"exit code: -9\b", log):
        return f"out of memory under {memory_mb} MiB (a Fast Downward component was killed)"
    return memory_exhausted(log, memory_mb)


def _last_int(pattern: str, text: str) -> int | None:
    """The last integer the pattern captures in text."""
    found = re.findall(pattern, text)
    return int(found[-1]) if found else None


def _last_float(pattern: str, text: str) -> float | None:
    """The last float the pattern captures in text."""
    found = re.findall(pattern, text)
    return float(found[-1]) if found else None


def _used(task: PddlTask) -> frozenset[str]:
    """The requirement flags of the features the task uses (its declared flags when it does not read)."""
    from puzzleplan.translator.pddl.model import expand, used_features

    try:
        return frozenset(used_features(task.domain, task.problem))
    except InputError:
        return expand(task.requirements)
