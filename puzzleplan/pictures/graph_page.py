"""A Graphplan trace as one self-contained HTML page: the planning graph level by level (its facts and
actions with their mutex pairs, and the counts), a slider over the levels, and the backward search over the
graph (each goal set tried, at which level, and how it went: a memoized nogood, a memo hit, expanded, solved),
the attempts at the level shown highlighted. Long lists are cut at LISTED items, with how many were left."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from puzzleplan.common.trace import GoalAttempt, GraphLevel, Trace
from puzzleplan.pictures.player import filled, html_page

LISTED = 300
"""The most facts, actions or mutex pairs a level lists (and attempts the page lists)."""


def _items(words: Sequence[str], kind: str, count: int) -> str:
    """A list of names (`count` in all: the trace may keep fewer), cut at LISTED with a line saying how many
    more there are."""
    shown = "".join(f"<li>{escape(word)}</li>" for word in words[:LISTED])
    left = count - min(len(words), LISTED)
    more = f'<li class="more">and {left} more</li>' if left > 0 else ""
    return f'<ul class="{kind}">{shown}{more}</ul>'


def _pairs(pairs: Sequence[tuple[str, str]]) -> list[str]:
    """Mutex pairs as text."""
    return [f"{first} × {second}" for first, second in pairs]


COLUMNS = ("facts", "actions", "fact_mutexes", "action_mutexes")
"""A level's lists, in the order the page shows them."""


def _level(level: GraphLevel, hidden: bool) -> str:
    """One level of the graph: counts, then its facts, actions and mutexes in four columns."""
    lists = {
        "facts": level.facts,
        "actions": level.actions,
        "fact_mutexes": _pairs(level.fact_mutexes),
        "action_mutexes": _pairs(level.action_mutexes),
    }
    counts = {name: level.counts.get(name, len(lists[name])) for name in COLUMNS}
    said = ", ".join(f"{counts[name]} {name.replace('_', ' ')}" for name in COLUMNS)
    body = "".join(
        f"<div><h3>{name.replace('_', ' ')}</h3>{_items(lists[name], name, counts[name])}</div>" for name in COLUMNS
    )
    return (
        f'<section class="level" data-level="{level.level}"{" hidden" if hidden else ""}>'
        f'<h2>level {level.level}</h2><p class="level-counts">{said}</p><div class="columns">{body}</div></section>'
    )


def _attempts(attempts: Sequence[GoalAttempt]) -> str:
    """The backward search: one row per goal set tried (cut at LISTED)."""
    rows = "".join(
        f'<tr data-level="{attempt.level}" class="{escape(attempt.outcome)}"><td>{number}</td><td>{attempt.level}</td>'
        f"<td>{escape(attempt.outcome)}</td><td>{escape(' '.join(attempt.goals))}</td></tr>"
        for number, attempt in enumerate(attempts[:LISTED], start=1)
    )
    more = f'<p class="more">and {len(attempts) - LISTED} more goal sets</p>' if len(attempts) > LISTED else ""
    return (
        '<table id="attempts"><thead><tr><th>#</th><th>level</th><th>outcome</th><th>goals</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>{more}"
    )


def _summary(trace: Trace) -> str:
    """The graph's size and how the backward search went."""
    outcomes = Counter(attempt.outcome for attempt in trace.attempts)
    found = f"plan found at level {trace.plan_level}" if trace.plan_level is not None else "no plan found"
    last = trace.levels[-1].level if trace.levels else 0
    if trace.plan_level is not None and trace.plan_level > last:
        found += f" (the graph levelled off at level {last}: the levels after it are the same)"
    tried = ", ".join(f"{count} {outcome}" for outcome, count in sorted(outcomes.items())) or "none"
    built = f"{trace.planner}: {len(trace.levels)} levels built, {found}"
    return f"{built}; goal sets tried: {len(trace.attempts)} ({tried})"


def graph_page(traces: Sequence[Trace], title: str) -> str:
    """The HTML page of a Graphplan trace (the first of `traces` that has levels)."""
    trace = next(trace for trace in traces if trace.levels)
    levels = "".join(_level(level, number > 0) for number, level in enumerate(trace.levels))
    attempts = _attempts(trace.attempts)
    body = filled("graph.html", {"LAST": str(len(trace.levels) - 1), "LEVELS": levels, "ATTEMPTS": attempts})
    return html_page(title, _summary(trace), "graph.css", ("graph.js",), body)
