"""The HTML player in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven by
Selenium. For every puzzle the test presses play and the step keys, drags the slider and clicks a move,
and after each step reads the board back from the page's DOM and checks that it is the simulator's state
for the step the page says it shows; then it takes a screenshot. Skipped where no browser is installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import browser, needs_browser
from pictures_support import PLANS, solved

from puzzleplan.pictures.drawings import drawer_of
from puzzleplan.pictures.output import write_animation
from puzzleplan.pictures.svg import parse_svg
from puzzleplan.translator.registry import load

ROOT = Path(__file__).resolve().parent.parent
pytestmark = needs_browser
__all__ = ["browser"]  # the module's fixture


class Page:
    """A player page open in the browser, with the puzzle and the replayed plan it shows."""

    def __init__(self, driver, puzzle, instance, moves, states) -> None:
        self.driver, self.puzzle, self.instance, self.moves, self.states = driver, puzzle, instance, moves, states

    def press(self, key: str) -> None:
        """Press a key on the page."""
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def frame(self) -> int:
        """The state number the page says it shows (set by the page as it draws)."""
        return int(self.driver.find_element("id", "board").get_attribute("data-frame"))

    def drawn(self):
        """The state the page's board shows, read from its DOM."""
        board = self.driver.execute_script("return document.getElementById('board').outerHTML")
        return drawer_of(self.puzzle).read(self.instance, parse_svg(board, "the page's board"))

    def check(self, expected: int | None = None) -> int:
        """The board shows the simulator's state for the step the page names (and that step is `expected`);
        the state number and the highlighted move agree with it."""
        frame = self.frame()
        if expected is not None:
            assert frame == expected
        assert self.drawn() == self.states[frame], f"state {frame}"
        text = self.driver.find_element("id", "state-number").text
        assert text == f"state {frame} of {len(self.moves)}"
        current = self.driver.find_elements("css selector", ".move.current")
        if frame:
            assert [row.get_attribute("data-move") for row in current] == [str(frame)]
            notation = current[0].find_element("css selector", ".notation").text
            assert notation == self.puzzle.format_move(self.moves[frame - 1])
        else:
            assert current == []
        return frame


def open_page(driver, tmp_path: Path, name: str, path: str, moves=None) -> Page:
    """Write the player page of a solved small instance (or of the given moves of an instance) and open it."""
    if moves is None:
        puzzle, instance, moves, _ = solved(name)
    else:
        puzzle, instance = load(name, str(ROOT / path))
    replay = puzzle.replay(instance, moves)
    assert replay.valid
    page = tmp_path / f"{name}.html"
    write_animation(puzzle, instance, moves, replay.states, str(page), title=f"{name}: {path}")
    driver.get(page.as_uri())
    return Page(driver, puzzle, instance, moves, replay.states)


@pytest.mark.parametrize("name", sorted(PLANS))
def test_the_page_shows_the_simulators_states(browser, tmp_path, name):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    page = open_page(browser, tmp_path, name, PLANS[name])
    last = len(page.moves)
    page.check(0)
    for step in range(1, min(5, last) + 1):
        page.press(Keys.ARROW_RIGHT)
        page.check(step)
    page.press(Keys.ARROW_LEFT)
    page.check(min(5, last) - 1)
    page.press(Keys.END)
    page.check(last)
    page.press(Keys.ARROW_RIGHT)
    page.check(last)
    page.press(Keys.HOME)
    page.check(0)
    middle = last // 2
    browser.execute_script(
        "var s = document.getElementById('slider'); s.value = arguments[0];s.dispatchEvent(new Event('input'));",
        middle,
    )
    page.check(middle)
    browser.find_element("css selector", f'.move[data-move="{middle + 1}"]').click()
    page.check(middle + 1)
    browser.execute_script("document.getElementById('speed').value = '1';")
    page.press(Keys.SPACE)
    assert browser.find_element("id", "play").text == "pause"
    page.press(Keys.SPACE)
    paused = page.check()
    assert middle + 1 <= paused <= middle + 2
    browser.execute_script("document.getElementById('speed').value = '60';")
    browser.find_element("id", "play").click()
    WebDriverWait(browser, 15).until(
        lambda driver: page.frame() == last and driver.find_element("id", "play").text == "play"
    )
    page.check(last)
    shot = tmp_path / f"{name}.png"
    assert browser.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_thousand_moves_stay_light(browser, tmp_path):
    """A 1,023-move plan (ten discs): the page jumps to any state, and its move list holds only the rows
    in view, not a row per move."""
    from selenium.webdriver.common.keys import Keys

    def tower(discs: int, source: str, target: str, spare: str) -> list:
        if discs == 0:
            return []
        return (
            tower(discs - 1, source, spare, target)
            + [(discs, source, target)]
            + tower(discs - 1, spare, target, source)
        )

    page = open_page(browser, tmp_path, "hanoi", "problems/hanoi/tower10.hanoi", tower(10, "A", "C", "B"))
    assert len(page.moves) == 1023
    page.press(Keys.END)
    page.check(1023)
    browser.find_element("css selector", '.move[data-move="1010"]').click()
    page.check(1010)
    page.press(Keys.ARROW_LEFT)
    page.check(1009)
    assert len(browser.find_elements("css selector", ".move")) < 60
    assert browser.execute_script("return document.getElementById('board').querySelectorAll('*').length") < 200
