"""The plan viewer for plain PDDL: a plan's states step by step (translator/pddl/trace.py) agree with the
validator's replay (check_pddl_plan of each prefix), VAL's repair advice for an invalid plan, and the page
in headless Chromium: stepping it shows the facts the validator computes at the checked steps, what each
step adds and deletes, the goal parts reached, the cost so far, and the failing step of an invalid plan.
Real tasks: IPC depot and parcprinter (action costs) from ../shared/data/ipc and the project's own Hanoi
domain; plans from Fast Downward."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import browser, needs_browser  # noqa: F401 (the headless Chromium fixture)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan.api.pddl_files import pddl_plan_page, trace_pddl_plan
from puzzleplan.api.pipeline import plan_pddl
from puzzleplan.app.cli import main
from puzzleplan.common.limits import Limits
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.pddl.model import read_task
from puzzleplan.translator.pddl.plans import check_pddl_plan
from puzzleplan.translator.pddl.task import PddlTask, write_plan

ROOT = Path(__file__).resolve().parent.parent
IPC = {"depot": ("domain.pddl", "p01.pddl"), "parcprinter-08-strips": ("p01-domain.pddl", "p01.pddl")}


def planned(domain: Path, problem: Path, plan: Path) -> tuple[Path, Path, Path, list]:
    """The files and the plan Fast Downward finds for them, written as the IPC plan file `plan`."""
    task = PddlTask(problem.stem, domain.read_text(), problem.read_text())
    run = plan_pddl(task, get_planner("fd"), Limits(60))
    assert run.result.solved, run.result.message
    plan.write_text(write_plan(run.plan))
    return domain, problem, plan, run.plan


@pytest.fixture(scope="module")
def tasks(shared_data, tmp_path_factory):
    """Per name: (domain, problem, plan file, plan) for the IPC tasks and the project's Hanoi domain."""
    folder = tmp_path_factory.mktemp("viewer")
    found = {}
    for name, (domain, problem) in IPC.items():
        where = shared_data / "ipc" / name
        if not (where / problem).exists():
            pytest.skip(f"{where / problem} is absent")
        found[name] = planned(where / domain, where / problem, folder / f"{name}.plan")
    hanoi = puzzleplan.translate(puzzleplan.load(str(ROOT / "problems/hanoi/seed2.hanoi")))
    (folder / "hanoi-domain.pddl").write_text(hanoi.domain)
    (folder / "hanoi.pddl").write_text(hanoi.problem)
    found["hanoi"] = planned(folder / "hanoi-domain.pddl", folder / "hanoi.pddl", folder / "hanoi.plan")
    return found


def model_of(domain: Path, problem: Path):
    return read_task(domain.read_text(), problem.read_text(), str(domain), str(problem))


def validator_facts(model, plan: list, steps: int) -> set[str]:
    """The facts the validator computes after the first `steps` steps (its replay of that prefix)."""
    return set(check_pddl_plan(model, plan[:steps]).state_lines())


@pytest.mark.parametrize("name", ["depot", "parcprinter-08-strips", "hanoi"])
def test_the_trace_is_the_validators_replay(tasks, name):
    domain, problem, plan_file, plan = tasks[name]
    trace = trace_pddl_plan(domain, problem, plan_file)
    model = model_of(domain, problem)
    assert trace.check.valid and len(trace.steps) == len(plan)
    facts = set(trace.initial)
    assert facts == validator_facts(model, plan, 0)
    for number, step in enumerate(trace.steps, start=1):
        before = facts
        facts = (facts - set(step.deleted)) | set(step.added)
        assert facts == validator_facts(model, plan, number)
        assert set(step.added) == facts - before and set(step.deleted) == before - facts
        assert step.cost == check_pddl_plan(model, plan[:number]).cost
    assert all(trace.reached[-1]) and not all(trace.reached[0])


@settings(max_examples=15, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_broken_plan_stops_at_the_validators_failing_step(tasks, data):
    domain, problem, _, plan = tasks["depot"]
    model = model_of(domain, problem)
    drop = data.draw(st.integers(0, len(plan) - 1))
    broken = plan[:drop] + plan[drop + 1 :]
    trace = trace_pddl_plan(domain, problem, broken)
    check = check_pddl_plan(model, broken)
    assert trace.check.valid == check.valid is False
    applied = check.failed.number - 1 if check.failed else len(broken)
    assert len(trace.steps) == applied and len(trace.reached) == applied + 1
    facts = set(trace.initial)
    for step in trace.steps:
        facts = (facts - set(step.deleted)) | set(step.added)
    assert facts == set(check.state_lines())
    if check.failed and check.failed.unsatisfied:
        assert trace.advice[0] == f"{check.failed.action} has an unsatisfied precondition at time {check.failed.number}"
        for literal in check.failed.unsatisfied:
            fact = literal[5:-1] if literal.startswith("(not ") else literal
            assert any(f"(Set {fact} to" in line for line in trace.advice)


def test_the_goal_advice_sets_the_unmet_goal_atoms(tasks):
    domain, problem, _, plan = tasks["depot"]
    trace = trace_pddl_plan(domain, problem, plan[:-1])
    assert trace.check.failed is None and trace.advice[0] == "Goal not satisfied"
    assert any(line.strip().startswith("(Set (on ") for line in trace.advice)


def test_the_page_is_self_contained(tasks):
    domain, problem, plan_file, _ = tasks["depot"]
    page = pddl_plan_page(domain, problem, plan_file)
    assert "<script src" not in page and "<link" not in page and "http://" not in page and "https://" not in page


def test_validate_and_plan_write_the_page(tasks, tmp_path, capsys):
    domain, problem, plan_file, _ = tasks["depot"]
    page = tmp_path / "depot.html"
    assert main(["validate", str(domain), str(problem), str(plan_file), "--animate", str(page)]) == 0
    assert "plan viewer:" in capsys.readouterr().out and page.read_text().startswith("<!DOCTYPE html>")
    planned_page = tmp_path / "planned.html"
    assert main(["plan", str(domain), str(problem), "--animate", str(planned_page), "--json"]) == 0
    captured = capsys.readouterr()
    assert "plan viewer:" in captured.err and '"status": "solved"' in captured.out
    assert main(["plan", str(domain), str(problem), "--animate", str(tmp_path / "page.gif")]) == 2
    assert "FILE.html" in capsys.readouterr().err
    unplanned = tmp_path / "none.html"
    words = ["plan", str(domain), str(problem), "--planner", "fd:nosuchsearch()", "--animate", str(unplanned)]
    assert main(words) != 0 and not unplanned.exists()


def test_the_notebook_shows_the_viewer(tasks):
    domain, problem, plan_file, _ = tasks["hanoi"]
    verdict = puzzleplan.validate_pddl_plan(str(domain), str(problem), str(plan_file))
    shown = verdict._repr_html_()
    assert shown.startswith("<iframe srcdoc=") and "plan-data" in shown
    report = puzzleplan.api.plan_files(str(domain), str(problem), "fd", Limits(60))
    assert report._repr_html_().startswith("<iframe srcdoc=")


class Viewer:
    """A viewer page open in the browser."""

    def __init__(self, driver) -> None:
        self.driver = driver

    def press(self, key: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def frame(self) -> int:
        return int(self.driver.find_element("tag name", "body").get_attribute("data-frame"))

    def texts(self, selector: str) -> list[str]:
        script = "return Array.from(document.querySelectorAll(arguments[0]), node => node.textContent);"
        return self.driver.execute_script(script, selector)

    def facts(self) -> set[str]:
        return set(self.texts('.fact[data-holds="yes"]'))


@needs_browser
@pytest.mark.parametrize("name", ["depot", "parcprinter-08-strips", "hanoi"])
def test_stepping_the_page_shows_the_validators_facts(browser, tasks, tmp_path, name):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    domain, problem, plan_file, plan = tasks[name]
    model = model_of(domain, problem)
    page = puzzleplan.write_pddl_plan_page(domain, problem, plan_file, tmp_path / f"{name}.html")
    browser.get(page.as_uri())
    viewer = Viewer(browser)
    checked = sorted({0, 1, 2, len(plan) // 2, len(plan)})
    for number in range(len(plan) + 1):
        if number:
            viewer.press(Keys.ARROW_RIGHT)
        if number not in checked:
            continue
        assert viewer.frame() == number
        facts = validator_facts(model, plan, number)
        assert viewer.facts() == facts, f"state {number}"
        if number:
            before = validator_facts(model, plan, number - 1)
            assert set(viewer.texts(".fact.added")) == facts - before
            assert set(viewer.texts(".fact.deleted")) == before - facts
        cost = check_pddl_plan(model, plan[:number]).cost
        assert float(browser.find_element("id", "cost").text) == cost
    goals = viewer.texts(".goal")
    assert len(viewer.texts(".goal.reached")) == len(goals) > 0
    assert browser.find_element("id", "failure").get_attribute("hidden") is not None
    assert browser.save_screenshot(str(tmp_path / f"{name}.png"))


@needs_browser
def test_the_page_shows_the_failing_step_of_an_invalid_plan(browser, tasks, tmp_path):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    domain, problem, _, plan = tasks["depot"]
    broken = plan[:3] + plan[4:]
    check = check_pddl_plan(model_of(domain, problem), broken)
    assert check.failed is not None
    page = puzzleplan.write_pddl_plan_page(domain, problem, broken, tmp_path / "broken.html")
    browser.get(page.as_uri())
    viewer = Viewer(browser)
    assert browser.find_element("id", "failure").get_attribute("hidden") is not None
    viewer.press(Keys.END)
    assert viewer.frame() == check.failed.number - 1
    assert viewer.facts() == set(check.state_lines())
    failure = browser.find_element("id", "failure")
    assert failure.get_attribute("hidden") is None
    shown = failure.get_attribute("textContent")
    assert f"Step {check.failed.number} {check.failed.action}" in shown
    assert all(literal in shown for literal in check.failed.unsatisfied) and check.failed.unsatisfied
    assert "Plan Repair Advice" in shown and "has an unsatisfied precondition at time" in shown
    failing = browser.find_elements("css selector", ".step.failing")
    assert [row.get_attribute("data-step") for row in failing] == [str(check.failed.number)]
    assert browser.save_screenshot(str(tmp_path / "broken.png"))


def test_the_viewer_in_a_jupyter_kernel(tasks, tmp_path):
    """A notebook run on a real Jupyter kernel of this Python (a kernel spec of its own in a temporary
    JUPYTER_PATH): the plan check of an invalid plan and a plan's report show as the viewer."""
    import html
    import json
    import sys

    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (pip install '.[test]')")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (pip install '.[test]')")
    pytest.importorskip("ipykernel", reason="ipykernel is not installed (pip install '.[test]')")
    spec = tmp_path / "jupyter" / "kernels" / "puzzleplan-viewer"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "viewer", "language": "python"}))
    domain, problem, _, plan = tasks["depot"]
    broken = tmp_path / "broken.plan"
    broken.write_text(write_plan(plan[:3] + plan[4:]))
    files = f"{str(domain)!r}, {str(problem)!r}"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell(f"import puzzleplan\npuzzleplan.validate_pddl_plan({files}, {str(broken)!r})"),
        nbformat.v4.new_code_cell(f"puzzleplan.plan({files}, 'fd', timeout=60)"),
    ]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
        nbclient.NotebookClient(notebook, kernel_name="puzzleplan-viewer", timeout=180).execute()
    shown = ["".join(out.get("data", {}).get("text/html", "") for out in cell.outputs) for cell in notebook.cells]
    check = check_pddl_plan(model_of(domain, problem), plan[:3] + plan[4:])
    assert all(page.startswith("<iframe srcdoc=") for page in shown)
    assert f"Plan invalid: step {check.failed.number}" in html.unescape(shown[0])
    assert "Plan valid: " in html.unescape(shown[1])
