"""Sokoban (seed 002): the rules on LURD moves, and two PDDL encodings (every keeper step an action, or one
action per push with walking compressed) with the decoding of their plans."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.domains import domain_text
from puzzleplan.translator.capabilities import Encodings, Leveled, Notated, Observed, Reported, Searchable
from puzzleplan.translator.grid import (
    DIRECTIONS,
    OPPOSITE,
    Cell,
    adjacency_facts,
    cell_name,
    layers,
    parse_cell_name,
    step,
    walk,
)
from puzzleplan.translator.notation import Notation
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom, problem_text
from puzzleplan.translator.puzzle import Heuristic, Puzzle
from puzzleplan.translator.sokoban.analysis import analysis
from puzzleplan.translator.sokoban.level import (
    SokobanInstance,
    State,
    describe_cell,
    level_labels,
    read_level,
    render_integers,
    render_xsb,
)
from puzzleplan.translator.sokoban.printstates import read_printstates
from puzzleplan.translator.sokoban.solutions import read_lurd, write_lurd

ENCODINGS = ("moves", "pushes")

LURD = {"up": "u", "down": "d", "left": "l", "right": "r"}
"""Walk letters by direction; the push letter is the upper-case one."""
DIRECTION_OF = {letter: name for name, letter in LURD.items()}


class Sokoban(Puzzle[SokobanInstance, State, str], Leveled, Notated, Searchable, Reported, Observed):
    """Sokoban: push every box onto a goal (XSB or integer-code levels, LURD moves)."""

    name = "sokoban"
    default_planner = "native-push-best"
    """The best push search on one core: solves the XSokoban levels out of a move-level A*'s reach."""
    suffixes = (".xsb", ".sok", ".lsp")
    optimal_measure = "moves"
    native_planners = ("native-push-astar", "native-push-best", "native-push-portfolio", "native-push:OPTION,...")

    def __init__(self, encoding: str = "moves") -> None:
        if encoding not in ENCODINGS:
            raise InputError(
                f"unknown sokoban encoding {encoding!r}; expected one of {', '.join(ENCODINGS)}", "command line"
            )
        self.encoding = encoding
        self.optimal_measure = "pushes" if encoding == "pushes" else "moves"

    # -- native format -------------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> SokobanInstance:
        """One level: XSB text or the seed's integer matrix (with or without Lisp parentheses)."""
        return self.parse_level(text, source, None)

    def levels(self, text: str, source: str) -> list[str]:
        """The labels of the levels in a collection (`; label` lines, `Title:` lines, or numbers)."""
        return level_labels(text)

    def parse_level(self, text: str, source: str, level: str | None) -> SokobanInstance:
        """The level chosen by 1-based number or label; without one, the file must hold one level."""
        return read_level(text, source, level)

    def render(self, instance: SokobanInstance) -> str:
        """XSB text, or the integer matrix in Lisp parentheses for a level read in that notation."""
        if instance.notation == "integers":
            return render_integers(instance, self.initial(instance))
        return render_xsb(instance, self.initial(instance))

    # -- simulator -------------------------------------------------------------------------------------
    def initial(self, instance: SokobanInstance) -> State:
        """The keeper and boxes as the level places them."""
        return State(instance.keeper, instance.boxes)

    def restart(self, instance: SokobanInstance, state: State) -> SokobanInstance:
        """The level with `state` as its initial position."""
        return replace(instance, keeper=state.keeper, boxes=state.boxes)

    def moves(self, instance: SokobanInstance, state: State) -> list[str]:
        """Legal LURD moves in the order up, down, left, right: walks lower case, pushes upper case."""
        found = []
        for name in DIRECTIONS:
            nxt = step(state.keeper, name)
            if nxt not in instance.inside:  # the walled-in floor: walls are never inside
                continue
            if nxt not in state.boxes:
                found.append(LURD[name])
                continue
            beyond = step(nxt, name)
            if beyond in instance.inside and beyond not in state.boxes:
                found.append(LURD[name].upper())
        return found

    def apply(self, instance: SokobanInstance, state: State, move: str) -> State:
        """Walk or push one square; IllegalMove says what is in the way or why the case is wrong."""
        if len(move) != 1 or move.lower() not in DIRECTION_OF:
            raise IllegalMove(f"{move!r} is not a LURD move (l r u d walk, L R U D push)")
        name = DIRECTION_OF[move.lower()]
        nxt = step(state.keeper, name)
        if nxt not in instance.inside:
            raise IllegalMove(f"a wall is in the way at {describe_cell(nxt)}")
        if nxt not in state.boxes:
            if move.isupper():
                where = describe_cell(nxt)
                raise IllegalMove(f"{move} pushes, but there is no box at {where} (walk with {move.lower()})")
            return State(nxt, state.boxes)
        if move.islower():
            raise IllegalMove(f"{move} walks into the box at {describe_cell(nxt)} (push with {move.upper()})")
        return State(nxt, (state.boxes - {nxt}) | {_box_destination(instance, state, nxt, name)})

    def is_goal(self, instance: SokobanInstance, state: State) -> bool:
        """Every box on a goal (extra goals may stay empty)."""
        return state.boxes <= instance.goals

    def heuristic(self, instance: SokobanInstance, state: State) -> int:
        """Minimum-cost matching of boxes to goals on push distances (a lower bound on pushes, hence on
        moves); a box on a dead square gives a large number."""
        return analysis(instance).lower_bound(state.boxes)

    def heuristics(self) -> dict[str, Heuristic]:
        """default: the push-distance matching; h0 and h1: the seed's (zero; boxes off a goal), all admissible."""
        return {
            "default": Heuristic(self.heuristic, True, "minimum-cost matching of boxes to goals on push distances"),
            "h0": Heuristic(lambda instance, state: 0, True, "the seed's h0: zero (A* is uniform-cost search)"),
            "h1": Heuristic(boxes_off_goal, True, "the seed's h1: the boxes not on a goal (each needs a push)"),
        }

    def successors(self, instance: SokobanInstance, state: State) -> Iterator[tuple[str, State]]:
        """Legal moves, leaving out pushes onto dead squares (no solution passes through them)."""
        for move in self.moves(instance, state):
            child = self.apply(instance, state, move)
            if move.islower() or step(child.keeper, DIRECTION_OF[move.lower()]) in instance.live:
                yield move, child

    def unsolvable_reason(self, instance: SokobanInstance) -> str | None:
        """A box on a dead square, from which no push sequence reaches a goal."""
        dead = sorted(instance.boxes - instance.live - instance.goals)
        if dead:
            return f"the box at {describe_cell(dead[0])} is on a dead square: no pushes can bring it to a goal"
        return None

    # -- PDDL --------------------------------------------------------------------------------------------
    def encode(self, instance: SokobanInstance) -> PddlTask:
        """domains/sokoban-<encoding>.pddl and a problem over the walled-in cells."""
        return self._encode(instance, f"sokoban-{self.encoding}")

    def _encode(self, instance: SokobanInstance, domain: str) -> PddlTask:
        """The problem over the walled-in cells for one of the domains/sokoban-*.pddl files (those with
        action costs start the total cost at 0 and minimize it)."""
        costs = domain == "sokoban-push-costs"
        inside, boxes = instance.inside, instance.active_boxes
        init = adjacency_facts(inside, "adjacent", directional=True)
        init += [atom("live", cell_name(c)) for c in instance.live]
        init += [atom("box", cell_name(c)) for c in boxes]
        init += [atom("clear", cell_name(c)) for c in inside - boxes]
        init.append(atom("at", cell_name(instance.keeper)))
        init += ["(= (total-cost) 0)"] if costs else []
        goal = _goal_atoms(instance)
        used = {name for c in inside for name in DIRECTIONS if step(c, name) in inside}
        objects = {"cell": [cell_name(c) for c in inside], "direction": sorted(used)}
        name = f"sokoban-{len(boxes)}boxes-{len(inside)}cells"
        problem = problem_text(name, domain, objects, init, goal, "minimize (total-cost)" if costs else None)
        return PddlTask(domain, domain_text(domain), problem)

    def decode(self, instance: SokobanInstance, plan: list[GroundAction]) -> list[str]:
        """LURD moves of a plan: move -> a walk letter, push -> walk to the push position, then the push."""
        state = self.initial(instance)
        letters: list[str] = []
        for name, args in plan:
            steps = _action_steps(instance, state, name, args)
            for move in steps:
                state = self.apply_step(instance, state, move, atom(name, *args))
            letters.extend(steps)
        return letters

    # -- notation ----------------------------------------------------------------------------------------
    def move_json(self, move: str) -> str:
        """A move as its LURD letter."""
        return move

    def format_move(self, move: str) -> str:
        """A move as its LURD letter."""
        return move

    def parse_move(self, text: str) -> str:
        """One LURD letter."""
        text = text.strip().strip("\"'[]")
        if len(text) != 1 or text.lower() not in DIRECTION_OF:
            raise ValueError("expected one of l r u d (walk) or L R U D (push)")
        return text

    def move_from_json(self, value: object) -> str:
        """A move from its JSON: one LURD letter, or a push search's move in a trace (its keeper's walk and
        the pushes after it, several letters, as `llU`)."""
        if isinstance(value, str) and len(value) > 1 and all(letter.lower() in DIRECTION_OF for letter in value):
            return value
        return self.parse_move(value if isinstance(value, str) else str(value))

    def parse_moves(self, text: str, source: str = "<moves>") -> list[str]:
        """LURD letters over any number of lines, run-length counts and groups expanded (`3l2U`,
        `2(lu)`), `;` comments skipped; InputError naming the line and column of anything else."""
        return read_lurd(text, source)

    def notations(self) -> list[Notation]:
        """LURD strings, plain or run-length encoded, wrapped or not; and the states of `solve --format seed`
        (seed 002's printstates), the moves between them."""
        return [Notation("LURD", self.parse_moves, write_lurd), Notation("printstates", read_printstates)]

    def measures(self, instance: SokobanInstance, moves: list[str]) -> dict[str, int]:
        """Moves and pushes."""
        return {"moves": len(moves), "pushes": sum(move.isupper() for move in moves)}

    @staticmethod
    def lurd(moves: Iterable[str]) -> str:
        """The moves as one LURD string."""
        return "".join(moves)

    def annotate(self, instance: SokobanInstance, moves: list[str]) -> dict:
        """The solution as one LURD string, and its number of pushes."""
        return {"lurd": self.lurd(moves), "pushes": sum(move.isupper() for move in moves)}

    def describe_goal(self, instance: SokobanInstance) -> str:
        """Every box on a goal square."""
        return "every box ($) on a goal square (.), shown as *"

    def show(self, instance: SokobanInstance, state: State) -> str:
        """The state in XSB characters."""
        return render_xsb(instance, state).rstrip("\n")

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: SokobanInstance) -> tuple[str, ...]:
        """The keeper's four directions: a step walks, or pushes when a box is in the way."""
        return tuple(DIRECTIONS)

    def action_of(self, instance: SokobanInstance, move: str) -> int:
        """The direction of a walk or a push."""
        return list(DIRECTIONS).index(DIRECTION_OF[move.lower()])

    def observation_shape(self, instance: SokobanInstance) -> tuple[int, ...]:
        """Four planes over the level: walls, goals, boxes, the keeper."""
        return 4, instance.height, instance.width

    def observation_high(self, instance: SokobanInstance) -> int:
        """Planes of 0 and 1."""
        return 1

    def observe(self, instance: SokobanInstance, state: State) -> tuple[int, ...]:
        """The walls, goals, boxes and keeper planes."""
        planes = (instance.walls, instance.goals, state.boxes, (state.keeper,))
        return layers(instance.height, instance.width, planes)


class SokobanPushes(Sokoban, Encodings):
    """Sokoban with the push-level PDDL encoding (walking compressed; plans optimal in pushes)."""

    name = "sokoban-pushes"
    planner_aliases = {"native-astar": "native-push-astar"}
    """Optimal here means fewest pushes: native A* is the push-level A*."""

    def __init__(self, encoding: str = "pushes") -> None:
        super().__init__(encoding)

    def heuristics(self) -> dict[str, Heuristic]:
        """The push-distance matching only: native-astar is the push-level search here, and the move-level
        A* that native-astar:NAME runs would not be push-optimal."""
        return {"default": super().heuristics()["default"]}

    def encodings(self, instance: SokobanInstance) -> list[PddlTask]:
        """The derived push-level encoding and the push-costs one."""
        return [self.encode(instance), self._encode(instance, "sokoban-push-costs")]

    def encode_for(self, instance: SokobanInstance, fragment: frozenset[str]) -> PddlTask:
        """For planners without derived predicates but with action costs (Fast Downward's LM-cut, so
        fd-opt): domains/sokoban-push-costs.pddl, the move-level actions with walks costing 0 and pushes
        1, so cost-optimal plans are push-optimal."""
        if ":derived-predicates" not in fragment and ":action-costs" in fragment:
            return self._encode(instance, "sokoban-push-costs")
        return self.encode(instance)


def boxes_off_goal(instance: SokobanInstance, state: State) -> int:
    """The seed's h1: how many boxes are not on a goal."""
    return len(state.boxes - instance.goals)


def walk_path(instance: SokobanInstance, start: Cell, target: Cell, boxes: frozenset[Cell]) -> str | None:
    """The shortest walk (lower-case LURD) from start to target around the boxes, or None."""
    directions = walk(start, target, lambda cell: cell in instance.inside and cell not in boxes)
    return None if directions is None else "".join(LURD[name] for name in directions)


def pushed(instance: SokobanInstance, state: State, pushes: Iterable[tuple[Cell, str]]) -> tuple[str, State]:
    """The LURD letters of some pushes (box cell, direction) made in turn from `state`, each after the
    keeper's shortest walk behind its box, and the state after them."""
    keeper, boxes, letters = state.keeper, state.boxes, []
    for box, name in pushes:
        letters.append((walk_path(instance, keeper, step(box, OPPOSITE[name]), boxes) or "") + LURD[name].upper())
        keeper, boxes = box, boxes - {box} | {step(box, name)}
    return "".join(letters), State(keeper, boxes)


def _check_line(cells: list[Cell], direction: str, start: Cell, action: str) -> None:
    """A plan step's cells must start at `start` and follow each other in `direction`."""
    if cells[0] != start or any(step(a, direction) != b for a, b in zip(cells, cells[1:])):
        raise InputError(
            f"plan step {action} does not match the level: the keeper is at {cell_name(start)}, "
            f"and the cells must follow each other going {direction}"
        )


def _box_destination(instance: SokobanInstance, state: State, box: Cell, name: str) -> Cell:
    """Where the box at `box` goes when pushed toward `name`; IllegalMove when a wall or a box is there."""
    beyond = step(box, name)
    if beyond not in instance.inside:
        raise IllegalMove(f"the box at {describe_cell(box)} is against a wall")
    if beyond in state.boxes:
        raise IllegalMove(f"the box at {describe_cell(box)} is against another box")
    return beyond


def _goal_atoms(instance: SokobanInstance) -> list[str]:
    """Every goal holds a box; with more goals than boxes, every non-goal square that could hold a box is
    clear instead."""
    boxes, goals = instance.active_boxes, instance.active_goals
    if len(goals) == len(boxes):
        return [atom("box", cell_name(c)) for c in goals]
    return [atom("clear", cell_name(c)) for c in (instance.live | boxes) - goals]


def _action_steps(instance: SokobanInstance, state: State, name: str, args: tuple[str, ...]) -> str:
    """The LURD letters one PDDL action stands for: a walk letter, or the walk to the push and the push."""
    step_text = atom(name, *args)
    try:
        cells = [parse_cell_name(arg) for arg in args[:-1]]
        direction = args[-1]
        letter = LURD[direction]
    except (ValueError, KeyError, IndexError):
        raise InputError(f"expected (move FROM TO DIR) or (push ...) over cells, found {step_text}") from None
    if name == "move" and len(cells) == 2:
        _check_line(cells, direction, state.keeper, step_text)
        return letter
    if name == "push" and len(cells) in (3, 4):
        return _push_steps(instance, state, cells, args, step_text) + letter.upper()
    raise InputError(f"unknown action {step_text} in a sokoban plan")


def _push_steps(instance: SokobanInstance, state: State, cells: list[Cell], args: tuple[str, ...], text: str) -> str:
    """The walk to a push action's position (the push itself not included), checked against the level."""
    if cells[0] != state.keeper and len(cells) == 4:
        raise InputError(f"plan step {text} does not match the level: the keeper is at {cell_name(state.keeper)}")
    _check_line(cells[-3:], args[-1], cells[-3] if len(cells) == 4 else state.keeper, text)
    walk = walk_path(instance, state.keeper, cells[-3], state.boxes)
    if walk is None:
        raise InputError(f"{text}: the keeper cannot reach {args[-4]}")
    return walk
