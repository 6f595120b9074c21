"""The small HTML pieces the notebook views are made of: a table of names and values, a state's picture, and
an instance shown as its puzzle, label, goal and initial state."""

from __future__ import annotations

from html import escape
from typing import Any

from puzzleplan.common.errors import InputError


def table(rows: dict[str, Any], caption: str = "") -> str:
    """A small two-column HTML table of names and values (rows whose value is None left out)."""
    left = "style='text-align: left'"
    body = "".join(
        f"<tr><th {left}>{escape(name)}</th><td {left}>{escape(str(value))}</td></tr>"
        for name, value in rows.items()
        if value is not None
    )
    head = f"<caption style='text-align: left'><b>{escape(caption)}</b></caption>" if caption else ""
    return f"<table class='puzzleplan'>{head}{body}</table>"


def picture(inst: Any, state: Any = None) -> str:
    """A state (the initial one by default) as inline SVG; the puzzle's text picture when it has no drawing."""
    from puzzleplan.pictures.drawings import drawer_of
    from puzzleplan.pictures.svg import svg_text

    state = inst.initial if state is None else state
    try:
        scene = drawer_of(inst.puzzle).scene(inst.data, state)
    except InputError:
        return f"<pre>{escape(inst.show(state))}</pre>"
    return svg_text(scene).split("\n", 1)[1]  # without the XML declaration


def instance_html(inst: Any) -> str:
    """An instance: its puzzle, label and goal, and a picture of its initial state."""
    rows = {"puzzle": inst.name, "instance": inst.label, "goal": inst.describe_goal()}
    return table(rows) + picture(inst)
