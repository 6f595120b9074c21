"""A plain-PDDL plan as one self-contained HTML page that steps through its states: the facts that hold,
grouped by predicate, what each step adds and deletes (highlighted), the goal's parts reached so far, the
cost so far, and for an invalid plan the failing step with its unmet preconditions and VAL's repair
advice. The controls are the plan player's (player.py: play and pause, step back and forward, a slider, the
arrow keys, the plan list); nothing is loaded from the network."""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from typing import Any

from puzzleplan.pictures.player import PLAYTHROUGH, SPEEDS


def resource(name: str) -> str:
    """A file of this package (the page's template, style and script)."""
    return files("puzzleplan.pictures").joinpath(name).read_text(encoding="utf-8")


def page_data(trace: dict[str, Any]) -> dict[str, Any]:
    """What the page's script reads: the trace (PlanTrace.to_json) with every fact's text once and the
    states' facts as indices into that list, and the starting speed."""
    names: dict[str, int] = {}

    def ref(facts: list[str]) -> list[int]:
        return [names.setdefault(fact, len(names)) for fact in facts]

    initial = ref(trace["initial"])
    steps = [[action, ref(added), ref(deleted), cost] for action, added, deleted, cost in trace["steps"]]
    speed = next((value for value in SPEEDS if value >= len(steps) / PLAYTHROUGH), SPEEDS[-1])
    return {
        **trace,
        "facts": list(names),
        "initial": initial,
        "steps": steps,
        "speed": max(2, speed),
        "speeds": list(SPEEDS),
    }


def pddl_player_page(trace: dict[str, Any], title: str, summary: str) -> str:
    """The HTML page stepping through a plan's trace (PlanTrace.to_json)."""
    data = json.dumps(page_data(trace), separators=(",", ":")).replace("<", "\\u003c")
    replacements = {
        "TITLE": escape(title),
        "SUMMARY": escape(summary),
        "STYLE": resource("player.css") + resource("pddl_player.css"),
        "SCRIPT": resource("pddl_player.js"),
        "DATA": data,
    }
    page = resource("pddl_player.html")
    for mark, text in replacements.items():
        page = page.replace(mark, text)
    return page


def notebook_frame(page: str, height: int = 640) -> str:
    """The page inside an iframe (its own document, so its script runs and its ids stay apart), for a
    notebook's `_repr_html_`."""
    return (
        f'<iframe srcdoc="{escape(page, quote=True)}" style="width: 100%; height: {height}px; border: 1px solid #ccc"'
        ' sandbox="allow-scripts"></iframe>'
    )
