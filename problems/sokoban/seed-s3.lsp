; Example 3 of seed 002 (next-states), as the text writes it: the keeper on a goal.
(setq s3 '((1 1 1 1 1)
           (1 0 0 6 1)
           (1 0 2 0 1)
           (1 0 0 0 1)
           (1 0 0 0 1)
           (1 1 1 1 1)
           ))
