"""PDDL as text and as a model: tasks written (task), read (syntax, checks, model), evaluated
(semantics) and plans checked (plans); pyperplan's reading beside ours (pyperplan)."""
