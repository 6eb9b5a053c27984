"""Tickets: which are completed, and the fewest trains to complete the others (and how).

The routes still open to a player: a track no one has claimed, except a track of a double
route whose other track the player holds (route.double-same-player) and, in a 2- or 3-player
game (switch small-game-doubles at 'one-track'), a track of a double route whose other track
anyone holds (route.double-small-game). A player's own tracks cost nothing; an open track
costs its length in trains (and as many cards of its colour, any one colour for grey).

:func:`fewest_trains` answers for one ticket or several at once (a Steiner forest: "can I
still complete all my tickets with 11 trains, and how"), by either of two independent methods:
the search programme of :mod:`canaldsl.tickettoride.forest`, or a CP-SAT flow model (a 0/1
choice per open track; for each ticket one unit of flow from one city to the other over owned
and chosen tracks). The limit is the player's trains unless given.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from canaldsl import solver as sv
from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.colours import COLOURS, Colour, PlayerColour
from canaldsl.tickettoride.forest import Forest, Link, Status, cheapest_forest
from canaldsl.tickettoride.longest import Method
from canaldsl.tickettoride.network import Connections
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.rulebook import SMALL_GAME_DOUBLES, switch_values

FOREST_BUDGET = 40_000_000
"""Steps of the search programme by default (8 random tickets on an empty map, limit 45, take
at most 2.7M in the benchmark, the hardest input found 6.5M; about 3.5M steps is a CPU
second on the loaded project machine)."""
CPSAT_BUDGET = 30.0
"""CP-SAT deterministic time by default."""
MAX_TICKETS = 12
"""The most tickets asked about at once (a limit of the solvers, not a rule)."""


class TooManyTicketsError(ValueError):
    """More tickets asked about at once than the solvers accept."""


def open_links(position: Position, player: PlayerColour) -> list[Link]:
    """The tracks a player can use: owned (cost 0) and still open to them (their length)."""
    board = position.board
    small = (
        len(position.players) <= 3
        and switch_values(position.settings)[SMALL_GAME_DOUBLES.name] == "one-track"
    )
    links = []
    for track in board.tracks:
        owner = position.owners[track.index]
        if owner is player:
            links.append(Link(track.index, track.a, track.b, 0))
            continue
        if owner is not None:
            continue
        others = [position.owners[t] for t in board.routes[track.route].tracks if t != track.index]
        if any(o is player or (o is not None and small) for o in others):
            continue
        links.append(Link(track.index, track.a, track.b, track.length))
    return links


@dataclass(frozen=True)
class TicketState:
    """A ticket and whether the player's routes complete it."""

    ticket: Ticket
    completed: bool


def ticket_states(position: Position, player: PlayerColour) -> tuple[TicketState, ...] | None:
    """Each known ticket of ``player`` and whether it is completed (None: tickets not known)."""
    held = position.player(player).tickets.tickets
    if held is None:
        return None
    joined = Connections(position.board, position.tracks_of(player))
    return tuple(TicketState(t, joined.completes(t)) for t in held)


@dataclass(frozen=True)
class Plan:
    """The fewest trains to complete tickets: ``status`` (see
    :class:`~canaldsl.tickettoride.forest.Status`), the trains (when FOUND), the tracks to
    claim (numbers), the cards they take by colour (grey tracks apart, each its length of any
    one colour), the limit used, the method and whether the answer is proven."""

    status: Status
    trains: int | None
    tracks: tuple[int, ...]
    cards: tuple[tuple[Colour, int], ...]
    grey: tuple[int, ...]
    limit: int
    method: Method
    unjoinable: tuple[Ticket, ...] = ()
    steps: int = 0
    """The search programme's steps (0 for CP-SAT): its work, the same on every machine."""

    @property
    def proven(self) -> bool:
        return self.status is not Status.UNKNOWN

    def describe(self, board: Board) -> str:
        if self.status is Status.FOUND:
            if not self.tracks:
                return "already complete"
            routes = ", ".join(board.track_label(t) for t in self.tracks)
            cards = ", ".join(f"{n} {c}" for c, n in self.cards)
            grey = " + ".join(str(n) for n in self.grey)
            parts = [p for p in (cards, f"grey {grey} (any one colour each)" if grey else "") if p]
            return f"{self.trains} trains: {routes} ({'; '.join(parts)})"
        if self.status is Status.NONE_WITHIN:
            return f"not possible with {self.limit} trains"
        if self.status is Status.DISCONNECTED:
            return "not possible: " + ", ".join(map(str, self.unjoinable)) + " cut off"
        return "not known within the budget"


def fewest_trains(
    position: Position,
    player: PlayerColour,
    tickets: Sequence[Ticket] | None = None,
    *,
    limit: int | None = None,
    method: Method = Method.SEARCH,
    budget: float | None = None,
) -> Plan:
    """The fewest trains for ``player`` to complete ``tickets`` (default: all their known
    tickets) at once, within ``limit`` (default: their trains left)."""
    board = position.board
    if tickets is None:
        held = position.player(player).tickets.tickets
        if held is None:
            raise ValueError(f"{player}'s tickets are not known: say which tickets")
        tickets = held
    if len(tickets) > MAX_TICKETS:
        raise TooManyTicketsError(
            f"{len(tickets)} tickets at once: at most {MAX_TICKETS} are accepted"
        )
    cap = position.player(player).trains if limit is None else limit
    links = open_links(position, player)
    pairs = [board.ticket_cities(t) for t in tickets]
    if method is Method.SEARCH:
        steps = FOREST_BUDGET if budget is None else int(budget)
        forest = cheapest_forest(len(board.cities), links, pairs, limit=cap, budget=steps)
    else:
        forest = forest_cpsat(
            len(board.cities), links, pairs, limit=cap, budget=budget or CPSAT_BUDGET
        )
    return _plan(board, forest, tickets, cap, method)


def _plan(
    board: Board, forest: Forest, tickets: Sequence[Ticket], cap: int, method: Method
) -> Plan:
    colours: dict[Colour, int] = {}
    grey: list[int] = []
    for t in forest.tracks:
        track = board.tracks[t]
        if track.colour is Colour.GREY:
            grey.append(track.length)
        else:
            colours[track.colour] = colours.get(track.colour, 0) + track.length
    cards = tuple((c, colours[c]) for c in COLOURS if c in colours)
    return Plan(
        forest.status,
        forest.cost,
        forest.tracks,
        cards,
        tuple(sorted(grey, reverse=True)),
        cap,
        method,
        tuple(tickets[i] for i in forest.unjoinable),
        forest.steps if method is Method.SEARCH else 0,
    )


def forest_cpsat(
    cities: int,
    links: Sequence[Link],
    pairs: Sequence[tuple[int, int]],
    *,
    limit: int,
    budget: float = CPSAT_BUDGET,
) -> Forest:
    """The cheapest forest by CP-SAT: a 0/1 choice per pair of adjacent cities (the cheapest
    of its tracks; free when one is owned), one unit of flow per ticket over the chosen and
    owned links, and no chosen link ending at a city that is no ticket's, touches no owned
    link and has no other chosen link (such a link is never needed). Solved with CP-SAT's
    fuller linear relaxation (``linearization_level`` 2), which proves these models faster.

    First, unless the tickets' cheapest paths together are within the limit, whether any
    forest is within the limit, by a smaller model: the same model with
    only the links that can lie on a ticket's path within the limit (see
    :func:`_within_reach`; every link of a cheapest forest lies on the forest's path of some
    ticket, a path that costs no more than the forest, so the smaller model has a forest within
    the limit exactly when the whole one has). When it has none, the answer is NONE_WITHIN,
    proven by CP-SAT on the smaller model; otherwise the whole model is solved for the cheapest
    forest, as it always was, so that where forests tie the plan's tracks stay the ones given
    before (the smaller model's forest is not used: measured, about half of the suite's random
    questions have more than one cheapest forest). The first solve is given at most
    :data:`WITHIN_WORK`, and its work is taken from the budget of the second."""
    cheapest: dict[tuple[int, int], Link] = {}
    for link in sorted(links, key=lambda x: (x.cost, x.id)):
        cheapest.setdefault((min(link.a, link.b), max(link.a, link.b)), link)
    merged = [cheapest[key] for key in sorted(cheapest)]
    reach = list(range(cities))

    def find(x: int) -> int:
        while reach[x] != x:
            reach[x] = reach[reach[x]]
            x = reach[x]
        return x

    for link in merged:
        reach[find(link.a)] = find(link.b)
    unjoinable = tuple(n for n, (a, b) in enumerate(pairs) if find(a) != find(b))
    if unjoinable:
        return Forest(Status.DISCONNECTED, None, (), unjoinable)
    near, paths = _within_reach(cities, merged, pairs, limit)
    left = budget
    if paths > limit:  # else the tickets' cheapest paths together are a forest within it
        model, _, _ = _forest_model(cities, near, pairs, limit)
        first_budget = min(budget, WITHIN_WORK)
        first = sv.solve(
            model, settings={"max_deterministic_time": first_budget, **WITHIN_SETTINGS}
        )
        if first.status == sv.INFEASIBLE:
            return Forest(Status.NONE_WITHIN, None, ())
        left = max(budget - first.work, 1e-6)
    model, chosen, cost = _forest_model(cities, merged, pairs, limit)
    model.minimize(cost)
    result = sv.solve(model, settings={"max_deterministic_time": left, **FOREST_SETTINGS})
    if result.status == sv.INFEASIBLE:
        return Forest(Status.NONE_WITHIN, None, ())
    if result.status != sv.OPTIMAL:
        return Forest(Status.UNKNOWN, None, ())
    tracks = tuple(sorted(t for t, x in chosen.items() if result.true(x)))
    return Forest(Status.FOUND, round(result.objective or 0), tracks)


def _forest_model(
    cities: int, merged: Sequence[Link], pairs: Sequence[tuple[int, int]], limit: int
) -> tuple[Any, dict[int, Any], Any]:
    """The forest model of :func:`forest_cpsat` over ``merged`` (one link per pair of
    cities), its cost at most ``limit``, without objective: the model, the choice of each
    link that costs trains (by track number) and the cost."""
    model = sv.new_model()
    chosen = {link.id: model.new_bool_var(f"x{link.id}") for link in merged if link.cost > 0}
    terminals = {city for pair in pairs for city in pair}
    terminals |= {city for link in merged if link.cost == 0 for city in (link.a, link.b)}
    incident: list[list[Link]] = [[] for _ in range(cities)]
    for link in merged:
        if link.cost > 0:
            incident[link.a].append(link)
            incident[link.b].append(link)
    for city in range(cities):
        if city in terminals:
            continue
        for link in incident[city]:
            others = [chosen[o.id] for o in incident[city] if o is not link]
            model.add(chosen[link.id] <= sum(others))
    for number, (source, sink) in enumerate(pairs):
        if source == sink:
            continue
        balance: list[list[tuple[Any, int]]] = [[] for _ in range(cities)]
        for link in merged:
            there = model.new_bool_var(f"f{number}_{link.id}")
            back = model.new_bool_var(f"b{number}_{link.id}")
            model.add(there + back <= (chosen[link.id] if link.cost > 0 else 1))
            balance[link.a] += [(there, 1), (back, -1)]
            balance[link.b] += [(back, 1), (there, -1)]
        for city in range(cities):
            need = 1 if city == source else -1 if city == sink else 0
            model.add(sum(var * sign for var, sign in balance[city]) == need)
    cost = sum(link.cost * chosen[link.id] for link in merged if link.cost > 0)
    model.add(cost <= limit)
    return model, chosen, cost


FOREST_SETTINGS: dict[str, bool | int | float | str] = {"linearization_level": 2}
"""CP-SAT settings of :func:`forest_cpsat`'s cheapest forest."""
WITHIN_WORK = 0.05
"""The most deterministic time of :func:`forest_cpsat`'s first question: the random questions
of the suite take at most 0.013 (one in a hundred 0.13); a question not answered within it
goes to the whole model (which, with its linear relaxation, proves the few hard ones faster:
eight tickets mid-game, 1.03 in the first question alone, 0.03 in the whole model)."""
WITHIN_SETTINGS: dict[str, bool | int | float | str] = {"cp_model_presolve": False}
"""CP-SAT settings of :func:`forest_cpsat`'s first question (is any forest within the limit):
its answer is proven either way; without presolve these small models are answered fastest
(measured on 100 random questions of the suite: 0.66 s, 1.8 s with ``FOREST_SETTINGS``)."""


def _within_reach(
    cities: int, links: Sequence[Link], pairs: Sequence[tuple[int, int]], limit: int
) -> tuple[list[Link], int]:
    """The links (of ``links``, in their order) that lie on some path of cost at most
    ``limit`` between a ticket's two cities: a link a-b of cost c is kept when, for some
    ticket s-t, the cheapest cost from s to a, plus c, plus the cheapest from b to t (or the
    same the other way round) is within the limit (owned links cost 0; Dijkstra from each
    ticket city). Exact for the forest model: every link of a cheapest forest lies on the
    forest's path of some ticket, a path that costs no more than the forest. Also the sum of
    the tickets' cheapest paths (each counted as at most ``limit`` + 1): when it is within the
    limit, those paths together are a forest within it."""
    adjacent: list[list[tuple[int, int]]] = [[] for _ in range(cities)]
    for link in links:
        adjacent[link.a].append((link.b, link.cost))
        adjacent[link.b].append((link.a, link.cost))
    unreachable = limit + 1
    far: dict[int, list[int]] = {}

    def cheapest_from(city: int) -> list[int]:
        if city in far:
            return far[city]
        best = [unreachable] * cities
        best[city] = 0
        frontier = [(0, city)]
        while frontier:
            cost, here = heapq.heappop(frontier)
            if cost > best[here]:
                continue
            for there, step in adjacent[here]:
                candidate = cost + step
                if candidate < best[there]:
                    best[there] = candidate
                    heapq.heappush(frontier, (candidate, there))
        far[city] = best
        return best

    kept = []
    for link in links:
        for source, sink in pairs:
            start, end = cheapest_from(source), cheapest_from(sink)
            shortest = min(start[link.a] + end[link.b], start[link.b] + end[link.a])
            if shortest + link.cost <= limit:
                kept.append(link)
                break
    return kept, sum(cheapest_from(source)[sink] for source, sink in pairs)


def completing_path(
    position: Position, player: PlayerColour, ticket: Ticket, extra: Sequence[int] = ()
) -> tuple[int, ...]:
    """The tracks of a path joining the ticket's cities over the player's own tracks and
    ``extra`` ones (a plan's): fewest trains, then fewest tracks; empty when none joins them."""
    board = position.board
    usable = {*position.tracks_of(player), *extra}
    source, sink = board.ticket_cities(ticket)
    best: dict[int, tuple[int, int]] = {source: (0, 0)}
    previous: dict[int, int] = {}
    frontier = [(0, 0, source)]
    while frontier:
        cost, steps, city = heapq.heappop(frontier)
        if (cost, steps) > best[city]:
            continue
        for track, other in board.adjacency[city]:
            if track not in usable:
                continue
            candidate = (cost + board.tracks[track].length, steps + 1)
            if other not in best or candidate < best[other]:
                best[other] = candidate
                previous[other] = track
                heapq.heappush(frontier, (*candidate, other))
    if sink not in best:
        return ()
    path = []
    city = sink
    while city != source:
        track = previous[city]
        path.append(track)
        city = board.tracks[track].other(city)
    return tuple(reversed(path))
