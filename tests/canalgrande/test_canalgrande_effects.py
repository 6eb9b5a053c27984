"""Every effect of Canal Grande (a rule that computes a consequence): applied, and not applied
where it should not be."""

from __future__ import annotations

from canaldsl.canalgrande.allrules import RULEBOOK
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.game import play_vote
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import RoundEndDraw, SpyAction, TraitorAction, Vote
from canaldsl.rules import RuleKind

from .builders import ANNA, BRUNO, REST, TOP, C, D, N, offer, passes, play, position, split, turn

TESTED: set[str] = set()


def effect(rule: str):  # type: ignore[no-untyped-def]
    assert RULEBOOK.rules[rule].kind is RuleKind.EFFECT
    TESTED.add(rule)
    return lambda function: function


@effect("take.numbers")
@effect("take.to-hand")
def test_taking_an_offer() -> None:
    after = play_turn(position((C.SANTA_CROCE,)), turn()).after
    anna, bruno = after.players
    assert (anna.total, bruno.total) == (5, 1)
    assert anna.numbers == Bag.of((N.TWO, N.THREE)) and bruno.numbers == Bag.of((N.ONE,))
    assert anna.hand == Hand.of(C.SANTA_CROCE, C.GONDOLA, C.DORSODURO, C.SAN_POLO)
    assert bruno.hand == Hand.of(C.SAN_MARCO, C.CASTELLO)


@effect("actions.discard")
def test_traitors_and_spies_are_discarded_used_or_not() -> None:
    top = (C.TRAITOR, C.SPY, C.SAN_MARCO, C.SAN_MARCO, C.SAN_MARCO)
    report = play_turn(
        position((C.CASTELLO,), deck=top + REST),
        turn(
            split(offer(top[:2], [1, 2, 3]), offer(top[2:])),
            chooser=(TraitorAction(C.CASTELLO),),
        ),
    )
    assert report.legal, report.violations
    assert report.after.discards.contents == Bag.of((C.TRAITOR, C.SPY))
    assert report.after.players[1].hand == Hand.of(C.CASTELLO)
    assert "Bruno does not use 1 spy (discarded)" in report.describe()


@effect("vote.outcome")
def test_a_declined_vote_gives_the_challenger_the_first_card() -> None:
    verdict = play_vote(
        position((C.SAN_MARCO, C.SAN_MARCO), (C.SAN_MARCO,)),
        ANNA,
        Vote(ANNA, (play(ANNA, (C.SAN_MARCO, 2)), passes(BRUNO))),
    )
    assert verdict.legal
    anna, bruno = verdict.after.players
    assert anna.prizes == Bag.of((D.SAN_MARCO,)) and anna.hand == Hand.of()
    assert bruno.hand == Hand.of(C.SAN_MARCO)
    assert verdict.after.discards.contents == Bag.of((C.SAN_MARCO, C.DOGE))


@effect("game.win")
def test_four_prizes_of_one_district_or_one_of_each_win_at_once() -> None:
    for prizes in (
        (D.SAN_MARCO,) * 3,
        (D.CANNAREGIO, D.SANTA_CROCE, D.SAN_POLO, D.DORSODURO, D.CASTELLO),
    ):
        verdict = play_vote(
            position((C.SAN_MARCO,), anna_prizes=prizes),
            ANNA,
            Vote(ANNA, (play(ANNA, C.SAN_MARCO),)),
        )
        assert verdict.after.winner == 0
    verdict = play_vote(
        position((C.CASTELLO,), anna_prizes=(D.SAN_MARCO,) * 3),
        ANNA,
        Vote(ANNA, (play(ANNA, C.CASTELLO),)),
    )
    assert verdict.after.winner is None


@effect("round.end")
@effect("round.roles")
@effect("round.reset")
def test_a_round_ends_at_ten_after_the_turn() -> None:
    # Anna (splitter) has 5 and takes 2 + 3: 10. Bruno (1) is lower: he draws and Anna splits.
    pos = position((C.SANTA_CROCE,), (C.CASTELLO,), anna_total=5, anna_prizes=(D.SAN_POLO,))
    report = play_turn(pos, turn(round_end=RoundEndDraw(REST[:3], player=BRUNO)))
    assert report.legal, report.violations
    after = report.after
    assert report.round_end is not None and report.round_end.totals == (10, 1)
    assert after.splitter == 0 and after.round == 2 and after.turn == 1
    assert [p.total for p in after.players] == [0, 0]
    assert after.number_deck == Pile.of_contents(after.number_cards)
    assert after.players[0].prizes == Bag.of((D.SAN_POLO,))
    assert after.players[1].hand == Hand.of(C.CASTELLO, C.SAN_MARCO, C.CASTELLO, *REST[:3])
    assert after.action_deck == Pile.of_contents(Bag.of(REST[3:]))
    # 9 does not end the round
    report = play_turn(position(anna_total=4), turn())
    assert report.round_end is None and report.after.round == 1 and report.after.splitter == 1


@effect("round.roles")
def test_on_equal_totals_the_chooser_splits_and_the_splitter_draws() -> None:
    report = play_turn(
        position(anna_total=5, bruno_total=9), turn(round_end=RoundEndDraw(REST[:3], player=ANNA))
    )
    assert report.legal, report.violations
    assert report.round_end is not None and report.round_end.totals == (10, 10)
    assert report.after.splitter == 1


@effect("deck.reshuffle")
def test_the_discards_become_the_deck_when_it_runs_out() -> None:
    report = play_turn(position(deck=TOP, discards=(C.DOGE, C.TRAITOR)), turn())
    assert report.legal
    assert report.after.action_deck == Pile.of_contents(Bag.of((C.DOGE, C.TRAITOR)))
    assert report.after.discards == Pile.of_contents(Bag())


@effect("spy.drawn-cards")
def test_a_spy_s_doge_calls_a_vote_and_its_spy_draws_again() -> None:
    top = (C.SPY, C.SAN_MARCO, C.SAN_MARCO, C.SAN_MARCO, C.SAN_MARCO)
    deck = (*top, C.DOGE, C.SPY, C.CASTELLO, C.GONDOLA)
    pos = position((), (C.SAN_POLO,), deck=deck)
    chooser = (
        SpyAction((C.DOGE, C.SPY)),
        SpyAction((C.CASTELLO, C.GONDOLA)),
        Vote(BRUNO, (play(BRUNO, C.SAN_POLO),)),
    )
    the_split = split(offer(top[:1], [1, 2, 3]), offer(top[1:]))
    report = play_turn(pos, turn(the_split, chooser=chooser))
    assert report.legal, report.violations
    assert report.after.players[1].prizes == Bag.of((D.SAN_POLO,))
    assert report.after.players[1].hand == Hand.of(C.CASTELLO, C.GONDOLA)
    discard = Readings(spy_drawn_spy="discard")
    broken = play_turn(pos, turn(the_split, chooser=chooser), readings=discard)
    assert broken.rule_ids == ("actions.from-offer",)
    # without the vote, the doge the spy drew is missed
    missing = play_turn(pos, turn(the_split, chooser=chooser[:2]))
    assert missing.rule_ids == ("vote.every-doge",)


@effect("roundend.drawn-cards")
def test_round_end_doges_are_replaced_and_traitors_act() -> None:
    deck = (*TOP, C.DOGE, C.TRAITOR, C.SANTA_CROCE, C.GONDOLA)
    pos = position((C.CASTELLO,), deck=deck, anna_total=5)
    draw = RoundEndDraw((C.DOGE, C.TRAITOR, C.SANTA_CROCE, C.GONDOLA), (TraitorAction(C.CASTELLO),))
    report = play_turn(pos, turn(round_end=draw))
    assert report.legal, report.violations
    bruno = report.after.players[1]
    assert bruno.hand == Hand.of(C.SAN_MARCO, C.CASTELLO, C.SANTA_CROCE, C.GONDOLA, C.CASTELLO)
    assert bruno.doges == 0


def test_every_effect_is_tested() -> None:
    effects = {r.id for r in RULEBOOK.rules.values() if r.kind is RuleKind.EFFECT}
    assert effects == TESTED
