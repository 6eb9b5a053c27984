"""The text's worked vote example (Votazione > Esempio): Elena challenges, Michele wins.

Elena opens with one San Marco; Michele answers with one San Marco, a gondola and one
Castello; Elena adds one San Marco, a gondola and one San Polo (three cards down); Michele adds
a gondola and two Dorsoduro (four); Elena cannot go past and passes. Michele keeps his first San
Marco as the prize. Then, by the rules after the example: Michele discards his other cards with
the doge; Elena discards her first San Marco and her gondola and takes back the rest.
The hands are the text's plays plus one spare card each, so the example is not the whole hand.
"""

from __future__ import annotations

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.game import play_vote
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import PlayerState, Position
from canaldsl.canalgrande.turn import Pass, Placed, Play, Vote

from .builders import at

SM, CA, SP, DO, GO = Card.SAN_MARCO, Card.CASTELLO, Card.SAN_POLO, Card.DORSODURO, Card.GONDOLA

ELENA_HAND = Hand.of(SM, SM, GO, SP, Card.CANNAREGIO)
MICHELE_HAND = Hand.of(SM, GO, CA, GO, DO, DO, Card.SANTA_CROCE)

EXAMPLE = Vote(
    "Elena",
    (
        Play("Elena", (Placed(SM, span=at(2, 9)),), span=at(2, 3)),
        Play(
            "Michele",
            (Placed(SM, span=at(3, 11)), Placed(GO, span=at(3, 24)), Placed(CA, span=at(3, 32))),
            span=at(3, 3),
        ),
        Play(
            "Elena",
            (Placed(SM, span=at(4, 9)), Placed(GO, span=at(4, 22)), Placed(SP, span=at(4, 30))),
            span=at(4, 3),
        ),
        Play("Michele", (Placed(GO, span=at(5, 11)), Placed(DO, 2, span=at(5, 19))), span=at(5, 3)),
        Pass("Elena", span=at(6, 3)),
    ),
    district=District.SAN_MARCO,
    span=at(1, 1),
)


def _position() -> Position:
    return Position(
        players=(
            PlayerState("Elena", ELENA_HAND, doges=1),
            PlayerState("Michele", MICHELE_HAND),
        ),
        discards=Pile.of_contents(Bag()),
    )


def test_the_worked_example_is_legal_and_michele_wins_a_san_marco() -> None:
    verdict = play_vote(_position(), "Elena", EXAMPLE)
    assert verdict.legal, verdict.violations
    report = verdict.report
    assert report.counts() == {"Elena": 3, "Michele": 4}
    assert report.winner == "Michele"
    assert report.prize is District.SAN_MARCO
    elena, michele = verdict.after.players
    assert michele.prizes == Bag.of([District.SAN_MARCO])
    assert michele.hand == Hand.of(Card.SANTA_CROCE)
    assert elena.hand == Hand.of(SM, SP, Card.CANNAREGIO)
    assert elena.doges == 0
    michele_rest = [CA, GO, GO, DO, DO]
    elena_lost = [SM, GO]  # her first card and her gondola
    assert verdict.after.discards.contents == Bag.of([*michele_rest, *elena_lost, Card.DOGE])


def test_the_example_with_equal_counts_breaks_the_rule_at_the_play() -> None:
    # Michele's last reinforcement with one Dorsoduro would only equal Elena's three.
    plays = list(EXAMPLE.steps)
    plays[3] = Play("Michele", (Placed(GO), Placed(DO)), span=at(5, 3))
    verdict = play_vote(_position(), "Elena", Vote("Elena", tuple(plays)))
    assert [(v.rule, v.span.line, v.span.column) for v in verdict.violations] == [
        ("vote.reinforcement-more", 5, 3)
    ]


def test_a_disputed_vote_that_gives_the_winning_prize_ends_the_game() -> None:
    # A fourth San Marco prize wins at once ("Fine del gioco"), in a vote judged on its own too.
    position = Position(
        players=(
            PlayerState("Anna", Hand.of(SM), prizes=Bag.of([District.SAN_MARCO] * 3), doges=1),
            PlayerState("Bruno", Hand.of(CA)),
        ),
        discards=Pile.of_contents(Bag()),
    )
    vote = Vote("Anna", (Play("Anna", (Placed(SM),)), Pass("Bruno")), district=District.SAN_MARCO)
    verdict = play_vote(position, "Anna", vote)
    assert verdict.legal and verdict.after.winner == 0
