# PYTHON_ARGCOMPLETE_OK
"""`python -m puzzleplan`: the command line."""

from puzzleplan.app.cli import entry

entry()
