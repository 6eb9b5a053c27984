"""Canal Mania's picture: a board, a position on it, and turns or answers drawn on top.

>>> import canaldsl
>>> from canaldsl.canalmania import picture
>>> scenario = canaldsl.load("examples/medway-two-locks.canal")  # doctest: +SKIP
>>> svg = picture.svg(scenario.board, scenario.position)          # doctest: +SKIP

What is drawn: the hexes with their terrain, column letters and row numbers around the map;
towns (circles) and cities (larger squares) in their colours, with their names; every tile in
its owner's colour with its kind's symbol (:mod:`canaldsl.canalmania.symbols`) and the
waterway through it, an arrow pointing the way the canal was built; barges; goods cubes; and
a legend (:mod:`canaldsl.canalmania.mapkey`) with the players' scores, hands, tiles left and
canals, the basin, the cards in view and a key.

An :class:`~canaldsl.canalmania.overlays.Overlay` is drawn on top: each tile of a turn is
ringed green where it breaks no rule and red where it breaks one, the rule ids beside it and
its order in the turn in a badge; a solver's answer is ringed purple; a goods move is a
dashed route. ``focus`` draws only the part of the map around some hexes, larger.

Every name comes from an untrusted file and is drawn as text, escaped
(:mod:`canaldsl.draw.canvas`). The drawing itself is game-independent (:mod:`canaldsl.draw`);
this module decides what to draw.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.board import Board, Place
from canaldsl.canalmania.components import PlaceKind, Terrain, TileKind
from canaldsl.canalmania.mapkey import canal_name, key_legend, map_legend
from canaldsl.canalmania.overlays import ANSWER, MarkedTile, Overlay, turn_overlays
from canaldsl.canalmania.position import Canal, Position, Rules, Tile
from canaldsl.draw.canvas import Canvas
from canaldsl.draw.hexes import HexLayout, Point, towards
from canaldsl.draw.legend import Legend
from canaldsl.draw.placement import Box, Placer
from canaldsl.draw.text import text_width
from canaldsl.hexgrid import Hex, column_letters

if TYPE_CHECKING:
    from canaldsl.canalmania.semantics import Scenario

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


def svg(
    board: Board,
    position: Position | None = None,
    *,
    rules: Rules | None = None,
    title: str | None = None,
    overlays: Sequence[Overlay] = (),
    focus: Collection[Hex] = (),
    hex_labels: bool = False,
    legend: bool = True,
) -> str:
    """The picture of ``board`` with ``position`` on it (None: the bare board) and
    ``overlays`` on top, as a standalone SVG document.

    ``focus``: draw only the hexes within three of these, at least 10 x 8 of them, larger
    (all of the map when empty).
    ``hex_labels``: write each hex's label in it. ``legend``: add the panel with the
    overlays' verdicts, the players, goods and the key."""
    picture = _Picture(board, position, tuple(overlays), frozenset(focus), hex_labels)
    if not legend:
        return picture.draw(None, [])
    info = map_legend(board, position, rules, overlays, title=title, width=LEGEND_WIDTH)
    return picture.draw(info, overlays)


def scenario_svg(
    scenario: Scenario, *, turns: bool = False, focus: bool = False, hex_labels: bool = False
) -> str:
    """The picture of a checked file's position (its board alone when it has no players).

    ``turns``: every turn of the file drawn on top; ``focus``: only the part of the map the
    turns touch. Raises ValueError when the file describes no board."""
    if scenario.board is None:
        raise ValueError(f"{scenario.filename}: the file describes no board to draw")
    overlays = [overlay for _, _, overlay in turn_overlays(scenario)] if turns else []
    return svg(
        scenario.board,
        scenario.position,
        rules=scenario.rules,
        title=Path(scenario.filename).name,
        overlays=overlays,
        focus=focus_hexes(scenario.board, overlays) if focus else (),
        hex_labels=hex_labels,
    )


def notebook_svg(scenario: Scenario) -> str:
    """A notebook's picture of a checked file: its position with every turn drawn on top
    (named by :data:`canaldsl.canalmania.semantics.NOTEBOOK_PICTURE`)."""
    return scenario_svg(scenario, turns=True)


def focus_hexes(board: Board, overlays: Sequence[Overlay]) -> frozenset[Hex]:
    """The hexes the overlays mark: their tiles, the hexes those continue from, the places
    reached and the places of goods routes."""
    out: set[Hex] = set()
    for overlay in overlays:
        for tile in overlay.tiles:
            out.add(tile.hex)
            if tile.previous is not None:
                out.add(tile.previous)
        names = [p.place for p in overlay.places]
        names += [name for route in overlay.routes for name in route.places]
        out.update(board.places[n].hex for n in names if n in board.places)
    return frozenset(h for h in out if h in board.terrain)


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


# ------------------------------------------------------------------ the picture


class _Picture:
    """One drawing: the visible window of the map, its scale, and the labels placed."""

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

    def draw(self, info: Legend | None, overlays: Sequence[Overlay]) -> str:
        """The picture, with ``info`` and the key in a panel at the right, or the key below
        the map when that makes the picture shorter."""
        panel = LEGEND_WIDTH + 2 * PAD if info is not None else 0.0
        width = self.map_width + panel
        key_beside = key_legend(overlays, width=LEGEND_WIDTH)
        below_width = (self.map_width - 3 * PAD) / 2
        keys_below = key_legend(overlays, width=below_width).columns(2)
        below = max(k.height for k in keys_below) + 2 * PAD
        info_height = info.height + 2 * PAD if info is not None else 0.0
        beside_height = max(self.map_height, info_height + PAD * 1.5 + key_beside.height)
        below_height = max(self.map_height + below, info_height)
        key_below = info is not None and below_width >= 200 and below_height < beside_height - 40
        height = self.map_height
        if info is not None:
            height = below_height if key_below else beside_height
        self.canvas = canvas = Canvas(width, height, background=look.WHITE)
        self.place_labels()
        with canvas.group(data_layer="terrain"):
            self.terrain()
            self.coordinates()
        with canvas.group(data_layer="tiles"):
            self.tiles()
        with canvas.group(data_layer="places"):
            self.places()
        for index, overlay in enumerate(self.overlays, start=1):
            with canvas.group(data_layer="overlay", data_overlay=str(index)):
                self.overlay(overlay)
        with canvas.group(data_layer="pieces"):
            self.barges()
            self.cubes()
        with canvas.group(data_layer="names"):
            self.place_names()
        with canvas.group(data_layer="badges"):
            for index, overlay in enumerate(self.overlays, start=1):
                prefix = f"{index}." if len(self.overlays) > 1 else ""
                for tile in overlay.tiles:
                    if self.visible(tile.hex):
                        self.badge(overlay, tile, prefix + tile.tag)
        with canvas.group(data_layer="rule-labels"):
            self.rule_labels()
        if info is not None:
            x = self.map_width
            canvas.rect(x, 0, panel, height, fill=PANEL)
            canvas.rect(x, 0, 1.5, height, fill="#c9c9c2")
            with canvas.group(data_layer="legend"):
                info.draw(canvas, x + PAD, PAD)
            with canvas.group(data_layer="key"):
                if key_below:
                    top = self.map_height
                    canvas.rect(0, top, self.map_width, height - top, fill=PANEL)
                    for column, key in enumerate(keys_below):
                        key.draw(canvas, PAD + column * (below_width + PAD), top + PAD)
                else:
                    key_beside.draw(canvas, x + PAD, PAD + info.height + PAD * 1.5)
        return canvas.svg()

    # ------------------------------------------------------------ label placement
    def place_labels(self) -> None:
        """Rule labels first (they matter most), then place names, none over a place."""
        size = self.size
        for place in self.places_shown():
            x, y = self.centre(place.hex)
            half = size * (0.64 if place.is_city else 0.52)
            self.placer.block(Box(x - half, y - half, 2 * half, 2 * half))
        for built in (t for canal in self.canals() for t in canal.tiles):
            if self.visible(built.hex):
                x, y = self.centre(built.hex)
                self.placer.block(Box(x - 0.5 * size, y - 0.5 * size, size, size))
        for _, (x, y), _ in self.barge_spots():
            self.placer.block(Box(x - 0.5 * size, y - 0.2 * size, size, 0.4 * size))
        for _, (x, y) in self.cube_spots():
            self.placer.block(Box(x - 0.2 * size, y - 0.35 * size, 0.55 * size, 0.55 * size))
        for overlay in self.overlays:
            for tile in overlay.tiles:
                if self.visible(tile.hex):
                    x, y = self.centre(tile.hex)
                    self.placer.block(Box(x - 0.8 * size, y - 0.8 * size, 1.6 * size, 1.6 * size))
        for hex, broken, where in self.rule_marks():
            lines = [f"{where}:", *broken]
            width = max(text_width(line, 10.5, bold=True) for line in lines) + 12
            height = len(lines) * 10.5 * 1.3 + 6
            x, y = self.centre(hex)
            gap = size * 0.95
            candidates = [
                Box(x + gap, y - height / 2, width, height),
                Box(x - gap - width, y - height / 2, width, height),
                Box(x - width / 2, y - gap - height, width, height),
                Box(x - width / 2, y + gap, width, height),
                Box(x + gap, y - height - size * 0.3, width, height),
                Box(x + gap, y + size * 0.3, width, height),
                Box(x - gap - width, y - height - size * 0.3, width, height),
                Box(x - gap - width, y + size * 0.3, width, height),
            ]
            self.rule_boxes.append((self.placer.place(candidates), broken, where))
        for place in self.places_shown():
            font = self.name_size(place)
            width = text_width(place.name, font, bold=place.is_city) + 4
            height = font * 1.25
            x, y = self.centre(place.hex)
            below = size * (0.68 if place.is_city else 0.56)
            side = size * (0.7 if place.is_city else 0.6)
            under = [
                Box(x - width / 2, y + below, width, height),
                Box(x - width / 2, y - below - height, width, height),
            ]
            beside = [
                Box(x + side, y - height / 2, width, height),
                Box(x - side - width, y - height / 2, width, height),
            ]
            self.name_boxes[place.name] = self.placer.place(
                [
                    *(under + beside if place.is_city else beside + under),
                    Box(x + size * 0.5, y + below, width, height),
                    Box(x - size * 0.5 - width, y + below, width, height),
                    Box(x + size * 0.5, y - below - height, width, height),
                    Box(x - size * 0.5 - width, y - below - height, width, height),
                    Box(x - width / 2, y + below + size, width, height),
                    Box(x - width / 2, y - below - size - height, width, height),
                ]
            )

    def name_size(self, place: Place) -> float:
        return 11.5 if place.is_city else 10.5

    def rule_marks(self) -> list[tuple[Hex, tuple[str, ...], str]]:
        marks: list[tuple[Hex, tuple[str, ...], str]] = []
        places = self.board.places
        for overlay in self.overlays:
            marks += [
                (t.hex, t.broken, t.hex.label)
                for t in overlay.tiles
                if t.broken and self.visible(t.hex)
            ]
            for reached in overlay.places:
                if reached.broken and reached.place in places:
                    marks.append((places[reached.place].hex, reached.broken, reached.place))
            for route in overlay.routes:
                last = route.places[-1] if route.places else ""
                if route.broken and last in places:
                    marks.append((places[last].hex, route.broken, "goods move"))
        return [m for m in marks if self.visible(m[0])]

    # ------------------------------------------------------------ the map
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

    def canals(self) -> list[Canal]:
        if self.position is None:
            return []
        return [canal for player in self.position.players for canal in player.canals]

    def item_hex(self, item: str | Tile | None) -> Hex | None:
        if isinstance(item, Tile):
            return item.hex
        place = self.board.places.get(item) if item is not None else None
        return place.hex if place is not None else None

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

    # ------------------------------------------------------------ overlays
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

    def rule_labels(self) -> None:
        """Beside each mark that breaks a rule: where, and the rule ids, in a red box."""
        size = 10.5
        for box, broken, where in self.rule_boxes:
            with self.canvas.group(
                data_kind="rule-label", data_rules=" ".join(broken), data_at=where
            ):
                self.canvas.rect(
                    box.x,
                    box.y,
                    box.width,
                    box.height,
                    rx=3,
                    fill=look.ILLEGAL_MARK,
                    stroke=look.WHITE,
                    stroke_width=1.5,
                )
                baseline = box.y + 3 + size
                for line in [f"{where}:", *broken]:
                    self.canvas.text(
                        box.x + 6, baseline, line, size=size, bold=True, fill=look.WHITE
                    )
                    baseline += size * 1.3
