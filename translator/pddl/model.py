"""PDDL domain and problem files read into a model for replaying plans (pddl_semantics), with the check that
every feature the files use is declared in their `(:requirements ...)` (a departure when it is not: the
planners read the feature anyway).

The files are first checked by pddl_reader (names, arities, objects, types); this module then builds plain
immutable data from the same s-expressions: formulas and effects as tuples, objects with their types, the
initial atoms and numeric values, the goal and the metric. A feature used without its requirement flag is a
departure (pddl_departures) naming the flag, the file and the line: a warning, or under strict reading an
InputError.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from puzzleplan.translator.pddl.checks import Domain, check_task
from puzzleplan.translator.pddl.departures import depart, reading
from puzzleplan.translator.pddl.repairs import planner_texts
from puzzleplan.translator.pddl.syntax import NUMBER, Expr, Token, read_expressions

Atom = tuple[str, ...]
"""A ground atom or fluent: its predicate (or function) name, then its arguments, all in lower case."""

IMPLIED = {
    ":adl": (
        ":strips",
        ":typing",
        ":negative-preconditions",
        ":disjunctive-preconditions",
        ":equality",
        ":quantified-preconditions",
        ":conditional-effects",
    ),
    ":quantified-preconditions": (":existential-preconditions", ":universal-preconditions"),
    ":fluents": (":numeric-fluents", ":object-fluents"),
    ":numeric-fluents": (":action-costs",),
}
"""Requirement flags that stand for others."""

FEATURES = {
    ":typing": "types",
    ":negative-preconditions": "a negative condition",
    ":disjunctive-preconditions": "a disjunctive condition (or, imply)",
    ":existential-preconditions": "an existential condition (exists)",
    ":universal-preconditions": "a universal condition (forall)",
    ":equality": "equality (=)",
    ":conditional-effects": "a conditional or universal effect (when, forall)",
    ":action-costs": "action costs (total-cost)",
    ":numeric-fluents": "numeric fluents",
    ":derived-predicates": "derived predicates (:derived)",
    ":durative-actions": "durative actions",
}
"""What each requirement flag allows, as error messages name it."""

COMPARISONS = ("<", ">", "<=", ">=", "=")
NUMERIC_EFFECTS = ("increase", "decrease", "assign", "scale-up", "scale-down")


def expand(flags: set[str] | frozenset[str]) -> frozenset[str]:
    """The flags with every flag they imply (`:strips` always)."""
    result, todo = {":strips"}, list(flags)
    while todo:
        flag = todo.pop()
        if flag not in result:
            result.add(flag)
            todo.extend(IMPLIED.get(flag, ()))
    return frozenset(result)


@dataclass(frozen=True)
class Action:
    """An action schema: name, typed parameters, precondition formula (None for none) and effects."""

    name: str
    parameters: tuple[tuple[str, str], ...]
    precondition: tuple | None
    effects: tuple


@dataclass(frozen=True)
class Rule:
    """A derived predicate's rule: (:derived (NAME ?x - t ...) BODY)."""

    name: str
    parameters: tuple[tuple[str, str], ...]
    body: tuple


@dataclass
class Task:
    """A PDDL task read for replay: its types (each type with its ancestors), objects with their types,
    actions, initial atoms and numeric values, goal, metric and the requirement flags (expanded)."""

    domain: str
    problem: str
    requirements: frozenset[str]
    ancestors: dict[str, frozenset[str]]
    objects: dict[str, tuple[str, ...]]
    actions: dict[str, Action]
    init: frozenset[Atom]
    values: dict[Atom, float]
    goal: tuple | None
    metric: tuple[str, tuple] | None = None
    rules: tuple[Rule, ...] = ()
    functions: frozenset[str] = frozenset()
    derived: frozenset[str] = frozenset()
    warnings: tuple[str, ...] = ()
    """One line per departure from the standard read leniently (`file:line: warning: ... (assumed ...)`)."""
    planner_texts: tuple[str, str] | None = None
    """The domain and problem as the planners get them when the reading assumed something (pddl_repairs);
    None when the files' own texts are fine."""

    @property
    def action_costs(self) -> bool:
        """True when plans are measured by total-cost (the domain declares :action-costs or uses it)."""
        return "total-cost" in self.functions

    def is_a(self, obj: str, type_name: str) -> bool:
        """True when the object is of the type (one of the types of an `either` type)."""
        wanted = type_name.split()
        return any(part in self.ancestors.get(own, {own, "object"}) for own in self.objects[obj] for part in wanted)

    def of_type(self, type_name: str) -> list[str]:
        """The objects of a type, in declaration order."""
        return [obj for obj in self.objects if self.is_a(obj, type_name)]


@dataclass
class _Reader:
    """Builds the model of one file's expressions; `used` remembers the first use of each feature."""

    source: str
    used: dict[str, tuple[str, Token]] = field(default_factory=dict)

    def uses(self, flag: str, where: Expr | Token) -> None:
        """Note that the file uses the feature of `flag` at `where` (the first use is kept)."""
        token = where.start if isinstance(where, Expr) else where
        self.used.setdefault(flag, (self.source, token))

    def typed(self, items: list) -> list[tuple[str, str]]:
        """`a b - t c` as [(a, t), (b, t), (c, object)]; `(either t u)` as the type "t u"."""
        result: list[tuple[str, str]] = []
        pending: list[str] = []
        position = 0
        while position < len(items):
            item = items[position]
            if isinstance(item, Token) and item.text.startswith("-"):
                self.uses(":typing", item)
                glued = item.text[1:]
                type_item = Token(glued, item.line, item.column) if glued else items[position + 1]
                kind = _type_name(type_item)
                result += [(name, kind) for name in pending]
                pending, position = [], position + (1 if glued else 2)
                continue
            pending.append(item.text.lower())
            position += 1
        return result + [(name, "object") for name in pending]

    def formula(self, item) -> tuple | None:
        """A goal description as a tuple: ("atom", pred, terms), ("not", f), ("and"/"or", fs), ("imply", a, b),
        ("exists"/"forall", params, f), ("=", a, b), ("compare", op, e1, e2); None for ()."""
        if not item.items:
            return None
        head = item.head()
        return _FORMULAS.get(head, _Reader._atomic)(self, item, head, item.items[1:])

    def _conjunction(self, item: Expr, head: str, parts: list) -> tuple:
        """(and f...), its empty parts () left out."""
        return ("and", tuple(f for f in (self.formula(part) for part in parts) if f is not None))

    def _quantified(self, item: Expr, head: str, parts: list) -> tuple:
        """(exists (PARAMETERS) f) or (forall (PARAMETERS) f)."""
        self.uses(":existential-preconditions" if head == "exists" else ":universal-preconditions", item)
        return (head, tuple(self.typed(parts[0].items)), self.condition(parts[1]))

    def condition(self, item) -> tuple:
        """A formula where () means true: the empty conjunction."""
        return self.formula(item) or ("and", ())

    def _disjunction(self, item: Expr, head: str, parts: list) -> tuple:
        """(or f...) or (imply a b)."""
        self.uses(":disjunctive-preconditions", item)
        inner = tuple(self.condition(part) for part in parts)
        return ("or", inner) if head == "or" else ("imply", inner[0], inner[1])

    def _negation(self, item: Expr, head: str, parts: list) -> tuple:
        """(not f); (not (= ?x ?y)) needs :equality only, as planners and VAL read it."""
        inner = self.condition(parts[0])
        if inner[0] != "=":
            self.uses(":negative-preconditions", item)
        return ("not", inner)

    def _atomic(self, item: Expr, head: str, parts: list) -> tuple:
        """A numeric comparison, an equality of objects or an atom."""
        if head in COMPARISONS and (head != "=" or any(isinstance(part, Expr) for part in parts)):
            self.uses(":numeric-fluents", item)
            return ("compare", head, self.expression(parts[0]), self.expression(parts[1]))
        if head == "=":
            self.uses(":equality", item)
            return ("=", parts[0].text.lower(), parts[1].text.lower())
        return ("atom", head, _words(parts))

    def expression(self, item) -> tuple:
        """A numeric expression: ("number", v), ("fluent", name, terms) or ("op", op, expressions)."""
        if isinstance(item, Token):
            if NUMBER.fullmatch(item.text):
                return ("number", float(item.text))
            return ("fluent", item.text.lower(), ())  # a 0-ary function written without parentheses
        head = item.head()
        if head in ("+", "-", "*", "/"):
            return ("op", head, tuple(self.expression(part) for part in item.items[1:]))
        return ("fluent", head, _words(item.items[1:]))

    def effects(self, item, nested: bool = False) -> tuple:
        """An effect as a tuple of ("add", pred, terms), ("del", pred, terms), ("when", cond, effects),
        ("forall", params, effects) and ("numeric", op, fluent, expression)."""
        if not item.items:
            return ()
        head = item.head()
        parts = item.items[1:]
        if head == "and":
            return tuple(effect for part in parts for effect in self.effects(part, nested))
        if head == "not":
            return (("del", parts[0].head(), _words(parts[0].items[1:])),)
        if head in ("when", "forall"):
            return (self._conditional_effect(item, head, parts),)
        if head in NUMERIC_EFFECTS:
            return (self._numeric_effect(item, head, parts),)
        return (("add", head, _words(parts)),)

    def _conditional_effect(self, item: Expr, head: str, parts: list) -> tuple:
        """(when CONDITION EFFECT) or (forall (PARAMETERS) EFFECT)."""
        self.uses(":conditional-effects", item)
        if head == "when":
            return ("when", self.condition(parts[0]), self.effects(parts[1], True))
        return ("forall", tuple(self.typed(parts[0].items)), self.effects(parts[1], True))

    def _numeric_effect(self, item: Expr, head: str, parts: list) -> tuple:
        """(increase|decrease|assign|scale-up|scale-down FLUENT EXPRESSION); increasing total-cost is an
        action cost, the rest numeric fluents."""
        fluent = self.expression(parts[0])
        costs = head == "increase" and fluent == ("fluent", "total-cost", ())
        self.uses(":action-costs" if costs else ":numeric-fluents", item)
        return ("numeric", head, fluent, self.expression(parts[1]))


FormulaReader = Callable[[_Reader, Expr, str, list], tuple]
"""Reads one kind of formula: (reader, the formula's list, its head, its items after the head)."""
_FORMULAS: dict[str, FormulaReader] = {
    "and": _Reader._conjunction,
    "or": _Reader._disjunction,
    "imply": _Reader._disjunction,
    "not": _Reader._negation,
    "exists": _Reader._quantified,
    "forall": _Reader._quantified,
}
"""How each kind of formula is read (the rest are comparisons, equalities and atoms)."""


def _words(tokens: list) -> tuple[str, ...]:
    """The tokens' words in lower case (the terms of an atom or a fluent)."""
    return tuple(token.text.lower() for token in tokens)


def _type_name(item) -> str:
    """A type, or the types of (either t u) joined by spaces."""
    if isinstance(item, Expr):
        return " ".join(part.text.lower() for part in item.items[1:])
    return item.text.lower()


def _sections(tree: Expr) -> list[Expr]:
    """The sections after (define (KIND NAME) ...)."""
    return [item for item in tree.items[2:] if isinstance(item, Expr)]


def _declared(section: Expr) -> set[str]:
    """The flags of a (:requirements ...) section."""
    return {item.text.lower() for item in section.items[1:] if isinstance(item, Token)}


def _ancestors(parents: dict[str, str]) -> dict[str, frozenset[str]]:
    """Each type with itself, its ancestors and object."""
    result = {}
    for kind in parents:
        seen, todo = {kind, "object"}, [kind]
        while todo:
            for parent in parents.get(todo.pop(), "").split():
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        result[kind] = frozenset(seen)
    return result


def _action(reader: _Reader, section: Expr) -> Action:
    """An (:action NAME :parameters (...) :precondition GD :effect E)."""
    name = section.items[1].text.lower()
    keys = section.items[2::2]
    values = dict(zip((key.text.lower() for key in keys), section.items[3::2]))
    parameters = tuple(reader.typed(values[":parameters"].items)) if ":parameters" in values else ()
    precondition = reader.formula(values[":precondition"]) if ":precondition" in values else None
    effects = reader.effects(values[":effect"]) if ":effect" in values else ()
    return Action(name, parameters, precondition, effects)


def _init(reader: _Reader, items: list) -> tuple[set[Atom], dict[Atom, float]]:
    """The initial atoms and numeric values of (:init ...)."""
    atoms: set[Atom] = set()
    values: dict[Atom, float] = {}
    for fact in items:
        if fact.head() == "=" and isinstance(fact.items[1], Expr):
            fluent = fact.items[1]
            key = (fluent.head(), *_words(fluent.items[1:]))
            values[key] = float(fact.items[2].text)
            reader.uses(":action-costs", fact)
        else:
            atoms.add((fact.head(), *_words(fact.items[1:])))
    return atoms, values


@dataclass
class _Parts:
    """What read_task gathers from the sections of the domain and problem files."""

    reader: _Reader
    declared: set[str] = field(default_factory=set)
    parents: dict[str, str] = field(default_factory=lambda: {"object": ""})
    objects: dict[str, tuple[str, ...]] = field(default_factory=dict)
    actions: dict[str, Action] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    functions: set[str] = field(default_factory=set)
    init: set[Atom] = field(default_factory=set)
    values: dict[Atom, float] = field(default_factory=dict)
    goal: tuple | None = None
    metric: tuple[str, tuple] | None = None

    def read(self, tree: Expr, sections: dict[str, SectionReader]) -> None:
        """Read the sections of a file that `sections` names (keyword: reading), ignoring the rest."""
        for section in _sections(tree):
            reading = sections.get(section.head())
            if reading is not None:
                reading(self, section, section.items[1:])

    def requirements(self, section: Expr, body: list) -> None:
        """(:requirements ...) of either file."""
        self.declared |= _declared(section)

    def types(self, section: Expr, body: list) -> None:
        """(:types ...)."""
        self.reader.uses(":typing", section)
        self.parents.update((name, kind) for name, kind in self.reader.typed(body))

    def typed_objects(self, section: Expr, body: list) -> None:
        """(:constants ...) of the domain or (:objects ...) of the problem."""
        self.objects.update((name, tuple(kind.split())) for name, kind in self.reader.typed(body))

    def predicates(self, section: Expr, body: list) -> None:
        """(:predicates ...): only their parameters' types matter here (:typing)."""
        for item in body:
            self.reader.typed(item.items[1:])

    def function_names(self, section: Expr, body: list) -> None:
        """(:functions ...): static costs such as (distance ?a ?b) are action costs."""
        self.functions |= {item.head() for item in body if isinstance(item, Expr)}
        self.reader.uses(":action-costs", section)

    def action(self, section: Expr, body: list) -> None:
        """(:action ...)."""
        action = _action(self.reader, section)
        self.actions[action.name] = action

    def derived(self, section: Expr, body: list) -> None:
        """(:derived (HEAD ?x...) FORMULA)."""
        self.reader.uses(":derived-predicates", section)
        head = body[0]
        self.rules.append(Rule(head.head(), tuple(self.reader.typed(head.items[1:])), self.reader.condition(body[1])))

    def durative_action(self, section: Expr, body: list) -> None:
        """(:durative-action ...): noted for the requirement check only."""
        self.reader.uses(":durative-actions", section)

    def initial(self, section: Expr, body: list) -> None:
        """(:init ...)."""
        self.init, self.values = _init(self.reader, body)

    def goal_section(self, section: Expr, body: list) -> None:
        """(:goal GD)."""
        self.goal = self.reader.formula(body[0])

    def metric_section(self, section: Expr, body: list) -> None:
        """(:metric minimize|maximize EXPRESSION)."""
        if len(body) == 2:
            self.metric = (body[0].text.lower(), self.reader.expression(body[1]))


SectionReader = Callable[[_Parts, Expr, list], None]
"""Reads one kind of section into the parts: (parts, section, its items after the keyword)."""
DOMAIN_SECTIONS: dict[str, SectionReader] = {
    ":requirements": _Parts.requirements,
    ":types": _Parts.types,
    ":constants": _Parts.typed_objects,
    ":predicates": _Parts.predicates,
    ":functions": _Parts.function_names,
    ":action": _Parts.action,
    ":derived": _Parts.derived,
    ":durative-action": _Parts.durative_action,
}
PROBLEM_SECTIONS: dict[str, SectionReader] = {
    ":requirements": _Parts.requirements,
    ":objects": _Parts.typed_objects,
    ":init": _Parts.initial,
    ":goal": _Parts.goal_section,
    ":metric": _Parts.metric_section,
}


def read_task(
    domain_text: str, problem_text: str, domain_source: str, problem_source: str, strict: bool = False
) -> Task:
    """Check the files (pddl_reader) and read them into a Task; InputError naming the file, line and what
    was expected. Departures from the standard that the planners accept are the Task's warnings (and the
    planners get the texts as read), or under `strict` InputErrors too."""
    with reading(strict) as current:
        parts, checked, domain_tree, problem_tree = _read_parts(
            domain_text, problem_text, domain_source, problem_source
        )
        assumed = _assumed_requirements(parts.reader.used, expand(parts.declared), domain_source)
        task = _task(parts, checked, domain_tree, problem_tree, parts.declared | assumed)
        task.warnings = tuple(current.warnings())
        if current.departures or checked.signatures_with_either():
            no_effect = {name for name, action in task.actions.items() if not action.effects}
            task.planner_texts = planner_texts(domain_tree, problem_tree, checked, parts.declared | assumed, no_effect)
    return task


def _task(parts: _Parts, checked: Domain, domain_tree: Expr, problem_tree: Expr, flags: set[str]) -> Task:
    """The Task of the parts read (the ill-typed initial atoms left out)."""
    if "total-cost" in parts.functions:
        parts.values.setdefault(("total-cost",), 0.0)
    for name, parents in checked.parents.items():
        parts.parents[name] = " ".join(sorted(parents))
    return Task(
        domain_tree.items[1].items[1].text.lower(),
        problem_tree.items[1].items[1].text.lower(),
        expand(flags),
        _ancestors(parts.parents),
        parts.objects,
        parts.actions,
        frozenset(parts.init - checked.ill_typed),
        parts.values,
        parts.goal,
        parts.metric,
        tuple(parts.rules),
        frozenset(parts.functions),
        frozenset(rule.name for rule in parts.rules),
    )


def _assumed_requirements(used: dict[str, tuple[str, Token]], declared: frozenset[str], domain_source: str) -> set[str]:
    """The flags of the features used without their requirement flag, each a departure at its first use
    (in file order: the domain's first)."""
    missing = [(source, token, flag) for flag, (source, token) in used.items() if flag not in declared]
    shown = " ".join(sorted(declared - {":strips"})) or ":strips only"
    for source, token, flag in sorted(
        missing, key=lambda item: (item[0] != domain_source, item[1].line, item[1].column)
    ):
        depart(
            f"uses {FEATURES[flag]} but the requirements do not declare {flag} (declared: {shown})",
            flag,
            source,
            token.line,
            token.column,
        )
    return {flag for _, _, flag in missing}


def _read_parts(
    domain_text: str, problem_text: str, domain_source: str, problem_source: str
) -> tuple[_Parts, Domain, Expr, Expr]:
    """The files checked (pddl_reader) and read section by section, the features they use noted; with the
    domain as checked and the expression trees of the domain and the problem."""
    checked = check_task(domain_text, problem_text, domain_source, problem_source)
    domain_tree, _ = read_expressions(domain_text, domain_source)
    problem_tree, _ = read_expressions(problem_text, problem_source)
    parts = _Parts(_Reader(domain_source))
    parts.read(domain_tree, DOMAIN_SECTIONS)
    parts.reader.source = problem_source
    parts.read(problem_tree, PROBLEM_SECTIONS)
    return parts, checked, domain_tree, problem_tree


def used_features(
    domain_text: str, problem_text: str, domain_source: str = "domain.pddl", problem_source: str = "problem.pddl"
) -> dict[str, tuple[str, int]]:
    """The features the files use, by requirement flag (FEATURES names them), each with the file and line
    of its first use; InputError for files that do not read."""
    with reading(False):
        used = _read_parts(domain_text, problem_text, domain_source, problem_source)[0].reader.used
    return {flag: (source, token.line) for flag, (source, token) in used.items()}
