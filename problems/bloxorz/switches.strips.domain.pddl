; Bloxorz, one stage's own domain: switches spelt out (domains/bloxorz.pddl is the general one).
(define (domain bloxorz)
  (:requirements :strips :typing :negative-preconditions)
  (:types cell)
  (:constants c2-4 c2-5 c3-9 c4-2 c4-7 - cell)
  (:predicates
    (right ?a ?b - cell)       ; ?b is the cell right of ?a
    (below ?a ?b - cell)       ; ?b is the cell below ?a
    (right2 ?a ?b - cell)      ; ?b is two cells right of ?a
    (below2 ?a ?b - cell)      ; ?b is two cells below ?a
    (drops ?s ?t - cell)       ; the soft switch ?s closes or toggles ?t
    (solid ?c - cell)          ; a tile is there now (bridge tiles come and go)
    (standing ?c - cell)       ; the block stands on ?c
    (lying-x ?c - cell)        ; the block lies on ?c and the cell right of it
    (lying-y ?c - cell)        ; the block lies on ?c and the cell below it
    (press-standing ?c - cell) ; a switch here acts under a standing block
    (press-lying ?c - cell)    ; ... and under a lying block or a cube
  )
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-y ?a)))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below c4-2 ?c) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-y ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below c4-2 ?c) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-y ?a) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-y c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls up onto ?a and ?b
  (:action stand-up--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?b ?c) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-y c4-2) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-y ?a)))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-y ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (below ?c ?a) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-y ?a) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?c c4-2) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-y c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls down onto ?a and ?b
  (:action stand-down--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (below ?c c4-2) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-y c4-2) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-x ?a)))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right c4-2 ?c) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-x ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right c4-2 ?c) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-x ?a) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-x c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls left onto ?a and ?b
  (:action stand-left--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?b ?c) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-x c4-2) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right
    :parameters (?c ?a ?b - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (standing ?c)) (lying-x ?a)))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-x ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (standing ?c) (right ?c ?a) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-x ?a) (solid c2-4) (solid c2-5)))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?c c4-2) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (standing ?c)) (lying-x c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block standing on ?c falls right onto ?a and ?b
  (:action stand-right--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (standing ?c) (right ?c c4-2) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (standing ?c)) (lying-x c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-x ?c)) (lying-x ?a)))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?a ?c) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below c4-2 ?c) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (lying-x ?c)) (lying-x c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls up onto ?a and ?b, still lying
  (:action lie-x-up--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below c4-2 ?c) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (lying-x ?c)) (lying-x c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-x ?c)) (lying-x ?a)))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (below ?c ?a) (right ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (lying-x ?c)) (lying-x ?a) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below ?c c4-2) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (lying-x ?c)) (lying-x c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls down onto ?a and ?b, still lying
  (:action lie-x-down--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-x ?c) (below ?c c4-2) (right c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (lying-x ?c)) (lying-x c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-y ?c)) (lying-y ?a)))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?a ?c) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right c4-2 ?c) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (lying-y ?c)) (lying-y c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls left onto ?a and ?b, still lying
  (:action lie-y-left--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right c4-2 ?c) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (lying-y ?c)) (lying-y c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right
    :parameters (?c ?a ?b - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a ?b) (solid ?a) (solid ?b) (not (drops ?a ?b)) (not (drops ?b ?a)) (not (press-lying ?a)) (not (press-lying ?b)))
    :effect (and (not (lying-y ?c)) (lying-y ?a)))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--b-c4-2--c2-4-open
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (solid c2-4))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--b-c4-2--c2-4-closed
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (right ?c ?a) (below ?a c4-2) (solid ?a) (solid c4-2) (not (drops ?a c4-2)) (not (drops c4-2 ?a)) (not (press-lying ?a)) (not (solid c2-4)))
    :effect (and (not (lying-y ?c)) (lying-y ?a) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--a-c4-2--c2-4-open
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right ?c c4-2) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (solid c2-4))
    :effect (and (not (lying-y ?c)) (lying-y c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls right onto ?a and ?b, still lying
  (:action lie-y-right--a-c4-2--c2-4-closed
    :parameters (?c ?b - cell)
    :precondition (and (lying-y ?c) (right ?c c4-2) (below c4-2 ?b) (solid c4-2) (solid ?b) (not (drops c4-2 ?b)) (not (drops ?b c4-2)) (not (press-lying ?b)) (not (solid c2-4)))
    :effect (and (not (lying-y ?c)) (lying-y c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (right ?a ?c) (solid ?a) (not (press-standing ?a)))
    :effect (and (not (lying-x ?c)) (standing ?a)))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left--a-c4-2--c2-4-open
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right c4-2 ?c) (solid c4-2) (solid c2-4))
    :effect (and (not (lying-x ?c)) (standing c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left--a-c4-2--c2-4-closed
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right c4-2 ?c) (solid c4-2) (not (solid c2-4)))
    :effect (and (not (lying-x ?c)) (standing c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls left and stands up on ?a
  (:action lie-x-left--a-c4-7
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right c4-7 ?c) (solid c4-7))
    :effect (and (not (lying-x ?c)) (standing c4-7) (not (solid c2-4)) (not (solid c2-5)) (solid c3-9)))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right
    :parameters (?c ?a - cell)
    :precondition (and (lying-x ?c) (right2 ?c ?a) (solid ?a) (not (press-standing ?a)))
    :effect (and (not (lying-x ?c)) (standing ?a)))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right--a-c4-2--c2-4-open
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right2 ?c c4-2) (solid c4-2) (solid c2-4))
    :effect (and (not (lying-x ?c)) (standing c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right--a-c4-2--c2-4-closed
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right2 ?c c4-2) (solid c4-2) (not (solid c2-4)))
    :effect (and (not (lying-x ?c)) (standing c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls right and stands up on ?a
  (:action lie-x-right--a-c4-7
    :parameters (?c - cell)
    :precondition (and (lying-x ?c) (right2 ?c c4-7) (solid c4-7))
    :effect (and (not (lying-x ?c)) (standing c4-7) (not (solid c2-4)) (not (solid c2-5)) (solid c3-9)))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (below ?a ?c) (solid ?a) (not (press-standing ?a)))
    :effect (and (not (lying-y ?c)) (standing ?a)))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up--a-c4-2--c2-4-open
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below c4-2 ?c) (solid c4-2) (solid c2-4))
    :effect (and (not (lying-y ?c)) (standing c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up--a-c4-2--c2-4-closed
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below c4-2 ?c) (solid c4-2) (not (solid c2-4)))
    :effect (and (not (lying-y ?c)) (standing c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls up and stands up on ?a
  (:action lie-y-up--a-c4-7
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below c4-7 ?c) (solid c4-7))
    :effect (and (not (lying-y ?c)) (standing c4-7) (not (solid c2-4)) (not (solid c2-5)) (solid c3-9)))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down
    :parameters (?c ?a - cell)
    :precondition (and (lying-y ?c) (below2 ?c ?a) (solid ?a) (not (press-standing ?a)))
    :effect (and (not (lying-y ?c)) (standing ?a)))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down--a-c4-2--c2-4-open
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below2 ?c c4-2) (solid c4-2) (solid c2-4))
    :effect (and (not (lying-y ?c)) (standing c4-2) (not (solid c2-4)) (not (solid c2-5))))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down--a-c4-2--c2-4-closed
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below2 ?c c4-2) (solid c4-2) (not (solid c2-4)))
    :effect (and (not (lying-y ?c)) (standing c4-2) (solid c2-4) (solid c2-5)))
  ; the block lying from ?c rolls down and stands up on ?a
  (:action lie-y-down--a-c4-7
    :parameters (?c - cell)
    :precondition (and (lying-y ?c) (below2 ?c c4-7) (solid c4-7))
    :effect (and (not (lying-y ?c)) (standing c4-7) (not (solid c2-4)) (not (solid c2-5)) (solid c3-9)))
)
