; Figure 1 of seed 002 (CS161 assignment 3): the integer matrix, as the assignment writes it.
(setq p1 '((0 0 1 1 1 1 0 0 0)
           (1 1 1 0 0 1 1 1 1)
           (1 0 0 0 0 0 2 0 1)
           (1 0 1 0 0 1 2 0 1)
           (1 0 4 0 4 1 3 0 1)
           (1 1 1 1 1 1 1 1 1)))
