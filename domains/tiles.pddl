; Sliding tiles on any rectangle with any number of blanks: a tile slides into an adjacent blank cell.
; Written for puzzleplan; STRIPS with typing, so every planner runs it.
(define (domain tiles)
  (:requirements :strips :typing)
  (:types tile cell)
  (:predicates (at ?t - tile ?c - cell)
               (blank ?c - cell)
               (adjacent ?from - cell ?to - cell))
  (:action slide
    :parameters (?t - tile ?from - cell ?to - cell)
    :precondition (and (at ?t ?from) (blank ?to) (adjacent ?from ?to))
    :effect (and (at ?t ?to) (blank ?from)
                 (not (at ?t ?from)) (not (blank ?to))))
)
