"""How Canal Mania's pieces look: colours, tile symbols, places, barges and goods cubes.

Each function draws one piece centred on a point, sized by ``unit`` (a hex's centre-to-corner
distance), so the map and the legend's key draw the same shapes.
"""

from __future__ import annotations

from typing import Any

from canaldsl.canalmania.components import PlaceKind, Terrain, TileKind
from canaldsl.draw.canvas import Canvas
from canaldsl.draw.hexes import HexLayout, Point
from canaldsl.hexgrid import Hex

PLAYER_FILL = {
    "red": "#d62839",
    "white": "#fbfbfb",
    "black": "#2d2d2d",
    "green": "#2a9d4b",
    "yellow": "#f5c518",
}
PLACE_FILL = {
    "red": "#d62839",
    "yellow": "#f5c518",
    "green": "#2a9d4b",
    "blue": "#2f6fd6",
    "black": "#2d2d2d",
    "purple": "#8e3fb5",
}
TERRAIN_FILL = {Terrain.CLEAR: "#efe7cc", Terrain.DIFFICULT: "#c4a67c", Terrain.SEA: "#a9cde9"}
UNKNOWN_FILL = "#9a9a9a"
MOUNTAIN = "#86693f"
WATER = "#1d5fa6"
INK = "#1c1c1c"
WHITE = "#ffffff"
LEGAL_MARK = "#10a038"
ILLEGAL_MARK = "#d7001b"
ANSWER_MARK = "#7b2cbf"


def hexagon(canvas: Canvas, centre: Point, size: float, **options: Any) -> None:
    """A pointy-top hexagon of centre-to-corner ``size`` centred on ``centre``."""
    x, y = centre
    layout = HexLayout(size, (x - size * 0.8660254, y - size))
    canvas.polygon(layout.corners(Hex(0, 0)), **options)


def mountains(canvas: Canvas, centre: Point, unit: float) -> None:
    """Two peaks: the mark of difficult terrain."""
    x, y = centre

    def p(dx: float, dy: float) -> str:
        return f"{x + dx * unit:.2f},{y + dy * unit:.2f}"

    canvas.path(
        f"M{p(-0.42, 0.2)} L{p(-0.18, -0.18)} L{p(0.06, 0.2)} "
        f"M{p(-0.04, 0.2)} L{p(0.2, -0.1)} L{p(0.42, 0.2)}",
        fill="none",
        stroke=MOUNTAIN,
        stroke_width=1.3,
        stroke_linejoin="round",
    )


def tile_symbol(canvas: Canvas, kind: TileKind, centre: Point, unit: float) -> None:
    """A tile kind's symbol on a white disc: a lock two gates, an aqueduct a bridge, a
    tunnel a dark mouth; a stretch has none (its waterway says enough)."""
    if kind is TileKind.STRETCH:
        return
    x, y = centre
    canvas.circle(centre, 0.44 * unit, fill=WHITE, stroke=INK, stroke_width=1)

    def p(dx: float, dy: float) -> str:
        return f"{x + dx * unit:.2f},{y + dy * unit:.2f}"

    if kind is TileKind.LOCK:
        for dx in (-0.17, 0.08):
            canvas.rect(x + dx * unit, y - 0.24 * unit, 0.09 * unit, 0.48 * unit, fill=INK)
    elif kind is TileKind.AQUEDUCT:
        r = 0.14 * unit
        canvas.path(
            f"M{p(-0.32, -0.13)} L{p(0.32, -0.13)} "
            f"M{p(-0.29, 0.22)} L{p(-0.29, 0.04)} A{r:.2f},{r:.2f} 0 0 1 {p(0, 0.04)} "
            f"A{r:.2f},{r:.2f} 0 0 1 {p(0.29, 0.04)} L{p(0.29, 0.22)}",
            fill="none",
            stroke=INK,
            stroke_width=max(1.2, 0.08 * unit),
        )
    else:
        r = 0.26 * unit
        canvas.path(
            f"M{p(-0.26, 0.2)} L{p(-0.26, 0.02)} A{r:.2f},{r:.2f} 0 0 1 {p(0.26, 0.02)} "
            f"L{p(0.26, 0.2)} Z",
            fill=INK,
        )


def place_symbol(canvas: Canvas, kind: PlaceKind, colour: str, centre: Point, unit: float) -> None:
    """A city is a large square with a white inner border, a town a smaller circle; both in
    the place's colour."""
    fill = PLACE_FILL.get(colour, UNKNOWN_FILL)
    x, y = centre
    if kind is PlaceKind.CITY:
        side = 1.22 * unit
        canvas.rect(
            x - side / 2,
            y - side / 2,
            side,
            side,
            rx=0.14 * unit,
            fill=fill,
            stroke=INK,
            stroke_width=2.2,
        )
        inner = side - 0.3 * unit
        canvas.rect(
            x - inner / 2,
            y - inner / 2,
            inner,
            inner,
            rx=0.08 * unit,
            fill="none",
            stroke=WHITE,
            stroke_width=1.2,
        )
    else:
        canvas.circle(centre, 0.5 * unit, fill=fill, stroke=INK, stroke_width=1.6)


def barge(canvas: Canvas, centre: Point, unit: float, owner: str) -> None:
    """A narrowboat in its owner's colour, bow to the right."""
    x, y = centre
    length, beam = 0.95 * unit, 0.38 * unit
    canvas.polygon(
        [
            (x - length / 2, y - beam / 2),
            (x + length / 2 - beam / 2, y - beam / 2),
            (x + length / 2, y),
            (x + length / 2 - beam / 2, y + beam / 2),
            (x - length / 2, y + beam / 2),
        ],
        fill=PLAYER_FILL.get(owner, UNKNOWN_FILL),
        stroke=INK,
        stroke_width=1.4,
        stroke_linejoin="round",
    )


def cube(canvas: Canvas, centre: Point, unit: float) -> None:
    """A wooden goods cube, seen from the front and above."""
    x, y = centre
    side = 0.4 * unit
    lift = side * 0.35
    left, right, top, bottom = x - side / 2, x + side / 2, y - side / 2, y + side / 2
    canvas.polygon(
        [(left, top), (left + lift, top - lift), (right + lift, top - lift), (right, top)],
        fill="#d8a062",
        stroke=INK,
        stroke_width=1,
    )
    canvas.polygon(
        [(right, top), (right + lift, top - lift), (right + lift, bottom - lift), (right, bottom)],
        fill="#6e4420",
        stroke=INK,
        stroke_width=1,
    )
    canvas.rect(left, top, side, side, fill="#a0652d", stroke=INK, stroke_width=1)


def waterway(
    canvas: Canvas, start: Point, centre: Point, end: Point, *, arrow_at_end: bool, unit: float
) -> None:
    """The water through a tile from ``start`` to ``end`` via its ``centre``, cased in white,
    with an arrowhead pointing the way it was built."""
    points = [start, centre, end]
    width = max(2.4, 0.13 * unit)
    canvas.polyline(points, stroke=WHITE, stroke_width=width * 2.2, stroke_linecap="round")
    canvas.polyline(points, stroke=WATER, stroke_width=width, stroke_linecap="round")
    if arrow_at_end:
        tip, back = _along(centre, end, 0.92), centre
    else:
        tip, back = _along(start, centre, 0.42), start
    canvas.arrowhead(tip, back, max(7.0, 0.36 * unit), fill=WATER, stroke=WHITE, stroke_width=0.8)


def _along(a: Point, b: Point, fraction: float) -> Point:
    return a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction
