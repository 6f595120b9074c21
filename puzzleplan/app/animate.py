"""`--animate FILE` of `solve` and `validate`: the file's kind checked before any work is done, the replayed
plan written as a GIF, an animated SVG or an HTML player, and a line saying where it went."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from puzzleplan import api
from puzzleplan.common.outputs import check_distinct_outputs, check_output_file

if TYPE_CHECKING:
    from puzzleplan.pictures.drawings import Named


def check_animation(args: argparse.Namespace, puzzle: Named) -> None:
    """Refuse an --animate file of an unknown kind, a misplaced --every or a puzzle (anything that has its
    name) without a drawing before any work is done."""
    if args.animate:
        from puzzleplan.pictures.drawings import drawer_of
        from puzzleplan.pictures.output import ANIMATIONS, check_output

        check_output(args.animate, ANIMATIONS, "--animate", args.every)
        check_distinct_outputs({"--plan-out": getattr(args, "plan_out", None), "--animate": args.animate})
        check_output_file(args.animate, "animation", [args.file, *getattr(args, "plan", [])])
        drawer_of(puzzle)


def animate_plan(
    args: argparse.Namespace, inst: api.Instance, moves: Sequence[Any], states: Sequence[Any], summary: str
) -> dict[str, Any]:
    """Write the --animate file of replayed states (the frames), titled by the instance; what was written."""
    title = f"{inst.name}: {inst.label}"
    return api.write_animation(inst, moves, states, args.animate, every=args.every, title=title, summary=summary)


def say_animation(written: dict[str, Any] | None, args: argparse.Namespace) -> None:
    """Say where the animation went (on standard error under --json), or that there was none to write."""
    if written is None:
        print(f"puzzleplan: no plan to animate; {args.animate} not written", file=sys.stderr)
        return
    message = f"animation: {written['file']} ({written['frames']} frames, {written['bytes']:,} bytes)"
    print(message, file=sys.stderr if args.json else sys.stdout)


def print_result(
    args: argparse.Namespace, data: dict[str, Any], human: Callable[[], None], animation: dict | None
) -> None:
    """A command's output: under --json one JSON object (`data`, with the animation written, if any), else
    the human report that `human` prints; then where the animation went."""
    if args.json:
        print(json.dumps(dict(data, **({"animation": animation} if animation else {}))))
    else:
        human()
    if args.animate:
        say_animation(animation, args)
