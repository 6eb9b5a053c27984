"""The fewest steps through a set of waypoints, in the best order; nothing here knows any game.

A walk from a start through every one of k waypoints, in any order, to an end: trying every
order costs k! sums; the Held-Karp dynamic programme over subsets of the waypoints costs
O(2^k k^2) additions, with each leg (start to waypoint, waypoint to waypoint, waypoint to end)
computed once. Costs are non-negative integers; :data:`INF` (or more) means "no way".

:class:`Tours` tables, for every waypoint ``i`` and set ``S`` of the others, the fewest steps
from ``i`` through all of ``S`` to the end; :meth:`Tours.through` then answers "from a point
with these legs to the waypoints, through the waypoints of a mask, to the end" in O(k).
:func:`fewest_through` answers the question once for one start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

INF: Final = 10**6
"""No way: at least this many steps (sums are capped here)."""


def _cap(value: int) -> int:
    return value if value < INF else INF


class Tours:
    """Held-Karp over the waypoints 0..k-1, ending at one end.

    ``legs[i][j]``: the fewest steps from waypoint i to waypoint j; ``to_end[i]``: from
    waypoint i to the end. ``rest(i, mask)`` is the fewest steps from waypoint i through every
    waypoint of ``mask`` (bit j for waypoint j; bit i clear) to the end."""

    def __init__(self, legs: Sequence[Sequence[int]], to_end: Sequence[int]) -> None:
        k = len(to_end)
        self.k = k
        self._rest: list[list[int]] = [[INF] * k for _ in range(1 << k)]
        for i in range(k):
            self._rest[0][i] = _cap(to_end[i])
        for mask in range(1, 1 << k):  # subsets before their supersets
            row = self._rest[mask]
            for i in range(k):
                if mask & (1 << i):
                    continue
                best = INF
                bits = mask
                while bits:
                    low = bits & -bits
                    j = low.bit_length() - 1
                    bits ^= low
                    value = legs[i][j] + self._rest[mask ^ low][j]
                    if value < best:
                        best = value
                row[i] = _cap(best)

    def rest(self, i: int, mask: int) -> int:
        return self._rest[mask][i]

    def through(self, to_waypoint: Sequence[int], direct: int, mask: int) -> int:
        """The fewest steps from a point whose legs to the waypoints are ``to_waypoint`` (and
        ``direct`` to the end) through every waypoint of ``mask`` to the end."""
        if not mask:
            return _cap(direct)
        best = INF
        bits = mask
        while bits:
            low = bits & -bits
            i = low.bit_length() - 1
            bits ^= low
            value = to_waypoint[i] + self._rest[mask ^ low][i]
            if value < best:
                best = value
        return _cap(best)


def fewest_through(
    first: Sequence[int], legs: Sequence[Sequence[int]], to_end: Sequence[int], direct: int
) -> int:
    """The fewest steps from a start (legs ``first[i]`` to each waypoint, ``direct`` to the
    end) through every waypoint in the best order to the end (:data:`INF`: no way)."""
    k = len(to_end)
    return Tours(legs, to_end).through(first, direct, (1 << k) - 1)


def paths_ending(first: Sequence[int], legs: Sequence[Sequence[int]]) -> list[list[int]]:
    """Forward Held-Karp: ``table[mask][j]``, the fewest steps from the start through every
    waypoint of ``mask`` (which holds j) ending at waypoint j."""
    k = len(first)
    table = [[INF] * k for _ in range(1 << k)]
    for j in range(k):
        table[1 << j][j] = _cap(first[j])
    for mask in range(1, 1 << k):
        row = table[mask]
        for j in range(k):
            here = row[j]
            if here >= INF or not mask & (1 << j):
                continue
            for n in range(k):
                if mask & (1 << n):
                    continue
                value = here + legs[j][n]
                following = table[mask | (1 << n)]
                if value < following[n]:
                    following[n] = _cap(value)
    return table


__all__ = ["INF", "Tours", "fewest_through", "paths_ending"]
