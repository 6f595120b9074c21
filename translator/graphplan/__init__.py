"""The original Graphplan program's formats: operators and facts files (format),
their translation to and from PDDL (pddl), and its plans (plan)."""
