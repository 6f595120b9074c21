"""A mutation fuzz of every native format through the real command line (in-process): lines deleted,
duplicated and swapped, characters replaced by odd ones (non-ASCII digits, NUL, parentheses, a byte-order
mark), very long lines, truncation. Whatever the mutant, no traceback and no internal error: the exit
status is a documented one, and bad input is one paragraph naming the file.

A fixed seed; a few hundred mutants by default, many more with --slow. Plain PDDL with one mistake Fast Downward
refuses (or one departure from the standard, read strictly) gets one verdict whichever planner is asked for.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from puzzleplan.app.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED = {0, 2, 3, 4, 5, 6, 7}
"""Exit statuses a run on a file may end with (1, an error of a planner, does not happen with native search)."""
SMALL = {
    "hanoi": ("tiny.hanoi", "pegs: A B C\ninit:\nA: 3 2 1\nB:\nC:\ngoal:\nC: 3 2 1\n"),
    "tiles": ("tiny.tiles", "init:\n1 2 3\n4 X 5\ngoal:\n1 2 3\n4 5 X\n"),
    "shrdlu": ("seed.shrdlu", (ROOT / "problems/shrdlu/seed.shrdlu").read_text()),
    "sbp": ("tiny.sbp", (ROOT / "problems/sbp/tiny.sbp").read_text()),
    "sokoban": ("seed-p1.lsp", (ROOT / "problems/sokoban/seed-p1.lsp").read_text()),
    "sokoban-xsb": ("corridor.xsb", (ROOT / "problems/sokoban/corridor.xsb").read_text()),
    "bloxorz": ("seed-level1.bloxorz", (ROOT / "problems/bloxorz/seed-level1.bloxorz").read_text()),
    "bloxorz-switches": ("switches.bloxorz", (ROOT / "problems/bloxorz/switches.bloxorz").read_text()),
    "pacman": ("forks.lay", (ROOT / "problems/pacman/forks.lay").read_text()),
    "pacman-test": ("corner.test", (ROOT / "problems/pacman/corner.test").read_text()),
}
GRAPHPLAN_OPS = (ROOT / "problems/hanoi/hanoi.ops").read_text()
GRAPHPLAN_FACTS = (ROOT / "problems/hanoi/seed1.facts").read_text()
ODD = ["²", "④", "٣", "\x00", "(", ")", "((", "-", "-1", "99999999999999999999", " ", "\t", "#", ";", ",", "_", ":"]
ODD += ["é", "\ufeff", "X", "<", ">", "\r", "\\", "'", '"', "1e9", "∞"]


def mutate(text: str, rng: random.Random) -> str:
    """One random mutation of a file's text."""
    lines = text.splitlines(keepends=True) or [""]
    kind = rng.randrange(8)
    if kind == 0:
        del lines[rng.randrange(len(lines))]
    elif kind == 1:
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    elif kind == 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(["1 ", "# ", "(", "x,"]) * rng.choice([10, 5000]) + "\n")
    elif kind == 4:
        return text[: rng.randrange(len(text) + 1)]
    elif kind == 5:
        return "\ufeff" + text
    else:
        position = rng.randrange(len(text) + 1)
        return text[:position] + rng.choice(ODD) + text[position + rng.randrange(2) :]
    return "".join(lines)


def mutants(count: int) -> list[tuple[str, str, str]]:
    """(format, file name, mutated text), cycling through the formats; graphplan mutants mutate the ops
    or the facts file (format graphplan-ops / graphplan-facts)."""
    rng = random.Random(14)
    formats = [*SMALL, "graphplan-ops", "graphplan-facts"]
    found = []
    for number in range(count):
        kind = formats[number % len(formats)]
        if kind.startswith("graphplan"):
            seed = GRAPHPLAN_OPS if kind == "graphplan-ops" else GRAPHPLAN_FACTS
            name = "hanoi.ops" if kind == "graphplan-ops" else "seed1.facts"
        else:
            name, seed = SMALL[kind]
        text = seed
        for _ in range(rng.choice([1, 1, 2, 3])):
            text = mutate(text, rng)
        found.append((kind, name, text))
    return found


def run_mutant(tmp_path: Path, capsys, kind: str, name: str, text: str) -> None:
    """Run the command line on a mutant and check the promises."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    if kind.startswith("graphplan"):
        ops = path if kind == "graphplan-ops" else tmp_path / "hanoi.ops"
        facts = path if kind == "graphplan-facts" else tmp_path / "seed1.facts"
        other = facts if kind == "graphplan-ops" else ops
        other.write_text(GRAPHPLAN_FACTS if kind == "graphplan-ops" else GRAPHPLAN_OPS)
        words = ["translate", "graphplan", str(ops), str(facts), "-o", str(tmp_path / "out")]
    else:
        puzzle = kind.split("-")[0]
        words = ["solve", puzzle, str(path), "--planner", "native-bfs", "--timeout", "0.5"]
    code = main(words)
    out, err = capsys.readouterr()
    shown = f"{kind} mutant {text[:300]!r}\nexit {code}\nstderr: {err[:500]}"
    assert code in DOCUMENTED, shown
    assert "Traceback" not in err + out and "internal error" not in err, shown
    if code == 2:
        message = [line for line in err.splitlines() if not line.startswith(("WARNING", "INFO"))]
        assert len(message) == 1 and str(path) in message[0], shown


@pytest.mark.parametrize("batch", range(6))
def test_mutants_give_no_traceback(tmp_path, capsys, batch):
    """300 mutants, in 6 batches of 50."""
    for kind, name, text in mutants(300)[batch * 50 : (batch + 1) * 50]:
        run_mutant(tmp_path, capsys, kind, name, text)


@pytest.mark.slow
def test_many_mutants_give_no_traceback(tmp_path, capsys):
    """5,000 mutants."""
    for kind, name, text in mutants(5000)[300:]:
        run_mutant(tmp_path, capsys, kind, name, text)


# -- every command's inputs and options ---------------------------------------------------------------------
TIMEOUT = ["--timeout", "0.5"]
PLAN_FILES = {
    "domain.pddl": (ROOT / "domains/hanoi.pddl").read_text(),
    "problem.pddl": (ROOT / "problems/hanoi/seed1.pddl").read_text(),
}
TINY_PLAN = "1 C A\n2 C B\n1 A B\n3 C A\n1 B C\n2 B A\n1 C A\n"
"""A plan of tiny.hanoi's tower of three, in the native notation (7 moves)."""
BOARD = "0000000\n0000000\n0000000\n0000000\n0000000\n1200000\n1\n"
"""A Max Connect-4 board file: six rows, then the player to move."""
STATEMENTS = {"kb.txt": "(if a b)\na\n", "statement.txt": "b\n"}


def command_mutant(tmp_path: Path, kind: str, rng: random.Random) -> tuple[str, list[str], set[int]]:
    """A mutated input for one command: (which, command line, documented exit statuses); the files are
    written in tmp_path."""

    def write(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return str(path)

    def mutated(text: str) -> str:
        for _ in range(rng.choice([1, 1, 2, 3])):
            text = mutate(text, rng)
        return text

    if kind == "plan":
        target = rng.choice(list(PLAN_FILES))
        paths = [write(name, mutated(text) if name == target else text) for name, text in PLAN_FILES.items()]
        return "puzzleplan", ["plan", *paths, "--planner", "graphplan", *TIMEOUT], {0, 1, 2, 3, 4, 5, 6, 7}
    if kind == "validate":
        instance = write("tiny.hanoi", SMALL["hanoi"][1])
        return "puzzleplan", ["validate", "hanoi", instance, write("plan.txt", mutated(TINY_PLAN))], {0, 2, 7}
    if kind == "graphplan":
        ops, facts = (
            (mutated(GRAPHPLAN_OPS), GRAPHPLAN_FACTS)
            if rng.random() < 0.5
            else (GRAPHPLAN_OPS, mutated(GRAPHPLAN_FACTS))
        )
        return "graphplan", ["-o", write("x.ops", ops), "-f", write("x.facts", facts), *TIMEOUT], {0, 1, 2}
    if kind == "maxconnect4":
        return "maxconnect4", ["one-move", write("board.txt", mutated(BOARD)), str(tmp_path / "next.txt"), "1"], {0, 2}
    target = rng.choice(list(STATEMENTS))
    paths = {name: write(name, mutated(text) if name == target else text) for name, text in STATEMENTS.items()}
    words = [paths["kb.txt"], paths["kb.txt"], paths["statement.txt"], "--engine", "tt"]
    return "check_true_false", [*words, "--out", str(tmp_path / "result.txt")], {0, 2}


OPTIONS = {
    "--timeout": ["0.5", "-0", "1e400", "0x10", "", "٣", "nan", "1" * 400, "3e6", "1e10", "inf"],
    "--memory": ["500M", "-0", "0.1", "1" * 400, "2T", "", "G", "10M", "30M", "1000000G"],
    "--level": ["1", "0", "-0", "-1", "99999999999999999999", "", "x" * 300],
    "--planner": ["native-bfs", "native-astar:x", "fd:(", "pyperplan:a", "native-astar:", "", "x" * 300],
}
GENERATE = {
    "hanoi": ["--discs", "--pegs"],
    "tiles": ["--size", "--blanks", "--moves"],
    "shrdlu": ["--n", "--k", "--goal-atoms", "--goal-form"],
    "pacman": ["--height", "--width", "--pellets", "--walls"],
}
VALUES = ["3", "0", "-0", "-1", "10" * 40, "3x3", "1e9", "٣", "", "x" * 300, "and", "2x100000"]


def option_mutant(tmp_path: Path, rng: random.Random) -> tuple[str, list[str], set[int]]:
    """A command line with odd option values: solve's limits, level and planner, or generate's options."""
    if rng.random() < 0.5:
        puzzle = rng.choice(list(GENERATE))
        words = ["generate", puzzle, "--seed", rng.choice(["1", "-0", "x"])]
        for option in rng.sample(GENERATE[puzzle], rng.randint(1, 2)):
            words += [option, rng.choice(VALUES)]
        return "puzzleplan", words + ["-o", str(tmp_path / "generated.txt")], {0, 2}
    path = tmp_path / "tiny.hanoi"
    path.write_text(SMALL["hanoi"][1])
    words = ["solve", "hanoi", str(path), "--timeout", "2", "--planner", "native-bfs"]
    for option in rng.sample(list(OPTIONS), rng.randint(1, 2)):
        words += [f"{option}={rng.choice(OPTIONS[option])}"]
    return "puzzleplan", words, {0, 2, 3, 4, 5, 6}


def main_of(program: str):
    """The in-process main() of an installed command."""
    if program == "graphplan":
        from puzzleplan.app.graphplan_cli import main as graphplan_main

        return graphplan_main
    if program == "maxconnect4":
        from puzzleplan.games.maxconnect4 import main as maxconnect4_main

        return maxconnect4_main
    if program == "check_true_false":
        from puzzleplan.logic.cli import main as logic_main

        return logic_main
    return main


KINDS = ["plan", "validate", "graphplan", "maxconnect4", "check_true_false", "options"]


def run_command_mutants(tmp_path: Path, capsys, count: int, seed: int) -> None:
    """Run `count` mutants of every command's inputs and options; check the promises of each."""
    rng = random.Random(seed)
    for number in range(count):
        kind = KINDS[number % len(KINDS)]
        program, words, allowed = (
            option_mutant(tmp_path, rng) if kind == "options" else command_mutant(tmp_path, kind, rng)
        )
        try:
            code = main_of(program)(words)
        except SystemExit as exit:  # argparse's own errors in the other commands
            code = exit.code
        out, err = capsys.readouterr()
        shown = f"{program} {words!r}\nexit {code}\nstderr: {err[:500]}\nstdout: {out[:300]}"
        assert code in allowed, shown
        assert "Traceback" not in err + out and "internal error" not in err, shown
        assert len(err) < 5000, shown  # nothing quoted long


@pytest.mark.parametrize("batch", range(3))
def test_every_command_and_option_survives_mutants(tmp_path, capsys, batch):
    """90 mutants of plan, validate, graphplan, maxconnect4 and check_true_false inputs and of options."""
    run_command_mutants(tmp_path, capsys, 30, seed=100 + batch)


@pytest.mark.slow
def test_many_command_mutants(tmp_path, capsys):
    """1,200 command mutants."""
    run_command_mutants(tmp_path, capsys, 1200, seed=7)


# -- PDDL mistakes and departures: the same verdict whichever planner ------------------------------------------
def _anywhere(text: str, pattern: str, make, rng: random.Random) -> str:
    """`text` with one random match of the regular expression `pattern` replaced by `make(match)`."""
    import re

    found = [match for match in re.finditer(pattern, text) if not _in_comment(text, match.start())]
    chosen = rng.choice(found)
    return text[: chosen.start()] + make(chosen) + text[chosen.end() :]


def _in_comment(text: str, position: int) -> bool:
    """True when `position` is on a comment line of `text`."""
    return text[text.rfind("\n", 0, position) + 1 :].lstrip().startswith(";")


def _costly(domain: str, amount: str) -> str:
    """The Hanoi domain with action costs, the move costing `amount`."""
    domain = domain.replace(":typing)", ":typing :action-costs)").replace(
        "  (:action", "  (:functions (total-cost))\n  (:action"
    )
    return domain.replace("(not (clear ?to))))", f"(not (clear ?to)) (increase (total-cost) {amount})))")


PDDL_MISTAKES = {
    "number as an object": (
        "problem",
        lambda text, rng: _anywhere(
            text,
            r"\((?:clear|on|smaller) (\w+)",
            lambda m: m.group()[: m.start(1) - m.start()] + str(rng.randint(0, 99)),
            rng,
        ),
    ),
    "negative cost": ("domain", lambda text, rng: _costly(text, f"-{rng.randint(1, 9)}")),
    "section twice": (
        "domain",
        lambda text, rng: _anywhere(
            text, r"  \(:(?:types|predicates)", lambda m: "  (:requirements :strips)\n" + m.group(), rng
        ),
    ),
    "action key twice": (
        "domain",
        lambda text, rng: _anywhere(
            text, r":(?:precondition|effect)", lambda m: ":parameters (?x - disc) " + m.group(), rng
        ),
    ),
    "either outside a predicate": (
        "domain",
        lambda text, rng: _anywhere(
            text, r"\?(?:from|to) - place", lambda m: m.group()[:-5] + "(either disc peg)", rng
        ),
    ),
    "cyclic types": (
        "domain",
        lambda text, rng: text.replace("place - object", f"place - {rng.choice(['disc', 'peg', 'place'])}"),
    ),
    "unknown requirement": (
        "domain",
        lambda text, rng: text.replace(":typing", f":typing :{rng.choice(['fast', 'x', 'strips2'])}"),
    ),
}
PDDL_DEPARTURES = {
    "glued variable": ("domain", lambda text, rng: _anywhere(text, r"\w \?", lambda m: m.group()[0] + "?", rng)),
    "glued comment": ("problem", lambda text, rng: _anywhere(text, r"\w\n", lambda m: m.group()[0] + ";note\n", rng)),
    "requirement left out": ("domain", lambda text, rng: text.replace(" :typing", "")),
}


def run_pddl_mutant(tmp_path: Path, capsys, rng: random.Random) -> None:
    """One mistake (or, under --strict, one departure) in the Hanoi task: exit 2 naming the file and a line,
    the same verdict with and without --strict (mistakes) and for every planner."""
    import json

    mistake = rng.random() < 0.7
    table = PDDL_MISTAKES if mistake else PDDL_DEPARTURES
    name = rng.choice(sorted(table))
    role, change = table[name]
    texts = {"domain": PLAN_FILES["domain.pddl"], "problem": PLAN_FILES["problem.pddl"]}
    texts[role] = change(texts[role], rng)
    paths = {key: tmp_path / f"{key}.pddl" for key in texts}
    for key, text in texts.items():
        paths[key].write_text(text)
    verdicts = set()
    for planner in ("fd", "pyperplan", "graphplan"):
        for strict in ([], ["--strict"]) if mistake else (["--strict"],):
            code = main(["plan", str(paths["domain"]), str(paths["problem"]), "--planner", planner, "--json", *strict])
            out, err = capsys.readouterr()
            data = json.loads(out)
            assert code == 2 and data["file"] == str(paths[role]) and data["line"], (name, texts[role], data)
            assert "Traceback" not in err
            verdicts.add((data["line"], data["message"]))
    assert len(verdicts) == 1, (name, verdicts)


@pytest.mark.parametrize("batch", range(2))
def test_pddl_mistakes_get_one_verdict_whichever_planner(tmp_path, capsys, batch):
    """20 mutants of the Hanoi task, each with one mistake Fast Downward refuses or one departure read
    strictly."""
    rng = random.Random(500 + batch)
    for _ in range(10):
        run_pddl_mutant(tmp_path, capsys, rng)


@pytest.mark.slow
def test_many_pddl_mistakes(tmp_path, capsys):
    """300 such mutants."""
    rng = random.Random(9)
    for _ in range(300):
        run_pddl_mutant(tmp_path, capsys, rng)
