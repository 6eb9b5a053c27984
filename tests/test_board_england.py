"""The built-in England boards honour every fact the rulebooks and the facts file state."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest

from canaldsl.canalmania.analysis_board import _builtin_board, builtin_board
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import PLACE_COLOURS, Terrain
from canaldsl.hexgrid import Hex

EDITIONS = ("england-1st", "england-2nd")

NAMED_BY_RULEBOOKS = (
    "Arundel",
    "Basingstoke",
    "Bath",
    "Birmingham",
    "Bridgwater",
    "Bristol",
    "Burton",
    "Chester",
    "Coventry",
    "Gloucester",
    "Goole",
    "Guildford",
    "Huddersfield",
    "Lancaster",
    "Leeds",
    "Leicester",
    "Liverpool",
    "London",
    "Maidstone",
    "Manchester",
    "Northampton",
    "Nottingham",
    "Oxford",
    "Peterborough",
    "Preston",
    "Reading",
    "Sheffield",
    "Skipton",
    "Stoke",
    "Taunton",
    "Tonbridge",
    "Weybridge",
    "Worcester",
    "Ripon",
    "York",
    "Lincoln",
    "Leighton Buzzard",
)


@pytest.fixture(params=EDITIONS, scope="module")
def board(request: pytest.FixtureRequest) -> Board:
    return builtin_board(request.param)


def test_boards_load_without_any_diagnostic() -> None:
    for name in EDITIONS:
        loaded, diagnostics = _builtin_board(name)
        assert loaded is not None
        assert [d.render() for d in diagnostics] == []


def test_places_cities_and_colours(board: Board) -> None:
    places = list(board.places.values())
    assert len(places) == 42
    assert sum(p.is_city for p in places) == 6
    assert Counter(p.colour for p in places) == {c: 7 for c in PLACE_COLOURS}
    assert Counter(p.colour for p in places if p.is_city) == {c: 1 for c in PLACE_COLOURS}


def test_every_named_place_is_there(board: Board) -> None:
    missing = [n for n in NAMED_BY_RULEBOOKS if n not in board.places]
    assert missing == []
    if board.name == "england-1st":
        assert "Llangollen" in board.places and "Newark" not in board.places
    else:
        assert "Newark" in board.places and "Llangollen" not in board.places


def colour(board: Board, name: str) -> str:
    return board.places[name].colour


def test_colours_the_rulebooks_state(board: Board) -> None:
    london = board.places["London"]
    assert london.is_city and london.colour == "red"
    assert colour(board, "Burton") == colour(board, "Peterborough") == "red"
    for name in ("Guildford", "Oxford", "Northampton"):
        assert colour(board, name) == "black", name
    assert colour(board, "Leeds") == "yellow"
    assert colour(board, "Gloucester") == "green"
    if board.name == "england-1st":
        assert colour(board, "Bristol") == "green"  # IT/FR goods example
    else:
        assert colour(board, "Sheffield") == "green"  # DE goods example
        assert colour(board, "Newark") == "black"


def test_llangollen_and_york(board: Board) -> None:
    first, second = builtin_board("england-1st"), builtin_board("england-2nd")
    llangollen = first.places["Llangollen"].hex
    assert llangollen.col <= 2, "on the west edge"
    assert abs(llangollen.row - first.rows / 2) <= first.rows / 4, "in the middle"
    york1, york2 = first.places["York"].hex, second.places["York"].hex
    assert york1.row == york2.row and york2.col == york1.col + 1
    newark = second.places["Newark"].hex
    notts, lincoln = second.places["Nottingham"].hex, second.places["Lincoln"].hex
    assert newark.distance(notts) + newark.distance(lincoln) <= notts.distance(lincoln) + 2


def test_thirty_contracts_six_starting(board: Board) -> None:
    contracts = list(board.contracts.values())
    assert len(contracts) == 30
    assert sum(c.starting for c in contracts) == 6
    for c in contracts:
        assert 2 <= c.value <= 8, c.name
        fewest = board.fewest_tiles(c)
        assert fewest is not None and fewest <= c.value, c.name


def contract_between(board: Board, a: str, b: str) -> str:
    for c in board.contracts.values():
        if set(c.endpoints) == {a, b}:
            return c.name
    raise AssertionError(f"no contract between {a} and {b}")


def test_contracts_the_rulebooks_state(board: Board) -> None:
    lnl = board.contracts[contract_between(board, "Leeds", "Liverpool")]
    assert lnl.via == ("Skipton",) and lnl.value == 8
    assert "Medway" in contract_between(board, "Tonbridge", "Maidstone")
    assert "Shropshire" in contract_between(board, "Birmingham", "Chester")
    wey = board.contracts[contract_between(board, "Weybridge", "Arundel")]
    assert wey.via == ("Guildford",)
    kennet = next(c for c in board.contracts.values() if "Kennet" in c.name)
    assert {"Bristol", "Bath"} <= set(kennet.places)
    assert "Lancaster" in contract_between(board, "Preston", "Lancaster")
    assert "Huddersfield" in contract_between(board, "Manchester", "Huddersfield")
    rochdale = board.contracts[contract_between(board, "Goole", "Manchester")]
    assert "Rochdale" in rochdale.name


def paths(board: Board, a: str, b: str, length: int) -> Iterator[tuple[Hex, ...]]:
    """Every simple path of exactly ``length`` buildable hexes from place a to place b."""
    start, goal = board.places[a].hex, board.places[b].hex

    def extend(path: tuple[Hex, ...]) -> Iterator[tuple[Hex, ...]]:
        if len(path) == length:
            if goal in board.neighbours(path[-1]):
                yield path
            return
        for n in board.neighbours(path[-1]):
            if board.is_buildable(n) and n not in path and n.distance(goal) <= length - len(path):
                yield from extend((*path, n))

    for first in board.neighbours(start):
        if board.is_buildable(first):
            yield from extend((first,))


def terrains(board: Board, path: tuple[Hex, ...]) -> tuple[Terrain, ...]:
    return tuple(board.terrain[h] for h in path)


C, D = Terrain.CLEAR, Terrain.DIFFICULT


def test_building_examples_are_buildable(board: Board) -> None:
    # Goole to Sheffield through clear, difficult, clear (IT/FR/DE, playing build cards)
    assert any(terrains(board, p) == (C, D, C) for p in paths(board, "Goole", "Sheffield", 3))
    # Manchester to Huddersfield through two difficult hexes (the surveyor example)
    assert any(terrains(board, p) == (D, D) for p in paths(board, "Manchester", "Huddersfield", 2))
    # the Medway through two clear hexes (consecutive tiles example)
    assert any(terrains(board, p) == (C, C) for p in paths(board, "Tonbridge", "Maidstone", 2))
    # Kennet and Avon: a stretch between Bristol and Bath, then a lock beyond Bath
    between = [p for p in paths(board, "Bristol", "Bath", 1) if terrains(board, p) == (C,)]
    assert between
    bath, bristol = board.places["Bath"].hex, board.places["Bristol"].hex
    assert any(
        board.is_buildable(n) and board.terrain[n] is C and bristol not in board.neighbours(n)
        for n in board.neighbours(bath)
    )


def test_leeds_and_liverpool_example_route_exists(board: Board) -> None:
    # 7 tiles: 3 stretches, 2 locks (5 clear), 1 aqueduct and 1 tunnel (2 difficult)
    found = False
    for k in range(1, 7):
        for first in paths(board, "Leeds", "Skipton", k):
            for second in paths(board, "Skipton", "Liverpool", 7 - k):
                if set(first) & set(second):
                    continue
                kinds = Counter(terrains(board, first + second))
                if kinds[C] == 5 and kinds[D] == 2:
                    found = True
                    break
            if found:
                break
        if found:
            break
    assert found


def connected(board: Board, route: list[str]) -> bool:
    return all(board.tiles_between(a, b) is not None for a, b in itertools.pairwise(route))


GOODS_ROUTES = [
    ["Taunton", "Bridgwater"],
    ["Chester", "Stoke", "Burton", "Nottingham"],
    ["Guildford", "Weybridge", "London"],
    ["Basingstoke", "Weybridge", "Guildford", "Arundel"],
    ["Coventry", "Birmingham", "Worcester", "Gloucester"],
    ["Manchester", "Stoke", "Birmingham", "Coventry"],
    ["Arundel", "Guildford", "Reading"],
    ["Peterborough", "Northampton", "Leighton Buzzard"],
    ["Preston", "Lancaster"],
]


@pytest.mark.parametrize("route", GOODS_ROUTES, ids=lambda r: "-".join(r))
def test_goods_examples_have_distinct_colours(board: Board, route: list[str]) -> None:
    assert len({colour(board, p) for p in route}) == len(route)
    assert connected(board, route)


def test_colour_restriction_examples(board: Board) -> None:
    # Arundel's cube cannot go on from Reading to Oxford: Guildford and Oxford are both black
    assert colour(board, "Guildford") == colour(board, "Oxford")
    assert colour(board, "Reading") not in {colour(board, "Arundel"), colour(board, "Guildford")}
    # Peterborough's cube stops at Leighton Buzzard: Peterborough and London are both red
    assert colour(board, "Peterborough") == colour(board, "London")
    assert colour(board, "Leighton Buzzard") not in {"red", "black"}
    assert connected(board, ["Northampton", "Leighton Buzzard", "London"])
    if board.name == "england-1st":
        assert connected(board, ["Manchester", "Stoke", "Birmingham", "Coventry", "Northampton"])
        assert (
            len(
                {
                    colour(board, p)
                    for p in ("Manchester", "Stoke", "Birmingham", "Coventry", "Northampton")
                }
            )
            == 5
        )
    else:
        # Newark's cube stops at Leicester: Newark and Northampton are both black
        assert colour(board, "Leicester") != "black"
        assert connected(board, ["Newark", "Leicester", "Northampton"])
        # the shortest-route example: a ring of four differently coloured places
        ring = ["Huddersfield", "Leeds", "Goole", "Sheffield"]
        assert len({colour(board, p) for p in ring}) == 4
        assert connected(board, [*ring, "Huddersfield"])
