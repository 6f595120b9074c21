"""The search player: the pages of real searches' traces, checked as data and in a real browser (headless
Chromium driven by Selenium, one for the module). At checked steps the board the page draws, read back from
its DOM, is the state the trace expanded there; the controls move the cursor; the heat map's visits add up to
the trace's recorded expansions; the side-by-side page advances both searches in step; at the end the page
shows the plan found, which is the plan the run returned."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from browser_support import browser, needs_browser
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan.api.watching import trace_files
from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.pictures.search_frames import picked
from puzzleplan.pictures.svg import parse_svg

ROOT = Path(__file__).resolve().parent.parent
__all__ = ["browser"]  # the module's fixture
SEARCHES = {
    "pacman": ("problems/pacman/forks.lay", "native-astar"),
    "tiles": ("problems/tiles/seven1.tiles", "native-bfs"),
    "sokoban": ("problems/sokoban/two-rooms.xsb", "native-bfs"),
    "bloxorz": ("problems/bloxorz/switches.bloxorz", "native-astar"),
}
"""A small instance of each grid puzzle and a search to watch on it."""


@cache
def traced(name: str, planner: str) -> tuple[puzzleplan.Instance, puzzleplan.Report]:
    """The instance and a traced, solved run of a planner on it."""
    inst = puzzleplan.load(ROOT / SEARCHES[name][0])
    report = puzzleplan.solve(inst, planner, trace=True)
    assert report.status is puzzleplan.Status.SOLVED and report.valid and report.trace is not None
    return inst, report


def page_data(path: Path) -> dict:
    """The data a written page's script reads."""
    found = re.search(r'<script type="application/json" id="search-data">(.*?)</script>', path.read_text(), re.S)
    assert found is not None
    return json.loads(found.group(1))


def visits_up_to(inst: puzzleplan.Instance, trace, step: int) -> tuple[int, int]:
    """The cells visited by the recorded expansions up to expansion `step`, and how many expansions that is."""
    drawing = drawer_of(inst.puzzle)
    counted = [expansion for expansion in trace.expansions if expansion.index <= step]
    return sum(len(drawing.visits(inst.data, expansion.state)) for expansion in counted), len(counted)


@settings(derandomize=True, max_examples=60)
@given(st.integers(0, 2000), st.integers(2, 400))
def test_a_page_keeps_an_even_sample_with_the_first_and_the_last(count, most):
    kept = picked(count, most)
    assert kept == sorted(set(kept)) and len(kept) <= max(most, 0) + 0
    assert len(kept) == min(count, most) or count > most
    if count:
        assert kept[0] == 0 and kept[-1] == count - 1


def test_the_page_data_match_the_trace(tmp_path):
    """Frames are expansions in order; the last is the goal; the plan shown is the run's; the heat map's
    visits at the end are those of every recorded expansion."""
    inst, report = traced("pacman", "native-bfs")
    trace = report.trace
    written = puzzleplan.write_search_page(inst, trace, tmp_path / "search.html")
    assert written["bytes"] < 400_000
    (run,) = page_data(tmp_path / "search.html")["runs"]
    assert run["steps"] == sorted(run["steps"]) and run["steps"][0] == 0
    assert run["counts"]["expanded"] == report.expanded == trace.expanded
    assert run["counts"]["recorded"] == len(trace.expansions)
    assert run["goal"] and run["plan"] == [inst.format_move(move) for move in report.moves]
    heat = run["heat"]
    total = sum(delta[i + 1] for delta in heat["visits"] for i in range(0, len(delta), 2))
    assert total == visits_up_to(inst, trace, trace.expanded)[0] == len(trace.expansions)
    assert heat["expansions"][-1] == len(trace.expansions)
    goal_path = run["paths"][-1]
    assert goal_path[:2] == [1, len(report.moves)] and [run["labels"][label] for label in goal_path[2:]] == run["plan"]


def test_pages_are_html_files_and_side_by_side_takes_two(tmp_path):
    inst, report = traced("pacman", "native-bfs")
    with pytest.raises(puzzleplan.InputError, match=r"\.html"):
        puzzleplan.write_search_page(inst, report.trace, tmp_path / "search.txt")
    with pytest.raises(puzzleplan.InputError, match="two traces"):
        puzzleplan.write_side_by_side(inst, [report.trace], tmp_path / "both.html")
    assert [path.name for path in trace_files(tmp_path / "both.html", [report.trace] * 2)] == [
        "both.native-bfs-1.jsonl",
        "both.native-bfs-2.jsonl",
    ]


# -- in a browser -----------------------------------------------------------------------------------------
class SearchPage:
    """A search page open in the browser, with the instance and the traces it shows."""

    def __init__(self, driver, inst, traces) -> None:
        self.driver, self.inst, self.traces = driver, inst, traces

    def cursor(self) -> int:
        """The cursor step the page says it shows."""
        return int(self.driver.find_element("tag name", "body").get_attribute("data-cursor"))

    def press(self, key: str) -> None:
        """Press a key on the page."""
        self.driver.find_element("tag name", "body").send_keys(key)

    def click(self, ident: str) -> None:
        """Click a control."""
        self.driver.find_element("id", ident).click()

    def slide(self, step: int) -> None:
        """Drag the slider to a step."""
        self.driver.execute_script(
            "var s = document.getElementById('slider'); s.value = arguments[0]; s.dispatchEvent(new Event('input'));",
            step,
        )

    def check(self, run: int = 0) -> int:
        """The board of a run shows the state its trace expanded at the expansion the page names (or the
        plan's last state on the goal frame), and the heat map counts the visits of the recorded expansions up
        to there; the expansion shown."""
        board = self.driver.find_element("id", f"board-{run}")
        step = int(board.get_attribute("data-expansion"))
        trace = self.traces[run]
        drawn = drawer_of(self.inst.puzzle).read(self.inst.data, parse_svg(board.get_attribute("outerHTML"), "page"))
        if board.get_attribute("data-goal") == "yes" and step == trace.expanded:
            assert self.inst.is_goal(drawn)
            assert puzzleplan.replay(self.inst, trace.plan)[-1] == drawn
        else:
            (expansion,) = [expansion for expansion in trace.expansions if expansion.index == step]
            assert drawn == expansion.state, f"expansion {step}"
            assert int(board.get_attribute("data-state")) == expansion.state_id
            status = self.driver.find_element("id", f"status-{run}").text
            assert status.startswith(f"expansion {step + 1} of {trace.expanded}")
        heat = self.driver.find_element("id", f"heat-{run}")
        visits, expansions = visits_up_to(self.inst, trace, step)
        assert int(heat.get_attribute("data-visits")) == visits
        assert int(heat.get_attribute("data-expansions")) == expansions
        counts = self.driver.execute_script(
            "return Array.from(arguments[0].querySelectorAll('rect')).map(r => Number(r.getAttribute('data-count')))",
            heat,
        )
        assert sum(counts) == visits
        return step


def open_page(driver, tmp_path: Path, inst, traces) -> SearchPage:
    """Write a page of one trace or two side by side and open it."""
    path = tmp_path / "search.html"
    if len(traces) == 1:
        puzzleplan.write_search_page(inst, traces[0], path)
    else:
        puzzleplan.write_side_by_side(inst, traces, path)
    driver.get(path.as_uri())
    return SearchPage(driver, inst, traces)


@needs_browser
@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_the_board_is_the_state_the_trace_expanded(browser, tmp_path, name):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    inst, report = traced(name, SEARCHES[name][1])
    page = open_page(browser, tmp_path, inst, [report.trace])
    steps = page_data(tmp_path / "search.html")["steps"]
    last = len(steps) - 1
    assert page.cursor() == 0 and page.check() == 0
    for step in (1, 2, 3):
        page.press(Keys.ARROW_RIGHT)
        assert page.cursor() == step and page.check() == steps[step]
    page.click("back")
    assert page.cursor() == 2 and page.check() == steps[2]
    page.slide(last // 2)
    assert page.cursor() == last // 2 and page.check() == steps[last // 2]
    page.press(Keys.END)
    assert page.cursor() == last and page.check() == report.trace.expanded
    plan = browser.find_element("id", "path-0")
    assert "plan" in plan.get_attribute("class").split()
    assert plan.text.endswith(" ".join(inst.format_move(move) for move in report.moves))
    page.press(Keys.HOME)
    assert page.cursor() == 0
    page.slide(last - 6)
    browser.execute_script("document.getElementById('speed').value = '20';")
    page.click("play")
    playing = browser.find_element("id", "play")
    WebDriverWait(browser, 30).until(lambda _: page.cursor() == last and playing.text == "play")
    page.check()


@needs_browser
def test_side_by_side_plays_both_searches_in_step(browser, tmp_path):
    """native-bfs and native-astar on one Pac-Man maze: every step moves both boards to their last expansion
    up to the cursor; A* reaches its goal first and shows its plan while breadth-first search goes on."""
    from selenium.webdriver.common.keys import Keys

    inst, bfs = traced("pacman", "native-bfs")
    _, astar = traced("pacman", "native-astar")
    page = open_page(browser, tmp_path, inst, [bfs.trace, astar.trace])
    data = page_data(tmp_path / "search.html")
    steps = data["steps"]
    for _ in range(5):
        page.press(Keys.ARROW_RIGHT)
        step = steps[page.cursor()]
        for run in (0, 1):
            shown = page.check(run)
            frames = data["runs"][run]["steps"]
            assert shown == max(frame for frame in frames if frame <= step)
    page.slide(steps.index(astar.trace.expanded))
    assert page.check(1) == astar.trace.expanded and page.check(0) < bfs.trace.expanded
    assert browser.find_element("id", "board-1").get_attribute("data-goal") == "yes"
    assert browser.find_element("id", "board-0").get_attribute("data-goal") == "no"
    counts = [browser.find_element("id", f"counts-{run}").text for run in (0, 1)]
    assert counts[0].startswith(f"expanded {bfs.expanded} ") and counts[1].startswith(f"expanded {astar.expanded} ")


@needs_browser
def test_the_graphplan_page_walks_the_graph_level_by_level(browser, tmp_path):
    """Graphplan on a Hanoi tower: the page shows one level at a time with the trace's counts, and marks
    the backward search's goal sets tried at that level."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi")
    report = puzzleplan.solve(inst, "graphplan", trace=True)
    trace = report.trace
    assert report.status is puzzleplan.Status.SOLVED and trace is not None and trace.levels
    path = tmp_path / "graph.html"
    puzzleplan.write_search_page(inst, trace, path)
    browser.get(path.as_uri())
    summary = browser.find_element("id", "summary").text
    assert f"plan found at level {trace.plan_level}" in summary and f"goal sets tried: {len(trace.attempts)}" in summary
    for step, level in enumerate(trace.levels):
        if step:
            browser.find_element("id", "forward").click()
        assert browser.find_element("tag name", "body").get_attribute("data-level") == str(level.level)
        shown = browser.find_elements("css selector", "section.level:not([hidden])")
        assert len(shown) == 1
        counts = shown[0].find_element("css selector", ".level-counts").text
        assert counts.startswith(f"{level.counts.get('facts', len(level.facts))} facts")
        marked = browser.find_elements("css selector", "#attempts tr.current")
        listed = [attempt for attempt in trace.attempts[:300] if attempt.level == level.level]
        assert len(marked) == len(listed)


# -- the command line -------------------------------------------------------------------------------------
def test_solve_trace_and_watch_write_the_page_and_the_traces_beside_it(tmp_path, capsys):
    from puzzleplan.app.cli import main

    room = str(ROOT / "problems/pacman/room.lay")
    page = tmp_path / "out" / "search.html"
    assert main(["solve", room, "--planner", "native-bfs", "--trace", str(page)]) == 0
    said = capsys.readouterr().out
    assert f"search page: {page}" in said and page.is_file() and page.with_suffix(".jsonl").is_file()
    inst = puzzleplan.load(room)
    again = puzzleplan.read_trace(page.with_suffix(".jsonl"), inst)
    (run,) = page_data(page)["runs"]
    assert run["counts"]["expanded"] == again.expanded == 409
    both = tmp_path / "both.html"
    assert main(["watch", room, "--out", str(both), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(row["planner"], row["expanded"]) for row in rows] == [("native-bfs", 409), ("native-astar", 12)]
    assert [run["counts"]["expanded"] for run in page_data(both)["runs"]] == [409, 12]
    assert (tmp_path / "both.native-bfs.jsonl").is_file() and (tmp_path / "both.native-astar.jsonl").is_file()


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["solve", "--planner", "fd", "--trace", "PAGE"], "cannot record a trace"),
        (["solve", "--trace", "page.txt"], "expected a file ending in .html"),
        (["watch", "--planners", "a,b,c", "--out", "PAGE"], "one or two planners"),
    ],
)
def test_what_cannot_be_watched_is_said_in_one_paragraph(tmp_path, capsys, words, says):
    from puzzleplan.app.cli import main

    words = [str(tmp_path / "page.html") if word == "PAGE" else word for word in words]
    assert main([words[0], str(ROOT / "problems/pacman/room.lay"), *words[1:]]) == 2
    error = capsys.readouterr().err
    assert says in error and "Traceback" not in error


@needs_browser
def test_the_player_plays_inside_a_notebook_output(browser, tmp_path):
    """A traced report's notebook display (its _repr_html_) in a page: the search player runs in its iframe."""
    inst, report = traced("pacman", "native-astar")
    shown = tmp_path / "output.html"
    shown.write_text(f"<!DOCTYPE html><html><body>{report._repr_html_()}</body></html>")
    browser.get(shown.as_uri())
    frames = browser.find_elements("css selector", "iframe")
    assert len(frames) == 2  # the plan player, then the search player
    browser.switch_to.frame(frames[1])
    try:
        page = SearchPage(browser, inst, [report.trace])
        assert page.check() == 0
        page.click("forward")
        assert page.cursor() == 1 and page.check() == 1
    finally:
        browser.switch_to.default_content()


def test_a_search_stopped_by_its_limit_is_watched_and_one_never_made_is_said(tmp_path, capsys, monkeypatch):
    """A timeout's trace is a page (no plan at its end) and the run's exit status stands (4); an instance
    proved unsolvable without search records none, which is said, and the status stands (3)."""
    from puzzleplan.app import guarded
    from puzzleplan.app.cli import main

    page = tmp_path / "timeout.html"
    hardest = str(ROOT / "problems/tiles/fifteen-48.tiles")  # breadth-first never ends on it
    # the search stops at 2 s of the 10, leaving the page's writing (1.3 to 2.5 s on a loaded machine) the
    # rest within the limit (app.guarded.in_time)
    monkeypatch.setattr(guarded, "TRACE_WRITING", 8.0)
    assert main(["solve", hardest, "--planner", "native-bfs", "--timeout", "10", "--trace", str(page)]) == 4
    (run,) = page_data(page)["runs"]
    assert not run["goal"] and run["plan_length"] == 0 and run["counts"]["expanded"] > 0
    capsys.readouterr()
    never = tmp_path / "never.html"
    contradiction = str(ROOT / "problems/shrdlu/contradiction.shrdlu")
    assert main(["solve", contradiction, "--planner", "native-bfs", "--trace", str(never)]) == 3
    assert "no search was recorded (unsolvable)" in capsys.readouterr().err and not never.exists()


def test_plan_trace_writes_graphplans_page_of_plain_pddl(tmp_path, capsys):
    from puzzleplan.app.cli import main

    page = tmp_path / "graph.html"
    domain, problem = str(ROOT / "domains/hanoi.pddl"), str(ROOT / "problems/hanoi/seed1.pddl")
    assert main(["plan", domain, problem, "--planner", "graphplan", "--trace", str(page)]) == 0
    assert f"search page: {page}" in capsys.readouterr().out
    trace = puzzleplan.read_trace(page.with_suffix(".jsonl"))
    text = page.read_text()
    assert f"{len(trace.levels)} levels built, plan found at level {trace.plan_level}" in text
    assert text.count('<section class="level"') == len(trace.levels)


@needs_browser
def test_a_push_search_plays_on_the_sokoban_board_alone_and_side_by_side(browser, tmp_path):
    """native-push-best's trace (moves are pushes; its backward side counted, not recorded, and said) on the
    Sokoban board: the board at checked steps is the state expanded, the goal frame the plan's end, the path
    its pushes; beside A* (without the incumbent that proves the goal room before A* expands), both boards follow
    the cursor."""
    from selenium.webdriver.common.keys import Keys

    inst = puzzleplan.load(ROOT / "problems/sokoban/goal-room.xsb")
    best, astar = (
        puzzleplan.solve(inst, planner, trace=True)
        for planner in ("native-push-best", "native-push:clusters,pairs,newest")
    )
    page = open_page(browser, tmp_path, inst, [best.trace])
    steps = page_data(tmp_path / "search.html")["steps"]
    assert page.check() == 0
    for step in (1, 2, 3):
        page.press(Keys.ARROW_RIGHT)
        assert page.check() == steps[step]
    page.press(Keys.END)
    assert page.check() == best.trace.expanded
    assert browser.find_element("id", "path-0").text.endswith(" ".join(best.trace.path_moves))
    assert "not recorded" in browser.find_element("class name", "note").text
    page = open_page(browser, tmp_path, inst, [astar.trace, best.trace])
    data = page_data(tmp_path / "search.html")
    for _ in range(4):
        page.press(Keys.ARROW_RIGHT)
        step = data["steps"][page.cursor()]
        for run in (0, 1):
            assert page.check(run) == max(frame for frame in data["runs"][run]["steps"] if frame <= step)
