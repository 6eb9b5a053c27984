"""Each switch of Ticket to Ride changes the verdict the way its values say."""

from __future__ import annotations

from dataclasses import replace

import pytest

from canaldsl.tickettoride.position import Deck, Position, TicketDeck
from canaldsl.tickettoride.rulebook import BOOK, switch_values
from canaldsl.tickettoride.scoring import final_scores
from tickettoride.builders import (
    BLUE,
    RED,
    TICKET_DECK,
    C,
    base,
    blind,
    cards,
    claim,
    draw,
    face_up,
    judge,
    owned,
    tickets,
)
from tickettoride.rulecases import _empty_piles


def _set(position: Position, name: str, value: str) -> Position:
    return replace(position, settings={name: value})


def test_every_switch_has_a_default_and_is_documented() -> None:
    values = switch_values({})
    assert set(values) == set(BOOK.switches)
    for switch in BOOK.switches.values():
        assert values[switch.name] == switch.values[0]
        assert switch.summary and len(switch.sources) > 60
    with pytest.raises(ValueError, match="unknown switch"):
        switch_values({"no-such-switch": "x"})
    with pytest.raises(ValueError, match="not one of"):
        switch_values({"small-game-doubles": "maybe"})


@pytest.mark.parametrize(("value", "broken"), [("forbidden", True), ("replacement-only", False)])
def test_second_face_up_locomotive_already_there(value: str, broken: bool) -> None:
    position = _set(base(), "second-face-up-locomotive", value)
    verdict = judge(position, draw(blind(C.GREEN), face_up(C.LOCOMOTIVE, 20)))
    assert ("draw.locomotive-second" in verdict.rules_broken) is broken


@pytest.mark.parametrize("value", ["forbidden", "replacement-only"])
def test_second_face_up_locomotive_as_the_replacement(value: str) -> None:
    position = base(display=cards(red=2, white=2, black=1), deck=Deck(size=30))
    position = _set(position, "second-face-up-locomotive", value)
    verdict = judge(
        position, draw(face_up(C.RED, revealed=(C.LOCOMOTIVE,)), face_up(C.LOCOMOTIVE, 20))
    )
    assert verdict.rules_broken == ("draw.locomotive-second",)


@pytest.mark.parametrize(("value", "broken"), [("draw-remaining", False), ("forbidden", True)])
def test_short_ticket_deck(value: str, broken: bool) -> None:
    position = _set(base(ticket_deck=TicketDeck(order=TICKET_DECK[:2])), "short-ticket-deck", value)
    verdict = judge(position, tickets(TICKET_DECK[:2], TICKET_DECK[:1]))
    assert ("tickets.draw-three" in verdict.rules_broken) is broken


@pytest.mark.parametrize(("value", "broken"), [("one-track", True), ("both-tracks", False)])
def test_small_game_doubles(value: str, broken: bool) -> None:
    position = owned(base(players=2), BLUE, "Atlanta-Raleigh", C.GREY)
    verdict = judge(_set(position, "small-game-doubles", value), claim("Atlanta-Raleigh"))
    assert ("route.double-small-game" in verdict.rules_broken) is broken


def test_four_players_may_use_both_tracks_of_a_double() -> None:
    position = owned(base(players=4), BLUE, "Atlanta-Raleigh", C.GREY)
    verdict = judge(position, claim("Atlanta-Raleigh", paid=cards(blue=2)))
    assert verdict.legal


@pytest.mark.parametrize(("value", "broken"), [("forbidden", True), ("allowed", False)])
def test_exhausted_deck_face_up(value: str, broken: bool) -> None:
    position = _set(_empty_piles(), "exhausted-deck-face-up", value)
    verdict = judge(position, draw(face_up(C.RED), face_up(C.WHITE, 20)))
    assert ("draw.no-cards-left" in verdict.rules_broken) is broken
    if not broken:
        assert verdict.after.display == cards(red=1, loco=1, black=1)


@pytest.mark.parametrize(("value", "broken"), [("forbidden", True), ("allowed", False)])
def test_stop_after_one_card(value: str, broken: bool) -> None:
    verdict = judge(_set(base(), "stop-after-one-card", value), draw(blind(C.GREEN)))
    assert ("draw.two-cards" in verdict.rules_broken) is broken


def test_one_card_is_enough_when_no_second_can_be_drawn() -> None:
    position = _set(_empty_piles(), "exhausted-deck-face-up", "allowed")
    position = replace(position, display=cards(loco=3))
    verdict = judge(position, draw(face_up(C.LOCOMOTIVE)))
    assert verdict.legal


@pytest.mark.parametrize(("value", "bonus"), [("no-bonus", 0), ("bonus", 10)])
def test_longest_route_without_routes(value: str, bonus: int) -> None:
    scores = final_scores(_set(base(), "longest-route-without-routes", value))
    assert scores.score(RED).bonus == bonus
