"""Two independent ways to settle a vote between known hands, for checking the vote solver.

* :func:`brute_force`: plain minimax over the real cards, written from the vote rules (the
  Votazione sections), with every play the rules allow (several gondolas for one district in
  one play included), memoised on the full state. Exponential: small hands only.
* :func:`closed_form`: the answer for the default readings from two facts proved in
  docs/notes/canalgrande.md: the player who can reach the higher total wins (the challenger on
  a tie, since it can jump there first), and the winner never needs more than one play that
  reaches what the loser can reach.

Neither shares code with canaldsl.canalgrande.solve_vote.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

KINDS = ("Cannaregio", "Santa Croce", "San Polo", "Dorsoduro", "San Marco", "Castello", "gondola")
GONDOLA = 6

Counts = tuple[int, ...]  # how many of each of KINDS


def _plays(
    hand: Counts,
    district: int,
    mine: int,
    theirs: int,
    placed: bool,
    opening: bool,
    each_gondola: bool,
    opening_reinforces: bool,
) -> Iterator[tuple[Counts, int, int]]:
    """(hand after, district cards added, cards put down) for every legal play."""
    may_reinforce = hand[GONDOLA] > 0 and (opening_reinforces or not opening)
    for k in range(hand[district] + 1):
        base = list(hand)
        base[district] -= k
        for groups in _groups(tuple(base), district, hand[GONDOLA] if may_reinforce else 0):
            if groups and not (placed or k >= 1):
                continue
            added = k + sum(m for _, m in groups)
            if added == 0 or mine + added <= theirs:
                continue
            if each_gondola and groups and mine + k + max(m for _, m in groups) <= theirs:
                continue
            after = list(base)
            for kind, m in groups:
                after[kind] -= m
            after[GONDOLA] -= len(groups)
            yield tuple(after), added, added + len(groups)


def _groups(hand: Counts, district: int, gondolas: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Multisets of reinforcements (district, how many), one gondola each."""

    def walk(
        start: tuple[int, int], left: Counts, used: int
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        yield ()
        if used == gondolas:
            return
        for kind in range(start[0], 6):
            if kind == district:
                continue
            low = start[1] if kind == start[0] else 1
            for m in range(max(low, 1), left[kind] + 1):
                rest = list(left)
                rest[kind] -= m
                for more in walk((kind, m), tuple(rest), used + 1):
                    yield ((kind, m), *more)

    yield from walk((0, 1), hand, 0)


def brute_force(
    challenger: Counts,
    defender: Counts,
    district: int,
    *,
    each_gondola: bool = False,
    opening_reinforces: bool = True,
) -> tuple[str, int]:
    """(winner, cards the winner puts down) with best play from both sides."""

    @cache
    def solve(
        mover: int,
        hands: tuple[Counts, Counts],
        totals: tuple[int, int],
        spent: tuple[int, int],
        placed: tuple[bool, bool],
        opening: bool,
    ) -> tuple[int, int]:
        """(winner index, winner's cards put down)."""
        options: list[tuple[int, int]] = []
        if not opening:
            options.append((1 - mover, spent[1 - mover]))
        for after, added, cost in _plays(
            hands[mover],
            district,
            totals[mover],
            totals[1 - mover],
            placed[mover],
            opening,
            each_gondola,
            opening_reinforces,
        ):
            new_hands = (after, hands[1]) if mover == 0 else (hands[0], after)
            new_totals = list(totals)
            new_totals[mover] += added
            new_spent = list(spent)
            new_spent[mover] += cost
            new_placed = list(placed)
            new_placed[mover] = placed[mover] or after[district] < hands[mover][district]
            options.append(
                solve(
                    1 - mover,
                    new_hands,
                    tuple(new_totals),
                    tuple(new_spent),
                    tuple(new_placed),
                    False,
                )
            )  # type: ignore[arg-type]
        wins = [cost for who, cost in options if who == mover]
        if wins:
            return mover, min(wins)
        return 1 - mover, max(cost for _, cost in options)

    winner, cost = solve(0, (challenger, defender), (0, 0), (0, 0), (False, False), True)
    return ("challenger", "defender")[winner], cost


def _reach(hand: Counts, district: int, can_play: bool) -> int:
    if not can_play:
        return 0
    others = sorted((hand[k] for k in range(6) if k != district), reverse=True)
    return hand[district] + sum(others[: hand[GONDOLA]])


def _least(hand: Counts, district: int, total: int) -> int:
    """Fewest cards one play needs to put ``total`` district cards down (vote cards first)."""
    left = total - min(hand[district], total)
    others = sorted((hand[k] for k in range(6) if k != district), reverse=True)
    groups = 0
    while left > 0:
        left -= others[groups]
        groups += 1
    return total + groups


def closed_form(challenger: Counts, defender: Counts, district: int) -> tuple[str, int]:
    """The default readings' answer (see the module docstring)."""
    top_c = _reach(challenger, district, True)
    top_d = _reach(defender, district, defender[district] > 0)
    if top_c >= top_d:
        return "challenger", _least(challenger, district, max(top_d, 1))
    return "defender", _least(defender, district, top_c + 1)
