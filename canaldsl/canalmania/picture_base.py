"""What every layer of a board picture shares: the layout of the hexes, what is shown.

The layers (:mod:`canaldsl.canalmania.picture_map`, ``picture_labels``, ``picture_overlays``)
draw on it; :mod:`canaldsl.canalmania.picture` composes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.board import Board, Place
from canaldsl.canalmania.overlays import ANSWER, Overlay
from canaldsl.canalmania.position import Canal, Position, Tile
from canaldsl.draw.canvas import Canvas
from canaldsl.draw.hexes import HexLayout, Point
from canaldsl.draw.placement import Box, Placer
from canaldsl.hexgrid import Hex


class PictureBase:
    """One picture being drawn: the board, the position, the layout and the drawing."""

    def __init__(
        self,
        board: Board,
        position: Position | None,
        overlays: tuple[Overlay, ...],
        focus: frozenset[Hex],
        hex_labels: bool,
    ) -> None:
        self.board = board
        self.position = position
        self.overlays = overlays
        self.hex_labels = hex_labels
        if focus:
            self.cols = _span(
                min(h.col for h in focus), max(h.col for h in focus), board.columns, FOCUS_COLUMNS
            )
            self.rows = _span(
                min(h.row for h in focus), max(h.row for h in focus), board.rows, FOCUS_ROWS
            )
        else:
            self.cols = (0, max(board.columns - 1, 0))
            self.rows = (0, max(board.rows - 1, 0))
        columns = self.cols[1] - self.cols[0] + 1
        rows = self.rows[1] - self.rows[0] + 1
        self.size = max(
            MIN_HEX,
            min(
                MAX_HEX, MAP_WIDTH / (1.7320508 * (columns + 0.5)), MAP_HEIGHT / (1.5 * rows + 0.5)
            ),
        )
        self.layout = self._layout()
        right = max(
            self.layout.centre(Hex(self.cols[1], r))[0] + self.layout.width / 2
            for r in self._row_range()[:2]
        )
        bottom = self.layout.centre(Hex(self.cols[0], self.rows[1]))[1] + self.size
        self.map_width = right + MARGIN
        self.map_height = bottom + MARGIN
        self.canvas = Canvas(1, 1)
        self.placer = Placer(self.map_width, self.map_height)
        self.name_boxes: dict[str, Box] = {}
        self.rule_boxes: list[tuple[Box, tuple[str, ...], str]] = []

    def _row_range(self) -> list[int]:
        return list(range(self.rows[0], self.rows[1] + 1))

    def _layout(self) -> HexLayout:
        probe = HexLayout(self.size)
        first_rows = self._row_range()[:2]
        left = min(probe.centre(Hex(self.cols[0], r))[0] for r in first_rows) - probe.width / 2
        top = probe.centre(Hex(self.cols[0], self.rows[0]))[1] - self.size
        return HexLayout(self.size, (MARGIN - left, MARGIN - top))

    def visible(self, hex: Hex | None) -> bool:
        return (
            hex is not None
            and self.cols[0] <= hex.col <= self.cols[1]
            and self.rows[0] <= hex.row <= self.rows[1]
        )

    def centre(self, hex: Hex) -> Point:
        return self.layout.centre(hex)

    def places_shown(self) -> list[Place]:
        return sorted(
            (p for p in self.board.places.values() if self.visible(p.hex)), key=lambda p: p.name
        )

    def canals(self) -> list[Canal]:
        if self.position is None:
            return []
        return [canal for player in self.position.players for canal in player.canals]

    def item_hex(self, item: str | Tile | None) -> Hex | None:
        if isinstance(item, Tile):
            return item.hex
        place = self.board.places.get(item) if item is not None else None
        return place.hex if place is not None else None

    def name_size(self, place: Place) -> float:
        return 11.5 if place.is_city else 10.5


MAP_WIDTH = 720.0
"""The map is drawn at most this wide and ``MAP_HEIGHT`` high (hexes at most ``MAX_HEX``)."""

MAP_HEIGHT = 950.0

MAX_HEX = 34.0

MIN_HEX = 12.0

MARGIN = 26.0

LEGEND_WIDTH = 340.0

PAD = 16.0

FOCUS_MARGIN = 3
"""Hexes shown around the focus on every side (at least ``FOCUS_COLUMNS`` x ``FOCUS_ROWS``)."""

FOCUS_COLUMNS = 10

FOCUS_ROWS = 8

PANEL = "#f6f6f3"

COORDINATE = "#666666"


def mark_colour(overlay: Overlay, broken: Sequence[str]) -> str:
    """Green for a mark that breaks no rule, red for one that does, purple for an answer."""
    if overlay.kind == ANSWER:
        return look.ANSWER_MARK
    return look.ILLEGAL_MARK if broken else look.LEGAL_MARK


def mark_status(overlay: Overlay, broken: Sequence[str]) -> str:
    if overlay.kind == ANSWER:
        return "answer"
    return "illegal" if broken else "legal"


def _span(low: int, high: int, size: int, least: int) -> tuple[int, int]:
    """The range ``low..high`` widened by the focus margin, then to at least ``least``
    (centred), kept within ``0..size-1``."""
    low, high = low - FOCUS_MARGIN, high + FOCUS_MARGIN
    missing = least - (high - low + 1)
    if missing > 0:
        low -= missing // 2
        high += missing - missing // 2
    if low < 0:
        high -= low
        low = 0
    if high > size - 1:
        low = max(low - (high - size + 1), 0)
        high = size - 1
    return low, high
