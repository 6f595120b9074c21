"""Sokoban (seed 002): levels and their formats (level), the rules and PDDL encodings (puzzle), and what
searches need to know about a level (analysis)."""

from puzzleplan.translator.sokoban.level import SokobanInstance, State
from puzzleplan.translator.sokoban.puzzle import Sokoban, SokobanPushes

__all__ = ["Sokoban", "SokobanInstance", "SokobanPushes", "State"]
