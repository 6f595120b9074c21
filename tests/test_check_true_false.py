"""The wumpus entailment checker (issue 17, seed 003): statements, both engines, the rules, `check_true_false`."""

from __future__ import annotations

import time
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.common.errors import InputError
from puzzleplan.logic import truth_table
from puzzleplan.logic.cli import main
from puzzleplan.logic.entailment import BOTH, DEFINITELY_FALSE, DEFINITELY_TRUE, UNKNOWN, check
from puzzleplan.logic.sat import sat_entailments
from puzzleplan.logic.syntax import (
    ARITY,
    Compound,
    Expr,
    Symbol,
    format_statement,
    load_statements,
    parse_single,
    parse_statement,
    parse_statements,
    symbols,
)
from puzzleplan.logic.truth_table import TooManySymbols, stated_literals, tt_entailments
from puzzleplan.logic.wumpus import rules_text, shipped_rules

ENGINES = ("sat", "tt")
ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "logic" / "wumpus_rules.txt"
TEN_SQUARES = ROOT / "docs" / "examples" / "ten_squares.txt"


def truth(expr: Expr, model: dict[str, bool]) -> bool:
    """The truth value of `expr` in `model`, written out independently of the package (the reference)."""
    if isinstance(expr, Symbol):
        return model[expr.name]
    values = [truth(operand, model) for operand in expr.operands]
    if expr.connective == "not":
        return not values[0]
    if expr.connective == "and":
        return all(values)
    if expr.connective == "or":
        return any(values)
    if expr.connective == "xor":
        return sum(values) == 1
    if expr.connective == "if":
        return not values[0] or values[1]
    return values[0] == values[1]


def reference_entailments(kb: list[Expr], statement: Expr) -> tuple[bool, bool]:
    """(KB |= S, KB |= not S) by enumerating every model, one at a time."""
    names = sorted(set().union(*(symbols(item) for item in kb), symbols(statement)))
    entails = entails_negation = True
    for values in product((False, True), repeat=len(names)):
        model = dict(zip(names, values))
        if all(truth(item, model) for item in kb):
            entails &= truth(statement, model)
            entails_negation &= not truth(statement, model)
    return entails, entails_negation


def write(folder: Path, name: str, text: str) -> Path:
    """A file in `folder` with `text`."""
    path = folder / name
    path.write_text(text)
    return path


# ------------------------------------------------------------------------------------------ the syntax


def test_every_sample_file_parses(shared_data):
    sample = shared_data / "wumpus" / "sample"
    counts = {"a.txt": 4, "b.txt": 2, "c.txt": 1, "kb3.txt": 5, "additional_knowledge.txt": 44, "wumpus_rules.txt": 85}
    for name, count in counts.items():
        assert len(load_statements(sample / name)) == count, name
    statements = load_statements(sample / "a.txt")
    assert statements[1] == parse_statement("(and b (not c) (if d (if e (not b))))")  # written (AND ...)
    assert statements[3] == Symbol("f")  # the last line has no newline


def test_connectives_any_case_and_any_number():
    assert parse_statement("(AnD)") == Compound("and", ())
    assert parse_statement("(XOR a)") == Compound("xor", (Symbol("a"),))
    assert parse_statement("  (if d  e)  ") == Compound("if", (Symbol("d"), Symbol("e")))
    assert parse_statement("(IFF M_1_1 m_1_1)").operands == (Symbol("M_1_1"), Symbol("m_1_1"))  # symbols keep case


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("(P_1_1)", 2, "expected a connective (and, or, xor, not, if, iff) right after '(', found 'P_1_1'"),
        ("(or a (b))", 8, "right after '(', found 'b'"),
        ("()", 2, "right after '(', found ')'"),
        ("(andx a)", 2, "found 'andx'"),
        ("(not a b)", 1, "'not' takes exactly one statement, this one has 2"),
        ("(or a (if a))", 7, "'if' takes exactly two statements, this one has 1"),
        ("(iff a b c)", 1, "'iff' takes exactly two statements, this one has 3"),
        ("and", 1, "'and' is a connective, so it must follow '('"),
        ("(or NOT b)", 5, "'NOT' is a connective"),
        ("(or a", 1, "this '(' is never closed (a statement is written on one line)"),
        ("(or a (not b)", 1, "this '(' is never closed"),
        ("(or a))", 7, "')' closes nothing"),
        (")", 1, "')' closes nothing"),
        ("a b", 3, "one statement per line: 'b' follows a complete statement"),
        ("(or a)(not b)", 7, "one statement per line"),
        ("(or a$ b)", 6, "unexpected character '$'"),
        ("P_1_1 # note", 7, "unexpected character '#'"),
    ],
)
def test_bad_statements_name_file_line_and_column(line, column, words):
    with pytest.raises(InputError) as caught:
        parse_statements(f"# a comment\n\n{line}\n(not P_1_1)\n", "kb.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("kb.txt", 3, column)
    assert words in error.message


def test_statement_file_first_statement_is_read(caplog):
    """As the assignment says: only the first statement of a statement file is read (with a warning)."""
    assert parse_single("\n# comment\nB_1_2\n\n") == Symbol("B_1_2")
    assert parse_single("B_1_2\n(not B_1_2)\n", "s.txt") == Symbol("B_1_2")
    assert "s.txt:2: only the first statement" in caplog.text
    with pytest.raises(InputError, match="holds no statement"):
        parse_single("# only a comment\n", "s.txt")


NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True).filter(lambda name: name.lower() not in ARITY)


def statements(names: st.SearchStrategy[str], max_leaves: int = 10) -> st.SearchStrategy[Expr]:
    """Random statements over symbols drawn from `names`, every connective with its allowed numbers."""

    def extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        """One more level of connectives."""
        return st.one_of(
            children.map(lambda child: Compound("not", (child,))),
            st.tuples(st.sampled_from(("if", "iff")), children, children).map(lambda t: Compound(t[0], t[1:])),
            st.tuples(st.sampled_from(("and", "or", "xor")), st.lists(children, max_size=4)).map(
                lambda t: Compound(t[0], tuple(t[1]))
            ),
        )

    return st.recursive(names.map(Symbol), extend, max_leaves=max_leaves)


@given(statements(NAMES))
@settings(max_examples=150, deadline=None)
def test_parse_of_format_is_the_statement(expr):
    assert parse_statement(format_statement(expr)) == expr


# -------------------------------------------------------------------------------------------- engines


SMALL = st.sampled_from("abcde")
KBS = st.lists(
    st.one_of(statements(SMALL, 6), SMALL.map(Symbol), SMALL.map(lambda n: Compound("not", (Symbol(n),)))),
    max_size=4,
)


@given(KBS, statements(SMALL, 6))
@settings(max_examples=200, deadline=None)
def test_engines_agree_with_enumeration(kb, statement):
    expected = reference_entailments(kb, statement)
    assert tt_entailments(kb, statement) == expected
    assert sat_entailments(kb, statement) == expected


def test_connective_semantics():
    yes, no = parse_statement("(and)"), parse_statement("(or)")
    for engine in ENGINES:
        assert check([], yes, engine) == DEFINITELY_TRUE
        assert check([], no, engine) == DEFINITELY_FALSE
        assert check([], parse_statement("(xor)"), engine) == DEFINITELY_FALSE
        kb = parse_statements("a\nb\n(not c)\n")
        assert check(kb, parse_statement("(xor a b c)"), engine) == DEFINITELY_FALSE  # two true: not exactly one
        assert check(kb, parse_statement("(xor a c)"), engine) == DEFINITELY_TRUE
        assert check(kb, parse_statement("(xor a (not c) (and b c))"), engine) == DEFINITELY_FALSE
        assert check(kb, parse_statement("(if c d)"), engine) == DEFINITELY_TRUE
        assert check(kb, parse_statement("(iff a d)"), engine) == UNKNOWN
        assert check([*kb, parse_statement("c")], Symbol("z"), engine) == BOTH


def test_stated_literals_are_fixed_not_enumerated():
    kb = parse_statements("a\n(not b)\n(and c (not d) (or e f))\n(or g h)\n")
    assert stated_literals(kb) == ({"a": True, "b": False, "c": True, "d": False}, True)
    assert stated_literals(parse_statements("a\n(and b (not a))\n"))[1] is False


def test_tt_refuses_too_many_symbols(monkeypatch):
    kb = parse_statements("(or a b c)\n(not d)\n")
    monkeypatch.setattr(truth_table, "MAX_SYMBOLS", 3)
    assert tt_entailments(kb, Symbol("d")) == (False, True)  # a, b, c enumerated; d is fixed
    with pytest.raises(TooManySymbols, match=r"2\*\*4 rows: 4 symbols .* use --engine sat"):
        tt_entailments(kb, Symbol("e"))


# ------------------------------------------------------------------------------------ the wumpus rules


def test_shipped_rules_are_the_generated_rules():
    assert shipped_rules() == rules_text() == RULES.read_text()


@pytest.mark.parametrize(
    ("additional", "statement", "expected"),
    [
        (
            "",
            "(xor M_1_1 M_1_2 M_1_3 M_1_4 M_2_1 M_2_2 M_2_3 M_2_4 M_3_1 M_3_2 M_3_3 M_3_4 M_4_1 M_4_2 M_4_3 M_4_4)",
            1,
        ),
        ("", "(or (and M_2_3 M_3_4) (and M_4_1 M_4_4))", 0),  # at most one monster
        ("", "(or M_1_1 P_1_2 M_2_1 P_2_2)", 0),  # the safe squares
        ("", "(or P_1_1 P_1_3 P_4_4 P_3_2 B_1_1)", None),
        ("", "(or P_1_3 P_1_4 P_2_3 P_2_4 P_3_1 P_3_2 P_3_3 P_3_4 P_4_1 P_4_2 P_4_3 P_4_4)", 1),  # a pit somewhere
        ("M_3_3", "(and S_2_3 S_4_3 S_3_2 S_3_4)", 1),  # stench around the monster
        ("M_3_3", "(or S_1_1 S_2_2 S_4_4)", 0),  # and nowhere else
        ("S_4_4", "(or M_3_4 M_4_3)", 1),
        ("B_1_2", "P_1_3", 1),  # (1,1) and (2,2) hold no pit
        ("(not B_1_2)\n(not B_2_1)", "(or P_1_3 P_3_1)", 0),
        ("P_4_4", "(and B_3_4 B_4_3)", 1),
        ("(and P_1_3 P_1_4 P_2_3 P_2_4 P_3_1 P_3_2 P_3_3 P_3_4 P_4_1 P_4_2 P_4_3)", "P_4_4", 0),  # at most 11
        ("(and P_1_3 P_1_4 P_2_3 P_2_4 P_3_1 P_3_2 P_3_3 P_3_4 P_4_1 P_4_2 P_4_3 P_4_4)", "B_1_1", "both"),
    ],
)
def test_sat_answers_on_all_64_symbols(additional, statement, expected):
    """No additional knowledge worth the name: truth tables would need 2**56 rows; SAT answers at once."""
    kb = parse_statements(rules_text() + additional + "\n")
    want = {1: DEFINITELY_TRUE, 0: DEFINITELY_FALSE, None: UNKNOWN, "both": BOTH}[expected]
    started = time.process_time()
    assert check(kb, parse_statement(statement), "sat") == want
    assert time.process_time() - started < 5  # generous: it takes milliseconds (docs/check_true_false.md)
    if not additional:
        with pytest.raises(TooManySymbols):
            check(kb, parse_statement(statement), "tt")


# --------------------------------------------------------------------------------- the course's samples


def normalized(answer: str) -> str:
    """`Definitely True.` as `definitely true`."""
    return answer.strip().rstrip(".").lower()


SAMPLE_QUERIES = [
    # a.txt and b.txt: b, (not c), f and (not d) are stated; the KB is consistent (symbol2 or symbol3
    # can satisfy a.txt's first line) and says nothing of B_1_2 or e.
    ("a.txt", "b.txt", "c.txt", UNKNOWN),
    ("a.txt", "b.txt", "f", DEFINITELY_TRUE),
    ("a.txt", "b.txt", "d", DEFINITELY_FALSE),
    ("a.txt", "b.txt", "(and b (not c))", DEFINITELY_TRUE),
    ("a.txt", "b.txt", "e", UNKNOWN),
    ("a.txt", "b.txt", "(or symbol1 e)", UNKNOWN),
    # with b true and c, d false, a.txt's first line comes down to (or symbol1 symbol2 symbol3)
    ("a.txt", "b.txt", "(or symbol1 symbol2 symbol3)", DEFINITELY_TRUE),
    # kb3.txt states M_1_2, which the rules deny: the KB is false in every model.
    ("wumpus_rules.txt", "kb3.txt", "c.txt", BOTH),
    ("RULES", "kb3.txt", "(not B_1_2)", BOTH),
    # additional_knowledge.txt (11 squares visited) states B_1_2: c.txt is definitely true, as
    # sample/result.txt says.
    ("wumpus_rules.txt", "additional_knowledge.txt", "c.txt", DEFINITELY_TRUE),
    ("RULES", "additional_knowledge.txt", "c.txt", DEFINITELY_TRUE),
    # stench at (2,1) and (3,2): the monster is at a neighbour of both, (2,2) or (3,1); (2,2) is safe.
    ("wumpus_rules.txt", "additional_knowledge.txt", "M_3_1", DEFINITELY_TRUE),
    ("RULES", "additional_knowledge.txt", "M_3_1", DEFINITELY_TRUE),
    ("RULES", "additional_knowledge.txt", "(or M_4_1 M_4_2 M_4_3 M_4_4)", DEFINITELY_FALSE),
    # no breeze at (2,1): no pit at (3,1); no breeze at (3,3): no pit at (4,3).
    ("RULES", "additional_knowledge.txt", "P_3_1", DEFINITELY_FALSE),
    ("wumpus_rules.txt", "additional_knowledge.txt", "P_4_3", DEFINITELY_FALSE),
    # nothing known at (4,4)'s neighbours (4,3) and (3,4) says whether (4,4) has a pit.
    ("RULES", "additional_knowledge.txt", "P_4_4", UNKNOWN),
    ("wumpus_rules.txt", "additional_knowledge.txt", "(or P_4_4 B_4_1)", UNKNOWN),
    ("RULES", "additional_knowledge.txt", "(iff S_4_1 (not S_4_1))", DEFINITELY_FALSE),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("rules", "additional", "statement", "expected"), SAMPLE_QUERIES)
def test_course_samples(shared_data, tmp_path, monkeypatch, capsys, engine, rules, additional, statement, expected):
    sample = shared_data / "wumpus" / "sample"
    rules_path = RULES if rules == "RULES" else sample / rules
    statement_path = sample / statement if statement.endswith(".txt") else write(tmp_path, "s.txt", statement)
    monkeypatch.chdir(tmp_path)
    symbols = ["--any-symbols"] if rules == "a.txt" else []  # the sample code's inputs: symbols b, c, symbol1...
    assert main([str(rules_path), str(sample / additional), str(statement_path), "--engine", engine, *symbols]) == 0
    assert capsys.readouterr().out == expected + "\n"
    assert (tmp_path / "result.txt").read_text() == expected + "\n"


def test_sample_result_is_ours(shared_data):
    sample = shared_data / "wumpus" / "sample"
    kb = load_statements(sample / "wumpus_rules.txt") + load_statements(sample / "additional_knowledge.txt")
    statement = load_statements(sample / "c.txt")[0]
    assert check(kb, statement) == normalized((sample / "result.txt").read_text()) == DEFINITELY_TRUE


def test_tt_at_its_limit_of_symbols():
    """docs/examples/ten_squares.txt: ten squares known (the four safe ones among them), 24 symbols left."""
    kb = parse_statements(rules_text()) + load_statements(TEN_SQUARES)
    assert len(stated_literals(kb)[0]) == 40
    assert check(kb, Symbol("M_3_1"), "tt") == DEFINITELY_TRUE == check(kb, Symbol("M_3_1"), "sat")
    assert check(kb, Symbol("P_4_4"), "tt") == UNKNOWN == check(kb, Symbol("P_4_4"), "sat")
    with pytest.raises(TooManySymbols, match=r"2\*\*25 rows"):
        tt_entailments(kb[:-1], Symbol("P_4_4"))  # the last line, (not S_2_4), left out: 25 symbols


# ------------------------------------------------------------------------------------------ the command


def test_out_option_and_verbose(tmp_path, capsys, caplog):
    out = tmp_path / "answer.txt"
    kb = write(tmp_path, "kb.txt", "(if M_1_1 S_1_2)\nM_1_1\n")
    assert (
        main(
            [
                *(str(kb), str(write(tmp_path, "none.txt", "")), str(write(tmp_path, "s.txt", "S_1_2"))),
                *("--out", str(out), "-v"),
            ]
        )
        == 0
    )
    assert out.read_text() == DEFINITELY_TRUE + "\n"
    captured = capsys.readouterr()
    assert captured.out == DEFINITELY_TRUE + "\n" and "sat engine" in caplog.text


def test_tt_refusal_on_the_command_line(tmp_path, capsys):
    empty = write(tmp_path, "none.txt", "")
    statement = write(tmp_path, "s.txt", "P_4_4")
    assert main([str(RULES), str(empty), str(statement), "--engine", "tt", "--out", str(tmp_path / "r.txt")]) == 2
    err = capsys.readouterr().err
    assert "2**56 rows" in err and "use --engine sat" in err and err.count("\n") == 1
    assert not (tmp_path / "r.txt").exists()


def test_bad_input_on_the_command_line(tmp_path, capsys):
    kb = write(tmp_path, "kb.txt", "# rules\n\n(or a (b))\n")
    statement = write(tmp_path, "s.txt", "a")
    assert main([str(kb), str(kb), str(statement), "--out", str(tmp_path / "r.txt")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"check_true_false: error: {kb}:3:8: expected a connective") and "Traceback" not in err
    assert main([str(tmp_path / "absent.txt"), str(kb), str(statement)]) == 2
    assert "absent.txt: cannot read the file" in capsys.readouterr().err


def test_show_rules_and_usage(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["--show-rules"])
    assert caught.value.code == 0 and capsys.readouterr().out == rules_text()
    for argv in (["a", "b"], ["a", "b", "c", "--engine", "bdd"]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
        assert "usage: check_true_false" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["--help"])
    assert caught.value.code == 0 and "--engine {sat,tt}" in capsys.readouterr().out


def test_the_assignments_symbols_only(tmp_path, capsys):
    """As the assignment says: no symbols but M/S/P/B_i_j (i, j in 1..4); --any-symbols reads others."""
    none, out = write(tmp_path, "none.txt", ""), str(tmp_path / "r.txt")
    for bad, column in (("(or a M_1_1)", 5), ("P_5_1", 1), ("(not m_1_1)", 6), ("(and M_1_1 W_2_2)", 12)):
        statement = write(tmp_path, "s.txt", bad + "\n")
        assert main([str(RULES), str(none), str(statement), "--out", out]) == 2
        err = capsys.readouterr().err
        assert f"s.txt:1:{column}: unknown symbol" in err and err.count("\n") == 1
    kb = write(tmp_path, "kb.txt", "(if a b)\na\n")
    assert main([str(kb), str(none), str(write(tmp_path, "s.txt", "b")), "--out", out, "--any-symbols"]) == 0
    assert capsys.readouterr().out == DEFINITELY_TRUE + "\n"


@pytest.mark.parametrize("blank", [" ", "  ", "\t"])
def test_a_blank_line_must_be_empty(tmp_path, capsys, blank):
    """As the assignment says: a line holding a single space is an error (an empty line is fine)."""
    kb = write(tmp_path, "kb.txt", f"M_1_1\n\n{blank}\n(not P_1_1)\n")
    statement = write(tmp_path, "s.txt", "M_1_1\n")
    assert main([str(kb), str(kb), str(statement), "--out", str(tmp_path / "r.txt")]) == 2
    err = capsys.readouterr().err
    assert "kb.txt:3:1: a blank line must be totally empty" in err
    assert not (tmp_path / "r.txt").exists()


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("(and (not P_1_1)(not P_1_2))", 17, "must follow white space"),
        ("(and(not P_1_1))", 5, "must follow white space"),
        ("( not P_1_1)", 1, "followed at once by a connective"),
        ("(or (not P_1_1)P_1_2)", 15, "must be followed by white space"),
    ],
)
def test_the_assignments_spacing(tmp_path, capsys, line, column, words):
    """As the assignment says: '(' follows white space unless it starts the line and is followed at once by
    the connective; ')' is followed by white space unless it ends the line (or another ')' follows)."""
    statement = write(tmp_path, "s.txt", line + "\n")
    assert main([str(RULES), str(write(tmp_path, "none.txt", "")), str(statement), "--out", str(tmp_path / "r")]) == 2
    assert f"s.txt:1:{column}: " in (err := capsys.readouterr().err) and words in err
    good = write(tmp_path, "good.txt", " (and M_1_2 S_1_1 (not (or M_1_3 M_1_4)))  \n# (comments(are free\n")
    assert main([str(RULES), str(good), str(write(tmp_path, "m.txt", "M_3_3\n")), "--out", str(tmp_path / "r")]) == 0
