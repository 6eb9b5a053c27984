"""Every check of Canal Grande, held and broken: the broken case names the rule, line and column.

Each case is a pair of small situations differing in the one thing the rule is about. The
"holds" situation must break nothing at all; the "broken" one must break the rule at the span
given. A meta-test makes sure every check rule has a case here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from canaldsl.canalgrande.allrules import RULEBOOK
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.game import check_position, play_vote
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import Offer, Stage, setup_position
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import (
    Placed,
    RoundEndDraw,
    SpyAction,
    Steal,
    TraitorAction,
    Vote,
)
from canaldsl.rules import Referee, RuleKind, rule_id
from canaldsl.verdicts import Violation

from .builders import (
    ANNA,
    BRUNO,
    REST,
    STANDARD_SPLIT,
    TOP,
    C,
    D,
    N,
    at,
    offer,
    passes,
    play,
    position,
    split,
    turn,
)

Judged = Callable[[], list[Violation]]

SPECIAL_TOP = (C.TRAITOR, C.SPY, C.DOGE, C.SAN_MARCO, C.SAN_MARCO)
SPECIAL_SPLIT = split(offer(SPECIAL_TOP[:3], [1, 2, 3]), offer(SPECIAL_TOP[3:]))
"""Bruno (the chooser) takes a traitor, a spy, a doge and 6 points; Anna two San Marco."""


def _turn(pos_kwargs: dict[str, object], readings: Readings | None = None, **turn_kwargs: object):  # type: ignore[no-untyped-def]
    def judged() -> list[Violation]:
        return play_turn(
            position(**pos_kwargs),  # type: ignore[arg-type]
            turn(**turn_kwargs),  # type: ignore[arg-type]
            readings=readings,
        ).violations

    return judged


def _vote(anna: tuple[C, ...], bruno: tuple[C, ...], vote: Vote, readings: Readings | None = None):  # type: ignore[no-untyped-def]
    def judged() -> list[Violation]:
        return list(play_vote(position(anna, bruno), ANNA, vote, readings=readings).violations)

    return judged


def _special(**turn_kwargs: object) -> dict[str, object]:
    return {"the_split": SPECIAL_SPLIT, **turn_kwargs}


SPECIAL_POS: dict[str, object] = {
    "anna": (C.CASTELLO, C.DORSODURO),
    "bruno": (C.SAN_POLO,),
    "deck": SPECIAL_TOP + REST,
}
ONE_SM = (C.SAN_MARCO,)
VOTE_BY_BRUNO = Vote(BRUNO, (play(BRUNO, C.SAN_POLO),))
"""Bruno's doge: he challenges over San Polo with his only card; Anna (no San Polo) passes."""

FORBIDDEN_OPENING = Readings(vote_opening_reinforcement="forbidden")
LISTED = Readings(actions_order="listed")
EITHER = Readings(traitor_empty_hand="either")
EACH_GONDOLA = Readings(vote_reinforcement_test="each-gondola")
NO_REPEAT = Readings(vote_repeat_district="forbidden")

SM, CA, DO, SP, GO = C.SAN_MARCO, C.CASTELLO, C.DORSODURO, C.SAN_POLO, C.GONDOLA

CASES: dict[str, tuple[Judged, Judged, tuple[int, int]]] = {
    # ------------------------------------------------------------------ the turn's start
    "turn.splitter": (
        _turn({}, splitter_name=ANNA, span=at(3)),
        _turn({}, splitter_name=BRUNO, span=at(3)),
        (3, 1),
    ),
    "reveal.five-and-three": (
        _turn({}),
        _turn({}, the_split=split(offer(TOP[:2], [1]), offer(TOP[2:4], [2, 3]), span=at(4, 3))),
        (4, 3),
    ),
    "deck.draw": (
        _turn({}),
        _turn(
            {},
            the_split=split(offer(TOP[:2], [1]), offer((C.DOGE, *TOP[3:]), [2, 3], span=at(5, 9))),
        ),
        (5, 9),
    ),
    "split.two-offers": (
        _turn({}),
        _turn(
            {},
            the_split=split(
                offer(TOP[:2], [1]), offer(TOP[2:4], [2]), offer(TOP[4:], [3]), span=at(6, 2)
            ),
        ),
        (6, 2),
    ),
    "split.offer-not-empty": (
        _turn({}),
        _turn({}, the_split=split(offer(TOP, [1, 2, 3]), offer(span=at(7, 20)))),
        (7, 20),
    ),
    "split.all-cards": (
        _turn(
            {
                "stage": Stage.REVEALED,
                "turned_up": Offer(Bag.of(TOP), Bag.of((N.ONE, N.TWO, N.THREE))),
            }
        ),
        _turn(
            {
                "stage": Stage.REVEALED,
                "turned_up": Offer(Bag.of(TOP), Bag.of((N.ONE, N.TWO, N.THREE))),
            },
            the_split=split(offer(TOP[:2], [1]), offer(TOP[2:], [2, 2]), span=at(8, 4)),
        ),
        (8, 4),
    ),
    "choice.offer": (
        _turn({}, choice=1),
        _turn({}, choice=2, choice_span=at(9, 8)),
        (9, 8),
    ),
    # ------------------------------------------------------------------ actions
    "actions.from-offer": (
        _turn({}, splitter=()),
        _turn({}, chooser=(TraitorAction(C.CASTELLO, span=at(10, 5)),)),
        (10, 5),
    ),
    "actions.order": (
        _turn(
            SPECIAL_POS,
            LISTED,
            **_special(
                chooser=(
                    TraitorAction(C.CASTELLO),
                    SpyAction((C.SANTA_CROCE, C.CANNAREGIO)),
                    VOTE_BY_BRUNO,
                )
            ),
        ),
        _turn(
            SPECIAL_POS,
            LISTED,
            **_special(
                chooser=(
                    SpyAction((C.SANTA_CROCE, C.CANNAREGIO)),
                    TraitorAction(C.CASTELLO, span=at(11, 7)),
                    VOTE_BY_BRUNO,
                )
            ),
        ),
        (11, 7),
    ),
    "traitor.card-in-hand": (
        _turn(SPECIAL_POS, **_special(chooser=(TraitorAction(C.DORSODURO), VOTE_BY_BRUNO))),
        _turn(
            SPECIAL_POS,
            **_special(chooser=(TraitorAction(C.SANTA_CROCE, span=at(12, 3)), VOTE_BY_BRUNO)),
        ),
        (12, 3),
    ),
    "traitor.empty-hand": (
        _turn(
            {**SPECIAL_POS, "bruno": ()},
            **_special(chooser=(TraitorAction(C.CASTELLO), Vote(BRUNO, (play(BRUNO, CA),)))),
        ),
        _turn(
            {**SPECIAL_POS, "bruno": ()},
            EITHER,
            **_special(
                chooser=(TraitorAction(C.CASTELLO, span=at(13, 6)), Vote(BRUNO, (play(BRUNO, SM),)))
            ),
        ),
        (13, 6),
    ),
    "spy.draw-two": (
        _turn(
            SPECIAL_POS,
            **_special(chooser=(SpyAction((C.SANTA_CROCE, C.CANNAREGIO)), VOTE_BY_BRUNO)),
        ),
        _turn(
            SPECIAL_POS,
            **_special(
                chooser=(
                    SpyAction((C.SANTA_CROCE, C.CANNAREGIO, C.GONDOLA), span=at(14, 2)),
                    VOTE_BY_BRUNO,
                )
            ),
        ),
        (14, 2),
    ),
    "spy.traitor-steals": (
        _turn(
            {**SPECIAL_POS, "deck": (*SPECIAL_TOP, C.TRAITOR, SM, C.TRAITOR)},
            **_special(
                chooser=(
                    SpyAction((C.TRAITOR, SM, C.TRAITOR), (Steal(C.CASTELLO),)),
                    VOTE_BY_BRUNO,
                )
            ),
        ),
        _turn(
            {**SPECIAL_POS, "deck": (*SPECIAL_TOP, C.TRAITOR, SM, C.GONDOLA)},
            **_special(
                chooser=(
                    SpyAction((C.TRAITOR, SM, C.GONDOLA), (Steal(C.CASTELLO),), span=at(15, 4)),
                    VOTE_BY_BRUNO,
                )
            ),
        ),
        (15, 4),
    ),
    "vote.every-doge": (
        _turn(SPECIAL_POS, **_special(chooser=(VOTE_BY_BRUNO,))),
        _turn(SPECIAL_POS, **_special(chooser=(), chooser_span=at(16, 1))),
        (16, 1),
    ),
    # ------------------------------------------------------------------ votes
    "vote.challenger": (
        _vote(ONE_SM, (), Vote(ANNA, (play(ANNA, SM),))),
        _vote(ONE_SM, ONE_SM, Vote(BRUNO, (play(BRUNO, SM),), span=at(17, 2))),
        (17, 2),
    ),
    "vote.challenger-opens": (
        _vote(ONE_SM, (), Vote(ANNA, (play(ANNA, SM),))),
        _vote(ONE_SM, (), Vote(ANNA, (passes(ANNA, span=at(18, 5)),))),
        (18, 5),
    ),
    "vote.alternate": (
        _vote((SM, SM), (SM,), Vote(ANNA, (play(ANNA, SM), passes(BRUNO)))),
        _vote((SM, SM), (SM,), Vote(ANNA, (play(ANNA, SM), play(ANNA, SM, span=at(19, 3))))),
        (19, 3),
    ),
    "vote.after-pass": (
        _vote((SM,), (SM, SM), Vote(ANNA, (play(ANNA, SM), play(BRUNO, (SM, 2)), passes(ANNA)))),
        _vote(
            (SM,),
            (SM, SM),
            Vote(ANNA, (play(ANNA, SM), passes(BRUNO), play(ANNA, SM, span=at(20, 9)))),
        ),
        (20, 9),
    ),
    "vote.card-kind": (
        _vote((SM,), (), Vote(ANNA, (play(ANNA, SM),))),
        _vote((SM,), (), Vote(ANNA, (play(ANNA, SM, Placed(C.SPY, span=at(21, 14))),))),
        (21, 14),
    ),
    "vote.gondola-reinforcement": (
        _vote((SM, GO, CA), (), Vote(ANNA, (play(ANNA, SM, GO, CA),))),
        _vote((SM, CA), (), Vote(ANNA, (play(ANNA, SM, Placed(CA, span=at(22, 11))),))),
        (22, 11),
    ),
    "vote.new-gondola": (
        _vote(
            (SM, GO, CA, GO, CA, CA),
            (SM, SM, SM),
            Vote(ANNA, (play(ANNA, SM, GO, CA), play(BRUNO, (SM, 3)), play(ANNA, GO, (CA, 2)))),
        ),
        _vote(
            (SM, GO, CA, CA, SM),
            (SM, SM, SM),
            Vote(
                ANNA,
                (
                    play(ANNA, SM, GO, CA),
                    play(BRUNO, (SM, 3)),
                    play(ANNA, SM, Placed(CA, span=at(23, 30))),
                ),
            ),
        ),
        (23, 30),
    ),
    "vote.gondola-followed": (
        _vote((SM, GO, CA), (), Vote(ANNA, (play(ANNA, SM, GO, CA),))),
        _vote((SM, GO), (), Vote(ANNA, (play(ANNA, SM, Placed(GO, span=at(24, 12))),))),
        (24, 12),
    ),
    "vote.gondola-one-district": (
        _vote((SM, GO, CA, CA), (), Vote(ANNA, (play(ANNA, SM, GO, (CA, 2)),))),
        _vote(
            (SM, GO, CA, DO), (), Vote(ANNA, (play(ANNA, SM, GO, CA, Placed(DO, span=at(25, 26))),))
        ),
        (25, 26),
    ),
    "vote.reinforcement-other-district": (
        _vote((SM, GO, CA), (), Vote(ANNA, (play(ANNA, SM, GO, CA),))),
        _vote((SM, GO, SM), (), Vote(ANNA, (play(ANNA, SM, GO, Placed(SM, span=at(26, 20))),))),
        (26, 20),
    ),
    "vote.reinforcement-after-district": (
        _vote((SM,), (SM, GO, CA), Vote(ANNA, (play(ANNA, SM), play(BRUNO, SM, GO, CA)))),
        _vote(
            (SM,),
            (GO, CA, CA),
            Vote(ANNA, (play(ANNA, SM), play(BRUNO, Placed(GO, span=at(27, 7)), (CA, 2)))),
        ),
        (27, 7),
    ),
    "vote.opening-reinforcement": (
        _vote((SM, SM), (), Vote(ANNA, (play(ANNA, (SM, 2)),)), FORBIDDEN_OPENING),
        _vote(
            (SM, GO, CA),
            (),
            Vote(ANNA, (play(ANNA, SM, Placed(GO, span=at(28, 10)), CA),)),
            FORBIDDEN_OPENING,
        ),
        (28, 10),
    ),
    "vote.more-cards": (
        _vote((SM,), (SM, SM), Vote(ANNA, (play(ANNA, SM), play(BRUNO, (SM, 2))))),
        _vote((SM,), (SM, SM), Vote(ANNA, (play(ANNA, SM), play(BRUNO, SM, span=at(29, 1))))),
        (29, 1),
    ),
    "vote.reinforcement-more": (
        _vote(
            (SM, SM),
            (SM, GO, CA, GO, DO, DO),
            Vote(ANNA, (play(ANNA, (SM, 2)), play(BRUNO, SM, GO, (DO, 2), GO, CA))),
            EACH_GONDOLA,
        ),
        _vote(
            (SM, SM),
            (SM, GO, CA, GO, DO, DO),
            Vote(
                ANNA,
                (
                    play(ANNA, (SM, 2)),
                    play(BRUNO, SM, Placed(GO, span=at(30, 18)), CA, GO, (DO, 2)),
                ),
            ),
            EACH_GONDOLA,
        ),
        (30, 18),
    ),
    "vote.cards-in-hand": (
        _vote((SM,), (), Vote(ANNA, (play(ANNA, SM),))),
        _vote((SM,), (), Vote(ANNA, (play(ANNA, Placed(SM, 2, span=at(31, 6))),))),
        (31, 6),
    ),
    "vote.repeat-district": (
        _turn(
            {**SPECIAL_POS, "bruno": (SP, CA), "deck": (C.DOGE, C.DOGE, SM, SM, SM, *REST)},
            NO_REPEAT,
            the_split=split(offer((C.DOGE, C.DOGE), [1, 2, 3]), offer((SM, SM, SM))),
            chooser=(Vote(BRUNO, (play(BRUNO, SP),)), Vote(BRUNO, (play(BRUNO, CA),))),
        ),
        _turn(
            {**SPECIAL_POS, "bruno": (SP, SP), "deck": (C.DOGE, C.DOGE, SM, SM, SM, *REST)},
            NO_REPEAT,
            the_split=split(offer((C.DOGE, C.DOGE), [1, 2, 3]), offer((SM, SM, SM))),
            chooser=(
                Vote(BRUNO, (play(BRUNO, SP),)),
                Vote(BRUNO, (play(BRUNO, SP),), span=at(32, 3)),
            ),
        ),
        (32, 3),
    ),
    # ------------------------------------------------------------------ round and game ends
    "roundend.only-at-round-end": (
        _turn({"anna_total": 8}, round_end=RoundEndDraw((C.SANTA_CROCE, C.CANNAREGIO, GO))),
        _turn({}, round_end=RoundEndDraw((C.SANTA_CROCE, C.CANNAREGIO, GO), span=at(33, 1))),
        (33, 1),
    ),
    "roundend.lower-draws": (
        _turn(
            {"anna_total": 8},
            round_end=RoundEndDraw((C.SANTA_CROCE, C.CANNAREGIO, GO), player=BRUNO),
        ),
        _turn(
            {"anna_total": 8},
            round_end=RoundEndDraw((C.SANTA_CROCE, C.CANNAREGIO, GO), player=ANNA, span=at(34, 4)),
        ),
        (34, 4),
    ),
    "roundend.three-cards": (
        _turn(
            {"anna_total": 8, "deck": (*TOP, C.DOGE, C.SANTA_CROCE, C.DOGE, C.CANNAREGIO, GO)},
            round_end=RoundEndDraw((C.DOGE, C.SANTA_CROCE, C.DOGE, C.CANNAREGIO, GO)),
        ),
        _turn(
            {"anna_total": 8, "deck": (*TOP, C.DOGE, C.SANTA_CROCE, C.DOGE, C.CANNAREGIO, GO)},
            round_end=RoundEndDraw((C.DOGE, C.SANTA_CROCE, C.DOGE, C.CANNAREGIO), span=at(35, 2)),
        ),
        (35, 2),
    ),
    "game.over": (
        _turn({"bruno_prizes": (D.SAN_MARCO,) * 3}),
        _turn({"bruno_prizes": (D.SAN_MARCO,) * 4, "winner": 1}, span=at(36, 1)),
        (36, 1),
    ),
    # ------------------------------------------------------------------ components and set-up
    "components.action-cards": (
        lambda: check_position(position((SM,) * 3, (SM,) * 2, deck=None), span=at(37, 2)),
        lambda: check_position(position((SM,) * 3, (SM,) * 3, deck=None), span=at(37, 2)),
        (37, 2),
    ),
    "components.number-cards": (
        lambda: check_position(position(numbers=(N.THREE,) * 4), span=at(38, 2)),
        lambda: check_position(position(numbers=(N.THREE,) * 5), span=at(38, 2)),
        (38, 2),
    ),
    "setup.starting-hands": (
        lambda: check_position(
            setup_position((ANNA, BRUNO), hands=(Hand.of(SM, SM, CA, DO), Hand.of(CA, DO, SP, SP))),
            span=at(39, 1),
            setup=True,
        ),
        lambda: check_position(
            setup_position((ANNA, BRUNO), hands=(Hand.of(SM, SM, CA, DO), Hand.of(SM, DO, SP, SP))),
            span=at(39, 1),
            setup=True,
        ),
        (39, 1),
    ),
}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_holds(rule: str) -> None:
    holds, _, _ = CASES[rule]
    assert holds() == []


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_broken_at_its_step(rule: str) -> None:
    _, broken, (line, column) = CASES[rule]
    found = [(v.rule, v.span.line, v.span.column) for v in broken()]
    assert (rule, line, column) in found, found


@pytest.mark.parametrize("rule", sorted(CASES))
def test_the_broken_case_fails_when_its_rule_is_not_checked(
    rule: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each broken case depends on its own check: with that check made to hold always (the
    referee drops its message), the case no longer finds the rule at its line and column, so
    ``test_rule_broken_at_its_step`` would fail (or the engine, no longer guarded by the
    check, stops with an error further on). No other check reports the same id."""
    original = Referee.check

    def unchecked(self: Referee, function: Callable[..., str | None], span: Any, /,
                  *args: Any, **kwargs: Any) -> bool:  # fmt: skip
        if rule_id(function) == rule:
            return True
        return original(self, function, span, *args, **kwargs)

    monkeypatch.setattr(Referee, "check", unchecked)
    _, broken, (line, column) = CASES[rule]
    try:
        found = [(v.rule, v.span.line, v.span.column) for v in broken()]
    except Exception:  # the engine, unguarded, fails further on: the case fails all the same
        return
    assert (rule, line, column) not in found, found


def test_every_check_has_a_case() -> None:
    checks = {r.id for r in RULEBOOK.rules.values() if r.kind is RuleKind.CHECK}
    assert checks == set(CASES)


def test_the_standard_turn_is_legal_and_explained() -> None:
    report = play_turn(position(), turn())
    assert report.legal
    assert report.describe() == [
        "Bruno takes 1 San Marco, 1 Castello, number 1",
        "Anna takes 1 San Polo, 1 Dorsoduro, 1 gondola, number 2, number 3",
        "number totals: Anna 5, Bruno 1",
    ]
    after = report.after
    assert after.players[1].hand.known == Bag.of((SM, CA))
    assert after.splitter == 1 and after.turn == 2
    assert after.action_deck == Pile.in_order(REST)
    assert STANDARD_SPLIT.offers[0].actions == (SM, CA)
