"""Placing labels where they overlap nothing placed before them.

A :class:`Placer` remembers the boxes taken so far (symbols, earlier labels); each new label
offers candidate boxes in order of preference and gets the first free one, or the first one
when none is free (a label is never dropped).
"""

from __future__ import annotations

import math
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


CELL = 64.0
"""The side of the squares :class:`Placer` files the taken boxes under (picture units)."""


@dataclass
class Placer:
    """Boxes taken so far within a ``width`` x ``height`` area.

    Each taken box is also filed under every square of side CELL it reaches, so that a
    candidate is tested only against the boxes filed under its own squares: two boxes that
    overlap share a point, hence a square, so the answer is the same as testing every taken
    box (a Canal Mania picture takes a few hundred boxes, and testing each candidate name
    against all of them was 1.9 million tests over the golden pictures)."""

    width: float
    height: float
    taken: list[Box] = field(default_factory=list)
    _cells: dict[tuple[int, int], list[Box]] = field(default_factory=dict, repr=False)
    _odd: list[Box] = field(default_factory=list, repr=False)
    """Taken boxes of a negative side, which no square describes: tested each time."""

    def block(self, box: Box) -> None:
        """Mark ``box`` as taken (a symbol no label should cover)."""
        self._take(box)

    def is_free(self, box: Box) -> bool:
        if not box.inside(self.width, self.height):
            return False
        if box.width < 0 or box.height < 0:  # not a box the squares describe: test them all
            return not any(box.overlaps(t) for t in self.taken)
        for cell in _cells_of(box):
            for other in self._cells.get(cell, ()):
                if box.overlaps(other):
                    return False
        return not any(box.overlaps(t) for t in self._odd)

    def place(self, candidates: Sequence[Box]) -> Box:
        """The first free candidate (else the first one), now taken."""
        chosen = next((box for box in candidates if self.is_free(box)), candidates[0])
        self._take(chosen)
        return chosen

    def _take(self, box: Box) -> None:
        self.taken.append(box)
        if box.width < 0 or box.height < 0:
            self._odd.append(box)
        for cell in _cells_of(box):
            self._cells.setdefault(cell, []).append(box)


def _cells_of(box: Box) -> list[tuple[int, int]]:
    """The squares of side CELL that the box reaches (its edges included)."""
    left, right = math.floor(box.x / CELL), math.floor((box.x + box.width) / CELL)
    top, bottom = math.floor(box.y / CELL), math.floor((box.y + box.height) / CELL)
    return [(i, j) for i in range(left, right + 1) for j in range(top, bottom + 1)]
