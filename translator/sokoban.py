"""Sokoban (seed 002): XSB and integer levels, multi-level collections, LURD moves, the simulator, and
two PDDL encodings (every keeper step an action, or one action per push with walking compressed)."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from domains import domain_text
from translator.errors import IllegalMove, InputError
from translator.grid import DIRECTIONS, OPPOSITE, Cell, adjacency_facts, cell_name, parse_cell_name, step
from translator.pddl import GroundAction, PddlTask, atom, problem_text
from translator.puzzle import Puzzle

if TYPE_CHECKING:
    from planners.base import Limits, PlanResult

ENCODINGS = ("moves", "pushes")

LURD = {"up": "u", "down": "d", "left": "l", "right": "r"}
"""Walk letters by direction; the push letter is the upper-case one."""
DIRECTION_OF = {letter: name for name, letter in LURD.items()}

XSB_FLOOR = " -_"
XSB = {"#": "wall", "@": "keeper", "+": "keeper goal", "$": "box", "*": "box goal", ".": "goal"}
"""The XSB characters besides floor (space, or - and _ as some collections write it)."""
CODES = {0: "", 1: "wall", 2: "box", 3: "keeper", 4: "goal", 5: "box goal", 6: "keeper goal"}
"""The seed's integer square codes (Table 1)."""
_ROW_START = set(XSB)


class State(NamedTuple):
    """Where the keeper stands and where the boxes are."""

    keeper: Cell
    boxes: frozenset[Cell]


@dataclass(frozen=True)
class SokobanInstance:
    """A level: walls, goals, the initial boxes and keeper; `notation` (xsb or integers) picks the
    rendering and does not take part in equality."""

    walls: frozenset[Cell]
    goals: frozenset[Cell]
    boxes: frozenset[Cell]
    keeper: Cell
    notation: str = field(default="xsb", compare=False)

    @property
    def height(self) -> int:
        """Rows spanned by the level."""
        return 1 + max(row for row, _ in self.walls | self.goals | self.boxes | {self.keeper})

    @property
    def width(self) -> int:
        """Columns spanned by the level."""
        return 1 + max(col for _, col in self.walls | self.goals | self.boxes | {self.keeper})

    @cached_property
    def inside(self) -> frozenset[Cell]:
        """Cells the keeper could reach if no box were in the way (the walled area)."""
        return frozenset(flood(self.keeper, lambda cell: cell not in self.walls, self.height, self.width))

    @property
    def active_boxes(self) -> frozenset[Cell]:
        """The boxes inside the keeper's area (walled-off boxes on goals are decoration)."""
        return self.boxes & self.inside

    @property
    def active_goals(self) -> frozenset[Cell]:
        """The goals inside the keeper's area."""
        return self.goals & self.inside

    @cached_property
    def live(self) -> frozenset[Cell]:
        """Cells from which a lone box can still be pushed onto some goal (the others are dead squares)."""
        return frozenset(pull_distances(self.inside, self.goals))


def flood(start: Cell, passable, height: int, width: int) -> list[Cell]:
    """Cells reachable from `start` through passable cells, stopping at the grid's edge."""
    seen, queue = {start}, deque([start])
    while queue:
        cell = queue.popleft()
        for name in DIRECTIONS:
            nxt = step(cell, name)
            if nxt not in seen and 0 <= nxt[0] < height and 0 <= nxt[1] < width and passable(nxt):
                seen.add(nxt)
                queue.append(nxt)
    return list(seen)


def pull_distances(inside: frozenset[Cell], targets: Iterable[Cell]) -> dict[Cell, int]:
    """Pushes a lone box needs to reach the nearest target, for every cell of the walled area `inside`
    from which it can reach one."""
    return _lone_box_distances(inside, targets, pulling=True)


def push_distances(inside: frozenset[Cell], sources: Iterable[Cell]) -> dict[Cell, int]:
    """Pushes a lone box needs to get from the nearest source to each cell of `inside` it can reach (the
    pulls back to a source, for searching backwards from the goals)."""
    return _lone_box_distances(inside, sources, pulling=False)


def _lone_box_distances(inside: frozenset[Cell], starts: Iterable[Cell], pulling: bool) -> dict[Cell, int]:
    """Breadth-first over a lone box's pulls (from targets) or pushes (from sources)."""
    distance = {cell: 0 for cell in starts if cell in inside}
    queue = deque(distance)
    while queue:
        cell = queue.popleft()
        for name in DIRECTIONS:
            nxt = step(cell, OPPOSITE[name] if pulling else name)  # where the box is one push earlier/later
            keeper = step(nxt, OPPOSITE[name]) if pulling else step(cell, OPPOSITE[name])
            if nxt in inside and keeper in inside and nxt not in distance:
                distance[nxt] = distance[cell] + 1
                queue.append(nxt)
    return distance


def walk_path(instance: SokobanInstance, start: Cell, target: Cell, boxes: frozenset[Cell]) -> str | None:
    """The shortest walk (lower-case LURD) from start to target around the boxes, or None."""
    parents: dict[Cell, tuple[Cell, str] | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == target:
            letters = []
            while parents[cell] is not None:
                cell, letter = parents[cell]
                letters.append(letter)
            return "".join(reversed(letters))
        for name in DIRECTIONS:
            nxt = step(cell, name)
            if nxt in instance.inside and nxt not in boxes and nxt not in parents:
                parents[nxt] = (cell, LURD[name])
                queue.append(nxt)
    return None


# -- reading levels --------------------------------------------------------------------------------------
class _Level(NamedTuple):
    """The rows of one level in a file, with their line numbers, and its label."""

    label: str
    rows: list[tuple[int, str]]


def split_levels(text: str) -> list[_Level]:
    """The XSB levels of a file: runs of rows; a `; label` line before a level or `Title: t` after names
    it; other text lines (collection headers, authors) are skipped."""
    levels: list[_Level] = []
    pending: str | None = None
    current: list[tuple[int, str]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if stripped and (
            stripped[0] in _ROW_START or (current is not None and "#" in stripped and not stripped.startswith(";"))
        ):
            if current is None:
                current = []
                levels.append(_Level(pending if pending is not None else str(len(levels) + 1), current))
                pending = None
            current.append((number, line))
            continue
        current = None
        if stripped.startswith(";"):
            pending = stripped.lstrip(";").strip() or pending
        elif stripped.lower().startswith("title:") and levels and levels[-1].label == str(len(levels)):
            levels[-1] = _Level(stripped.split(":", 1)[1].strip(), levels[-1].rows)
    return levels


def _names(label: str) -> set[str]:
    """What a label answers to: itself, and the quoted title in labels like `44 'Duh!'`."""
    label = label.strip().lower()
    quoted = re.search(r"'([^']+)'|\"([^\"]+)\"", label)
    return {label} | ({quoted.group(1) or quoted.group(2)} if quoted else set())


def _looks_like_integers(text: str) -> bool:
    """True when the first content of the file is a parenthesis or a digit (the seed's format)."""
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip()
        if line:
            return line[0] in "(0123456789"
    return False


_TOKEN = re.compile(r"\(|\)|'|[^\s()',]+")


def _integer_rows(text: str, source: str) -> list[list[tuple[int, int, int]]]:
    """Rows of (code, line, column) from the integer format, one row a line or one a parenthesized list,
    optionally inside `(setq name '( ... ))`."""
    tokens = []
    for number, raw in enumerate(text.splitlines(), start=1):
        for match in _TOKEN.finditer(raw.split(";", 1)[0]):
            tokens.append((match.group(), number, match.start() + 1))
    if not any(token == "(" for token, _, _ in tokens):
        rows: dict[int, list[tuple[int, int, int]]] = {}
        for token, line, column in tokens:
            rows.setdefault(line, []).append((_code(token, line, column, source), line, column))
        return list(rows.values())
    tree, position = _read_list(tokens, 0, source)
    if position != len(tokens):
        token, line, column = tokens[position]
        raise InputError(f"unexpected {token!r} after the level's closing parenthesis", source, line, column)
    if tree and isinstance(tree[0], tuple) and tree[0][0].lower() == "setq":
        tree = tree[2] if len(tree) == 3 and isinstance(tree[2], list) else None
        if tree is None:
            raise InputError("expected (setq NAME '((...) ...))", source, tokens[0][1], tokens[0][2])
    if all(isinstance(item, list) for item in tree):
        if len(tree) == 1 and tree[0] and all(isinstance(item, list) for item in tree[0]):
            tree = tree[0]
        return [_integer_list(row, source) for row in tree]
    raise InputError("expected a list of rows such as ((1 1 1) (1 3 1) ...)", source, tokens[0][1], tokens[0][2])


def _read_list(tokens: list, position: int, source: str) -> tuple[list, int]:
    """Read nested lists from `(` tokens; atoms stay (text, line, column); a quote is skipped."""
    items: list = []
    opened = tokens[position] if tokens[position][0] == "(" else None
    position += 1 if opened else 0
    while position < len(tokens):
        token = tokens[position]
        if token[0] == "(":
            child, position = _read_list(tokens, position, source)
            items.append(child)
        elif token[0] == ")":
            if opened is None:
                raise InputError("unbalanced ')'", source, token[1], token[2])
            return items, position + 1
        else:
            if token[0] != "'":
                items.append(token)
            position += 1
    if opened is not None:
        raise InputError("this '(' is never closed", source, opened[1], opened[2])
    return items, position


def _integer_list(row, source: str) -> list[tuple[int, int, int]]:
    """A parenthesized row of square codes."""
    cells = []
    for item in row:
        if isinstance(item, list):
            raise InputError("a row holds square codes 0-6, not lists", source)
        token, line, column = item
        cells.append((_code(token, line, column, source), line, column))
    return cells


def _code(token: str, line: int, column: int, source: str) -> int:
    """One square code 0-6."""
    if not token.isdigit() or int(token) not in CODES:
        raise InputError(
            f"expected a square code 0-6 (0 blank, 1 wall, 2 box, 3 keeper, 4 goal, 5 box on "
            f"goal, 6 keeper on goal), found {token!r}",
            source,
            line,
            column,
        )
    return int(token)


def _xsb_cells(level: _Level, source: str) -> Iterator[tuple[Cell, str, int, int]]:
    """(cell, content, line, column) for every non-floor character of an XSB level."""
    for row, (number, text) in enumerate(level.rows):
        for col, char in enumerate(text):
            if char in XSB_FLOOR:
                continue
            if char not in XSB:
                raise InputError(
                    f"unknown character {char!r}: expected # wall, $ box, . goal, @ keeper, "
                    "* box on goal, + keeper on goal or space",
                    source,
                    number,
                    col + 1,
                )
            yield (row, col), XSB[char], number, col + 1


def build(cells: Iterable[tuple[Cell, str, int, int]], source: str, first_line: int, notation: str) -> SokobanInstance:
    """Check a level's contents and build the instance: one keeper, boxes <= goals, all walled in."""
    walls, goals, boxes, keepers, where = set(), set(), set(), [], {}
    for cell, content, line, column in cells:
        where[cell] = (line, column)
        for part, found in (("wall", walls), ("goal", goals), ("box", boxes)):
            if part in content.split():
                found.add(cell)
        if "keeper" in content.split():
            keepers.append(cell)
    if not keepers:
        raise InputError("the level has no keeper (@ or +, code 3 or 6)", source, first_line)
    if len(keepers) > 1:
        raise InputError("a second keeper: a level has exactly one", source, *where[keepers[1]])
    if not boxes:
        raise InputError("the level has no box ($ or *, code 2 or 5)", source, first_line)
    if len(goals) < len(boxes):
        goal_count = "1 goal" if len(goals) == 1 else f"{len(goals)} goals"
        raise InputError(f"{len(boxes)} boxes but only {goal_count}: every box needs a goal", source, first_line)
    instance = SokobanInstance(frozenset(walls), frozenset(goals), frozenset(boxes), keepers[0], notation)
    _check_walled(instance, where, source)
    return instance


def _check_walled(instance: SokobanInstance, where: dict[Cell, tuple[int, int]], source: str) -> None:
    """The keeper's area must be closed by walls, and every box and goal inside it."""
    height, width = instance.height, instance.width
    for row, col in instance.inside:
        if row in (0, height - 1) or col in (0, width - 1):
            raise InputError(
                f"the keeper is not walled in: it can walk out past row {row + 1}, column {col + 1} of the level",
                source,
                *where[instance.keeper],
            )
    inert = instance.boxes & instance.goals
    for kind, cells in (("box", instance.boxes), ("goal", instance.goals)):
        outside = sorted(cells - instance.inside - inert)
        if outside:
            raise InputError(
                f"a {kind} outside the walls the keeper is enclosed in (only a box already on "
                "a goal, *, may sit walled off)",
                source,
                *where[outside[0]],
            )


# -- the puzzle --------------------------------------------------------------------------------------------
class Sokoban(Puzzle[SokobanInstance, State, str]):
    """Sokoban: push every box onto a goal (XSB or seed-002 integer levels, LURD moves)."""

    name = "sokoban"
    suffixes = (".xsb", ".sok", ".lsp")
    optimal_measure = "moves"

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
        if _looks_like_integers(text):
            return [""]
        return [level.label for level in split_levels(text)]

    def parse_level(self, text: str, source: str, level: str | None) -> SokobanInstance:
        """The level chosen by 1-based number or label; without one, the file must hold one level."""
        if _looks_like_integers(text):
            if level not in (None, "", "1"):
                raise InputError("an integer-matrix file holds one level", source)
            rows = _integer_rows(text, source)
            cells = (
                ((r, c), CODES[code], line, column)
                for r, row in enumerate(rows)
                for c, (code, line, column) in enumerate(row)
                if code
            )
            return build(cells, source, rows[0][0][1] if rows and rows[0] else 1, "integers")
        found = split_levels(text)
        chosen = self._choose(found, source, level)
        return build(_xsb_cells(chosen, source), source, chosen.rows[0][0], "xsb")

    @staticmethod
    def _choose(found: list[_Level], source: str, level: str | None) -> _Level:
        """Pick a level by label (case-insensitive) or by 1-based number."""
        if not found:
            raise InputError("no level found: expected rows of # walls, $ boxes, . goals and an @ keeper", source)
        if level is None or level == "":
            if len(found) > 1:
                raise InputError(
                    f"the file holds {len(found)} levels; choose one with --level N (1-based) or --level 'title'",
                    source,
                )
            return found[0]
        wanted = str(level).strip().lower()
        for candidate in found:
            if wanted in _names(candidate.label):
                return candidate
        if str(level).isdigit() and 1 <= int(level) <= len(found):
            return found[int(level) - 1]
        raise InputError(
            f"no level {level!r}: the file holds {len(found)} levels (1..{len(found)}), "
            f"labelled {', '.join(c.label for c in found[:5])}{'...' if len(found) > 5 else ''}",
            source,
        )

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
            if nxt in instance.walls or nxt not in instance.inside:
                continue
            if nxt not in state.boxes:
                found.append(LURD[name])
                continue
            beyond = step(nxt, name)
            if beyond in instance.inside and beyond not in instance.walls and beyond not in state.boxes:
                found.append(LURD[name].upper())
        return found

    def apply(self, instance: SokobanInstance, state: State, move: str) -> State:
        """Walk or push one square; IllegalMove says what is in the way or why the case is wrong."""
        if len(move) != 1 or move.lower() not in DIRECTION_OF:
            raise IllegalMove(f"{move!r} is not a LURD move (l r u d walk, L R U D push)")
        name = DIRECTION_OF[move.lower()]
        nxt = step(state.keeper, name)
        if nxt not in instance.inside:
            raise IllegalMove(f"a wall is in the way at {_where(nxt)}")
        if nxt not in state.boxes:
            if move.isupper():
                raise IllegalMove(f"{move} pushes, but there is no box at {_where(nxt)} (walk with {move.lower()})")
            return State(nxt, state.boxes)
        if move.islower():
            raise IllegalMove(f"{move} walks into the box at {_where(nxt)} (push with {move.upper()})")
        beyond = step(nxt, name)
        if beyond not in instance.inside:
            raise IllegalMove(f"the box at {_where(nxt)} is against a wall")
        if beyond in state.boxes:
            raise IllegalMove(f"the box at {_where(nxt)} is against another box")
        return State(nxt, (state.boxes - {nxt}) | {beyond})

    def is_goal(self, instance: SokobanInstance, state: State) -> bool:
        """Every box on a goal (extra goals may stay empty)."""
        return state.boxes <= instance.goals

    def heuristic(self, instance: SokobanInstance, state: State) -> int:
        """Minimum-cost matching of boxes to goals on push distances (a lower bound on pushes, hence on
        moves); a box on a dead square gives a large number."""
        from translator.sokoban_search import analysis

        return analysis(instance).lower_bound(state.boxes)

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
            return f"the box at {_where(dead[0])} is on a dead square: no pushes can bring it to a goal"
        return None

    # -- PDDL --------------------------------------------------------------------------------------------
    def encode(self, instance: SokobanInstance) -> PddlTask:
        """domains/sokoban-<encoding>.pddl and a problem over the walled-in cells."""
        return self._encode(instance, f"sokoban-{self.encoding}")

    def _encode(self, instance: SokobanInstance, domain: str) -> PddlTask:
        """The problem over the walled-in cells for one of the domains/sokoban-*.pddl files (those with
        action costs start the total cost at 0 and minimize it)."""
        costs = domain == "sokoban-push-costs"
        inside = instance.inside
        init = adjacency_facts(inside, "adjacent", directional=True)
        init += [atom("live", cell_name(c)) for c in instance.live]
        boxes, goals = instance.active_boxes, instance.active_goals
        init += [atom("box", cell_name(c)) for c in boxes]
        init += [atom("clear", cell_name(c)) for c in inside - boxes]
        init.append(atom("at", cell_name(instance.keeper)))
        if costs:
            init.append("(= (total-cost) 0)")
        if len(goals) == len(boxes):
            goal = [atom("box", cell_name(c)) for c in goals]
        else:
            could_hold = (instance.live | boxes) - goals
            goal = [atom("clear", cell_name(c)) for c in could_hold]
        used = {name for c in inside for name in DIRECTIONS if step(c, name) in inside}
        objects = {"cell": [cell_name(c) for c in inside], "direction": sorted(used)}
        name = f"sokoban-{len(boxes)}boxes-{len(inside)}cells"
        problem = problem_text(name, domain, objects, init, goal, "minimize (total-cost)" if costs else None)
        return PddlTask(domain, domain_text(domain), problem)

    def decode(self, instance: SokobanInstance, plan: list[GroundAction]) -> list[str]:
        """LURD moves of a plan: move -> a walk letter, push -> walk to the push position, then the push."""
        state, letters = self.initial(instance), []
        for name, args in plan:
            try:
                cells = [parse_cell_name(arg) for arg in args[:-1]]
                direction = args[-1]
                letter = LURD[direction]
            except (ValueError, KeyError, IndexError):
                raise InputError(
                    f"expected (move FROM TO DIR) or (push ...) over cells, found {atom(name, *args)}"
                ) from None
            if name == "move" and len(cells) == 2:
                _check_line(cells, direction, state.keeper, atom(name, *args))
                steps = letter
            elif name == "push" and len(cells) in (3, 4):
                if cells[0] != state.keeper and len(cells) == 4:
                    raise InputError(
                        f"plan step {atom(name, *args)} does not match the level: the keeper "
                        f"is at {cell_name(state.keeper)}"
                    )
                _check_line(cells[-3:], direction, cells[-3] if len(cells) == 4 else state.keeper, atom(name, *args))
                walk = walk_path(instance, state.keeper, cells[-3], state.boxes)
                if walk is None:
                    raise InputError(f"{atom(name, *args)}: the keeper cannot reach {args[-4]}")
                steps = walk + letter.upper()
            else:
                raise InputError(f"unknown action {atom(name, *args)} in a sokoban plan")
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

    def parse_moves(self, text: str, source: str = "<moves>") -> list[str]:
        """LURD letters, one move a character, over any number of lines (`;` starts a comment)."""
        moves = []
        for number, raw in enumerate(text.splitlines(), start=1):
            for column, char in enumerate(raw.split(";", 1)[0], start=1):
                if char.isspace() or char in ",\"'[]":
                    continue
                if char.lower() not in DIRECTION_OF:
                    raise InputError(
                        f"expected a LURD move (l r u d walk, L R U D push), found {char!r}", source, number, column
                    )
                moves.append(char)
        return moves

    @staticmethod
    def lurd(moves: Iterable[str]) -> str:
        """The moves as one LURD string."""
        return "".join(moves)

    def annotate(self, instance: SokobanInstance, moves: list[str]) -> dict:
        """The solution as one LURD string, and its number of pushes."""
        return {"lurd": self.lurd(moves), "pushes": sum(move.isupper() for move in moves)}

    def show(self, instance: SokobanInstance, state: State) -> str:
        """The state in XSB characters."""
        return render_xsb(instance, state).rstrip("\n")


class SokobanPushes(Sokoban):
    """Sokoban with the push-level PDDL encoding (walking compressed; plans optimal in pushes)."""

    name = "sokoban-pushes"

    def __init__(self, encoding: str = "pushes") -> None:
        super().__init__(encoding)

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

    def native_search(self, instance: SokobanInstance, limits: Limits) -> PlanResult:
        """Push-optimal A* with deadlock detection (translator.sokoban_search), returning full LURD: what
        `native-astar` should run on this push-level puzzle."""
        from translator.sokoban_search import push_astar

        return push_astar(self, instance, limits)


def _check_line(cells: list[Cell], direction: str, start: Cell, action: str) -> None:
    """A plan step's cells must start at `start` and follow each other in `direction`."""
    if cells[0] != start or any(step(a, direction) != b for a, b in zip(cells, cells[1:])):
        raise InputError(
            f"plan step {action} does not match the level: the keeper is at {cell_name(start)}, "
            f"and the cells must follow each other going {direction}"
        )


def _where(cell: Cell) -> str:
    """A cell as the user reads it: 1-based row and column."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _contents(instance: SokobanInstance, state: State, cell: Cell) -> tuple[bool, bool, bool, bool]:
    """(wall, goal, box, keeper) at a cell."""
    return (cell in instance.walls, cell in instance.goals, cell in state.boxes, cell == state.keeper)


_XSB_CHAR = {"wall": "#", "": " ", "goal": ".", "box": "$", "box goal": "*", "keeper": "@", "keeper goal": "+"}
_CODE_OF = {name: code for code, name in CODES.items()}


def _content_name(instance: SokobanInstance, state: State, cell: Cell) -> str:
    """The content of a cell as one of the names in CODES."""
    wall, goal, box, keeper = _contents(instance, state, cell)
    if wall:
        return "wall"
    thing = "box" if box else "keeper" if keeper else ""
    return f"{thing} goal".strip() if goal else thing


def render_xsb(instance: SokobanInstance, state: State) -> str:
    """A state in XSB characters, one row a line, trailing spaces removed."""
    rows = [
        "".join(_XSB_CHAR[_content_name(instance, state, (r, c))] for c in range(instance.width)).rstrip()
        for r in range(instance.height)
    ]
    return "\n".join(rows) + "\n"


def render_integers(instance: SokobanInstance, state: State) -> str:
    """A state as the seed's integer matrix in Lisp parentheses, one row a line."""
    rows = [
        "(" + " ".join(str(_CODE_OF[_content_name(instance, state, (r, c))]) for c in range(instance.width)) + ")"
        for r in range(instance.height)
    ]
    return "(" + "\n ".join(rows) + ")\n"
