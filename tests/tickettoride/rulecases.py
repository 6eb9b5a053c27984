"""One turn where each rule holds and one where it is broken (only that rule), with the line
and column the verdict must point at. Used by test_rules.py and kept complete against the
registry by it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from canaldsl.tickettoride.position import (
    Deck,
    Discards,
    Hand,
    LastRound,
    Position,
    TicketDeck,
    validate,
)
from canaldsl.tickettoride.turns import DrawCards, Turn
from tickettoride.builders import (
    BLUE,
    RED,
    TICKET_DECK,
    YELLOW,
    C,
    base,
    blind,
    cards,
    claim,
    claim_action,
    draw,
    face_up,
    owned,
    span,
    ticket,
    tickets,
    with_red,
)

Case = Callable[[], tuple[Position, Turn]]


@dataclass(frozen=True)
class RuleCase:
    holds: Case
    broken: Case
    where: tuple[int, int]


T = TICKET_DECK


def _two_claims() -> tuple[Position, Turn]:
    turn = Turn(
        RED,
        (
            claim_action("Montreal-New York", paid=cards(blue=3), line=2),
            claim_action("Boston-New York", C.RED, cards(red=2), line=3),
        ),
        span(1),
    )
    return base(), turn


def _draw_and_claim() -> tuple[Position, Turn]:
    turn = Turn(
        RED,
        (
            DrawCards((blind(C.GREEN), blind(C.YELLOW, 20)), span(2, 5)),
            claim_action("Montreal-New York", paid=cards(blue=3), line=3),
        ),
        span(1),
    )
    return base(), turn


def _empty_piles() -> Position:
    """Two players hold every card but the five face up; deck and discards are empty."""
    position = base(players=2)
    others = 110 - 5 - position.player(RED).hand.cards.total  # type: ignore[union-attr]
    blue = replace(position.player(BLUE), hand=Hand(None, others))
    return validate(
        replace(position.with_player(blue), deck=Deck.ordered(()), discards=Discards(cards=cards()))
    )


CASES: dict[str, RuleCase] = {
    "turn.order": RuleCase(
        lambda: (base(), claim("Montreal-New York", paid=cards(blue=3))),
        lambda: (base(to_move=BLUE), claim("Montreal-New York", paid=cards(blue=3))),
        (1, 1),
    ),
    "turn.one-action": RuleCase(
        lambda: (base(), draw(blind(C.GREEN), blind(C.YELLOW, 20))),
        _draw_and_claim,
        (1, 1),
    ),
    "claim.one-route": RuleCase(
        lambda: (base(), claim("Boston-New York", C.RED, cards(red=2))),
        _two_claims,
        (3, 5),
    ),
    "end.game-over": RuleCase(
        lambda: (
            base(last_round=LastRound(YELLOW, (RED,))),
            draw(blind(C.GREEN), blind(C.YELLOW, 20)),
        ),
        lambda: (
            base(last_round=LastRound(YELLOW, ()), finished=True),
            draw(blind(C.GREEN), blind(C.YELLOW, 20)),
        ),
        (1, 1),
    ),
    "draw.two-cards": RuleCase(
        lambda: (base(), draw(blind(C.GREEN), face_up(C.WHITE, 20, (C.YELLOW,)))),
        lambda: (base(), draw(blind(C.GREEN))),
        (2, 5),
    ),
    "draw.locomotive-alone": RuleCase(
        lambda: (base(), draw(face_up(C.LOCOMOTIVE, revealed=(C.GREEN,)))),
        lambda: (base(), draw(face_up(C.LOCOMOTIVE, revealed=(C.GREEN,)), blind(C.YELLOW, 20))),
        (2, 20),
    ),
    "draw.locomotive-second": RuleCase(
        lambda: (base(), draw(blind(C.GREEN), blind(C.YELLOW, 20))),
        lambda: (base(), draw(blind(C.GREEN), face_up(C.LOCOMOTIVE, 20))),
        (2, 20),
    ),
    "draw.face-up-present": RuleCase(
        lambda: (base(), draw(face_up(C.BLACK), blind(C.YELLOW, 20))),
        lambda: (base(), draw(face_up(C.ORANGE), blind(C.YELLOW, 20))),
        (2, 10),
    ),
    "draw.blind-top": RuleCase(
        lambda: (base(), draw(blind(C.GREEN), blind(C.YELLOW, 20))),
        lambda: (base(), draw(blind(C.GREEN), blind(C.RED, 20))),
        (2, 20),
    ),
    "draw.no-cards-left": RuleCase(
        lambda: (_empty_piles(), claim("Montreal-New York", paid=cards(blue=3))),
        lambda: (_empty_piles(), draw(blind())),
        (2, 10),
    ),
    "draw.replace": RuleCase(
        lambda: (base(), draw(face_up(C.RED, revealed=(C.GREEN,)), blind(C.YELLOW, 20))),
        lambda: (base(), draw(face_up(C.RED, revealed=(C.GREEN, C.YELLOW)), blind(None, 20))),
        (2, 10),
    ),
    "claim.free-track": RuleCase(
        lambda: (base(), claim("Montreal-New York", paid=cards(blue=3))),
        lambda: (
            owned(base(), BLUE, "Montreal-New York"),
            claim("Montreal-New York", paid=cards(blue=3)),
        ),
        (2, 5),
    ),
    "route.double-same-player": RuleCase(
        lambda: (
            owned(base(), BLUE, "Boston-New York", C.YELLOW),
            claim("Boston-New York", C.RED, cards(red=2)),
        ),
        lambda: (
            owned(base(), RED, "Boston-New York", C.YELLOW),
            claim("Boston-New York", C.RED, cards(red=2)),
        ),
        (2, 5),
    ),
    "route.double-small-game": RuleCase(
        lambda: (base(players=3), claim("Boston-New York", C.RED, cards(red=2))),
        lambda: (
            owned(base(players=3), BLUE, "Boston-New York", C.YELLOW),
            claim("Boston-New York", C.RED, cards(red=2)),
        ),
        (2, 5),
    ),
    "claim.length": RuleCase(
        lambda: (base(), claim("Montreal-New York", paid=cards(blue=2, loco=1))),
        lambda: (base(), claim("Montreal-New York", paid=cards(blue=2))),
        (2, 30),
    ),
    "claim.colour": RuleCase(
        # The rulebook's example: Montreal-New York takes three blue cards.
        lambda: (base(), claim("Montreal-New York", paid=cards(blue=3))),
        lambda: (base(), claim("Montreal-New York", paid=cards(blue=1, red=2))),
        (2, 30),
    ),
    "claim.grey-one-colour": RuleCase(
        # The rulebook's example: Montreal-Toronto takes any three cards of one kind.
        lambda: (base(), claim("Montreal-Toronto", paid=cards(red=2, loco=1))),
        lambda: (base(), claim("Montreal-Toronto", paid=cards(red=2, blue=1))),
        (2, 30),
    ),
    "claim.cards-in-hand": RuleCase(
        lambda: (base(), claim("Pittsburgh-Toronto", paid=cards(loco=2))),
        lambda: (base(), claim("Pittsburgh-Toronto", paid=cards(white=2))),
        (2, 30),
    ),
    "claim.trains": RuleCase(
        lambda: (with_red(base(), trains=3), claim("Montreal-New York", paid=cards(blue=3))),
        lambda: (with_red(base(), trains=2), claim("Montreal-New York", paid=cards(blue=3))),
        (2, 5),
    ),
    "tickets.none-left": RuleCase(
        lambda: (base(), tickets(T[:3], T[:1])),
        lambda: (base(ticket_deck=TicketDeck(order=())), tickets((), ())),
        (2, 5),
    ),
    "tickets.draw-three": RuleCase(
        lambda: (base(ticket_deck=TicketDeck(order=T[:2])), tickets(T[:2], T[:1])),
        lambda: (base(), tickets(T[:2], T[:1])),
        (2, 5),
    ),
    "tickets.keep-one": RuleCase(
        lambda: (base(), tickets(T[:3], T[1:2])),
        lambda: (base(), tickets(T[:3], ())),
        (2, 40),
    ),
    "tickets.keep-two-at-start": RuleCase(
        lambda: (base(), tickets(T[:3], T[:2], setup=True)),
        lambda: (base(), tickets(T[:3], T[:1], setup=True)),
        (2, 40),
    ),
    "tickets.kept-from-drawn": RuleCase(
        lambda: (base(), tickets(T[:3], T[2:3])),
        lambda: (base(), tickets(T[:3], (ticket("Los Angeles-New York"),))),
        (2, 40),
    ),
    "tickets.deck-top": RuleCase(
        lambda: (base(), tickets(T[:3], T[:3])),
        lambda: (base(), tickets(T[1:4], T[1:2])),
        (2, 5),
    ),
}

__all__ = ["CASES", "RuleCase"]
