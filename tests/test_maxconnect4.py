"""Max-Connect4 (issue 17, seed 003): the board file, scores, the search, and the `maxconnect4` command."""

from __future__ import annotations

import io
import random

import pytest

from puzzleplan.common.errors import InputError
from puzzleplan.games.board import EMPTY, Board, board_text, cell, load_board, parse_board, runs_of_four
from puzzleplan.games.evaluate import POINT, evaluate, score_only
from puzzleplan.games.interactive import COMPUTER_FILE, HUMAN_FILE
from puzzleplan.games.match import agent_wins, duel, play_game, random_player, winner
from puzzleplan.games.maxconnect4 import main
from puzzleplan.games.search import choose_move, minimax

EMPTY_ROW = "0000000"


def board_file(*rows: str, player: str = "1") -> str:
    """A board file: the given bottom rows under empty ones (top row first), then the player to move."""
    return "\n".join([EMPTY_ROW] * (6 - len(rows)) + list(rows) + [player]) + "\n"


def random_board(rng: random.Random, pieces: int) -> Board:
    """The board after `pieces` random moves from the empty board."""
    board = EMPTY
    for _ in range(pieces):
        board = board.play(rng.choice(board.legal_columns()))
    return board


# ------------------------------------------------------------------------------------------- the file


def test_sample_inputs_with_crlf(shared_data):
    empty = load_board(shared_data / "connect4" / "input1.txt")
    assert empty == EMPTY
    board = load_board(shared_data / "connect4" / "input2.txt")
    assert (board.first.bit_count(), board.second.bit_count(), board.to_move) == (6, 6, 1)
    assert board.at(0, 0) == 1 and board.at(1, 3) == 2 and board.at(6, 2) == 2 and board.at(3, 0) == 0
    text = (shared_data / "connect4" / "input2.txt").read_bytes().decode()
    assert board_text(board) == text.replace("\r\n", "\n")


def test_missing_final_newline_and_trailing_blank_lines():
    text = board_file("1200000", player="1")
    assert parse_board(text.rstrip("\n")) == parse_board(text) == parse_board(text + "\r\n\r\n")
    assert parse_board(text.replace("\n", "\r\n")) == parse_board(text)


def test_write_then_read_is_the_same_board():
    rng = random.Random(3)
    for pieces in (0, 1, 17, 41, 42):
        board = random_board(rng, pieces)
        assert parse_board(board_text(board)) == board


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        (board_file("10x0000"), 6, 3, "unexpected character 'x'"),
        (board_file("1 20000"), 6, 2, "unexpected character ' '"),
        (board_file("120000"), 6, 7, "this one has 6"),
        (board_file("12000000"), 6, 8, "this one has 8"),
        ("\n".join([EMPTY_ROW] * 5 + ["1"]) + "\n", 6, None, "found 6 lines"),
        ("\n".join([EMPTY_ROW] * 7 + ["1"]) + "\n", 7, None, "found 8 lines"),
        ("", 1, None, "found 0 lines"),
        (board_file("0200000", "1000000", player="2"), 5, 2, "the piece in column 2 floats"),
        (board_file("1000000", "0200000", player="2"), 5, 1, "the piece in column 1 floats"),
        (board_file("1200000", player="3"), 7, 1, "expected the player to move, 1 or 2, found '3'"),
        (board_file("1200000", player=""), 7, None, "the line with the player to move (1 or 2) is missing"),
        (board_file("1100000", player="1"), 7, 1, "player 1 cannot be the one to move: they have 2"),
        (board_file("1220000", player="2"), 7, 1, "player 2 cannot be the one to move: they have 2"),
        (board_file("2220000", player="2"), 7, 1, "player 2 cannot be the one to move"),
    ],
)
def test_malformed_boards_name_the_line(text, line, column, words):
    with pytest.raises(InputError) as caught:
        parse_board(text, "board.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("board.txt", line, column)
    assert words in error.message


def test_counts_for_the_player_to_move():
    assert parse_board(board_file("1000000", player="2")).to_move == 2  # player 1 began
    assert parse_board(board_file("2000000", player="1")).to_move == 1  # player 2 began
    assert parse_board(board_file("1200000", player="2")).to_move == 2  # equal counts: either may move


def test_bad_board_on_the_command_line_is_one_paragraph(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(board_file("10x0000"))
    assert main(["one-move", str(path), str(tmp_path / "out.txt"), "3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"maxconnect4: error: {path}:6:3: unexpected character 'x'")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "out.txt").exists()
    assert main(["one-move", str(tmp_path / "absent.txt"), str(tmp_path / "out.txt"), "3"]) == 2
    assert "absent.txt: cannot read the file" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------------ score


def from_rows(*rows: str) -> Board:
    """A board with the given bottom rows (top row first), no checks: for scoring hand-made patterns."""
    first = second = 0
    for number, row in enumerate(reversed(rows)):
        for column, char in enumerate(row):
            first |= cell(column, number) if char == "1" else 0
            second |= cell(column, number) if char == "2" else 0
    return Board(first, second, 1)


@pytest.mark.parametrize(
    ("rows", "first", "second"),
    [
        (("1111000",), 1, 0),
        (("1111100",), 2, 0),  # overlapping runs count apiece
        (("1111111",), 4, 0),
        (("1110111",), 0, 0),
        (("2222222", "1111111"), 4, 4),
        (("1000000", "1000000", "1000000", "1200000"), 1, 0),  # vertical
        (("1000000",) * 6, 3, 0),
        (("0001000", "0012000", "0122000", "1222000"), 1, 0),  # diagonal up to the right
        (("2000000", "1200000", "1120000", "1112000"), 0, 1),  # diagonal down to the right
        (("1000000", "1000000", "1000000", "2000000", "2000000", "2000000"), 0, 0),
        (("2221000", "1112000"), 0, 0),
    ],
)
def test_scores(rows, first, second):
    board = from_rows(*rows)
    assert (board.score(1), board.score(2)) == (first, second)


def test_runs_do_not_wrap_between_columns():
    # three pieces at the top of column 1 and one at the bottom of column 2 are adjacent bits but no run
    board = parse_board("1000000\n1000000\n1000000\n2000000\n2000000\n2100000\n2\n")
    assert board.score(1) == 0
    assert runs_of_four(board.first) == 0


def test_full_board_is_rated_by_its_final_score():
    rng = random.Random(7)
    for _ in range(5):
        board = random_board(rng, 42)
        assert board.is_full()
        me, other = board.pieces(board.to_move), board.pieces(3 - board.to_move)
        assert evaluate(me, other) == POINT * (board.score(board.to_move) - board.score(3 - board.to_move))


# ----------------------------------------------------------------------------------------------- search


def test_alpha_beta_returns_the_minimax_value():
    rng = random.Random(17)
    positions = [random_board(rng, pieces) for pieces in (0, 3, 8, 15, 22, 29, 34, 38, 40, 41)]
    for board in positions:
        me, other = board.pieces(board.to_move), board.pieces(3 - board.to_move)
        for depth in range(1, 6):
            result = choose_move(board, depth)
            assert result.value == minimax(me, other, depth), (board_text(board), depth)
            assert board.can_play(result.column)
            child = board.play(result.column)
            assert -minimax(child.pieces(child.to_move), child.pieces(board.to_move), depth - 1) == result.value


def test_same_input_same_move():
    board = parse_board(board_file("0200111", "1100222", player="2"))
    first = choose_move(board, 6)
    again = choose_move(board, 6)
    assert (first.column, first.value, first.nodes) == (again.column, again.value, again.nodes)


def test_takes_a_point_that_is_there():
    board = parse_board(board_file("1110222", player="1"))
    assert choose_move(board, 1).column == 3
    assert choose_move(board, 4).column == 3


def test_wins_against_the_sample_player():
    """Depth 4 against the course's sample player (random moves): at least 95 of 100 games."""
    assert agent_wins(100, 4) >= 95


def test_evaluation_beats_the_score_alone():
    """Same depth, 40 openings played twice with sides swapped: the evaluation wins far more often."""
    wins, losses, draws = duel(evaluate, score_only, 4, 40)
    assert wins + losses + draws == 80
    assert wins > 2 * losses


@pytest.mark.slow
def test_evaluation_beats_the_score_alone_in_500_games():
    """The figures of docs/maxconnect4.md at depth 4."""
    wins, losses, _ = duel(evaluate, score_only, 4, 250)
    assert wins > 2 * losses


def test_play_game_fills_the_board():
    final = play_game(EMPTY, {1: random_player(1), 2: random_player(2)})
    assert final.is_full() and final.count() == 42
    assert winner(final) in (0, 1, 2)


# ---------------------------------------------------------------------------------------- the command


def test_one_move_end_to_end(shared_data, tmp_path, capsys):
    out = tmp_path / "green_next.txt"
    assert main(["one-move", str(shared_data / "connect4" / "input2.txt"), str(out), "5"]) == 0
    before = load_board(shared_data / "connect4" / "input2.txt")
    after = load_board(out)
    assert after.count() == before.count() + 1 and after.to_move == 2
    assert after.second == before.second and after.first & before.first == before.first
    printed = capsys.readouterr().out
    assert "plays column" in printed and printed.count("Score: player 1 (red)") == 2


def test_one_move_on_a_full_board_says_game_over(tmp_path, capsys):
    board = random_board(random.Random(5), 42)
    path = tmp_path / "full.txt"
    path.write_text(board_text(board))
    assert main(["one-move", str(path), str(tmp_path / "out.txt"), "3"]) == 0
    assert "Game over" in capsys.readouterr().out
    assert not (tmp_path / "out.txt").exists()


def run_interactive(monkeypatch, tmp_path, board: Board, next_: str, answers: str, depth: str = "2") -> str:
    """Run interactive mode in tmp_path with `answers` as standard input; returns what it printed."""
    path = tmp_path / "start.txt"
    path.write_text(board_text(board))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["interactive", str(path), next_, depth]) == 0
    return path.read_text()


def test_interactive_asks_until_the_column_is_valid(monkeypatch, tmp_path, capsys):
    full_first_column = parse_board("1000000\n2000000\n1000000\n2000000\n1000000\n2000000\n1\n")
    run_interactive(monkeypatch, tmp_path, full_first_column, "human-next", "x\n9\n1\n 4 \nquit\n")
    printed = capsys.readouterr().out
    assert "'x' is not a column" in printed and "'9' is not a column" in printed
    assert "Column 1 is full" in printed
    human = load_board(tmp_path / HUMAN_FILE)
    computer = load_board(tmp_path / COMPUTER_FILE)
    assert human.at(3, 0) == 1 and human.count() == 7
    assert computer.count() == 8 and computer.to_move == 1
    assert printed.rstrip().endswith("Left the game.")


def test_interactive_end_of_input_leaves_cleanly(monkeypatch, tmp_path, capsys):
    run_interactive(monkeypatch, tmp_path, EMPTY, "computer-next", "")
    assert load_board(tmp_path / COMPUTER_FILE).count() == 1
    assert not (tmp_path / HUMAN_FILE).exists()
    assert "Left the game." in capsys.readouterr().out


def test_interactive_plays_to_the_end(monkeypatch, tmp_path, capsys):
    board = random_board(random.Random(11), 38)
    free = [column + 1 for column in range(7) for _ in range(6 - (board.mask >> (7 * column) & 63).bit_count())]
    run_interactive(monkeypatch, tmp_path, board, "human-next", "\n".join(map(str, free)) + "\n")
    printed = capsys.readouterr().out
    assert "Game over" in printed and "the board is full" in printed
    final = load_board(tmp_path / COMPUTER_FILE)
    assert final.is_full()


def test_bench_prints_a_row_per_depth(shared_data, capsys):
    assert main(["bench", str(shared_data / "connect4" / "input1.txt"), "--depths", "1-3,5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| depth | column | value | nodes | CPU s")
    assert [line.split("|")[1].strip() for line in lines[2:]] == ["1", "2", "3", "5"]


@pytest.mark.parametrize(
    "argv",
    [
        ["one-mov", "a", "b", "3"],
        ["one-move", "a", "b", "x"],
        ["one-move", "a", "b", "0"],
        ["one-move", "a", "b", "2.5"],
        ["interactive", "a", "computer-nxt", "3"],
        ["interactive", "a", "computer-next"],
        ["bench", "a", "--depths", "3-1"],
        ["bench", "a", "--depths", "x"],
        [],
    ],
)
def test_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "usage: maxconnect4" in capsys.readouterr().err


@pytest.mark.parametrize("mode", [[], ["interactive"], ["one-move"], ["bench"]])
def test_help_for_every_mode(mode, capsys):
    with pytest.raises(SystemExit) as caught:
        main([*mode, "--help"])
    assert caught.value.code == 0
    assert capsys.readouterr().out.startswith("usage: maxconnect4")


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
def test_one_move_writes_the_input_files_format(tmp_path, capsys, newline):
    """'in the same format as the input file': the output's lines end as the input's (the course's samples
    end them with CRLF)."""
    path = tmp_path / "in.txt"
    path.write_bytes((("0000000" + newline) * 6 + "1" + newline).encode())
    assert main(["one-move", str(path), str(tmp_path / "out.txt"), "2"]) == 0
    written = (tmp_path / "out.txt").read_bytes().decode()
    assert written.count(newline) == 7 and written.replace(newline, "").isdigit()
    assert newline == "\r\n" or "\r" not in written
