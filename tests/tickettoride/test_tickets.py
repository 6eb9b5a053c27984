"""Tickets: completion, and the fewest trains to complete them, by the search programme, by
CP-SAT and by brute force on small maps."""

from __future__ import annotations

import itertools
import random

import pytest

from canaldsl.tickettoride.board import City, RouteSpec, TicketSpec
from canaldsl.tickettoride.colours import COLOURS, PlayerColour
from canaldsl.tickettoride.forest import Status, cheapest_forest
from canaldsl.tickettoride.longest import Method
from canaldsl.tickettoride.mapbuild import build_board
from canaldsl.tickettoride.network import Connections
from canaldsl.tickettoride.position import HeldTickets, Player, Position
from canaldsl.tickettoride.tickets import (
    TooManyTicketsError,
    fewest_trains,
    open_links,
    ticket_states,
)
from canaldsl.tickettoride.usa import usa_board
from tickettoride import randomgame
from tickettoride.builders import BLUE, RED, C, base, fewest_by_both, owned, ticket

BOARD = usa_board()


def _check_plan(position: Position, player: PlayerColour, tickets: list, plan) -> None:  # type: ignore[no-untyped-def]
    if plan.status is not Status.FOUND:
        return
    board = position.board
    usable = {link.id for link in open_links(position, player) if link.cost}
    assert set(plan.tracks) <= usable
    assert plan.trains == sum(board.tracks[t].length for t in plan.tracks)
    assert plan.trains <= plan.limit
    joined = Connections(board, (*position.tracks_of(player), *plan.tracks))
    assert all(joined.completes(t) for t in tickets)
    assert sum(n for _, n in plan.cards) + sum(plan.grey) == plan.trains


@pytest.mark.slow
def test_search_and_cpsat_agree_on_random_positions() -> None:
    rng = random.Random(4)
    for _ in range(100):
        position = randomgame.random_position(BOARD, rng)
        player = rng.choice(position.players).colour
        tickets = rng.sample(BOARD.tickets, rng.randint(1, 3))
        searched, model = fewest_by_both(position, player, tickets, rng.randint(0, 30))
        _check_plan(position, player, tickets, searched)
        _check_plan(position, player, tickets, model)


def _small_board(rng: random.Random):  # type: ignore[no-untyped-def]
    cities = [City(f"C{i}") for i in range(rng.randint(4, 7))]
    pairs = list(itertools.combinations(range(len(cities)), 2))
    rng.shuffle(pairs)
    routes = [
        RouteSpec(
            f"C{a}", f"C{b}", rng.randint(1, 6), tuple(rng.sample(COLOURS, rng.choice((1, 1, 2))))
        )
        for a, b in pairs[: rng.randint(3, min(11, len(pairs)))]
    ]
    tickets = [TicketSpec(f"C{a}", f"C{b}", 5) for a, b in pairs[:6]]
    return build_board(name="small", cities=cities, routes=routes, tickets=tickets)


def _brute_force(position: Position, player: PlayerColour, tickets: list, limit: int) -> int | None:  # type: ignore[no-untyped-def]
    board = position.board
    links = [link for link in open_links(position, player) if link.cost]
    owned_tracks = position.tracks_of(player)
    best = None
    for size in range(len(links) + 1):
        for chosen in itertools.combinations(links, size):
            cost = sum(link.cost for link in chosen)
            if cost > limit or (best is not None and cost >= best):
                continue
            joined = Connections(board, (*owned_tracks, *(link.id for link in chosen)))
            if all(joined.completes(t) for t in tickets):
                best = cost
    return best


def test_search_and_cpsat_against_brute_force_on_small_maps() -> None:
    rng = random.Random(5)
    for _ in range(120):
        board = _small_board(rng)
        players = [Player(RED), Player(BLUE)]
        position = Position.start(board, players)
        for track in range(len(board.tracks)):
            if rng.random() < 0.3:
                position = position.with_owner(track, rng.choice((RED, BLUE)))
        tickets = rng.sample(board.tickets, rng.randint(1, 3))
        limit = rng.randint(0, 20)
        expected = _brute_force(position, RED, tickets, limit)
        for method in Method:
            plan = fewest_trains(position, RED, tickets, limit=limit, method=method)
            if expected is None:
                assert plan.status in (Status.NONE_WITHIN, Status.DISCONNECTED)
            else:
                assert (plan.status, plan.trains) == (Status.FOUND, expected)


def test_a_plan_says_which_routes_and_cards() -> None:
    position = base()
    plan = fewest_trains(position, RED, [ticket("Montreal-Atlanta")], limit=45)
    assert plan.status is Status.FOUND and plan.trains == 9
    text = plan.describe(BOARD)
    assert text.startswith("9 trains:")
    assert "any one colour" in text or plan.grey == ()
    for method in Method:
        small = fewest_trains(position, RED, [ticket("Montreal-Atlanta")], limit=8, method=method)
        assert small.status is Status.NONE_WITHIN
        assert small.describe(BOARD) == "not possible with 8 trains"


def test_owned_routes_cost_nothing_and_completed_tickets_need_nothing() -> None:
    position = owned(base(), RED, "Montreal-New York")
    plan = fewest_trains(position, RED, [ticket("Montreal-Atlanta")], limit=45)
    assert plan.trains == 6
    done = owned(
        owned(owned(position, RED, "New York-Pittsburgh", C.GREEN), RED, "Pittsburgh-Raleigh"),
        RED,
        "Atlanta-Raleigh",
        C.GREY,
    )
    assert fewest_trains(done, RED, [ticket("Montreal-Atlanta")]).trains == 0
    states = ticket_states(done, RED)
    assert states is not None and [s.completed for s in states] == [True]


def test_a_cut_off_city_is_reported() -> None:
    position = base(players=2)
    for route in ("Calgary-Vancouver", "Seattle-Vancouver", "Seattle-Vancouver"):
        position = (
            owned(position, BLUE, route, C.GREY)
            if "Seattle" in route
            else owned(position, BLUE, route)
        )
    position = position.with_owner(BOARD.route("Seattle-Vancouver").tracks[1], BLUE)
    for method in Method:
        plan = fewest_trains(position, RED, [ticket("Montreal-Vancouver")], limit=45, method=method)
        assert plan.status is Status.DISCONNECTED
        assert plan.unjoinable == (ticket("Montreal-Vancouver"),)


def test_the_double_route_rules_close_routes_to_a_player() -> None:
    position = owned(base(players=2), BLUE, "Boston-New York", C.RED)
    closed = {link.id for link in open_links(position, RED)}
    assert not closed & set(BOARD.route("Boston-New York").tracks)
    position = owned(base(players=4), RED, "Boston-New York", C.RED)
    usable = {link.id: link.cost for link in open_links(position, RED)}
    red, yellow = BOARD.route("Boston-New York").tracks
    assert usable[red] == 0 and yellow not in usable


def test_too_many_tickets_is_refused() -> None:
    with pytest.raises(TooManyTicketsError):
        fewest_trains(base(), RED, list(BOARD.tickets[:13]))


def test_unknown_tickets_must_be_named() -> None:
    position = base()
    with pytest.raises(ValueError, match="not known"):
        fewest_trains(position, BLUE)
    held = position.with_player(
        Player(BLUE, 45, tickets=HeldTickets.known([ticket("Denver-El Paso")]))
    )
    assert fewest_trains(held, BLUE).trains == 4


@pytest.mark.slow
def test_the_bounded_programme_agrees_with_the_plain_one() -> None:
    """The pruning by sub-forests (5 tickets or more) never changes an answer: the search
    with and without it on random positions, at the limit of the plain answer, one below
    (where the bound must not cut the only forests left) and one above."""
    rng = random.Random(6)
    cities = len(BOARD.cities)
    found = 0
    for _ in range(5):
        position = randomgame.random_position(BOARD, rng)
        player = rng.choice(position.players).colour
        tickets = rng.sample(BOARD.tickets, 5)
        links = open_links(position, player)
        pairs = [BOARD.ticket_cities(t) for t in tickets]
        plain = cheapest_forest(cities, links, pairs, limit=45, floor_tickets=0)
        limits = [45] if plain.cost is None else [plain.cost - 1, plain.cost, plain.cost + 1]
        for limit in limits:
            bounded = cheapest_forest(cities, links, pairs, limit=limit)
            reference = cheapest_forest(cities, links, pairs, limit=limit, floor_tickets=0)
            assert (bounded.status, bounded.cost) == (reference.status, reference.cost)
            if bounded.status is Status.FOUND:
                found += 1
                plan = fewest_trains(position, player, tickets, limit=limit)
                _check_plan(position, player, tickets, plan)
    assert found >= 2


def test_many_tickets_against_brute_force_on_small_maps() -> None:
    rng = random.Random(7)
    for _ in range(60):
        board = _small_board(rng)
        position = Position.start(board, [Player(RED), Player(BLUE)])
        for track in range(len(board.tracks)):
            if rng.random() < 0.2:
                position = position.with_owner(track, rng.choice((RED, BLUE)))
        tickets = rng.sample(board.tickets, rng.randint(5, 6))
        limit = rng.randint(0, 25)
        expected = _brute_force(position, RED, tickets, limit)
        for method in Method:
            plan = fewest_trains(position, RED, tickets, limit=limit, method=method)
            if expected is None:
                assert plan.status in (Status.NONE_WITHIN, Status.DISCONNECTED)
            else:
                assert (plan.status, plan.trains) == (Status.FOUND, expected)


@pytest.mark.slow
def test_search_and_cpsat_agree_on_eight_tickets_mid_game() -> None:
    """Eight tickets at once (the bounded programme) against CP-SAT on mid-game positions."""
    rng = random.Random(8)
    statuses = set()
    for _ in range(8):
        position = randomgame.random_position(BOARD, rng)
        player = rng.choice(position.players).colour
        tickets = rng.sample(BOARD.tickets, 8)
        searched, _ = fewest_by_both(position, player, tickets, rng.randint(15, 45))
        statuses.add(searched.status)
    assert Status.NONE_WITHIN in statuses


def test_cpsat_first_question_keeps_every_link_of_a_cheapest_forest() -> None:
    """CP-SAT's first question (is any forest within the limit?) works on the links that can
    lie on a ticket's path within the limit: on random questions with a plan, every track of
    the plan (found by the whole model) is among the links kept at the plan's own cost as the
    limit, so the smaller model holds the cheapest forests too; and the tickets' cheapest
    paths together never cost less than the plan."""
    from canaldsl.tickettoride.tickets import _within_reach

    rng = random.Random(21)
    found = 0
    while found < 10:
        position = randomgame.random_position(BOARD, rng)
        player = rng.choice(position.players).colour
        tickets = rng.sample(BOARD.tickets, rng.randint(1, 3))
        plan = fewest_trains(position, player, tickets, limit=25, method=Method.CPSAT)
        if plan.status is not Status.FOUND or plan.trains is None:
            continue
        pairs = [BOARD.ticket_cities(t) for t in tickets]
        links = open_links(position, player)
        near, paths = _within_reach(len(BOARD.cities), links, pairs, plan.trains)
        assert set(plan.tracks) <= {link.id for link in near}
        assert paths >= plan.trains
        found += 1
