"""Bloxorz (seed 001): the stage and the native format (level), the public level files (sources), the rules
(rules), the default heuristic (analysis), PDDL (encoding, and strips for planners without conditional
effects), and the puzzle that ties them together (puzzle)."""
