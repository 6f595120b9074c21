"""The planning graph of the bundled Graphplan: a STRIPS task grounded by pyperplan, with facts and
actions numbered and every set of them a Python int used as a bit set.

Fact `f` has the no-op action number `n_actions + f`. Layer i of the graph holds the facts reachable in
i steps and the pairs of them that are mutually exclusive; action layer i holds the actions whose
preconditions are in fact layer i and not pairwise mutex, and their mutex pairs (interference, competing
needs). The graph is built lazily, level by level, until it levels off.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from puzzleplan.translator.bitset import bits
from puzzleplan.translator.pddl.pyperplan import pyperplan_ground
from puzzleplan.translator.pddl.task import GroundAction, PddlTask


@dataclass
class GroundTask:
    """A grounded STRIPS task: facts and actions numbered, every set a bit mask."""

    facts: list[str]
    actions: list[GroundAction]
    pre: list[int]
    add: list[int]
    delete: list[int]
    init: int
    goal: int

    def fact_names(self, mask: int) -> list[str]:
        """The names of the facts in `mask`."""
        return [self.facts[f] for f in bits(mask)]

    def apply(self, state: int, action: int) -> int:
        """The state after `action` (it must be applicable)."""
        return (state & ~self.delete[action]) | self.add[action]

    def applicable(self, state: int, action: int) -> bool:
        """True when the preconditions of `action` hold in `state`."""
        return self.pre[action] & ~state == 0


def _split_name(name: str) -> GroundAction:
    """pyperplan's "(move d1 d2 b)" as ("move", ("d1", "d2", "b"))."""
    parts = name.strip("()").lower().split()
    return parts[0], tuple(parts[1:])


def ground(task: PddlTask) -> GroundTask:
    """Parse and ground a STRIPS PDDL task with pyperplan's parser and grounder."""
    grounded = pyperplan_ground(task)
    operators = sorted(grounded.operators, key=lambda op: op.name)
    facts = sorted(set(grounded.facts) | set(grounded.initial_state) | set(grounded.goals))
    index = {fact: number for number, fact in enumerate(facts)}

    def mask(names) -> int:
        """The bit set of the named facts."""
        return sum(1 << index[name] for name in set(names))

    return GroundTask(
        facts=facts,
        actions=[_split_name(op.name) for op in operators],
        pre=[mask(op.preconditions) for op in operators],
        add=[mask(op.add_effects) for op in operators],
        delete=[mask(op.del_effects - op.add_effects) for op in operators],
        init=mask(grounded.initial_state),
        goal=mask(grounded.goals),
    )


@dataclass
class Layer:
    """One fact layer of the planning graph and the action layer that follows it."""

    facts: int
    fact_mutex: dict[int, int]
    actions: int = 0
    action_mutex: dict[int, int] = field(default_factory=dict)
    achievers: dict[int, list[int]] = field(default_factory=dict)
    achiever_mask: dict[int, int] = field(default_factory=dict)

    def mutex_pairs(self) -> int:
        """The number of mutually exclusive fact pairs."""
        return sum(m.bit_count() for m in self.fact_mutex.values()) // 2


def _users(masks: list[int], n_facts: int) -> list[int]:
    """Per fact, the actions (no-ops included) whose mask (preconditions, adds or deletes) holds it."""
    users = [0] * n_facts
    for a, mask in enumerate(masks):
        for f in bits(mask):
            users[f] |= 1 << a
    return users


class PlanningGraph:
    """The planning graph, built lazily level by level until it levels off."""

    def __init__(self, task: GroundTask) -> None:
        self.task = task
        n_facts, n_actions = len(task.facts), len(task.actions)
        self.n_actions = n_actions
        total = n_actions + n_facts
        self.pre = task.pre + [1 << f for f in range(n_facts)]
        self.add = task.add + [1 << f for f in range(n_facts)]
        self.delete = task.delete + [0] * n_facts
        self.consumers = _users(self.pre, n_facts)
        self.adders = _users(self.add, n_facts)
        self.interference = self._interference(_users(self.delete, n_facts))
        self.first_level = [-1] * total  # first action layer of every action
        self.fact_level = [-1] * n_facts
        self.layers: list[Layer] = [Layer(task.init, {f: 0 for f in bits(task.init)})]
        for f in bits(task.init):
            self.fact_level[f] = 0
        self.levelled_at: int | None = None
        self.size = task.init.bit_count()

    def _interference(self, deleters: list[int]) -> list[int]:
        """Per action (no-ops included), the actions it interferes with: one deletes what the other needs
        or adds."""
        interference = []
        for a in range(len(self.pre)):
            mask = 0
            for f in bits(self.delete[a]):
                mask |= self.consumers[f] | self.adders[f]
            for f in bits(self.pre[a] | self.add[a]):
                mask |= deleters[f]
            interference.append(mask & ~(1 << a))
        return interference

    def layer(self, level: int) -> Layer:
        """Fact layer `level`, expanding the graph as needed."""
        while level >= len(self.layers) and self.levelled_at is None:
            self._expand()
        return self.layers[min(level, len(self.layers) - 1)]

    def action_layer(self, level: int) -> Layer:
        """Fact layer `level` with its action layer built, expanding the graph as needed."""
        while level + 1 >= len(self.layers) and self.levelled_at is None:
            self._expand()
        return self.layers[min(level, len(self.layers) - 1)]

    def _expand(self) -> None:
        """Add the action layer after the last fact layer and the fact layer after it."""
        level = len(self.layers) - 1
        layer = self.layers[-1]
        present = self._applicable(layer, level)
        needs = self._competing_needs(layer)
        action_mutex = {}
        facts = 0
        for a in bits(present):
            mask = self.interference[a]
            for p in bits(self.pre[a]):
                mask |= needs[p]
            action_mutex[a] = mask & present
            facts |= self.add[a]
        layer.actions, layer.action_mutex = present, action_mutex
        for f in bits(facts):
            mask = self.adders[f] & present
            layer.achiever_mask[f] = mask
            layer.achievers[f] = sorted(bits(mask), key=self._achiever_key(f))
            if self.fact_level[f] < 0:
                self.fact_level[f] = level + 1
        fact_mutex = self._fact_mutex(facts, layer)
        self.size += present.bit_count() + facts.bit_count()
        if facts == layer.facts and fact_mutex == layer.fact_mutex:
            self.levelled_at = level
            return
        self.layers.append(Layer(facts, fact_mutex))

    def _applicable(self, layer: Layer, level: int) -> int:
        """The actions whose preconditions the fact layer holds, none two of them mutex (their first level
        noted)."""
        present = 0
        for a in range(len(self.pre)):
            pre = self.pre[a]
            if pre & ~layer.facts == 0 and all(layer.fact_mutex[p] & pre == 0 for p in bits(pre)):
                present |= 1 << a
                if self.first_level[a] < 0:
                    self.first_level[a] = level
        return present

    def _competing_needs(self, layer: Layer) -> dict[int, int]:
        """Per fact of the layer, the actions that need a fact mutex with it (competing needs)."""
        needs = {}
        for p in bits(layer.facts):
            mask = 0
            for q in bits(layer.fact_mutex[p]):
                mask |= self.consumers[q]
            needs[p] = mask
        return needs

    def _achiever_key(self, fact: int) -> Callable[[int], tuple[int, int, int]]:
        """Order achievers: the no-op first, then by first level, then by number."""
        noop = self.n_actions + fact
        return lambda a: (a != noop, self.first_level[a], a)

    def _fact_mutex(self, facts: int, layer: Layer) -> dict[int, int]:
        """Facts p, q are mutex when every achiever of p is mutex with every achiever of q."""
        common = {}
        for p in bits(facts):
            mask = -1
            for a in bits(layer.achiever_mask[p]):
                mask &= layer.action_mutex[a]
                if not mask:
                    break
            common[p] = mask
        result = {}
        for p in bits(facts):
            mutex = 0
            if common[p]:
                for q in bits(facts):
                    if q != p and layer.achiever_mask[q] & ~common[p] == 0:
                        mutex |= 1 << q
            result[p] = mutex
        return result

    def goals_reachable(self, goals: int, level: int) -> bool:
        """True when all goals are in fact layer `level` and no two are mutex there."""
        layer = self.layer(level)
        if goals & ~layer.facts:
            return False
        return all(layer.fact_mutex[g] & goals == 0 for g in bits(goals))
