"""Fewest trains to join several pairs of cities: a Steiner forest by dynamic programme (the
``search`` method of :mod:`canaldsl.tickettoride.tickets`).

The graph: cities, and tracks with a cost (0 for a track the player owns, its length for one
still open to them). The question: the cheapest set of open tracks that, with the owned ones,
joins both cities of every pair; with a limit on the cost (the trains a player has).

Method (Dreyfus-Wagner, with a cost limit): tracks of cost 0 are contracted first (an owned
network is one node); pairs already joined are dropped. For every set S of the remaining
terminals and every node v, ``tree[S][v]`` is the cheapest tree joining S and v: built up from
two smaller trees meeting at v, then spread along shortest paths. Costs above the limit are
never kept. A forest joins its pairs in groups, each group one tree: the cheapest forest is
the cheapest split of the pairs into groups (a second programme over sets of pairs). The
programme runs level by level as arrays: :mod:`canaldsl.tickettoride.forestprogramme`.

With more than FLOOR_FROM pairs:

* every set of up to FLOOR_TICKETS pairs is solved first, exactly, all at once as arrays
  (:mod:`canaldsl.tickettoride.forestfloor`, with the hardest few sets one pair larger);
  the best of those is a lower bound on the forest of any set of pairs (one over the limit
  proves at once that nothing fits), and an entry ``tree[S][v]`` is dropped when its cost
  plus a lower bound on the rest of any forest using it exceeds the limit (see
  :class:`~canaldsl.tickettoride.forestprogramme.Programme` for why that never drops an
  entry a forest within the limit needs);
* a good forest is found by a heuristic (:mod:`canaldsl.tickettoride.forestupper`). When
  it costs no more than the floor, it is a cheapest one. When it fits the limit, the
  programme runs once within its cost less 1: a forest found there is the cheapest (and
  cheaper than the heuristic's); none found proves the heuristic's forest a cheapest one.
  Otherwise the programme runs within a few limits just above the floor (see
  :func:`canaldsl.tickettoride.forestfloor.limits`: a run that finds a forest has found the
  cheapest; one that finds none raises the floor), then within the limit.

The programme counts its steps (array cells over ``forestprogramme.PAIR_CELLS``, merges
kept, rest-bound rows, the floor's merge rows, the heuristic's relaxations and checks); past
``budget`` it stops and says so. Nothing here knows the rules; see
:mod:`canaldsl.tickettoride.tickets`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from canaldsl.tickettoride import forestfloor
from canaldsl.tickettoride.forestprogramme import OutOfBudget, Programme
from canaldsl.tickettoride.forestupper import good_forest

Ints = npt.NDArray[np.int64]

DEFAULT_BUDGET = 20_000_000
FLOOR_TICKETS = 3
"""Sets of up to this many pairs are solved first, exactly, to bound the rest (see
:class:`~canaldsl.tickettoride.forestprogramme.Programme`), and the hardest few sets of one
pair more; used when more than FLOOR_FROM pairs are asked about. 3 (with the 20 hardest
sets of 4) costs about a third of 4 (with the 20 hardest of 5) and the search after it
little more: measured on 8 tickets, see docs/notes/issue-15-fewest-trains.md."""
FLOOR_FROM = 4
FLOOR_GAPS = (1, 3, 5)
"""Runs within a limit this far above the floor of all pairs come first (see
:func:`canaldsl.tickettoride.forestfloor.limits`)."""


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
                upper = (cost, tracks)
        if upper is not None and floor is not None and floor[-1] >= upper[0]:
            return Forest(Status.FOUND, upper[0], tuple(sorted(upper[1])), (), steps)
        known = None if upper is None else upper[0]
        dist = forestfloor.distances(adjacency).astype(np.int64)
        found = None
        for tight in forestfloor.limits(floor, limit, FLOOR_GAPS, known):
            programme = Programme(adjacency, open_pairs, tight, budget - steps, floor, dist)
            found = programme.run()
            steps += programme.steps
            if found is not None or floor is None:
                break
            floor = [*floor[:-1], tight + 1]
    except (_Budget, forestfloor.OutOfSteps, OutOfBudget):
        return Forest(Status.UNKNOWN, None, (), (), budget)
    if found is not None:
        cost, groups = found
        return Forest(Status.FOUND, cost, tuple(sorted(programme.tracks(groups))), (), steps)
    if upper is not None and upper[0] <= limit:
        # Nothing costs less than the forest in hand: it is a cheapest one.
        return Forest(Status.FOUND, upper[0], tuple(sorted(upper[1])), (), steps)
    return Forest(Status.NONE_WITHIN, None, (), (), steps)


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
