"""Sound shortcuts for the turn search inside a vote (default vote readings only).

Two facts, each proved in its docstring and checked in the suite through the turn search
against the brute force that plays every vote out (``tests/canalgrande/turnbrute.py``):

* :func:`can_force`: who can win the vote under way whatever the other does (the reach rule);
* :func:`last_vote_bound`: when one vote is left after this one and nothing else but at most
  one traitor (no spy), the best that vote can bring the winner of this one, from the most
  cards each side can keep (the last vote's result is monotone in the hands).

Both hold under the reading ``vote.reinforcement-test = play``; the first also needs a play
that may reinforce (after the opening, or with ``vote.opening-reinforcement = allowed``), the
second also ``vote.repeat-district = allowed``. The caller checks the readings.
"""

from __future__ import annotations

from collections.abc import Callable

from canaldsl.canalgrande.votemoves import GONDOLA, Counts, VoteState, challenger_of, reach

LastVote = Callable[[Counts, Counts, int], int]
"""The last vote's result for the splitter (+1, -1, 0 when the doge is discarded) from the
splitter's hand, the chooser's hand and the doge's owner (0 or 1: the player)."""


def can_force(vote: VoteState, side: int, row: Callable[[Counts], Counts] | None = None) -> bool:
    """Whether ``side`` can win the vote whatever the other does (cards spent aside).

    The player to move wins exactly when its reach (the most it can total, in one play)
    passes the opponent's total and is at least the opponent's reach: it jumps there and the
    opponent cannot go past. Otherwise, whatever it raises to, the opponent jumps to its own
    reach, which the mover can no longer pass: a player's reach never grows during a vote (a
    play only spends cards and gondolas, and taking a whole district per gondola is the most
    any set of plays can add). At the opening the challenger's "opponent total" is 0."""
    mover = vote.mover
    mine, theirs = reach(vote, mover, row), reach(vote, 1 - mover, row)
    wins = mine > vote.totals[1 - mover] and mine >= theirs
    return wins if side == mover else not wins


def kept_at_most(vote: VoteState, side: int, *, wins: bool) -> Counts:
    """The most cards ``side`` can hold once this vote is over: the cards in its hand if it
    wins (every card it put down is spent), the hand it would take back if it loses now."""
    return vote.hands[side] if wins else vote.if_lost[side]


def kept_at_least(vote: VoteState, side: int) -> Counts:
    """The fewest cards ``side`` can hold after losing this vote: it takes back its hand but
    loses its first card of the district (if not yet put down) and every gondola still in hand
    (at most all of them can go into later reinforcements)."""
    hand = list(vote.if_lost[side])
    hand[GONDOLA] -= vote.hands[side][GONDOLA]
    if not vote.placed[side] and hand[vote.district] > 0:
        hand[vote.district] -= 1
    return tuple(hand)


def last_vote_bound(
    vote: VoteState,
    winner: int,
    splitter: int,
    last: LastVote,
    *,
    owner: int,
    extra: Counts,
    thief: int | None,
) -> int:
    """The best result (for ``winner``) of the one vote left after this one, when ``winner``
    wins this one and nothing but that vote and at most one traitor (``thief``'s) follows;
    ``extra`` cards join the splitter's hand first (its offer's, when it acts after).
    Returned as the splitter's result (+1, -1, 0).

    Why it is a bound: under the default readings the last vote's winner is given by the
    reach rule (the challenger wins when, in some district it holds, its reach is at least the
    defender's). That result can only get better for a player when its hand grows and worse
    when the opponent's grows: reach grows with the hand; a player with no district card who
    gains one becomes the challenger where before the opponent challenged and always won (or
    no vote took place, and now it wins, the opponent holding no card). So the winner of this
    vote does best with the most it can keep against the fewest the loser can keep. A theft
    may come first (or not: taking nothing, or after the vote): when the winner steals, the
    best of every card it could take (from the most the loser can keep) against the fewest
    the loser keeps without that card; when the loser steals, it can always take nothing."""
    loser = 1 - winner
    most = kept_at_most(vote, winner, wins=True)
    fewest = kept_at_least(vote, loser)
    if winner == splitter:
        most = _plus(most, extra)
    options = [(most, fewest)]
    if thief == winner:
        pool = kept_at_most(vote, loser, wins=False)
        for kind, n in enumerate(pool):
            if n:
                taken = list(fewest)
                taken[kind] = max(0, taken[kind] - 1)
                gained = list(most)
                gained[kind] += 1
                options.append((tuple(gained), tuple(taken)))
    results = []
    for mine, theirs in options:
        if winner != splitter:
            theirs = _plus(theirs, extra)
        results.append(
            last(mine, theirs, owner) if winner == splitter else last(theirs, mine, owner)
        )
    return max(results) if winner == splitter else min(results)


def _plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def last_vote_result(
    hands: tuple[Counts, Counts], owner: int, splitter: int, wins: Callable[..., bool]
) -> int:
    """The last vote's result for the splitter: who challenges (the owner if it holds a
    district card, else the other, else the doge is discarded: 0), then ``wins(challenger's
    hand, defender's hand, districts)``."""
    challenger = challenger_of(hands, owner)
    if challenger is None:
        return 0
    options = tuple(d for d in range(6) if hands[challenger][d] > 0)
    won = wins(hands[challenger], hands[1 - challenger], options)
    return 1 if (challenger if won else 1 - challenger) == splitter else -1
