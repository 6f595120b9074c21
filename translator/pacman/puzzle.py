"""Pac-Man food search (seed 004): the rules on CS188's moves North, South, East, West, the heuristics,
the STRIPS encoding (domains/pacman.pddl) and the decoding of its plans."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from itertools import groupby
from typing import Any

from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.files import whole_number
from puzzleplan.domains import domain_text
from puzzleplan.translator.capabilities import Generating, Notated, Observed, Reported, Searchable
from puzzleplan.translator.grid import (
    Cell,
    adjacency_facts,
    cell_name,
    direction_between,
    flood,
    layers,
    parse_cell_name,
    step,
    walk,
)
from puzzleplan.translator.notation import Notation
from puzzleplan.translator.pacman import maze as bounds
from puzzleplan.translator.pacman.layout import (
    PacmanInstance,
    State,
    describe_cell,
    picture,
    read_maze,
    render_maze,
)
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom, problem_text
from puzzleplan.translator.puzzle import Heuristic, Option, Puzzle

MOVES: dict[str, str] = {"North": "up", "South": "down", "East": "right", "West": "left"}
"""The moves as CS188 names them, in its successor order, with their grid directions (North is up)."""
MOVE_OF = {direction: name for name, direction in MOVES.items()}
ARROWS = {"North": "^", "South": "v", "East": ">", "West": "<"}
_SEED_WORDS = {"up": "North", "down": "South", "left": "West", "right": "East"}
"""Seed 004's moves ("Pac Man moves one cell up, down, left or right") and the compass moves they are."""
_SPELLINGS = (
    {name.lower(): name for name in MOVES}
    | {name[0].lower(): name for name in MOVES}
    | _SEED_WORDS
    | {word[0]: name for word, name in _SEED_WORDS.items()}
)
_WORD = re.compile(r"[^\s,\[\]\"']+")


class Pacman(Puzzle[PacmanInstance, State, str], Notated, Searchable, Reported, Generating, Observed):
    """Pac-Man food search: eat every pellet in fewest moves (CS188 .lay layouts and autograder .test files)."""

    name = "pacman"
    suffixes = (".lay", ".test")
    native_planners = ("native-tsp",)
    default_planner = "native-tsp"
    """The pellet tour as an integer program proves CS188's medium and big searches optimal in seconds,
    where A* over (position, pellets left) runs out of time."""

    # -- native format --------------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> PacmanInstance:
        """A CS188 layout (% wall, . pellet, P Pac-Man, space), or the layout of an autograder .test file."""
        return read_maze(text, source)

    def render(self, instance: PacmanInstance) -> str:
        """The layout text (inside a .test file for a maze read from one)."""
        return render_maze(instance)

    generator_options = (
        Option("height", int, 7, "rows of the maze, outer walls included", minimum=3, maximum=500),
        Option("width", int, 12, "columns of the maze, outer walls included", minimum=3, maximum=500),
        Option("pellets", int, 10, "number of pellets", minimum=0, maximum=250_000),
        Option("walls", int, 25, "percentage of inner cells that are walls", minimum=0, maximum=100),
    )

    def generate(self, options: dict[str, Any], rng: random.Random) -> PacmanInstance:
        """A walled rectangle with random inner walls; Pac-Man and the pellets in the largest open region."""
        height, width = options["height"], options["width"]
        inner = [(row, col) for row in range(1, height - 1) for col in range(1, width - 1)]
        walls, open_cells = _random_walls(inner, options["walls"], rng)
        largest = max(_regions(open_cells), key=len)  # the first of the largest, in the order of their smallest cells
        pacman = rng.choice(largest)
        border = {(row, col) for row in range(height) for col in range(width)} - set(inner)
        food = _pellets([cell for cell in largest if cell != pacman], options["pellets"], rng)
        return PacmanInstance(height, width, frozenset(walls | border), food, pacman)

    # -- simulator --------------------------------------------------------------------------------------
    def initial(self, instance: PacmanInstance) -> State:
        """Pac-Man and every pellet where the layout puts them."""
        return State(instance.pacman, instance.food)

    def restart(self, instance: PacmanInstance, state: State) -> PacmanInstance:
        """The maze with Pac-Man and the pellets of `state`."""
        return replace(instance, pacman=state.pacman, food=state.food)

    def moves(self, instance: PacmanInstance, state: State) -> list[str]:
        """The moves onto open cells, in CS188's order North, South, East, West."""
        return [name for name, direction in MOVES.items() if instance.is_open(step(state.pacman, direction))]

    def apply(self, instance: PacmanInstance, state: State, move: str) -> State:
        """Move one cell, eating the pellet there; IllegalMove says what is in the way."""
        if move not in MOVES:
            raise IllegalMove(f"{move!r} is not a move: expected North, South, East or West")
        target = step(state.pacman, MOVES[move])
        if not instance.is_open(target):
            blocked = "a wall" if target in instance.walls else "the edge of the maze"
            raise IllegalMove(f"{blocked} is in the way at {describe_cell(target)}")
        return State(target, state.food - {target} if target in state.food else state.food)

    def successors(self, instance: PacmanInstance, state: State) -> Iterator[tuple[str, State]]:
        """(move, state) for each open neighbour, in the order of moves()."""
        food = state.food
        for name, direction in MOVES.items():
            target = step(state.pacman, direction)
            if instance.is_open(target):
                yield name, State(target, food - {target} if target in food else food)

    def is_goal(self, instance: PacmanInstance, state: State) -> bool:
        """No pellet left."""
        return not state.food

    def heuristic(self, instance: PacmanInstance, state: State) -> float:
        """The largest of the farthest pellet, the pair bound and the spanning-tree bound (maze.py)."""
        return bounds.strongest(instance.maze, state.pacman, state.food)

    def heuristics(self) -> dict[str, Heuristic]:
        """The default bound and its parts, each admissible and consistent on maze distances."""

        def named(function):
            return lambda instance, state: function(instance.maze, state.pacman, state.food)

        return {
            "default": Heuristic(self.heuristic, True, "max of farthest, pairs and tree"),
            "farthest": Heuristic(named(bounds.farthest), True, "maze distance to the farthest pellet"),
            "pairs": Heuristic(named(bounds.pairs), True, "the costliest two pellets to eat alone"),
            "tree": Heuristic(named(bounds.tree), True, "spanning tree over the pellets plus the nearest one"),
        }

    def unsolvable_reason(self, instance: PacmanInstance) -> str | None:
        """A pellet walled off from Pac-Man."""
        cut_off = sorted(instance.food - instance.reachable)
        if cut_off:
            return f"the pellet at {describe_cell(cut_off[0])} cannot be reached: walls close it off from Pac-Man"
        return None

    # -- PDDL ---------------------------------------------------------------------------------------------
    def encode(self, instance: PacmanInstance) -> PddlTask:
        """domains/pacman.pddl and a problem over the cells Pac-Man can reach (and every pellet)."""
        cells = instance.reachable | instance.food
        init = adjacency_facts(cells)
        init.append(atom("at", cell_name(instance.pacman)))
        init += [atom("food" if cell in instance.food else "clear", cell_name(cell)) for cell in cells]
        goal = [atom("clear", cell_name(cell)) for cell in instance.food]
        name = f"pacman-{len(instance.food)}pellets-{len(cells)}cells"
        problem = problem_text(name, "pacman", {"cell": [cell_name(cell) for cell in cells]}, init, goal)
        return PddlTask("pacman", domain_text("pacman"), problem)

    def decode(self, instance: PacmanInstance, plan: list[GroundAction]) -> list[str]:
        """(move FROM TO) and (eat FROM TO) -> the move from FROM to TO, checked against the maze."""
        state, moves = self.initial(instance), []
        for name, args in plan:
            step_text = atom(name, *args)
            try:
                if name not in ("move", "eat") or len(args) != 2:
                    raise ValueError("not a move or eat action")
                source, target = parse_cell_name(args[0]), parse_cell_name(args[1])
                move = MOVE_OF[direction_between(source, target)]
            except ValueError as error:
                raise InputError(f"expected (move FROM TO) or (eat FROM TO), found {step_text}: {error}") from None
            _check_step(state, source, target, name == "eat", step_text)
            state = self.apply_step(instance, state, move, step_text)
            moves.append(move)
        return moves

    # -- notation -----------------------------------------------------------------------------------------
    def move_json(self, move: str) -> str:
        """A move as CS188 writes it: "West"."""
        return move

    def format_move(self, move: str) -> str:
        """A move as CS188 writes it: West."""
        return move

    def parse_move(self, text: str) -> str:
        """North, South, East or West in any case, or the initial N, S, E, W; or up, down, left, right as
        seed 004 says them (U, D, L, R); quotes allowed."""
        word = text.strip().strip("\"'[],").strip().lower()
        if word not in _SPELLINGS:
            raise ValueError("expected North, South, East or West (or N, S, E, W; or up, down, left, right)")
        return _SPELLINGS[word]

    def parse_moves(self, text: str, source: str = "<moves>") -> list[str]:
        """Moves separated by spaces, commas or lines, a Python or JSON list too (`#` comments)."""
        moves = []
        for number, raw in enumerate(text.splitlines(), start=1):
            for match in _WORD.finditer(raw.split("#", 1)[0]):
                try:
                    moves.append(self.parse_move(match.group()))
                except ValueError as error:
                    raise InputError(f"{error}, found {match.group()!r}", source, number, match.start() + 1) from None
        return moves

    def notations(self) -> list[Notation]:
        """CS188's move names, any number a line, separated by spaces or commas (a Python list too), and the
        `moves:` line of the --show printout (runs such as `West x3`)."""
        return [
            Notation("CS188 moves (North South East West; up down left right)", self.parse_moves, _one_a_line),
            Notation("the runs of solve --show", self._read_runs, _runs_line),
        ]

    def _read_runs(self, text: str, source: str) -> list[str]:
        """The moves of a `moves: North x2, West, ...` line, as solve --show prints it."""
        for number, line in enumerate(text.splitlines(), start=1):
            if line.startswith("moves:"):
                moves = []
                for item in filter(str.strip, line[len("moves:") :].split(",")):
                    try:
                        moves += self._run(item)
                    except ValueError as error:
                        raise InputError(f"{error}, found {item.strip()!r}", source, number) from None
                return moves
        raise InputError("expected a line `moves: North x2, West, ...` as solve --show prints it", source, 1)

    def _run(self, item: str) -> list[str]:
        """The moves of one run such as `West x3`; ValueError when it is not one."""
        name, _, count = item.strip().partition(" x")
        times = whole_number(count) if count else 1
        if times is None or times < 1:
            raise ValueError("expected a run length such as x3")
        return [self.parse_move(name)] * times

    def describe_goal(self, instance: PacmanInstance) -> str:
        """Every pellet eaten."""
        return f"eat every pellet (.): {len(instance.food)} in the maze"

    def show(self, instance: PacmanInstance, state: State) -> str:
        """The maze with the pellets left and Pac-Man."""
        count = len(state.food)
        return "\n".join(picture(instance, state)) + f"\n{count} pellet{'' if count == 1 else 's'} left"

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: PacmanInstance) -> tuple[str, ...]:
        """North, South, East and West."""
        return tuple(MOVES)

    def action_of(self, instance: PacmanInstance, move: str) -> int:
        """The move's compass direction."""
        return list(MOVES).index(move)

    def observation_shape(self, instance: PacmanInstance) -> tuple[int, ...]:
        """Three planes over the maze: walls, pellets left, Pac-Man."""
        return 3, instance.height, instance.width

    def observation_high(self, instance: PacmanInstance) -> int:
        """Planes of 0 and 1."""
        return 1

    def observe(self, instance: PacmanInstance, state: State) -> tuple[int, ...]:
        """The walls, pellets and Pac-Man planes."""
        return layers(instance.height, instance.width, (instance.walls, state.food, (state.pacman,)))

    def show_steps(self, instance: PacmanInstance, moves: list[str], states: list[State]) -> str:
        """The maze at the start, then the whole path drawn on it, and the moves in runs."""
        eaten = [number for number, (a, b) in enumerate(zip(states, states[1:]), start=1) if a.food != b.food]
        lines = ["start:", self.show(instance, states[0]), ""]
        lines.append(f"path of {len(moves)} moves (arrows: the way Pac-Man left a cell; + left more than one way):")
        lines += picture(instance, states[-1], path_marks(moves, states))
        lines.append(f"pellets eaten at moves {', '.join(map(str, eaten)) or 'none'}")
        lines.append("moves: " + ", ".join(runs(moves)))
        return "\n".join(lines)


def _random_walls(inner: list[Cell], percent: int, rng: random.Random) -> tuple[set[Cell], list[Cell]]:
    """Each inner cell a wall with probability `percent`/100, and the open cells (one if all were walls)."""
    walls = {cell for cell in inner if rng.randrange(100) < percent}
    open_cells = [cell for cell in inner if cell not in walls] or [rng.choice(inner)]
    return walls - set(open_cells), open_cells


def _regions(open_cells: list[Cell]) -> list[list[Cell]]:
    """The connected regions of open cells, each sorted, in the order of their smallest cells."""
    regions, left, is_open = [], set(open_cells), set(open_cells).__contains__
    while left:
        regions.append(sorted(flood(min(left), is_open)))
        left -= set(regions[-1])
    return regions


def _pellets(region: list[Cell], count: int, rng: random.Random) -> frozenset[Cell]:
    """`count` random cells of `region`; InputError when it has fewer."""
    if count > len(region):
        raise InputError(
            f"generate pacman: only {len(region)} cells are free for pellets; ask for fewer --pellets, "
            "fewer --walls or a larger maze",
            "command line",
        )
    return frozenset(rng.sample(region, count))


def tour_moves(instance: PacmanInstance, order: list[Cell]) -> list[str]:
    """The moves of shortest walks from Pac-Man through the cells of `order` in turn, up to the move that
    eats the last pellet (pellets passed over on the way are eaten as the rules say)."""
    cells = [instance.pacman]
    for target in order:
        directions = walk(cells[-1], target, instance.is_open)
        if directions is None:
            raise InputError(f"no way from {describe_cell(cells[-1])} to {describe_cell(target)}")
        for direction in directions:
            cells.append(step(cells[-1], direction))
    return walk_moves(instance, cells)


def walk_moves(instance: PacmanInstance, cells: list[Cell]) -> list[str]:
    """The moves along a walk of adjacent cells from Pac-Man's, up to the move that eats the last pellet."""
    moves, food = [], set(instance.food)
    for here, there in zip(cells, cells[1:]):
        if not food:
            break
        moves.append(MOVE_OF[direction_between(here, there)])
        food.discard(there)
    return moves


def _check_step(state: State, source: Cell, target: Cell, eats: bool, step_text: str) -> None:
    """A plan step must start where Pac-Man is, and eat exactly when a pellet waits on its target."""
    if source != state.pacman:
        raise InputError(f"plan step {step_text} does not match: Pac-Man is at {cell_name(state.pacman)}")
    if eats != (target in state.food):
        what = "eats on a cell without a pellet" if eats else "moves onto a pellet without eating it"
        raise InputError(f"plan step {step_text} {what}")


def path_marks(moves: list[str], states: list[State]) -> dict[Cell, str]:
    """An arrow on each cell Pac-Man left, in the direction he left it (+ where he left it several ways)."""
    marks: dict[Cell, str] = {}
    for move, state in zip(moves, states):
        arrow = ARROWS[move]
        marks[state.pacman] = arrow if marks.get(state.pacman, arrow) == arrow else "+"
    return marks


def runs(moves: list[str]) -> list[str]:
    """Moves as runs: West x3, North, East x2."""
    counted = [(move, len(list(group))) for move, group in groupby(moves)]
    return [move if count == 1 else f"{move} x{count}" for move, count in counted]


def _one_a_line(moves: list[str]) -> str:
    """The moves one a line."""
    return "".join(move + "\n" for move in moves)


def _runs_line(moves: list[str]) -> str:
    """The moves as the `moves:` line of solve --show."""
    return "moves: " + ", ".join(runs(moves)) + "\n"
