(define (problem pacman-2pellets-5cells)
  (:domain pacman)
  (:objects
    c1-1 c1-2 c1-3 c1-4 c1-6 - cell
  )
  (:init
    (adjacent c1-1 c1-2)
    (adjacent c1-2 c1-1)
    (adjacent c1-2 c1-3)
    (adjacent c1-3 c1-2)
    (adjacent c1-3 c1-4)
    (adjacent c1-4 c1-3)
    (at c1-1)
    (clear c1-1)
    (clear c1-2)
    (clear c1-4)
    (food c1-3)
    (food c1-6)
  )
  (:goal (and
    (clear c1-3)
    (clear c1-6)
  ))
)
