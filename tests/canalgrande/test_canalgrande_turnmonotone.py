"""Where the turn search may skip a raise that puts down more cards (turnmonotone): the
lemma's conditions, the plays it keeps, and the search's answers with and without it.

The pruning's soundness is checked by the split cross-checks against the brute force
(test_canalgrande_solve_split.py); with the lemma's theft condition dropped, that cross-check
disagrees (measured when the pruning was added; see docs/notes/issue-16-best-split.md)."""

from __future__ import annotations

import pytest

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District, NumberCard
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_split import SplitProblem, best_split
from canaldsl.canalgrande.turnmonotone import Monotone
from canaldsl.canalgrande.turnnodes import NOTHING, Agenda
from canaldsl.canalgrande.votemoves import VotePlays

SPLITTER, CHOOSER = 1, 0
C, SC, SP, DO, SM, CA = (d.card for d in District)
T, S, D, G = Card.TRAITOR, Card.SPY, Card.DOGE, Card.GONDOLA


def _monotone(deck: tuple[Card, ...] = ()) -> Monotone:
    return Monotone(SPLITTER, deck, Readings())


@pytest.mark.parametrize(
    ("agenda", "player", "holds"),
    [
        # the chooser has nothing left; the splitter's offer holds a doge
        (Agenda(CHOOSER, 0, 0, 0, (NOTHING, 0, 0, 1)), CHOOSER, True),
        (Agenda(CHOOSER, 0, 0, 0, (NOTHING, 0, 0, 1)), SPLITTER, False),  # its own doge
        (Agenda(CHOOSER, 0, 0, 1, (NOTHING, 0, 0, 0)), CHOOSER, False),  # its own doge
        (Agenda(CHOOSER, 0, 0, 1, (NOTHING, 0, 0, 0)), SPLITTER, True),
        (Agenda(CHOOSER, 0, 0, 1, (NOTHING, 1, 0, 0)), CHOOSER, False),  # the other's traitor
        (Agenda(CHOOSER, 1, 0, 1, (NOTHING, 0, 0, 0)), CHOOSER, False),  # own doge
        (Agenda(CHOOSER, 1, 0, 0, (NOTHING, 0, 0, 1)), CHOOSER, True),  # its own theft is fine
        (Agenda(CHOOSER, 0, 1, 0, (NOTHING, 0, 0, 1)), CHOOSER, False),  # own spy: a doge?
        (Agenda(SPLITTER, 0, 0, 1, None), CHOOSER, True),
        (Agenda(SPLITTER, 1, 0, 1, None), CHOOSER, False),
    ],
)
def test_the_lemma_holds_only_without_own_doges_and_the_others_thefts(
    agenda: Agenda, player: int, holds: bool
) -> None:
    assert _monotone().holds(agenda, 0, player) is holds


def test_the_others_spies_must_draw_no_stealing_traitor() -> None:
    later_spy = Agenda(CHOOSER, 0, 0, 0, (NOTHING, 0, 1, 0))
    # a traitor drawn is replaced by a doge: nothing stolen (the default reading)
    assert _monotone((T, CA, D, SC)).holds(later_spy, 0, CHOOSER)
    # the replacement is a traitor again: it steals
    assert not _monotone((T, CA, T, SC, SM)).holds(later_spy, 0, CHOOSER)
    # the draw goes past the known deck: not claimed
    assert not _monotone((CA,)).holds(later_spy, 0, CHOOSER)
    # the spies draw one after another from where the deck stands
    assert not _monotone((CA, SC, T, SM, T, C)).holds(
        Agenda(CHOOSER, 0, 0, 0, (NOTHING, 0, 2, 0)), 0, CHOOSER
    )
    assert _monotone((CA, SC, T, SM, T, C)).holds(later_spy, 2, CHOOSER) is False
    assert _monotone((CA, SC, T, SM, T, C)).holds(later_spy, 0, CHOOSER)


def test_only_raises_past_the_reach_with_a_smaller_raise_inside_are_dropped() -> None:
    plays_of = VotePlays(Readings())
    hand = (3, 2, 2, 0, 0, 0, 2)  # 3 Cannaregio, 2 Santa Croce, 2 San Polo, 2 gondolas
    plays = plays_of.legal(hand, 0, False, True, 1)
    for beyond in range(1, 9):
        kept = _monotone().minimal(plays, beyond)
        ending = [p for p in plays if p[0] >= beyond]
        for play in plays:
            if play[0] < beyond:
                assert play in kept  # raises the opponent can still answer all stay
        for play in ending:
            inside = [
                q
                for q in ending
                if q is not play
                and q[2] <= play[2]
                and all(dict(play[3]).get(kind, 0) >= m for kind, m in q[3])
            ]
            assert (play in kept) is (not inside), (beyond, play, inside)
    # e.g. past a reach of 3: 3 Cannaregio, or 1 Cannaregio + a gondola with 2 of a
    # district, are kept; 3 Cannaregio + more is not
    kept = _monotone().minimal(plays, 3)
    assert (3, 3, 3, (), 3) in kept
    assert (5, 6, 3, ((1, 2),), 5) not in kept


def test_the_pruning_keeps_the_answer_and_searches_less(monkeypatch: pytest.MonkeyPatch) -> None:
    """A split with a doge each way (the vote before the last, where the lemma holds for the
    chooser in its own vote): the same answer and table, fewer units of work."""
    problem = SplitProblem(
        SPLITTER,
        (
            Bag.of([C, C, C, SC, SC, SP, DO, DO, G, G, G]),
            Bag.of([C, C, SC, SP, SP, SP, SM, SM, CA, G, G]),
        ),
        Bag.of([D, D, CA, SM, T]),
        Bag.of([NumberCard(1), NumberCard(2), NumberCard(3)]),
        (SC, DO, CA, SM, C, SP),
        (2, 4),
    )
    pruned = best_split(problem)
    monkeypatch.setattr(Monotone, "holds", lambda *_: False)
    full = best_split(problem)
    assert pruned.best == full.best
    assert pruned.splits == full.splits
    assert pruned.nodes < full.nodes
