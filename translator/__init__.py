"""Native puzzle formats <-> PDDL: one module per puzzle, plus shared PDDL writing and plan reading."""
