"""The Dreyfus-Wagner programme of the Steiner forest search, level by level as arrays (the
work of :func:`canaldsl.tickettoride.forest.cheapest_forest`).

For every set S of terminals (the last terminal, the root, is in none) and every node v,
``tree[S][v]`` is the cheapest tree joining S and v. A level holds the sets of one size as
rows over the nodes: the value (a cost, or ``INF`` where the entry is not kept), the node
the entry was spread from, and, at that node, the first part of the merge that seeded it.

* The merges of a level: pairs of kept smaller disjoint sets whose cheapest entries plus the
  floor of the tickets they leave untouched fit the limit (arrays), then node by node with
  the cheaper parts of the rest bound; the cheapest merge per (set, node) is kept when it
  passes the whole rest bound there.
* The spread: ``tree[S][v] = min over u of merged[S][u] + dist(u, v)``, all sets of a level
  at once (a min-plus product with the distance matrix): the exact cheapest tree made of the
  kept merges and a shortest path, the same value Dijkstra from every seed at once gives.
* The pruning: an entry whose cost plus the rest bound at its node exceeds the limit is not
  kept (why that never drops an entry a forest within the limit needs: see :class:`Programme`).

The tracks of a tree are read back from the entries: the shortest path from the node it was
spread from, then the two parts of the merge there, down to single terminals.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from canaldsl.tickettoride import forestfloor
from canaldsl.tickettoride.forestbounds import RestBounds

Ints = npt.NDArray[np.int64]
Adjacency = Sequence[Sequence[tuple[int, int, int]]]

INF = 1 << 30
PAIR_CELLS = 16
"""Array cells counted as one step of the budget (a cell is far cheaper than a step)."""
PAIR_BATCH = 50_000
"""Pairs of trees merged at once as arrays (keeps memory small)."""
SPREAD_BATCH = 2_000
"""Sets spread at once (a batch makes sets x nodes x nodes cells)."""
_LEAF = -2


class OutOfBudget(Exception):
    """The programme would take more steps than its budget."""


class _Level:
    """The kept sets of one size: sets, values, the node each entry was spread from, the
    first part of the merge at each seed node, the cheapest entry of each set and the
    tickets each set touches (a bit mask)."""

    def __init__(self, subsets: Ints, values: Ints, source: Ints, split: Ints, masks: list[int]):
        self.subsets = subsets
        self.values = values
        self.source = source
        self.split = split
        self.low = values.min(axis=1) if len(subsets) else np.zeros(0, dtype=np.int64)
        touched = np.zeros(len(subsets), dtype=np.int64)
        for number, mask in enumerate(masks):
            touched |= np.where(subsets & mask, 1 << number, 0)
        self.touched = touched


class Programme:
    """The programme over the terminals of ``pairs`` (each ``(number, a, b)``), within
    ``limit``, with an optional ``floor`` (a lower bound on the cheapest forest of every set
    of the pairs, by bit mask).

    An entry ``tree[S][v]`` of cost ``c`` is dropped when ``c`` plus a lower bound on the
    rest of any forest using it exceeds the limit. Why that is safe: in a cheapest forest,
    the entries the programme needs are subtrees T of one group's tree, hanging at ``v``;
    the rest of that forest has no track of T, joins ``v`` to every city outside S whose
    ticket partner is in S, and joins both cities of every ticket with no city in S (those
    paths cannot cross T, which touches the rest only at ``v``). So the rest costs at least
    the distance from ``v`` to each such partner, and at least the cheapest forest of the
    untouched tickets, for which ``floor`` is a lower bound; the other parts of the bound are
    in :mod:`~canaldsl.tickettoride.forestbounds`. Values here are exact (never above the
    pruned programme's), so every entry such a forest needs is kept.

    The programme is rooted: no stored set holds the last terminal (the root), and a
    group's tree is read as ``tree[group - t][t]`` for a terminal t of the group (the root
    when the group has it): the cheapest tree joining the group, since every tree joining
    the group is a tree joining the group less t and t. That halves the sets stored.
    """

    def __init__(
        self,
        adjacency: Adjacency,
        pairs: Sequence[tuple[int, int, int]],
        limit: int,
        budget: int,
        floor: Sequence[int] | None = None,
        dist: Ints | None = None,
    ) -> None:
        self.adjacency = adjacency
        self.limit = limit
        self.budget = budget
        self.steps = 0
        self.nodes = len(adjacency)
        self.dist = forestfloor.distances(adjacency).astype(np.int64) if dist is None else dist
        terminals = sorted({n for _, a, b in pairs for n in (a, b)})
        self.terminals = terminals
        self.bit = {node: 1 << i for i, node in enumerate(terminals)}
        self.masks = [self.bit[a] | self.bit[b] for _, a, b in pairs]
        self.everything = (1 << len(pairs)) - 1
        self.floor = None if floor is None else np.array(floor, dtype=np.int64)
        self.rest: RestBounds | None = None
        if floor is not None:
            position = {node: i for i, node in enumerate(terminals)}
            ends = [(position[a], position[b]) for _, a, b in pairs]
            self.rest = RestBounds(list(floor), self.dist[terminals], terminals, ends)
        self.levels: list[_Level] = []
        self.where: dict[int, tuple[int, int]] = {}

    def tick(self, amount: int) -> None:
        self.steps += amount
        if self.steps > self.budget:
            raise OutOfBudget

    def run(self) -> tuple[int, list[int]] | None:
        """Build every level; the cost of the cheapest forest within the limit and its groups
        (masks of terminals, see :meth:`forest`), or None when no forest fits."""
        if self.floor is not None and self.floor[-1] > self.limit:
            return None
        count = len(self.terminals)
        singles = np.array([self.bit[t] for t in self.terminals[:-1]], dtype=np.int64)
        seeds = np.full((len(singles), self.nodes), INF, dtype=np.int64)
        split = np.full((len(singles), self.nodes), -1, dtype=np.int64)
        for row, node in enumerate(self.terminals[:-1]):
            seeds[row, node] = 0
            split[row, node] = _LEAF
        self._store(1, singles, seeds, split)
        for size in range(2, count):
            subsets, seeds, split = self._merges(size)
            self._store(size, subsets, seeds, split)
        value, groups = self.forest()
        return (value, groups) if value <= self.limit else None

    def _bounds(self, subsets: Ints) -> Ints:
        """The rest bound of each set at every node (zeros without a floor)."""
        if self.rest is None:
            return np.zeros((len(subsets), self.nodes), dtype=np.int64)
        work, bound = self.rest.fill(subsets.tolist())
        self.tick(work)
        return bound

    def _store(self, size: int, subsets: Ints, seeds: Ints, split: Ints) -> None:
        """Spread the seeds of a level, prune, keep the sets with an entry left."""
        values = np.empty_like(seeds)
        source = np.empty_like(seeds)
        nodes = self.nodes
        self.tick(len(subsets) * nodes * nodes // PAIR_CELLS + 1)
        for low in range(0, len(subsets), SPREAD_BATCH):
            block = seeds[low : low + SPREAD_BATCH, :, None] + self.dist[None, :, :]
            source[low : low + SPREAD_BATCH] = block.argmin(axis=1)
            values[low : low + SPREAD_BATCH] = block.min(axis=1)
        bound = self._bounds(subsets)
        values[(values > self.limit) | (values + bound > self.limit)] = INF
        kept = np.nonzero(values.min(axis=1) < INF)[0] if len(subsets) else subsets
        level = _Level(subsets[kept], values[kept], source[kept], split[kept], self.masks)
        self.levels.append(level)
        for row, subset in enumerate(level.subsets.tolist()):
            self.where[subset] = (size - 1, row)

    def _merges(self, size: int) -> tuple[Ints, Ints, Ints]:
        """The seeds of every set of ``size`` terminals: two smaller disjoint kept trees
        meeting at a node, the cheapest per (set, node) that passes the rest bound there."""
        limit = self.limit
        floor = self.floor
        found: list[tuple[Ints, Ints, Ints, Ints]] = []
        for i in range(1, size // 2 + 1):
            one, two = self.levels[i - 1], self.levels[size - i - 1]
            if not len(one.subsets) or not len(two.subsets):
                continue
            first, second = one.subsets, two.subsets
            self.tick(len(first) * len(second) // PAIR_CELLS + 1)
            rows, columns = np.nonzero((first[:, None] & second[None, :]) == 0)
            if i == size - i:
                ordered = first[rows] < second[columns]
                rows, columns = rows[ordered], columns[ordered]
            rest = np.zeros(len(rows), dtype=np.int64)
            if floor is not None:
                rest = floor[self.everything ^ (one.touched[rows] | two.touched[columns])]
            keep = one.low[rows] + two.low[columns] + rest <= limit
            rows, columns, rest = rows[keep], columns[keep], rest[keep]
            for start in range(0, len(rows), PAIR_BATCH):
                a, b = rows[start : start + PAIR_BATCH], columns[start : start + PAIR_BATCH]
                totals = one.values[a] + two.values[b]
                self.tick(totals.size // PAIR_CELLS + 1)
                if self.rest is not None:
                    near = rest[start : start + PAIR_BATCH]
                    pairs, nodes = np.nonzero(totals + near[:, None] <= limit)
                    merged = first[a[pairs]] | second[b[pairs]]
                    untouched = self.everything ^ (one.touched[a[pairs]] | two.touched[b[pairs]])
                    bound = self.rest.partial(merged, untouched, nodes)
                    kept = np.nonzero(totals[pairs, nodes] + bound <= limit)[0]
                    pairs, nodes = pairs[kept], nodes[kept]
                else:
                    pairs, nodes = np.nonzero(totals <= limit)
                found.append((first[a[pairs]], second[b[pairs]], nodes, totals[pairs, nodes]))
        if not found:
            blank = np.zeros((0, self.nodes), dtype=np.int64)
            return np.zeros(0, dtype=np.int64), blank, blank
        firsts, seconds, at, costs = forestfloor.cheapest(found, self.nodes)
        unions = firsts | seconds
        subsets, inverse = np.unique(unions, return_inverse=True)
        self.tick(len(firsts))
        bound = self._bounds(subsets)
        fits = costs + bound[inverse, at] <= limit
        seeds = np.full((len(subsets), self.nodes), INF, dtype=np.int64)
        split = np.full((len(subsets), self.nodes), -1, dtype=np.int64)
        seeds[inverse[fits], at[fits]] = costs[fits]
        split[inverse[fits], at[fits]] = firsts[fits]
        return subsets, seeds, split

    def _anchor(self, group: int) -> int:
        """Where a group's tree is read: the root when the group has it (no stored set holds
        the root), else the group's lowest terminal; the tree is ``tree[group - it][it]``."""
        root = self.terminals[-1]
        if group & self.bit[root]:
            return root
        return self.terminals[(group & -group).bit_length() - 1]

    def _tree_cost(self, group: int) -> int:
        anchor = self._anchor(group)
        found = self.where.get(group ^ self.bit[anchor])
        if found is None:
            return INF
        level, row = found
        return int(self.levels[level].values[row, anchor])

    def forest(self) -> tuple[int, list[int]]:
        """The cheapest split of the pairs into groups, each one tree: its cost (``INF``
        or more when none is kept) and its groups (as masks of terminals)."""
        masks = self.masks
        count = len(masks)
        trees = [INF] * (1 << count)
        for chosen in range(1, 1 << count):
            terminals = 0
            for i in range(count):
                if chosen >> i & 1:
                    terminals |= masks[i]
            trees[chosen] = self._tree_cost(terminals)
        best: list[tuple[int, int]] = [(0, 0)] * (1 << count)
        for chosen in range(1, 1 << count):
            low = chosen & -chosen
            rest = chosen ^ low
            value, pick = INF, 0
            part = rest
            while True:
                group = low | part
                cost = trees[group] + best[chosen ^ group][0]
                if cost < value:
                    value, pick = cost, group
                if part == 0:
                    break
                part = (part - 1) & rest
            best[chosen] = (value, pick)
        groups = []
        chosen = (1 << count) - 1
        while chosen and best[chosen][0] < INF:
            group = best[chosen][1]
            terminals = 0
            for i in range(count):
                if group >> i & 1:
                    terminals |= masks[i]
            groups.append(terminals)
            chosen ^= group
        return best[-1][0], groups

    def tracks(self, groups: list[int]) -> set[int]:
        """The tracks of the trees of ``groups``."""
        found: set[int] = set()
        for terminals in groups:
            anchor = self._anchor(terminals)
            self._collect(terminals ^ self.bit[anchor], anchor, found)
        return found

    def _collect(self, subset: int, node: int, tracks: set[int]) -> None:
        level, row = self.where[subset]
        entries = self.levels[level]
        start = int(entries.source[row, node])
        self._path(start, node, tracks)
        first = int(entries.split[row, start])
        if first == _LEAF:
            return
        self._collect(first, start, tracks)
        self._collect(subset ^ first, start, tracks)

    def _path(self, start: int, end: int, tracks: set[int]) -> None:
        """The tracks of a shortest path from ``start`` to ``end``: from ``end`` back, each
        time the first link (in the adjacency's order) on a shortest path."""
        dist = self.dist[start]
        node = end
        while node != start:
            for other, cost, track in self.adjacency[node]:
                if dist[other] + cost == dist[node]:
                    tracks.add(track)
                    node = other
                    break

