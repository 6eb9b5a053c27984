"""The rest bound of the Steiner forest search (:class:`canaldsl.tickettoride.forest`'s
programme), as arrays.

For a tree ``tree[S][v]`` of the programme, a lower bound on the rest of any forest that uses
it (why each part is safe: see ``forest._Programme``). Terminals are numbered 0..T-1 (their
bit in a set S), tickets 0..K-1 with their two terminals (``ends``); ``floor[mask of
tickets]`` is a lower bound on the cheapest forest of those tickets; ``far[t][v]`` the
distance from terminal t to node v. The parts that depend only on one or two terminals, a
ticket and the node are rows made once (:meth:`RestBounds._tables`); a set's bound at every
node is then a few array maxima (:meth:`RestBounds.fill`). Nothing here knows the rules.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]


class RestBounds:
    """The rest bounds of sets of terminals, each a row over the nodes."""

    def __init__(
        self, floor: list[int], far: Ints, terminals: list[int], ends: list[tuple[int, int]]
    ) -> None:
        self.floor = np.array(floor, dtype=np.int64)
        self.far = far
        self.count = len(terminals)
        self.ends = ends
        self.table = self._tables(terminals)

    def _tables(self, terminals: list[int]) -> Ints:
        """The parts of the rest bound that depend on a partner, a second partner or an
        untouched ticket and the node only (one row over the nodes each), stacked: the
        partner's distance; half the round trip through two partners; for a partner and a
        ticket, the two paths apart or half the shortest round trip through all four."""
        far = self.far
        count = len(terminals)
        between = far[:, terminals]
        rows = [far]
        pair = (far[:, None, :] + far[None, :, :] + between[:, :, None] + 1) // 2
        rows.append(pair.reshape(count * count, -1))
        for a, b in self.ends:
            ab = between[a, b]
            apart = far + ab
            tour = np.minimum(
                np.minimum(
                    far + between[:, a : a + 1] + ab + far[b][None, :],
                    far + between[:, b : b + 1] + ab + far[a][None, :],
                ),
                far[a][None, :] + between[:, a : a + 1] + between[:, b : b + 1] + far[b][None, :],
            )
            rows.append(np.minimum(apart, (tour + 1) // 2))
        return np.concatenate(rows)

    def fill(self, subsets: list[int]) -> tuple[int, Ints]:
        """The rest bounds of ``subsets`` at every node, all at once: the floor of the
        untouched tickets; each partner's distance; for two partners, half the round trip
        through them (a tree joining three cities costs at least that); for a partner and an
        untouched ticket, the two paths apart or half the shortest round trip through all
        four cities (either one tree joins them, or two paths do); and the floor of the
        untouched tickets and some partners' tickets less the way back from the node to
        their inside cities (the rest with those paths joins all of them). Returns the work
        done (rows made and rows of the table used) and the bounds (a row per set)."""
        floor = self.floor
        count = self.count
        masks = np.array(subsets, dtype=np.int64)
        far = self.far
        inside = np.zeros((len(subsets), count), dtype=bool)
        partner = np.zeros((len(subsets), count), dtype=bool)
        untouched = np.zeros(len(subsets), dtype=np.int64)
        bits = np.zeros((len(subsets), len(self.ends)), dtype=bool)
        for number, (a, b) in enumerate(self.ends):
            has_a = (masks >> a) & 1 == 1
            has_b = (masks >> b) & 1 == 1
            untouched |= np.where(~has_a & ~has_b, 1 << number, 0)
            bits[:, number] = has_a != has_b
            partner[:, b] |= has_a & ~has_b
            partner[:, a] |= has_b & ~has_a
            inside[:, a] |= has_a & ~has_b
            inside[:, b] |= has_b & ~has_a
        bound = np.repeat(floor[untouched][:, None], far.shape[1], axis=1)
        work = 0
        tickets = [(n, (untouched >> n) & 1 == 1) for n in range(len(self.ends))]
        for p in range(count):
            rows = np.nonzero(partner[:, p])[0]
            if not len(rows):
                continue
            bound[rows] = np.maximum(bound[rows], far[p])
            for q in range(p):
                both = rows[partner[rows, q]]
                if len(both):
                    bound[both] = np.maximum(bound[both], self.table[count + p * count + q])
                    work += len(both)
            for number, free in tickets:
                both = rows[free[rows]]
                if len(both):
                    row = self.table[count + count * count + number * count + p]
                    bound[both] = np.maximum(bound[both], row)
                    work += len(both)
        for number, (a, b) in enumerate(self.ends):
            rows = np.nonzero(bits[:, number])[0]
            if not len(rows):
                continue
            back = np.where(inside[rows, a][:, None], far[a], far[b])
            both = floor[untouched[rows] | (1 << number)][:, None]
            bound[rows] = np.maximum(bound[rows], both - back)
        many = np.nonzero(bits.sum(axis=1) > 1)[0]
        if len(many):
            together = untouched[many] | (
                bits[many].astype(np.int64) << np.arange(len(self.ends))
            ).sum(axis=1)
            back = inside[many].astype(np.int64) @ far
            bound[many] = np.maximum(bound[many], floor[together][:, None] - back)
        return len(subsets) + work, bound

    def partial(self, merged: Ints, untouched: Ints, nodes: Ints) -> Ints:
        """The cheaper part of :meth:`fill` for many entries at once (subset ``merged[k]`` at node
        ``nodes[k]``): the floor of the untouched tickets, each partner's distance, and for
        each partner the floor of the untouched tickets and its ticket less the way back
        from the node to its inside city."""
        floor = self.floor
        bound = floor[untouched]
        far = self.far
        for number, (a, b) in enumerate(self.ends):
            has_a = (merged >> a) & 1
            has_b = (merged >> b) & 1
            for inside, outside, keep in ((a, b, has_a > has_b), (b, a, has_b > has_a)):
                chosen = np.nonzero(keep)[0]
                if not len(chosen):
                    continue
                at = nodes[chosen]
                both = floor[untouched[chosen] | (1 << number)]
                here = np.maximum(far[outside][at], both - far[inside][at])
                bound[chosen] = np.maximum(bound[chosen], here)
        return bound
