"""The application: the `puzzleplan` and `graphplan` command lines, the terminal player, animations and the
validate commands' printouts. Argument parsing and printing over the API (puzzleplan.api)."""
