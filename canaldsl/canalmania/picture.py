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

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.mapkey import key_legend, map_legend
from canaldsl.canalmania.overlays import Overlay, turn_overlays
from canaldsl.canalmania.picture_base import (
    LEGEND_WIDTH,
    PAD,
    PANEL,
)
from canaldsl.canalmania.picture_labels import LabelLayer
from canaldsl.canalmania.picture_overlays import OverlayLayer
from canaldsl.canalmania.position import Position, Rules
from canaldsl.draw.canvas import Canvas
from canaldsl.draw.legend import Legend
from canaldsl.hexgrid import Hex

if TYPE_CHECKING:
    from canaldsl.canalmania.semantics import Scenario


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


# ------------------------------------------------------------------ the picture


class _Picture(LabelLayer, OverlayLayer):
    """A whole picture: the map, the overlays and the labels, in drawing order."""

    """One drawing: the visible window of the map, its scale, and the labels placed."""

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
        canvas.remembered_group(self.ground_key(), self.ground, data_layer="terrain")
        with canvas.group(data_layer="tiles"):
            self.tiles()
        canvas.remembered_group(self.places_key(), self.places, data_layer="places")
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
