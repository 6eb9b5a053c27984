"""Where a map's cities are drawn: a schematic projection of their coordinates.

Latitude and longitude are projected equirectangularly (longitude scaled by the cosine of the
map's middle latitude, north up), then spread: cities closer than ``spacing`` pixels push each
other apart while each is pulled back towards its projected place, for a fixed number of rounds
(so the picture is the same on every run). The result is scaled to fit the drawing area. A map
without coordinates is laid out on a circle, in the order its cities are given.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from canaldsl.draw.hexes import Point
from canaldsl.tickettoride.board import Board

ROUNDS = 300
"""Rounds of spreading."""


@dataclass(frozen=True)
class Layout:
    """A pixel position for every city (by number), within ``width`` x ``height``."""

    points: tuple[Point, ...]
    width: float
    height: float


def layout(board: Board, *, width: float, height: float, margin: float, spacing: float) -> Layout:
    """The cities of ``board`` placed in a ``width`` x ``height`` area, ``margin`` from its edges,
    at least about ``spacing`` pixels apart.

    The layout depends only on the cities' coordinates (in order) and these four numbers, so
    it is computed once per process for each (the spreading is most of a picture's time, and
    a report or ``serve`` draws the same map again and again)."""
    places = tuple((c.latitude, c.longitude) for c in board.cities)
    return _layout(places, width, height, margin, spacing)


@functools.lru_cache(maxsize=32)
def _layout(
    places: tuple[tuple[float | None, float | None], ...],
    width: float,
    height: float,
    margin: float,
    spacing: float,
) -> Layout:
    if any(latitude is None or longitude is None for latitude, longitude in places):
        count = len(places)
        raw = [
            (
                math.cos(2 * math.pi * i / count - math.pi / 2),
                math.sin(2 * math.pi * i / count - math.pi / 2),
            )
            for i in range(count)
        ]
    else:
        middle = sum(latitude or 0.0 for latitude, _ in places) / len(places)
        squeeze = math.cos(math.radians(middle))
        raw = [((longitude or 0.0) * squeeze, -(latitude or 0.0)) for latitude, longitude in places]
    points = _fit(raw, width, height, margin)
    points = _spread(points, spacing)
    return Layout(tuple(_fit(points, width, height, margin)), width, height)


def _fit(points: list[Point], width: float, height: float, margin: float) -> list[Point]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    scale = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    left = margin + ((width - 2 * margin) - span_x * scale) / 2
    top = margin + ((height - 2 * margin) - span_y * scale) / 2
    return [(left + (x - min(xs)) * scale, top + (y - min(ys)) * scale) for x, y in points]


def _spread(points: list[Point], spacing: float) -> list[Point]:
    home = list(points)
    current = [list(p) for p in points]
    count = len(points)
    for _ in range(ROUNDS):
        for i in range(count):
            for j in range(i + 1, count):
                dx = current[j][0] - current[i][0]
                dy = current[j][1] - current[i][1]
                distance = math.hypot(dx, dy)
                if distance >= spacing:
                    continue
                if distance < 1e-6:
                    dx, dy, distance = 1.0, 0.0, 1.0
                push = (spacing - distance) / 2
                ux, uy = dx / distance, dy / distance
                current[i][0] -= ux * push
                current[i][1] -= uy * push
                current[j][0] += ux * push
                current[j][1] += uy * push
        for i in range(count):
            current[i][0] += (home[i][0] - current[i][0]) * 0.02
            current[i][1] += (home[i][1] - current[i][1]) * 0.02
    return [(round(x, 3), round(y, 3)) for x, y in current]
