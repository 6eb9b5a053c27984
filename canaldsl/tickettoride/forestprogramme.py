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

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from canaldsl.tickettoride import forestfloor
from canaldsl.tickettoride.forestbounds import RestBounds

Ints = npt.NDArray[np.signedinteger[Any]]
Adjacency = Sequence[Sequence[tuple[int, int, int]]]

INF = 1 << 30
"""Stands for "no tree kept" outside the arrays."""
PAIR_CELLS = 16
"""Array cells counted as one step of the budget (a cell is far cheaper than a step)."""
PAIR_BATCH = 50_000
"""Pairs of trees merged at once as arrays (keeps memory small)."""
SMALL_LIMIT = 700
"""Below this limit the arrays hold 16-bit costs (a sum of two "none" stands and the rest
bound stay under 2 ** 15); above it, 64-bit."""
_LEAF = -2
_HOPS = 64
"""Paths are compared by cost, then by tracks (fewer than this many on any path)."""


class OutOfBudget(Exception):
    """The programme would take more steps than its budget."""


class _Level:
    """The kept sets of one size: the sets, the seeds (the merges at each node, before the
    spread), the values (a cost, or more than the limit where nothing is kept), the first
    part of the merge at each seed, the cheapest value of each set and the tickets each set
    touches (a bit mask)."""

    def __init__(
        self, subsets: Ints, seeds: Ints, values: Ints, split: Ints, masks: list[int]
    ) -> None:
        self.subsets = subsets
        self.seeds = seeds
        self.values = values
        self.split = split
        self.low = values.min(axis=1).astype(np.int64) if len(subsets) else subsets
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
    in :mod:`~canaldsl.tickettoride.forestbounds`. A merge is dropped by the same bound at
    its node, before the spread: an entry the forest needs is the spread of a merge the
    forest needs too (its subtree at the merge node), which passes the bound there. Values
    are exact for the kept merges, so every entry such a forest needs is kept.

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
        full = forestfloor.distances(adjacency).astype(np.int64) if dist is None else dist
        self.dist = full
        small = limit < SMALL_LIMIT
        self.kind: type[np.signedinteger[Any]] = np.int16 if small else np.int64
        self.none = 16_000 if small else INF
        self.near = np.minimum(full, self.none).astype(self.kind)
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
            self.rest = RestBounds(list(floor), full[terminals], terminals, ends)
        self.levels: list[_Level] = []
        self.where: dict[int, tuple[int, int]] = {}
        self.paths = full
        self.weighted: Adjacency = adjacency

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
        seeds = np.full((len(singles), self.nodes), self.none, dtype=self.kind)
        split = np.full((len(singles), self.nodes), -1, dtype=np.int32)
        for row, node in enumerate(self.terminals[:-1]):
            seeds[row, node] = 0
            split[row, node] = _LEAF
        self._store(1, singles, seeds, split, self._bounds(singles))
        for size in range(2, count):
            self._store(size, *self._merges(size))
        value, groups = self.forest()
        return (value, groups) if value <= self.limit else None

    def _bounds(self, subsets: Ints) -> Ints:
        """The rest bound of each set at every node (zeros without a floor), capped at the
        limit + 1."""
        if self.rest is None:
            return np.zeros((len(subsets), self.nodes), dtype=self.kind)
        work, bound = self.rest.fill(subsets.tolist())
        self.tick(work)
        return np.minimum(bound, self.limit + 1).astype(self.kind)

    def _store(self, size: int, subsets: Ints, seeds: Ints, split: Ints, bound: Ints) -> None:
        """Spread the seeds of a level (``values[S][v]``: the best of ``seeds[S][u] +
        dist(u, v)``), prune by the rest ``bound``, keep the sets with an entry left."""
        values = np.full_like(seeds, self.none)
        self.tick(len(subsets) * self.nodes * self.nodes // PAIR_CELLS + 1)
        if len(subsets):
            for node in np.nonzero(seeds.min(axis=0) < self.none)[0].tolist():
                np.minimum(values, seeds[:, node, None] + self.near[node][None, :], out=values)
        limit = self.limit
        values[(values > limit) | (values + bound > limit)] = self.none
        kept = np.nonzero(values.min(axis=1) <= limit)[0] if len(subsets) else subsets
        level = _Level(subsets[kept], seeds[kept], values[kept], split[kept], self.masks)
        self.levels.append(level)
        for row, subset in enumerate(level.subsets.tolist()):
            self.where[subset] = (size - 1, row)

    def _merges(self, size: int) -> tuple[Ints, Ints, Ints, Ints]:
        """The seeds of every set of ``size`` terminals: two smaller disjoint kept trees
        meeting at a node, the cheapest per (set, node) whose cost plus the rest bound there
        fits the limit; and the rest bound of each set. The pairs of kept sets are filtered
        first: disjoint, and their cheapest entries plus the floor of the tickets neither
        touches within the limit (a lower bound on any forest using their merge)."""
        limit = self.limit
        floor = self.floor
        parts: list[tuple[_Level, _Level, Ints, Ints]] = []
        for i in range(1, size // 2 + 1):
            one, two = self.levels[i - 1], self.levels[size - i - 1]
            if not len(one.subsets) or not len(two.subsets):
                continue
            first, second = one.subsets, two.subsets
            rows, columns = self._disjoint(first, second, i, size - i)
            if i == size - i:
                ordered = first[rows] < second[columns]
                rows, columns = rows[ordered], columns[ordered]
            low = one.low[rows] + two.low[columns]
            if floor is not None:
                low += floor[self.everything ^ (one.touched[rows] | two.touched[columns])]
            keep = low <= limit
            parts.append((one, two, rows[keep], columns[keep]))
        unions = [one.subsets[r] | two.subsets[c] for one, two, r, c in parts]
        subsets, inverse = self._number(unions)
        bound = self._bounds(subsets)
        nearest = bound.min(axis=1).astype(np.int64) if len(subsets) else subsets
        seeds = np.full((len(subsets), self.nodes), self.none, dtype=self.kind)
        split = np.full((len(subsets), self.nodes), -1, dtype=np.int32)
        found: list[tuple[Ints, Ints, Ints, Ints]] = []
        offset = 0
        for one, two, every, all_columns in parts:
            union_all = inverse[offset : offset + len(every)]
            offset += len(every)
            # A merge costs at least both cheapest entries and the union's least rest bound.
            fits = one.low[every] + two.low[all_columns] + nearest[union_all] <= limit
            rows, columns, unions_kept = every[fits], all_columns[fits], union_all[fits]
            for start in range(0, len(rows), PAIR_BATCH):
                a, b = rows[start : start + PAIR_BATCH], columns[start : start + PAIR_BATCH]
                union = unions_kept[start : start + PAIR_BATCH]
                totals = one.values[a] + two.values[b]
                self.tick(totals.size // PAIR_CELLS + 1)
                pairs, nodes = np.nonzero(totals + bound[union] <= limit)
                found.append((one.subsets[a[pairs]], union[pairs], nodes, totals[pairs, nodes]))
        if found:
            firsts, which, at, costs = (np.concatenate(part) for part in zip(*found, strict=True))
            self.tick(len(firsts))
            # The cheapest merge per (set, node); of equal ones, the first found (assigned
            # last, in reverse: where an index repeats, numpy keeps the last value).
            np.minimum.at(seeds, (which, at), costs)
            best = np.nonzero(costs == seeds[which, at])[0][::-1]
            split[which[best], at[best]] = firsts[best]
        return subsets, seeds, split, bound

    def _number(self, unions: list[Ints]) -> tuple[Ints, Ints]:
        """The distinct sets of ``unions`` (sorted), and for each union its place among
        them: by a table over every set of terminals (they are few)."""
        every = np.concatenate(unions) if unions else np.zeros(0, dtype=np.int64)
        present = np.zeros(1 << (len(self.terminals) - 1), dtype=bool)
        present[every] = True
        subsets = np.nonzero(present)[0].astype(np.int64)
        place = np.cumsum(present) - 1
        return subsets, place[every]

    def _disjoint(self, first: Ints, second: Ints, i: int, j: int) -> tuple[Ints, Ints]:
        """Every pair (row of ``first``, row of ``second``) of disjoint sets (of ``i`` and
        ``j`` terminals): by the cheapest of comparing every pair, or listing for each set of
        one side the sets of the other's size among the terminals it leaves free and looking
        them up (the order of the pairs depends on the way, which depends on the sizes only:
        the same input gives the same pairs in the same order)."""
        bits = len(self.terminals) - 1
        ways = [
            len(first) * len(second),
            len(first) * math.comb(bits - i, j),
            len(second) * math.comb(bits - j, i),
        ]
        best = ways.index(min(ways))
        self.tick(ways[best] // PAIR_CELLS + 1)
        if best == 0:
            rows, columns = np.nonzero((first[:, None] & second[None, :]) == 0)
            return rows, columns
        if best == 1:
            return _partners(first, second, bits, j)
        columns, rows = _partners(second, first, bits, i)
        return rows, columns

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
        value = int(self.levels[level].values[row, anchor])
        return value if value <= self.limit else INF

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
        """The tracks of the trees of ``groups``. Where shortest paths tie, the one with the
        fewest tracks (then the first link in the adjacency's order, from the far end)."""
        weighted = [
            [(other, cost * _HOPS + 1, track) for other, cost, track in row]
            for row in self.adjacency
        ]
        self.paths = forestfloor.distances(weighted, np.int64).astype(np.int64)
        self.weighted = weighted
        found: set[int] = set()
        for terminals in groups:
            anchor = self._anchor(terminals)
            self._collect(terminals ^ self.bit[anchor], anchor, found)
        return found

    def _collect(self, subset: int, node: int, tracks: set[int]) -> None:
        level, row = self.where[subset]
        entries = self.levels[level]
        start = int(np.argmin(entries.seeds[row].astype(np.int64) * _HOPS + self.paths[:, node]))
        self._path(start, node, tracks)
        first = int(entries.split[row, start])
        if first == _LEAF:
            return
        self._collect(first, start, tracks)
        self._collect(subset ^ first, start, tracks)

    def _path(self, start: int, end: int, tracks: set[int]) -> None:
        """The tracks of a shortest path from ``start`` to ``end`` (fewest tracks among the
        shortest): from ``end`` back, each time the first link on such a path."""
        paths = self.paths[start]
        node = end
        while node != start:
            for other, weight, track in self.weighted[node]:
                if paths[other] + weight == paths[node]:
                    tracks.add(track)
                    node = other
                    break


def _partners(sets: Ints, others: Ints, bits: int, size: int) -> tuple[Ints, Ints]:
    """For each of ``sets``, the rows of ``others`` (sets of ``size`` of the ``bits``
    terminals) disjoint from it: its free terminals' subsets of that size, looked up."""
    if not len(sets) or not len(others):
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    where = np.full(1 << bits, -1, dtype=np.intp)
    where[others] = np.arange(len(others))
    free = ((sets[:, None] >> np.arange(bits)) & 1) == 0
    positions = np.nonzero(free)[1].reshape(len(sets), -1)
    chosen = _combinations(positions.shape[1], size)
    powers = np.left_shift(1, positions).astype(np.intp)
    masks = powers[:, chosen[:, 0]]
    for column in range(1, size):
        masks |= powers[:, chosen[:, column]]
    found = where[masks]
    rows, picks = np.nonzero(found >= 0)
    return rows, found[rows, picks]


@functools.cache
def _combinations(count: int, size: int) -> npt.NDArray[np.intp]:
    return np.array(list(itertools.combinations(range(count), size)), dtype=np.intp).reshape(
        -1, size
    )
