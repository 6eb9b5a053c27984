"""The USA map built in, its data against the reference files, user maps, names."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from canaldsl.tickettoride.board import (
    BoardError,
    City,
    RouteSpec,
    TicketSpec,
    UnknownCityError,
    UnknownRouteError,
    UnknownTicketError,
)
from canaldsl.tickettoride.colours import Colour, ColourError, parse_colour, parse_player
from canaldsl.tickettoride.mapbuild import board_from_toml, build_board
from canaldsl.tickettoride.usa import (
    USA_1910_TICKETS,
    USA_CITIES,
    USA_DOUBLE_ROUTES,
    USA_ROUTES,
    USA_SPACES,
    USA_TICKETS,
    USA_TRACKS,
    usa_board,
)

REFERENCE = Path("/work/shared/reference")


def test_usa_counts() -> None:
    board = usa_board()
    assert len(board.cities) == USA_CITIES == 36
    assert len(board.routes) == USA_ROUTES == 78
    assert sum(r.is_double for r in board.routes) == USA_DOUBLE_ROUTES == 22
    assert len(board.tracks) == USA_TRACKS == 100
    assert board.spaces == USA_SPACES == 309
    colours = Counter(t.colour for t in board.tracks)
    assert colours[Colour.GREY] == 44
    assert all(colours[c] == 7 for c in colours if c is not Colour.GREY)
    assert len(board.tickets) == USA_TICKETS == 30
    both = usa_board(tickets_1910=True)
    assert len(both.tickets) == USA_TICKETS + USA_1910_TICKETS == 65
    uncertain = [t for t in both.tickets if t.uncertain]
    assert [(t.a, t.b, t.points) for t in uncertain] == [("Los Angeles", "Oklahoma City", 9)]
    assert {t.set for t in both.tickets} == {"original", "1910"}


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference files are not here")
def test_usa_data_matches_the_reference_files() -> None:
    board = usa_board(tickets_1910=True)
    lines = (REFERENCE / "ticket-to-ride-usa-routes.txt").read_text().splitlines()
    routes = set()
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        match = re.match(r"(.+?)-(.+) (\d) (\S+)$", line)
        assert match
        a, b, length, colours = match.groups()
        routes.add((board.canonical(a), board.canonical(b), int(length), colours))
    ours = {
        (
            board.city_name(r.a),
            board.city_name(r.b),
            r.length,
            "/".join(str(board.tracks[t].colour) for t in r.tracks),
        )
        for r in board.routes
    }
    assert ours == routes
    for name, expected in (
        ("ticket-to-ride-usa-tickets.txt", "original"),
        ("ticket-to-ride-usa-1910-tickets.txt", "1910"),
    ):
        listed = set()
        for line in (REFERENCE / name).read_text().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            match = re.match(r"(.+?)[-\u2013](.+) (\d+)$", line)
            assert match
            a, b, points = match.groups()
            listed.add((board.canonical(a), board.canonical(b), int(points)))
        assert listed == {(t.a, t.b, t.points) for t in board.tickets if t.set == expected}
    for line in (REFERENCE / "ticket-to-ride-usa-cities.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, latitude, longitude = (part.strip() for part in line.split(";"))
        city = board.cities[board.city(name)]
        assert (city.name, city.latitude, city.longitude) == (
            name,
            float(latitude),
            float(longitude),
        )


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("Montréal", "Montreal"),
        ("montreal", "Montreal"),
        ("Saint Louis", "St. Louis"),
        ("St Louis", "St. Louis"),
        ("Sault St Marie", "Sault St. Marie"),
        ("SAULT ST. MARIE", "Sault St. Marie"),
        ("new  york", "New York"),
    ],
)
def test_spelling_variants(spelling: str, canonical: str) -> None:
    assert usa_board().canonical(spelling) == canonical


def test_did_you_mean_for_cities_routes_and_tickets() -> None:
    board = usa_board()
    with pytest.raises(UnknownCityError, match="did you mean Seattle") as error:
        board.city("Seatle")
    assert error.value.suggestion == "Seattle"
    with pytest.raises(UnknownRouteError, match="no route joins Seattle-Denver"):
        board.route("Seattle-Denver")
    with pytest.raises(UnknownRouteError, match="did you mean Boston-New York red"):
        board.track_of(board.route("Boston-New York"), Colour.GREEN)
    with pytest.raises(UnknownTicketError):
        board.ticket("Seattle-Miami")
    assert board.route("portland \u2013 seattle").name == "Portland-Seattle"
    assert issubclass(UnknownCityError, ValueError)


def test_track_labels_distinguish_doubles() -> None:
    board = usa_board()
    labels = [board.track_label(t) for t in board.route("Boston-New York").tracks]
    assert labels == ["Boston-New York red", "Boston-New York yellow"]
    grey = [board.track_label(t) for t in board.route("Portland-Seattle").tracks]
    assert grey == ["Portland-Seattle grey 1", "Portland-Seattle grey 2"]
    assert board.track_label(board.route("Montreal-Toronto").tracks[0]) == "Montreal-Toronto"


def test_colour_names() -> None:
    assert parse_colour("viola") is Colour.PINK
    assert parse_colour("Purple") is Colour.PINK
    assert parse_colour("grigio") is Colour.GREY
    assert parse_player("Rosso").value == "red"
    with pytest.raises(ColourError, match="did you mean"):
        parse_colour("yelow")


SMALL = """
name = "triangle"
[[city]]
name = "Aa"
variants = ["A"]
[[city]]
name = "Bb"
[[city]]
name = "Cc"
[[route]]
cities = ["Aa", "Bb"]
length = 2
colours = ["red", "blue"]
[[route]]
cities = ["Bb", "Cc"]
length = 6
colours = ["grey"]
[[ticket]]
cities = ["A", "Cc"]
points = 9
"""


def test_a_user_map_is_a_board_like_the_usa() -> None:
    board = board_from_toml(SMALL)
    assert (len(board.cities), len(board.routes), len(board.tracks), board.spaces) == (3, 2, 3, 10)
    assert board.ticket("Aa-Cc").points == 9
    assert board.route("A-Bb").is_double
    assert board.cities[0].latitude is None


def test_user_map_problems_are_all_reported() -> None:
    with pytest.raises(BoardError) as error:
        build_board(
            name="bad",
            cities=[City("Aa"), City("Bb", variants=("aa",)), City("Cc", 95.0, 0.0)],
            routes=[
                RouteSpec("Aa", "Zz", 2, (Colour.RED,)),
                RouteSpec("Aa", "Bb", 7, (Colour.RED,)),
                RouteSpec("Aa", "Cc", 2, (Colour.LOCOMOTIVE,)),
                RouteSpec("Bb", "Bb", 2, (Colour.RED,)),
                RouteSpec("Bb", "Cc", 2, (Colour.RED, Colour.RED, Colour.RED)),
            ],
            tickets=[TicketSpec("Aa", "Aa", 3), TicketSpec("Aa", "Cc", 0)],
        )
    problems = "\n".join(error.value.problems)
    for expected in (
        "also Aa's",
        "latitude 95.0",
        "unknown city 'Zz'",
        "length 7",
        "locomotive is not a track colour",
        "two different cities",
        "3 tracks",
        "at least 1 point",
    ):
        assert expected in problems
    assert isinstance(error.value, ValueError)


def test_toml_errors_are_board_errors() -> None:
    with pytest.raises(BoardError, match="not valid TOML"):
        board_from_toml("[[city]\nname=")
    with pytest.raises(BoardError, match="'cities' must be"):
        board_from_toml(
            '[[city]]\nname="A"\n[[city]]\nname="B"\n[[route]]\ncities="A"\nlength=1\ncolours=["red"]'
        )
    with pytest.raises(BoardError, match="unknown colour"):
        board_from_toml(
            '[[city]]\nname="A"\n[[city]]\nname="B"\n[[route]]\ncities=["A","B"]\nlength=1\ncolours=["mauve"]'
        )
