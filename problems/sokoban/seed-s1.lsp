; Example 1 of seed 002 (next-states): one box below a goal; rows without parentheses.
1 1 1 1 1
1 0 0 4 1
1 0 2 0 1
1 0 3 0 1
1 0 0 0 1
1 1 1 1 1
