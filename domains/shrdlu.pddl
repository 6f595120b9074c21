; Mini-SHRDLU (seed 000): numbered blocks in the cells of an n x n board that hangs vertically; a move takes
; the top block of one column to the lowest free cell of another column. Written for puzzleplan.
; Cells are cR-C (row 0 at the bottom). Each column also has two sentinel cells that no block ever enters:
; floorC under row 0 is always full (so a bottom cell is supported) and ceilingC over the top row is always
; free (so a block in the top row is a top block). (apart ?p ?q) holds for board cells in different columns.
; The action is STRIPS; the requirements cover the goal language (negation, disjunction), and the
; translator narrows them to what a problem's goal uses.
(define (domain shrdlu)
  (:requirements :strips :typing :negative-preconditions :disjunctive-preconditions)
  (:types block cell)
  (:predicates (at ?b - block ?p - cell)
               (free ?p - cell)
               (full ?p - cell)
               (under ?p - cell ?q - cell)
               (apart ?p - cell ?q - cell))
  (:action move
    :parameters (?b - block ?from - cell ?over - cell ?to - cell ?base - cell)
    :precondition (and (at ?b ?from) (under ?from ?over) (free ?over)
                       (apart ?from ?to) (free ?to) (under ?base ?to) (full ?base))
    :effect (and (not (at ?b ?from)) (at ?b ?to)
                 (not (full ?from)) (free ?from)
                 (not (free ?to)) (full ?to)))
)
