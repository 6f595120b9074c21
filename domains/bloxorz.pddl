; Bloxorz: roll a 1x1x2 block over a stage of tiles until it stands upright on the hole.
; Written by translator/bloxorz/encoding.py (generic_domain); tests check the two agree.
(define (domain bloxorz)
  (:requirements :strips :typing :negative-preconditions :equality :existential-preconditions :conditional-effects)
  (:types cell)
  (:predicates
    (right ?a ?b - cell)        ; ?b is the cell right of ?a
    (below ?a ?b - cell)        ; ?b is the cell below ?a
    (right2 ?a ?b - cell)       ; ?b is two cells right of ?a
    (below2 ?a ?b - cell)       ; ?b is two cells below ?a
    (fragile ?c - cell)         ; a standing block breaks through it
    (soft ?c - cell)            ; a soft switch: any part of the block presses it
    (split-switch ?c - cell)    ; a block standing on it splits into two cubes
    (split-first ?s ?p - cell)  ; ... one cube landing on ?p
    (split-second ?s ?q - cell) ; ... and the other on ?q
    (opens ?s ?t - cell)        ; pressing the switch ?s opens the bridge tile ?t
    (closes ?s ?t - cell)       ; ... closes it
    (toggles ?s ?t - cell)      ; ... opens it when closed, closes it when open
    (drops ?s ?t - cell)        ; the soft switch ?s closes or toggles ?t
    (solid ?c - cell)           ; a tile is there now (bridge tiles come and go)
    (standing ?c - cell)        ; the block stands on ?c
    (lying-x ?c - cell)         ; the block lies on ?c and the cell right of it
    (lying-y ?c - cell)         ; the block lies on ?c and the cell below it
    (cube ?c - cell)            ; a cube of the split block stands on ?c
  )
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (standing ?c)) (lying-y ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (standing ?c)) (lying-y ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (standing ?c)) (lying-x ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (standing ?c)) (lying-x ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (lying-x ?c)) (lying-x ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (lying-x ?c)) (lying-x ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (lying-y ?c)) (lying-y ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)))
    :effect (and (not (lying-y ?c)) (lying-y ?a)
      (forall (?t - cell) (and
        (when (and (soft ?a) (opens ?a ?t)) (solid ?t))
        (when (and (soft ?a) (closes ?a ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?a) (toggles ?a ?t) (not (solid ?t))) (solid ?t))))
      (forall (?t - cell) (and
        (when (and (soft ?b) (opens ?b ?t)) (solid ?t))
        (when (and (soft ?b) (closes ?b ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?b) (toggles ?b ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (right ?a ?c) (solid ?a) (not (fragile ?a)) (not (split-switch ?a)))
    :effect (and (not (lying-x ?c)) (standing ?a)
      (forall (?t - cell) (and
        (when (and (opens ?a ?t)) (solid ?t))
        (when (and (closes ?a ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (right2 ?c ?a) (solid ?a) (not (fragile ?a)) (not (split-switch ?a)))
    :effect (and (not (lying-x ?c)) (standing ?a)
      (forall (?t - cell) (and
        (when (and (opens ?a ?t)) (solid ?t))
        (when (and (closes ?a ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (below ?a ?c) (solid ?a) (not (fragile ?a)) (not (split-switch ?a)))
    :effect (and (not (lying-y ?c)) (standing ?a)
      (forall (?t - cell) (and
        (when (and (opens ?a ?t)) (solid ?t))
        (when (and (closes ?a ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (below2 ?c ?a) (solid ?a) (not (fragile ?a)) (not (split-switch ?a)))
    :effect (and (not (lying-y ?c)) (standing ?a)
      (forall (?t - cell) (and
        (when (and (opens ?a ?t)) (solid ?t))
        (when (and (closes ?a ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (solid ?t)) (not (solid ?t)))
        (when (and (toggles ?a ?t) (not (solid ?t))) (solid ?t))))))
  ; the block lying from ?c rolls left onto the split switch ?a: two cubes land on ?p and ?q
  (:action lie-x-left-split
    :parameters (?c ?a ?p ?q - cell)
    :precondition (and (lying-x ?c) (right ?a ?c) (split-switch ?a) (split-first ?a ?p) (split-second ?a ?q) (solid ?p) (solid ?q))
    :effect (and (not (lying-x ?c)) (cube ?p) (cube ?q)))
  ; the block lying from ?c rolls right onto the split switch ?a: two cubes land on ?p and ?q
  (:action lie-x-right-split
    :parameters (?c ?a ?p ?q - cell)
    :precondition (and (lying-x ?c) (right2 ?c ?a) (split-switch ?a) (split-first ?a ?p) (split-second ?a ?q) (solid ?p) (solid ?q))
    :effect (and (not (lying-x ?c)) (cube ?p) (cube ?q)))
  ; the block lying from ?c rolls up onto the split switch ?a: two cubes land on ?p and ?q
  (:action lie-y-up-split
    :parameters (?c ?a ?p ?q - cell)
    :precondition (and (lying-y ?c) (below ?a ?c) (split-switch ?a) (split-first ?a ?p) (split-second ?a ?q) (solid ?p) (solid ?q))
    :effect (and (not (lying-y ?c)) (cube ?p) (cube ?q)))
  ; the block lying from ?c rolls down onto the split switch ?a: two cubes land on ?p and ?q
  (:action lie-y-down-split
    :parameters (?c ?a ?p ?q - cell)
    :precondition (and (lying-y ?c) (below2 ?c ?a) (split-switch ?a) (split-first ?a ?p) (split-second ?a ?q) (solid ?p) (solid ?q))
    :effect (and (not (lying-y ?c)) (cube ?p) (cube ?q)))
  ; the cube on ?from rolls up onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-up
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (below ?a ?to) (right ?l ?to) (right ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (exists (?t - cell) (and (drops ?to ?t) (cube ?t) (not (= ?t ?from))))))
    :effect (and (not (cube ?from)) (cube ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-right
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (right ?to ?other) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-left
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (right ?other ?to) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-up
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (below ?other ?to) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls down onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-down
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (below ?to ?a) (right ?l ?to) (right ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (exists (?t - cell) (and (drops ?to ?t) (cube ?t) (not (= ?t ?from))))))
    :effect (and (not (cube ?from)) (cube ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-right
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (right ?to ?other) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-left
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (right ?other ?to) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-down
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (below ?to ?other) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls left onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-left
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (right ?a ?to) (below ?l ?to) (below ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (exists (?t - cell) (and (drops ?to ?t) (cube ?t) (not (= ?t ?from))))))
    :effect (and (not (cube ?from)) (cube ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-left
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (right ?other ?to) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-down
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (below ?to ?other) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-up
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (below ?other ?to) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls right onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-right
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (right ?to ?a) (below ?l ?to) (below ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (exists (?t - cell) (and (drops ?to ?t) (cube ?t) (not (= ?t ?from))))))
    :effect (and (not (cube ?from)) (cube ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-right
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (right ?to ?other) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-down
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (below ?to ?other) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?to)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-up
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (below ?other ?to) (cube ?other) (not (drops ?to ?other)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other)
      (forall (?t - cell) (and
        (when (and (soft ?to) (opens ?to ?t)) (solid ?t))
        (when (and (soft ?to) (closes ?to ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (solid ?t)) (not (solid ?t)))
        (when (and (soft ?to) (toggles ?to ?t) (not (solid ?t))) (solid ?t))))))
)
