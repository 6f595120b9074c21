"""What translates: each puzzle's native format, rules (its simulator), heuristics and PDDL encoding and
decoding, one module or subpackage per puzzle, behind the puzzle contract (puzzle, capabilities, registry);
PDDL read, checked and replayed (pddl/), and the original Graphplan program's formats (graphplan/)."""
