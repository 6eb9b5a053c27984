"""Values worked out once and remembered in a process, within a bound on their total size.

Game-independent. :class:`Memory` keeps values by key, each with a size; guarantees: a value
is handed out only for the key it was put with; an item larger than ``largest`` is never
kept; the kept items' sizes add up to at most ``kept``, the least recently used forgotten
first; safe to use from several threads. The values must be immutable (frozen documents,
tuples of diagnostics, SVG text): every caller gets the same object.

:class:`TextMemory` is the one each game keeps its parses in (Canal Mania's ``loading``,
Ticket to Ride's and Canal Grande's ``parser``), by exact text and file name, sized by the
text: the commands run on one text in one process (``check`` then ``report``, the web
server's check and page, a file's solver queries) share one parse. The picture canvas keeps
the SVG text of groups drawn before in another (:mod:`canaldsl.draw.canvas`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

LONGEST = 50_000
"""Default of :class:`TextMemory`: the longest text kept, in characters."""

KEPT = 1_000_000
"""Default of :class:`TextMemory`: the characters of text kept in all."""


class Memory(Generic[K, V]):
    """A bounded memory of values by key; see the module. ``size`` gives an item's size."""

    def __init__(
        self, *, kept: int, size: Callable[[K, V], int], largest: int | None = None
    ) -> None:
        self.kept = kept
        self.largest = kept if largest is None else largest
        self._size_of = size
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """The sizes of the items kept, added up (a running total, not summed again)."""
        return self._size

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[K]:
        """The keys kept, least recently used first."""
        with self._lock:
            return iter(list(self._values))

    def get(self, key: K) -> V | None:
        """The value put with ``key``, if it is still kept."""
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
        return None if found is None else found[0]

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (unless its size is over ``largest``), forgetting the
        least recently used items while the sizes kept add up to more than ``kept``."""
        size = self._size_of(key, value)
        if size > self.largest:
            return
        with self._lock:
            old = self._values.get(key)
            self._size += size - (0 if old is None else old[1])
            self._values[key] = (value, size)
            self._values.move_to_end(key)
            while self._size > self.kept:
                _, (_, forgotten) = self._values.popitem(last=False)
                self._size -= forgotten

    def forget(self) -> None:
        """Keep nothing (e.g. between tests)."""
        with self._lock:
            self._values.clear()
            self._size = 0


class TextMemory(Memory[tuple[str, str], V]):
    """Values by (exact text, file name), an item's size the text's length in characters."""

    def __init__(self, *, longest: int = LONGEST, kept: int = KEPT) -> None:
        super().__init__(kept=kept, largest=longest, size=_text_length)


def _text_length(key: tuple[str, str], value: object) -> int:
    return len(key[0])


__all__ = ["KEPT", "LONGEST", "Memory", "TextMemory"]
