"""A multiset of train cards: how many of each colour and how many locomotives.

Immutable and hashable; arithmetic never goes below zero silently (:meth:`Cards.minus` raises).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from canaldsl.tickettoride.colours import CARD_INDEX, CARD_KINDS, Colour

TRAIN_CARDS_PER_COLOUR = 12
"""Cards of each of the eight colours in the box (rulebook: drawing train cards)."""
LOCOMOTIVE_CARDS = 14
"""Locomotive cards in the box."""
TRAIN_CARDS = 8 * TRAIN_CARDS_PER_COLOUR + LOCOMOTIVE_CARDS
"""All train cards: 110."""


@dataclass(frozen=True, order=True)
class Cards:
    """Counts of the nine card kinds, in the order of :data:`CARD_KINDS` (locomotive last)."""

    counts: tuple[int, ...] = (0,) * 9

    def __post_init__(self) -> None:
        if len(self.counts) != len(CARD_KINDS) or any(c < 0 for c in self.counts):
            raise ValueError(f"card counts must be nine numbers >= 0, not {self.counts}")

    @classmethod
    def of(cls, mapping: Mapping[Colour, int]) -> Cards:
        """Cards from a mapping of card kinds to counts (kinds left out count 0)."""
        counts = [0] * 9
        for colour, count in mapping.items():
            if colour not in CARD_INDEX:
                raise ValueError(f"{colour} is not a kind of train card")
            counts[CARD_INDEX[colour]] += count
        return cls(tuple(counts))

    @classmethod
    def from_list(cls, cards: Iterable[Colour]) -> Cards:
        """Cards from a list with one entry per card."""
        counts = [0] * 9
        for colour in cards:
            if colour not in CARD_INDEX:
                raise ValueError(f"{colour} is not a kind of train card")
            counts[CARD_INDEX[colour]] += 1
        return cls(tuple(counts))

    def count(self, colour: Colour) -> int:
        return self.counts[CARD_INDEX[colour]]

    @property
    def locomotives(self) -> int:
        return self.counts[8]

    @property
    def total(self) -> int:
        return sum(self.counts)

    def colours_used(self) -> tuple[Colour, ...]:
        """The regular colours (not locomotives) with at least one card, in fixed order."""
        return tuple(CARD_KINDS[i] for i in range(8) if self.counts[i])

    def plus(self, other: Cards) -> Cards:
        return Cards(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def add(self, colour: Colour, count: int = 1) -> Cards:
        counts = list(self.counts)
        counts[CARD_INDEX[colour]] += count
        return Cards(tuple(counts))

    def contains(self, other: Cards) -> bool:
        """Whether every card of ``other`` is in these cards."""
        return all(a >= b for a, b in zip(self.counts, other.counts, strict=True))

    def minus(self, other: Cards) -> Cards:
        """These cards without ``other`` (which must be contained in them)."""
        if not self.contains(other):
            raise ValueError(f"cannot take {other} from {self}")
        return Cards(tuple(a - b for a, b in zip(self.counts, other.counts, strict=True)))

    def items(self) -> Iterator[tuple[Colour, int]]:
        """(kind, count) for every kind with a card, locomotives last."""
        for colour, count in zip(CARD_KINDS, self.counts, strict=True):
            if count:
                yield colour, count

    def __str__(self) -> str:
        if not self.total:
            return "no cards"
        return ", ".join(f"{count} {colour.value}" for colour, count in self.items())


NO_CARDS = Cards()
FULL_DECK = Cards((TRAIN_CARDS_PER_COLOUR,) * 8 + (LOCOMOTIVE_CARDS,))
"""Every train card of the box."""
