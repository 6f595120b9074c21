"""What the browser tests share: headless Chromium (Debian's chromium and chromium-driver) driven by Selenium,
one for a test module, and the mark that skips a module where no browser is installed."""

from __future__ import annotations

import os
import shutil
import tempfile
import time

import pytest

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1200,900",
)
needs_browser = pytest.mark.skipif(
    BROWSER is None or DRIVER is None,
    reason="no headless browser here: apt-get install chromium chromium-driver (CI installs them)",
)


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module, with a fresh profile and nothing downloaded."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install '.[test]')")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = BROWSER
    for flag in FLAGS:
        options.add_argument(flag)
    with tempfile.TemporaryDirectory(prefix="puzzleplan-chromium-") as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        try:
            yield driver
        finally:
            driver.quit()
            reap_orphans()


def reap_orphans(seconds: float = 5.0) -> None:
    """Reap the browser's helper processes once they have exited. A test that ran a compare in this process
    made it a child subreaper (puzzleplan.experiments.run_one), so Chromium's orphaned helpers come back to
    it as children; left unreaped, a later test that counts this process's children would find them."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.05)
