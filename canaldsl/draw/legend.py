"""A legend: a column of headings, wrapped text and keyed items, laid out top to bottom.

Rows are collected first and drawn afterwards, so the picture can be sized to the legend's
:attr:`Legend.height`. An item's icon is drawn by a callback into a box at the row's left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from canaldsl.draw.canvas import Canvas
from canaldsl.draw.text import wrap

Icon = Callable[[Canvas, float, float, float], None]
"""Draws an icon centred at (x, y) within a square of the given side."""


@dataclass(frozen=True)
class _Row:
    lines: tuple[str, ...]
    size: float
    bold: bool
    colour: str
    indent: float
    icon: Icon | None
    space_before: float


@dataclass
class Legend:
    """A legend ``width`` pixels wide; ``size`` is the body font size."""

    width: float
    size: float = 12.0
    line_height: float = 1.35
    icon_box: float = 20.0
    rows: list[_Row] = field(default_factory=list)

    def heading(self, text: str) -> None:
        """A bold heading, with space above it (except at the top)."""
        size = self.size * 1.12
        self._row(text, size=size, bold=True, space=self.size * 0.8 if self.rows else 0.0)

    def title(self, text: str) -> None:
        """The legend's title, larger than a heading."""
        self._row(text, size=self.size * 1.45, bold=True, space=0.0)

    def text(
        self,
        text: str,
        *,
        bold: bool = False,
        colour: str = "#222222",
        indent: float = 0.0,
        small: bool = False,
    ) -> None:
        """Text wrapped to the legend's width."""
        size = self.size * (0.9 if small else 1.0)
        self._row(text, size=size, bold=bold, colour=colour, indent=indent)

    def item(self, icon: Icon, text: str, *, bold: bool = False, colour: str = "#222222") -> None:
        """An icon in a box at the left and wrapped text beside it."""
        self._row(text, bold=bold, colour=colour, indent=self.icon_box + 8, icon=icon)

    def space(self, pixels: float) -> None:
        self.rows.append(_Row((), self.size, False, "#222222", 0.0, None, pixels))

    def _row(
        self,
        text: str,
        *,
        size: float | None = None,
        bold: bool = False,
        colour: str = "#222222",
        indent: float = 0.0,
        icon: Icon | None = None,
        space: float = 0.0,
    ) -> None:
        size = size or self.size
        lines = tuple(wrap(text, size, self.width - indent, bold=bold))
        self.rows.append(_Row(lines, size, bold, colour, indent, icon, space))

    def _row_height(self, row: _Row) -> float:
        text = len(row.lines) * row.size * self.line_height
        if row.icon is not None:
            text = max(text, self.icon_box + 4)
        return row.space_before + text

    @property
    def height(self) -> float:
        return sum(self._row_height(row) for row in self.rows)

    def columns(self, count: int) -> list[Legend]:
        """The rows dealt, in order, into ``count`` legends of about equal height (each as
        wide as this one; a heading stays with the row after it)."""
        target = self.height / count
        out = [Legend(self.width, self.size, self.line_height, self.icon_box)]
        for index, row in enumerate(self.rows):
            current = out[-1]
            after = self.rows[index + 1] if index + 1 < len(self.rows) else None
            is_heading = row.bold and row.icon is None and after is not None
            extra = self._row_height(row) + (self._row_height(after) if is_heading and after else 0)
            if current.rows and len(out) < count and current.height + extra > target * 1.05:
                current = Legend(self.width, self.size, self.line_height, self.icon_box)
                out.append(current)
            current.rows.append(row if current.rows else replace(row, space_before=0.0))
        return out

    def draw(self, canvas: Canvas, x: float, y: float) -> None:
        """Draw the rows with the legend's top-left corner at (x, y)."""
        top = y
        for row in self.rows:
            top += row.space_before
            height = self._row_height(row) - row.space_before
            if row.icon is not None:
                box = self.icon_box
                row.icon(canvas, x + box / 2, top + min(height, box + 4) / 2, box)
            text_block = len(row.lines) * row.size * self.line_height
            baseline = top + (height - text_block) / 2 + row.size * 1.02
            for line in row.lines:
                canvas.text(
                    x + row.indent, baseline, line, size=row.size, bold=row.bold, fill=row.colour
                )
                baseline += row.size * self.line_height
            top += height
