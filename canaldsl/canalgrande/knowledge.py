"""What is known of hidden cards: a :class:`Hand` and a :class:`Pile` (deck or discards).

A hand is the cards known to be in it plus a number of unknown cards (``None``: not even how
many). A pile is known in order (top first), known as a multiset, or known only by its size
(or not at all). Taking a card answers with a :class:`Presence`: the card was certainly
there, certainly not, or the answer depends on what is not known. Rules that need a card to
be somewhere are checked only when the answer is certain: nothing is guessed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card

K = TypeVar("K", bound=enum.Enum)


class PositionError(ValueError):
    """A position that cannot be: a spy in a hand, a pile whose order and contents differ."""


class Presence(enum.Enum):
    """Whether a card taken from a hand or a pile was there."""

    YES = "yes"
    NO = "no"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Hand:
    """A player's hand: ``known`` cards and ``unknown`` more (None: an unknown number)."""

    known: Bag[Card] = field(default_factory=Bag)
    unknown: int | None = 0

    def __post_init__(self) -> None:
        stray = [card for card in self.known if not card.goes_to_hand]
        if stray:
            raise PositionError(f"a hand holds only district cards and gondolas, not {stray[0]}")
        if self.unknown is not None and self.unknown < 0:
            raise PositionError("a hand cannot hold a negative number of unknown cards")

    @classmethod
    def of(cls, *cards: Card) -> Hand:
        """A fully known hand."""
        return cls(Bag.of(cards), 0)

    @classmethod
    def hidden(cls, size: int | None = None) -> Hand:
        """A hand of which nothing is known but (perhaps) its size."""
        return cls(Bag(), size)

    @property
    def fully_known(self) -> bool:
        return self.unknown == 0

    @property
    def size(self) -> int | None:
        return None if self.unknown is None else len(self.known) + self.unknown

    @property
    def has_district(self) -> bool | None:
        """True or False when certain, None when it depends on unknown cards."""
        if any(card.is_district for card in self.known):
            return True
        return False if self.unknown == 0 else None

    @property
    def is_empty(self) -> bool | None:
        """True or False when certain, None when it depends on unknown cards."""
        if self.known:
            return False
        if self.unknown is None:
            return None
        return self.unknown == 0

    def take(self, card: Card) -> tuple[Hand, Presence]:
        """The hand without ``card``: from the known cards if it is one of them, else from
        the unknown ones (if there may be one). Certainly absent: the hand is unchanged."""
        if card in self.known:
            return Hand(self.known.remove(card), self.unknown), Presence.YES
        if not card.goes_to_hand:
            return self, Presence.NO
        if self.unknown is None:
            return self, Presence.UNKNOWN
        if self.unknown > 0:
            return Hand(self.known, self.unknown - 1), Presence.UNKNOWN
        return self, Presence.NO

    def add(self, cards: Bag[Card]) -> Hand:
        """The hand with ``cards`` added, known (they were seen)."""
        return Hand(self.known + cards, self.unknown)

    def describe(self) -> str:
        if self.unknown is None:
            extra = "and an unknown number of unknown cards"
            return extra if not self.known else f"{self.known.describe()} {extra}"
        if self.unknown and self.known:
            return f"{self.known.describe()} and {self.unknown} unknown"
        if self.unknown:
            return f"{self.unknown} unknown"
        return self.known.describe()


@dataclass(frozen=True)
class Pile(Generic[K]):
    """A face-down pile: ``order`` (top first) if known, else ``contents`` if known, else
    only ``size`` (None: unknown). The fields are made consistent on construction."""

    order: tuple[K, ...] | None = None
    contents: Bag[K] | None = None
    size: int | None = None

    def __post_init__(self) -> None:
        if self.order is not None:
            bag = Bag.of(self.order)
            if self.contents is not None and self.contents != bag:
                raise PositionError("a pile's order and contents disagree")
            if self.size is not None and self.size != len(self.order):
                raise PositionError("a pile's order and size disagree")
            object.__setattr__(self, "contents", bag)
            object.__setattr__(self, "size", len(self.order))
        elif self.contents is not None:
            if self.size is not None and self.size != len(self.contents):
                raise PositionError("a pile's contents and size disagree")
            object.__setattr__(self, "size", len(self.contents))
        elif self.size is not None and self.size < 0:
            raise PositionError("a pile cannot hold a negative number of cards")

    @classmethod
    def in_order(cls, cards: tuple[K, ...]) -> Pile[K]:
        return cls(order=tuple(cards))

    @classmethod
    def of_contents(cls, contents: Bag[K]) -> Pile[K]:
        return cls(contents=contents)

    @classmethod
    def unknown(cls, size: int | None = None) -> Pile[K]:
        return cls(size=size)

    @property
    def is_empty(self) -> bool | None:
        return None if self.size is None else self.size == 0

    def draw(self, card: K) -> tuple[Pile[K], Presence]:
        """The pile after ``card`` is drawn from its top.

        Known order: the card must be the top one. Known contents: the card must be in the
        pile. Otherwise the answer is unknown (unless the pile is known to be empty). A card
        that could not have been drawn leaves the pile as it is, except that a known card is
        taken out wherever it lies (so that later draws are judged on what is left)."""
        if self.order is not None:
            if self.order and self.order[0] == card:
                return Pile(order=self.order[1:]), Presence.YES
            if card in self.order:
                index = self.order.index(card)
                return Pile(order=self.order[:index] + self.order[index + 1 :]), Presence.NO
            return self, Presence.NO
        if self.contents is not None:
            if card in self.contents:
                return Pile(contents=self.contents.remove(card)), Presence.YES
            return self, Presence.NO
        if self.size is None:
            return self, Presence.UNKNOWN
        if self.size == 0:
            return self, Presence.NO
        return Pile(size=self.size - 1), Presence.UNKNOWN

    def add(self, cards: Bag[K]) -> Pile[K]:
        """The pile with ``cards`` put on it face up (a discard pile: order no longer kept)."""
        if self.contents is not None:
            return Pile(contents=self.contents + cards)
        if self.size is not None:
            return Pile(size=self.size + len(cards))
        return self

    def describe(self) -> str:
        if self.order is not None:
            return "in order: " + (", ".join(str(c) for c in self.order) or "empty")
        if self.contents is not None:
            return self.contents.describe() if self.contents else "empty"
        return "unknown" if self.size is None else f"{self.size} unknown cards"
