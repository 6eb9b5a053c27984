"""Placing labels where they overlap nothing placed before them.

A :class:`Placer` remembers the boxes taken so far (symbols, earlier labels); each new label
offers candidate boxes in order of preference and gets the first free one, or the first one
when none is free (a label is never dropped).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Box:
    """A rectangle: left, top, width, height."""

    x: float
    y: float
    width: float
    height: float

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.x + other.width
            and other.x < self.x + self.width
            and self.y < other.y + other.height
            and other.y < self.y + self.height
        )

    def inside(self, width: float, height: float) -> bool:
        """Whether the box lies within (0, 0, width, height)."""
        return (
            self.x >= 0
            and self.y >= 0
            and self.x + self.width <= width
            and (self.y + self.height <= height)
        )


@dataclass
class Placer:
    """Boxes taken so far within a ``width`` x ``height`` area."""

    width: float
    height: float
    taken: list[Box] = field(default_factory=list)

    def block(self, box: Box) -> None:
        """Mark ``box`` as taken (a symbol no label should cover)."""
        self.taken.append(box)

    def is_free(self, box: Box) -> bool:
        return box.inside(self.width, self.height) and not any(box.overlaps(t) for t in self.taken)

    def place(self, candidates: Sequence[Box]) -> Box:
        """The first free candidate (else the first one), now taken."""
        chosen = next((box for box in candidates if self.is_free(box)), candidates[0])
        self.taken.append(chosen)
        return chosen
