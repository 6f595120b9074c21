"""The rules of the assignment's 4x4 wumpus world as statements: the text of the shipped wumpus_rules.txt.

    python -m puzzleplan.logic.wumpus > logic/wumpus_rules.txt

writes the file again; a test checks that the shipped file is this text.
"""

from __future__ import annotations

from importlib import resources

SIZE = 4
SAFE = ((1, 1), (1, 2), (2, 1), (2, 2))
"""The squares with no monster and no pit."""
MOST_PITS = 11


def squares() -> list[tuple[int, int]]:
    """All squares (i, j), i and j from 1 to 4."""
    return [(i, j) for i in range(1, SIZE + 1) for j in range(1, SIZE + 1)]


def neighbours(i: int, j: int) -> list[tuple[int, int]]:
    """The squares that share a side with (i, j)."""
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    return [(i + a, j + b) for a, b in steps if 1 <= i + a <= SIZE and 1 <= j + b <= SIZE]


def name(letter: str, square: tuple[int, int]) -> str:
    """The symbol such as M_1_2."""
    return f"{letter}_{square[0]}_{square[1]}"


def _each_square(comment: str, template: str, cause: str, effect: str, joint: str) -> list[str]:
    """One rule per square: (if CAUSE_i_j (JOINT EFFECT of each neighbour))."""
    lines = [f"# {comment}"]
    for square in squares():
        effects = " ".join(name(effect, other) for other in neighbours(*square))
        lines.append(template.format(cause=name(cause, square), joint=joint, effects=effects))
    return lines + [""]


def rules_text() -> str:
    """The rules file: the assignment's seven rules, one statement per line, with comments."""
    rule = "(if {cause} ({joint} {effects}))"
    lines = ["# The rules of the wumpus world (4x4), as the assignment states them.", ""]
    lines += _each_square("A monster at (i,j): a stench at every adjacent square.", rule, "M", "S", "and")
    lines += _each_square("A stench at (i,j): a monster at one of the adjacent squares.", rule, "S", "M", "or")
    lines += _each_square("A pit at (i,j): a breeze at every adjacent square.", rule, "P", "B", "and")
    lines += _each_square("A breeze at (i,j): a pit at one or more of the adjacent squares.", rule, "B", "P", "or")
    lines += ["# One and only one monster (xor: exactly one of its statements is true)."]
    lines += ["(xor " + " ".join(name("M", square) for square in squares()) + ")", ""]
    lines += ["# Squares (1,1), (1,2), (2,1), (2,2): no monster and no pit."]
    lines += [f"(not {name(letter, square)})" for square in SAFE for letter in "MP"] + [""]
    return "\n".join(lines + _pit_count_rules()) + "\n"


def _pit_count_rules() -> list[str]:
    """The rules file's last lines: between 1 and MOST_PITS pits."""
    others = " ".join(name("P", square) for square in squares() if square not in SAFE)
    return [
        f"# Between 1 and {MOST_PITS} pits: at least one, and not all {SIZE * SIZE - len(SAFE)} squares that may",
        "# hold a pit (the four safe squares hold none, so all twelve others would make 12).",
        "(or " + " ".join(name("P", square) for square in squares()) + ")",
        f"(not (and {others}))",
    ]


def shipped_rules() -> str:
    """The text of the wumpus_rules.txt that ships with the package."""
    return resources.files("puzzleplan.logic").joinpath("wumpus_rules.txt").read_text(encoding="utf-8")


if __name__ == "__main__":
    print(rules_text(), end="")
