"""Which sets of cards pay for a track: every distinct payment from a hand, and the one the
engine takes when a claim does not say.

A track of length L and colour C is paid by L cards: some of colour C, the rest locomotives.
A grey track takes some cards of any one colour, the rest locomotives. Two payments are the
same when they are the same cards (paying a grey track with locomotives only is one payment,
whatever colour one has in mind).
"""

from __future__ import annotations

from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import CARD_INDEX, CARD_KINDS, COLOURS, Colour


def payments(hand: Cards, colour: Colour, length: int) -> list[Cards]:
    """Every distinct set of cards from ``hand`` that pays for a track of ``colour`` and
    ``length``: fewest locomotives first, then by colour order. (Each payment's nine counts
    are made directly, as ``Cards.of({option: rest, locomotive: locomotives})`` would make
    them: this is called for every track of every claim listing.)"""
    colours = COLOURS if colour is Colour.GREY else (colour,)
    held = hand.counts
    found: set[tuple[int, ...]] = set()
    out: list[Cards] = []
    for locomotives in range(0, min(held[_LOCOMOTIVE], length) + 1):
        rest = length - locomotives
        for option in colours:
            index = CARD_INDEX[option]
            if rest and held[index] < rest:
                continue
            counts = [0] * len(CARD_KINDS)
            counts[index] = rest
            counts[_LOCOMOTIVE] += locomotives
            paid = tuple(counts)
            if paid not in found:
                found.add(paid)
                out.append(Cards(paid))
    return out


_LOCOMOTIVE = CARD_INDEX[Colour.LOCOMOTIVE]


def default_payment(hand: Cards, colour: Colour, length: int) -> Cards | None:
    """The payment taken when a claim gives no cards: the fewest locomotives; for a grey
    track, of the colour the hand holds most of (the first in colour order on a tie). None
    when the hand cannot pay."""
    options = payments(hand, colour, length)
    if not options:
        return None
    fewest = options[0].locomotives
    best = [p for p in options if p.locomotives == fewest]
    return max(best, key=lambda p: sum(hand.count(c) for c in p.colours_used()))


def shortfall_payment(hand: Cards, colour: Colour, length: int) -> Cards:
    """The cards a claim would need when the hand cannot pay: as many of the best colour as
    held, the rest locomotives (more than held). Used to say what is missing."""
    colours = COLOURS if colour is Colour.GREY else (colour,)
    best = max(colours, key=lambda c: (hand.count(c), -COLOURS.index(c)))
    own = min(hand.count(best), length)
    return Cards.of({best: own, Colour.LOCOMOTIVE: length - own})
