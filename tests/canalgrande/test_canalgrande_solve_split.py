"""The best-split solver against second methods: a brute-force minimax of the rest of the turn
(prizes objective, every reading) and CP-SAT (numbers objective)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District, NumberCard
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import PlayerState, Position
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_split import (
    SplitProblem,
    SplitProblemError,
    best_split,
    best_split_numbers_cpsat,
    splits,
)
from canaldsl.canalgrande.turngame import TurnSearchLimitError
from canaldsl.canalgrande.votemoves import UnknownCardsError

from .generator import SWITCHES
from .turnbrute import turn_value

ALL = (
    [d.card for d in District for _ in range(5)]
    + [Card.SPY] * 3
    + [Card.TRAITOR] * 7
    + [Card.GONDOLA] * 6
    + [Card.DOGE] * 6
)
KINDS = [d.card for d in District] + [Card.GONDOLA]


def small_problem(rng: random.Random) -> tuple[SplitProblem, dict[str, str]]:
    """Hands of up to 3 cards, one to three special cards among the five turned up."""
    pool = list(ALL)
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
    readings = {n: rng.choice(v) for n, v in SWITCHES.items()} if rng.random() < 0.5 else {}
    numbers = Bag.of(NumberCard(rng.randint(1, 3)) for _ in range(3))
    problem = SplitProblem(
        rng.randint(0, 1),
        (Bag.of(hands[0]), Bag.of(hands[1])),
        Bag.of(top[:5]),
        numbers,
        tuple(pool),
        (rng.randint(0, 9), rng.randint(0, 9)),
    )
    return problem, readings


def medium_problem(rng: random.Random) -> SplitProblem:
    """Hands of 2 to 5 cards; two doges and a traitor among the five turned up (two votes with
    a theft between: the turn search's vote shortcuts at work); default readings."""
    pool = list(ALL)
    rng.shuffle(pool)
    holdable = [c for c in pool if c.goes_to_hand]
    first, second = rng.randint(2, 5), rng.randint(2, 5)
    hands = holdable[:first], holdable[first : first + second]
    top = [Card.DOGE, Card.DOGE, Card.TRAITOR]
    for card in hands[0] + hands[1] + top:
        pool.remove(card)
    top += [c for c in pool if c.goes_to_hand][:2]
    for card in top[3:]:
        pool.remove(card)
    rng.shuffle(pool)
    return SplitProblem(
        rng.randint(0, 1),
        (Bag.of(hands[0]), Bag.of(hands[1])),
        Bag.of(top),
        Bag.of([NumberCard.ONE]),
        tuple(pool),
        (0, 0),
    )


def check_against_brute_force(problem: SplitProblem, readings: dict[str, str]) -> int:
    """Every split's both replies solved (exact table) equal the brute force; the default
    answer (alpha-beta at the root) has the same best split. Returns the replies checked."""
    answer = best_split(problem, readings=Readings.resolve(readings), exact_table=True)
    hands = tuple(tuple(h[k] for k in KINDS) for h in problem.hands)
    deck = tuple(c.value for c in problem.deck)
    for line in answer.splits:
        for taken in (0, 1):
            mine, theirs = line.offers[taken], line.offers[1 - taken]
            expected = turn_value(
                problem.splitter,
                (hands[0], hands[1]),
                deck,
                {c.value: n for c, n in mine.actions.items()},
                {c.value: n for c, n in theirs.actions.items()},
                readings,
            )
            value = line.values[taken]
            assert value is not None and value.prizes == expected
    assert all(answer.best.value.score >= line.value.score for line in answer.splits)
    assert answer.best.value.score == min(v.score for v in answer.best.values if v)
    _same_best_with_bounds(problem, readings, answer)
    return 2 * len(answer.splits)


def spy_problem(rng: random.Random) -> tuple[SplitProblem, dict[str, str]]:
    """A spy (or two) and a doge turned up, the deck starting with traitors, doges and spies
    in a random order: what a spy draws votes and steals at the end of the turn."""
    pool = list(ALL)
    rng.shuffle(pool)
    holdable = [c for c in pool if c.goes_to_hand]
    first, second = rng.randint(1, 4), rng.randint(1, 4)
    hands = holdable[:first], holdable[first : first + second]
    top = [Card.SPY, rng.choice((Card.SPY, Card.DOGE)), Card.TRAITOR]
    for card in hands[0] + hands[1] + top:
        pool.remove(card)
    top += [c for c in pool if c.goes_to_hand][:2]
    for card in top[3:]:
        pool.remove(card)
    rng.shuffle(pool)
    front = [Card.TRAITOR, Card.DOGE, Card.SPY, Card.TRAITOR, Card.DOGE]
    if rng.random() < 0.5:
        rng.shuffle(front)
    for card in front:
        pool.remove(card)
    readings = {n: rng.choice(v) for n, v in SWITCHES.items() if n.startswith("spy.")}
    problem = SplitProblem(
        rng.randint(0, 1),
        (Bag.of(hands[0]), Bag.of(hands[1])),
        Bag.of(top),
        Bag.of([NumberCard.ONE]),
        (*front, *pool),
        (0, 0),
    )
    return problem, readings


def test_spies_at_the_end_of_a_turn_agree_with_brute_force() -> None:
    rng = random.Random(9)
    assert sum(check_against_brute_force(*spy_problem(rng)) for _ in range(25)) > 500


def test_two_votes_and_a_theft_agree_with_brute_force() -> None:
    rng = random.Random(5)
    assert sum(check_against_brute_force(medium_problem(rng), {}) for _ in range(8)) > 200


def test_split_values_agree_with_brute_force() -> None:
    rng = random.Random(11)
    evaluated = 0
    for _ in range(90):
        problem, readings = small_problem(rng)
        evaluated += check_against_brute_force(problem, readings)
    assert evaluated > 2000


def _same_best_with_bounds(problem: SplitProblem, readings: dict[str, str], exact: Any) -> None:
    """Alpha-beta at the root (the default) finds the same best split as solving every split;
    its solved lines are exact, and every refuted line's bound holds and is no better than
    the best."""
    fast = best_split(problem, readings=Readings.resolve(readings))
    assert (fast.best.offers, fast.best.reply, fast.best.value) == (
        exact.best.offers,
        exact.best.reply,
        exact.best.value,
    )
    for line, truth in zip(fast.splits, exact.splits, strict=True):
        assert line.offers == truth.offers
        if line.exact:
            assert line == truth
            continue
        assert line.value.score <= fast.best.value.score
        proven = truth.values[line.reply]
        assert proven is not None and line.values[line.reply] == line.value
        assert proven.numbers == line.value.numbers and proven.prizes <= line.value.prizes


def test_the_number_race_agrees_with_cp_sat() -> None:
    rng = random.Random(3)
    for _ in range(60):
        problem, _ = small_problem(rng)
        searched = best_split(problem, objective="numbers")
        value, result = best_split_numbers_cpsat(problem)
        assert result.status == "OPTIMAL"
        assert value == searched.best.value.numbers


def test_splits_are_every_unordered_pair_once() -> None:
    actions = Bag.of([Card.DOGE, Card.DOGE, Card.SPY, Card.SAN_MARCO, Card.CASTELLO])
    numbers = Bag.of([NumberCard.ONE, NumberCard.TWO, NumberCard.TWO])
    pairs = splits(actions, numbers)
    # sub-multisets: 3*2*2*2 (actions) * 2*3 (numbers) = 144, minus empty and full, halved
    assert len(pairs) == (144 - 2) // 2
    assert len({frozenset((repr(a), repr(b))) for a, b in pairs}) == len(pairs)
    for first, second in pairs:
        assert first + second == type(first)(actions, numbers) and len(first) and len(second)


def test_a_worked_split() -> None:
    # Anna splits; Bruno holds 2 San Marco. Turned up: a doge, 3 Castello and a traitor.
    # The doge's vote is the only prize. Bruno wins it if he takes the doge (Anna holds no San
    # Marco to answer with); Anna wins it only with the doge and the Castellos together (Bruno
    # holds no Castello). So Bruno always takes the doge and Anna loses a prize whatever she
    # does; the best she can do is make the offer with the doge carry all six points, which
    # costs Bruno the number race (the lower total profits at a round's end).
    problem = SplitProblem(
        0,
        (Bag(), Bag.of([Card.SAN_MARCO, Card.SAN_MARCO])),
        Bag.of([Card.DOGE, Card.CASTELLO, Card.CASTELLO, Card.CASTELLO, Card.TRAITOR]),
        Bag.of([NumberCard.ONE, NumberCard.TWO, NumberCard.THREE]),
        (Card.SAN_POLO,) * 4,
        (0, 0),
    )
    answer = best_split(problem)
    assert (answer.best.value.prizes, answer.best.value.numbers) == (-1, 6)
    assert answer.best.offers[0].actions == Bag.of([Card.TRAITOR])
    assert answer.best.reply == 1
    assert answer.describe()[1] == "the chooser takes offer 2: prizes -1, numbers +6"


def test_problems_the_solver_cannot_answer() -> None:
    hidden = Position(players=(PlayerState("A", Hand.hidden(3)), PlayerState("B")))
    with pytest.raises(SplitProblemError, match="not known"):
        SplitProblem.from_position(hidden)
    unknown_deck = Position(
        players=(PlayerState("A"), PlayerState("B")), action_deck=Pile.unknown(20)
    )
    with pytest.raises(SplitProblemError, match="order"):
        SplitProblem.from_position(unknown_deck)
    short = SplitProblem(
        0,
        (Bag(), Bag()),
        Bag.of([Card.SPY, Card.SAN_MARCO, Card.SAN_MARCO, Card.SAN_MARCO, Card.SAN_MARCO]),
        Bag.of([NumberCard.ONE]),
        (Card.CASTELLO,),
        (0, 0),
    )
    with pytest.raises(UnknownCardsError, match="S703"):
        best_split(short)
    rng = random.Random(2)
    for _ in range(50):
        problem, _ = small_problem(rng)
        if problem.actions[Card.DOGE] >= 2:
            with pytest.raises(TurnSearchLimitError, match="S702"):
                best_split(problem, node_budget=1)
            break
