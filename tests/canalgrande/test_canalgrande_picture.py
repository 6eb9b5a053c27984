"""Canal Grande pictures: what they show, names escaped, PNG rendering."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from dataclasses import replace

from canaldsl.canalgrande import picture
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.game import play_vote
from canaldsl.canalgrande.knowledge import Hand
from canaldsl.draw.raster import PNG_SIGNATURE, png_from_svg

from . import convert
from .game_record import START, TURNS
from .generator import number_steps
from .test_canalgrande_example import EXAMPLE, _position

SVG = "{http://www.w3.org/2000/svg}"


def _groups(svg: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(svg.encode("utf-8"))
    return [g for g in root.iter(f"{SVG}g") if g.get("data-kind") == kind]


def test_the_worked_vote_is_drawn_play_by_play() -> None:
    verdict = play_vote(_position(), "Elena", EXAMPLE)
    svg = picture.svg(_position(), votes=[verdict.report], title="the worked example")
    assert len(_groups(svg, "player")) == 2 and len(_groups(svg, "vote")) == 1
    vote = _groups(svg, "vote")[0]
    cards = [g.get("data-card") for g in vote.iter(f"{SVG}g") if g.get("data-kind") == "card"]
    assert cards == [
        "San Marco",
        "San Marco", "gondola", "Castello",
        "San Marco", "gondola", "San Polo",
        "gondola", "Dorsoduro", "Dorsoduro",
    ]  # fmt: skip
    assert "Michele wins and takes a San Marco prize" in svg
    assert "5. Elena" in svg and "passes" in svg
    assert png_from_svg(svg).startswith(PNG_SIGNATURE)


def test_prizes_hands_and_unknown_cards() -> None:
    position = _position()
    elena = replace(
        position.players[0],
        prizes=Bag({District.CASTELLO: 2}),
        hand=Hand(Bag.of([Card.SAN_MARCO]), 3),
    )
    michele = replace(position.players[1], hand=Hand.hidden(None), name='<b>&"M"')
    svg = picture.svg(replace(position, players=(elena, michele)))
    prizes = _groups(svg, "prize")
    assert len(prizes) == 12  # six districts for each player
    castello = [g for g in prizes if g.get("data-district") == "Castello"]
    assert [g.findtext(f"{SVG}title") for g in castello] == [
        "2 Castello prize(s)",
        "0 Castello prize(s)",
    ]
    assert "3 unknown" in svg and "? cards" in svg
    assert "&lt;b&gt;&amp;" in svg and '<b>&"M"' not in svg
    ET.fromstring(svg.encode("utf-8"))  # well-formed


def test_a_turn_with_two_votes() -> None:
    position = convert.position(START)
    for turn in TURNS:
        report = play_turn(position, convert.turn(number_steps(copy.deepcopy(turn))))
        if sum(len(phase.votes) for phase in report.phases) >= 2:
            break
        position = report.after
    svg = picture.turn_svg(report, title="two votes")
    assert len(_groups(svg, "offer")) == 2
    assert len(_groups(svg, "vote")) >= 2
    assert "(chooser)" in svg and "(splitter)" in svg
    assert png_from_svg(svg).startswith(PNG_SIGNATURE)
