"""PDDL as text and as a model: tasks written (task), read (syntax, checker, checks, model), grounded and
shown as text (formulas), evaluated (semantics, derived), false formulas explained (explanations) and plans
checked (plans); pyperplan's reading beside ours (pyperplan)."""
