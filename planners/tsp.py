"""Pac-Man food search solved exactly: the shortest walk from Pac-Man through every pellet, as an integer
program solved by HiGHS (`scipy.optimize.milp`) with subtour cuts added lazily, proven optimal.

Eating every pellet in fewest moves is a shortest Hamiltonian path from Pac-Man through the pellets on
maze distances (a pellet passed over on the way is eaten for free). Two facts make it small:
- a pellet on every way from Pac-Man to another pellet (in a dead end, before a deeper one) is eaten on
  the way there, so only the other pellets need to be aimed for (`needed_pellets`: 66 of mediumSearch's
  108);
- the walk runs along the maze's corridors, so the program is written on the corridor graph (the needed
  pellets, Pac-Man and the junctions, joined by corridors with their lengths; empty dead ends pruned)
  rather than on all pairs of pellets: an integer y_e in {0, 1, 2} says how often the walk runs along
  corridor e (an optimal walk never needs a third time), a 0-1 t_v marks the pellet where it ends, and
  an integer z_v makes each node's degree even, odd at Pac-Man and at the end:
      minimize  sum of length_e * y_e
      subject to  y(edges at v) - 2 z_v - t_v = [v is Pac-Man]       (an Euler walk exists)
                  y(edges at v) + t_v >= 2 for each needed pellet v    (it is visited)
                  sum of t_v = 1
                  y(edges leaving S) + t(S) >= 2 for each set S of nodes with a needed pellet and without
                  Pac-Man                                               (subtour cuts: S is joined up)
  The subtour cuts are added lazily: for the linear relaxation, each part of the solution cut off from
  Pac-Man and each violated cut met by the Stoer-Wagner minimum-cut phases; then for the integer program,
  each part cut off from Pac-Man (and that part grown by its neighbours), solving again until the walk is
  connected.
Every program solved is a relaxation of the full one, so its value (HiGHS's dual bound) is a lower bound
on the shortest walk. A local search (2-opt and or-opt on the pellet order) gives an upper bound first,
and again from each integer solution's order of the pellets. The plan is claimed optimal once the bound,
rounded up (lengths are whole numbers), reaches the length of a walk in hand: the local search's, or the
connected walk of an integer solution, read off as an Euler walk. Without that proof the run ends as a
timeout. scipy is imported only here.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass, field

from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import PlanResult, Proof, Simulation, Status
from puzzleplan.planners.pellet_order import Tour
from puzzleplan.planners.search import Deadline
from puzzleplan.translator.capabilities import search_help
from puzzleplan.translator.graph import reachable
from puzzleplan.translator.grid import Cell
from puzzleplan.translator.pacman.maze import Corridors, corridors, needed_pellets
from puzzleplan.translator.pacman.puzzle import tour_moves, walk_moves

log = logging.getLogger(__name__)

TOLERANCE = 1e-6
ROUNDS = 30
"""Perturbation rounds of the local search that gives the first upper bound."""


class PelletTour:
    """Exact Pac-Man food search: the shortest walk through the pellets as an integer program (HiGHS)."""

    optimal = True
    fragment = None
    puzzles = ("pacman",)

    def __init__(self, name: str = "native-tsp", rounds: int = ROUNDS) -> None:
        self.name = name
        self.rounds = rounds

    def available(self) -> tuple[bool, str]:
        """Needs scipy 1.9 or later (scipy.optimize.milp, HiGHS); asked without importing scipy."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("scipy")
        except PackageNotFoundError:
            return False, "scipy is not installed"
        major, minor = (int(part) for part in re.findall(r"\d+", found)[:2])
        if (major, minor) < (1, 9):
            return False, f"scipy {found} has no milp; 1.9 or later is needed"
        return True, ""

    def solve(self, problem: Simulation, limits: Limits) -> PlanResult:
        """The shortest walk, proven so, as moves; TIMEOUT when it is not proven in time."""
        puzzle, instance = problem.puzzle, problem.instance
        deadline = Deadline(limits.timeout)
        reason = search_help(puzzle).unsolvable_reason(instance)  # the pipeline asks first; callers outside it may not
        if reason:
            return PlanResult(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE, message=reason)
        if not instance.food:
            return PlanResult(Status.SOLVED, [], Proof.OPTIMAL)
        needed = needed_pellets(instance.is_open, instance.pacman, instance.food)
        tour = Tour.search(instance, needed, self.rounds, deadline)
        outcome = Outcome(cost=tour.length)
        program = WalkProgram(corridors(instance.is_open, instance.pacman, needed), instance.pacman, needed)
        prove(program, outcome, deadline, tour)
        result = PlanResult(outcome.status, search_time=deadline.elapsed(), message=outcome.message)
        result.figures = {"needed_pellets": len(needed), **outcome.figures()}
        if outcome.status is Status.SOLVED:
            _proven_plan(result, outcome, instance, tour)
        return result


def _proven_plan(result: PlanResult, outcome: Outcome, instance, tour: Tour) -> None:
    """Give a proven result its moves: the integer program's own walk, or the local search's order with each
    leg a shortest walk; an error if their length is not the proven one."""
    if outcome.walk:
        result.plan = walk_moves(instance, outcome.walk)
    else:
        result.plan = tour_moves(instance, [tour.cells[index] for index in tour.order[1:]])
    result.proved = Proof.OPTIMAL
    if len(result.plan) != outcome.cost:
        result.status, result.proved = Status.ERROR, None
        result.message = f"the walk has {len(result.plan)} moves, the program said {outcome.cost}"


@dataclass
class Outcome:
    """Where the proof stands: the best walk's length (and its cells when the program found it), the
    proven lower bound, the counts of solves, cuts and branch-and-bound nodes, and how it ended."""

    cost: float = math.inf
    walk: list[Cell] = field(default_factory=list)
    bound: int = 0
    lp_solves: int = 0
    mip_solves: int = 0
    cuts: int = 0
    nodes: int = 0
    status: Status = Status.TIMEOUT
    message: str = ""

    def figures(self) -> dict[str, float]:
        """The run's figures: the bounds and the counts of solves, cuts and nodes."""
        return {
            "lower_bound": self.bound,
            "upper_bound": self.cost,
            "lp_solves": self.lp_solves,
            "mip_solves": self.mip_solves,
            "subtour_cuts": self.cuts,
            "mip_nodes": self.nodes,
        }


def prove(program: WalkProgram, outcome: Outcome, deadline: Deadline, tour: Tour | None = None) -> None:
    """Cut and solve until the lower bound meets the best walk (status SOLVED), or time runs out: the
    linear relaxation is cut until it violates no subtour cut, then the integer program is solved and its
    parts cut off from Pac-Man are cut, again and again. (Cutting the relaxation again between integer
    solves took twice the time on mediumSearch.) Each integer solution that is not yet one walk gives the
    local search (`tour`) a new start: its pellets in the order the walk from Pac-Man meets them."""
    if not _tighten(program, outcome, deadline):
        return
    while True:
        solution = _solve(program, outcome, deadline, integer=True)
        if solution is None or outcome.status is Status.SOLVED:
            return
        parts = program.cut_off(solution["x"], 0.5)
        if not parts:
            _take_walk(program, outcome, solution)
            return
        if tour is not None and _tour_settles(program, outcome, tour, solution):
            return
        _add(program, outcome, program.with_grown(parts), "MIP", solution)


def _take_walk(program: WalkProgram, outcome: Outcome, solution: dict) -> None:
    """End on an integer solution that is one connected walk: the best walk if shorter, proven optimal by
    HiGHS (an error if it is not)."""
    walk, cost = program.walk(solution["x"]), round(solution["fun"])
    if cost < outcome.cost:
        outcome.cost, outcome.walk = cost, walk
    _settle(outcome)
    if outcome.status is not Status.SOLVED:
        outcome.status, outcome.message = Status.ERROR, "HiGHS did not prove its walk optimal"


def _tour_settles(program: WalkProgram, outcome: Outcome, tour: Tour, solution: dict) -> bool:
    """Start the local search again from an integer solution's order of the pellets; a shorter tour is the
    best walk. True once the best walk meets the lower bound."""
    if not tour.improve(program.walk(solution["x"])) or tour.length >= outcome.cost:
        return False
    outcome.cost, outcome.walk = tour.length, []
    _settle(outcome)
    return outcome.status is Status.SOLVED


def _tighten(program: WalkProgram, outcome: Outcome, deadline: Deadline) -> bool:
    """Cut the linear relaxation until it violates no subtour cut; False when the run is over."""
    while True:
        solution = _solve(program, outcome, deadline, integer=False)
        if solution is None or outcome.status is Status.SOLVED:
            return False
        parts = program.violated(solution["x"])
        if not parts:
            return True
        _add(program, outcome, parts, "LP", solution)


def _add(program: WalkProgram, outcome: Outcome, parts: list[set[int]], kind: str, solution: dict) -> None:
    """Add the subtour cuts of node sets, and log the round."""
    for part in parts:
        program.cut(part)
    outcome.cuts += len(parts)
    value = solution["fun"]
    log.info(
        "%s %d: value %.1f, %d cuts, bounds %s..%s",
        kind,
        outcome.lp_solves + outcome.mip_solves,
        value,
        len(parts),
        outcome.bound,
        outcome.cost,
    )


def _solve(program: WalkProgram, outcome: Outcome, deadline: Deadline, integer: bool) -> dict | None:
    """One solve (the linear relaxation unless `integer`), its bound recorded; None when time ran out or
    HiGHS failed (the outcome says which)."""
    if deadline.passed():
        outcome.message = _unproven(outcome)
        return None
    solution = program.solve(deadline.remaining(), integer)
    if integer:
        outcome.mip_solves += 1
    else:
        outcome.lp_solves += 1
    outcome.nodes += solution.get("mip_node_count") or 0
    bound = _proven_bound(solution, integer)
    if bound is not None:
        outcome.bound = max(outcome.bound, math.ceil(bound - TOLERANCE))
        _settle(outcome)
    if solution["status"] == 0:
        return solution
    if solution["status"] != 1:
        outcome.status, outcome.message = Status.ERROR, f"HiGHS: {solution['message']}"
    elif outcome.status is not Status.SOLVED:
        outcome.message = _unproven(outcome)
    return None


def _proven_bound(solution: dict, integer: bool) -> float | None:
    """The lower bound on the walk a solve proves: a relaxation's value, only when solved; an integer
    program's dual bound, even when stopped; None for none."""
    bound = solution.get("mip_dual_bound") if integer else solution.get("fun")
    if bound is None or not math.isfinite(bound) or not (solution["status"] == 0 or integer):
        return None
    return bound


def _unproven(outcome: Outcome) -> str:
    """The message of a run that ran out of time."""
    return f"not proven in time: the shortest walk has between {outcome.bound} and {outcome.cost} moves"


def _settle(outcome: Outcome) -> None:
    """SOLVED once the lower bound reaches the best walk's length."""
    if outcome.bound >= outcome.cost:
        outcome.status = Status.SOLVED


class WalkProgram:
    """The integer program of a walk from Pac-Man through the needed pellets on the corridor graph (see
    the module's docstring): columns y (one per corridor), z and t (one each per node)."""

    def __init__(self, graph: Corridors, start: Cell, needed: frozenset[Cell]) -> None:
        self.graph = graph
        self.count, edges = len(graph.nodes), len(graph.edges)
        self.start = graph.nodes.index(start)
        self.required = {node for node, cell in enumerate(graph.nodes) if cell in needed}
        self.z, self.t = edges, edges + self.count
        self.costs = [len(cells) - 1 for _, _, cells in graph.edges] + [0] * (2 * self.count)
        self.upper = [2] * edges + [4] * self.count + [int(node in self.required) for node in range(self.count)]
        self.incident = self._incidence()
        self.rows: list[tuple[list[int], list[float], float, float]] = []
        """(columns, coefficients, lower, upper) of each constraint."""
        for node in range(self.count):
            self.rows += self._node_rows(node)
        self.rows.append((self.incident[self.start], [1.0] * len(self.incident[self.start]), 1, math.inf))
        self.rows.append(([self.t + node for node in range(self.count)], [1] * self.count, 1, 1))

    def _incidence(self) -> list[list[int]]:
        """Each node's corridors (their columns)."""
        incident: list[list[int]] = [[] for _ in range(self.count)]
        for column, (first, last, _) in enumerate(self.graph.edges):
            incident[first].append(column)
            incident[last].append(column)
        return incident

    def _node_rows(self, node: int) -> list[tuple[list[int], list[float], float, float]]:
        """A node's constraints: its degree is even (odd at Pac-Man and the end); a needed pellet is visited."""
        degree = self.incident[node]
        parity = float(node == self.start)
        rows = [(degree + [self.z + node, self.t + node], [1.0] * len(degree) + [-2.0, -1.0], parity, parity)]
        if node in self.required:
            rows.append((degree + [self.t + node], [1.0] * (len(degree) + 1), 2, math.inf))
        return rows

    def cut(self, part: set[int]) -> None:
        """The subtour cut of a node set S without Pac-Man: y(edges leaving S) + t(S) >= 2."""
        crossing = [col for col, (a, b, _) in enumerate(self.graph.edges) if (a in part) != (b in part)]
        ends = [self.t + node for node in sorted(part)]
        self.rows.append((crossing + ends, [1] * (len(crossing) + len(ends)), 2, math.inf))

    def solve(self, seconds: float, integer: bool) -> dict:
        """HiGHS on the program with the cuts so far (its linear relaxation unless `integer`)."""
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_array

        rows, cols, values = [], [], []
        for number, (columns, coefficients, _, _) in enumerate(self.rows):
            rows += [number] * len(columns)
            cols += columns
            values += coefficients
        shape = (len(self.rows), len(self.costs))
        matrix = coo_array((values, (rows, cols)), shape=shape).tocsr()
        result = milp(
            np.array(self.costs, dtype=float),
            integrality=np.full(len(self.costs), int(integer)),
            bounds=Bounds(np.zeros(len(self.costs)), np.array(self.upper, dtype=float)),
            constraints=LinearConstraint(matrix, [row[2] for row in self.rows], [row[3] for row in self.rows]),
            options={"time_limit": max(seconds, 0.01)},
        )
        return dict(result)

    def cut_off(self, values, threshold: float) -> list[set[int]]:
        """The parts of the solution's graph (edges above `threshold`) that hold a needed pellet but not
        Pac-Man."""
        neighbours = self._neighbours(values, threshold)
        left, parts = set(range(self.count)), []
        while left:
            part = reachable(min(left), neighbours.__getitem__)
            left -= part
            if self.start not in part and part & self.required:
                parts.append(part)
        return parts

    def _neighbours(self, values, threshold: float) -> dict[int, list[int]]:
        """Each node's neighbours along the corridors whose value in the solution is above `threshold`."""
        neighbours: dict[int, list[int]] = {node: [] for node in range(self.count)}
        for (a, b, _), value in zip(self.graph.edges, values):
            if value > threshold:
                neighbours[a].append(b)
                neighbours[b].append(a)
        return neighbours

    def grow(self, part: set[int]) -> set[int]:
        """A node set with its neighbours added (Pac-Man's node left out)."""
        grown = set(part)
        for a, b, _ in self.graph.edges:
            if a in part or b in part:
                grown |= {a, b}
        return grown - {self.start}

    def with_grown(self, parts: list[set[int]]) -> list[set[int]]:
        """The parts, then each grown by its neighbours (where new): the part an integer solution shifts to next."""
        return parts + [grown for grown in map(self.grow, parts) if grown not in parts]

    def violated(self, values) -> list[set[int]]:
        """Node sets whose subtour cut a fractional solution violates: the parts cut off from Pac-Man, or
        when there are none, the light cuts of the Stoer-Wagner phases."""
        return self.cut_off(values, TOLERANCE) or self._light_cuts(values)

    def _light_cuts(self, values) -> list[set[int]]:
        """The node sets (with a needed pellet, without Pac-Man) of the Stoer-Wagner phases' cuts that a
        fractional solution violates."""
        found: list[set[int]] = []
        for weight, members in phase_cuts(self._weights(values)):
            part = set(members) if self.start not in members else set(range(self.count)) - set(members)
            ends = sum(values[self.t + node] for node in part)
            if weight + ends < 2 - TOLERANCE and part & self.required and part not in found:
                found.append(part)
        return found

    def _weights(self, values) -> list[list[float]]:
        """The symmetric matrix of the solution's values summed over the corridors between each two nodes."""
        weights = [[0.0] * self.count for _ in range(self.count)]
        for (a, b, _), value in zip(self.graph.edges, values):
            weights[a][b] += value
            weights[b][a] += value
        return weights

    def walk(self, values) -> list[Cell]:
        """The cells of an Euler walk from Pac-Man over the corridors as often as the solution takes them."""
        edges = self.graph.edges
        cells = [self.graph.nodes[self.start]]
        for _, column, source in self._euler_trail(values)[1:]:
            a, _, path = edges[column]
            cells += list(path[1:] if source == a else path[-2::-1])
        return cells

    def _euler_trail(self, values) -> list[tuple[int, int, int]]:
        """Hierholzer's Euler walk from Pac-Man over the corridors as often as the solution takes them, as
        (node, corridor taken, from node) steps; the first is Pac-Man's node, taken by no corridor."""
        edges = self.graph.edges
        unused = self._corridor_copies(values)
        taken = [0] * len(edges)
        copies = [round(value) for value in values[: len(edges)]]
        stack: list[tuple[int, int, int]] = [(self.start, -1, -1)]  # (node, corridor taken, from node)
        trail: list[tuple[int, int, int]] = []
        while stack:  # Hierholzer: follow unused corridors, backing up into the trail when stuck
            node = stack[-1][0]
            while unused[node] and taken[unused[node][-1]] >= copies[unused[node][-1]]:
                unused[node].pop()
            if unused[node]:
                column = unused[node].pop()
                taken[column] += 1
                a, b, _ = edges[column]
                stack.append((b if node == a else a, column, node))
            else:
                trail.append(stack.pop())
        trail.reverse()
        return trail

    def _corridor_copies(self, values) -> dict[int, list[int]]:
        """Each node's corridors, each as often as the solution takes it."""
        copies: dict[int, list[int]] = {node: [] for node in range(self.count)}
        for column, (a, b, _) in enumerate(self.graph.edges):
            for _ in range(round(values[column])):
                copies[a].append(column)
                copies[b].append(column)
        return copies


def phase_cuts(weights: list[list[float]]) -> list[tuple[float, list[int]]]:
    """The cut of every phase of the Stoer-Wagner minimum-cut algorithm on a symmetric weight matrix:
    (weight, the nodes on the side merged last); the lightest of them is a minimum cut of the graph."""
    import numpy as np

    matrix = np.array(weights, dtype=float)
    groups = [[node] for node in range(len(matrix))]
    active = list(range(len(matrix)))
    cuts = []
    while len(active) > 1:
        order = [active[0]]
        linked = matrix[active[0]].copy()
        excluded = np.full(len(matrix), True)
        excluded[active] = False
        excluded[active[0]] = True
        linked[excluded] = -np.inf
        for _ in range(len(active) - 1):
            last = int(np.argmax(linked))
            order.append(last)
            weight = float(linked[last])
            excluded[last] = True
            linked += matrix[last]
            linked[excluded] = -np.inf
        last, before = order[-1], order[-2]
        cuts.append((weight, sorted(groups[last])))
        matrix[before] += matrix[last]
        matrix[:, before] += matrix[:, last]
        matrix[before, before] = 0
        groups[before] += groups[last]
        active.remove(last)
    return cuts
