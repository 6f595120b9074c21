"""A plain-PDDL plan as one self-contained HTML page that steps through its states: the facts that hold,
grouped by predicate, what each step adds and deletes (highlighted), the goal's parts reached so far, the
cost so far, and for an invalid plan the failing step with its unmet preconditions and VAL's repair
advice. The page shell, the controls and their script are the plan player's (page.html, controls.html,
transport.js: play and pause, step back and forward, a slider, the arrow keys), with the plan list; nothing
is loaded from the network."""

from __future__ import annotations

from typing import Any

from puzzleplan.pictures.player import filled, html_page, page_json, resource, speed_data


def page_data(trace: dict[str, Any]) -> dict[str, Any]:
    """What the page's script reads: the trace (PlanTrace.to_json) with every fact's text once and the
    states' facts as indices into that list, and the starting speed."""
    names: dict[str, int] = {}

    def ref(facts: list[str]) -> list[int]:
        return [names.setdefault(fact, len(names)) for fact in facts]

    initial = ref(trace["initial"])
    steps = [[action, ref(added), ref(deleted), cost] for action, added, deleted, cost in trace["steps"]]
    return {**trace, "facts": list(names), "initial": initial, "steps": steps, **speed_data(len(steps))}


def pddl_player_page(trace: dict[str, Any], title: str, summary: str) -> str:
    """The HTML page stepping through a plan's trace (PlanTrace.to_json)."""
    body = filled("pddl_player.html", {"CONTROLS": resource("controls.html"), "DATA": page_json(page_data(trace))})
    return html_page(title, summary, ("player.css", "pddl_player.css"), ("transport.js", "pddl_player.js"), body)
