"""The win search against a brute-force second method, one turn ahead, on random positions
close to a win; and its bounds."""

from __future__ import annotations

import random

import pytest

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District, NumberCard
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import PlayerState, Position
from canaldsl.canalgrande.solve_win import (
    Outcome,
    WinProblemError,
    WinSearchLimitError,
    can_win,
    lacking,
)

from .winbrute import one_turn

ALL = (
    [d.card for d in District for _ in range(5)]
    + [Card.SPY] * 3
    + [Card.TRAITOR] * 7
    + [Card.GONDOLA] * 6
    + [Card.DOGE] * 6
)
KINDS = [d.card for d in District] + [Card.GONDOLA]


def near_win(rng: random.Random) -> tuple[Position, dict[str, object]]:
    """Both players one prize short (three of a district, or five districts), small hands,
    one to three special cards among the five turned up; the deck known for 3 to 30 cards
    more (so some answers depend on unknown cards)."""
    pool = list(ALL)
    prizes = [[0] * 6, [0] * 6]
    for p in range(2):
        chosen = [rng.randrange(6)] * 3 if rng.random() < 0.5 else rng.sample(range(6), 5)
        for d in chosen:
            card = list(District)[d].card
            if card in pool:
                pool.remove(card)
                prizes[p][d] += 1
    rng.shuffle(pool)
    holdable = [c for c in pool if c.goes_to_hand]
    first, second = rng.randint(0, 3), rng.randint(0, 3)
    hands = holdable[:first], holdable[first : first + second]
    for card in hands[0] + hands[1]:
        pool.remove(card)
    specials = [c for c in pool if not c.goes_to_hand]
    plain = [c for c in pool if c.goes_to_hand]
    top = rng.sample(specials, rng.randint(1, 3)) + rng.sample(plain, 2)
    for card in top:
        pool.remove(card)
    rng.shuffle(pool)
    deck = tuple(top[:5]) + tuple(pool[: rng.choice((3, 6, 30))])
    numbers = tuple(NumberCard(rng.randint(1, 3)) for _ in range(3))
    totals = (rng.randint(0, 8), rng.randint(0, 8))
    splitter = rng.randint(0, 1)
    players = tuple(
        PlayerState(
            name,
            Hand.of(*hands[i]),
            numbers=None,
            total=totals[i],
            prizes=Bag(dict(zip(District, prizes[i], strict=True))),
        )
        for i, name in enumerate(("A", "B"))
    )
    position = Position(
        players=(players[0], players[1]),
        splitter=splitter,
        action_deck=Pile.in_order(deck),
        number_deck=Pile.in_order(numbers),
    )
    plain = {
        "player": 0,
        "splitter": splitter,
        "hands": tuple(tuple(Bag.of(h)[k] for k in KINDS) for h in hands),
        "prizes": (tuple(prizes[0]), tuple(prizes[1])),
        "totals": totals,
        "deck": tuple(c.value for c in deck),
        "numbers": tuple(int(n) for n in numbers),
    }
    return position, plain


def test_one_turn_ahead_agrees_with_brute_force() -> None:
    rng = random.Random(9)
    seen = {outcome: 0 for outcome in Outcome}
    for _ in range(30):
        position, plain = near_win(rng)
        answer = can_win(position, "A", turns=1)
        assert answer.outcome.value == one_turn(**plain), plain  # type: ignore[arg-type]
        seen[answer.outcome] += 1
    assert all(seen.values()), seen  # yes, no and undecided all met


WIN_POSITIONS = 1000
WIN_CHUNKS = 10
"""Random positions of the slow cross-check below (in chunks, so that workers share them)."""


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(WIN_CHUNKS))
def test_one_turn_ahead_agrees_with_brute_force_on_thousands_of_positions(chunk: int) -> None:
    """The win search against the brute force on 1,000 random near-win positions in all
    (100 per chunk, each chunk its own seed): the same yes / no / undecided every time."""
    rng = random.Random(1000 + chunk)
    seen = {outcome: 0 for outcome in Outcome}
    for _ in range(WIN_POSITIONS // WIN_CHUNKS):
        position, plain = near_win(rng)
        answer = can_win(position, "A", turns=1)
        assert answer.outcome.value == one_turn(**plain), plain  # type: ignore[arg-type]
        seen[answer.outcome] += 1
    assert all(seen.values()), seen


def test_a_forced_win_names_a_winning_split() -> None:
    # A (splitter) holds 3 San Marco prizes and a San Marco card; B holds only a gondola. The
    # top five cards hold one doge and no spy or traitor. A offers the doge alone: if B takes
    # it, B holds no district card, so A challenges; if B does not, the doge is A's. Either way
    # A challenges over San Marco, B cannot answer, and the fourth prize wins the game.
    deck = (Card.DOGE, Card.CASTELLO, Card.CASTELLO, Card.SAN_POLO, Card.SAN_POLO)
    position = Position(
        players=(
            PlayerState("A", Hand.of(Card.SAN_MARCO), prizes=Bag({District.SAN_MARCO: 3})),
            PlayerState("B", Hand.of(Card.GONDOLA)),
        ),
        splitter=0,
        action_deck=Pile.in_order(deck + (Card.CANNAREGIO,) * 10),
        number_deck=Pile.in_order((NumberCard.ONE,) * 6),
    )
    answer = can_win(position, "A", turns=1)
    assert answer.outcome is Outcome.YES
    assert answer.split is not None
    assert answer.split[0].actions == Bag.of([Card.DOGE]) or answer.split[1].actions == Bag.of(
        [Card.DOGE]
    )
    assert "A can force a win within 1 turn(s)" in answer.describe()


def test_lacking_prizes() -> None:
    assert lacking((3, 0, 0, 0, 0, 0)) == 1
    assert lacking((1, 1, 1, 1, 1, 0)) == 1
    assert lacking((0,) * 6) == 4
    assert lacking((2, 1, 1, 0, 0, 0)) == 2


def test_what_the_search_refuses_or_gives_up_on() -> None:
    position, _ = near_win(random.Random(1))
    with pytest.raises(WinProblemError, match="1 to 4 turns"):
        can_win(position, "A", turns=5)
    with pytest.raises(WinProblemError, match="no player"):
        can_win(position, "Z", turns=1)
    hidden = Position(players=(PlayerState("A", Hand.hidden(2)), PlayerState("B")))
    with pytest.raises(WinProblemError, match="not known"):
        can_win(hidden, "A", turns=1)
    rng = random.Random(4)
    for _ in range(40):
        position, _ = near_win(rng)
        try:
            can_win(position, "A", turns=1, node_budget=3)
        except WinSearchLimitError as error:
            assert error.code == "S704"
            break
    else:
        pytest.fail("no search needed more than 3 nodes")
