"""Bloxorz (seed 001): stages and their formats (level, sources), the rules and heuristics (rules), the PDDL
encodings (encoding) and the puzzle that ties them together (puzzle)."""
