"""What was worked out from a text, remembered by the exact text and its file name.

Game-independent. Each game keeps its parses in one :class:`TextMemory` (Canal Mania's
``loading``, Ticket to Ride's and Canal Grande's ``parser``), so that the commands run on one
text in one process (``check`` then ``report``, the web server's check and page, a file's
solver queries) share one parse. Guarantees: a value is handed out only for the same text and
the same file name it was put with; texts longer than ``longest`` characters are never kept;
the kept texts hold at most ``kept`` characters in all, the least recently used forgotten
first; safe to use from several threads. The values must be immutable (frozen documents,
tuples of diagnostics): every caller gets the same object.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Generic, TypeVar

V = TypeVar("V")

LONGEST = 50_000
"""Default: the longest text kept, in characters."""

KEPT = 1_000_000
"""Default: the characters of text kept in all."""


class TextMemory(Generic[V]):
    """A bounded memory of values by (text, file name); see the module."""

    def __init__(self, *, longest: int = LONGEST, kept: int = KEPT) -> None:
        self.longest = longest
        self.kept = kept
        self._values: OrderedDict[tuple[str, str], V] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """The characters of the texts kept (a running total, not summed again)."""
        return self._size

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """The (text, file name) keys kept, least recently used first."""
        with self._lock:
            return iter(list(self._values))

    def get(self, text: str, name: str) -> V | None:
        """The value put with this exact text and file name, if it is still kept."""
        key = (text, name)
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
        return found

    def put(self, text: str, name: str, value: V) -> None:
        """Keep ``value`` for this text and file name (unless the text is over ``longest``),
        forgetting the least recently used texts while more than ``kept`` characters are
        kept."""
        if len(text) > self.longest:
            return
        key = (text, name)
        with self._lock:
            if key not in self._values:
                self._size += len(text)
            self._values[key] = value
            self._values.move_to_end(key)
            while self._size > self.kept:
                (old_text, _), _ = self._values.popitem(last=False)
                self._size -= len(old_text)

    def forget(self) -> None:
        """Keep nothing (e.g. between tests)."""
        with self._lock:
            self._values.clear()
            self._size = 0


__all__ = ["KEPT", "LONGEST", "TextMemory"]
