"""A mutation fuzz of every native format through the real command line (in-process): lines deleted,
duplicated and swapped, characters replaced by odd ones (non-ASCII digits, NUL, parentheses, a byte-order
mark), very long lines, truncation. Whatever the mutant, no traceback and no internal error: the exit
status is a documented one, and bad input is one paragraph naming the file.

A fixed seed; a few hundred mutants by default, many more with --slow.
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
