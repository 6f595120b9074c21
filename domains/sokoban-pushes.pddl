; Sokoban, push level: one action per push; walking is compressed into the derived predicate
; (reachable ?c), true for the cells the keeper can walk to around the boxes. A push from ?k needs ?k
; reachable; the keeper then stands where the box was. Plans are optimal in pushes when the search is.
; Same objects and facts as sokoban-moves; written for puzzleplan.
(define (domain sokoban-pushes)
  (:requirements :strips :typing :derived-predicates :existential-preconditions)
  (:types cell direction)
  (:predicates (at ?c - cell)
               (box ?c - cell)
               (clear ?c - cell)
               (live ?c - cell)
               (adjacent ?from ?to - cell ?d - direction)
               (reachable ?c - cell))
  (:derived (reachable ?c - cell) (at ?c))
  (:derived (reachable ?c - cell)
    (exists (?p - cell ?d - direction) (and (reachable ?p) (adjacent ?p ?c ?d) (clear ?c))))
  (:action push
    :parameters (?old ?k ?from ?to - cell ?d - direction)
    :precondition (and (at ?old) (reachable ?k) (adjacent ?k ?from ?d) (adjacent ?from ?to ?d)
                       (box ?from) (clear ?to) (live ?to))
    :effect (and (not (at ?old)) (at ?from)
                 (box ?to) (not (box ?from))
                 (clear ?from) (not (clear ?to))))
)
