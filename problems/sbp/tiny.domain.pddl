(define (domain sbp)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (at-master ?c - cell) (at-shape1 ?c - cell) (at-shape2 ?c - cell)
               (free ?c - cell) (floor ?c - cell) (covered ?c - cell)
               (right ?c ?d - cell) (below ?c ?d - cell))
  ; master: cells 0,0 (row,column from the first cell)
  (:action move-master-up
    :parameters (?from ?to - cell)
    :precondition (and (at-master ?from) (below ?to ?from) (free ?to))
    :effect (and (not (at-master ?from)) (at-master ?to) (not (free ?to)) (free ?from) (covered ?to) (not (covered ?from))))
  (:action move-master-down
    :parameters (?from ?to - cell)
    :precondition (and (at-master ?from) (below ?from ?to) (free ?to))
    :effect (and (not (at-master ?from)) (at-master ?to) (not (free ?to)) (free ?from) (covered ?to) (not (covered ?from))))
  (:action move-master-left
    :parameters (?from ?to - cell)
    :precondition (and (at-master ?from) (right ?to ?from) (free ?to))
    :effect (and (not (at-master ?from)) (at-master ?to) (not (free ?to)) (free ?from) (covered ?to) (not (covered ?from))))
  (:action move-master-right
    :parameters (?from ?to - cell)
    :precondition (and (at-master ?from) (right ?from ?to) (free ?to))
    :effect (and (not (at-master ?from)) (at-master ?to) (not (free ?to)) (free ?from) (covered ?to) (not (covered ?from))))
  ; shape1: cells 0,0 (row,column from the first cell)
  (:action move-shape1-up
    :parameters (?from ?to - cell)
    :precondition (and (at-shape1 ?from) (below ?to ?from) (free ?to) (floor ?to))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (free ?from)))
  (:action move-shape1-down
    :parameters (?from ?to - cell)
    :precondition (and (at-shape1 ?from) (below ?from ?to) (free ?to) (floor ?to))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (free ?from)))
  (:action move-shape1-left
    :parameters (?from ?to - cell)
    :precondition (and (at-shape1 ?from) (right ?to ?from) (free ?to) (floor ?to))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (free ?from)))
  (:action move-shape1-right
    :parameters (?from ?to - cell)
    :precondition (and (at-shape1 ?from) (right ?from ?to) (free ?to) (floor ?to))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (free ?from)))
  ; shape2: cells 0,0 0,1 (row,column from the first cell)
  (:action move-shape2-up
    :parameters (?from ?to ?new1 ?old1 - cell)
    :precondition (and (at-shape2 ?from) (below ?to ?from) (right ?from ?old1) (right ?to ?new1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?to)) (not (free ?new1)) (free ?from) (free ?old1)))
  (:action move-shape2-down
    :parameters (?from ?to ?new1 ?old1 - cell)
    :precondition (and (at-shape2 ?from) (right ?from ?old1) (below ?from ?to) (below ?old1 ?new1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?to)) (not (free ?new1)) (free ?from) (free ?old1)))
  (:action move-shape2-left
    :parameters (?from ?to ?old1 - cell)
    :precondition (and (at-shape2 ?from) (right ?to ?from) (right ?from ?old1) (free ?to) (floor ?to))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?to)) (free ?old1)))
  (:action move-shape2-right
    :parameters (?from ?to ?new1 - cell)
    :precondition (and (at-shape2 ?from) (right ?from ?to) (right ?to ?new1) (free ?new1) (floor ?new1))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?new1)) (free ?from)))
)
