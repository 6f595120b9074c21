"""The tutorial notebook docs/tutorial.ipynb, run on a real Jupyter kernel (nbclient, ipykernel) of this
Python, so it can never rot: every cell runs, and the cells show what the text says they show (the maze, the
PDDL, the counts of the two searches as the API gives them, the side-by-side player, the verdicts)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import puzzleplan

ROOT = Path(__file__).resolve().parent.parent
KERNEL = "puzzleplan-test"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """The tutorial run in a copy of docs/ (its ../problems/ the project's), on a kernel spec of its own that
    points at this Python; the executed notebook's cells by id."""
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (pip install '.[test]')")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (pip install '.[test]')")
    pytest.importorskip("ipykernel", reason="ipykernel is not installed (pip install '.[test]')")
    folder = tmp_path_factory.mktemp("tutorial")
    spec = folder / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"}))
    (folder / "docs").mkdir()
    (folder / "problems").symlink_to(ROOT / "problems")
    notebook = nbformat.read(ROOT / "docs" / "tutorial.ipynb", as_version=4)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PATH", str(folder / "jupyter"))
        client = nbclient.NotebookClient(
            notebook, kernel_name=KERNEL, timeout=300, resources={"metadata": {"path": str(folder / "docs")}}
        )
        client.execute()
    return {cell.id: cell for cell in notebook.cells}, folder / "docs"


def text(cell) -> str:
    """What a cell printed and the plain text of what it showed."""
    parts = []
    for output in cell.get("outputs", []):
        assert output["output_type"] != "error", output
        parts.append(output.get("text", ""))
        parts.append(output.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def html(cell) -> str:
    """The HTML a cell showed."""
    return "".join(output.get("data", {}).get("text/html", "") for output in cell.get("outputs", []))


def test_the_tutorial_runs_and_shows_what_it_says(executed):
    cells, docs = executed
    inst = puzzleplan.load(ROOT / "problems" / "pacman" / "forks.lay")
    assert "<svg" in html(cells["load"]) and "pacman" in html(cells["load"])
    assert inst.show() in text(cells["show"])
    assert "(define (domain" in text(cells["domain"]) and "(define (problem" in text(cells["problem"])
    bfs, astar = (puzzleplan.solve(inst, planner) for planner in ("native-bfs", "native-astar"))
    for report in (bfs, astar):
        line = f"{report.planner}: solved, {report.length} moves, valid True, expanded {report.expanded}"
        assert line in text(cells["solve"])
    assert astar.expanded < bfs.expanded
    assert f"<th>expanded</th><td>{bfs.expanded}</td>" in html(cells["trace"])
    report = html(cells["report"])
    assert report.count("<iframe") == 2 and "plan-data" in report and "search-data" in report
    watched = html(cells["watch"])
    assert watched.count("<iframe") == 1 and "native-bfs" in watched and "native-astar" in watched
    assert (docs / "forks-search.html").is_file()
    assert (docs / "forks-search.native-bfs.jsonl").is_file() and (docs / "forks-search.native-astar.jsonl").is_file()
    assert f"A* expanded {astar.expanded} states, breadth-first search {bfs.expanded}" in text(cells["compare"])
    assert "INVALID" in html(cells["validate"])
    assert text(cells["reason"]).startswith("False 1 ")
    assert text(cells["short"]).startswith("False ")
