; Bloxorz, one stage's own domain: switches spelt out (domains/bloxorz.pddl is the general one).
(define (domain bloxorz)
  (:requirements :strips :typing :negative-preconditions)
  (:types cell)
  (:constants c4-7 c5-7 - cell)
  (:predicates
    (right ?a ?b - cell)        ; ?b is the cell right of ?a
    (below ?a ?b - cell)        ; ?b is the cell below ?a
    (right2 ?a ?b - cell)       ; ?b is two cells right of ?a
    (below2 ?a ?b - cell)       ; ?b is two cells below ?a
    (split-switch ?c - cell)    ; a block standing on it splits into two cubes
    (split-first ?s ?p - cell)  ; ... one cube landing on ?p
    (split-second ?s ?q - cell) ; ... and the other on ?q
    (drops ?s ?t - cell)        ; the soft switch ?s closes or toggles ?t
    (solid ?c - cell)           ; a tile is there now (bridge tiles come and go)
    (standing ?c - cell)        ; the block stands on ?c
    (lying-x ?c - cell)         ; the block lies on ?c and the cell right of it
    (lying-y ?c - cell)         ; the block lies on ?c and the cell below it
    (cube ?c - cell)            ; a cube of the split block stands on ?c
    (press-standing ?c - cell)  ; a switch here acts under a standing block
    (press-lying ?c - cell)     ; ... and under a lying block or a cube
  )
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-y ?a)))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below c4-7 ?c) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-y ?a) (not (solid c5-7))))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below c4-7 ?c) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-y ?a) (solid c5-7)))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-y c4-7) (not (solid c5-7))))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-y c4-7) (solid c5-7)))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-y ?a)))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-y ?a) (not (solid c5-7))))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-y ?a) (solid c5-7)))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?c c4-7) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-y c4-7) (not (solid c5-7))))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?c c4-7) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-y c4-7) (solid c5-7)))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-x ?a)))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right c4-7 ?c) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-x ?a) (not (solid c5-7))))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right c4-7 ?c) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-x ?a) (solid c5-7)))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-x c4-7) (not (solid c5-7))))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-x c4-7) (solid c5-7)))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-x ?a)))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-x ?a) (not (solid c5-7))))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-x ?a) (solid c5-7)))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?c c4-7) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (standing ?c)) (lying-x c4-7) (not (solid c5-7))))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?c c4-7) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (standing ?c)) (lying-x c4-7) (solid c5-7)))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-x ?c)) (lying-x ?a)))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (not (solid c5-7))))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (solid c5-7)))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below c4-7 ?c) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (lying-x ?c)) (lying-x c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below c4-7 ?c) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (lying-x ?c)) (lying-x c4-7) (solid c5-7)))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-x ?c)) (lying-x ?a)))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (not (solid c5-7))))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (solid c5-7)))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below ?c c4-7) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (lying-x ?c)) (lying-x c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below ?c c4-7) (right c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (lying-x ?c)) (lying-x c4-7) (solid c5-7)))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-y ?c)) (lying-y ?a)))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (not (solid c5-7))))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (solid c5-7)))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right c4-7 ?c) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (lying-y ?c)) (lying-y c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right c4-7 ?c) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (lying-y ?c)) (lying-y c4-7) (solid c5-7)))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-y ?c)) (lying-y ?a)))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--b-c4-7--c5-7-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (solid c5-7))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (not (solid c5-7))))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--b-c4-7--c5-7-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a c4-7) (solid ?a) (solid c4-7) (not (drops ?a c4-7)) (not (drops c4-7 ?a)) (not (press-lying ?a)) (not (solid c5-7)))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (solid c5-7)))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--a-c4-7--c5-7-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right ?c c4-7) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (solid c5-7))
    :effect (and (not (lying-y ?c)) (lying-y c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--a-c4-7--c5-7-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right ?c c4-7) (below c4-7 ?b) (solid c4-7) (solid ?b) (not (drops c4-7 ?b)) (not (drops ?b c4-7)) (not (press-lying ?b)) (not (solid c5-7)))
    :effect (and (not (lying-y ?c)) (lying-y c4-7) (solid c5-7)))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (right ?a ?c) (solid ?a) (not (split-switch ?a)) (not (press-standing ?a)))
    :effect (and (not (lying-x ?c)) (standing ?a)))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left--a-c4-7--c5-7-open
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right c4-7 ?c) (solid c4-7) (not (split-switch c4-7)) (solid c5-7))
    :effect (and (not (lying-x ?c)) (standing c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left--a-c4-7--c5-7-closed
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right c4-7 ?c) (solid c4-7) (not (split-switch c4-7)) (not (solid c5-7)))
    :effect (and (not (lying-x ?c)) (standing c4-7) (solid c5-7)))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (right2 ?c ?a) (solid ?a) (not (split-switch ?a)) (not (press-standing ?a)))
    :effect (and (not (lying-x ?c)) (standing ?a)))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right--a-c4-7--c5-7-open
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right2 ?c c4-7) (solid c4-7) (not (split-switch c4-7)) (solid c5-7))
    :effect (and (not (lying-x ?c)) (standing c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right--a-c4-7--c5-7-closed
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right2 ?c c4-7) (solid c4-7) (not (split-switch c4-7)) (not (solid c5-7)))
    :effect (and (not (lying-x ?c)) (standing c4-7) (solid c5-7)))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (below ?a ?c) (solid ?a) (not (split-switch ?a)) (not (press-standing ?a)))
    :effect (and (not (lying-y ?c)) (standing ?a)))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up--a-c4-7--c5-7-open
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below c4-7 ?c) (solid c4-7) (not (split-switch c4-7)) (solid c5-7))
    :effect (and (not (lying-y ?c)) (standing c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up--a-c4-7--c5-7-closed
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below c4-7 ?c) (solid c4-7) (not (split-switch c4-7)) (not (solid c5-7)))
    :effect (and (not (lying-y ?c)) (standing c4-7) (solid c5-7)))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (below2 ?c ?a) (solid ?a) (not (split-switch ?a)) (not (press-standing ?a)))
    :effect (and (not (lying-y ?c)) (standing ?a)))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down--a-c4-7--c5-7-open
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below2 ?c c4-7) (solid c4-7) (not (split-switch c4-7)) (solid c5-7))
    :effect (and (not (lying-y ?c)) (standing c4-7) (not (solid c5-7))))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down--a-c4-7--c5-7-closed
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below2 ?c c4-7) (solid c4-7) (not (split-switch c4-7)) (not (solid c5-7)))
    :effect (and (not (lying-y ?c)) (standing c4-7) (solid c5-7)))
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
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (below ?a ?to) (right ?l ?to) (right ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (cube ?to)))
  ; the cube on ?from rolls up onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-up--to-c4-7--c5-7-open
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (below ?a c4-7) (right ?l c4-7) (right c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (solid c5-7))
    :effect (and (not (cube ?from)) (cube c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls up onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-up--to-c4-7--c5-7-closed
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (below ?a c4-7) (right ?l c4-7) (right c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (cube c4-7) (solid c5-7)))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-right
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (right ?to ?other) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?to)))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-right--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (right c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-right--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (right c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x c4-7) (solid c5-7)))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-left
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (right ?other ?to) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other)))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-left--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (right ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other) (not (solid c5-7))))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-left--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (right ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other) (solid c5-7)))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-up
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?to ?from) (solid ?to) (below ?other ?to) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other)))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-up--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (below ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other) (not (solid c5-7))))
  ; the cube on ?from rolls up onto ?to, beside the other cube on ?other: they join
  (:action cube-up-join-up--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below c4-7 ?from) (solid c4-7) (below ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other) (solid c5-7)))
  ; the cube on ?from rolls down onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-down
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (below ?to ?a) (right ?l ?to) (right ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (cube ?to)))
  ; the cube on ?from rolls down onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-down--to-c4-7--c5-7-open
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (below c4-7 ?a) (right ?l c4-7) (right c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (cube c5-7)) (solid c5-7))
    :effect (and (not (cube ?from)) (cube c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls down onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-down--to-c4-7--c5-7-closed
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (below c4-7 ?a) (right ?l c4-7) (right c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (cube c5-7)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (cube c4-7) (solid c5-7)))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-right
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (right ?to ?other) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?to)))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-right--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (right c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-right--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (right c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x c4-7) (solid c5-7)))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-left
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (right ?other ?to) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other)))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-left--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (right ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other) (not (solid c5-7))))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-left--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (right ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other) (solid c5-7)))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-down
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (below ?from ?to) (solid ?to) (below ?to ?other) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?to)))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-down--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (below c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls down onto ?to, beside the other cube on ?other: they join
  (:action cube-down-join-down--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (below ?from c4-7) (solid c4-7) (below c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y c4-7) (solid c5-7)))
  ; the cube on ?from rolls left onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-left
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (right ?a ?to) (below ?l ?to) (below ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (cube ?to)))
  ; the cube on ?from rolls left onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-left--to-c4-7--c5-7-open
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (right ?a c4-7) (below ?l c4-7) (below c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (cube c5-7)) (solid c5-7))
    :effect (and (not (cube ?from)) (cube c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls left onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-left--to-c4-7--c5-7-closed
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (right ?a c4-7) (below ?l c4-7) (below c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (cube c5-7)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (cube c4-7) (solid c5-7)))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-left
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (right ?other ?to) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other)))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-left--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (right ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other) (not (solid c5-7))))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-left--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (right ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?other) (solid c5-7)))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-down
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (below ?to ?other) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?to)))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-down--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (below c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-down--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (below c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y c4-7) (solid c5-7)))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-up
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?to ?from) (solid ?to) (below ?other ?to) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other)))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-up--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (below ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other) (not (solid c5-7))))
  ; the cube on ?from rolls left onto ?to, beside the other cube on ?other: they join
  (:action cube-left-join-up--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right c4-7 ?from) (solid c4-7) (below ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other) (solid c5-7)))
  ; the cube on ?from rolls right onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-right
    :parameters (?from ?to ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (right ?to ?a) (below ?l ?to) (below ?to ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (cube ?to)))
  ; the cube on ?from rolls right onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-right--to-c4-7--c5-7-open
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (right c4-7 ?a) (below ?l c4-7) (below c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (cube c5-7)) (solid c5-7))
    :effect (and (not (cube ?from)) (cube c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls right onto ?to; no cube on ?a, ?l, ?r around it
  (:action cube-right--to-c4-7--c5-7-closed
    :parameters (?from ?a ?l ?r - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (right c4-7 ?a) (below ?l c4-7) (below c4-7 ?r) (not (cube ?a)) (not (cube ?l)) (not (cube ?r)) (not (cube c5-7)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (cube c4-7) (solid c5-7)))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-right
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (right ?to ?other) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x ?to)))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-right--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (right c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-right--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (right c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-x c4-7) (solid c5-7)))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-down
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (below ?to ?other) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?to)))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-down--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (below c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y c4-7) (not (solid c5-7))))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-down--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (below c4-7 ?other) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y c4-7) (solid c5-7)))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-up
    :parameters (?from ?to ?other - cell)
    :precondition (and (cube ?from) (right ?from ?to) (solid ?to) (below ?other ?to) (cube ?other) (not (drops ?to ?other)) (not (press-lying ?to)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other)))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-up--to-c4-7--c5-7-open
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (below ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (solid c5-7))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other) (not (solid c5-7))))
  ; the cube on ?from rolls right onto ?to, beside the other cube on ?other: they join
  (:action cube-right-join-up--to-c4-7--c5-7-closed
    :parameters (?from ?other - cell)
    :precondition (and (cube ?from) (right ?from c4-7) (solid c4-7) (below ?other c4-7) (cube ?other) (not (drops c4-7 ?other)) (not (solid c5-7)))
    :effect (and (not (cube ?from)) (not (cube ?other)) (lying-y ?other) (solid c5-7)))
)
