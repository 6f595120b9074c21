"""Sliding tiles: the puzzle (puzzle), its boards and the Korf instances (boards), pattern databases (pdb)."""
