"""The `check_true_false` command: what a knowledge base says about a statement.

    check_true_false RULES ADDITIONAL STATEMENT [--engine sat|tt] [--out FILE] [--timeout SECONDS] [--memory SIZE]

The knowledge base is the conjunction of the statements of RULES and ADDITIONAL; STATEMENT holds one
statement. The answer (definitely true, definitely false, possibly true, possibly false, or both true
and false) is written to result.txt in the current folder (or --out) and printed. Exit status: 0 with
an answer, 2 for bad input, a usage error, or a truth table too large for --engine tt, 4 at the time limit
(--timeout, 60 s by default, for the whole command), 5 at the memory limit (--memory, none by default).
"""

from __future__ import annotations

import argparse
import logging
import sys
import time

from puzzleplan.common.command_limits import CommandLimits, add_limit_options, stopped, within
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import write_file
from puzzleplan.common.limits import TimeLimitExceeded
from puzzleplan.common.outputs import guarded_output
from puzzleplan.logic.entailment import ENGINES, check
from puzzleplan.logic.syntax import WUMPUS_SYMBOL, load_single, load_statements
from puzzleplan.logic.truth_table import MAX_SYMBOLS, TooManySymbols
from puzzleplan.logic.wumpus import shipped_rules

PROG = "check_true_false"
log = logging.getLogger(__name__)


class ShowRules(argparse.Action):
    """--show-rules: print the shipped wumpus_rules.txt and exit."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        """Print the rules and stop."""
        print(shipped_rules(), end="")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Decide whether a statement is definitely true, definitely false, possibly true, possibly "
        "false, or both true and false, given the statements of RULES and ADDITIONAL (the knowledge base).",
        epilog="Statements are written in prefix notation, one per line: P_1_1, (not P_1_1), (or M_1_1 B_1_2), "
        "(if M_1_1 (and S_1_2 S_2_1)), (iff ...), (xor ...). Lines starting with # are comments.",
    )
    parser.add_argument("rules", metavar="RULES", help="the wumpus rules (see --show-rules)")
    parser.add_argument("additional", metavar="ADDITIONAL", help="additional knowledge, one statement per line")
    parser.add_argument("statement", metavar="STATEMENT", help="the file holding the statement to check")
    parser.add_argument(
        "--engine",
        choices=sorted(ENGINES),
        default="sat",
        help="sat (default): satisfiability of KB and not S, by a SAT solver; tt: truth tables over the symbols "
        f"the knowledge base does not fix by itself (at most {MAX_SYMBOLS})",
    )
    parser.add_argument("--out", default="result.txt", help="the file for the answer (default result.txt)")
    parser.add_argument(
        "--any-symbols",
        action="store_true",
        help="read symbols other than the wumpus world's M_i_j, S_i_j, P_i_j, B_i_j (i, j in 1..4), as the course's "
        "sample-code inputs a.txt and b.txt use; by default they are an error, as the assignment says",
    )
    add_limit_options(parser, "seconds for the whole command, fractions allowed (default 60)", "60")
    parser.add_argument("-v", "--verbose", action="store_true", help="say what the engine did, on stderr")
    parser.add_argument(
        "--show-rules", nargs=0, action=ShowRules, help="print the wumpus rules that ship with the program and exit"
    )
    return parser


def run(rules: str, additional: str, statement_file: str, engine: str, any_symbols: bool = False) -> str:
    """The answer for the three files, read by the assignment's rules (blank lines totally empty, only the
    wumpus world's 64 symbols unless `any_symbols`)."""
    allowed = None if any_symbols else WUMPUS_SYMBOL
    kb = load_statements(rules, True, allowed) + load_statements(additional, True, allowed)
    statement = load_single(statement_file, True, allowed)
    started = time.process_time()
    result = check(kb, statement, engine)
    log.info("%s engine: %.3f s CPU for %d statements", engine, time.process_time() - started, len(kb))
    return result


@guarded_output(PROG)
def main(argv: list[str] | None = None) -> int:
    """Run the command; bad input prints one paragraph on stderr and returns 2, never a traceback."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(format=f"{PROG}: %(message)s")
    logging.getLogger("puzzleplan.logic").setLevel(logging.INFO if args.verbose else logging.WARNING)
    try:
        limits = CommandLimits.read(args, whole_process=argv is None)
        with within(limits):
            result = run(args.rules, args.additional, args.statement, args.engine, args.any_symbols)
            write_file(args.out, result + "\n")
    except (TimeLimitExceeded, MemoryError) as error:
        message, code = stopped(error, limits)
        print(f"{PROG}: {message}", file=sys.stderr)
        return code
    except (InputError, TooManySymbols) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{PROG}: error: a statement is nested too deeply to read", file=sys.stderr)
        return 2
    print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
