"""Breadth-first search on any graph given by a neighbour function: distances, reachability, shortest
paths and the parent-link path rebuild that every search of the project shares."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

Node = TypeVar("Node", bound=Hashable)
Parents = dict[Any, "tuple[Any, Any] | None"]
"""node -> (parent node, label of the edge from the parent), None at a root."""


def distances(starts: Iterable[Node], neighbours: Callable[[Node], Iterable[Node]]) -> dict[Node, int]:
    """Breadth-first distance from the nearest of `starts` to every node reachable from them."""
    distance = {node: 0 for node in starts}
    queue = deque(distance)
    while queue:
        node = queue.popleft()
        for other in neighbours(node):
            if other not in distance:
                distance[other] = distance[node] + 1
                queue.append(other)
    return distance


def reachable(start: Node, neighbours: Callable[[Node], Iterable[Node]]) -> set[Node]:
    """Every node reachable from `start`, itself included."""
    return set(distances([start], neighbours))


def path_back(parents: Parents | Sequence[tuple[Any, Any] | None], node: Any) -> list[Any]:
    """The edge labels from the root to `node`, following parent links."""
    labels = []
    while (link := parents[node]) is not None:
        node, label = link
        labels.append(label)
    labels.reverse()
    return labels


def shortest_path(
    start: Node, is_target: Callable[[Node], bool], edges: Callable[[Node], Iterable[tuple[Any, Node]]]
) -> list[Any] | None:
    """The labels of a shortest path from `start` to a target node, or None when none is reachable;
    `edges(node)` gives (label, neighbour) pairs, tried in their order (so ties break the same way)."""
    parents: Parents = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if is_target(node):
            return path_back(parents, node)
        for label, other in edges(node):
            if other not in parents:
                parents[other] = (node, label)
                queue.append(other)
    return None
