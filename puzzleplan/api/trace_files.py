"""Search traces as files: a versioned JSON Lines format (docs/traces.md) that other tools can read. A header
line, one line per kept expansion, IDA* iteration lines, Graphplan level and goal-attempt lines, and an end
line with the exact counts and the plan. States and moves are written in the puzzle's own JSON
(Notated.state_json, move_json) when the instance is given, else as plain JSON values."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.trace import TRACE_VERSION, Child, Expansion, GoalAttempt, GraphLevel, Trace
from puzzleplan.translator.capabilities import notation, plain_json, tupled

FORMAT = "puzzleplan-trace"
"""The `format` of a trace file's header line."""


@dataclass(frozen=True)
class Codec:
    """How states and moves are written and read: the puzzle's JSON, or plain JSON values."""

    state: Callable[[Any], Any] = plain_json
    read_state: Callable[[Any], Any] = tupled
    move: Callable[[Any], Any] = plain_json
    read_move: Callable[[Any], Any] = tupled


def codec_of(inst: Any) -> Codec:
    """The codec of an API Instance (None: plain JSON values)."""
    if inst is None:
        return Codec()
    spelled = notation(inst.puzzle)
    return Codec(
        lambda state: spelled.state_json(inst.data, state),
        lambda value: spelled.state_from_json(inst.data, value),
        lambda move: None if move is None else spelled.move_json(move),
        lambda value: None if value is None else spelled.move_from_json(value),
    )


def number(value: float | None) -> float | None:
    """A figure as JSON: None for no value or an infinite one (a dead state's h)."""
    return None if value is None or not math.isfinite(value) else value


def write_trace(trace: Trace, path: str | os.PathLike[str], inst: Any = None, label: str = "") -> Path:
    """Write `trace` as a JSON Lines file at `path`, its states and moves in the JSON of `inst`'s puzzle; the
    path written."""
    codec = codec_of(inst)
    puzzle = getattr(inst, "name", None)
    with open(path, "w", encoding="utf-8") as out:
        for line in trace_lines(trace, codec, puzzle, label or getattr(inst, "label", "")):
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
    return Path(path)


def trace_lines(trace: Trace, codec: Codec, puzzle: str | None, label: str) -> Iterator[dict[str, Any]]:
    """The lines of a trace file, in order."""
    yield header(trace, codec, puzzle, label)
    for expansion in trace.expansions:
        yield expansion_line(expansion, codec)
    for iteration in trace.iterations:
        yield {"type": "iteration", **iteration}
    for level in trace.levels:
        yield {"type": "level", **asdict(level)}
    for attempt in trace.attempts:
        yield {"type": "attempt", **asdict(attempt)}
    yield end_line(trace, codec)


def header(trace: Trace, codec: Codec, puzzle: str | None, label: str) -> dict[str, Any]:
    """The header line: the format, its version, what was searched and by what, and what was kept."""
    return {
        "format": FORMAT,
        "version": TRACE_VERSION,
        "puzzle": puzzle,
        "instance": label,
        "planner": trace.planner,
        "heuristic": trace.heuristic,
        "record_limit": trace.record_limit,
        "sample_every": trace.sample_every,
        "sampled": trace.sampled,
        "start": None if trace.start is None else codec.state(trace.start),
    } | ({"note": trace.note} if trace.note else {})


def expansion_line(expansion: Expansion, codec: Codec) -> dict[str, Any]:
    """One expansion's line (IDA*'s bound and iteration only when it has them)."""
    line = {
        "type": "expansion",
        "index": expansion.index,
        "id": expansion.state_id,
        "parent": expansion.parent,
        "move": codec.move(expansion.move),
        "state": codec.state(expansion.state),
        "g": number(expansion.g),
        "h": number(expansion.h),
        "f": number(expansion.f),
        "frontier": expansion.frontier,
        "closed": expansion.closed,
        "children": [child_json(child, codec) for child in expansion.children],
    }
    extra = {"bound": number(expansion.bound), "iteration": expansion.iteration}
    return line | {key: value for key, value in extra.items() if value is not None}


def child_json(child: Child, codec: Codec) -> dict[str, Any]:
    """One child as JSON."""
    return {
        "move": codec.move(child.move),
        "id": child.state_id,
        "outcome": child.outcome,
        "reason": child.reason,
        "g": number(child.g),
        "h": number(child.h),
    }


def end_line(trace: Trace, codec: Codec) -> dict[str, Any]:
    """The end line: how the search ended, the exact counts, the path and the plan."""
    return {
        "type": "end",
        "status": trace.status,
        "expanded": trace.expanded,
        "generated": trace.generated,
        "duplicates": trace.duplicates,
        "pruned": trace.pruned,
        "path": trace.path,
        "path_moves": [codec.move(move) for move in trace.path_moves],
        "plan": [codec.move(move) for move in trace.plan],
        "plan_level": trace.plan_level,
    } | ({"unrecorded": trace.unrecorded} if trace.unrecorded else {})


def read_trace(path: str | os.PathLike[str], inst: Any = None) -> Trace:
    """The trace a file written by write_trace holds, its states and moves read in the JSON of `inst`'s
    puzzle; InputError naming the file and line for a file that is not one (or is another puzzle's)."""
    source = os.fspath(path)
    lines = read_file(source).splitlines() or [""]
    codec = codec_of(inst)
    trace = at_line(source, 1, read_header, lines[0], codec, getattr(inst, "name", None))
    for number, text in enumerate(lines[1:], start=2):
        at_line(source, number, read_line, trace, text, codec)
    return trace


def at_line(source: str, number: int, read: Callable[..., Any], *arguments: Any) -> Any:
    """read(*arguments) for line `number` of the file, its errors an InputError naming the file and line."""
    try:
        return read(*arguments)
    except InputError as error:
        raise InputError(error.message, source, number) from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as error:
        raise InputError(f"expected a line of a {FORMAT} file (docs/traces.md): {error}", source, number) from None


def read_header(text: str, codec: Codec, puzzle: str | None) -> Trace:
    """The trace a header line begins; InputError for another format, version or puzzle."""
    line = json.loads(text)
    if not isinstance(line, dict) or line.get("format") != FORMAT:
        raise InputError(f"expected a header line with format {FORMAT!r}, found {str(line)[:80]}")
    if line.get("version") != TRACE_VERSION:
        raise InputError(f"expected a trace of version {TRACE_VERSION}, found version {line.get('version')!r}")
    if puzzle is not None and line["puzzle"] not in (None, puzzle):
        raise InputError(f"the trace is of a {line['puzzle']} instance, not of the {puzzle} instance given")
    start = line["start"]
    return Trace(
        planner=line["planner"],
        heuristic=line["heuristic"],
        record_limit=line["record_limit"],
        sample_every=line["sample_every"],
        sampled=line["sampled"],
        start=None if start is None else codec.read_state(start),
        note=line.get("note", ""),
    )


def read_line(trace: Trace, text: str, codec: Codec) -> None:
    """Add one line after the header to `trace`."""
    line = json.loads(text)
    kind = line.pop("type")
    if kind == "expansion":
        trace.expansions.append(read_expansion(line, codec))
    elif kind == "iteration":
        trace.iterations.append(line)
    elif kind == "level":
        pairs = {key: [tuple(pair) for pair in line[key]] for key in ("fact_mutexes", "action_mutexes")}
        trace.levels.append(GraphLevel(**(line | pairs)))
    elif kind == "attempt":
        trace.attempts.append(GoalAttempt(**line))
    elif kind == "end":
        read_end(trace, line, codec)
    else:
        raise InputError(f"expected a line of type expansion, iteration, level, attempt or end, found {kind!r}")


def read_expansion(line: dict[str, Any], codec: Codec) -> Expansion:
    """An expansion from its line."""
    children = [read_child(child, codec) for child in line["children"]]
    return Expansion(
        line["index"],
        line["id"],
        line["parent"],
        codec.read_move(line["move"]),
        codec.read_state(line["state"]),
        line["g"],
        line["h"],
        line["f"],
        children,
        line["frontier"],
        line["closed"],
        line.get("bound"),
        line.get("iteration"),
    )


def read_child(child: dict[str, Any], codec: Codec) -> Child:
    """A child from its JSON."""
    move = codec.read_move(child["move"])
    return Child(move, child["id"], child["outcome"], child["reason"], child["g"], child["h"])


def read_end(trace: Trace, line: dict[str, Any], codec: Codec) -> None:
    """The end line's counts, path and plan into `trace`."""
    trace.status = line["status"]
    for key in ("expanded", "generated", "duplicates", "pruned", "path", "plan_level"):
        setattr(trace, key, line[key])
    trace.unrecorded = line.get("unrecorded", 0)
    trace.path_moves = [codec.read_move(move) for move in line["path_moves"]]
    trace.plan = [codec.read_move(move) for move in line["plan"]]
