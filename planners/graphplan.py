"""The bundled Graphplan (Blum & Furst 1997) with bit-set mutexes, conflict-directed backjumping and
explanation-based nogoods (Kambhampati 2000); it finds plans with the fewest parallel time steps. The
planning graph it searches is puzzleplan.planners.planning_graph.

Solution extraction works backwards from the goals at level t. At each level the next goal to achieve
is the one with the fewest achievers left that are not mutex with the actions chosen so far (ties: the
goal that appears latest in the graph); it tries its no-op first, then its other achievers by the level
where they first appear. A goal that an already chosen action achieves is skipped; a goal with no
achiever left fails the branch at once (forward checking). Every failure returns the subset of goals
that explains it (conflict-directed backjumping: the search jumps back over decisions that are not to
blame), and that subset is memoized as a nogood. A nogood learned at level l also holds at every lower
level (a plan of fewer steps pads with no-ops), and any goal set containing a nogood fails at once.

The search stops with "unsolvable" when the graph has levelled off at n and, for some k > n, every
nogood learned at level k - 1 contains one valid at level k: the nogoods valid at k are then closed
under regression through the identical levelled layers, so they fail at every level (see
Nogoods.stable). That is Blum & Furst's "memo sets stable" test, restated for subset nogoods.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits, TimeLimitExceeded
from puzzleplan.common.progress import phase, watch
from puzzleplan.common.recorder import Recorder, active
from puzzleplan.common.trace import EXPANDED, MEMO_HIT, GoalAttempt
from puzzleplan.planners.base import PlanResult, Proof, Status
from puzzleplan.planners.graphplan_trace import ended_attempt, record_graph
from puzzleplan.planners.planning_graph import GroundTask, Layer, PlanningGraph, ground
from puzzleplan.translator.bitset import bits
from puzzleplan.translator.pddl.task import STRIPS, PddlTask

__all__ = ["Graphplan", "GroundTask", "Outcome", "graphplan", "ground"]


class Nogoods:
    """Memoized goal sets that cannot be achieved within a number of steps, checked by subset.

    A nogood is filed under its two lowest facts (or its only one), so the subset check for a goal
    set looks at the buckets of its fact pairs only.
    """

    def __init__(self) -> None:
        self.level: dict[int, int] = {}
        self.singles: dict[int, int] = {}
        self.by_pair: dict[int, list[int]] = {}
        self.hits = 0

    def __len__(self) -> int:
        return len(self.level)

    def add(self, mask: int, level: int) -> None:
        """Record that `mask` cannot be achieved within `level` steps."""
        known = self.level.get(mask)
        if known is None:
            self.level[mask] = level
            low = mask & -mask
            rest = mask ^ low
            if rest:
                self.by_pair.setdefault(low | (rest & -rest), []).append(mask)
            else:
                self.singles[low] = mask
        elif known < level:
            self.level[mask] = level

    def find_exact(self, goals: int, level: int) -> int:
        """`goals` when it is itself a recorded nogood valid at `level`, or 0 (the 1997 memo check)."""
        known = self.level.get(goals)
        if known is not None and known >= level:
            self.hits += 1
            return goals
        return 0

    def find(self, goals: int, level: int) -> int:
        """A recorded nogood valid at `level` that is a subset of `goals`, or 0."""
        levels = self.level
        known = levels.get(goals)
        if known is not None and known >= level:
            self.hits += 1
            return goals
        singles, by_pair = self.singles, self.by_pair
        lows = []
        rest = goals
        while rest:
            low = rest & -rest
            rest ^= low
            if low in singles and levels[low] >= level:
                self.hits += 1
                return low
            lows.append(low)
        for i, first in enumerate(lows):
            for second in lows[i + 1 :]:
                bucket = by_pair.get(first | second)
                if bucket:
                    for nogood in bucket:
                        if nogood & ~goals == 0 and levels[nogood] >= level:
                            self.hits += 1
                            return nogood
        return 0

    def stable(self, levelled: int, top: int) -> bool:
        """True when for some k in (levelled, top] every nogood recorded at k-1 is subsumed at k.

        Then the nogoods valid at k are closed under regression through the (identical) levelled
        layers, so none of them, the goals' explanation included, is achievable in any number of steps.
        """
        for k in range(max(levelled, 0) + 1, top + 1):
            below = [mask for mask, level in self.level.items() if level == k - 1]
            if all(self._subsumed(mask, k) for mask in below):
                return True
        return False

    def _subsumed(self, mask: int, level: int) -> bool:
        """True when a nogood valid at `level` is a subset of `mask`."""
        hits = self.hits
        found = self.find(mask, level)
        self.hits = hits
        return bool(found)


@dataclass
class Outcome:
    """The result of a Graphplan run: the plan as steps of action numbers, and figures."""

    status: Status
    steps: list[list[int]]
    figures: dict
    reason: str = ""
    """Why there is no plan, when there is none."""


class Search:
    """Backward solution extraction over a planning graph, with nogoods shared by all stages."""

    def __init__(
        self,
        graph: PlanningGraph,
        deadline: float,
        trace: Callable[[str], None] | None = None,
        learning: bool = True,
        recorder: Recorder | None = None,
    ) -> None:
        self.graph = graph
        self.recorder = recorder
        self.learning = learning
        self.task = graph.task
        self.deadline = deadline
        self.nogoods = Nogoods()
        self.actions_tried = 0
        self.calls = 0
        self.trace = trace

    def check_deadline(self) -> None:
        """Raise TimeLimitExceeded once the deadline has passed."""
        if time.perf_counter() > self.deadline:
            raise TimeLimitExceeded

    def extract(self, goals: int, level: int) -> tuple[list[list[int]] | None, int]:
        """Steps (lists of actions) achieving `goals` at `level`, or None and the goals to blame."""
        if level == 0:
            missing = goals & ~self.task.init
            if not missing:
                return [], 0
            return None, missing & -missing if self.learning else goals
        self.calls += 1
        if self.calls & 255 == 0:
            self.check_deadline()
        nogood = self.nogoods.find(goals, level) if self.learning else self.nogoods.find_exact(goals, level)
        attempt = None if self.recorder is None else self._attempt(goals, level, nogood)
        if nogood:
            return None, nogood
        if self.trace:
            self.trace(f"level {level}: goals {' '.join(self.task.fact_names(goals))}")
        layer = self.graph.action_layer(level - 1)
        plan, conflict = self._assign(goals, layer, level)
        if plan is None:
            if not self.learning:
                conflict = goals
            self.nogoods.add(conflict, level)
        if attempt is not None:
            ended_attempt(attempt, plan is not None, self.task.fact_names(conflict))
        return plan, conflict

    def _attempt(self, goals: int, level: int, nogood: int) -> GoalAttempt | None:
        """Record a goal set entered at `level`: failed at once by the memoized `nogood`, or searched."""
        assert self.recorder is not None
        attempt = self.recorder.attempt(level, lambda: self.task.fact_names(goals), MEMO_HIT if nogood else EXPANDED)
        if attempt is not None and nogood:
            attempt.nogood = self.task.fact_names(nogood)
        return attempt

    def _assign(self, goals: int, layer: Layer, level: int) -> tuple[list[list[int]] | None, int]:
        """Choose non-mutex achievers for the goals, then recurse on their preconditions.

        The next goal is the one with the fewest achievers left (ties: the one that appears latest in
        the graph); a goal with none left fails at once, blaming the decisions that ruled them out.
        """
        graph = self.graph
        achievers, achiever_mask, action_mutex = layer.achievers, layer.achiever_mask, layer.action_mutex
        pre, add, n_actions, fact_level = graph.pre, graph.add, graph.n_actions, graph.fact_level
        chosen: list[tuple[int, int]] = []  # (goal, action) decisions

        def solve(pending: int, added: int, forbidden: int) -> tuple[list[list[int]] | None, int]:
            """Achieve the goals in `pending` not yet `added`, avoiding the `forbidden` actions."""
            pending &= ~added
            if not pending:
                needs = 0
                for _, a in chosen:
                    needs |= pre[a]
                below, conflict = self.extract(needs, level - 1)
                if below is not None:
                    return below + [[a for _, a in chosen if a < n_actions]], 0
                return None, self._cover(chosen, pre, conflict)
            goal, fewest = -1, 1 << 30
            rest = pending
            while rest:
                low = rest & -rest
                rest ^= low
                g = low.bit_length() - 1
                left = (achiever_mask[g] & ~forbidden).bit_count()
                if left == 0:
                    return None, low | self._cover(chosen, action_mutex, achiever_mask[g])
                if left < fewest or (left == fewest and fact_level[g] > fact_level[goal]):
                    goal, fewest = g, left
            goal_bit = 1 << goal
            pending ^= goal_bit
            blame = 0
            for a in achievers[goal]:
                if a < n_actions:
                    self.actions_tried += 1
                if forbidden >> a & 1:
                    for g, b in chosen:
                        if action_mutex[b] >> a & 1:
                            blame |= 1 << g
                            break
                    continue
                chosen.append((goal, a))
                plan, conflict = solve(pending, added | add[a], forbidden | action_mutex[a])
                chosen.pop()
                if plan is not None:
                    return plan, 0
                if not conflict & goal_bit:
                    return None, conflict
                blame |= conflict
            return None, blame | goal_bit

        return solve(goals, 0, 0)

    @staticmethod
    def _cover(chosen: list[tuple[int, int]], sets: list[int] | dict[int, int], target: int) -> int:
        """Goals of the earliest decisions whose actions' `sets` together cover `target`.

        With `pre` it names the decisions that bring in a failed subgoal set; with the action mutexes
        the decisions that rule out every achiever of a goal. Earliest first lets the search jump back
        as far as possible.
        """
        blame = 0
        for goal, action in chosen:
            if sets[action] & target:
                blame |= 1 << goal
                target &= ~sets[action]
                if not target:
                    break
        return blame


def graphplan(
    task: GroundTask,
    deadline: float,
    steps: int | None = None,
    report: Callable[[str], None] | None = None,
    trace: Callable[[str], None] | None = None,
    learning: bool = True,
    recorder: Recorder | None = None,
) -> Outcome:
    """Run Graphplan: expand the graph until the goals appear, then extract or expand and retry.

    With `steps` given, only a plan of exactly that many time steps is looked for. `report` receives
    the original's progress lines (levels, stages); `trace` every goal set the search enters. With
    `learning` off, memos are whole goal sets checked by equality, as in the 1997 program (for
    comparison). With a `recorder`, the trace of the levels built and of the goal sets searched.
    """
    graph = PlanningGraph(task)
    search = Search(graph, deadline, trace, learning, recorder)
    watch(lambda: (search.actions_tried, len(graph.layers) - 1))
    started = time.perf_counter()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))
    try:
        status, plan, reason = _stages(graph, search, steps, report or (lambda line: None))
    except TimeLimitExceeded:
        status, plan, reason = Status.TIMEOUT, [], "the time limit passed"
    finally:
        sys.setrecursionlimit(limit)
    if recorder is not None:
        record_graph(recorder, graph, len(plan) if status is Status.SOLVED else None)
    sizes = [mask.bit_count() for mask in search.nogoods.level]
    figures = dict(
        actions_tried=search.actions_tried,
        memo_entries=len(search.nogoods),
        memo_set_size=round(sum(sizes) / len(sizes), 1) if sizes else 0,
        memo_hits=search.nogoods.hits,
        levels=len(graph.layers) - 1,
        levelled_off_at=graph.levelled_at,
        graph_size=graph.size,
        facts=len(task.facts),
        ground_actions=len(task.actions),
        search_seconds=round(time.perf_counter() - started, 4),
    )
    return Outcome(status, plan, figures, reason)


def _stages(
    graph: PlanningGraph, search: Search, steps: int | None, report: Callable[[str], None]
) -> tuple[Status, list[list[int]], str]:
    """Try t = first level where the goals appear, t + 1, ...; stop on a plan or a proof of none (with
    the reason)."""
    goal = graph.task.goal
    level = 0
    while not graph.goals_reachable(goal, level):
        if graph.levelled_at is not None and level >= graph.levelled_at:
            report("Goals not reachable: the graph levelled off without them.")
            return Status.UNSOLVABLE, [], _unreachable(graph, level)
        level += 1
        search.check_deadline()
        _report_level(graph, level, report)
        if goal & ~graph.layer(level).facts == 0 and not graph.goals_reachable(goal, level):
            report(f"Goals reachable at {level} steps but mutually exclusive.")
        if steps is not None and level > steps:
            return Status.UNSOLVABLE, [], f"the goals cannot all hold after {steps} steps"
    report(f"Goals first reachable in {level} steps.")
    report(f"{graph.size} nodes created.")
    return _extract_from(graph, search, level if steps is None else steps, steps, report)


def _extract_from(
    graph: PlanningGraph, search: Search, level: int, steps: int | None, report: Callable[[str], None]
) -> tuple[Status, list[list[int]], str]:
    """Search for a plan of `level` steps, then of one step more, and so on (only `steps` steps when given),
    until one is found or the levelled graph and stable memos prove there is none."""
    goal = graph.task.goal
    while True:
        plan, _ = search.extract(goal, level)
        if plan is not None:
            return Status.SOLVED, plan, ""
        report(f"Can't solve in {level} steps")
        if steps is not None:
            return Status.UNSOLVABLE, [], f"no plan of {steps} steps"
        levelled = graph.levelled_at
        if levelled is not None and search.nogoods.stable(levelled, level):
            report("The graph levelled off and the memos are stable: no plan exists.")
            return (
                Status.UNSOLVABLE,
                [],
                (
                    f"the planning graph levelled off at {levelled} steps and no plan of "
                    f"{level} steps or more can reach the goals (the memos are stable)"
                ),
            )
        level += 1
        _report_level(graph, level, report)


def _unreachable(graph: PlanningGraph, level: int) -> str:
    """Why the goals never appear together: goals that never become true, or two that exclude each other."""
    layer, names = graph.layer(level), graph.task.fact_names
    missing = graph.task.goal & ~layer.facts
    if missing:
        listed = names(missing)
        return f"the goal{'s' if len(listed) > 1 else ''} {' '.join(listed)} can never become true"
    for g in bits(graph.task.goal):
        other = layer.fact_mutex[g] & graph.task.goal
        if other:
            first, second = names(1 << g)[0], names(other & -other)[0]
            return f"the goals {first} and {second} can never hold together"
    return "the goals never appear together in the planning graph"


def _report_level(graph: PlanningGraph, level: int, report: Callable[[str], None]) -> None:
    """The original's line for a new level: its facts and exclusive pairs."""
    layer = graph.layer(level)
    report(f"time: {level}, {layer.facts.bit_count()} facts and {layer.mutex_pairs()} exclusive pairs.")


class Graphplan:
    """Graphplan run in-process on the task grounded by pyperplan: fewest time steps."""

    fragment = STRIPS
    optimal = True
    puzzles = None
    traces = True
    """It records its planning graph and backward search when the run is traced."""

    def __init__(self, name: str = "graphplan") -> None:
        self.name = name

    def available(self) -> tuple[bool, str]:
        """Always available: pure Python over pyperplan's grounder."""
        return True, ""

    def solve(self, task: PddlTask, limits: Limits) -> PlanResult:
        """Ground the task, run Graphplan under the time limit and return the plan step by step."""
        started = time.perf_counter()
        deadline = started + limits.timeout
        try:
            with phase("grounding the task"):
                ground_task = ground(task)
        except InputError as error:
            return PlanResult(Status.ERROR, message=str(error))
        ground_seconds = time.perf_counter() - started
        with phase("searching the planning graph"):
            outcome = graphplan(ground_task, deadline, recorder=active())
        figures = dict(outcome.figures, ground_seconds=round(ground_seconds, 4))
        plan = [ground_task.actions[a] for step in outcome.steps for a in step]
        elapsed = time.perf_counter() - started
        if outcome.status is not Status.SOLVED:  # with no step bound, unsolvable is a proof (the graph levelled off)
            proved = Proof.UNSOLVABLE if outcome.status is Status.UNSOLVABLE else None
            return PlanResult(
                outcome.status, proved=proved, search_time=elapsed, figures=figures, message=outcome.reason
            )
        parallel = len(outcome.steps)
        # Fewest time steps is not fewest actions, except when every step holds one action.
        sequential_optimal = all(len(step) == 1 for step in outcome.steps)
        return PlanResult(
            Status.SOLVED,
            plan,
            proved=Proof.OPTIMAL if sequential_optimal else None,
            expanded=figures["actions_tried"],
            steps=parallel,
            search_time=elapsed,
            figures=figures,
        )
