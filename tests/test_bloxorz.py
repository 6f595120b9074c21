"""Bloxorz (seed 001): the formats, the rules, the heuristics, both PDDL encodings, and the 33 stages of the
game at their published minimum numbers of moves."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from strategies import random_state

from puzzleplan.api.pipeline import solve
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.limits import Limits
from puzzleplan.domains import domain_text
from puzzleplan.planners.base import Status
from puzzleplan.planners.native import search
from puzzleplan.planners.search import Deadline, breadth_first
from puzzleplan.translator.bloxorz import encoding, strips
from puzzleplan.translator.bloxorz.level import KINDS, Split, Stage, Switch, Where, check
from puzzleplan.translator.bloxorz.puzzle import Bloxorz, seed_heuristic
from puzzleplan.translator.bloxorz.rules import CUBE, rules_of
from puzzleplan.translator.graph import distances
from puzzleplan.translator.registry import get_puzzle

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "problems" / "bloxorz"
BLOXORZ = Bloxorz()
PUBLISHED = [7, 17, 19, 28, 33, 35, 44, 10, 24, 57, 47, 65, 46, 67, 57, 28, 106, 85, 67, 56]
PUBLISHED += [71, 65, 75, 57, 55, 104, 71, 100, 104, 114, 91, 129, 65]
"""Minimum moves of stages 1-33 (../shared/data/SOURCES.md; 1,999 in all)."""
FILES = ("bloxorzlevels.txt", "coolmath.json")


def level(name: str) -> Stage:
    """A stage from problems/bloxorz."""
    path = LEVELS / name
    return BLOXORZ.parse(path.read_text(), str(path))


def parse(text: str, source: str = "test.bloxorz") -> Stage:
    """A stage from text."""
    return BLOXORZ.parse(text, source)


@cache
def data_text(name: str) -> str:
    """A public level file's text."""
    return (ROOT.parent / "shared" / "data" / "bloxorz" / name).read_text()


def data_stage(name: str, number: int) -> Stage:
    """Stage `number` of a public level file."""
    return BLOXORZ.parse_level(data_text(name), name, str(number))


def play(stage: Stage, *words: str):
    """The state after moves written as the user writes them."""
    state = BLOXORZ.initial(stage)
    for word in words:
        state = BLOXORZ.apply(stage, state, BLOXORZ.parse_move(word))
    return state


def cells(stage: Stage, state) -> list[str]:
    """The cells of a state as X,Y."""
    rules = rules_of(stage)
    return [rules.name(state[0]), rules.name(state[1])]


def is_open(stage: Stage, state, x: int, y: int) -> bool:
    """True when the bridge tile at x,y is open in `state`."""
    rules = rules_of(stage)
    return bool(state[2] & rules.bit[rules.index((y - 1, x - 1))])


# -- formats ---------------------------------------------------------------------------------------------
SEED_LEVEL = """start: 2,2
[1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
[1, 1, 1, 1, 1, 1, 0, 0, 0, 0]
[1, 1, 1, 1, 1, 1, 1, 1, 1, 0]
[0, 1, 1, 1, 1, 1, 1, 1, 1, 1]
[0, 0, 0, 0, 0, 1, 1, 9, 1, 1]
[0, 0, 0, 0, 0, 0, 1, 1, 1, 0]
"""


def test_the_seed_matrix_reads_and_writes_back():
    stage = level("seed-level1.bloxorz")
    assert (LEVELS / "seed-level1.bloxorz").read_text() == SEED_LEVEL == BLOXORZ.render(stage)
    assert stage.start == ((1, 1),) and stage.goal == (4, 7) and stage.notation == "seed"
    head, rows = SEED_LEVEL.split("\n", 1)
    spaced = parse(head + "\n" + rows.replace("[", "").replace("]", "").replace(",", ""))
    commas = parse(head + "\n" + rows.replace("[", "").replace("]", "").replace(" ", ""))
    assert spaced == commas == stage and spaced.notation == "native"


@pytest.mark.parametrize("name", sorted(p.name for p in LEVELS.glob("*.bloxorz")))
def test_authored_levels_write_back_byte_for_byte(name):
    assert BLOXORZ.render(level(name)) == (LEVELS / name).read_text()


def test_a_level_file_is_recognised_by_its_content_whatever_its_suffix():
    text = (LEVELS / "switches.bloxorz").read_text()
    assert BLOXORZ.parse(text, "stage.txt") == level("switches.bloxorz")
    assert BLOXORZ.levels(text, "stage.txt") == [""]
    one = '[{"name": "mine", "grid": ["S.H"], "bridges": [], "switches": [], "teleports": []}]'
    assert BLOXORZ.parse(one, "x.txt").grid == (("1", "1", "9"),)
    js = 'levelab = [];\nlevelab.push("bbe");\nlevelab.push([0,0]);\n'
    assert BLOXORZ.parse(js, "x.json").grid == (("1", "1", "9"),)


def test_the_public_files_hold_the_33_stages(shared_data):
    js, json_text = (shared_data / "bloxorz" / name for name in FILES)
    assert BLOXORZ.levels(js.read_text(), str(js)) == [str(n) for n in range(1, 34)]
    assert BLOXORZ.levels(json_text.read_text(), str(json_text)) == [f"Stage {n:02d}" for n in range(1, 34)]
    assert data_stage(FILES[1], 7) == BLOXORZ.parse_level(data_text(FILES[1]), "x", "Stage 07")


def _essence(stage: Stage) -> tuple:
    """A stage with its void margin cut off: tiles, start, splits (as sets of cubes)."""
    tiles = [(r, c) for r, row in enumerate(stage.grid) for c, token in enumerate(row) if token != "0"]
    top, left = min(r for r, _ in tiles), min(c for _, c in tiles)
    shift = lambda cell: (cell[0] - top, cell[1] - left)  # noqa: E731
    grid = {shift(cell): stage.kind(cell) for cell in tiles}
    splits = {shift(s.cell): frozenset(map(shift, s.cubes)) for s in stage.splits}
    switches = {shift(s.cell): sorted((shift(cell), action) for cell, action in s.effects) for s in stage.switches}
    return grid, tuple(map(shift, stage.start)), splits, switches


def test_the_javascript_and_json_stages_are_the_same_stages(shared_data):
    for number in range(1, 34):
        js, coolmath = _essence(data_stage(FILES[0], number)), _essence(data_stage(FILES[1], number))
        assert js[:3] == coolmath[:3], number
        if number != 29:
            assert js[3] == coolmath[3], number
    # stage 29's switch at 13,10 also closes 11,7 and 12,7 in the JavaScript, not in the JSON (both 104 moves)
    switch = next(s for s in data_stage(FILES[0], 29).switches if s.cell == (9, 12))
    assert ((6, 10), "off") in switch.effects


BAD_INPUT = [
    ("start: 1,1\n1 1 9\n1 X 1\n", "unknown tile 'X'", 3, 3),
    ("start: 1,1\n1 1 9\n1 1\n", "expected 3 tiles in this row", 3, None),
    ("1 1 9\n", "expected a line 'start: X,Y'", None, None),
    ("start: 0,1\n1 1 9\n", "coordinates count from 1", 1, 8),
    ("start: 1,1 2,1 3,1\n1 1 9\n", "expected 'start: X,Y'", 1, None),
    ("start: 4,1\n1 1 1 0\n1 1 9 1\n", "the block starts over void at 4,1", 1, None),
    ("start: 1,1\nF 1 9\n", "standing on a fragile tile", 1, None),
    ("start: 1,1\n1 1 1\n", "exactly one goal (9, the hole), found no goal", None, None),
    ("start: 1,1\n1 9 9\n", "found 2 goals", 2, None),
    ("start: 1,1\n1 1 9\nstart: 2,1\n", "a second 'start:' line", 3, None),
    ("start: 1,1\n1 S 9 b\n", "switch 2,1 has no line", 2, 3),
    ("start: 1,1\n1 T 9 1\n", "split switch 2,1 has no line", 2, 3),
    ("start: 1,1\n1 S 9 b\nswitch 2,1: toggle 3,1\n", "which is goal (the hole), not a bridge tile", 3, None),
    ("start: 1,1\n1 1 9 b\nswitch 2,1: on 4,1\n", "is not on a switch tile", 3, None),
    ("start: 1,1\n1 S 9 b\nswitch 2,1: 4,1\n", "expected on, off or toggle", 3, 13),
    ("start: 1,1\n1 S 9 b\nswitch 2,1: on 4,1 x\n", "expected X,Y or on, off, toggle, found 'x'", 3, 20),
    ("start: 1,1\n1 S 9 b\nswitch 2,1: on 4,0\n", "coordinates count from 1", 3, 16),
    ("start: 1,1\n1 S 9 b\nswitch 2,1: on 4,1\nswitch 2,1: off 4,1\n", "a second switch line for 2,1", 4, None),
    ("start: 1,1\n1 S 9 b\nswitch 2,1: on 4,1 off 4,1\n", "names a bridge tile twice", 3, None),
    ("start: 1,1\n1 T 9 1 1\nsplit 2,1: 4,1 5,1\n", "neither the same nor side by side", 3, None),
    ("start: 1,1\n1 T 9 0 1\nsplit 2,1: 4,1 1,1\n", "sends a cube to 4,1, which is void", 3, None),
    ("start: 1,1\n1 T 9\nsplit 2,1: 4,1\n", "expected 'split X,Y: X,Y X,Y'", 3, None),
    (
        "start: 1,1\n1 S S 9\n0 b 0 0\nswitch 2,1: on 2,2\nswitch 3,1: off 2,2\n",
        "lie side by side and act on 2,2 differently",
        5,
        None,
    ),
]


@pytest.mark.parametrize("text,message,line,column", BAD_INPUT)
def test_bad_native_input_names_the_line(text, message, line, column):
    with pytest.raises(InputError) as error:
        parse(text, "bad.bloxorz")
    assert message in error.value.message
    assert (error.value.source, error.value.line, error.value.column) == ("bad.bloxorz", line, column)


BAD_DATA = [
    ('levelab = [];\nlevelab.push("bbx");\nlevelab.push([0,0]);\n', "unknown tile 'x'", 2),
    ('levelab = [];\nlevelab.push("bbe");\nlevelab.push([0]);\n', "expected a start [x, y]", 3),
    ('levelab = [];\nlevelab.push("bbe");\nlevelab.push([0,0]);\nlevels = ["", levelcd];\n', "levelcd", 4),
    ('levelab = [];\nlevelab.push("bse");\nlevelab.push([0,0]);\nlevelab.push({swatch99: []});\n', "switch", 4),
    ('[{"name": "x", "grid": ["S.Q"]}]', "unknown tile 'Q'", 1),
    ('[{"name": "x", "grid": [".H"]}]', "expected one start S", 1),
    ('[{"name": "x", "grid": ["S.H"], "bridges": [[1]]}]', 'expected "bridges" entries', 1),
    ('[{"name": "x", "grid": ["SOH"], "switches": [[0, 1, [[3, "swap"]]]]}]', "names bridge 3", 1),
    ('[{"name": "x", "grid": ["S.H"],}]', "expected JSON", 1),
]


@pytest.mark.parametrize("text,message,line", BAD_DATA)
def test_bad_public_format_input_names_the_line(text, message, line):
    with pytest.raises(InputError) as error:
        BLOXORZ.parse_level(text, "bad.txt", None)
    assert message in error.value.message and error.value.line == line


def test_level_numbers_are_checked():
    with pytest.raises(InputError, match="holds one stage"):
        BLOXORZ.parse_level(SEED_LEVEL, "seed.bloxorz", "2")
    two = (
        'levela = [];\nlevela.push("be");\nlevela.push([0,0]);\nlevelb = [];\nlevelb.push("eb");\nlevelb.push([1,0]);\n'
    )
    assert BLOXORZ.levels(two, "two.txt") == ["1", "2"]
    assert BLOXORZ.parse_level(two, "two.txt", "2").start == ((0, 1),)
    with pytest.raises(InputError, match="holds 2 levels"):
        BLOXORZ.parse_level(two, "two.txt", None)
    with pytest.raises(InputError, match="no level '3'"):
        BLOXORZ.parse_level(two, "two.txt", "3")


@st.composite
def stages(draw, max_side: int = 6) -> Stage:
    """Random small stages with every kind of tile, switches on their tiles and splits on theirs."""
    height, width = draw(st.integers(1, max_side)), draw(st.integers(3, max_side))
    kinds = [k for k in KINDS if k != "9"]
    grid = [[draw(st.sampled_from(kinds)) for _ in range(width)] for _ in range(height)]
    cells = [(r, c) for r in range(height) for c in range(width)]
    goal, start = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True))
    grid[goal[0]][goal[1]], grid[start[0]][start[1]] = "9", "1"
    bridges = [cell for cell in cells if grid[cell[0]][cell[1]] in "Bb"]
    tiles = [cell for cell in cells if grid[cell[0]][cell[1]] != "0"]
    switches, splits = [], []
    for cell in cells:
        kind = grid[cell[0]][cell[1]]
        if kind in "SH":
            if not bridges:
                grid[cell[0]][cell[1]] = "1"
                continue
            targets = draw(st.lists(st.sampled_from(bridges), min_size=1, max_size=3, unique=True))
            switches.append(Switch(cell, tuple((t, draw(st.sampled_from(("on", "off", "toggle")))) for t in targets)))
        elif kind == "T":
            apart = [(a, b) for a in tiles for b in tiles if abs(a[0] - b[0]) + abs(a[1] - b[1]) > 1]
            if not apart:
                grid[cell[0]][cell[1]] = "1"
                continue
            splits.append(Split(cell, draw(st.sampled_from(apart))))
    stage = Stage(
        tuple(map(tuple, grid)), (start,), tuple(switches), tuple(splits), draw(st.sampled_from(["native", "seed"]))
    )
    try:
        check(stage, Where("random"))
    except InputError:
        reject()
    return stage


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(stages())
def test_render_then_parse_gives_the_stage_back(stage):
    text = BLOXORZ.render(stage)
    again = parse(text)
    assert again == stage and again.notation == stage.notation
    assert BLOXORZ.render(again) == text


# -- rules -----------------------------------------------------------------------------------------------
SMALL = """start: 2,1
1 1 1 1 F F 1 1
1 S 1 b 1 1 H 9
0 1 1 B 0 1 1 1
switch 2,2: toggle 4,2
switch 7,2: off 4,3 on 4,2
"""


def test_rolling_off_the_board_into_the_void_or_onto_a_closed_bridge_is_illegal():
    stage = parse(SMALL)
    start = BLOXORZ.initial(stage)
    with pytest.raises(IllegalMove, match="it would roll off the board"):
        BLOXORZ.apply(stage, start, (0, "up"))
    with pytest.raises(IllegalMove, match="it would fall: 1,3 is void"):
        BLOXORZ.apply(stage, play(stage, "down"), (0, "left"))
    with pytest.raises(IllegalMove, match="it would fall: the bridge tile at 4,2 is closed"):
        BLOXORZ.apply(stage, play(stage, "right"), (0, "down"))
    assert cells(stage, play(stage, "down", "right", "right")) == ["4,2", "4,3"]  # once the soft switch opened it


def test_moves_of_the_seed_level_in_the_seeds_order():
    stage = level("seed-level1.bloxorz")
    assert BLOXORZ.moves(stage, BLOXORZ.initial(stage)) == [(0, "right"), (0, "down")]
    with pytest.raises(IllegalMove, match="it would roll off the board"):
        BLOXORZ.apply(stage, BLOXORZ.initial(stage), (0, "left"))
    with pytest.raises(IllegalMove, match="the block is whole"):
        BLOXORZ.apply(stage, BLOXORZ.initial(stage), (1, "right"))


def test_a_fragile_tile_gives_way_only_under_a_standing_block():
    stage = level("fragile.bloxorz")
    lying = play(stage, "right")
    assert cells(stage, lying) == ["3,2", "4,2"]  # half on the fragile tile 4,2: fine
    with pytest.raises(IllegalMove, match="fragile tile at 5,2 gives way"):
        BLOXORZ.apply(stage, lying, (0, "right"))


def test_soft_switches_act_under_any_part_heavy_ones_only_under_a_standing_block():
    stage = parse(SMALL)
    start = BLOXORZ.initial(stage)
    assert not is_open(stage, start, 4, 2) and is_open(stage, start, 4, 3)
    lying = play(stage, "down")  # lies on 2,2 (the soft switch) and 2,3
    assert cells(stage, lying) == ["2,2", "2,3"] and is_open(stage, lying, 4, 2)
    back = play(stage, "down", "up")  # standing on 2,1 again: the switch is not pressed
    assert is_open(stage, back, 4, 2)
    again = play(stage, "down", "up", "down")  # pressed a second time: the toggle closes the bridge
    assert not is_open(stage, again, 4, 2)
    heavy = parse(SMALL.replace("start: 2,1", "start: 7,1"))
    lying_on_heavy = play(heavy, "down")  # lies on 7,2 (heavy) and 7,3: nothing happens
    assert cells(heavy, lying_on_heavy) == ["7,2", "7,3"] and is_open(heavy, lying_on_heavy, 4, 3)
    standing_on_heavy = play(heavy, "left", "down", "right")  # over the fragile tiles lying, then up on 7,2
    assert cells(heavy, standing_on_heavy) == ["7,2", "7,2"]
    assert not is_open(heavy, standing_on_heavy, 4, 3) and is_open(heavy, standing_on_heavy, 4, 2)


def test_on_and_off_and_toggle():
    stage = level("switches.bloxorz")
    state = play(stage, "down", "up")  # lies on 2,3 - 2,4: presses 2,4 (toggle 4,2 5,2)
    assert is_open(stage, state, 4, 2) and is_open(stage, state, 5, 2)
    heavy = rules_of(stage).index((3, 6))
    path = breadth_first(state, rules_of(stage).successors, lambda s: s[0] == s[1] == heavy, Deadline(10)).plan
    state = play(stage, "down", "up", *map(BLOXORZ.format_move, path))
    assert cells(stage, state) == ["7,4", "7,4"]  # the heavy switch: on 9,3, off 4,2 5,2
    assert is_open(stage, state, 9, 3) and not is_open(stage, state, 4, 2) and not is_open(stage, state, 5, 2)


def test_a_switch_closing_the_bridge_under_the_block_drops_it():
    stage = parse("start: 2,2 3,2\n1 B S 1 9\n1 1 1 1 1\nswitch 3,1: toggle 2,1\n")
    with pytest.raises(IllegalMove, match="closes the bridge tile at 2,1 under it"):
        play(stage, "up")  # onto 2,1 (the bridge) and 3,1 (the switch that toggles it)
    closed = parse("start: 2,2 3,2\n1 b S 1 9\n1 1 1 1 1\nswitch 3,1: toggle 2,1\n")
    with pytest.raises(IllegalMove, match="the bridge tile at 2,1 is closed"):
        play(closed, "up")


CUBES = """start: 2,1 6,1
1 B S 1 1 1 9
1 1 1 1 S 1 1
switch 3,1: toggle 2,1
switch 5,2: toggle 2,1
"""


def test_a_cube_may_close_the_bridge_it_leaves_but_not_the_one_under_the_other_cube():
    stage = parse(CUBES)
    left = play(stage, "1 right")  # cube 1 leaves the bridge 2,1 for the switch 3,1 that closes it
    assert cells(stage, left) == ["3,1", "6,1"] and not is_open(stage, left, 2, 1)
    with pytest.raises(IllegalMove, match="closes the bridge tile at 2,1 under it"):
        play(stage, "2 down", "2 left")  # cube 2 presses 5,2, which closes 2,1 under cube 1
    with pytest.raises(IllegalMove, match="closes the bridge tile at 2,1 under it"):
        play(stage, "2 left", "2 left", "2 left")  # joins cube 1 lying on 2,1 and 3,1: the switch drops it


def test_splitting_rolling_the_cubes_and_joining_them():
    stage = level("split.bloxorz")
    split = play(stage, "down", "right", "right", "down", "left", "up", "right")
    assert rules_of(stage).shape(split[0], split[1]) == CUBE and cells(stage, split) == ["5,2", "7,6"]
    assert BLOXORZ.moves(stage, split) == [(1, "right"), (1, "down"), (2, "left"), (2, "right"), (2, "up")]
    with pytest.raises(IllegalMove, match="name the cube"):
        BLOXORZ.apply(stage, split, (0, "left"))
    with pytest.raises(IllegalMove, match="cube 1 would fall: 4,2 is void"):
        BLOXORZ.apply(stage, split, (1, "left"))
    up = BLOXORZ.apply(stage, BLOXORZ.apply(stage, split, (2, "up")), (2, "up"))
    assert cells(stage, up) == ["5,2", "7,4"] and not is_open(stage, up, 7, 5)  # the cube pressed the soft switch
    apart = BLOXORZ.apply(stage, BLOXORZ.apply(stage, up, (1, "right")), (2, "up"))
    assert cells(stage, apart) == ["6,2", "7,3"] and rules_of(stage).shape(apart[0], apart[1]) == CUBE
    joined = BLOXORZ.apply(stage, apart, (2, "up"))
    assert cells(stage, joined) == ["6,2", "7,2"] and rules_of(stage).shape(joined[0], joined[1]) != CUBE
    assert BLOXORZ.moves(stage, joined)[0][0] == 0 and not BLOXORZ.is_goal(stage, joined)


def test_a_cube_on_the_hole_is_not_the_goal_and_cube_numbers_follow_reading_order():
    stage = level("split.bloxorz")
    split = play(stage, "down", "right", "right", "down", "left", "up", "right", "1 down")
    assert cells(stage, split) == ["5,3", "7,6"]
    on_hole = BLOXORZ.apply(stage, split, (1, "right"))
    assert cells(stage, on_hole) == ["6,3", "7,6"] and not BLOXORZ.is_goal(stage, on_hole)
    above = play(stage, "down", "right", "right", "down", "left", "up", "right", "1 down", *["2 up"] * 4)
    assert cells(stage, above) == ["7,2", "5,3"]  # the cube that rolled up to row 2 is now cube 1


def test_restart_keeps_the_block_and_the_bridges():
    stage = level("switches.bloxorz")
    state = play(stage, "down", "up", "right")
    again = BLOXORZ.restart(stage, state)
    assert BLOXORZ.initial(again) == state
    assert parse(BLOXORZ.render(again)) == again


def test_moves_are_written_and_read_back():
    for move in [(0, "left"), (1, "up"), (2, "down")]:
        assert BLOXORZ.parse_move(BLOXORZ.format_move(move)) == move
        assert BLOXORZ.parse_move(json.dumps(BLOXORZ.move_json(move))) == move
    assert BLOXORZ.move_json((0, "left")) == "left" and BLOXORZ.move_json((2, "up")) == [2, "up"]
    assert BLOXORZ.parse_moves('right\n1 left  # a cube\n[2, "up"]\nd\n') == [
        (0, "right"),
        (1, "left"),
        (2, "up"),
        (0, "down"),
    ]
    assert BLOXORZ.parse_moves('["right", [1, "up"]]') == [(0, "right"), (1, "up")]
    with pytest.raises(InputError) as error:
        BLOXORZ.parse_moves("right\n3 up\n", "plan.txt")
    assert error.value.line == 2
    with pytest.raises(ValueError):
        BLOXORZ.parse_move("sideways")


def test_the_seed_printout():
    stage = level("seed-level1.bloxorz")
    report = solve(BLOXORZ, stage, "seed", "native-bfs", Limits(10))
    text = BLOXORZ.show_steps(stage, report.moves, report.states)
    assert text.startswith("Step ( 1 )\nAgent is on board: standing straight at x-coordinate = 2 and y-coordinate = 2")
    assert "Step ( 2 )\nAgent goes right on board: laying horizontally at x-coordinate = 3 and y-coordinate = 2" in text
    assert "Agent goes down on board: laying vertically at x-coordinate = 5 and y-coordinate = 3\n*****\n" in text
    assert "  1 1 1 1 x 1 1 1 1\n    1 1 1 x 1 1 1 1 1\n" in text
    assert text.endswith("Agent took 8 step(s) to solve this problem")
    assert BLOXORZ.show(stage, BLOXORZ.initial(stage)).startswith("Bloxorz[2,2,2,2] standing straight")


# -- search and heuristics ---------------------------------------------------------------------------------
def test_breadth_first_search_gives_the_seeds_answer_on_its_level_1():
    report = solve(BLOXORZ, level("seed-level1.bloxorz"), "seed", "native-bfs", Limits(10))
    assert report.status is Status.SOLVED and report.valid and report.optimal
    assert [m[1] for m in report.moves] == ["right", "right", "down", "right", "right", "right", "down"]


@pytest.mark.parametrize("name", FILES)
def test_native_astar_finds_the_published_minimum_of_every_stage(shared_data, name):
    for number, minimum in enumerate(PUBLISHED, start=1):
        stage = data_stage(name, number)
        result = search(BLOXORZ, stage, "astar", Deadline(30))
        assert result.status is Status.SOLVED and result.optimal, number
        assert len(result.plan) == minimum, number
        assert BLOXORZ.replay(stage, result.plan).valid, number
    assert sum(PUBLISHED) == 1999


def exact_distances(stage: Stage) -> dict:
    """Moves from every reachable state to the goal (breadth-first search backwards over the edges)."""
    start = BLOXORZ.initial(stage)
    edges: dict = {}
    for state in distances([start], lambda s: [child for _, child in BLOXORZ.successors(stage, s)]):
        for _, child in BLOXORZ.successors(stage, state):
            edges.setdefault(child, []).append(state)
    goals = [state for state in edges if BLOXORZ.is_goal(stage, state)]
    return distances(goals, lambda state: edges.get(state, []))


def assert_admissible(stage: Stage) -> None:
    """The default heuristic is at most the exact distance in every reachable state."""
    exact = exact_distances(stage)
    for state in distances([BLOXORZ.initial(stage)], lambda s: [c for _, c in BLOXORZ.successors(stage, s)]):
        assert BLOXORZ.heuristic(stage, state) <= exact.get(state, float("inf")), BLOXORZ.show(stage, state)
    assert BLOXORZ.heuristic(stage, BLOXORZ.initial(stage)) > 0


@pytest.mark.parametrize("stage_number", range(1, 34))
def test_the_default_heuristic_never_overestimates(shared_data, stage_number):
    assert_admissible(data_stage(FILES[0], stage_number))


@pytest.mark.slow
@pytest.mark.parametrize("stage_number", range(1, 34))
def test_the_default_heuristic_never_overestimates_on_the_json_stages(shared_data, stage_number):
    assert_admissible(data_stage(FILES[1], stage_number))


@pytest.mark.parametrize("name", sorted(p.name for p in LEVELS.glob("*.bloxorz")))
def test_the_default_heuristic_never_overestimates_on_the_authored_levels(name):
    assert_admissible(level(name))


def test_the_seed_heuristic_overestimates():
    """Lying on x = 9..10 of row 5 of the seed's level, the hole on x = 8: one roll left stands the block
    on the hole, but the seed's heuristic says max(1, 2) = 2."""
    stage = level("seed-level1.bloxorz")
    lying = BLOXORZ.restart(stage, (rules_of(stage).index((4, 8)), rules_of(stage).index((4, 9)), 0))
    state = BLOXORZ.initial(lying)
    assert BLOXORZ.show(lying, state).startswith("Bloxorz[5,9,5,10] laying horizontally")
    assert seed_heuristic(lying, state) == 2 and exact_distances(lying)[state] == 1
    assert BLOXORZ.heuristics()["seed"].admissible is False and BLOXORZ.heuristics()["default"].admissible
    report = solve(BLOXORZ, stage, "seed", "native-astar:seed", Limits(10))
    assert report.valid and not report.optimal  # whatever it finds, it claims no optimality


def test_an_unreachable_hole_is_reported_unsolvable():
    stage = parse("start: 1,1\n1 1 1 0 1 9 1\n")
    report = solve(BLOXORZ, stage, "walled", "native-astar", Limits(10))
    assert report.status is Status.UNSOLVABLE and "cannot reach the hole" in report.message


# -- PDDL --------------------------------------------------------------------------------------------------
def test_the_domain_file_is_the_generated_general_domain():
    assert domain_text("bloxorz") == encoding.generic_domain()
    assert BLOXORZ.encode(level("split.bloxorz")).domain == domain_text("bloxorz")


@pytest.mark.parametrize("name", ["switches", "split"])
def test_the_expanded_encoding_is_regenerated_identically(name):
    """Set PUZZLEPLAN_UPDATE_GOLDEN=1 to rewrite the golden files after an intended change."""
    task = strips.expanded_task(rules_of(level(f"{name}.bloxorz")))
    domain, problem = LEVELS / f"{name}.strips.domain.pddl", LEVELS / f"{name}.strips.pddl"
    if os.environ.get("PUZZLEPLAN_UPDATE_GOLDEN"):
        domain.write_text(task.domain)
        problem.write_text(task.problem)
    assert (task.domain, task.problem) == (domain.read_text(), problem.read_text())
    assert ":conditional-effects" not in task.domain and "(when" not in task.domain


def fd_ground(task):
    """Fast Downward's translator front end on a task: its ground actions and axioms."""
    from fast_downward.translate import instantiate, normalize, options, pddl_parser

    with tempfile.TemporaryDirectory() as work, contextlib.redirect_stdout(io.StringIO()):
        domain, problem = Path(work) / "domain.pddl", Path(work) / "problem.pddl"
        domain.write_text(task.domain)
        problem.write_text(task.problem)
        options.set_options([str(domain), str(problem)])
        parsed = pddl_parser.open(str(domain), str(problem))
        normalize.normalize(parsed)
        _, _, actions, _, axioms, _ = instantiate.explore(parsed)
    return actions, axioms


def _key(atom) -> tuple:
    """An FD atom as (predicate, args)."""
    return atom.predicate, tuple(atom.args)


def _facts(stage: Stage, state) -> set:
    """The fluent facts of a state as (predicate, args)."""
    return {(f[1:-1].split()[0], tuple(f[1:-1].split()[1:])) for f in encoding.state_facts(rules_of(stage), state)}


def _holds(literals, facts) -> bool:
    """True when every literal holds in `facts`."""
    return all((_key(literal) in facts) != literal.negated for literal in literals)


def pddl_successors(stage: Stage, ground, state) -> dict:
    """Native move -> fluent facts after it, for every ground action applicable in `state`."""
    actions, axioms = ground
    facts = _facts(stage, state)
    derived = facts | {_key(axiom.effect) for axiom in axioms if _holds(axiom.condition, facts)}
    found = {}
    for action in actions:
        if not _holds(action.precondition, derived):
            continue
        name, *args = action.name.strip("()").split()
        move = encoding.decode_step(rules_of(stage), state, name, tuple(args))
        assert move not in found, f"two actions for {move}: {name}"
        deleted = {_key(a) for conditions, a in action.del_effects if _holds(conditions, derived)}
        added = {_key(a) for conditions, a in action.add_effects if _holds(conditions, derived)}
        found[move] = (facts - deleted) | added
    return found


def agree(stage: Stage, ground, states) -> None:
    """The simulator and the ground PDDL task have the same moves and successors in every state."""
    for state in states:
        expected = {move: _facts(stage, child) for move, child in BLOXORZ.successors(stage, state)}
        assert pddl_successors(stage, ground, state) == expected, BLOXORZ.show(stage, state)


def sample_states(stage: Stage, count: int = 25) -> list:
    """The start and states reached by random walks."""
    return [BLOXORZ.initial(stage)] + [random_state(BLOXORZ, stage, seed, seed % 40) for seed in range(count)]


@pytest.mark.parametrize("name", sorted(p.name for p in LEVELS.glob("*.bloxorz")))
@pytest.mark.parametrize("expanded", [False, True], ids=["general", "expanded"])
def test_pddl_and_simulator_agree_on_the_authored_levels(name, expanded):
    stage = level(name)
    task = strips.expanded_task(rules_of(stage)) if expanded else BLOXORZ.encode(stage)
    reachable = distances([BLOXORZ.initial(stage)], lambda s: [c for _, c in BLOXORZ.successors(stage, s)])
    agree(stage, fd_ground(task), sorted(reachable)[:400])


@pytest.mark.parametrize("number", [5, 20])
def test_pddl_and_simulator_agree_on_public_stages(shared_data, number):
    stage = data_stage(FILES[0], number)
    for task in (BLOXORZ.encode(stage), strips.expanded_task(rules_of(stage))):
        agree(stage, fd_ground(task), sample_states(stage))


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("number", range(1, 34))
def test_pddl_and_simulator_agree_on_every_stage(shared_data, name, number):
    stage = data_stage(name, number)
    for task in (BLOXORZ.encode(stage), strips.expanded_task(rules_of(stage))):
        agree(stage, fd_ground(task), sample_states(stage, 40))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(stages(max_side=4), st.integers(0, 10**6))
def test_pddl_and_simulator_agree_on_random_stages(stage, seed):
    states = [random_state(BLOXORZ, stage, seed + k, k) for k in range(6)]
    agree(stage, fd_ground(BLOXORZ.encode(stage)), states)
    agree(stage, fd_ground(strips.expanded_task(rules_of(stage))), states)


def test_decoding_rejects_what_the_encodings_lack():
    stage = level("split.bloxorz")
    with pytest.raises(InputError, match="no action jump"):
        BLOXORZ.decode(stage, [("jump", ("c1-1",))])
    with pytest.raises(InputError, match="no cube stands on c1-1"):
        BLOXORZ.decode(stage, [("cube-left", ("c1-1", "c1-2", "c1-3", "c1-4", "c1-5"))])
    with pytest.raises(InputError, match="plan step 1 .* is illegal"):
        BLOXORZ.decode(stage, [("stand-up", ("c1-1", "c0-1", "c0-2"))])


@pytest.mark.parametrize("planner", ["fd", "fd-opt"])
@pytest.mark.parametrize("name", ["switches", "split", "fragile"])
def test_fast_downward_plans_decode_and_replay(name, planner):
    stage = level(f"{name}.bloxorz")
    report = solve(BLOXORZ, stage, name, planner, Limits(60))
    assert report.status is Status.SOLVED and report.valid, report.message
    optimum = len(search(BLOXORZ, stage, "bfs", Deadline(10)).plan)
    assert report.length == optimum if planner == "fd-opt" else report.length >= optimum


def test_pyperplan_solves_the_seed_level_through_the_compilation():
    report = solve(BLOXORZ, level("seed-level1.bloxorz"), "seed", "pyperplan", Limits(60))
    assert report.status is Status.SOLVED and report.valid and report.length == 7
    assert report.extra.get("compilations") == ["negative_conditions_removing"]


@pytest.mark.slow
@pytest.mark.parametrize("planner", ["fd", "fd-opt"])
@pytest.mark.parametrize("number", range(1, 34))
def test_fast_downward_on_every_stage(shared_data, planner, number):
    stage = data_stage(FILES[0], number)
    report = solve(BLOXORZ, stage, str(number), planner, Limits(60))
    if report.status is Status.SOLVED:
        assert report.valid, report.message
        if planner == "fd-opt":
            assert report.length == PUBLISHED[number - 1]
    else:
        assert report.status is Status.TIMEOUT


def test_the_registry_knows_bloxorz():
    assert get_puzzle("bloxorz").name == "bloxorz"
