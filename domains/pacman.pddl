; Pac-Man food search (seed 004): Pac-Man moves one cell up, down, left or right; a move onto a pellet eats it.
; Written for puzzleplan; STRIPS with typing, so every planner runs it. Every open cell is either (food ?c)
; or (clear ?c), so exactly one of the two actions moves Pac-Man onto a given neighbour: one action a move,
; and the shortest plan is the shortest game.
(define (domain pacman)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (at ?c - cell)
               (adjacent ?from - cell ?to - cell)
               (food ?c - cell)
               (clear ?c - cell))
  (:action move
    :parameters (?from - cell ?to - cell)
    :precondition (and (at ?from) (adjacent ?from ?to) (clear ?to))
    :effect (and (at ?to) (not (at ?from))))
  (:action eat
    :parameters (?from - cell ?to - cell)
    :precondition (and (at ?from) (adjacent ?from ?to) (food ?to))
    :effect (and (at ?to) (clear ?to) (not (at ?from)) (not (food ?to))))
)
