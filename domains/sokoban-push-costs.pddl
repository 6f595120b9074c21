; Sokoban, push level for planners without derived predicates (Fast Downward's LM-cut): the move-level
; actions, with walking free and every push costing 1 (as in the IPC-2008 sokoban-sequential domain), so a
; cost-optimal plan has the fewest pushes. Same objects and facts as sokoban-moves; written for puzzleplan.
(define (domain sokoban-push-costs)
  (:requirements :strips :typing :action-costs)
  (:types cell direction)
  (:predicates (at ?c - cell)
               (box ?c - cell)
               (clear ?c - cell)
               (live ?c - cell)
               (adjacent ?from ?to - cell ?d - direction))
  (:functions (total-cost) - number)
  (:action move
    :parameters (?from ?to - cell ?d - direction)
    :precondition (and (at ?from) (adjacent ?from ?to ?d) (clear ?to))
    :effect (and (at ?to) (not (at ?from)) (increase (total-cost) 0)))
  (:action push
    :parameters (?k ?from ?to - cell ?d - direction)
    :precondition (and (at ?k) (adjacent ?k ?from ?d) (adjacent ?from ?to ?d)
                       (box ?from) (clear ?to) (live ?to))
    :effect (and (at ?from) (not (at ?k))
                 (box ?to) (not (box ?from))
                 (clear ?from) (not (clear ?to))
                 (increase (total-cost) 1)))
)
