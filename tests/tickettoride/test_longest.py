"""The longest continuous route: the search method against CP-SAT and against a plain search,
the whole map as a puzzle, budgets, and the bonus holders."""

from __future__ import annotations

import random

import pytest

from canaldsl.tickettoride.eulerbound import relax
from canaldsl.tickettoride.longest import Method, longest_routes, trail_cpsat
from canaldsl.tickettoride.network import edges_of, longest_trail
from canaldsl.tickettoride.trails import Edge, components, is_trail, search_trail
from canaldsl.tickettoride.usa import usa_board
from tickettoride import adapter, referee
from tickettoride.builders import BLUE, RED, base, owned

BOARD = usa_board()
ALL = edges_of(BOARD, range(len(BOARD.tracks)))
WHOLE_MAP = 285
"""The longest trail over all 100 tracks (proven by both methods; a puzzle, not a game)."""


def _valid(edges: list[Edge], found: object) -> bool:
    trail = found  # a Trail
    length = sum(e.length for e in edges if e.id in trail.tracks)  # type: ignore[attr-defined]
    return length == trail.length and (  # type: ignore[attr-defined]
        not trail.tracks or is_trail(edges, trail.cities, trail.tracks)  # type: ignore[attr-defined]
    )


def test_search_against_a_plain_search_on_small_networks() -> None:
    rng = random.Random(1)
    board = adapter.board(BOARD)
    for _ in range(2500):
        edges = rng.sample(ALL, rng.randint(0, 10))
        found = longest_trail(edges)
        assert found.proven and _valid(edges, found)
        assert found.length == referee.longest(board, [e.id for e in edges])


def test_search_against_cpsat() -> None:
    rng = random.Random(2)
    for _ in range(110):
        edges = rng.sample(ALL, rng.randint(1, 24))
        searched = longest_trail(edges)
        model = trail_cpsat(edges)
        assert searched.proven and model.proven
        assert searched.length == model.length
        assert _valid(edges, model)


def test_the_whole_map_by_both_methods() -> None:
    searched = longest_trail(ALL)
    model = trail_cpsat(ALL)
    assert searched.proven and model.proven
    assert searched.length == model.length == WHOLE_MAP
    assert _valid(ALL, searched) and _valid(ALL, model)


def test_the_euler_relaxation_bounds_every_trail_and_is_reached_when_proven() -> None:
    rng = random.Random(3)
    for _ in range(250):
        for part in components(rng.sample(ALL, rng.randint(1, 28))):
            searched = longest_trail(part)
            relaxation = relax(part)
            assert relaxation.bound is not None and relaxation.bound >= searched.length
            if relaxation.proven:
                assert relaxation.bound == searched.length
                assert is_trail(part, relaxation.cities, relaxation.tracks)


def test_a_small_budget_stops_the_search_and_says_so() -> None:
    found = search_trail(ALL, budget=500)
    assert not found.proven
    assert found.length <= WHOLE_MAP <= found.bound
    cut = longest_trail(ALL, budget=100, states=10)
    assert not cut.proven and cut.length <= WHOLE_MAP <= cut.bound


def test_bonus_holders_and_both_methods_on_a_position() -> None:
    position = base(players=2)
    for route in ("Dallas-El Paso", "Dallas-Houston", "Houston-New Orleans"):
        position = owned(position, RED, route)
    position = owned(position, BLUE, "Calgary-Winnipeg")
    for method in Method:
        routes = longest_routes(position, method=method)
        assert routes.trail(RED).length == 7 and routes.trail(BLUE).length == 6
        assert routes.holders == (RED,) and routes.proven


def test_engine_names_and_their_older_spellings() -> None:
    assert Method("search") is Method.SEARCH and Method("cp-sat") is Method.CPSAT
    assert Method("exact") is Method.SEARCH and Method("cpsat") is Method.CPSAT
    with pytest.raises(ValueError):
        Method("brute")
