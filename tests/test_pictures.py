"""Pictures: every puzzle's drawing shows exactly the simulator's state (each picture is read back into the
state), and the SVG, PNG, GIF, animated SVG and HTML outputs hold what they should (frames read back,
frame counts and sizes, no network references); the command line's --animate, --every, show and
report --animate."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pictures_support import PLANS, solved
from strategies import hanoi_instances, tiles_instances

from puzzleplan.api.pipeline import solve
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.pictures.animated import animated_svg, read_frames
from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.pictures.output import check_output, durations, kept_frames
from puzzleplan.pictures.player import plan_data, player_page
from puzzleplan.pictures.raster import common_prefix, write_gif, write_png
from puzzleplan.pictures.scene import Circle, Polygon, Rect, Scene, Text
from puzzleplan.pictures.svg import parse_svg, svg_text
from puzzleplan.translator.puzzle import Puzzle
from puzzleplan.translator.registry import PUZZLES, get_puzzle, load

ROOT = Path(__file__).resolve().parent.parent
FILES = {
    "bloxorz": sorted((ROOT / "problems" / "bloxorz").glob("*.bloxorz")),
    "shrdlu": sorted((ROOT / "problems" / "shrdlu").glob("*.shrdlu")),
    "sbp": sorted((ROOT / "problems" / "sbp").glob("*.sbp")),
    "sokoban": sorted((ROOT / "problems" / "sokoban").glob("*.xsb"))
    + sorted((ROOT / "problems/sokoban").glob("*.lsp")),
    "pacman": sorted((ROOT / "problems" / "pacman").glob("*.lay")),
}


def shown(puzzle: Puzzle, instance, scene: Scene):
    """The state a scene shows, read back after a trip through SVG text (as any picture is seen)."""
    return drawer_of(puzzle).read(instance, parse_svg(svg_text(scene)))


# -- every drawing shows exactly the state ---------------------------------------------------------------
def walked(puzzle: Puzzle, instance, seed: int, steps: int):
    """The state after a random walk and the walk's last move (None for no move)."""
    rng, state, move = random.Random(seed), puzzle.initial(instance), None
    for _ in range(steps):
        moves = list(puzzle.moves(instance, state))
        if not moves:
            break
        move = rng.choice(moves)
        state = puzzle.apply(instance, state, move)
    return state, move


@settings(max_examples=40, deadline=None)
@given(hanoi_instances(), st.integers(0, 999), st.integers(0, 20))
def test_hanoi_pictures_show_the_state(instance, seed, steps):
    puzzle = get_puzzle("hanoi")
    state, move = walked(puzzle, instance, seed, steps)
    assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state


@settings(max_examples=40, deadline=None)
@given(tiles_instances(max_side=4), st.integers(0, 999), st.integers(0, 20))
def test_tiles_pictures_show_the_state(instance, seed, steps):
    puzzle = get_puzzle("tiles")
    state, move = walked(puzzle, instance, seed, steps)
    assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10**6), st.integers(0, 25))
def test_shrdlu_pictures_show_the_state(n, seed, steps):
    puzzle = get_puzzle("shrdlu")
    instance = puzzle.random_instance({"n": str(n)}, random.Random(seed))
    state, move = walked(puzzle, instance, seed, steps)
    assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state


@pytest.mark.parametrize("name", sorted(FILES))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_authored_levels_pictures_show_the_state(name, data):
    puzzle = get_puzzle(name)
    path = data.draw(st.sampled_from(FILES[name]))
    _, instance = load(name, str(path))
    state, move = walked(puzzle, instance, data.draw(st.integers(0, 999)), data.draw(st.integers(0, 40)))
    assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state


def test_public_levels_pictures_show_the_state(shared_data):
    """The first twenty Microban levels, the 33 Bloxorz stages and every published sliding-brick level, after
    random walks."""
    for level in range(1, 21):
        puzzle, instance = load("sokoban", str(shared_data / "sokoban" / "microban.txt"), str(level))
        for seed in range(3):
            state, move = walked(puzzle, instance, seed, 60)
            assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state
    for stage in range(1, 34):
        puzzle, instance = load("bloxorz", str(shared_data / "bloxorz" / "bloxorzlevels.txt"), str(stage))
        for seed in range(3):
            state, move = walked(puzzle, instance, seed, 80)
            assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state
    for path in sorted((shared_data / "sbp").glob("SBP-*level*.txt")):
        puzzle, instance = load("sbp", str(path))
        state, move = walked(puzzle, instance, 1, 60)
        assert shown(puzzle, instance, drawer_of(puzzle).scene(instance, state, move)) == state


@pytest.mark.parametrize("name", sorted(PLANS))
def test_scenes_of_a_plan_show_its_states_and_keep_ids(name):
    """scenes() draws every replayed state; a thing that moves keeps its id (so animations move it)."""
    puzzle, instance, moves, states = solved(name)
    scenes = drawer_of(puzzle).scenes(instance, moves, states)
    assert len(scenes) == len(moves) + 1
    assert [shown(puzzle, instance, scene) for scene in scenes] == states
    ids = [{shape.id for shape in scene.shapes if shape.id and "arrow" not in shape.classes()} for scene in scenes]
    assert all(found == ids[0] for found in ids), "the same things, under the same ids, in every frame"
    assert all(scene.width == scenes[0].width and scene.height == scenes[0].height for scene in scenes)


def test_marks_of_the_last_move():
    """A push marks the pushed box with an arrow; a walk marks nothing; the moved disc is bordered."""
    puzzle, instance, moves, states = solved("sokoban")
    push = next(index for index, move in enumerate(moves) if move.isupper())
    walk = next(index for index, move in enumerate(moves) if move.islower())
    pushed = drawer_of(puzzle).scene(instance, states[push + 1], moves[push])
    assert len(pushed.find("pushed")) == 1 and pushed.find("arrow")
    walked_scene = drawer_of(puzzle).scene(instance, states[walk + 1], moves[walk])
    assert not walked_scene.find("pushed") and not walked_scene.find("arrow")
    hanoi, tower = load("hanoi", str(ROOT / "problems/hanoi/tower5.hanoi"))
    move = hanoi.moves(tower, tower.init)[0]
    marked = drawer_of(hanoi).scene(tower, hanoi.apply(tower, tower.init, move), move).find("moved")
    assert [shape.id for shape in marked] == [f"disc-{move[0]}"]


def test_sbp_bricks_keep_colour_and_id_through_renumbering():
    """The normal form renumbers bricks as they move; the drawing follows each brick by its cells."""
    puzzle, instance, moves, states = solved("sbp")
    scenes = drawer_of(puzzle).scenes(instance, moves, states)
    for before, move, after, scene in zip(scenes, moves, scenes[1:], scenes[1:]):
        old = {shape.id: shape.centre for shape in before.find("brick-cell")}
        moved = {shape.id.split("-")[1] for shape in after.find("brick-cell") if old[shape.id] != shape.centre}
        assert len(moved) == 1, f"one brick moves on {move}"
        assert {shape.fill for shape in after.find("brick-cell")} == {shape.fill for shape in before.find("brick-cell")}
        assert scene.find("arrow")


def test_a_puzzle_without_a_drawing_says_so():
    puzzle = get_puzzle("hanoi")

    class Blind(type(puzzle)):
        name = "blind"

    with pytest.raises(InputError, match="blind has no drawing"):
        drawer_of(Blind())
    assert all(drawer_of(get_puzzle(name)) for name in PUZZLES), "every registered puzzle has a drawing"


# -- renderers -------------------------------------------------------------------------------------------
SHAPES = Scene(
    120,
    80,
    (
        Rect(id="r", cls="a b", x=1, y=2, width=30, height=20, rx=3, fill="#ff0000", stroke="#000000", stroke_width=2),
        Circle(id="c", cx=60, cy=40, r=10.5, fill="#00ff00"),
        Polygon(points=((0, 0), (10, 0), (5, 8)), fill="#0000ff"),
        Polygon(id="line", points=((0, 70), (100, 75)), closed=False, stroke="#333333", stroke_width=1),
        Text(id="t", x=90, y=20, text="a < b & c", size=12, anchor="end", bold=True, fill="#222222"),
    ),
    "#fafafa",
    "shapes & text",
)


def test_svg_round_trip_of_every_kind_of_shape():
    again = parse_svg(svg_text(SHAPES))
    assert again == SHAPES


def test_svg_read_back_refuses_what_is_not_svg():
    with pytest.raises(InputError, match="not well-formed"):
        parse_svg("<svg><rect></svg>")
    with pytest.raises(InputError, match="expected an <svg>"):
        parse_svg("<html></html>")


def test_png_has_the_scene_size(tmp_path):
    from PIL import Image

    write_png(SHAPES, tmp_path / "shapes.png")
    with Image.open(tmp_path / "shapes.png") as picture:
        assert picture.size == (120, 80)
        assert picture.convert("RGB").getpixel((15, 12)) == (255, 0, 0)


@pytest.mark.parametrize("name", sorted(PLANS))
def test_gif_has_a_frame_per_state_and_pauses(tmp_path, name):
    from PIL import Image

    puzzle, instance, moves, states = solved(name)
    scenes = drawer_of(puzzle).scenes(instance, moves, states)
    write_gif(scenes, tmp_path / "plan.gif", durations(len(scenes)))
    with Image.open(tmp_path / "plan.gif") as gif:
        assert gif.n_frames == len(moves) + 1
        assert gif.size == (round(scenes[0].width), round(scenes[0].height))
        shown_for = []
        for index in range(gif.n_frames):
            gif.seek(index)
            shown_for.append(gif.info["duration"])
    assert shown_for[0] == shown_for[-1] > shown_for[1]


@pytest.mark.parametrize("name", sorted(PLANS))
def test_animated_svg_frames_read_back_as_the_states(name):
    puzzle, instance, moves, states = solved(name)
    scenes = drawer_of(puzzle).scenes(instance, moves, states)
    text = animated_svg(scenes, durations(len(scenes)))
    frames = read_frames(text)
    assert len(frames) == len(moves) + 1
    assert [drawer_of(puzzle).read(instance, frame) for frame in frames] == states
    assert [set(frame.shapes) for frame in frames] == [set(scene.shapes) for scene in scenes]
    assert (frames[0].width, frames[0].height) == (scenes[0].width, scenes[0].height)


def decode_player(data: dict) -> list[list[tuple]]:
    """What the page's script draws in each frame, found the way player.js finds it: (tag, attributes,
    text) per slot in drawing order."""
    slots = [-1] * data["slots"]
    frames = []
    for changes in [data["first"], *data["changes"]]:
        for slot, element in zip(changes[::2], changes[1::2]):
            slots[slot] = element
        frames.append([tuple(data["elements"][element]) for element in slots if element >= 0])
    return frames


def page_scene(elements: list[tuple]) -> Scene:
    """A scene of the elements the page draws (through SVG text, as a browser would serialize it)."""
    from puzzleplan.pictures.svg import markup

    return parse_svg("<svg>" + "".join(markup(tag, attributes, text) for tag, attributes, text in elements) + "</svg>")


@pytest.mark.parametrize("name", sorted(PLANS))
def test_player_data_draws_the_states(name):
    puzzle, instance, moves, states = solved(name)
    scenes = drawer_of(puzzle).scenes(instance, moves, states)
    data = plan_data(scenes, [puzzle.format_move(move) for move in moves])
    frames = decode_player(data)
    assert len(frames) == len(moves) + 1 and len(data["moves"]) == len(moves)
    assert [drawer_of(puzzle).read(instance, page_scene(frame)) for frame in frames] == states


def test_player_page_is_self_contained():
    puzzle, instance, moves, states = solved("sokoban")
    scenes = drawer_of(puzzle).scenes(instance, moves, states)
    page = player_page(scenes, list(moves), "a <title>", "a summary")
    for reference in ("http", "//", "src=", "href=", "@import", "url("):
        assert reference not in page, reference
    data = json.loads(re.search(r'<script type="application/json" id="plan-data">(.*?)</script>', page, re.S)[1])
    assert data["moves"] == list(moves)
    assert "a &lt;title&gt;" in page
    with pytest.raises(ValueError):
        player_page(scenes, list(moves)[1:], "", "")


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.lists(st.tuples(st.sampled_from("abcde"), st.integers(0, 3)), max_size=6), min_size=1, max_size=8),
    st.booleans(),
)
def test_timeline_keeps_every_frame(frames, agree):
    """Whatever shapes come and go and change, the page draws each frame's shapes; in the frame's own
    drawing order when the frames agree on the order of what they share (as the drawings' frames do)."""
    scenes = [
        Scene(10, 10, tuple(Rect(id=key, x=x, y=0, width=1, height=1) for key, x in _pairs(frame, agree)))
        for frame in frames
    ]
    drawn = [page_scene(frame).shapes for frame in decode_player(plan_data(scenes, ["m"] * (len(scenes) - 1)))]
    if agree:
        assert drawn == [scene.shapes for scene in scenes]
    assert [set(shapes) for shapes in drawn] == [set(scene.shapes) for scene in scenes]


def _pairs(frame: list[tuple[str, int]], ordered: bool) -> list[tuple[str, int]]:
    """A frame's (id, x) pairs, one per id, sorted by id when `ordered`."""
    pairs = list(dict(frame).items())
    return sorted(pairs) if ordered else pairs


def test_common_prefix_of_frames():
    a, b, c = (Rect(id=name, x=0, y=0, width=1, height=1) for name in "abc")
    assert common_prefix([Scene(1, 1, (a, b, c)), Scene(1, 1, (a, b)), Scene(1, 1, (a, c))]) == 1
    assert common_prefix([Scene(1, 1, (a, b))]) == 2


def test_frames_kept_and_durations():
    assert kept_frames(10, 1) == list(range(10))
    assert kept_frames(10, 3) == [0, 3, 6, 9]
    assert kept_frames(11, 3) == [0, 3, 6, 9, 10]
    assert kept_frames(1, 5) == [0]
    long = durations(5000)
    assert long[0] == long[-1] > long[1] >= 40
    assert check_output("a.GIF", (".gif",), "--animate") == ".gif"
    for bad, every in (("a.mp4", 1), ("a.html", 2), ("a.gif", 0)):
        with pytest.raises(InputError):
            check_output(bad, (".gif", ".svg", ".html"), "--animate", every)


# -- the command line ------------------------------------------------------------------------------------
def puzzleplan(*words: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run the command line."""
    return subprocess.run(
        [sys.executable, "-m", "puzzleplan.app.cli", *words], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_solve_animate_writes_each_format(tmp_path):
    from PIL import Image

    for suffix in ("gif", "svg", "html"):
        out = tmp_path / f"plan.{suffix}"
        done = puzzleplan("solve", "hanoi", "problems/hanoi/tower5.hanoi", "--animate", str(out))
        assert done.returncode == 0, done.stderr
        assert f"animation: {out} (32 frames" in done.stdout
    with Image.open(tmp_path / "plan.gif") as gif:
        assert gif.n_frames == 32
    assert len(read_frames((tmp_path / "plan.svg").read_text())) == 32
    done = puzzleplan(
        "solve", "hanoi", "problems/hanoi/tower5.hanoi", "--animate", str(tmp_path / "e.gif"), "--every", "4", "--json"
    )
    assert json.loads(done.stdout)["animation"]["frames"] == len(kept_frames(32, 4)) == 9
    assert "animation:" in done.stderr


def test_bad_animation_files_are_refused_before_solving(tmp_path):
    for words in (
        ["--animate", str(tmp_path / "plan.mp4")],
        ["--animate", str(tmp_path / "plan.html"), "--every", "3"],
        ["--animate", str(tmp_path / "plan.gif"), "--every", "0"],
    ):
        done = puzzleplan("solve", "tiles", "problems/tiles/fifteen-48.tiles", "--planner", "native-bfs", *words)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("puzzleplan: error: command line: ") and "Traceback" not in done.stderr
        assert not list(tmp_path.iterdir())


def test_an_unsolved_run_writes_no_animation(tmp_path):
    done = puzzleplan(
        "solve",
        "tiles",
        "problems/tiles/fifteen-48.tiles",
        "--planner",
        "native-bfs",
        "--timeout",
        "0.3",
        "--animate",
        str(tmp_path / "plan.html"),
    )
    assert done.returncode == 4
    assert "no plan to animate" in done.stderr and not (tmp_path / "plan.html").exists()


def test_validate_animates_an_invalid_plan_up_to_where_it_fails(tmp_path):
    plan = tmp_path / "moves.txt"
    plan.write_text("1 A C\n2 A B\n1 C B\n3 A B\n")  # the fourth move puts disc 3 on disc 1
    done = puzzleplan(
        "validate", "hanoi", "problems/hanoi/tower5.hanoi", str(plan), "--animate", str(tmp_path / "v.svg"), "--json"
    )
    assert done.returncode == 7
    result = json.loads(done.stdout)
    assert result["failed_at"] == 4 and result["animation"]["frames"] == 4
    frames = read_frames((tmp_path / "v.svg").read_text())
    puzzle, instance = load("hanoi", str(ROOT / "problems/hanoi/tower5.hanoi"))
    assert drawer_of(puzzle).read(instance, frames[-1]) == ((5, 4, 3), (2, 1), ())


def test_show_draws_the_initial_state(tmp_path):
    from PIL import Image

    done = puzzleplan("show", "sokoban", "problems/sokoban/two-rooms.xsb", "--out", str(tmp_path / "level.png"))
    assert done.returncode == 0, done.stderr
    puzzle, instance = load("sokoban", str(ROOT / "problems/sokoban/two-rooms.xsb"))
    scene = drawer_of(puzzle).scene(instance, puzzle.initial(instance))
    with Image.open(tmp_path / "level.png") as picture:
        assert picture.size == (round(scene.width), round(scene.height))
    done = puzzleplan("show", "sbp", "problems/sbp/hooks.sbp", "--out", str(tmp_path / "board.svg"))
    assert done.returncode == 0, done.stderr
    puzzle, instance = load("sbp", str(ROOT / "problems/sbp/hooks.sbp"))
    assert shown(puzzle, instance, parse_svg((tmp_path / "board.svg").read_text())) == puzzle.initial(instance)
    done = puzzleplan("show", "sbp", "problems/sbp/hooks.sbp", "--out", str(tmp_path / "board.gif"))
    assert done.returncode == 2 and "expected a file ending in .png, .svg" in done.stderr


def test_report_links_each_solved_run_to_its_animation(tmp_path):
    out = tmp_path / "experiment"
    done = puzzleplan(
        "compare",
        "hanoi",
        "problems/hanoi/tower5.hanoi",
        "sokoban",
        "problems/sokoban/two-rooms.xsb",
        "--planners",
        "native-astar,native-bfs",
        "--timeout",
        "20",
        "--jobs",
        "2",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert all("moves" not in row for row in rows)
    kept = {row["planner"] + " " + row["puzzle"]: row.get("plan") for row in rows if row["status"] == "solved"}
    assert kept and all(kept.values())
    replayed = puzzleplan("validate", "hanoi", "problems/hanoi/tower5.hanoi", str(out / kept["native-astar hanoi"]))
    assert replayed.returncode == 0 and "VALID, 31 moves" in replayed.stdout
    done = puzzleplan("report", str(out), "--animate")
    assert done.returncode == 0, done.stderr
    assert f"wrote {len(kept)} animations" in done.stdout
    report = (out / "report.html").read_text()
    links = re.findall(r'<a href="(animations/[^"]+\.html)">play</a>', report)
    assert len(links) == len(kept)
    for link in links:
        page = (out / link).read_text()
        data = json.loads(re.search(r'id="plan-data">(.*?)</script>', page, re.S)[1])
        assert len(data["changes"]) == len(data["moves"])


def test_validate_animates_a_plan_read_in_the_normal_form_numbering(tmp_path):
    """A sliding-brick plan that names bricks by the normal form of each state (as some solvers print them)
    replays renumbered states; the animation follows each brick by its cells and shows those states."""
    from puzzleplan.translator.sbp import bricks, normalize

    puzzle, instance, moves, states = solved("sbp")
    renamed = []
    for (number, direction), state in zip(moves, states):
        first = bricks(state)[number][0]
        renamed.append((normalize(state)[first], direction))
    assert renamed != list(moves), "the level's numbering differs from the normal form's"
    plan = tmp_path / "normal.txt"
    plan.write_text("".join(puzzle.format_move(move) + "\n" for move in renamed))
    out = tmp_path / "normal.svg"
    done = puzzleplan("validate", "sbp", PLANS["sbp"], str(plan), "--animate", str(out), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["meaning"]
    expected = puzzle.other_readings(instance, renamed)[0][1].states
    frames = read_frames(out.read_text())
    assert [drawer_of(puzzle).read(instance, frame) for frame in frames] == expected
    ids = [{shape.id for shape in frame.find("brick-cell")} for frame in frames]
    assert all(found == ids[0] for found in ids)


def test_a_split_bloxorz_block_is_drawn_as_two_cubes_and_back():
    puzzle, instance = load("bloxorz", str(ROOT / "problems/bloxorz/split.bloxorz"))
    report = solve(puzzle, instance, "split", "native-astar", Limits(60))
    scenes = drawer_of(puzzle).scenes(instance, report.moves, report.states)
    assert any(scene.find("cube") for scene in scenes) and scenes[-1].find("standing")
    frames = read_frames(animated_svg(scenes, durations(len(scenes))))
    assert [drawer_of(puzzle).read(instance, frame) for frame in frames] == report.states
