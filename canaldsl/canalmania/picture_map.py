"""The map layer of a board picture: terrain, coordinates, tiles, places, barges and cubes."""

from __future__ import annotations

from collections.abc import Hashable

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.components import PlaceKind, Terrain, TileKind
from canaldsl.canalmania.mapkey import canal_name
from canaldsl.canalmania.picture_base import (
    COORDINATE,
    MARGIN,
    PictureBase,
)
from canaldsl.canalmania.position import Canal, Tile
from canaldsl.draw.hexes import Point, towards
from canaldsl.hexgrid import Hex, column_letters


class MapLayer(PictureBase):
    """Draws the board and the position on it."""

    # -- the map
    def ground(self) -> None:
        """The terrain and the coordinates around it: the same in every picture of a board
        at the same scale and window (remembered by the canvas, :meth:`ground_key`)."""
        self.terrain()
        self.coordinates()

    def ground_key(self) -> Hashable:
        """Everything :meth:`ground` reads: the board's terrain, the hexes with a place (no
        mountains drawn there), the layout, the window shown and whether hexes are labelled."""
        terrain = tuple(sorted(self.board.terrain.items(), key=lambda i: (i[0].row, i[0].col)))
        return (
            "canalmania-ground",
            terrain,
            frozenset(self.board.place_at),
            self.layout,
            self.cols,
            self.rows,
            self.hex_labels,
        )

    def terrain(self) -> None:
        canvas, size = self.canvas, self.size
        for hex, terrain in sorted(self.board.terrain.items(), key=lambda i: (i[0].row, i[0].col)):
            if not self.visible(hex):
                continue
            fill = look.TERRAIN_FILL[terrain]
            canvas.polygon(
                self.layout.corners(hex),
                fill=fill,
                stroke=look.WHITE if terrain is not Terrain.SEA else fill,
                stroke_width=1,
                data_hex=hex.label,
                data_terrain=terrain.value,
            )
            x, y = self.centre(hex)
            if terrain is Terrain.DIFFICULT and hex not in self.board.place_at:
                look.mountains(canvas, (x, y), size)
            if self.hex_labels:
                canvas.text(
                    x,
                    y - 0.5 * size,
                    hex.label,
                    size=max(6.5, size * 0.3),
                    anchor="middle",
                    fill=COORDINATE,
                )

    def coordinates(self) -> None:
        canvas, size = self.canvas, 9.5
        top_row, bottom_row = self.rows
        for col in range(self.cols[0], self.cols[1] + 1):
            x, y = self.centre(Hex(col, top_row))
            canvas.text(
                x,
                y - self.size - 6,
                column_letters(col),
                size=size,
                anchor="middle",
                fill=COORDINATE,
            )
            x, y = self.centre(Hex(col, bottom_row))
            canvas.text(
                x,
                y + self.size + 13,
                column_letters(col),
                size=size,
                anchor="middle",
                fill=COORDINATE,
            )
        for row in self._row_range():
            _, y = self.centre(Hex(self.cols[0], row))
            canvas.text(
                MARGIN - 5, y + size * 0.35, str(row + 1), size=size, anchor="end", fill=COORDINATE
            )

    def tiles(self) -> None:
        stacks: dict[Hex, int] = {}
        for canal in self.canals():
            route = canal.route
            for index, item in enumerate(route):
                if not isinstance(item, Tile) or not self.visible(item.hex):
                    continue
                previous = self.item_hex(route[index - 1]) if index > 0 else None
                following = self.item_hex(route[index + 1]) if index + 1 < len(route) else None
                level = stacks.get(item.hex, 0)
                stacks[item.hex] = level + 1
                title = (
                    f"{item.owner}'s {item.kind.value} at {item.hex.label}, "
                    f"{canal_name(canal.contract)}"
                    + (", built on top of another tile" if level else "")
                )
                with self.canvas.group(
                    data_kind="tile",
                    data_hex=item.hex.label,
                    data_tile=item.kind.value,
                    data_owner=item.owner,
                    data_canal=canal.contract,
                    title=title,
                ):
                    self.tile(
                        item.hex,
                        item.kind,
                        item.owner,
                        previous,
                        following,
                        scale=0.92 if level == 0 else 0.6,
                    )

    def tile(
        self,
        hex: Hex,
        kind: TileKind,
        owner: str,
        previous: Hex | None,
        following: Hex | None,
        *,
        scale: float,
    ) -> None:
        """A tile: the hex in its owner's colour, the waterway through it from ``previous``
        to ``following`` (when they are neighbours) with an arrow, and the kind's symbol."""
        self.canvas.polygon(
            self.layout.corners(hex, scale=scale),
            fill=look.PLAYER_FILL.get(owner, look.UNKNOWN_FILL),
            stroke=look.INK,
            stroke_width=1.2,
        )
        centre = self.centre(hex)
        start = end = centre
        if previous is not None and previous.is_neighbour(hex):
            start = towards(centre, self.centre(previous), 0.5)
        if following is not None and following.is_neighbour(hex):
            end = towards(centre, self.centre(following), 0.5)
        if start != centre or end != centre:
            look.waterway(
                self.canvas, start, centre, end, arrow_at_end=end != centre, unit=self.size
            )
        look.tile_symbol(self.canvas, kind, centre, self.size * min(1.0, scale + 0.08))

    def places_key(self) -> Hashable:
        """Everything :meth:`places` reads: the places shown and the layout."""
        return ("canalmania-places", tuple(self.places_shown()), self.layout)

    def places(self) -> None:
        for place in self.places_shown():
            with self.canvas.group(
                data_kind="place",
                data_name=place.name,
                data_place=place.kind.value,
                data_colour=place.colour,
                data_hex=place.hex.label,
                title=f"{place.name}: {place.colour} {place.kind.value} ({place.hex.label})",
            ):
                look.place_symbol(
                    self.canvas, place.kind, place.colour, self.centre(place.hex), self.size
                )

    def place_names(self) -> None:
        for place in self.places_shown():
            box = self.name_boxes[place.name]
            font = self.name_size(place)
            self.canvas.text(
                box.x + box.width / 2,
                box.y + font * 0.95,
                place.name,
                size=font,
                anchor="middle",
                bold=place.kind is PlaceKind.CITY,
                halo=3.2,
                data_label="place",
            )

    def barge_spots(self) -> list[tuple[Canal, Point, str]]:
        """Each open canal's barge: where it is drawn and where it stands (hex or place)."""
        spots: list[tuple[Canal, Point, str]] = []
        seen: dict[Hex, int] = {}
        for canal in self.canals():
            barge = canal.barge
            hex = self.item_hex(barge) if isinstance(barge, str) else barge
            if hex is None or not self.visible(hex):
                continue
            count = seen.get(hex, 0)
            seen[hex] = count + 1
            x, y = self.centre(hex)
            point = (x - 0.42 * self.size + count * 0.5 * self.size, y - 0.66 * self.size)
            spots.append((canal, point, barge.label if isinstance(barge, Hex) else str(barge)))
        return spots

    def cube_spots(self) -> list[tuple[str, Point]]:
        if self.position is None:
            return []
        spots = []
        for name in sorted(self.position.cubes):
            place = self.board.places.get(name)
            if place is not None and self.visible(place.hex):
                x, y = self.centre(place.hex)
                spots.append((name, (x + 0.62 * self.size, y - 0.6 * self.size)))
        return spots

    def barges(self) -> None:
        for canal, point, where in self.barge_spots():
            with self.canvas.group(
                data_kind="barge",
                data_owner=canal.owner,
                data_canal=canal.contract,
                title=f"{canal.owner}'s barge on {canal_name(canal.contract)}, at {where}",
            ):
                look.barge(self.canvas, point, self.size, canal.owner)

    def cubes(self) -> None:
        for name, point in self.cube_spots():
            with self.canvas.group(
                data_kind="cube", data_place=name, title=f"a goods cube at {name}"
            ):
                look.cube(self.canvas, point, self.size)
