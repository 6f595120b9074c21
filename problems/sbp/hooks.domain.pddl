(define (domain sbp)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (at-master ?c - cell) (at-shape1 ?c - cell) (at-shape2 ?c - cell) (at-shape3 ?c - cell)
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
  ; shape1: cells 0,0 0,1 1,1 (row,column from the first cell)
  (:action move-shape1-up
    :parameters (?from ?to ?new1 ?old1 ?via1 - cell)
    :precondition (and (at-shape1 ?from) (below ?to ?from) (right ?to ?new1) (below ?via1 ?old1) (right ?from ?via1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (not (free ?new1)) (free ?from) (free ?old1)))
  (:action move-shape1-down
    :parameters (?from ?to ?new1 ?old1 ?via1 - cell)
    :precondition (and (at-shape1 ?from) (right ?from ?old1) (below ?from ?to) (below ?via1 ?new1) (below ?old1 ?via1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (not (free ?new1)) (free ?from) (free ?old1)))
  (:action move-shape1-left
    :parameters (?from ?to ?new1 ?old1 ?old2 - cell)
    :precondition (and (at-shape1 ?from) (right ?to ?from) (right ?from ?old1) (below ?from ?new1) (below ?old1 ?old2) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?to)) (not (free ?new1)) (free ?old1) (free ?old2)))
  (:action move-shape1-right
    :parameters (?from ?to ?new1 ?new2 ?old1 - cell)
    :precondition (and (at-shape1 ?from) (right ?from ?to) (right ?to ?new1) (below ?to ?old1) (below ?new1 ?new2) (free ?new1) (free ?new2) (floor ?new1) (floor ?new2))
    :effect (and (not (at-shape1 ?from)) (at-shape1 ?to) (not (free ?new1)) (not (free ?new2)) (free ?from) (free ?old1)))
  ; shape2: cells 0,0 1,-1 1,0 (row,column from the first cell)
  (:action move-shape2-up
    :parameters (?from ?to ?new1 ?old1 ?old2 - cell)
    :precondition (and (at-shape2 ?from) (below ?to ?from) (right ?new1 ?from) (below ?from ?old2) (below ?new1 ?old1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?to)) (not (free ?new1)) (free ?old1) (free ?old2)))
  (:action move-shape2-down
    :parameters (?from ?to ?new1 ?new2 ?old1 - cell)
    :precondition (and (at-shape2 ?from) (below ?from ?to) (right ?old1 ?to) (below ?to ?new2) (below ?old1 ?new1) (free ?new1) (free ?new2) (floor ?new1) (floor ?new2))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?new1)) (not (free ?new2)) (free ?from) (free ?old1)))
  (:action move-shape2-left
    :parameters (?from ?to ?new1 ?old1 ?via1 - cell)
    :precondition (and (at-shape2 ?from) (right ?to ?from) (below ?from ?old1) (right ?new1 ?via1) (below ?to ?via1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?to)) (not (free ?new1)) (free ?from) (free ?old1)))
  (:action move-shape2-right
    :parameters (?from ?to ?new1 ?old1 ?via1 - cell)
    :precondition (and (at-shape2 ?from) (right ?from ?to) (right ?old1 ?via1) (below ?from ?via1) (below ?to ?new1) (free ?to) (free ?new1) (floor ?to) (floor ?new1))
    :effect (and (not (at-shape2 ?from)) (at-shape2 ?to) (not (free ?to)) (not (free ?new1)) (free ?from) (free ?old1)))
  ; shape3: cells 0,0 (row,column from the first cell)
  (:action move-shape3-up
    :parameters (?from ?to - cell)
    :precondition (and (at-shape3 ?from) (below ?to ?from) (free ?to) (floor ?to))
    :effect (and (not (at-shape3 ?from)) (at-shape3 ?to) (not (free ?to)) (free ?from)))
  (:action move-shape3-down
    :parameters (?from ?to - cell)
    :precondition (and (at-shape3 ?from) (below ?from ?to) (free ?to) (floor ?to))
    :effect (and (not (at-shape3 ?from)) (at-shape3 ?to) (not (free ?to)) (free ?from)))
  (:action move-shape3-left
    :parameters (?from ?to - cell)
    :precondition (and (at-shape3 ?from) (right ?to ?from) (free ?to) (floor ?to))
    :effect (and (not (at-shape3 ?from)) (at-shape3 ?to) (not (free ?to)) (free ?from)))
  (:action move-shape3-right
    :parameters (?from ?to - cell)
    :precondition (and (at-shape3 ?from) (right ?from ?to) (free ?to) (floor ?to))
    :effect (and (not (at-shape3 ?from)) (at-shape3 ?to) (not (free ?to)) (free ?from)))
)
