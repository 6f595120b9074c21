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

_PRUNED: dict[str, Any] = {"weight": 5, "bidirectional": True, "macros": True, "clusters": True, "tunnels": True}
"""The weighted push searches' options: bidirectional, goal and tunnel macros, cluster and corral deadlocks."""

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
    "native-push-astar": ("puzzleplan.planners.sokoban_push:PushAStar", {"clusters": True}),
    "native-push-wastar": (
        "puzzleplan.planners.sokoban_push:PushAStar",
        {"weight": 5, "bidirectional": True, "macros": True, "cycle": True},
    ),
    "native-push-cycle": (
        "puzzleplan.planners.sokoban_push:PushAStar",
        {**_PRUNED, "cycle": True, "doors": True},
    ),
    "native-push-fess": ("puzzleplan.planners.sokoban_push:PushAStar", {**_PRUNED, "fess": True}),
    "native-push-turns": ("puzzleplan.planners.sokoban_push:PushAStar", {**_PRUNED, "fess": True, "turns": True}),
    "native-push-packing": (
        "puzzleplan.planners.sokoban_push:PushAStar",
        {**_PRUNED, "fess": True, "turns": True, "packing": True, "opener": True},
    ),
    "native-push-best": (
        "puzzleplan.planners.sokoban_push:PushAStar",
        {**_PRUNED, "fess": True, "turns": True, "packing": True, "opener": True, "entries": True},
    ),
    "native-push-fess-packing": (
        "puzzleplan.planners.sokoban_push:PushAStar",
        {**_PRUNED, "fess": True, "packing": True, "entries": True},
    ),
    "native-push-portfolio": (
        "puzzleplan.planners.portfolio:Portfolio",
        {"members": (("native-push-best", 1.0), ("native-push-fess-packing", 1.0))},
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
    "native-push-astar": "Sokoban only: A* over pushes; PI-corrals, freeze, cluster, corral deadlocks (push-optimal)",
    "native-push-wastar": (
        "Sokoban only: bidirectional weighted A* over pushes and pulls, g + 5h, goal macros, feature cycling"
    ),
    "native-push-cycle": (
        "Sokoban only: native-push-wastar with cluster and corral deadlocks, tunnel macros and doorway cycling"
    ),
    "native-push-fess": (
        "Sokoban only: native-push-cycle's pruning and macros, searched by FESS (feature space, advisors, move weights)"
    ),
    "native-push-turns": "Sokoban only: native-push-fess taking turns with native-push-cycle's two feature cycles",
    "native-push-packing": "Sokoban only: native-push-turns with FESS's packing moves and opener advisor",
    "native-push-best": "Sokoban only: native-push-packing, its packing orders from the entrances boxes come in by",
    "native-push-fess-packing": (
        "Sokoban only: native-push-fess with packing moves and native-push-best's packing orders (no turns, no opener)"
    ),
    "native-push-portfolio": (
        "Sokoban only: native-push-best and native-push-fess-packing in parallel (2 processes); the plan found "
        "in fewer states wins"
    ),
    "native-tsp": "Pac-Man only: shortest path through the pellets as an integer program, HiGHS (optimal)",
    "graphplan": "bundled Graphplan with memoized nogoods (fewest parallel time steps)",
    "native-idastar": "tiles only: IDA* with additive pattern databases and their reflection (optimal)",
}


def _build(target: str, arguments: dict[str, Any], name: str) -> Planner[Any]:
    """Import `module:Class` and build it with `arguments`."""
    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)(name=name, **arguments)


FAMILIES: dict[str, tuple[str, dict[str, str], tuple[str, ...]]] = {
    "fd": ("puzzleplan.planners.fast_downward:FastDownward", {}, ("search",)),
    "native-astar": ("puzzleplan.planners.native:NativeSearch", {"search": "astar"}, ("heuristic",)),
    "native-dfs": ("puzzleplan.planners.native:NativeSearch", {"search": "dfs"}, ("order",)),
    "up": ("puzzleplan.planners.up_engine:UpEngine", {}, ("engine",)),
    "native-idastar": ("puzzleplan.planners.tiles_idastar:TilesIdaStar", {}, ("heuristic",)),
    "pyperplan": ("puzzleplan.planners.pyperplan_planner:Pyperplan", {}, ("search", "heuristic")),
}
"""The open planner families KIND:VALUE (pyperplan:SEARCH:HEURISTIC): their class, its fixed arguments, and
the arguments the values after KIND: give (a family of one value takes the rest of the name whole)."""


def get_planner(name: str) -> Planner[Any]:
    """The planner called `name` (a table name, fd:SEARCH, pyperplan:SEARCH:HEURISTIC or up:NAME)."""
    if name in PLANNERS:
        target, arguments = PLANNERS[name]
        return _build(target, arguments, name)
    kind, _, rest = name.partition(":")
    target, fixed, keys = FAMILIES.get(kind, ("", {}, ()))
    values = rest.split(":") if len(keys) > 1 else [rest]
    if target and rest and len(values) == len(keys):
        return _build(target, fixed | dict(zip(keys, values)), name)
    raise InputError(
        f"unknown planner {name!r}{did_you_mean(name, PLANNERS)}; known planners: {', '.join(PLANNERS)}, "
        "fd:SEARCH, pyperplan:SEARCH:HEURISTIC, native-astar:HEURISTIC, native-dfs:seed, native-idastar:PARTITION "
        "or up:NAME "
        "(a unified-planning engine)",
        "command line",
    )
