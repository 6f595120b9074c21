; Sokoban, move level (seed 002): every keeper step is an action. Cells are the walled-in floor squares
; the keeper can reach; (clear ?c) means no box on ?c; (live ?c) marks the cells a box may be pushed onto
; (from the others no goal can be reached). Written for puzzleplan; STRIPS with typing.
(define (domain sokoban-moves)
  (:requirements :strips :typing)
  (:types cell direction)
  (:predicates (at ?c - cell)
               (box ?c - cell)
               (clear ?c - cell)
               (live ?c - cell)
               (adjacent ?from ?to - cell ?d - direction))
  (:action move
    :parameters (?from ?to - cell ?d - direction)
    :precondition (and (at ?from) (adjacent ?from ?to ?d) (clear ?to))
    :effect (and (at ?to) (not (at ?from))))
  (:action push
    :parameters (?k ?from ?to - cell ?d - direction)
    :precondition (and (at ?k) (adjacent ?k ?from ?d) (adjacent ?from ?to ?d)
                       (box ?from) (clear ?to) (live ?to))
    :effect (and (at ?from) (not (at ?k))
                 (box ?to) (not (box ?from))
                 (clear ?from) (not (clear ?to))))
)
