"""The heuristic forest (forestupper) and how the search uses it: a forest in hand within the
limit, then one run proving nothing cheaper (or finding the cheaper one). Each way the answer
can come out (the heuristic's forest proven by the floor, by a run within its cost less 1, a
cheaper forest found by that run, nothing within the limit) is met on the USA map and checked
against the plain programme (no floor, no heuristic)."""

from __future__ import annotations

import random

import pytest

from canaldsl.tickettoride import forest
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.forest import Status, cheapest_forest
from canaldsl.tickettoride.forestfloor import limits
from canaldsl.tickettoride.forestupper import good_forest
from canaldsl.tickettoride.position import Player, Position
from canaldsl.tickettoride.tickets import open_links
from canaldsl.tickettoride.usa import usa_board

BOARD = usa_board()
EMPTY = Position.start(BOARD, [Player(PlayerColour.RED), Player(PlayerColour.BLUE)])
LINKS = open_links(EMPTY, PlayerColour.RED)
COST = {link.id: link.cost for link in LINKS}
ENDS = {link.id: (link.a, link.b) for link in LINKS}


def _adjacency() -> list[list[tuple[int, int, int]]]:
    best: dict[tuple[int, int], forest.Link] = {}
    for link in sorted(LINKS, key=lambda x: (x.cost, x.id)):
        best.setdefault((min(link.a, link.b), max(link.a, link.b)), link)
    adjacency: list[list[tuple[int, int, int]]] = [[] for _ in BOARD.cities]
    for (a, b), link in sorted(best.items()):
        adjacency[a].append((b, link.cost, link.id))
        adjacency[b].append((a, link.cost, link.id))
    return adjacency


def _joins(tracks: frozenset[int] | tuple[int, ...], pairs: list[tuple[int, int]]) -> bool:
    parent = list(range(len(BOARD.cities)))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for track in tracks:
        a, b = ENDS[track]
        parent[find(a)] = find(b)
    return all(find(a) == find(b) for a, b in pairs)


def test_the_heuristic_forest_joins_every_pair_and_costs_what_it_says() -> None:
    adjacency = _adjacency()
    gaps = []
    for seed in range(10):
        pairs = [BOARD.ticket_cities(t) for t in random.Random(seed).sample(BOARD.tickets, 6)]
        cost, tracks, work = good_forest(adjacency, pairs)
        assert _joins(tracks, pairs)
        assert cost == sum(COST[t] for t in tracks)
        assert work > 0
        # The search (checked against the plain programme below and elsewhere).
        exact = cheapest_forest(len(BOARD.cities), LINKS, pairs, limit=cost)
        assert exact.cost is not None and cost >= exact.cost
        gaps.append(cost - exact.cost)
        assert good_forest(adjacency, pairs) == (cost, tracks, work), "deterministic"
    assert 0 in gaps, "often the cheapest"
    assert any(gaps), "not always: the search has work left"


def test_limits_with_a_forest_in_hand() -> None:
    floor = [0] * 255 + [37]
    assert limits(floor, 45, (1, 3, 5), 42) == [41], "one run: nothing under the forest"
    assert limits(floor, 45, (1, 3, 5), None) == [38, 40, 42, 45]
    assert limits(floor, 45, (1, 3, 5), 46) == [42, 45], "tight runs near the forest only"
    assert limits(floor, 45, (1, 3, 5), 48) == [45]
    assert limits(None, 45, (1, 3, 5), 42) == [45]
    assert limits([0] * 255 + [46], 45, (1, 3, 5), 50) == [45]


@pytest.mark.slow
def test_each_way_of_proving_agrees_with_the_plain_programme() -> None:
    """Random 5-6 tickets on the empty map, limits around the answer: the answer with the
    floor and the heuristic equals the plain programme's, and the tracks join the pairs at
    the cost said. Every way of proving is met at least once."""
    adjacency = _adjacency()
    ways: set[str] = set()
    for seed in range(10):
        rng = random.Random(500 + seed)
        pairs = [BOARD.ticket_cities(t) for t in rng.sample(BOARD.tickets, 5 + seed % 2)]
        heuristic = good_forest(adjacency, pairs)[0]
        # The plain programme (no floor, no heuristic) within the heuristic's cost.
        plain = cheapest_forest(len(BOARD.cities), LINKS, pairs, limit=heuristic, floor_tickets=0)
        assert plain.cost is not None
        for limit in (plain.cost - 1, plain.cost, plain.cost + 2):
            answer = cheapest_forest(len(BOARD.cities), LINKS, pairs, limit=limit)
            if limit < plain.cost:
                assert answer.status is Status.NONE_WITHIN
                ways.add("none")
                continue
            assert (answer.status, answer.cost) == (Status.FOUND, plain.cost)
            assert _joins(answer.tracks, pairs)
            assert sum(COST[t] for t in answer.tracks) == plain.cost
            ways.add("heuristic proven" if heuristic == plain.cost else "cheaper found")
    assert ways == {"none", "heuristic proven", "cheaper found"}
