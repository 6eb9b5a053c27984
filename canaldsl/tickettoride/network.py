"""A player's network of claimed tracks: which cities it joins, and its longest trail.

:func:`longest_trail` is the search method for the longest continuous route: for each connected
part of the network, a short depth-first search first (enough for the networks of real games),
then the Euler relaxation (which often proves a trail of its bound at once), then the search
again with that bound, within a step budget. The answer says whether it is proven.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.eulerbound import DEFAULT_STATES, relax
from canaldsl.tickettoride.trails import DEFAULT_BUDGET, EMPTY, Edge, Trail, components
from canaldsl.tickettoride.trails import search_trail as _search

QUICK_STEPS = 20_000
"""Steps of the first, short search on each connected part."""


def edges_of(board: Board, tracks: Iterable[int]) -> list[Edge]:
    """The tracks (by number) as search edges, in increasing number."""
    return [
        Edge(t, board.tracks[t].a, board.tracks[t].b, board.tracks[t].length)
        for t in sorted(set(tracks))
    ]


def owned_tracks(owners: Sequence[PlayerColour | None], player: PlayerColour) -> tuple[int, ...]:
    return tuple(t for t, owner in enumerate(owners) if owner is player)


def longest_trail(
    edges: Sequence[Edge], *, budget: int = DEFAULT_BUDGET, states: int = DEFAULT_STATES
) -> Trail:
    """The longest trail of the network (see the module docstring). ``budget``: search steps
    over all parts; ``states``: states of each Euler relaxation."""
    best = EMPTY
    steps = 0
    bound = 0
    proven = True
    for part in sorted(components(edges), key=lambda g: (-sum(e.length for e in g), g[0].id)):
        total = sum(edge.length for edge in part)
        if total <= best.length:
            bound = max(bound, total)
            continue
        found = _search(part, budget=min(QUICK_STEPS, budget - steps), floor=best.length)
        steps += found.steps
        part_bound = found.bound if not found.proven else max(found.length, best.length)
        if not found.proven:
            relaxation = relax(part, budget=states)
            if relaxation.proven and relaxation.bound is not None:
                found = Trail(
                    relaxation.bound,
                    relaxation.cities,
                    relaxation.tracks,
                    True,
                    relaxation.bound,
                    found.steps,
                )
                part_bound = relaxation.bound
            else:
                ceiling = found.bound
                if relaxation.bound is not None:
                    ceiling = min(ceiling, relaxation.bound)
                found = _search(
                    part, budget=max(budget - steps, 0), floor=best.length, ceiling=ceiling
                )
                steps += found.steps
                part_bound = found.bound if not found.proven else max(found.length, best.length)
        bound = max(bound, part_bound)
        proven = proven and found.proven
        if found.length > best.length:
            best = found
    return Trail(best.length, best.cities, best.tracks, proven, max(bound, best.length), steps)


def player_trail(
    board: Board, owners: Sequence[PlayerColour | None], player: PlayerColour
) -> Trail:
    """The longest trail of ``player``'s claimed tracks."""
    return longest_trail(edges_of(board, owned_tracks(owners, player)))


class Connections:
    """Which cities a set of tracks joins (union-find over the map's cities)."""

    def __init__(self, board: Board, tracks: Iterable[int]) -> None:
        self.board = board
        self.parent = list(range(len(board.cities)))
        for t in tracks:
            self.join(board.tracks[t].a, board.tracks[t].b)

    def find(self, city: int) -> int:
        parent = self.parent
        while parent[city] != city:
            parent[city] = parent[parent[city]]
            city = parent[city]
        return city

    def join(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def joined(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)

    def completes(self, ticket: Ticket) -> bool:
        """Whether the tracks join the ticket's two cities."""
        a, b = self.board.ticket_cities(ticket)
        return self.joined(a, b)
