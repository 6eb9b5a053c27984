"""The legend beside a Canal Mania picture: the turn or answer drawn, the players (scores,
hands, tiles left, canals), goods and cards, and a key to every symbol on the map."""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import Edition, PlaceKind, Terrain, TileKind
from canaldsl.canalmania.overlays import ANSWER, Overlay
from canaldsl.canalmania.position import Player, Position, Rules
from canaldsl.draw.canvas import Canvas
from canaldsl.draw.legend import Icon, Legend
from canaldsl.hexgrid import Hex

TERRAIN_NAME = {
    Terrain.CLEAR: "clear terrain (stretches, locks)",
    Terrain.DIFFICULT: "difficult terrain (aqueducts, tunnels)",
    Terrain.SEA: "sea (nothing is built)",
}
GREY = "#555555"
VERDICT = "\u2717\u2713"


def map_legend(
    board: Board,
    position: Position | None,
    rules: Rules | None,
    overlays: Sequence[Overlay],
    *,
    title: str | None,
    width: float,
) -> Legend:
    """What the picture shows (title, overlays' verdicts, players, goods and cards) as a
    legend ``width`` pixels wide, laid out but not drawn; the key is :func:`key_legend`."""
    legend = Legend(width)
    heading = title or board.title or board.name
    legend.title(heading)
    about = [board.title or board.name] if heading != (board.title or board.name) else []
    if rules is not None:
        about.append(f"{edition_name(rules.edition)} rules")
        if rules.players:
            about.append(f"{rules.players} players")
    if about:
        legend.text(" \u00b7 ".join(about), small=True, colour=GREY)
    if position is not None:
        legend.text(whose_turn(position), small=True, colour=GREY)
    for overlay in overlays:
        colour = (
            look.ANSWER_MARK
            if overlay.kind == ANSWER
            else look.LEGAL_MARK
            if overlay.legal
            else look.ILLEGAL_MARK
        )
        legend.heading(overlay.heading)
        for note in overlay.notes:
            legend.text(note, colour=colour if note[:1] in VERDICT else "#222222", small=True)
    if position is not None:
        legend.heading("Players")
        for player in position.players:
            _player(legend, player, rules)
        _goods(legend, position)
    return legend


def key_legend(overlays: Sequence[Overlay], *, width: float) -> Legend:
    """The key to every symbol on the map (and to the overlays' marks)."""
    legend = Legend(width)
    _key(legend, overlays)
    return legend


def edition_name(edition: Edition) -> str:
    return "1st edition" if edition is Edition.FIRST else "2nd edition"


def canal_name(contract: str) -> str:
    return "a junction canal" if contract == "junction" else contract


def whose_turn(position: Position) -> str:
    """Round, whose turn and phase, and whether the end is triggered."""
    parts = []
    if position.round is not None:
        parts.append(f"round {position.round}")
    if position.now is not None:
        parts.append(f"{position.now} to play, phase {position.phase}")
    if position.endgame_triggered:
        when = f" in round {position.endgame_round}" if position.endgame_round else ""
        parts.append(f"the end is triggered{when}")
    return " \u00b7 ".join(parts) or "the position as written"


def hand_text(player: Player) -> str:
    if player.hand is None:
        return "not known"
    total = sum(player.hand.values())
    if not total:
        return "no cards"
    return ", ".join(f"{n} {k.value}" for k, n in player.hand.items() if n) + f" ({total})"


def _player(legend: Legend, player: Player, rules: Rules | None) -> None:
    fill = look.PLAYER_FILL.get(player.colour, look.UNKNOWN_FILL)

    def swatch(canvas: Canvas, x: float, y: float, box: float) -> None:
        look.hexagon(canvas, (x, y), box * 0.55, fill=fill, stroke=look.INK, stroke_width=1.2)

    name = f" \u201c{player.name}\u201d" if player.name else ""
    engineer = player.engineer or "no engineer"
    legend.item(
        swatch, f"{player.colour}{name} \u00b7 {engineer} \u00b7 {player.score} points", bold=True
    )
    legend.text(f"hand: {hand_text(player)}", small=True, indent=8)
    supply = ", ".join(f"{player.supply.get(k, 0)} {k.value}" for k in TileKind)
    legend.text(f"tiles left: {supply}", small=True, indent=8)
    for canal in player.open_canals:
        barge = canal.barge
        where = barge.label if isinstance(barge, Hex) else barge or "nowhere"
        tiles = len(canal.tiles)
        legend.text(
            f"open: {canal_name(canal.contract)} ({tiles} tile{'s' if tiles != 1 else ''}, "
            f"barge at {where})",
            small=True,
            indent=8,
        )
    if player.completed_contracts:
        legend.text("completed: " + ", ".join(player.completed_contracts), small=True, indent=8)
    if rules is not None and rules.edition is Edition.SECOND:
        legend.text(f"junction contracts left: {player.junctions}", small=True, indent=8)


def _goods(legend: Legend, position: Position) -> None:
    legend.heading("Goods and cards")
    legend.item(
        lambda canvas, x, y, box: look.cube(canvas, (x - 2, y + 2), box * 1.3),
        f"goods cubes: {len(position.cubes)} on the map, {position.basin} in the basin",
    )
    if position.parliament is not None:
        legend.text("parliament: " + (", ".join(position.parliament) or "empty"), small=True)
    if position.display is not None:
        shown = ", ".join(str(c) for c in position.display) or "empty"
        legend.text(f"display: {shown}", small=True)
    piles = []
    for label, pile in (
        ("deck", position.deck),
        ("discard pile", position.discard_pile),
        ("contract deck", position.contract_deck),
    ):
        if pile is not None:
            piles.append(f"{label} {pile if isinstance(pile, int) else len(pile)}")
    if piles:
        legend.text(", ".join(piles), small=True)
    if position.engineers_aside:
        legend.text("engineers aside: " + ", ".join(position.engineers_aside), small=True)


def _key(legend: Legend, overlays: Sequence[Overlay]) -> None:
    legend.heading("Key")
    for terrain in Terrain:
        legend.item(_terrain_icon(terrain), TERRAIN_NAME[terrain])
    legend.item(_place_icon(PlaceKind.CITY), "city: a square, in its colour")
    legend.item(_place_icon(PlaceKind.TOWN), "town: a circle, in its colour")
    legend.text("Tiles are in their owner's colour:", small=True)
    for kind, meaning in (
        (TileKind.STRETCH, "stretch: the waterway alone"),
        (TileKind.LOCK, "lock: two gates"),
        (TileKind.AQUEDUCT, "aqueduct: a bridge"),
        (TileKind.TUNNEL, "tunnel: a dark mouth"),
    ):
        legend.item(_tile_icon(kind), meaning)
    legend.item(_waterway_icon, "the arrow points the way the canal was built")
    legend.item(
        lambda canvas, x, y, box: look.barge(canvas, (x, y), box, "white"),
        "barge (owner's colour) at the end of an open canal",
    )
    turns = [o for o in overlays if o.kind != ANSWER]
    if turns:
        legend.item(_ring(look.LEGAL_MARK), "tile or place of the turn: no rule broken")
        legend.item(_ring(look.ILLEGAL_MARK), "breaks a rule: the rule id is beside it")
        legend.text("A badge gives the tile's order in the turn.", small=True)
    if any(o.kind == ANSWER for o in overlays):
        legend.item(_ring(look.ANSWER_MARK), "the solver's answer, numbered in order")
    if any(o.routes for o in overlays):
        legend.item(_route_icon, "a goods cube's route")


def _terrain_icon(terrain: Terrain) -> Icon:
    def draw(canvas: Canvas, x: float, y: float, box: float) -> None:
        fill = look.TERRAIN_FILL[terrain]
        look.hexagon(canvas, (x, y), box * 0.55, fill=fill, stroke="#999999", stroke_width=0.8)
        if terrain is Terrain.DIFFICULT:
            look.mountains(canvas, (x, y), box * 0.5)

    return draw


def _place_icon(kind: PlaceKind) -> Icon:
    def draw(canvas: Canvas, x: float, y: float, box: float) -> None:
        look.place_symbol(canvas, kind, "blue", (x, y), box * 0.7)

    return draw


def _tile_icon(kind: TileKind) -> Icon:
    def draw(canvas: Canvas, x: float, y: float, box: float) -> None:
        size = box * 0.55
        look.hexagon(canvas, (x, y), size, fill="#fbfbfb", stroke=look.INK, stroke_width=1)
        if kind is TileKind.STRETCH:
            canvas.polyline(
                [(x - size * 0.8, y), (x + size * 0.8, y)], stroke=look.WATER, stroke_width=2.6
            )
        look.tile_symbol(canvas, kind, (x, y), size * 1.5)

    return draw


def _waterway_icon(canvas: Canvas, x: float, y: float, box: float) -> None:
    canvas.polyline([(x - box / 2, y), (x + box / 2 - 2, y)], stroke=look.WATER, stroke_width=2.8)
    canvas.arrowhead((x + box / 2, y), (x, y), 7.5, fill=look.WATER)


def _route_icon(canvas: Canvas, x: float, y: float, box: float) -> None:
    canvas.polyline(
        [(x - box / 2, y), (x + box / 2, y)], stroke=GREY, stroke_width=3, stroke_dasharray="5 3"
    )


def _ring(colour: str) -> Icon:
    def draw(canvas: Canvas, x: float, y: float, box: float) -> None:
        look.hexagon(canvas, (x, y), box * 0.55, fill="none", stroke=colour, stroke_width=3)

    return draw
