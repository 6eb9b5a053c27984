"""The map picture: every city, track and label drawn, labels never overlapping, claimed
tracks, the longest route and a ticket's path, hostile names escaped, PNG output."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

from canaldsl.draw.placement import Box
from canaldsl.draw.raster import PNG_SIGNATURE, png_from_svg
from canaldsl.draw.text import text_width
from canaldsl.tickettoride import picture
from canaldsl.tickettoride.board import City, RouteSpec
from canaldsl.tickettoride.mapbuild import build_board
from canaldsl.tickettoride.network import edges_of, longest_trail
from canaldsl.tickettoride.tickets import completing_path, fewest_trains
from canaldsl.tickettoride.usa import usa_board
from tickettoride.builders import BLUE, RED, C, base, owned, ticket

SVG = "{http://www.w3.org/2000/svg}"
BOARD = usa_board()


def _groups(tree: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in tree.iter(f"{SVG}g") if g.get("data-kind") == kind]


def _labels(tree: ET.Element) -> list[Box]:
    boxes = []
    for text in tree.iter(f"{SVG}text"):
        if text.get("data-kind") != "label":
            continue
        size = float(text.get("font-size", "12"))
        x, y = float(text.get("x", "0")), float(text.get("y", "0"))
        boxes.append(Box(x, y - size, text_width(text.text or "", size, bold=True), size))
    return boxes


def test_the_bare_map_draws_everything_and_no_label_overlaps_another() -> None:
    document = picture.svg(BOARD)
    tree = ET.fromstring(document)
    assert len(_groups(tree, "track")) == 100
    assert len(_groups(tree, "city")) == 36
    labels = _labels(tree)
    assert len(labels) == 36
    for a, b in itertools.combinations(labels, 2):
        assert not a.overlaps(b)
    width = float(tree.get("width", "0"))
    assert all(box.x >= 0 and box.x + box.width <= width for box in labels)
    cars = sum(len(g.findall(f"{SVG}path")) for g in _groups(tree, "track"))
    assert cars == BOARD.spaces == 309
    assert picture.svg(BOARD) == document  # the same picture every time


def test_claimed_tracks_longest_route_and_ticket_path() -> None:
    position = base(players=2)
    for route in ("Dallas-El Paso", "Dallas-Houston", "Houston-New Orleans"):
        position = owned(position, RED, route)
    position = owned(position, BLUE, "Calgary-Winnipeg")
    goal = ticket("Denver-El Paso")
    plan = fewest_trains(position, RED, [goal], limit=45)
    path = completing_path(position, RED, goal, plan.tracks)
    tree = ET.fromstring(
        picture.svg(BOARD, position, longest=RED, path=path, tickets=[goal], title="A <test>")
    )
    claimed = [g for g in _groups(tree, "track") if g.get("data-owner")]
    assert sorted(g.get("data-owner") for g in claimed) == ["blue", "red", "red", "red"]
    trail = longest_trail(edges_of(BOARD, position.tracks_of(RED)))
    (band,) = _groups(tree, "longest-route")
    assert len(band) == len(trail.tracks) == 3
    (ticket_band,) = _groups(tree, "ticket-path")
    assert len(ticket_band) == len(path) >= 1
    texts = " ".join(t.text or "" for t in tree.iter(f"{SVG}text"))
    assert "longest continuous route: 7 trains" in texts and "A <test>" in texts


def test_a_user_map_without_coordinates_and_hostile_names() -> None:
    board = build_board(
        name="<b>",
        cities=[City("<script>alert(1)</script>"), City('Q"uote'), City("Amp & co")],
        routes=[
            RouteSpec("<script>alert(1)</script>", 'Q"uote', 2, (C.RED, C.BLUE)),
            RouteSpec('Q"uote', "Amp & co", 3, (C.GREY,)),
        ],
    )
    document = picture.svg(board)
    assert "<script>" not in document
    tree = ET.fromstring(document)
    assert len(_groups(tree, "track")) == 3
    names = {t.text for t in tree.iter(f"{SVG}text") if t.get("data-kind") == "label"}
    assert names == {"<script>alert(1)</script>", 'Q"uote', "Amp & co"}


def test_png_output() -> None:
    png = png_from_svg(picture.svg(BOARD, base(), longest=RED))
    assert png.startswith(PNG_SIGNATURE) and len(png) > 10_000
