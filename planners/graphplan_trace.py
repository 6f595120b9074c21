"""Graphplan's trace: each level of the planning graph by name (facts, actions, their mutex pairs and exact
counts), and how each goal set of the backward search ended."""

from __future__ import annotations

from puzzleplan.common.recorder import Recorder
from puzzleplan.common.trace import NOGOOD, SOLVED, GoalAttempt, GraphLevel
from puzzleplan.planners.planning_graph import PlanningGraph
from puzzleplan.translator.bitset import bits


def ended_attempt(attempt: GoalAttempt, solved: bool, conflict: list[str]) -> None:
    """A searched goal set's end: solved, or a failure memoized as the nogood `conflict`."""
    attempt.outcome = SOLVED if solved else NOGOOD
    attempt.nogood = [] if solved else conflict


def record_graph(recorder: Recorder, graph: PlanningGraph, plan_level: int | None) -> None:
    """Note the graph's levels in the trace (each list at most the record limit long) and where the plan was
    found."""
    trace = recorder.trace
    trace.levels = [graph_level(graph, level, recorder.options.limit) for level in range(len(graph.layers))]
    trace.plan_level = plan_level


def graph_level(graph: PlanningGraph, level: int, limit: int) -> GraphLevel:
    """Level `level`: its facts and fact mutex pairs, the (real) actions after it and their mutex pairs."""
    layer = graph.layers[level]
    facts, actions = graph.task.facts, [action_name(action) for action in graph.task.actions]
    fact_pairs = list(pairs(layer.fact_mutex))
    action_pairs = list(pairs(real(layer.action_mutex, graph.n_actions)))
    real_actions = [a for a in bits(layer.actions) if a < graph.n_actions]
    counts = {
        "facts": layer.facts.bit_count(),
        "actions": len(real_actions),
        "fact_mutexes": len(fact_pairs),
        "action_mutexes": len(action_pairs),
    }
    return GraphLevel(
        level,
        [facts[f] for f in bits(layer.facts)[:limit]],
        [actions[a] for a in real_actions[:limit]],
        [(facts[p], facts[q]) for p, q in fact_pairs[:limit]],
        [(actions[a], actions[b]) for a, b in action_pairs[:limit]],
        counts,
    )


def real(mutex: dict[int, int], n_actions: int) -> dict[int, int]:
    """Action mutexes among real actions (no-ops left out)."""
    keep = (1 << n_actions) - 1
    return {a: mask & keep for a, mask in mutex.items() if a < n_actions}


def pairs(mutex: dict[int, int]) -> list[tuple[int, int]]:
    """The pairs p < q of a symmetric mutex relation."""
    return [(p, q) for p in sorted(mutex) for q in bits(mutex[p]) if p < q]


def action_name(action: tuple[str, tuple[str, ...]]) -> str:
    """A ground action as PDDL writes it: (name arg ...)."""
    name, arguments = action
    return f"({' '.join([name, *arguments])})"
