"""The evaluation of a Max-Connect4 position: points scored, plus the runs that can still become points.

Every empty cell is filled before the game ends, so a window of four cells that holds none of the
opponent's pieces may still become a point: the more of the player's own pieces it already holds, the
likelier. And the cell that completes a player's three ("threat") goes to whoever fills it, which the
row's parity decides more often than not: the player who moves when an even number of pieces is on the
board can count on the odd rows (1, 3, 5 from the bottom), the other on the even rows, because a player
who answers each move in the same column gets the upper cell of every pair (Allis's claimeven, from
Connect-4). The value, from the point of view of the player to move (`me`), is

    POINT  * (my points - their points)
  + THREE  * (my open threes - theirs) + TWO * (my open twos - theirs)
  + PARITY * (my threat cells on my rows - their threat cells on theirs)

where an open three is a window with three of the player's pieces and an empty cell, an open two one
with two pieces and two empty cells. On a full board nothing is open, so the value is POINT times the
final score difference: the same function rates cut-off and final positions.
"""

from __future__ import annotations

from puzzleplan.games.board import BOARD_CELLS, COLUMNS, DIRECTIONS, cell, runs_of_four

POINT = 100
"""Value of a point scored (a run of four)."""
THREE = 20
"""Value of an open three (three pieces and an empty cell in a window of four)."""
TWO = 8
"""Value of an open two (two pieces and two empty cells in a window of four)."""
PARITY = 60
"""Value of a threat cell on a row of the player's parity."""

ODD_ROWS = sum(cell(column, row) for column in range(COLUMNS) for row in (0, 2, 4))
"""Rows 1, 3 and 5 counted from 1 at the bottom (row indexes 0, 2, 4)."""
EVEN_ROWS = BOARD_CELLS & ~ODD_ROWS


def windows(mine: int, theirs: int) -> int:
    """POINT per run of four of `mine`, plus THREE per open three and TWO per open two (see the module)."""
    free = BOARD_CELLS & ~theirs  # the cells the opponent does not hold
    fours = threes = twos = 0
    for shift in DIRECTIONS:
        # windows starting at each cell that hold none of the opponent's pieces
        open_windows = free & (free >> shift) & (free >> 2 * shift) & (free >> 3 * shift)
        # the number of own pieces in each window, as bits s2 s1 s0 (a 4-input bit-sliced adder)
        p1, p2, p3 = mine >> shift, mine >> 2 * shift, mine >> 3 * shift
        low, high = mine ^ p1, p2 ^ p3
        carry_low, carry_high = mine & p1, p2 & p3
        s0 = low ^ high
        s1 = carry_low ^ carry_high ^ (low & high)
        fours += (carry_low & carry_high).bit_count()
        threes += (open_windows & s0 & s1).bit_count()
        twos += (open_windows & s1 & ~s0).bit_count()
    return POINT * fours + THREE * threes + TWO * twos


def threat_cells(pieces: int) -> int:
    """The cells that complete a run of four with three of `pieces` (empty or not)."""
    cells = 0
    for shift in DIRECTIONS:
        up1, up2, up3 = pieces << shift, pieces << 2 * shift, pieces << 3 * shift
        down1, down2, down3 = pieces >> shift, pieces >> 2 * shift, pieces >> 3 * shift
        cells |= (up1 & up2 & up3) | (down1 & down2 & down3) | (up1 & up2 & down1) | (up1 & down1 & down2)
    return cells


def evaluate(me: int, opponent: int) -> int:
    """The value of the position for the player to move, whose pieces are `me`."""
    value = windows(me, opponent) - windows(opponent, me)
    empty = BOARD_CELLS & ~(me | opponent)
    if (me | opponent).bit_count() % 2 == 0:
        my_rows, their_rows = ODD_ROWS, EVEN_ROWS
    else:
        my_rows, their_rows = EVEN_ROWS, ODD_ROWS
    mine = (threat_cells(me) & empty & my_rows).bit_count()
    theirs = (threat_cells(opponent) & empty & their_rows).bit_count()
    return value + PARITY * (mine - theirs)


def score_only(me: int, opponent: int) -> int:
    """The points difference alone, in the same units (for comparing evaluation functions)."""
    return POINT * (runs_of_four(me) - runs_of_four(opponent))
