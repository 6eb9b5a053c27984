"""The engine: every broken rule reported at once, turns explained, unknowns not guessed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from canaldsl.diagnostics import Span
from canaldsl.tickettoride.engine import TurnError, play
from canaldsl.tickettoride.position import Deck, Hand, TicketDeck
from canaldsl.tickettoride.turns import CardDraw, Claim, DrawTickets, Source, Turn
from tickettoride.builders import (
    BLUE,
    BOARD,
    RED,
    YELLOW,
    C,
    base,
    blind,
    broken_at,
    cards,
    claim,
    draw,
    face_up,
    judge,
    owned,
    span,
    with_red,
)


def test_every_broken_rule_is_reported_with_its_step() -> None:
    position = owned(with_red(base(to_move=BLUE), trains=2), BLUE, "Montreal-New York")
    verdict = judge(position, claim("Montreal-New York", paid=cards(red=1, white=1)))
    assert broken_at(verdict) == {
        ("turn.order", 1, 1),
        ("claim.free-track", 2, 5),
        ("claim.trains", 2, 5),
        ("claim.length", 2, 30),
        ("claim.colour", 2, 30),
        ("claim.cards-in-hand", 2, 30),
    }
    assert verdict.after is position


def test_a_legal_turn_is_explained() -> None:
    verdict = judge(base(), claim("Montreal-New York", paid=cards(blue=2, loco=1)))
    report = verdict.report
    assert (report.track, report.points, report.trains_left) == ("Montreal-New York", 4, 42)
    assert report.summary() == (
        "red claims; Montreal-New York with 2 blue, 1 locomotive: 4 points; 42 trains left"
    )
    assert report.to_json()["cards_paid"] == {"blue": 2, "locomotive": 1}
    assert verdict.after.to_move is BLUE


def test_draw_is_explained_with_unknown_cards() -> None:
    position = base(deck=Deck(size=24))
    verdict = judge(position, draw(blind(), face_up(C.WHITE, 20)))
    assert verdict.legal
    assert verdict.report.cards_drawn == (None, C.WHITE)
    hand = verdict.after.player(RED).hand
    assert hand.cards is None and hand.size == 10
    assert verdict.after.display_unknown == 1  # the replacement was not said


def test_unknown_hand_leaves_payment_rules_unchecked() -> None:
    position = with_red(base(), hand=Hand(None, 5))
    verdict = judge(position, claim("Montreal-New York"))
    assert verdict.legal
    assert {u.rule for u in verdict.unchecked} == {
        "claim.length",
        "claim.colour",
        "claim.grey-one-colour",
        "claim.cards-in-hand",
    }
    assert verdict.after.player(RED).hand.size == 2


def test_hand_size_alone_still_catches_too_many_cards() -> None:
    position = with_red(base(), hand=Hand(None, 2))
    verdict = judge(position, claim("Montreal-New York", paid=cards(blue=3)))
    assert verdict.rules_broken == ("claim.cards-in-hand",)


def test_unknown_ticket_deck_leaves_its_rules_unchecked() -> None:
    position = base(ticket_deck=TicketDeck())
    turn = Turn(RED, (DrawTickets(None, None, 3, 1, span(2, 5)),), span(1))
    verdict = judge(position, turn)
    assert verdict.legal
    assert {u.rule for u in verdict.unchecked} == {"tickets.none-left"}
    assert verdict.after.player(RED).tickets.tickets is None
    assert verdict.after.player(RED).tickets.count == 2


def test_a_double_route_without_colour_takes_the_track_the_cards_fit() -> None:
    verdict = judge(base(), claim("Boston-New York", None, cards(red=2)))
    assert verdict.legal and verdict.report.track == "Boston-New York red"
    assert any("red track taken" in note for note in verdict.report.notes)


def test_an_empty_turn_breaks_one_action() -> None:
    verdict = judge(base(), Turn(RED, (), span(1)))
    assert verdict.rules_broken == ("turn.one-action",)


def test_turn_errors_are_value_errors() -> None:
    with pytest.raises(TurnError, match="does not play"):
        play(base(players=2), draw(blind(), blind(None, 20), player=YELLOW))
    route = BOARD.route("Montreal-New York")
    with pytest.raises(TurnError, match="no red track"):
        play(base(), Turn(RED, (Claim(route, C.RED, cards(red=3)),)))
    assert issubclass(TurnError, ValueError)


def test_turn_values_refuse_impossible_steps() -> None:
    with pytest.raises(ValueError, match="names the card"):
        CardDraw(Source.FACE_UP)
    with pytest.raises(ValueError, match="turns up no card"):
        CardDraw(Source.BLIND, revealed=(C.RED,))
    with pytest.raises(ValueError, match="no grey"):
        CardDraw(Source.BLIND, C.GREY)


def test_a_turn_after_an_illegal_one_starts_from_the_same_position() -> None:
    position = base()
    bad = judge(position, claim("Montreal-New York", paid=cards(red=3)))
    good = judge(bad.after, claim("Montreal-New York", paid=cards(blue=3)))
    assert not bad.legal and good.legal


def test_spans_are_kept() -> None:
    turn = Turn(
        RED,
        (
            Claim(
                BOARD.route("Montreal-New York"),
                None,
                cards(red=3),
                Span(7, 3, 7, 20),
                Span(7, 22, 7, 30),
            ),
        ),
        Span(6, 1, 6, 5),
    )
    verdict = judge(replace(base()), turn)
    assert {(v.rule, v.span) for v in verdict.violations} == {
        ("claim.colour", Span(7, 22, 7, 30)),
        ("claim.cards-in-hand", Span(7, 22, 7, 30)),
    }
