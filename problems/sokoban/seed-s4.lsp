; Example 4 of seed 002 (next-states), as the text writes it: a box that starts on a goal.
(setq s4 '((1 1 1 1 1)
           (1 4 2 0 1)
           (1 0 0 0 1)
           (1 0 0 0 1)
           (1 0 5 3 1)
           (1 1 1 1 1)
           ))
