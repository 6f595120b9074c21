"""The table of planners, by name, as lazy `module:Class` strings with constructor arguments.

Besides the names in the table, `fd:SEARCH` runs Fast Downward with any search string
(`fd:astar(blind())`), `pyperplan:SEARCH:HEURISTIC` any pyperplan pair (`pyperplan:astar:hmax`) and
`native-astar:HEURISTIC` native A* with one of the puzzle's named heuristics, `native-dfs:seed` depth-first
search pushing the children in the moves' order as seed 001's pseudocode does, `native-idastar:PARTITION`
IDA* with one of the sliding-tile puzzle's pattern database partitions and `up:NAME` any
unified-planning OneshotPlanner engine by its UP name (`up:symk-opt`, `up:lpg`).
"""

from __future__ import annotations

import importlib
from typing import Any

from puzzleplan.common.errors import InputError, did_you_mean
from puzzleplan.planners.base import Planner

PUSH_SINGLE = "wastar,clusters,tunnels,fess,turns,packing,opener,entries,cuts"
"""The best push search over single pushes (sokoban_push.OPTIONS): native-push-portfolio's first member, and
native-push-best after its first states."""

PUSH_BEST = PUSH_SINGLE + ",moves,first=10000"
"""native-push-best's options, the best push search on one core: PUSH_SINGLE with FESS's moves for its first
10,000 expanded positions; when they find no plan, PUSH_SINGLE anew."""

PUSH_MOVES = "native-push:" + PUSH_SINGLE + ",moves"
"""native-push-portfolio's second member: PUSH_SINGLE with FESS's moves of a box anywhere it can go alone."""

PUSH_RENAMED = {
    "native-push-wastar": "native-push:wastar,cycle",
    "native-push-cycle": "native-push:wastar,clusters,tunnels,cycle,doors",
    "native-push-fess": "native-push:wastar,clusters,tunnels,fess",
    "native-push-turns": "native-push:wastar,clusters,tunnels,fess,turns",
    "native-push-packing": "native-push:wastar,clusters,tunnels,fess,turns,packing,opener",
    "native-push-fess-packing": "native-push:wastar,clusters,tunnels,fess,packing,entries",
}
"""The push searches' former names, refused with the options that run the same search."""

PLANNERS: dict[str, tuple[str, dict[str, Any]]] = {
    "fd": ("puzzleplan.planners.fast_downward:FastDownward", {"search": "lama-first"}),
    "fd-opt": ("puzzleplan.planners.fast_downward:FastDownward", {"search": "astar(lmcut())"}),
    "pyperplan": ("puzzleplan.planners.pyperplan_planner:Pyperplan", {"search": "gbf", "heuristic": "hff"}),
    "pyperplan-opt": ("puzzleplan.planners.pyperplan_planner:Pyperplan", {"search": "astar", "heuristic": "lmcut"}),
    "native-bfs": ("puzzleplan.planners.native:NativeSearch", {"search": "bfs"}),
    "native-dfs": ("puzzleplan.planners.native:NativeSearch", {"search": "dfs"}),
    "native-astar": ("puzzleplan.planners.native:NativeSearch", {"search": "astar"}),
    "graphplan": ("puzzleplan.planners.graphplan:Graphplan", {}),
    "native-idastar": ("puzzleplan.planners.tiles_idastar:TilesIdaStar", {}),
    "native-tsp": ("puzzleplan.planners.tsp:PelletTour", {}),
    "native-push-astar": (
        "puzzleplan.planners.sokoban_push:PushAStar",
        {"options": "clusters,pairs,newest,incumbent,layers"},
    ),
    "native-push-best": ("puzzleplan.planners.sokoban_push:PushAStar", {"options": PUSH_BEST}),
    "native-push-portfolio": (
        "puzzleplan.planners.portfolio:Portfolio",
        {"members": (("native-push:" + PUSH_SINGLE, 1.0), (PUSH_MOVES, 1.0))},
    ),
}

DESCRIPTIONS = {
    "fd": "Fast Downward, lama-first (satisficing)",
    "fd-opt": "Fast Downward, A* with LM-cut (optimal)",
    "pyperplan": "pyperplan, greedy best-first with hFF (satisficing)",
    "pyperplan-opt": "pyperplan, A* with LM-cut (optimal)",
    "native-bfs": "breadth-first search on the puzzle's simulator (optimal)",
    "native-dfs": "depth-first search on the puzzle's simulator",
    "native-astar": "A* on the puzzle's simulator with its admissible heuristic (optimal)",
    "native-push-astar": (
        "Sokoban only: A* over pushes; PI-corrals, freeze, cluster and corral deadlocks, a bound that knows "
        "the keeper's side of each box, with penalties of pairs of boxes in each other's way, below the pushes "
        "of a plan two weighted searches find first, after feature cycling below one bound after another "
        "(push-optimal)"
    ),
    "native-push-best": (
        "Sokoban only: the best push search on one core, native-push:" + PUSH_BEST + " (FESS taking turns with "
        "feature cycles, bidirectional, macros, goal cuts; FESS's moves for the first 10,000 states, then single "
        "pushes anew)"
    ),
    "native-push-portfolio": (
        "Sokoban only: native-push-best's two searches in parallel (2 processes), each all the way: over single "
        "pushes (native-push:" + PUSH_SINGLE + ") and with FESS's moves (,moves); the plan found in fewer states wins"
    ),
    "native-tsp": "Pac-Man only: shortest path through the pellets as an integer program, HiGHS (optimal)",
    "graphplan": "bundled Graphplan with memoized nogoods (fewest parallel time steps)",
    "native-idastar": "tiles only: IDA* with additive pattern databases and their reflection (optimal)",
}


def _build(target: str, arguments: dict[str, Any], name: str) -> Planner[Any]:
    """Import `module:Class` and build it with `arguments`."""
    return _class_of(target)(name=name, **arguments)


def tracing_planners() -> tuple[str, ...]:
    """The names of the planners that record a trace of their search when asked (their class says `traces`)."""
    names = [name for name, (target, _) in PLANNERS.items() if getattr(_class_of(target), "traces", False)]
    return (*names, "native-astar:HEURISTIC")


def _class_of(target: str) -> Any:
    """The class a `module:Class` string names."""
    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)


FAMILIES: dict[str, tuple[str, dict[str, str], tuple[str, ...]]] = {
    "fd": ("puzzleplan.planners.fast_downward:FastDownward", {}, ("search",)),
    "native-astar": ("puzzleplan.planners.native:NativeSearch", {"search": "astar"}, ("heuristic",)),
    "native-dfs": ("puzzleplan.planners.native:NativeSearch", {"search": "dfs"}, ("order",)),
    "up": ("puzzleplan.planners.up_engine:UpEngine", {}, ("engine",)),
    "native-idastar": ("puzzleplan.planners.tiles_idastar:TilesIdaStar", {}, ("heuristic",)),
    "pyperplan": ("puzzleplan.planners.pyperplan_planner:Pyperplan", {}, ("search", "heuristic")),
    "native-push": ("puzzleplan.planners.sokoban_push:PushAStar", {}, ("options",)),
}
"""The open planner families KIND:VALUE (pyperplan:SEARCH:HEURISTIC): their class, its fixed arguments, and
the arguments the values after KIND: give (a family of one value takes the rest of the name whole)."""


def get_planner(name: str) -> Planner[Any]:
    """The planner called `name` (a table name, fd:SEARCH, pyperplan:SEARCH:HEURISTIC or up:NAME)."""
    if name in PLANNERS:
        target, arguments = PLANNERS[name]
        return _build(target, arguments, name)
    kind, _, rest = name.partition(":")
    if kind.startswith("native-push") and kind in PLANNERS and rest.startswith("states="):
        return _with_budget(name, kind, rest)
    target, fixed, keys = FAMILIES.get(kind, ("", {}, ()))
    values = rest.split(":") if len(keys) > 1 else [rest]
    if target and rest and len(values) == len(keys):
        return _build(target, fixed | dict(zip(keys, values)), name)
    renamed = f" (did you mean {PUSH_RENAMED[name]!r}?)" if name in PUSH_RENAMED else ""
    raise InputError(
        f"unknown planner {name!r}{renamed or did_you_mean(name, PLANNERS)}; known planners: {', '.join(PLANNERS)}, "
        "fd:SEARCH, pyperplan:SEARCH:HEURISTIC, native-astar:HEURISTIC, native-dfs:seed, native-idastar:PARTITION, "
        "native-push:OPTION,... or up:NAME (a unified-planning engine)",
        "command line",
    )


def _with_budget(name: str, kind: str, budget: str) -> Planner[Any]:
    """A push planner of the table (`kind`) with a state budget (`states=N`), or a portfolio of them whose
    members each have it."""
    target, arguments = PLANNERS[kind]
    if "options" in arguments:
        return _build(target, {**arguments, "options": f"{arguments['options']},{budget}"}, name)
    members = tuple(
        (f"{member}{',' if ':' in member else ':'}{budget}", weight) for member, weight in arguments["members"]
    )
    return _build(target, {**arguments, "members": members}, name)


def split_planners(spec: str) -> list[str]:
    """The planner names of a comma-separated list (`--planners a,b`): commas inside brackets
    (fd:'astar(lmcut(), ...)') and between the options of a planner (native-push:wastar,cycle) do not
    split it; a piece that names no planner and no family goes on the options of the name before it."""
    names: list[str] = []
    depth = 0
    for piece in spec.split(","):
        joins = names and (depth > 0 or ":" in names[-1] and not _names_a_planner(piece.strip()))
        if joins:
            names[-1] += "," + piece
        else:
            names.append(piece)
        depth += piece.count("(") - piece.count(")")
    return [name.strip() for name in names if name.strip()]


def _names_a_planner(piece: str) -> bool:
    """Whether a piece of a planner list starts a planner name (a table name, or KIND: of a family)."""
    kind = piece.partition(":")[0]
    return piece in PLANNERS or piece in PUSH_RENAMED or kind in FAMILIES or kind in PLANNERS
