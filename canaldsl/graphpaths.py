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
    tick: Callable[[], None] | None = None,
) -> int | None:
    """The least total cost of the nodes after ``source`` on a path to a goal node (the goal's
    own cost included), or None when no goal is reachable (within ``limit``, when given).
    ``tick`` is called once per node taken from the queue (to count the work).

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
        if tick is not None:
            tick()
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


def least_costs(
    source: N,
    targets: Iterable[N],
    neighbours: Neighbours[N],
    cost: Cost[N],
    *,
    limit: int | None = None,
    tick: Callable[[], None] | None = None,
) -> dict[N, int]:
    """The least cost of a path from ``source`` to each of ``targets`` (as
    :func:`least_cost_path` gives for each alone), in one search: the targets not reachable
    (within ``limit``) are left out. Paths may pass through other targets."""
    found = least_cost_routes(source, targets, neighbours, cost, limit=limit, tick=tick)
    return {target: value for target, (value, _) in found.items()}


def least_cost_routes(
    source: N,
    targets: Iterable[N],
    neighbours: Neighbours[N],
    cost: Cost[N],
    *,
    limit: int | None = None,
    tick: Callable[[], None] | None = None,
) -> dict[N, tuple[int, tuple[N, ...]]]:
    """For each of ``targets`` reachable from ``source`` (within ``limit``): the least cost
    of a path to it and one such path (source first, target last), found in one search.
    Ties are broken the same way every time (the order ``neighbours`` gives)."""
    wanted = set(targets)
    wanted.discard(source)
    found: dict[N, tuple[int, tuple[N, ...]]] = {}
    best: dict[N, int] = {source: 0}
    parent: dict[N, N] = {}
    counter = 0
    heap: list[tuple[int, int, N]] = [(0, counter, source)]
    while heap and len(found) < len(wanted):
        d, _, node = heapq.heappop(heap)
        if best.get(node, d + 1) < d:
            continue
        if tick is not None:
            tick()
        if node in wanted and node not in found:
            path = [node]
            while path[-1] != source:
                path.append(parent[path[-1]])
            found[node] = (d, tuple(reversed(path)))
        for other in neighbours(node):
            nd = d + cost(other)
            if limit is not None and nd > limit:
                continue
            if nd < best.get(other, nd + 1):
                best[other] = nd
                parent[other] = node
                counter += 1
                heapq.heappush(heap, (nd, counter, other))
    return found


def least_cost_disjoint_pair(
    source: N,
    ends: tuple[N, N],
    neighbours: Neighbours[N],
    cost: Cost[N],
    *,
    limit: int | None = None,
    tick: Callable[[], None] | None = None,
) -> int | None:
    """The least total cost of two paths from ``source``, one ending on each of ``ends``, that
    share no node except ``source`` (the ends' costs included, the source's not); None when no
    such pair exists. The ends are never passed through, only ended on. ``tick`` is called
    once per node met and per node relaxed (to count the work). With ``limit``, only pairs
    costing at most that are sought (None when there is none): nodes farther than ``limit``
    from the source are never looked at.

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

    within: dict[N, int] | None = None
    if limit is not None:  # nodes a pair within the limit can use: no farther than it
        within = costs_within(source, neighbours, cost, limit, tick=tick)
    start = number(source, True)
    seen: set[N] = {source}
    queue: deque[N] = deque([source])
    while queue:
        node = queue.popleft()
        if tick is not None:
            tick()
        if node in ends:
            arc(number(node, False), sink, 0)
            continue
        if node != source:
            arc(number(node, False), number(node, True), cost(node))
        for other in neighbours(node):
            if other == source or (within is not None and other not in within):
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
            if tick is not None:
                tick()
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
        if limit is not None and total > limit:
            return None
        node_id = sink
        while node_id != start:
            a = through[node_id]
            capacity[a] -= 1
            capacity[a ^ 1] += 1
            node_id = heads[a ^ 1]
    return total


def costs_within(
    source: N,
    neighbours: Neighbours[N],
    cost: Cost[N],
    limit: int,
    *,
    tick: Callable[[], None] | None = None,
) -> dict[N, int]:
    """The least cost from ``source`` to every node within ``limit`` (Dijkstra; the source
    costs 0)."""
    best: dict[N, int] = {source: 0}
    counter = 0
    heap: list[tuple[int, int, N]] = [(0, counter, source)]
    while heap:
        d, _, node = heapq.heappop(heap)
        if best.get(node, d + 1) < d:
            continue
        if tick is not None:
            tick()
        for other in neighbours(node):
            nd = d + cost(other)
            if nd <= limit and nd < best.get(other, nd + 1):
                best[other] = nd
                counter += 1
                heapq.heappush(heap, (nd, counter, other))
    return best


__all__ = [
    "costs_within",
    "least_cost_disjoint_pair",
    "least_cost_path",
    "least_cost_routes",
    "least_costs",
]
