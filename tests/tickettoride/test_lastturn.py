"""Final scores with every player's best last turn: both longest-trail methods agree, and each
chosen claim is the best of all that player's claims."""

from __future__ import annotations

import random

from canaldsl.tickettoride.claims import claim_options
from canaldsl.tickettoride.lastturn import apply_claim, best_last_turns
from canaldsl.tickettoride.longest import Method
from canaldsl.tickettoride.position import LastRound
from canaldsl.tickettoride.scoring import final_scores
from canaldsl.tickettoride.usa import usa_board
from tickettoride import randomgame
from tickettoride.builders import BLUE, RED, base

BOARD = usa_board()


def _known(position):  # type: ignore[no-untyped-def]
    return all(p.hand.cards is not None and p.tickets.tickets is not None for p in position.players)


def test_best_last_turns_by_both_methods_and_by_brute_force() -> None:
    rng = random.Random(8)
    checked = 0
    while checked < 4:
        position = randomgame.random_position(BOARD, rng)
        if not _known(position) or position.finished:
            continue
        searched = best_last_turns(position)
        model = best_last_turns(position, method=Method.CPSAT)
        assert [t.total_after for t in searched.turns] == [t.total_after for t in model.turns]
        assert searched.scores is not None and model.scores is not None
        assert [s.total for s in searched.scores.scores] == [s.total for s in model.scores.scores]
        current = position
        for turn in searched.turns:
            totals = [
                final_scores(apply_claim(current, turn.player, o)).score(turn.player).total
                for o in claim_options(current, turn.player)
            ]
            before = final_scores(current).score(turn.player).total
            assert turn.total_after == max([before, *totals])  # type: ignore[type-var]
            if turn.claim is not None:
                current = apply_claim(current, turn.player, turn.claim)
        checked += 1


def test_in_the_last_round_only_the_players_left_play() -> None:
    position = base(players=2, last_round=LastRound(BLUE, (RED, BLUE)))
    answer = best_last_turns(position)
    assert [t.player for t in answer.turns] == [RED, BLUE]
    assert not answer.turns[1].known and answer.scores is None
    assert "not known" in answer.turns[1].reason
