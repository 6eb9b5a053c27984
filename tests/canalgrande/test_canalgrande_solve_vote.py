"""The vote solver against two independent methods: brute force (small hands, every reading)
and the closed form (default readings, hands up to 20 cards); its line replays legally."""

from __future__ import annotations

import random

import pytest

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.game import play_vote
from canaldsl.canalgrande.knowledge import Hand
from canaldsl.canalgrande.position import PlayerState, Position
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_vote import (
    VoteSearchLimitError,
    solve_vote,
    who_challenges,
)
from canaldsl.canalgrande.turn import Pass, Play, Vote

from .votebrute import brute_force, closed_form

CARDS = [d.card for d in District] + [Card.GONDOLA]
SM = 4  # San Marco's index in votebrute.KINDS
READINGS = {
    (False, True): Readings(),
    (True, True): Readings(vote_reinforcement_test="each-gondola"),
    (False, False): Readings(vote_opening_reinforcement="forbidden"),
    (True, False): Readings(
        vote_reinforcement_test="each-gondola", vote_opening_reinforcement="forbidden"
    ),
}


def bag(counts: tuple[int, ...]) -> Bag[Card]:
    return Bag({CARDS[i]: n for i, n in enumerate(counts)})


def deal(rng: random.Random, first: int, second: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two hands drawn from the 30 district cards and 6 gondolas; the first holds San Marco."""
    pool = [i for i in range(6) for _ in range(5)] + [6] * 6
    rng.shuffle(pool)
    pool.remove(SM)
    a, b = [0] * 7, [0] * 7
    a[SM] = 1
    for x in pool[: first - 1]:
        a[x] += 1
    for x in pool[first - 1 : first - 1 + second]:
        b[x] += 1
    return tuple(a), tuple(b)


def test_small_votes_agree_with_brute_force_under_every_reading() -> None:
    rng = random.Random(20240613)
    for _ in range(700):
        a, b = deal(rng, rng.randint(1, 7), rng.randint(0, 7))
        for (each, opening), readings in READINGS.items():
            answer = solve_vote(bag(a), bag(b), district=District.SAN_MARCO, readings=readings)
            expected = brute_force(a, b, SM, each_gondola=each, opening_reinforces=opening)
            assert (answer.winner, answer.cards) == expected, (a, b, each, opening)


def test_large_votes_agree_with_the_closed_form_and_replay_legally() -> None:
    rng = random.Random(7)
    names = {"challenger": "Anna", "defender": "Bruno"}
    for _ in range(400):
        a, b = deal(rng, rng.randint(1, 20), rng.randint(0, 16))
        answer = solve_vote(bag(a), bag(b), district=District.SAN_MARCO)
        assert (answer.winner, answer.cards) == closed_form(a, b, SM), (a, b)
        line = tuple(
            Play(names[s.player], s.cards) if isinstance(s, Play) else Pass(names[s.player])
            for s in answer.line
        )
        position = Position(
            players=(
                PlayerState("Anna", Hand(bag(a), 0), doges=1),
                PlayerState("Bruno", Hand(bag(b), 0)),
            )
        )
        verdict = play_vote(position, "Anna", Vote("Anna", line, District.SAN_MARCO))
        assert verdict.legal, verdict.violations
        assert verdict.report.winner == names[answer.winner]
        spent = sum(
            p.count
            for s in line
            if isinstance(s, Play) and s.player == names[answer.winner]
            for p in s.cards
        )
        assert spent == answer.cards


def test_the_challenger_picks_the_best_district() -> None:
    # Anna holds one San Marco and three Castello; Bruno two San Marco and one Castello.
    a = bag((0, 0, 0, 0, 1, 3, 0))
    b = bag((0, 0, 0, 0, 2, 1, 0))
    answer = solve_vote(a, b)
    assert answer.district is District.CASTELLO and answer.winner == "challenger"
    assert answer.cards == 1  # one Castello: Bruno, with one, cannot go past it
    assert {d: (w, c) for d, w, c in answer.by_district} == {
        District.SAN_MARCO: ("defender", 2),
        District.CASTELLO: ("challenger", 1),
    }


def test_the_worked_example_hands() -> None:
    # Elena: 2 San Marco, gondola, San Polo; Michele: San Marco, 2 gondolas, Castello,
    # 2 Dorsoduro. Elena can reach 3, Michele 4, so Michele wins; he must go past 3, and the
    # cheapest way is San Marco, a gondola and 2 Dorsoduro, a gondola and Castello: 6 cards.
    elena = bag((0, 0, 1, 0, 2, 0, 1))
    michele = bag((0, 0, 0, 2, 1, 1, 2))
    answer = solve_vote(elena, michele, district=District.SAN_MARCO)
    assert (answer.winner, answer.cards, answer.winner_district_cards) == ("defender", 6, 4)


def test_who_challenges() -> None:
    assert who_challenges(bag((1, 0, 0, 0, 0, 0, 0)), bag((0,) * 7)) == 0
    assert who_challenges(bag((0, 0, 0, 0, 0, 0, 2)), bag((0, 1, 0, 0, 0, 0, 0))) == 1
    assert who_challenges(bag((0, 0, 0, 0, 0, 0, 2)), bag((0,) * 7)) is None


def test_a_search_over_its_budget_says_so() -> None:
    a, b = deal(random.Random(1), 18, 18)
    with pytest.raises(VoteSearchLimitError, match="S701"):
        solve_vote(bag(a), bag(b), readings=READINGS[(True, True)], node_budget=50)
