; a small domain that uses every feature the PDDL validator evaluates (docs/pddl.md)
(define (domain rooms)
  (:requirements :typing :negative-preconditions :disjunctive-preconditions :equality
                 :quantified-preconditions :conditional-effects :action-costs)
  (:types room item - object key - item)
  (:predicates (at ?r - room) (in ?i - item ?r - room) (held ?i - item) (door ?a ?b - room)
               (locked ?r - room) (dark ?r - room) (lit ?r - room))
  (:functions (total-cost) - number (distance ?a ?b - room) - number)
  (:action walk
    :parameters (?from ?to - room)
    :precondition (and (at ?from) (not (= ?from ?to)) (or (door ?from ?to) (door ?to ?from))
                       (imply (locked ?to) (exists (?k - key) (held ?k))))
    :effect (and (at ?to) (not (at ?from)) (increase (total-cost) (distance ?from ?to))
                 (forall (?i - item) (when (held ?i) (and (in ?i ?to) (not (in ?i ?from)))))))
  (:action take
    :parameters (?i - item ?r - room)
    :precondition (and (at ?r) (in ?i ?r) (not (held ?i)) (not (dark ?r)))
    :effect (and (held ?i) (increase (total-cost) 1)))
  (:action light-all
    :parameters (?r - room)
    :precondition (and (at ?r) (forall (?x - room) (not (lit ?x))))
    :effect (and (forall (?x - room) (when (dark ?x) (and (lit ?x) (not (dark ?x))))) (increase (total-cost) 2))))
