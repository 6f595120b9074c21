"""PDDL as text and as a model: tasks written (task), read (syntax, checks, model), grounded and shown as text
(formulas), evaluated (semantics, derived) and false formulas explained (explanations), plans checked (plans);
pyperplan's reading beside ours (pyperplan)."""
