"""Exact cheapest forests of every small set of pairs at once, vectorised: the floor that
bounds the search programme of :mod:`canaldsl.tickettoride.forest`.

For every set Q of ``size`` pairs (and so for every smaller set, a subset of one of them) the
cheapest forest joining the pairs of Q is computed exactly, all sets together, by the
Dreyfus-Wagner programme written as array operations (numpy):

* the 2 x ``size`` cities of Q's pairs are its *slots* (slot 2i and 2i+1: pair i's cities; two
  slots may be the same city, which the programme allows);
* ``tree[S][v]`` for every set S of slots and every node v: the cheapest tree joining the
  cities of S and v. A single slot's row is its city's distances; a larger S takes, at every
  node u, the best of ``tree[A][u] + tree[S-A][u]`` over the splits of S, then spreads it
  along shortest paths: ``tree[S][v] = min over u of merged[S][u] + dist(u, v)`` (the same as
  Dijkstra from every seed at once);
* the cheapest tree joining a group of Q's pairs is ``tree[their slots][one of them]``, and
  the cheapest forest of a set of pairs is the best split of the set into groups, each one
  tree (the same second programme as the search's).

The index arrays of the splits depend only on ``size``, so they are made once per size. The
work is fixed by the number of pairs and nodes (no budget needed: for 8 pairs, sets of 4, on
the USA map, about 10 million array cells; sets of 3, under a million); values over the
limit are capped at limit + 1. Nothing here knows the rules or the map.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

_BIG = 1 << 24
"""A cost no forest reaches (stands for "unreachable" in the arrays)."""
_CHUNK = 8_000_000
"""The most array cells a step of the programme makes at once (keeps memory small)."""

Matrix = npt.NDArray[np.int32]
Ints = npt.NDArray[np.int64]
Adjacency = Sequence[Sequence[tuple[int, int, int]]]

EXTRA = 20
"""How many sets of one pair more than the floor's size (the hardest by their subsets) are
solved too (see :func:`floor`)."""


UPPER_GAP = 4
"""How far under a known forest the cheapest one usually is at most (the heuristic's
forest, :mod:`canaldsl.tickettoride.forestupper`, was within 4 of the cheapest on 40 random
sets of 8 tickets): tight runs below that are skipped (see :func:`limits`)."""


class OutOfSteps(Exception):
    """The floor would take more steps than the budget left."""


def distances(adjacency: Adjacency, kind: type[np.signedinteger[Any]] = np.int32) -> Matrix:
    """All shortest distances between nodes (Floyd-Warshall); ``_BIG`` where none (with
    ``kind`` int64, ``_BIG`` squared)."""
    count = len(adjacency)
    big = _BIG if kind is np.int32 else _BIG * _BIG
    best = np.full((count, count), big, dtype=kind)
    np.fill_diagonal(best, 0)
    for node, row in enumerate(adjacency):
        for other, cost, _ in row:
            best[node, other] = min(int(best[node, other]), cost)
    for middle in range(count):
        np.minimum(best, best[:, middle : middle + 1] + best[middle : middle + 1, :], out=best)
    np.minimum(best, big, out=best)
    return best


Indices = npt.NDArray[np.intp]
Level = tuple[tuple[int, ...], Indices, Indices, Indices]


@functools.cache
def _splits(slots: int) -> tuple[Level, ...]:
    """For every number of slots s from 2 up: the masks of that many slots (sorted), and for
    their splits (A, S - A) with A holding S's lowest slot: the arrays of A, of S - A, and the
    start of each mask's run of splits."""
    # Every way to put each slot out of S, in A or in S - A (3 ** slots of them).
    digits = np.indices((3,) * slots).reshape(slots, -1)
    weights = (1 << np.arange(slots, dtype=np.int64))[:, None]
    first_all = ((digits == 1) * weights).sum(axis=0)
    second_all = ((digits == 2) * weights).sum(axis=0)
    whole = first_all | second_all
    keep = (second_all != 0) & ((first_all & (whole & -whole)) != 0)
    sizes = (digits != 0).sum(axis=0)[keep]
    first_all, second_all, whole = first_all[keep], second_all[keep], whole[keep]
    order = np.lexsort((first_all, whole))
    first_all, second_all, whole, sizes = (
        first_all[order],
        second_all[order],
        whole[order],
        sizes[order],
    )
    levels: list[Level] = []
    for size in range(2, slots + 1):
        chosen = np.nonzero(sizes == size)[0]
        masks, starts = np.unique(whole[chosen], return_index=True)
        levels.append(
            (
                tuple(masks.tolist()),
                first_all[chosen].astype(np.intp),
                second_all[chosen].astype(np.intp),
                starts.astype(np.intp),
            )
        )
    return tuple(levels)


def small_forests(
    dist: Matrix,
    pairs: Sequence[tuple[int, int]],
    size: int,
    limit: int,
    groups: Sequence[tuple[int, ...]] | None = None,
) -> dict[int, int]:
    """The cheapest forest of every set of at most ``size`` of ``pairs`` (a bit mask over the
    pairs -> its cost, capped at ``limit`` + 1); or, given ``groups`` (sets of ``size`` pairs,
    as pair numbers), of those sets and their subsets only."""
    count = len(pairs)
    size = min(size, count)
    if groups is None:
        groups = [tuple(chosen) for chosen in itertools.combinations(range(count), size)]
    slots = 2 * size
    cities = np.array(
        [[pairs[i][side] for i in chosen for side in (0, 1)] for chosen in groups], dtype=np.intp
    )
    nodes = dist.shape[0]
    # Every value over the limit stands as limit + 1 (never part of a value within it), so
    # small integers suffice: faster arrays.
    cap = limit + 1
    kind = np.int16 if 2 * cap < np.iinfo(np.int16).max else np.int32
    near = np.minimum(dist, cap).astype(kind)
    tree = np.full((len(groups), 1 << slots, nodes), cap, dtype=kind)
    for slot in range(slots):
        tree[:, 1 << slot, :] = near[cities[:, slot]]
    batch = max(1, _CHUNK // max(1, nodes * nodes))
    for masks, first, second, starts in _splits(slots):
        index = np.array(masks, dtype=np.intp)
        step = max(1, _CHUNK // max(1, len(first) * nodes))
        for low in range(0, len(groups), step):
            part = tree[low : low + step]
            merged = np.minimum.reduceat(part[:, first, :] + part[:, second, :], starts, axis=1)
            np.minimum(merged, cap, out=merged)
            spread = np.empty_like(merged)
            for row in range(0, len(masks), batch):
                block = merged[:, row : row + batch, :, None] + near[None, None, :, :]
                spread[:, row : row + batch, :] = block.min(axis=2)
            part[:, index, :] = np.minimum(spread, cap)
    # The cheapest tree of each group of pairs (local mask over the set's pairs).
    local = 1 << size
    trees = np.full((len(groups), local), cap, dtype=np.int64)
    for group in range(1, local):
        slot_mask = sum(3 << (2 * i) for i in range(size) if group >> i & 1)
        anchor = 2 * ((group & -group).bit_length() - 1)
        trees[:, group] = tree[np.arange(len(groups)), slot_mask, cities[:, anchor]]
    forests = np.zeros((len(groups), local), dtype=np.int64)
    for chosen in range(1, local):
        low = chosen & -chosen
        rest = chosen ^ low
        best = np.full(len(groups), 2 * cap * size, dtype=np.int64)
        sub = rest
        while True:
            group = low | sub
            np.minimum(best, trees[:, group] + forests[:, chosen ^ group], out=best)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        forests[:, chosen] = best
    exact: dict[int, int] = {}
    for number, members in enumerate(groups):
        values = forests[number]
        for mask in range(1, local):
            key = sum(1 << pair for bit, pair in enumerate(members) if mask >> bit & 1)
            if key not in exact:
                exact[key] = min(int(values[mask]), cap)
    return exact


def cells(pairs: int, size: int, nodes: int) -> int:
    """The array cells the merges of :func:`small_forests` make (its work, fixed)."""
    size = min(size, pairs)
    return int(math.comb(pairs, size) * (3 ** (2 * size) // 2) * nodes)


def floor(
    adjacency: Adjacency, pairs: Sequence[tuple[int, int, int]], limit: int, budget: int, most: int
) -> tuple[list[int], int]:
    """For every set of the pairs (a bit mask over ``pairs``, each ``(number, a, b)``), a
    lower bound on its cheapest forest: the best exact value over its subsets of at most
    ``most`` pairs (limit + 1 standing for "more than the limit"), and the steps taken (one
    per merge row, :func:`cells` over the nodes). Then the hardest sets one pair larger
    (:data:`EXTRA` of them, ranked by their subsets' values) are solved exactly too: a bound
    computed once where it is most likely to tell. :class:`OutOfSteps` past ``budget``."""
    count = len(pairs)
    nodes = len(adjacency)
    steps = cells(count, most, nodes) // nodes
    if steps > budget:
        raise OutOfSteps
    dist = distances(adjacency)
    ends = [(a, b) for _, a, b in pairs]
    exact = small_forests(dist, ends, most, limit)
    values = _propagate([exact.get(m, 0) for m in range(1 << count)])
    if values[-1] <= limit and count > most + 1 and EXTRA > 0:
        ranked = sorted(
            (m for m in range(1 << count) if m.bit_count() == most + 1),
            key=lambda m: (-values[m], m),
        )[:EXTRA]
        extra = len(ranked) * (cells(most + 1, most + 1, nodes) // nodes)
        if steps + extra > budget:
            raise OutOfSteps
        steps += extra
        chosen = [tuple(i for i in range(count) if mask >> i & 1) for mask in ranked]
        for mask, value in small_forests(dist, ends, most + 1, limit, chosen).items():
            exact[mask] = max(exact.get(mask, 0), value)
        values = _propagate([exact.get(m, 0) for m in range(1 << count)])
    return values, steps


def limits(
    floor: list[int] | None, limit: int, gaps: Sequence[int], upper: int | None = None
) -> list[int]:
    """The limits the search programme is run with, in turn.

    Without a floor, the limit. With a forest in hand of cost ``upper`` within the limit,
    the search only has to prove that nothing costs less: one run within ``upper`` - 1 (a
    run within a lower limit only pays when it finds a forest, and the heuristic's forest is
    seldom far from the cheapest: it would mostly be wasted). Otherwise, the floor of all
    the pairs plus each of ``gaps`` (those short of the limit by two or more, and, when a
    forest over the limit is known, at least ``upper`` - :data:`UPPER_GAP`), then the
    limit: a run within a lower limit prunes far more; when it finds a forest, that forest
    is the cheapest (nothing cheaper exists within any limit); when it finds none, every
    forest costs more, which raises the floor of all the pairs for the next run."""
    if floor is None or floor[-1] > limit:
        return [limit]
    if upper is not None and upper <= limit:
        return [upper - 1]
    least = floor[-1] if upper is None else upper - UPPER_GAP
    tight = [floor[-1] + gap for gap in gaps if least <= floor[-1] + gap < limit - 1]
    return [*tight, limit]


def cheapest(
    found: list[tuple[Ints, Ints, Ints, Ints]], nodes: int
) -> tuple[Ints, Ints, Ints, Ints]:
    """Of the merges found (arrays of first parts, merged sets (any number standing for the
    set, ordered as the sets), nodes, costs), the cheapest for each set and node (ties: the
    first found)."""
    first, second, node, total = (np.concatenate(part) for part in zip(*found, strict=True))
    if not len(first):
        return first, second, node, total
    keys = second * nodes + node
    order = np.lexsort((np.arange(len(keys)), total, keys))
    keys = keys[order]
    head = order[np.concatenate(([True], keys[1:] != keys[:-1]))]
    return first[head], second[head], node[head], total[head]


def _propagate(values: list[int]) -> list[int]:
    """Every mask's value raised to the best of its subsets'."""
    for mask in range(1, len(values)):
        bits = mask
        while bits:
            low = bits & -bits
            values[mask] = max(values[mask], values[mask ^ low])
            bits ^= low
    return values
