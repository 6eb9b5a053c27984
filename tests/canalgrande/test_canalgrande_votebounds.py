"""The turn search's vote shortcuts (canaldsl.canalgrande.votebounds) against plain methods
written here from the vote rules (default readings): a minimax of who wins a vote from any
state, and every outcome a vote can end in followed by the last vote and a theft."""

from __future__ import annotations

import itertools
import random
from functools import cache, partial

from canaldsl.canalgrande.turnends import reaches_of
from canaldsl.canalgrande.votebounds import can_force, last_vote_bound
from canaldsl.canalgrande.votemoves import VoteState

from .votebrute import GONDOLA, Counts, _plays, closed_form


@cache
def mover_wins(
    district: int,
    mover: int,
    hands: tuple[Counts, Counts],
    totals: tuple[int, int],
    placed: tuple[bool, bool],
    opening: bool,
) -> bool:
    """Whether the player to move wins the vote with best play (cards spent aside)."""
    for after, added, _ in _plays(hands[mover], district, totals[mover], totals[1 - mover],
                                  placed[mover], opening, False, True):  # fmt: skip
        new_hands = (after, hands[1]) if mover == 0 else (hands[0], after)
        new_totals = (
            (totals[0] + added, totals[1]) if mover == 0 else (totals[0], totals[1] + added)
        )
        now = placed[mover] or after[district] < hands[mover][district]
        new_placed = (now, placed[1]) if mover == 0 else (placed[0], now)
        if not mover_wins(district, 1 - mover, new_hands, new_totals, new_placed, False):
            return True
    return False  # passing (or having nothing to play) loses


def random_vote(rng: random.Random) -> VoteState:
    """A vote under way: random hands, then up to three random legal plays."""
    pool = [k for k in range(3) for _ in range(5)] + [GONDOLA] * 4
    rng.shuffle(pool)
    start: list[list[int]] = [[0] * 7, [0] * 7]
    for side, size in enumerate((rng.randint(1, 6), rng.randint(0, 6))):
        for _ in range(size):
            start[side][pool.pop()] += 1
    held = [k for k in range(3) if start[0][k]] or [0]
    district = rng.choice(held)
    start[0][district] = max(start[0][district], 1)
    hands = [tuple(start[0]), tuple(start[1])]
    if_lost = list(hands)
    totals, placed, mover, last = [0, 0], [False, False], 0, None
    for _ in range(rng.randint(0, 3)):
        plays = list(_plays(hands[mover], district, totals[mover], totals[1 - mover],
                            placed[mover], last is None, False, True))  # fmt: skip
        if not plays:
            break
        after, added, _ = rng.choice(plays)
        lost = list(if_lost[mover])
        if not placed[mover]:
            lost[district] -= 1
        lost[GONDOLA] -= hands[mover][GONDOLA] - after[GONDOLA]
        if_lost[mover] = tuple(lost)
        placed[mover] = placed[mover] or after[district] < hands[mover][district]
        hands[mover] = after
        totals[mover] += added
        last, mover = mover, 1 - mover
    return VoteState(district, 0, mover, (hands[0], hands[1]), (if_lost[0], if_lost[1]),
                     (totals[0], totals[1]), (placed[0], placed[1]), last)  # fmt: skip


def test_who_can_force_a_vote() -> None:
    rng = random.Random(4)
    for _ in range(1500):
        vote = random_vote(rng)
        truth = mover_wins(vote.district, vote.mover, vote.hands, vote.totals, vote.placed,
                           vote.last is None)  # fmt: skip
        assert can_force(vote, vote.mover) == truth, vote
        assert can_force(vote, 1 - vote.mover) == (not truth), vote


def last_vote(splitter_hand: Counts, chooser_hand: Counts, owner: int, splitter: int) -> int:
    """The last vote's result for the splitter, from the rules: the owner challenges if it
    holds a district card, else the other, else no vote; the challenger wins if some district
    it holds wins by the closed form."""
    hands = [chooser_hand, chooser_hand]
    hands[splitter] = splitter_hand
    challenger = owner if any(hands[owner][:6]) else 1 - owner
    if not any(hands[challenger][:6]):
        return 0
    won = any(closed_form(hands[challenger], hands[1 - challenger], d)[0] == "challenger"
              for d in range(6) if hands[challenger][d])  # fmt: skip
    return 1 if (challenger if won else 1 - challenger) == splitter else -1


def between(low: Counts, high: Counts) -> list[Counts]:
    return [tuple(c) for c in itertools.product(*(range(a, b + 1) for a, b in
                                                  zip(low, high, strict=True)))]  # fmt: skip


def steals(thief: Counts, victim: Counts) -> list[tuple[Counts, Counts]]:
    """Taking nothing, or one card of any kind the victim holds."""
    out = [(thief, victim)]
    for kind, n in enumerate(victim):
        if n:
            out.append((tuple(x + (i == kind) for i, x in enumerate(thief)),
                        tuple(x - (i == kind) for i, x in enumerate(victim))))  # fmt: skip
    return out


def test_the_last_vote_bound_holds_for_every_outcome() -> None:
    """Every way the vote can end with ``winner`` winning (the winner keeping any part of its
    hand, the loser anything from its hand less its first card and every gondola up to all it
    would take back), then a theft by either side or none and the last vote: the bound is at
    least as good for the winner as every one of them."""
    rng = random.Random(8)
    checked = 0
    for _ in range(1200):
        vote = random_vote(rng)
        splitter, owner = rng.randint(0, 1), rng.randint(0, 1)
        extra = tuple(rng.choice((0, 0, 1)) for _ in range(7))
        thief = rng.choice((None, 0, 1))
        for winner in (0, 1):
            loser = 1 - winner
            bound = last_vote_bound(
                vote, winner, splitter, partial(last_vote, splitter=splitter),
                owner=owner, extra=extra, thief=thief,
            )  # fmt: skip
            low = list(vote.if_lost[loser])
            low[GONDOLA] = vote.if_lost[loser][GONDOLA] - vote.hands[loser][GONDOLA]
            if not vote.placed[loser] and low[vote.district]:
                low[vote.district] -= 1
            sign = 1 if winner == splitter else -1
            for kept in between((0,) * 7, vote.hands[winner]):
                for lost in between(tuple(low), vote.if_lost[loser]):
                    hands = [kept, lost] if winner == 0 else [lost, kept]
                    results = []
                    if thief == splitter:  # the splitter's offer joins first, then it steals
                        hands[splitter] = tuple(a + b for a, b in zip(hands[splitter], extra,
                                                                        strict=True))  # fmt: skip
                    options = [(hands[0], hands[1])]
                    if thief is not None:
                        taken = steals(hands[thief], hands[1 - thief])
                        options = [(t, v) if thief == 0 else (v, t) for t, v in taken]
                    for h in options:
                        mine = h[splitter]
                        if thief != splitter:
                            mine = tuple(a + b for a, b in zip(mine, extra, strict=True))
                        results.append(last_vote(mine, h[1 - splitter], owner, splitter))
                    value = max(results) if thief == splitter else min(results)
                    if thief is None:
                        value = results[0]
                    assert sign * value <= sign * bound, (vote, winner, kept, lost, thief)
                    checked += 1
    assert checked > 10_000


def test_the_reach_of_every_district_at_once() -> None:
    """The turn search's reach vector (largest others taken from the six sorted once) equals
    the reach from its definition: the district's cards plus, one per gondola, the largest
    other districts; 0 without a card of the district."""
    rng = random.Random(12)
    for _ in range(3000):
        hand = (*(rng.randint(0, 5) for _ in range(6)), rng.randint(0, 7))
        expected = []
        for d in range(6):
            others = sorted((hand[o] for o in range(6) if o != d), reverse=True)
            expected.append(hand[d] + sum(others[: hand[GONDOLA]]) if hand[d] else 0)
        assert reaches_of(hand) == tuple(expected), hand
