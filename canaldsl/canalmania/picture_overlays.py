"""The overlay layer of a board picture: a turn's tiles, places and goods moves, marked."""

from __future__ import annotations

import itertools

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.overlays import MarkedTile, Overlay
from canaldsl.canalmania.picture_base import (
    mark_colour,
    mark_status,
)
from canaldsl.canalmania.picture_map import MapLayer
from canaldsl.draw.hexes import towards
from canaldsl.hexgrid import Hex


class OverlayLayer(MapLayer):
    """Draws one overlay (a turn, a best build) on top of the map."""

    # -- overlays
    def overlay(self, overlay: Overlay) -> None:
        canvas, places = self.canvas, self.board.places
        for route in overlay.routes:
            colour = mark_colour(overlay, route.broken)
            points = [self.centre(places[p].hex) for p in route.places if p in places]
            with canvas.group(
                data_kind="goods-route",
                data_status=mark_status(overlay, route.broken),
                data_rules=" ".join(route.broken),
                title="goods move " + " > ".join(route.places),
            ):
                canvas.polyline(
                    points,
                    stroke=look.WHITE,
                    stroke_width=7,
                    stroke_linecap="round",
                    stroke_linejoin="round",
                )
                canvas.polyline(
                    points,
                    stroke=colour,
                    stroke_width=3.6,
                    stroke_dasharray="8 5",
                    stroke_linecap="round",
                    stroke_linejoin="round",
                )
                for a, b in itertools.pairwise(points):
                    canvas.arrowhead(
                        towards(a, b, 0.6), a, 11, fill=colour, stroke=look.WHITE, stroke_width=1
                    )
        following: dict[Hex, Hex] = {}
        for tile in overlay.tiles:
            if tile.previous is not None:
                following.setdefault(tile.previous, tile.hex)
        for reached in overlay.places:
            if reached.previous is not None and reached.place in places:
                following.setdefault(reached.previous, places[reached.place].hex)
        for tile in overlay.tiles:
            if self.visible(tile.hex):
                self.marked_tile(overlay, tile, following.get(tile.hex))
        for reached in overlay.places:
            place = places.get(reached.place)
            if place is None or not self.visible(place.hex):
                continue
            colour = mark_colour(overlay, reached.broken)
            centre = self.centre(place.hex)
            with canvas.group(
                data_kind="reached-place",
                data_name=reached.place,
                data_status=mark_status(overlay, reached.broken),
                data_rules=" ".join(reached.broken),
                title=f"the canal reaches {reached.place}",
            ):
                if reached.previous is not None and not reached.previous.is_neighbour(place.hex):
                    canvas.polyline(
                        [self.centre(reached.previous), centre],
                        stroke=colour,
                        stroke_width=2.5,
                        stroke_dasharray="4 3",
                    )
                for stroke, width in ((look.WHITE, 6.0), (colour, 3.2)):
                    canvas.circle(
                        centre, 0.95 * self.size, fill="none", stroke=stroke, stroke_width=width
                    )

    def marked_tile(self, overlay: Overlay, tile: MarkedTile, following: Hex | None) -> None:
        canvas = self.canvas
        colour = mark_colour(overlay, tile.broken)
        centre = self.centre(tile.hex)
        what = f"{tile.owner}'s {tile.kind.value} at {tile.hex.label} ({overlay.heading})"
        if tile.broken:
            what += ": breaks " + ", ".join(tile.broken)
        with canvas.group(
            data_kind="proposed-tile",
            data_hex=tile.hex.label,
            data_tile=tile.kind.value,
            data_owner=tile.owner,
            data_status=mark_status(overlay, tile.broken),
            data_rules=" ".join(tile.broken),
            title=what,
        ):
            if tile.previous is not None and not tile.previous.is_neighbour(tile.hex):
                canvas.polyline(
                    [self.centre(tile.previous), centre],
                    stroke=colour,
                    stroke_width=2.5,
                    stroke_dasharray="4 3",
                )
            if tile.hex in self.board.terrain:
                self.tile(tile.hex, tile.kind, tile.owner, tile.previous, following, scale=0.8)
            corners = self.layout.corners(tile.hex, scale=0.97)
            for stroke, width in ((look.WHITE, 6.5), (colour, 3.6)):
                canvas.polygon(
                    corners, fill="none", stroke=stroke, stroke_width=width, stroke_linejoin="round"
                )

    def badge(self, overlay: Overlay, tile: MarkedTile, tag: str) -> None:
        colour = mark_colour(overlay, tile.broken)
        x, y = self.centre(tile.hex)
        bx, by = x + 0.62 * self.size, y - 0.6 * self.size
        radius = 4.8 + 2.7 * len(tag)
        self.canvas.circle(
            (bx, by),
            radius,
            fill=colour,
            stroke=look.WHITE,
            stroke_width=1.5,
            data_kind="badge",
            data_hex=tile.hex.label,
        )
        self.canvas.text(bx, by + 3.4, tag, size=9.5, anchor="middle", bold=True, fill=look.WHITE)
