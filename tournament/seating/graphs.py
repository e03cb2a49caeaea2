"""Two graph algorithms the roles rest on: a balanced orientation of a graph's edges (closed
walks, as for an Euler tour) and a small maximum flow (Dinic's algorithm)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def balanced_orientation(n_vertices: int, edges: Sequence[tuple[int, int]]) -> list[bool]:
    """Orient every edge so that each vertex's out- and in-degree differ by at most one.

    Returns, per edge ``(u, v)``, ``True`` when it is oriented ``u -> v`` and ``False`` for
    ``v -> u``. Odd-degree vertices are joined to a virtual vertex; then every degree is even and
    closed walks (which can only get stuck at their start) orient each edge.
    """
    virtual = n_vertices
    adjacency: list[list[int]] = [[] for _ in range(n_vertices + 1)]
    ends: list[tuple[int, int]] = list(edges)
    for index, (u, v) in enumerate(ends):
        adjacency[u].append(index)
        adjacency[v].append(index)
    for vertex in range(n_vertices):
        if len(adjacency[vertex]) % 2:
            index = len(ends)
            ends.append((vertex, virtual))
            adjacency[vertex].append(index)
            adjacency[virtual].append(index)
    forward = [True] * len(ends)
    used = [False] * len(ends)
    pointer = [0] * (n_vertices + 1)
    for start in range(n_vertices + 1):
        while pointer[start] < len(adjacency[start]):
            vertex = start
            while True:
                incident = adjacency[vertex]
                while pointer[vertex] < len(incident) and used[incident[pointer[vertex]]]:
                    pointer[vertex] += 1
                if pointer[vertex] == len(incident):
                    break
                index = incident[pointer[vertex]]
                used[index] = True
                u, v = ends[index]
                forward[index] = u == vertex
                vertex = v if u == vertex else u
    return forward[: len(edges)]


class Flow:
    """A small maximum flow network (Dinic's algorithm); the paths here are short."""

    def __init__(self, size: int) -> None:
        self.to: list[int] = []
        self.cap: list[int] = []
        self.adjacency: list[list[int]] = [[] for _ in range(size)]

    def add(self, u: int, v: int, capacity: int) -> int:
        """Add the edge ``u -> v``; returns its index (for :meth:`flow`)."""
        index = len(self.to)
        self.to += [v, u]
        self.cap += [max(0, capacity), 0]
        self.adjacency[u].append(index)
        self.adjacency[v].append(index + 1)
        return index

    def flow(self, index: int) -> int:
        return self.cap[index ^ 1]

    def run(self, source: int, sink: int) -> int:
        total = 0
        while True:
            level = [-1] * len(self.adjacency)
            level[source] = 0
            queue = deque([source])
            while queue:
                u = queue.popleft()
                for edge in self.adjacency[u]:
                    if self.cap[edge] > 0 and level[self.to[edge]] < 0:
                        level[self.to[edge]] = level[u] + 1
                        queue.append(self.to[edge])
            if level[sink] < 0:
                return total
            pointer = [0] * len(self.adjacency)
            while pushed := self._push(source, sink, level, pointer, 1 << 60):
                total += pushed

    def _push(self, u: int, sink: int, level: list[int], pointer: list[int], limit: int) -> int:
        if u == sink:
            return limit
        edges = self.adjacency[u]
        while pointer[u] < len(edges):
            edge = edges[pointer[u]]
            v = self.to[edge]
            if self.cap[edge] > 0 and level[v] == level[u] + 1:
                pushed = self._push(v, sink, level, pointer, min(limit, self.cap[edge]))
                if pushed:
                    self.cap[edge] -= pushed
                    self.cap[edge ^ 1] += pushed
                    return pushed
            pointer[u] += 1
        return 0
