(define (problem hanoi-2)
  (:domain hanoi)
  (:objects
    disk1 disk2 - disc
    A B C - peg
  )
  (:init
    (clear B)
    (clear C)
    (clear disk1)
    (on disk1 disk2)
    (on disk2 A)
    (smaller disk1 A)
    (smaller disk1 B)
    (smaller disk1 C)
    (smaller disk1 disk2)
    (smaller disk2 A)
    (smaller disk2 B)
    (smaller disk2 C)
  )
  (:goal (and
    (on disk1 B)
    (on disk2 C)
  ))
)
