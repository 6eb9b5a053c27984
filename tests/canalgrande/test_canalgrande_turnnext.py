"""The next-vote bound of the turn search (canaldsl.canalgrande.turnnext) against the exact
search without it: every value of every split's both replies, on random multi-vote turns
(doges, spies that draw doges, traitors); and a bound made wrong by one is caught."""

from __future__ import annotations

import random
from functools import cache

import pytest

from canaldsl.canalgrande import turnnext
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_split import splits
from canaldsl.canalgrande.turngame import TurnGame
from canaldsl.canalgrande.turnnext import NextVote
from canaldsl.canalgrande.turnnodes import Agenda
from canaldsl.canalgrande.votemoves import KINDS, Counts, counts

ALL = (
    [d.card for d in District for _ in range(5)]
    + [Card.SPY] * 3
    + [Card.TRAITOR] * 7
    + [Card.GONDOLA] * 6
    + [Card.DOGE] * 6
)
TOPS = (
    [Card.DOGE, Card.DOGE, Card.DOGE],
    [Card.DOGE, Card.DOGE, Card.SPY],
    [Card.DOGE, Card.DOGE, Card.TRAITOR],
    [Card.DOGE, Card.SPY, Card.SPY],
    [Card.DOGE, Card.DOGE, Card.DOGE, Card.SPY],
)


def _turn(rng: random.Random) -> tuple[int, tuple[Counts, Counts], Bag[Card], tuple[Card, ...]]:
    """Hands of 2 to 6 cards, many doges among the five turned up, the deck's front holding
    doges, spies and traitors (so spies draw votes and thefts)."""
    pool = list(ALL)
    rng.shuffle(pool)
    holdable = [c for c in pool if c.goes_to_hand]
    first, second = rng.randint(2, 6), rng.randint(2, 6)
    hands = holdable[:first], holdable[first : first + second]
    top = list(rng.choice(TOPS))
    for card in hands[0] + hands[1] + top:
        pool.remove(card)
    plain = [c for c in pool if c.goes_to_hand][: 5 - len(top)]
    for card in plain:
        pool.remove(card)
    rng.shuffle(pool)
    front = [c for c in pool if not c.goes_to_hand][:3] + [c for c in pool if c.goes_to_hand][:3]
    for card in front:
        pool.remove(card)
    rng.shuffle(front)
    deck = (*front, *pool)
    return (
        rng.randint(0, 1),
        (counts(Bag.of(hands[0])), counts(Bag.of(hands[1]))),
        Bag.of([*top, *plain]),
        deck,
    )


def _values(active: bool, seed: int, count: int) -> tuple[list[int], int]:
    """Every reply's value of ``count`` random turns, with the bound on or off; and how many
    tests the bound settled."""
    rng = random.Random(seed)
    values, settled = [], 0
    for _ in range(count):
        splitter, hands, actions, deck = _turn(rng)
        game = TurnGame(splitter, hands, deck, Readings(), 2_000_000)
        game.next_vote.active = active
        fails = game.next_vote.fails

        def counted(*args: object, fails: object = fails) -> bool:
            nonlocal settled
            result = fails(*args)  # type: ignore[operator]
            settled += bool(result)
            return bool(result)

        game.next_vote.fails = counted  # type: ignore[method-assign]
        for first, second in splits(actions, Bag()):
            values.append(game.play(first.actions, second.actions, low=0))
            values.append(game.play(second.actions, first.actions, low=0))
    return values, settled


@cache
def _without() -> list[int]:
    """The values of the 80 turns below without the bound (worked out once a process: the
    search without the bound does not change between the tests)."""
    return _values(False, 21, 80)[0]


def test_the_next_vote_bound_keeps_every_value() -> None:
    """The same values with the bound as without it (the search without it is checked
    against the brute force in test_canalgrande_solve_split), and the bound did settle
    tests (so the comparison is not empty)."""
    with_bound, settled = _values(True, 21, 80)
    without = _without()
    assert with_bound == without
    assert settled > 500
    assert len(with_bound) > 1000


def test_a_bound_wrong_by_one_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above fails when the bound is made wrong: the challenger winning only
    on a reach strictly above the defender's (a tie wins in the rules)."""

    def wrong(self: NextVote, side: int, owner: int, mine: Counts, theirs: Counts) -> bool:
        ours, others = self._reach(mine), self._reach(theirs)
        if owner == side and any(mine[:6]):
            return any(ours[d] > others[d] for d in range(6) if mine[d])
        return not any(others[d] > ours[d] for d in range(6) if theirs[d])

    monkeypatch.setattr(NextVote, "_wins", wrong)
    with_bound, _ = _values(True, 21, 30)  # the first 30 turns (a value differs at the 25th)
    assert with_bound != _without()[: len(with_bound)]


def _hand(**cards: int) -> Counts:
    return counts(Bag.of([Card[name] for name, n in cards.items() for _ in range(n)]))


# the chooser (to act, one traitor) against the splitter, whose offer's doge comes next
STOLEN = (
    # the chooser wins only by taking one of the splitter's two Cannaregio (then 2 against
    # 1; without the theft taken off the splitter's fewest, 2 against 2: the challenger wins)
    (_hand(CANNAREGIO=1), _hand(CANNAREGIO=2)),
    # only by taking the splitter's gondola (its reinforcement): each other theft leaves the
    # splitter a reach at least the chooser's in one of its districts
    (_hand(CANNAREGIO=2, CASTELLO=2), _hand(CANNAREGIO=1, CASTELLO=2, GONDOLA=1)),
)


@pytest.mark.parametrize(("chooser", "splitter"), STOLEN)
def test_a_theft_that_decides_the_next_vote(chooser: Counts, splitter: Counts) -> None:
    """Built cases where one theft of the chooser's, of one kind only, decides the next vote:
    the bound must not settle the test "the splitter wins a vote" (every kind a theft can
    take is tried, each taken off the splitter's fewest), and the search agrees that the
    chooser wins that vote. With no theft left, the bound settles it."""
    nothing = (0,) * len(KINDS)
    bound = NextVote(0, Readings(), ())
    agenda = Agenda(actor=1, traitors=1, spies=0, doges=0, later=(nothing, 0, 0, 1))
    assert not bound.fails(1, agenda, 0, chooser, splitter)
    assert bound.fails(1, agenda._replace(traitors=0), 0, chooser, splitter)
    game = TurnGame(0, (splitter, chooser), (Card.SAN_POLO,) * 8, Readings(), 100_000)
    assert game.play(Bag.of([Card.TRAITOR]), Bag.of([Card.DOGE]), low=0) == -1


def test_one_theft_is_tried_kind_by_kind_not_as_a_card_of_every_kind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A built case the kind-by-kind thefts settle and the older rule (one card of every
    kind per theft) cannot: the chooser, one Cannaregio and one traitor, against the
    splitter's three Cannaregio and its doge to come. Whatever one theft takes, the splitter
    keeps at least two Cannaregio against the chooser's at most two and wins its vote (a tie
    of reaches goes to the challenger); one card of every kind would give the chooser a
    gondola and a second district to reinforce with. The search agrees the splitter wins."""
    nothing = (0,) * len(KINDS)
    chooser, splitter = _hand(CANNAREGIO=1), _hand(CANNAREGIO=3)
    agenda = Agenda(actor=1, traitors=1, spies=0, doges=0, later=(nothing, 0, 0, 1))
    assert NextVote(0, Readings(), ()).fails(1, agenda, 0, chooser, splitter)
    game = TurnGame(0, (splitter, chooser), (Card.SAN_POLO,) * 8, Readings(), 100_000)
    assert game.play(Bag.of([Card.TRAITOR]), Bag.of([Card.DOGE]), low=0) == 1
    monkeypatch.setattr(turnnext, "MAX_STEALS", 0)  # the older rule for every theft
    assert not NextVote(0, Readings(), ()).fails(1, agenda, 0, chooser, splitter)
