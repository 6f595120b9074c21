"""Sokoban (seed 002): levels and their formats (level), the rules and PDDL encodings (puzzle), and what
searches need to know about a level (analysis)."""

from translator.sokoban.level import SokobanInstance, State
from translator.sokoban.puzzle import Sokoban, SokobanPushes

__all__ = ["Sokoban", "SokobanInstance", "SokobanPushes", "State"]
