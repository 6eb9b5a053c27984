"""The turn search's cheaper vote nodes (canaldsl.canalgrande.votemoves, turnends) against
their definitions: the reach row, the vote after a play read from the play, and the end of a
turn cached up to a renaming of the districts."""

from __future__ import annotations

import itertools
import random

from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turnends import TurnEnds
from canaldsl.canalgrande.votemoves import (
    GONDOLA,
    VotePlays,
    VoteState,
    play_on,
    reach_row,
)


def _hand(rng: random.Random) -> tuple[int, ...]:
    return (*(rng.randint(0, 4) for _ in range(6)), rng.randint(0, 4))


def test_the_reach_row_is_the_definition() -> None:
    """Per district: its cards plus, one per gondola, the largest other districts (a sort of
    the others for each district, as the rules put it); with no card of the district the row
    still says what a player who already put one down can add."""
    rng = random.Random(7)
    for _ in range(3000):
        hand = _hand(rng)
        for d in range(6):
            others = sorted((hand[o] for o in range(6) if o != d), reverse=True)
            assert reach_row(hand)[d] == hand[d] + sum(others[: hand[GONDOLA]]), (hand, d)


def test_the_vote_after_a_play_is_play_on() -> None:
    """Every legal play of random vote states (openings and later plays, both movers): the
    vote ``VotePlays.made`` reads from the play equals the one ``play_on`` builds from its cards."""
    rng = random.Random(8)
    plays = VotePlays(Readings())
    checked = 0
    for _ in range(400):
        hands = (_hand(rng), _hand(rng))
        district = rng.randrange(6)
        mover = rng.randint(0, 1)
        placed = (rng.random() < 0.5, rng.random() < 0.5)
        last = None if not any(placed) else rng.randint(0, 1)
        totals = (rng.randint(0, 4) * placed[0], rng.randint(0, 4) * placed[1])
        lost = tuple(
            tuple(n + rng.randint(0, 2) for n in hand) for hand in hands
        )  # the hand each would take back: at least what it holds
        vote = VoteState(district, mover, mover, hands, (lost[0], lost[1]), totals, placed, last)
        legal, _, _ = plays.of(vote)
        for play in legal:
            assert plays.made(vote, play) == play_on(vote, play[2], play[3]), (vote, play)
            checked += 1
    assert checked > 1000


def test_the_last_doge_is_the_same_up_to_a_renaming_of_the_districts() -> None:
    """The end of a turn (a player's last doge after its traitors' thefts) worked out on
    hands whose districts are renamed gives the same value, the fact its cache relies on;
    each renamed case is worked out afresh (a new TurnEnds, so no cache is shared)."""
    rng = random.Random(9)
    for _ in range(300):
        hands = (_hand(rng), _hand(rng))
        actor, traitors, splitter = rng.randint(0, 1), rng.randint(0, 2), rng.randint(0, 1)
        values = set()
        for order in itertools.islice(itertools.permutations(range(6)), 0, 720, 97):
            renamed = tuple((*(hand[o] for o in order), hand[GONDOLA]) for hand in hands)
            ends = TurnEnds(splitter, Readings(), ())
            values.add(ends._end(actor, (renamed[0], renamed[1]), traitors, 0, 1, 0, ()))
        assert len(values) == 1, (hands, actor, traitors, splitter, values)
