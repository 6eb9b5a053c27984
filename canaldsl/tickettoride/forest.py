"""Fewest trains to join several pairs of cities: a Steiner forest by dynamic programme (the
``search`` method of :mod:`canaldsl.tickettoride.tickets`).

The graph: cities, and tracks with a cost (0 for a track the player owns, its length for one
still open to them). The question: the cheapest set of open tracks that, with the owned ones,
joins both cities of every pair; with a limit on the cost (the trains a player has).

Method (Dreyfus-Wagner, with a cost limit): tracks of cost 0 are contracted first (an owned
network is one node); pairs already joined are dropped. For every set S of the remaining
terminals and every node v, ``tree[S][v]`` is the cheapest tree joining S and v: built up from
two smaller trees meeting at v, then spread along tracks by Dijkstra. Costs above the limit are
never stored. A forest joins its pairs in groups, each group one tree: the cheapest forest is
the cheapest split of the pairs into groups (a second programme over sets of pairs).

With more than FLOOR_FROM pairs, every set of up to FLOOR_TICKETS pairs is solved first,
exactly, all at once as arrays (:mod:`canaldsl.tickettoride.forestfloor`, with the hardest
few sets one pair larger); the best of those is a lower bound on the forest of any set of
pairs (one over the limit proves at once that nothing fits), and an entry ``tree[S][v]`` is
dropped when its cost plus a lower bound on the rest of any forest using it exceeds the limit
(see :class:`_Programme` for why that never drops an entry a forest within the limit needs).
The merges of a level are found as arrays: the pairs of stored smaller disjoint sets whose
cheapest entries and the floor of the tickets they leave untouched fit the limit, then node by
node with the cheaper parts of the rest bound, then the whole bound. The programme is run
first within limits a little above the floor of all the pairs (a run that finds a forest has
found the cheapest), then within the limit.

The programme counts its steps (Dijkstra relaxations, merges looked at, array cells over
PAIR_CELLS, the floor's merge rows); past ``budget`` it stops and says so. Nothing here
knows the rules; see :mod:`canaldsl.tickettoride.tickets`.
"""

from __future__ import annotations

import enum
import heapq
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from canaldsl.tickettoride import forestfloor
from canaldsl.tickettoride.forestbounds import RestBounds
from canaldsl.tickettoride.forestupper import good_forest

Ints = npt.NDArray[np.int64]

DEFAULT_BUDGET = 20_000_000
FLOOR_TICKETS = 4
"""Sets of up to this many pairs are solved first, exactly, to bound the rest (see
:class:`_Programme`); used when more pairs than this are asked about."""
FLOOR_FROM = 4
PAIR_CELLS = 16
"""Cells of the vectorised pair filter counted as one step (a cell is far cheaper)."""
PAIR_BATCH = 50_000
"""Pairs of trees merged at once as arrays (keeps memory small)."""
FLOOR_GAPS = (1, 3, 5)
"""Runs within a limit this far above the floor of all pairs come first (see
:func:`canaldsl.tickettoride.forestfloor.limits`)."""
_INF = 1 << 30


class Status(enum.Enum):
    """``FOUND``: a cheapest forest within the limit (proven); ``NONE_WITHIN``: proven that no
    forest costs at most the limit; ``DISCONNECTED``: some pair cannot be joined at all;
    ``UNKNOWN``: the budget ran out."""

    FOUND = "found"
    NONE_WITHIN = "none-within-limit"
    DISCONNECTED = "disconnected"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Link:
    """A track as the programme sees it: a number, two city numbers, a cost."""

    id: int
    a: int
    b: int
    cost: int


@dataclass(frozen=True)
class Forest:
    """An answer: its status, the cost and the tracks of a cheapest forest (when FOUND), the
    pairs that cannot be joined (when DISCONNECTED), the steps taken."""

    status: Status
    cost: int | None
    tracks: tuple[int, ...]
    unjoinable: tuple[int, ...] = ()
    steps: int = 0


class _Budget(Exception):
    pass


def cheapest_forest(
    cities: int,
    links: Sequence[Link],
    pairs: Sequence[tuple[int, int]],
    *,
    limit: int,
    budget: int = DEFAULT_BUDGET,
    floor_tickets: int = FLOOR_TICKETS,
) -> Forest:
    """The cheapest set of links of total cost at most ``limit`` joining every pair.
    ``floor_tickets``: the size of the pair sets solved first to bound the rest (0: none;
    the answer is the same, only the work differs)."""
    parent = list(range(cities))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for link in links:
        if link.cost == 0:
            ra, rb = find(link.a), find(link.b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    nodes = sorted({find(c) for c in range(cities)})
    node_of = {root: i for i, root in enumerate(nodes)}
    # The cheapest link between two contracted nodes (ties: the lowest track number).
    best_link: dict[tuple[int, int], Link] = {}
    for link in sorted(links, key=lambda x: (x.cost, x.id)):
        if link.cost == 0:
            continue
        a, b = node_of[find(link.a)], node_of[find(link.b)]
        if a == b:
            continue
        key = (min(a, b), max(a, b))
        best_link.setdefault(key, link)
    adjacency: list[list[tuple[int, int, int]]] = [[] for _ in nodes]
    for (a, b), link in sorted(best_link.items()):
        adjacency[a].append((b, link.cost, link.id))
        adjacency[b].append((a, link.cost, link.id))
    open_pairs = []
    for number, (a, b) in enumerate(pairs):
        na, nb = node_of[find(a)], node_of[find(b)]
        if na != nb:
            open_pairs.append((number, na, nb))
    if not open_pairs:
        return Forest(Status.FOUND, 0, ())
    unjoinable = _unjoinable(adjacency, open_pairs)
    if unjoinable:
        return Forest(Status.DISCONNECTED, None, (), unjoinable)
    steps = 0
    floor = None
    upper: tuple[int, frozenset[int]] | None = None
    try:
        if floor_tickets > 0 and len(open_pairs) > FLOOR_FROM:
            floor, steps = forestfloor.floor(adjacency, open_pairs, limit, budget, floor_tickets)
            if floor[-1] <= limit:
                cost, tracks, work = good_forest(adjacency, [(a, b) for _, a, b in open_pairs])
                steps += work
                if steps > budget:
                    raise _Budget
                if cost <= limit:
                    upper = (cost, tracks)
        if upper is not None and floor is not None and floor[-1] >= upper[0]:
            return Forest(Status.FOUND, upper[0], tuple(sorted(upper[1])), (), steps)
        top = limit if upper is None else upper[0] - 1
        for tight in forestfloor.limits(floor, top, FLOOR_GAPS):
            programme = _Programme(adjacency, open_pairs, tight, budget - steps, floor)
            forest = programme.run()
            steps += forest.steps
            if forest.status is Status.FOUND or floor is None:
                break
            floor = [*floor[:-1], tight + 1]
    except (_Budget, forestfloor.OutOfSteps):
        return Forest(Status.UNKNOWN, None, (), (), budget)
    if forest.status is Status.NONE_WITHIN and upper is not None:
        # Nothing costs less than the forest in hand: it is a cheapest one.
        return Forest(Status.FOUND, upper[0], tuple(sorted(upper[1])), (), steps)
    return Forest(forest.status, forest.cost, forest.tracks, (), steps)


def _unjoinable(
    adjacency: list[list[tuple[int, int, int]]], pairs: list[tuple[int, int, int]]
) -> tuple[int, ...]:
    component = [-1] * len(adjacency)
    for start in range(len(adjacency)):
        if component[start] >= 0:
            continue
        component[start] = start
        stack = [start]
        while stack:
            node = stack.pop()
            for other, _, _ in adjacency[node]:
                if component[other] < 0:
                    component[other] = start
                    stack.append(other)
    return tuple(n for n, a, b in pairs if component[a] != component[b])


class _Programme:
    """The Dreyfus-Wagner programme over the terminals of ``pairs``, pruned by the limit.

    An entry ``tree[S][v]`` of cost ``c`` is dropped when ``c`` plus a lower bound on the
    rest of any forest using it exceeds the limit. Why that is safe: in a cheapest forest,
    the entries the programme needs are subtrees T of one group's tree, hanging at ``v``;
    the rest of that forest has no track of T, joins ``v`` to every city outside S whose
    ticket partner is in S, and joins both cities of every ticket with no city in S (those
    paths cannot cross T, which touches the rest only at ``v``). So the rest costs at least
    the distance from ``v`` to each such partner, and at least the cheapest forest of the
    untouched tickets, for which ``floor[mask of tickets]`` (the best exact value over their
    small subsets, :func:`canaldsl.tickettoride.forestfloor.floor`) is a lower bound; the
    other parts of the bound are in :mod:`~canaldsl.tickettoride.forestbounds`. When the
    floor of all tickets already exceeds the limit, no forest fits, proven before the big
    programme starts.

    The programme is rooted: no stored set holds the last terminal (the root), and a
    group's tree is read as ``tree[group - t][t]`` for a terminal t of the group (the root
    when the group has it): the cheapest tree joining the group, since every tree joining
    the group is a tree joining the group less t and t. That halves the sets stored.
    """

    def __init__(
        self,
        adjacency: list[list[tuple[int, int, int]]],
        pairs: list[tuple[int, int, int]],
        limit: int,
        budget: int,
        floor: list[int] | None = None,
    ) -> None:
        self.adjacency = adjacency
        self.pairs = pairs
        self.limit = limit
        self.budget = budget
        self.floor = floor
        self.steps = 0
        terminals = sorted({n for _, a, b in pairs for n in (a, b)})
        self.terminals = terminals
        self.bit = {node: 1 << i for i, node in enumerate(terminals)}
        self.masks = [self.bit[a] | self.bit[b] for _, a, b in pairs]
        # tree[S]: node -> (cost, how): how is (-1, A) for a merge of A and S-A at the node,
        # or (previous node, track) for a track from the previous node.
        self.tree: dict[int, dict[int, tuple[int, tuple[int, int]]]] = {}
        self.rest: RestBounds | None = None
        self.zeros = [0] * len(adjacency)
        self.arrays: dict[int, tuple[Ints, Ints, Ints, Ints]] = {}
        self.everything = (1 << len(pairs)) - 1
        self.floor_array = None if floor is None else np.array(floor, dtype=np.int64)

    def tick(self, amount: int = 1) -> None:
        self.steps += amount
        if self.steps > self.budget:
            raise _Budget

    def run(self) -> Forest:
        if self.floor is not None:
            if self.floor[-1] > self.limit:
                return Forest(Status.NONE_WITHIN, None, (), (), self.steps)
            far = np.array([self._distances(node) for node in self.terminals], dtype=np.int64)
            position = {node: i for i, node in enumerate(self.terminals)}
            ends = [(position[a], position[b]) for _, a, b in self.pairs]
            self.rest = RestBounds(self.floor, far, self.terminals, ends)
        count = len(self.terminals)
        levels: list[list[int]] = [[] for _ in range(count + 1)]
        for node in self.terminals[:-1]:  # the last terminal is the root: never in a set
            tree = self._spread(self.bit[node], {node: (0, (-2, -2))})
            if tree:
                self.tree[self.bit[node]] = tree
                levels[1].append(self.bit[node])
        self._index(1, levels[1])
        for size in range(2, count):
            seeds = self._merges(size, levels)
            for subset in sorted(seeds):
                self.tree[subset] = self._spread(subset, seeds[subset])
                levels[size].append(subset)
            self._index(size, levels[size])
        return self._forest()

    def _index(self, size: int, level: list[int]) -> None:
        """Keep, for the stored subsets of one level, as arrays: the subsets, their cheapest
        entry, and the tickets they touch (for the pair filter of :meth:`_merges`)."""
        touched = [0] * len(level)
        dense = np.full((len(level), len(self.adjacency)), _INF, dtype=np.int64)
        for k, subset in enumerate(level):
            for node, (cost, _) in self.tree[subset].items():
                dense[k, node] = cost
            touched[k] = sum(1 << n for n, mask in enumerate(self.masks) if subset & mask)
        self.tick(len(level))
        self.arrays[size] = (
            np.array(level, dtype=np.int64),
            dense,
            dense.min(axis=1) if len(level) else np.zeros(0, dtype=np.int64),
            np.array(touched, dtype=np.int64),
        )

    def _row(self, subset: int) -> list[int]:
        """Lower bounds on the rest of a forest using ``tree[subset][node]``, at every node
        (0 without a floor; made the first time it is asked): see
        :class:`~canaldsl.tickettoride.forestbounds.RestBounds`."""
        if self.rest is None:
            return self.zeros
        row = self.rest.rows.get(subset)
        if row is None:
            self.tick(self.rest.fill([subset]))
            row = self.rest.rows[subset]
        return row

    def _distances(self, source: int) -> list[int]:
        best = [_INF] * len(self.adjacency)
        best[source] = 0
        heap = [(0, source)]
        while heap:
            cost, node = heapq.heappop(heap)
            if cost > best[node]:
                continue
            self.tick(len(self.adjacency[node]))
            for other, step, _ in self.adjacency[node]:
                if cost + step < best[other]:
                    best[other] = cost + step
                    heapq.heappush(heap, (cost + step, other))
        return best

    def _merges(
        self, size: int, levels: list[list[int]]
    ) -> dict[int, dict[int, tuple[int, tuple[int, int]]]]:
        """Seeds of every subset of ``size`` terminals: two smaller disjoint trees meeting at
        a node. The pairs of stored subsets are filtered first, as arrays: disjoint, and their
        cheapest entries plus the floor of the tickets neither touches within the limit (a
        lower bound on any forest using their merge); then merged node by node."""
        seeds: dict[int, dict[int, tuple[int, tuple[int, int]]]] = {}
        limit = self.limit
        floor = self.floor_array
        found: list[tuple[Ints, Ints, Ints, Ints]] = []
        for i in range(1, size // 2 + 1):
            j = size - i
            if not levels[i] or not levels[j]:
                continue
            first, dense_a, low_a, touch_a = self.arrays[i]
            second, dense_b, low_b, touch_b = self.arrays[j]
            self.tick(len(first) * len(second) // PAIR_CELLS + 1)
            rows, columns = np.nonzero((first[:, None] & second[None, :]) == 0)
            if i == j:
                ordered = first[rows] < second[columns]
                rows, columns = rows[ordered], columns[ordered]
            rest = np.zeros(len(rows), dtype=np.int64)
            if floor is not None:
                rest = floor[self.everything ^ (touch_a[rows] | touch_b[columns])]
            keep = low_a[rows] + low_b[columns] + rest <= limit
            rows, columns, rest = rows[keep], columns[keep], rest[keep]
            for start in range(0, len(rows), PAIR_BATCH):
                a, b = rows[start : start + PAIR_BATCH], columns[start : start + PAIR_BATCH]
                totals = dense_a[a] + dense_b[b]
                self.tick(totals.size // PAIR_CELLS + 1)
                if floor is not None:
                    near = rest[start : start + PAIR_BATCH]
                    pairs, nodes = np.nonzero(totals + near[:, None] <= limit)
                    merged = first[a[pairs]] | second[b[pairs]]
                    untouched = self.everything ^ (touch_a[a[pairs]] | touch_b[b[pairs]])
                    assert self.rest is not None
                    bound = self.rest.partial(merged, untouched, nodes)
                    kept = np.nonzero(totals[pairs, nodes] + bound <= limit)[0]
                    pairs, nodes = pairs[kept], nodes[kept]
                else:
                    pairs, nodes = np.nonzero(totals <= limit)
                found.append((first[a[pairs]], second[b[pairs]], nodes, totals[pairs, nodes]))
        if found:
            firsts, seconds, at, costs = forestfloor.cheapest(found, len(self.adjacency))
            if self.rest is not None:
                fresh = {f | g for f, g in zip(firsts, seconds, strict=True)}
                fresh -= self.rest.rows.keys()
                if fresh:
                    self.tick(self.rest.fill(sorted(fresh)))
            self._seed(seeds, firsts, seconds, at, costs)
        return {subset: kept for subset, kept in seeds.items() if kept}

    def _seed(
        self,
        seeds: dict[int, dict[int, tuple[int, tuple[int, int]]]],
        firsts: list[int],
        seconds: list[int],
        nodes: list[int],
        totals: list[int],
    ) -> None:
        """Record each merge (of ``firsts[k]`` and ``seconds[k]`` at ``nodes[k]``, costing
        ``totals[k]``) that is the cheapest so far and passes the rest bound."""
        self.tick(len(firsts))
        limit = self.limit
        for first, second, node, total in zip(firsts, seconds, nodes, totals, strict=True):
            subset = first | second
            found = seeds.get(subset)
            if found is None:
                found = seeds[subset] = {}
            best = found.get(node)
            if best is not None and best[0] <= total:
                continue
            bound = self._row(subset)[node]
            if total + bound <= limit:
                found[node] = (total, (-1, first))

    def _spread(
        self, subset: int, seeds: dict[int, tuple[int, tuple[int, int]]]
    ) -> dict[int, tuple[int, tuple[int, int]]]:
        best = dict(seeds)
        heap = [(cost, node) for node, (cost, _) in seeds.items()]
        heapq.heapify(heap)
        row = self._row(subset)
        limit = self.limit
        while heap:
            cost, node = heapq.heappop(heap)
            if cost > best[node][0]:
                continue
            self.tick(len(self.adjacency[node]))
            for other, step, track in self.adjacency[node]:
                total = cost + step
                if total > limit or total >= best.get(other, (_INF, (0, 0)))[0]:
                    continue
                if total + row[other] <= limit:
                    best[other] = (total, (node, track))
                    heapq.heappush(heap, (total, other))
        return best

    def _anchor(self, group: int) -> int:
        """Where a group's tree is read: the root when the group has it (no stored set holds
        the root), else the group's lowest terminal; the tree is ``tree[group - it][it]``."""
        root = self.terminals[-1]
        if group & self.bit[root]:
            return root
        return self.terminals[(group & -group).bit_length() - 1]

    def _tree_cost(self, group: int) -> int:
        anchor = self._anchor(group)
        tree = self.tree.get(group ^ self.bit[anchor])
        entry = None if tree is None else tree.get(anchor)
        return _INF if entry is None else entry[0]

    def _forest(self) -> Forest:
        masks = self.masks
        count = len(masks)
        best: dict[int, tuple[int, int]] = {0: (0, 0)}
        for chosen in range(1, 1 << count):
            low = chosen & -chosen
            rest = chosen ^ low
            value, pick = _INF, 0
            part = rest
            while True:
                group = low | part
                terminals = 0
                for i in range(count):
                    if group >> i & 1:
                        terminals |= masks[i]
                cost = self._tree_cost(terminals) + best[chosen ^ group][0]
                if cost < value:
                    value, pick = cost, group
                if part == 0:
                    break
                part = (part - 1) & rest
            best[chosen] = (value, pick)
        full = (1 << count) - 1
        total = best[full][0]
        if total > self.limit:
            return Forest(Status.NONE_WITHIN, None, (), (), self.steps)
        tracks: set[int] = set()
        chosen = full
        while chosen:
            group = best[chosen][1]
            terminals = 0
            for i in range(count):
                if group >> i & 1:
                    terminals |= masks[i]
            anchor = self._anchor(terminals)
            self._collect(terminals ^ self.bit[anchor], anchor, tracks)
            chosen ^= group
        return Forest(Status.FOUND, total, tuple(sorted(tracks)), (), self.steps)

    def _collect(self, subset: int, node: int, tracks: set[int]) -> None:
        while True:
            _, (previous, how) = self.tree[subset][node]
            if previous == -2:
                return
            if previous == -1:
                self._collect(how, node, tracks)
                subset ^= how
                continue
            tracks.add(how)
            node = previous
