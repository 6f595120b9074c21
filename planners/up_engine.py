"""unified-planning's OneshotPlanner engines as planners, `up:NAME` (`up:symk-opt`, `up:lpg`, ...).

Each run is a child process (`python -m puzzleplan.planners.up_engine`) that reads the task's PDDL with
UP's PDDLReader, asks the engine for a plan and writes the result as JSON; the parent holds it to the
time and memory limits like every other planner. unified_planning is imported only in that child (and in
the parent only for an engine this table does not know, found through UP's factory or a up.ini).
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError, did_you_mean
from puzzleplan.common.limits import Limits
from puzzleplan.common.processes import memory_exhausted, python_module, reproducible_environment, run
from puzzleplan.planners.base import STRIPS, PlanResult, Status, proof_of
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, task_files

EXTRA = "pip install 'puzzleplan[engines]'"
JAVA = "install Java (Debian: apt-get install default-jre-headless)"

FEATURE_FLAGS = {
    "FLAT_TYPING": ":typing",
    "NEGATIVE_CONDITIONS": ":negative-preconditions",
    "DISJUNCTIVE_CONDITIONS": ":disjunctive-preconditions",
    "EXISTENTIAL_CONDITIONS": ":existential-preconditions",
    "UNIVERSAL_CONDITIONS": ":universal-preconditions",
    "EQUALITIES": ":equality",
    "CONDITIONAL_EFFECTS": ":conditional-effects",
    "ACTIONS_COST": ":action-costs",
    "DERIVED_FLUENTS": ":derived-predicates",
}
"""The PDDL requirement each unified-planning ProblemKind feature stands for."""

ADL = frozenset(
    {":typing", ":disjunctive-preconditions", ":equality", ":quantified-preconditions", ":conditional-effects"}
)


def fragment_of(features: set[str] | frozenset[str]) -> frozenset[str]:
    """The PDDL requirement flags an engine takes, from the features of its supported ProblemKind."""
    flags = {":strips"} | {flag for feature, flag in FEATURE_FLAGS.items() if feature in features}
    if {":existential-preconditions", ":universal-preconditions"} <= flags:
        flags.add(":quantified-preconditions")
    if ADL <= flags:
        flags.add(":adl")
    return frozenset(flags)


FD_FEATURES = {
    "FLAT_TYPING",
    "NEGATIVE_CONDITIONS",
    "DISJUNCTIVE_CONDITIONS",
    "EXISTENTIAL_CONDITIONS",
    "UNIVERSAL_CONDITIONS",
    "EQUALITIES",
    "ACTIONS_COST",
}
FD_OPT = fragment_of(FD_FEATURES)
FD_ADL = fragment_of(FD_FEATURES | {"CONDITIONAL_EFFECTS"})
"""The fragments of the engines built on Fast Downward (its optimal configuration has no conditional effects)."""


@dataclass(frozen=True)
class Engine:
    """An engine this module knows without importing UP: the module and distribution that bring it, its
    optimality guarantee and the PDDL fragment of its supported kind (tests check both against UP)."""

    module: str
    distribution: str
    optimal: bool
    fragment: frozenset[str]
    description: str
    java: bool = False


ENGINES: dict[str, Engine] = {
    "symk-opt": Engine("up_symk", "up-symk", True, FD_ADL, "SymK, symbolic search (optimal)"),
    "symk": Engine("up_symk", "up-symk", False, FD_ADL, "SymK, symbolic"),
    "fast-downward": Engine(
        "up_fast_downward",
        "up-fast-downward",
        False,
        FD_ADL,
        "Fast Downward through UP (satisficing)",
    ),
    "fast-downward-opt": Engine(
        "up_fast_downward", "up-fast-downward", True, FD_OPT, "Fast Downward through UP (optimal)"
    ),
    "lpg": Engine("up_lpg", "up-lpg", False, fragment_of({"FLAT_TYPING", "EQUALITIES"}), "LPG, local search"),
    "enhsp": Engine(
        "up_enhsp",
        "up-enhsp",
        False,
        FD_ADL,
        "ENHSP, heuristic search (Java)",
        java=True,
    ),
    "enhsp-opt": Engine(
        "up_enhsp",
        "up-enhsp",
        True,
        FD_ADL,
        "ENHSP, A* (optimal, Java)",
        java=True,
    ),
    "tamer": Engine(
        "up_tamer",
        "up-tamer",
        False,
        fragment_of({"FLAT_TYPING", "NEGATIVE_CONDITIONS", "DISJUNCTIVE_CONDITIONS", "EQUALITIES"}),
        "TAMER, temporal and numeric (flat types only)",
    ),
    "pyperplan": Engine("up_pyperplan", "up-pyperplan", False, STRIPS, "pyperplan through UP"),
    "pyperplan-opt": Engine("up_pyperplan", "up-pyperplan", True, STRIPS, "pyperplan through UP (optimal)"),
    "puzzleplan-graphplan": Engine(
        "puzzleplan", "puzzleplan", False, STRIPS, "our Graphplan as a UP engine (puzzleplan.register_up_engines)"
    ),
}
"""The OneshotPlanner engines of UP's default factory that install here, and ours."""


class UpEngine:
    """A unified-planning OneshotPlanner engine, by its UP name, run in a child process."""

    puzzles = None

    def __init__(self, engine: str, name: str | None = None) -> None:
        self.engine = engine
        self.name = name or f"up:{engine}"
        known = ENGINES.get(engine) or _factory_engine(engine)
        self.optimal, self.fragment, self.info = known.optimal, known.fragment, known

    def available(self) -> tuple[bool, str]:
        """Available when the engine's package is installed (and Java, for the engines that need it)."""
        return availability(self.info)

    def solve(self, task: PddlTask, limits: Limits) -> PlanResult:
        """Run the engine on the task in a child process and read the JSON it writes; the engine's own
        temporary files go into the task's folder (TMPDIR), which goes however the run ends."""
        with task_files(task, "puzzleplan-up-") as (work, domain, problem):
            answer_file = work / "answer.json"
            command = [*python_module(__name__), self.engine, str(domain), str(problem), str(answer_file)]
            outcome = run(
                command + [str(limits.timeout)],
                timeout=limits.timeout,
                memory_mb=limits.memory_mb,
                cwd=work,
                env=dict(java_limited(reproducible_environment(), limits.memory_mb), TMPDIR=str(work)),
            )
            log = outcome.stdout + outcome.stderr
            if outcome.timed_out:
                message = f"stopped at the time limit ({limits.timeout:g} s)"
                return PlanResult(Status.TIMEOUT, search_time=outcome.elapsed, message=message)
            if not answer_file.exists():
                memout = memory_exhausted(log, limits.memory_mb)
                if memout:
                    return PlanResult(Status.MEMOUT, search_time=outcome.elapsed, message=memout)
                tail = " | ".join(log.strip().splitlines()[-5:])
                message = f"{self.name} exited {outcome.returncode}: {tail}"
                return PlanResult(Status.ERROR, search_time=outcome.elapsed, message=message)
            answer = json.loads(answer_file.read_text())
            if "unreadable" in answer:
                answer["message"] = unreadable_message(answer["unreadable"], task.sources)
            return _result(answer, outcome.elapsed, limits.memory_mb)


JAVA_OVERHEAD_MB = 640
"""MiB of address space the Java VM (17) takes besides its heap when it runs ENHSP: about 460 measured
(the VM's peak address space less its -Xmx, with at most two malloc arenas), and a margin."""


def java_limited(env: dict[str, str], memory_mb: int | None) -> dict[str, str]:
    """The environment with Java's reservations sized to fit the address-space limit (by default the JVM
    reserves more than a few GiB of address space and does not start under such a limit): the heap at
    most half the limit and never into the VM's own JAVA_OVERHEAD_MB, small class and code spaces, the
    serial collector, and two malloc arenas (glibc reserves 64 MiB of address space per arena, one per
    thread up to 16 here, until the limit is reached and the next mapping the VM needs fails)."""
    if not memory_mb:
        return env
    heap = max(64, min(memory_mb // 2, memory_mb - JAVA_OVERHEAD_MB))
    options = f"-Xmx{heap}m -XX:CompressedClassSpaceSize=64m -XX:ReservedCodeCacheSize=64m -XX:+UseSerialGC"
    return dict(env, JAVA_TOOL_OPTIONS=options, MALLOC_ARENA_MAX="2")


def _result(answer: dict[str, Any], elapsed: float, memory_mb: int | None) -> PlanResult:
    """The PlanResult of the child's JSON answer (an engine error that shows memory signs is a memout)."""
    status = Status(answer["status"])
    message = answer.get("message", "")
    if status is Status.ERROR and memory_exhausted(answer.get("log", ""), memory_mb):
        status, message = Status.MEMOUT, memory_exhausted(answer["log"], memory_mb) or message
    plan = [(name, tuple(arguments)) for name, arguments in answer.get("plan", [])]
    return PlanResult(
        status,
        plan,
        proved=proof_of(status) if answer.get("optimal") else None,
        expanded=answer.get("expanded"),
        search_time=elapsed,
        message=message,
        figures={"engine_status": answer.get("engine_status"), "engine_seconds": answer.get("engine_seconds")},
    )


def availability(info: Engine) -> tuple[bool, str]:
    """Whether an engine can run here, and what to install when it cannot."""
    if importlib.util.find_spec(info.module) is None:
        return False, f"{info.distribution} is not installed: {EXTRA}"
    if info.java and shutil.which("java") is None:
        return False, f"{info.distribution} needs Java: {JAVA}"
    return True, ""


def _factory_engine(engine: str) -> Engine:
    """An engine this table does not know, from UP's factory (a plugin or a up.ini); InputError when UP
    has no OneshotPlanner of that name."""
    import unified_planning.shortcuts as up
    from unified_planning.engines import OptimalityGuarantee

    factory = up.get_environment().factory
    planners = [name for name in factory.engines if factory.engine(name).is_oneshot_planner() and "[" not in name]
    if engine not in factory.engines or not factory.engine(engine).is_oneshot_planner():
        raise InputError(
            f"unified-planning has no planner engine {engine!r}{did_you_mean(engine, planners)}; "
            f"installed: {', '.join(planners)} (more: {EXTRA})",
            "command line",
        )
    found = factory.engine(engine)
    optimal = found.satisfies(OptimalityGuarantee.SOLVED_OPTIMALLY)
    module = found.__module__.split(".")[0]
    return Engine(module, module, optimal, fragment_of(found.supported_kind().features), f"UP engine {engine}")


# -- the child process --------------------------------------------------------------------------------


def run_engine(engine: str, domain: str, problem_text: str, seconds: float) -> dict[str, Any]:
    """Read the task with UP's PDDLReader and solve it with the engine: the JSON answer for the parent."""
    import time

    started = time.perf_counter()
    import unified_planning.shortcuts as up
    from unified_planning.io import PDDLReader

    from puzzleplan.planners.up_graphplan import register

    environment = up.get_environment()
    environment.credits_stream = None
    if engine not in environment.factory.engines:
        register(environment)  # puzzleplan-graphplan
    try:
        problem = PDDLReader(environment).parse_problem_string(domain, problem_text)
    except Exception as error:  # a PDDL feature UP's reader lacks: the engine cannot be given the task
        return {"status": "unsupported", "unreadable": _unreadable(environment, domain, error)}
    why = fit(problem, engine, environment.factory.engine(engine))
    if why:
        return {"status": "unsupported", "message": why}
    solving = time.perf_counter()
    try:
        with up.OneshotPlanner(name=engine) as planner:
            result = planner.solve(problem, timeout=max(0.1, seconds - (solving - started)))
    except Exception as error:  # an engine's own failure is a result, not a crash of the pipeline
        return {"status": "error", "message": f"{engine} failed: {type(error).__name__}: {error}"}
    return dict(_answer(engine, result), engine_seconds=round(time.perf_counter() - solving, 4))


def _unreadable(environment: Any, domain: str, error: Exception) -> dict[str, Any]:
    """Where unified-planning's reader failed: in which file (the domain when it fails on the domain
    alone), on which line (the first its message names) and its message without the location lines."""
    from unified_planning.io import PDDLReader

    try:
        PDDLReader(environment).parse_problem_string(domain)
        which = 1
    except Exception:  # the same failure, now known to be in the domain
        which = 0
    text = str(error).strip() or type(error).__name__
    lines = [int(line) for line in re.findall(r"line:? (\d+)", text)] or _clash_line(text, domain)
    words = " ".join(line for line in text.splitlines() if not line.startswith("Error from line"))
    return {"file": which, "line": lines[0] if lines else None, "error": words}


def _clash_line(message: str, domain: str) -> list[int]:
    """For UP's "Name X already defined" (an action named as a predicate or type, which its reader adds
    last), the line of the domain where the action X is defined; [] otherwise."""
    clash = re.match(r"Name (\S+) already defined", message)
    action = re.search(rf"\(:action\s+{re.escape(clash.group(1))}(?![\w-])", domain, re.IGNORECASE) if clash else None
    return [domain.count("\n", 0, action.start()) + 1] if action else []


def unreadable_message(unreadable: dict[str, Any], sources: tuple[str, str]) -> str:
    """The message of a task unified-planning's reader refused: the file, the line and its words."""
    where = sources[unreadable["file"]] + (f":{unreadable['line']}" if unreadable["line"] else "")
    return f"unified-planning cannot read this task: {where}: {unreadable['error']}"


def fit(problem: Any, engine: str, engine_class: Any) -> str | None:
    """Make the problem what the engine takes, asking an optimal engine for fewest actions when there are no
    costs (UP marks a plan SOLVED_OPTIMALLY only under a metric); why the engine cannot take it, or None.
    A task with action costs never reaches an engine without them: plan_pddl ends it unsupported
    (puzzleplan.planners.compile), as for every planner without action costs."""
    import unified_planning.shortcuts as up
    from unified_planning.engines import OptimalityGuarantee

    supported = engine_class.supported_kind().features
    if not engine_class.supports(problem.kind):
        return f"{engine} does not support this task's {', '.join(sorted(set(problem.kind.features) - set(supported)))}"
    if engine_class.satisfies(OptimalityGuarantee.SOLVED_OPTIMALLY) and not problem.quality_metrics:
        if "PLAN_LENGTH" in supported:
            problem.add_quality_metric(up.MinimizeSequentialPlanLength())
    return None


_STATUSES = {
    "SOLVED_SATISFICING": ("solved", False, ""),
    "SOLVED_OPTIMALLY": ("solved", True, ""),
    "UNSOLVABLE_PROVEN": ("unsolvable", True, "{engine} proved that no plan exists"),
    "UNSOLVABLE_INCOMPLETELY": (
        "unsolvable",
        False,
        "{engine} found no plan, but its search is incomplete: this is no proof that none exists",
    ),
    "TIMEOUT": ("timeout", False, "{engine} stopped at the time limit"),
    "MEMOUT": ("memout", False, "{engine} ran out of memory"),
    "UNSUPPORTED_PROBLEM": ("unsupported", False, "{engine} does not support this task"),
    "INTERNAL_ERROR": ("error", False, "{engine} failed: {tail}"),
    "INTERMEDIATE": ("error", False, "{engine} returned an intermediate result: {tail}"),
}
"""UP's PlanGenerationResultStatus -> (our status, optimal or proven, message)."""


def _answer(engine: str, result: Any) -> dict[str, Any]:
    """The JSON answer of a PlanGenerationResult."""
    log = "\n".join(message.message for message in result.log_messages or [])
    tail = " | ".join(line for line in log.strip().splitlines()[-5:])
    status, optimal, message = _STATUSES[result.status.name]
    plan = ground_actions(result.plan) if result.plan is not None and status == "solved" else []
    return {
        "status": status,
        "engine_status": result.status.name,
        "optimal": optimal,
        "plan": plan,
        "expanded": _expanded(log),
        "message": message.format(engine=engine, tail=tail),
        "log": log[-4000:],
    }


def _expanded(log: str) -> int | None:
    """The last count of expanded states an engine's log gives (Fast Downward's or ENHSP's wording)."""
    expanded = re.findall(r"Expanded (\d+) state|Expanded Nodes: (\d+)", log)
    return int("".join(expanded[-1])) if expanded else None


def ground_actions(plan: Any) -> list[GroundAction]:
    """The PDDL ground actions of a UP SequentialPlan, in order; InputError for other kinds of plan."""
    if type(plan).__name__ != "SequentialPlan":
        raise InputError(f"a unified-planning SequentialPlan was expected, found a {type(plan).__name__}", "<UP plan>")
    return [(step.action.name.lower(), tuple(map(_argument, step.actual_parameters))) for step in plan.actions]


def _argument(expression: Any) -> str:
    """The PDDL name of an action instance's parameter (an object, or a constant's text)."""
    return (expression.object().name if expression.is_object_exp() else str(expression)).lower()


def main(argv: list[str]) -> int:
    """The child: ENGINE DOMAIN PROBLEM ANSWER SECONDS. What the engine starts in sessions of its own (UP
    runs engine binaries with start_new_session) is taken down by the guard that runs this child
    (puzzleplan.common.guard), at the end, at the time limit and when puzzleplan dies."""
    engine, domain, problem, answer_file, seconds = argv
    try:
        answer = run_engine(engine, Path(domain).read_text(), Path(problem).read_text(), float(seconds))
    except MemoryError:
        answer = {"status": "memout", "message": f"{engine} ran out of memory (MemoryError)"}
    Path(answer_file).write_text(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
