"""Hex coordinates: labels like ``F7``, neighbours, and distances.

Game-independent. The grid is made of pointy-top hexes in "odd-r" offset layout:

* columns are lettered ``A``, ``B``, ... ``Z``, ``AA``, ``AB``, ... from west to east;
* rows are numbered ``1``, ``2``, ... from north to south;
* even-numbered rows (2, 4, ...) are shifted half a hex to the east.

So ``A1`` is the north-west corner, ``B1`` is east of it, and ``A2`` lies south-east of ``A1``.
Internally a :class:`Hex` holds the 0-based column and row.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

_LABEL = re.compile(r"^([A-Z]{1,2})([0-9]{1,3})$")
MAX_COLUMNS: Final = 26 + 26 * 26
MAX_ROWS: Final = 999


_EVEN_ROW_STEPS: Final = ((0, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""Neighbour steps (column, row) from a hex of rows 1, 3, 5 ... (not shifted)."""
_ODD_ROW_STEPS: Final = ((1, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (0, -1))
"""Neighbour steps from a hex of rows 2, 4, 6 ... (shifted east)."""
_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
"""Each hex's neighbours as :meth:`Hex.neighbours` gives them, computed once: every search
over a board asks for them again and again (measured: building the tuple was a fifth of the
contracts' fewest-tiles bound at each board declaration). Kept for at most
:data:`_NEIGHBOURS_KEPT` hexes (the largest board is 100 x 100), so memory stays bounded."""
_NEIGHBOURS_KEPT: Final = 200_000


class Hex(NamedTuple):
    """One hex of the grid, by 0-based column and row.

    A named tuple: hashing and comparing hexes (the inner loop of every search over a board)
    run in C; ordered by column, then row."""

    col: int
    row: int

    @classmethod
    def parse(cls, label: str) -> Hex:
        """The hex with this label; raises ValueError for a malformed label."""
        match = _LABEL.match(label)
        if not match:
            raise ValueError(f"not a hex label: {label!r} (expected a column letter and a row)")
        letters, digits = match.groups()
        row = int(digits)
        if row < 1:
            raise ValueError(f"not a hex label: {label!r} (rows are numbered from 1)")
        return cls(column_index(letters), row - 1)

    @property
    def label(self) -> str:
        return f"{column_letters(self.col)}{self.row + 1}"

    def __str__(self) -> str:
        return self.label

    def neighbours(self) -> tuple[Hex, ...]:
        """The six hexes sharing a side with this one, clockwise from the north-east.

        Hexes with negative coordinates are left out; the caller intersects with its board.
        """
        found = _NEIGHBOURS.get(self)
        if found is not None:
            return found
        c, r = self.col, self.row
        steps = _EVEN_ROW_STEPS if r % 2 == 0 else _ODD_ROW_STEPS
        found = tuple(Hex(c + dc, r + dr) for dc, dr in steps if c + dc >= 0 and r + dr >= 0)
        if len(_NEIGHBOURS) < _NEIGHBOURS_KEPT:
            _NEIGHBOURS[self] = found
        return found

    def is_neighbour(self, other: Hex) -> bool:
        return self.distance(other) == 1

    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates (x, y, z) with x + y + z == 0."""
        x = self.col - (self.row - (self.row & 1)) // 2
        z = self.row
        return x, -x - z, z

    def distance(self, other: Hex) -> int:
        """The number of steps between two hexes on an unbounded grid."""
        ax, ay, az = self.cube()
        bx, by, bz = other.cube()
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def column_letters(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    if index < 26:
        return chr(ord("A") + index)
    index -= 26
    return chr(ord("A") + index // 26) + chr(ord("A") + index % 26)


def column_index(letters: str) -> int:
    """'A' -> 0, 'Z' -> 25, 'AA' -> 26."""
    if len(letters) == 1:
        return ord(letters) - ord("A")
    return 26 + (ord(letters[0]) - ord("A")) * 26 + (ord(letters[1]) - ord("A"))
