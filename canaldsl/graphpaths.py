"""Least-cost paths in a graph given by a neighbour function; nothing here knows any game.

Nodes are any hashable values; each node has a cost for passing through (or ending on) it. A
path never passes a node twice. Two questions are answered exactly, in polynomial time:

* :func:`least_cost_path`: the cheapest path from a source to any goal node (a 0-1 BFS when the
  costs are 0 and 1, which is what boards of tiles and towns give; Dijkstra otherwise);
* :func:`least_cost_disjoint_pair`: the cheapest pair of paths from one source to two given
  ends that share no node but the source, by a minimum-cost flow of two units with every node
  of capacity one (successive shortest paths with Bellman-Ford on the residual graph).

A route from A through B to C that never passes a node twice is exactly such a pair from B to
A and C, so the second answers "is there a simple route through one waypoint, and how short".
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

N = TypeVar("N", bound=Hashable)

Neighbours = Callable[[N], Iterable[N]]
Cost = Callable[[N], int]


def least_cost_path(
    source: N,
    is_goal: Callable[[N], bool],
    neighbours: Neighbours[N],
    cost: Cost[N],
    *,
    limit: int | None = None,
) -> int | None:
    """The least total cost of the nodes after ``source`` on a path to a goal node (the goal's
    own cost included), or None when no goal is reachable (within ``limit``, when given).

    A shortest path never passes a node twice, so this is also the cheapest simple path."""
    if is_goal(source):
        return 0
    best: dict[N, int] = {source: 0}
    counter = 0
    heap: list[tuple[int, int, N]] = [(0, counter, source)]
    while heap:
        d, _, node = heapq.heappop(heap)
        if best.get(node, d + 1) < d:
            continue
        if node != source and is_goal(node):
            return d
        for other in neighbours(node):
            nd = d + cost(other)
            if limit is not None and nd > limit:
                continue
            if nd < best.get(other, nd + 1):
                best[other] = nd
                counter += 1
                heapq.heappush(heap, (nd, counter, other))
    return None


def least_cost_disjoint_pair(
    source: N,
    ends: tuple[N, N],
    neighbours: Neighbours[N],
    cost: Cost[N],
) -> int | None:
    """The least total cost of two paths from ``source``, one ending on each of ``ends``, that
    share no node except ``source`` (the ends' costs included, the source's not); None when no
    such pair exists. The ends are never passed through, only ended on.

    ``neighbours`` must be symmetric (an undirected graph)."""
    first, second = ends
    if first == second or source in ends:
        return None
    # Split every node n into n-in -> n-out with capacity 1 and the node's cost; an edge u - w
    # becomes u-out -> w-in. The source sends two units from source-out; each end has only its
    # in half, which drains into the sink with capacity 1. Nodes are numbered as they are met.
    index: dict[tuple[N, bool], int] = {}
    heads: list[int] = []
    capacity: list[int] = []
    price: list[int] = []
    leaving: list[list[int]] = []

    def number(node: N, is_out: bool) -> int:
        key = (node, is_out)
        if key not in index:
            index[key] = len(leaving)
            leaving.append([])
        return index[key]

    sink = len(leaving)
    leaving.append([])

    def arc(tail: int, head: int, cost_of: int) -> None:
        leaving[tail].append(len(heads))
        heads.append(head)
        capacity.append(1)
        price.append(cost_of)
        leaving[head].append(len(heads))
        heads.append(tail)
        capacity.append(0)
        price.append(-cost_of)

    start = number(source, True)
    seen: set[N] = {source}
    queue: deque[N] = deque([source])
    while queue:
        node = queue.popleft()
        if node in ends:
            arc(number(node, False), sink, 0)
            continue
        if node != source:
            arc(number(node, False), number(node, True), cost(node))
        for other in neighbours(node):
            if other == source:
                continue
            arc(number(node, True), number(other, False), cost(other) if other in ends else 0)
            if other not in seen:
                seen.add(other)
                queue.append(other)
    if first not in seen or second not in seen:
        return None
    total = 0
    for _ in range(2):
        distance = {start: 0}
        through: dict[int, int] = {}
        waiting: deque[int] = deque([start])
        queued = {start}
        while waiting:
            node_id = waiting.popleft()
            queued.discard(node_id)
            d = distance[node_id]
            for a in leaving[node_id]:
                if capacity[a] <= 0:
                    continue
                head = heads[a]
                nd = d + price[a]
                if nd < distance.get(head, nd + 1):
                    distance[head] = nd
                    through[head] = a
                    if head not in queued:
                        queued.add(head)
                        waiting.append(head)
        if sink not in distance:
            return None
        total += distance[sink]
        node_id = sink
        while node_id != start:
            a = through[node_id]
            capacity[a] -= 1
            capacity[a ^ 1] += 1
            node_id = heads[a ^ 1]
    return total


__all__ = ["least_cost_disjoint_pair", "least_cost_path"]
