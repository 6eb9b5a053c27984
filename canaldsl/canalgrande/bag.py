"""An immutable multiset of cards (or districts, or number cards): :class:`Bag`.

Hands, prizes, discard piles and offers are multisets: the order of the cards in them carries
no meaning. A :class:`Bag` is hashable, compares by contents, never holds a zero count, and
lists its contents in the enum's own order, so everything built from one is deterministic.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from typing import Generic, TypeVar

K = TypeVar("K", bound=enum.Enum)


class BagError(ValueError):
    """A card taken from a bag that does not hold it, or a negative count."""


class Bag(Generic[K]):
    """A multiset of enum members. Operations return new bags; a bag never changes."""

    __slots__ = ("_counts", "_hash")

    def __init__(self, counts: Mapping[K, int] | None = None) -> None:
        items: dict[K, int] = {}
        for key, count in (counts or {}).items():
            if count < 0:
                raise BagError(f"negative count {count} of {key}")
            if count:
                items[key] = count
        self._counts = dict(sorted(items.items(), key=lambda kv: _order(kv[0])))
        self._hash: int | None = None

    @classmethod
    def of(cls, items: Iterable[K]) -> Bag[K]:
        """The bag holding each item of ``items`` once per appearance."""
        counts: dict[K, int] = {}
        for item in items:
            counts[item] = counts.get(item, 0) + 1
        return cls(counts)

    def __getitem__(self, key: K) -> int:
        return self._counts.get(key, 0)

    def __contains__(self, key: object) -> bool:
        return key in self._counts

    def __iter__(self) -> Iterator[K]:
        """Each item as many times as the bag holds it, in the enum's order."""
        for key, count in self._counts.items():
            for _ in range(count):
                yield key

    def __len__(self) -> int:
        return sum(self._counts.values())

    def __bool__(self) -> bool:
        return bool(self._counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self._counts == other._counts

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(self._counts.items()))
        return self._hash

    def __le__(self, other: Bag[K]) -> bool:
        """Whether every item of this bag is in ``other`` at least as many times."""
        return all(other[key] >= count for key, count in self._counts.items())

    def __add__(self, other: Bag[K]) -> Bag[K]:
        counts = dict(self._counts)
        for key, count in other._counts.items():
            counts[key] = counts.get(key, 0) + count
        return Bag(counts)

    def __sub__(self, other: Bag[K]) -> Bag[K]:
        """The bag without ``other``'s items; raises :class:`BagError` if one is missing."""
        counts = dict(self._counts)
        for key, count in other._counts.items():
            left = counts.get(key, 0) - count
            if left < 0:
                raise BagError(f"no {key} to take")
            counts[key] = left
        return Bag(counts)

    def items(self) -> Iterator[tuple[K, int]]:
        """(item, count) pairs with a non-zero count, in the enum's order."""
        return iter(self._counts.items())

    def add(self, key: K, count: int = 1) -> Bag[K]:
        return self + Bag({key: count})

    def remove(self, key: K, count: int = 1) -> Bag[K]:
        return self - Bag({key: count})

    def minus_what_is_there(self, other: Bag[K]) -> Bag[K]:
        """The bag without those of ``other``'s items it holds (the rest is ignored)."""
        return Bag({key: max(0, count - other[key]) for key, count in self._counts.items()})

    def describe(self) -> str:
        """``2 San Marco, 1 gondola`` (``nothing`` when empty)."""
        if not self._counts:
            return "nothing"
        return ", ".join(_counted(key, count) for key, count in self._counts.items())

    def __repr__(self) -> str:
        return f"Bag({self.describe()})"


_ORDER: dict[enum.Enum, int] = {}


def _order(key: enum.Enum) -> int:
    """The key's position in its enum (cached: bags are sorted often)."""
    found = _ORDER.get(key)
    if found is None:
        for index, member in enumerate(type(key)):
            _ORDER[member] = index
        found = _ORDER[key]
    return found


def _counted(key: enum.Enum, count: int) -> str:
    counted = getattr(key, "counted", None)
    return str(counted(count)) if callable(counted) else f"{count} {key}"
