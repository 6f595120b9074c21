; Tower of Hanoi. Discs and pegs are both places a disc can rest on; (smaller ?d ?p) holds when disc ?d may
; rest on ?p (a larger disc, or any peg). Written for puzzleplan; STRIPS with typing, so every planner runs it.
(define (domain hanoi)
  (:requirements :strips :typing :disjunctive-preconditions)
  (:types place - object
          disc peg - place)
  (:predicates (on ?d - disc ?p - place)
               (clear ?p - place)
               (smaller ?d - disc ?p - place))
  (:action move
    :parameters (?d - disc ?from - place ?to - place)
    :precondition (and (on ?d ?from) (clear ?d) (clear ?to) (smaller ?d ?to))
    :effect (and (on ?d ?to) (clear ?from)
                 (not (on ?d ?from)) (not (clear ?to))))
)
