; Example 2 of seed 002 (next-states), as the text writes it: the keeper beside a goal.
(setq s2 '((1 1 1 1 1)
           (1 0 0 4 1)
           (1 0 2 3 1)
           (1 0 0 0 1)
           (1 0 0 0 1)
           (1 1 1 1 1)
           ))
