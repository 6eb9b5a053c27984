"""Where the hexes of a :mod:`canaldsl.hexgrid` grid are drawn.

Pointy-top hexes in the grid's "odd-r" layout: even-numbered rows (0-based odd rows) are
shifted half a hex east. ``size`` is the distance from a hex's centre to its corners.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from canaldsl.hexgrid import Hex

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class HexLayout:
    """Pixel positions of hexes: hex ``A1``'s bounding box starts at ``origin``."""

    size: float
    origin: Point = (0.0, 0.0)

    @property
    def width(self) -> float:
        """The width of one hex (flat side to flat side)."""
        return SQRT3 * self.size

    def centre(self, hex: Hex) -> Point:
        x0, y0 = self.origin
        x = x0 + self.width * (hex.col + 0.5 * (hex.row & 1)) + self.width / 2
        y = y0 + self.size + 1.5 * self.size * hex.row
        return x, y

    def corners(self, hex: Hex, *, scale: float = 1.0) -> list[Point]:
        """The six corners, clockwise from the top; ``scale`` shrinks the hex about its
        centre."""
        cx, cy = self.centre(hex)
        radius = self.size * scale
        return [
            (
                cx + radius * math.cos(math.radians(-90 + 60 * k)),
                cy + radius * math.sin(math.radians(-90 + 60 * k)),
            )
            for k in range(6)
        ]

    def extent(self, columns: int, rows: int) -> Point:
        """The width and height of a grid of ``columns`` x ``rows`` hexes."""
        if columns <= 0 or rows <= 0:
            return 0.0, 0.0
        shifted = 0.5 if rows > 1 else 0.0
        return self.width * (columns + shifted), self.size * (2 + 1.5 * (rows - 1))


def towards(start: Point, end: Point, fraction: float) -> Point:
    """The point ``fraction`` of the way from ``start`` to ``end``."""
    return start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction
