"""What a player can do in a vote, and with traitors and spies: the moves the solvers share.

Hands are count vectors over :data:`KINDS` (the six districts, then gondolas). A play is a
number of cards of the vote's district and at most one reinforcement per other district (a
second gondola for one district in the same play only puts one more gondola down: the solvers
state this restriction of their move set).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import SPY_DRAW, Card, District
from canaldsl.canalgrande.checks_actions import spy_shape
from canaldsl.canalgrande.rulebook import Readings

KINDS = (*(d.card for d in District), Card.GONDOLA)
"""The order of a hand's counts: the six districts, then gondolas."""
GONDOLA = 6
Counts = tuple[int, ...]
Play = tuple[int, int, int, tuple[tuple[int, int], ...], int, tuple[int, ...], int]
"""A play: cards added to the total, cards put down, vote cards, reinforcements (district,
cards), the most a single gondola's test sees (vote cards plus the largest reinforcement),
the mover's hand after it, the gondolas it puts down."""


class UnknownCardsError(ValueError):
    """A spy would draw a card of the deck whose identity is not known."""

    code = "S703"


def counts(bag: Bag[Card]) -> Counts:
    return tuple(bag[kind] for kind in KINDS)


def spy_draw(deck: tuple[Card, ...], drawn: int, reading: str, *, strict: bool) -> tuple[Card, ...]:
    """The cards a spy draws from the known ``deck`` after ``drawn`` cards were taken, as many
    as the spy.traitors reading makes it draw (``strict``: past the known cards is an
    :class:`UnknownCardsError`; otherwise what is known)."""
    size = SPY_DRAW
    while True:
        cards = deck[drawn : drawn + size]
        if len(cards) < size:
            if strict:
                raise UnknownCardsError(
                    f"[S703] a spy would draw past the {len(deck)} known cards of the deck"
                )
            return cards
        expected = spy_shape(cards, reading).expected
        if expected <= size:
            return cards
        size = expected


class VoteState(NamedTuple):
    """A vote under way (a named tuple: the searches build many)."""

    district: int
    challenger: int
    mover: int
    hands: tuple[Counts, Counts]  # cards still in hand
    if_lost: tuple[Counts, Counts]  # the hand each would keep if it lost now
    totals: tuple[int, int]
    placed: tuple[bool, bool]
    last: int | None  # who raised last


def reach(vote: VoteState, side: int, row: Callable[[Counts], Counts] | None = None) -> int:
    """The highest total ``side`` can reach in this vote from here (in one play); ``row``:
    :func:`reach_row` or a cache of it."""
    hand = vote.hands[side]
    if not (vote.placed[side] or hand[vote.district] > 0):
        return vote.totals[side]
    return vote.totals[side] + (row or reach_row)(hand)[vote.district]


def reach_row(hand: Counts) -> Counts:
    """Per district, the most ``hand`` adds to a vote over it in one play: its cards of the
    district and, one per gondola, the largest other districts (:class:`VotePlays` keeps
    them per hand: the turn search asks for the same hands again and again). The largest
    others are the largest gondolas + 1 of all six less this district when it is among them
    (ties included), else the largest gondolas of all six."""
    gondolas = hand[GONDOLA]
    ranked = sorted(hand[:6], reverse=True)
    top = sum(ranked[:gondolas])
    top_next = sum(ranked[: gondolas + 1])
    edge = ranked[gondolas] if gondolas < 6 else -1
    return tuple(top_next if n >= edge else n + top for n in hand[:6])


def play_on(vote: VoteState, k: int, groups: tuple[tuple[int, int], ...]) -> VoteState:
    """The vote after the mover puts down ``k`` cards of the district and ``groups``
    (reinforcements: district, cards; a gondola each)."""
    me = vote.mover
    district = vote.district
    hand = list(vote.hands[me])
    hand[district] -= k
    added = k
    for kind, m in groups:
        hand[kind] -= m
        added += m
    hand[GONDOLA] -= len(groups)
    lost = list(vote.if_lost[me])
    if not vote.placed[me]:
        lost[district] -= 1  # the first card put down is lost if the vote is lost
    lost[GONDOLA] -= len(groups)
    mine, kept = tuple(hand), tuple(lost)
    h0, h1 = vote.hands
    l0, l1 = vote.if_lost
    t0, t1 = vote.totals
    p0, p1 = vote.placed
    if me == 0:
        return VoteState(district, vote.challenger, 1, (mine, h1), (kept, l1),
                         (t0 + added, t1), (True, p1), 0)  # fmt: skip
    return VoteState(district, vote.challenger, 0, (h0, mine), (l0, kept),
                     (t0, t1 + added), (p0, True), 1)  # fmt: skip


def all_plays(
    hand: Counts, district: int, placed: bool, reinforce: bool
) -> Iterator[tuple[int, tuple[tuple[int, int], ...]]]:
    """(vote cards, reinforcements) for every play: at most one reinforcement per district."""
    gondolas = hand[GONDOLA] if reinforce else 0
    others = [d for d in range(6) if d != district and hand[d] > 0]

    def walk(index: int, left: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if index == len(others):
            yield ()
            return
        for rest in walk(index + 1, left):
            yield rest
        if left:
            kind = others[index]
            for m in range(1, hand[kind] + 1):
                for rest in walk(index + 1, left - 1):
                    yield ((kind, m), *rest)

    for groups in walk(0, gondolas):
        for k in range(hand[district] + 1):
            if groups and not (placed or k >= 1):
                continue
            if not groups and k == 0:
                continue
            yield k, groups


class VotePlays:
    """The mover's legal plays in a vote, cached per hand (the turn search asks again and
    again for the same hands), and the cheapest outright raise among them."""

    def __init__(self, readings: Readings) -> None:
        self.each_gondola = readings.vote_reinforcement_test == "each-gondola"
        self.opening_reinforces = readings.vote_opening_reinforcement == "allowed"
        self._of_cache: dict[tuple[object, ...], tuple[list[Play], Play | None, int]] = {}
        self._rows: dict[Counts, Counts] = {}
        self._kept: dict[tuple[Counts, int, int], Counts] = {}
        self._play_cache: dict[tuple[Counts, int, bool, bool], list[Play]] = {}
        self._legal_cache: dict[tuple[Counts, int, bool, bool, int], list[Play]] = {}

    def row(self, hand: Counts) -> Counts:
        """:func:`reach_row` of ``hand``, cached for this search."""
        found = self._rows.get(hand)
        if found is None:
            found = self._rows[hand] = reach_row(hand)
        return found

    def made(self, vote: VoteState, play: Play) -> VoteState:
        """The vote after the mover makes ``play`` (one of :meth:`of`'s, for this vote's
        mover's hand): :func:`play_on` with the hand after the play read from the play, and
        the hand the mover would take back if it lost from a cache."""
        me = vote.mover
        first = not vote.placed[me]
        kept = vote.if_lost[me]
        if first or play[6]:
            memo = (kept, vote.district if first else -1, play[6])
            found = self._kept.get(memo)
            if found is None:
                lost = list(kept)
                if first:
                    lost[vote.district] -= 1  # the first card put down is lost if it loses
                lost[GONDOLA] -= play[6]
                found = self._kept[memo] = tuple(lost)
            kept = found
        h0, h1 = vote.hands
        l0, l1 = vote.if_lost
        t0, t1 = vote.totals
        p0, p1 = vote.placed
        if me == 0:
            return VoteState(vote.district, vote.challenger, 1, (play[5], h1), (kept, l1),
                             (t0 + play[0], t1), (True, p1), 0)  # fmt: skip
        return VoteState(vote.district, vote.challenger, 0, (h0, play[5]), (l0, kept),
                         (t0, t1 + play[0]), (p0, True), 1)  # fmt: skip

    def of(self, vote: VoteState) -> tuple[list[Play], Play | None, int]:
        """The mover's legal plays (largest first), the cheapest outright raise among them
        (fewest cards put down, then the most added; None if no play goes past all the
        opponent can reach), and how much a raise must add to be outright (one cached entry
        per hand, district, need and opponent's reach)."""
        me = vote.mover
        totals = vote.totals
        mine = totals[me]
        need = totals[1 - me] - mine + 1
        district = vote.district
        beyond = reach(vote, 1 - me, self.row) - mine
        allow = vote.last is not None or self.opening_reinforces
        hand = vote.hands[me]
        memo = (hand, district, vote.placed[me], allow, need, beyond)
        found = self._of_cache.get(memo)
        if found is None:
            plays = self.legal(hand, district, vote.placed[me], allow, need)
            outright = min(
                (p for p in plays if p[0] >= beyond), key=lambda p: (p[1], -p[0]), default=None
            )
            found = self._of_cache[memo] = (plays, outright, beyond)
        return found

    def legal(
        self, hand: Counts, district: int, placed: bool, allow: bool, need: int
    ) -> list[Play]:
        """(district cards added, cards put down, vote cards, reinforcements) of every legal
        play adding at least ``need``, largest first (cached per hand and need)."""
        key = (hand, district, placed, allow, need)
        legal = self._legal_cache.get(key)
        if legal is not None:
            return legal
        plays = self._play_cache.get(key[:4])
        if plays is None:
            plays = []
            for k, groups in all_plays(hand, district, placed, allow):
                added = k + sum(m for _, m in groups)
                lead = k + max((m for _, m in groups), default=0)
                after = list(hand)
                after[district] -= k
                for kind, m in groups:
                    after[kind] -= m
                after[GONDOLA] -= len(groups)
                plays.append((added, added + len(groups), k, groups, lead, tuple(after),
                              len(groups)))  # fmt: skip
            plays.sort(key=lambda p: (-p[0], p[1]))
            self._play_cache[key[:4]] = plays
        each = self.each_gondola
        legal = [
            play for play in plays if play[0] >= need and not (each and play[3] and play[4] < need)
        ]
        self._legal_cache[key] = legal
        return legal


def thefts(
    hands: tuple[Counts, Counts], thief: int, most: int, readings: Readings
) -> Iterator[tuple[Counts, Counts]]:
    """Every way to take up to ``most`` cards from the opponent (none included)."""
    seen: set[tuple[Counts, Counts]] = set()

    def walk(current: tuple[Counts, Counts], left: int) -> Iterator[tuple[Counts, Counts]]:
        if current not in seen:
            seen.add(current)
            yield current
        if not left:
            return
        victim = current[1 - thief]
        if not any(victim):
            return
        if readings.traitor_empty_hand == "either" and not any(current[thief]):
            return
        for kind in range(len(KINDS)):
            if victim[kind]:
                taken = list(victim)
                taken[kind] -= 1
                gained = list(current[thief])
                gained[kind] += 1
                after = (
                    (tuple(gained), tuple(taken)) if thief == 0 else (tuple(taken), tuple(gained))
                )
                yield from walk(after, left - 1)

    yield from walk(hands, most)


def challenger_of(hands: tuple[Counts, Counts], owner: int) -> int | None:
    if any(hands[owner][:6]):
        return owner
    if any(hands[1 - owner][:6]):
        return 1 - owner
    return None


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def hand_cards(offer: Bag[Card]) -> Bag[Card]:
    return Bag({card: n for card, n in offer.items() if card.goes_to_hand})


def bag_of(hand: Counts) -> Bag[Card]:
    return Bag({kind: n for kind, n in zip(KINDS, hand, strict=True)})
