"""Every legal claim for a hand (against the engine judging every card set), and the best
claim (enumeration against CP-SAT)."""

from __future__ import annotations

import itertools
import random

import pytest

from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.claims import (
    HandUnknownError,
    best_claim,
    best_claim_cpsat,
    claim_options,
)
from canaldsl.tickettoride.colours import CARD_KINDS
from canaldsl.tickettoride.engine import play
from canaldsl.tickettoride.position import Hand, Position
from canaldsl.tickettoride.turns import Claim, Turn
from canaldsl.tickettoride.usa import usa_board
from tickettoride import randomgame
from tickettoride.builders import BLUE, RED, C, base, cards, owned, with_red

BOARD = usa_board()


def _card_sets(hand: Cards, size: int) -> list[Cards]:
    """Every set of ``size`` cards from ``hand`` (brute force)."""
    kinds = [k for k in CARD_KINDS if hand.count(k)]
    out = []
    for combo in itertools.combinations_with_replacement(kinds, size):
        chosen = Cards.from_list(combo)
        if hand.contains(chosen):
            out.append(chosen)
    return out


def _legal_by_engine(position: Position) -> set[tuple[int, Cards]]:
    hand = position.player(position.to_move).hand.cards
    assert hand is not None
    legal = set()
    for track in BOARD.tracks:
        route = BOARD.routes[track.route]
        for paid in _card_sets(hand, track.length):
            claim = Claim(route, track.colour, paid)
            if (
                route.is_double
                and track.slot == 1
                and BOARD.tracks[route.tracks[0]].colour is track.colour
            ):
                continue  # the engine takes the first free track of a colour: judged once
            verdict = play(position, Turn(position.to_move, (claim,)))
            if verdict.legal:
                chosen = next(
                    t
                    for t in route.tracks
                    if verdict.after.owners[t] is not None and position.owners[t] is None
                )
                legal.add((chosen, paid))
    return legal


def test_every_legal_claim_is_listed_and_no_other() -> None:
    rng = random.Random(6)
    checked = 0
    while checked < 12:
        position = randomgame.random_position(BOARD, rng)
        me = position.player(position.to_move)
        if me.hand.cards is None or position.finished or me.hand.cards.total > 9:
            continue
        listed = {(o.track, o.cards) for o in claim_options(position)}
        assert listed == _legal_by_engine(position)
        checked += 1


def test_best_claim_by_enumeration_and_by_cpsat_agree() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 80:
        position = randomgame.random_position(BOARD, rng)
        me = position.player(position.to_move)
        if me.hand.cards is None:
            continue
        best = best_claim(position)
        model = best_claim_cpsat(position)
        assert model.proven
        assert (None if best is None else best.points) == model.points
        if model.option is not None:
            track = BOARD.tracks[model.option.track]
            verdict = play(
                position,
                Turn(
                    position.to_move,
                    (Claim(BOARD.routes[track.route], track.colour, model.option.cards),),
                ),
            )
            assert verdict.legal or position.finished
            assert model.option.points == model.points
        checked += 1


def test_the_best_claim_counts_tickets_it_completes() -> None:
    position = owned(
        owned(owned(base(), RED, "Atlanta-Raleigh", C.GREY), RED, "Pittsburgh-Raleigh"),
        RED,
        "New York-Pittsburgh",
        C.GREEN,
    )
    position = with_red(position, hand=Hand.known(cards(blue=3, red=2)))
    best = best_claim(position)
    assert best is not None
    assert BOARD.track_label(best.track) == "Montreal-New York"
    assert best.points == 4 + 9 and best.completes[0].name == "Atlanta-Montreal"
    assert best_claim_cpsat(position).points == 13


def test_options_are_distinct_payments() -> None:
    position = with_red(base(), hand=Hand.known(cards(red=2, blue=2, loco=2)))
    toronto = [
        o for o in claim_options(position) if BOARD.track_label(o.track) == "Pittsburgh-Toronto"
    ]
    assert sorted(str(o.cards) for o in toronto) == sorted(
        ["2 red", "2 blue", "1 red, 1 locomotive", "1 blue, 1 locomotive", "2 locomotive"]
    )


def test_no_claim_without_cards_or_with_an_unknown_hand() -> None:
    position = with_red(base(), hand=Hand.known(cards()))
    assert claim_options(position) == [] and best_claim_cpsat(position).points is None
    with pytest.raises(HandUnknownError):
        claim_options(base(to_move=BLUE))
