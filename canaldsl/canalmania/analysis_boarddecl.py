"""The analysis of a board declared in a file: its map, places, contracts and their limits."""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis import (
    AnalyserBase,
)
from canaldsl.canalmania.board import Board, Contract, Place, make_board
from canaldsl.canalmania.components import (
    PLACE_COLOURS,
    PlaceKind,
    Terrain,
)
from canaldsl.diagnostics import Span
from canaldsl.hexgrid import Hex


class BoardDeclAnalysis(AnalyserBase):
    """A ``board`` declaration turned into a checked :class:`~canaldsl.canalmania.board.Board`."""

    def board_size_allowed(
        self, extent: tuple[int, int] | None, items: Sequence[s.BoardItem]
    ) -> bool:
        """False (after E318) when the grid or the map is wider or taller than MAX_GRID_SIDE."""
        sizes: list[tuple[tuple[int, int], Span]] = []
        if extent is not None:
            sizes += [(extent, i.span) for i in items if isinstance(i, s.GridDecl)][:1]
        for map_decl in (i for i in items if isinstance(i, s.MapDecl)):
            width = max((len(row.cells) for row in map_decl.rows), default=0)
            sizes.append(((width, len(map_decl.rows)), map_decl.span))
        for (columns, rows), span in sizes:
            if columns > MAX_GRID_SIDE or rows > MAX_GRID_SIDE:
                self.error(
                    "E318",
                    f"a board of {columns} by {rows} hexes is larger than {MAX_GRID_SIDE} by "
                    f"{MAX_GRID_SIDE}",
                    span,
                )
                return False
        return True

    def board_from_decl(self, decl: s.BoardDecl, *, check_values: bool = True) -> Board | None:
        items = decl.items or ()
        title = next((i.title for i in items if isinstance(i, s.TitleDecl)), "")
        name = decl.name.text if decl.name else "board"
        extent: tuple[int, int] | None = None
        grids = [i for i in items if isinstance(i, s.GridDecl)]
        for grid in grids[1:]:
            self.error("E317", "the grid size is given twice", grid.span)
        if grids:
            extent = (grids[0].columns.value, grids[0].rows.value)
        if not self.board_size_allowed(extent, items):
            return None
        terrain: dict[Hex, Terrain] = {}
        declared_at: dict[Hex, Span] = {}
        marks: dict[str, tuple[Hex, Span]] = {}
        map_decls = [i for i in items if isinstance(i, s.MapDecl)]
        for extra in map_decls[1:]:
            self.error("E317", "a board has at most one map", extra.span)
        mark_decls = {
            i.mark.text: i for i in items if isinstance(i, s.PlaceDecl) and i.mark is not None
        }
        if map_decls:
            width = self.map_terrain(map_decls[0], mark_decls, terrain, declared_at, marks)
            if extent is None:
                extent = (width, len(map_decls[0].rows))
        if grids and not map_decls:
            for c in range(extent[0] if extent else 0):
                for r in range(extent[1] if extent else 0):
                    terrain.setdefault(Hex(c, r), Terrain.CLEAR)
        self.hex_lines(items, extent, terrain, declared_at)
        places = self.board_places(items, extent, terrain, marks, has_map=bool(map_decls))
        contracts, contract_spans = self.board_contracts(items, places)
        board = make_board(
            name=name,
            title=title,
            terrain=terrain,
            places=places.values(),
            contracts=contracts.values(),
            source=self.source.name,
        )
        if check_values:
            self.contract_values(board, contracts, contract_spans)
        return board

    def map_terrain(
        self,
        map_decl: s.MapDecl,
        mark_decls: dict[str, s.PlaceDecl],
        terrain: dict[Hex, Terrain],
        declared_at: dict[Hex, Span],
        marks: dict[str, tuple[Hex, Span]],
    ) -> int:
        """The terrain and place keys a map draws (E120, E212, E214); returns its width."""
        width = 0
        for row_index, row in enumerate(map_decl.rows):
            col = 0
            for cell, column in zip(row.cells, row.columns, strict=True):
                span = Span(row.span.line, column, row.span.line, column + len(cell))
                hex = Hex(col, row_index)
                if len(cell) != 1:
                    self.error(
                        "E120",
                        f"map cell {cell!r} is not one character",
                        span,
                        hint="separate cells with spaces: . clear, ^ difficult, ~ sea, "
                        "- no hex, or a place's key",
                    )
                elif cell == NO_HEX:
                    pass
                elif cell in MAP_TERRAIN:
                    terrain[hex] = MAP_TERRAIN[cell]
                    declared_at[hex] = span
                elif cell in mark_decls:
                    if cell in marks:
                        self.error(
                            "E214",
                            f"map key {cell!r} is used twice; each place has one hex",
                            span,
                        )
                    else:
                        marks[cell] = (hex, span)
                        terrain[hex] = Terrain.CLEAR
                        declared_at[hex] = span
                else:
                    self.unknown("E212", "map key", s.Ref(cell, span), list(mark_decls))
                col += 1
            width = max(width, col)
        return width

    def hex_lines(
        self,
        items: Sequence[s.BoardItem],
        extent: tuple[int, int] | None,
        terrain: dict[Hex, Terrain],
        declared_at: dict[Hex, Span],
    ) -> None:
        """The terrain of ``hex`` lines (E302, E303)."""
        explicit_hexes: set[Hex] = set()
        for item in items:
            if isinstance(item, s.HexDecl):
                declared = self.hex_ref(item.hex)
                if declared is None:
                    continue
                hex = declared
                kind = self._member(Terrain, item.terrain, "E211", "terrain")
                if kind is None:
                    continue
                if not _on_grid(extent, hex):
                    self.error("E303", f"hex {hex} is off the grid", item.hex.span)
                    continue
                if hex in declared_at or hex in explicit_hexes:
                    self.error(
                        "E302",
                        f"hex {hex} is described twice",
                        item.hex.span,
                        hint="describe each hex once, in the map or in a `hex` line",
                    )
                    continue
                explicit_hexes.add(hex)
                terrain[hex] = kind

    def board_places(
        self,
        items: Sequence[s.BoardItem],
        extent: tuple[int, int] | None,
        terrain: dict[Hex, Terrain],
        marks: dict[str, tuple[Hex, Span]],
        *,
        has_map: bool,
    ) -> dict[str, Place]:
        """The places of a board, each on one hex of the grid (E207, E213, E301, E303-E305)."""
        places: dict[str, Place] = {}
        place_spans: dict[str, Span] = {}
        occupied: dict[Hex, str] = {}
        for item in items:
            if not isinstance(item, s.PlaceDecl):
                continue
            name_text = item.name.text
            colour = item.colour.text
            if colour not in PLACE_COLOURS:
                self.unknown("E207", "place colour", item.colour, PLACE_COLOURS)
            if name_text in places:
                self.error("E301", f"place {name_text!r} is declared twice", item.name.span)
                continue
            if item.hex is not None:
                at = self.hex_ref(item.hex)
                if at is None:
                    continue
                hex = at
                where = item.hex.span
                if not _on_grid(extent, hex) or (has_map and hex not in terrain):
                    self.error("E303", f"place {name_text!r} is off the grid at {hex}", where)
                    continue
                if terrain.get(hex) is Terrain.SEA:
                    self.error("E305", f"place {name_text!r} is on a sea hex ({hex})", where)
                    continue
                terrain.setdefault(hex, Terrain.CLEAR)
            else:
                assert item.mark is not None
                if item.mark.text not in marks:
                    if not has_map:
                        self.error(
                            "E213",
                            f"place {name_text!r} is marked {item.mark.text!r} but the board "
                            "has no map",
                            item.mark.span,
                        )
                    else:
                        self.error(
                            "E213",
                            f"map key {item.mark.text!r} does not appear on the map",
                            item.mark.span,
                        )
                    continue
                hex, where = marks[item.mark.text]
            if hex in occupied:
                self.error(
                    "E304",
                    f"places {occupied[hex]!r} and {name_text!r} are both on {hex}",
                    item.name.span,
                )
                continue
            occupied[hex] = name_text
            places[name_text] = Place(
                name=name_text,
                kind=PlaceKind(item.kind),
                colour=colour if colour in PLACE_COLOURS else PLACE_COLOURS[0],
                hex=hex,
            )
            place_spans[name_text] = item.name.span
        return places

    def board_contracts(
        self, items: Sequence[s.BoardItem], places: dict[str, Place]
    ) -> tuple[dict[str, Contract], dict[str, s.ContractDecl]]:
        """The contracts of a board (E201, E307-E309, E319)."""
        contracts: dict[str, Contract] = {}
        contract_spans: dict[str, s.ContractDecl] = {}
        for item in items:
            if not isinstance(item, s.ContractDecl):
                continue
            ok = True
            if item.name.text in contracts:
                self.error("E307", f"contract {item.name.text!r} is declared twice", item.name.span)
                continue
            refs = [item.first, item.second, *item.via]
            for ref in refs:
                if ref.text not in places:
                    self.unknown("E201", "place", ref, places)
                    ok = False
            seen: set[str] = set()
            for ref in refs:
                if ref.text in seen:
                    self.error("E308", f"contract names {ref.text!r} more than once", ref.span)
                    ok = False
                seen.add(ref.text)
            if len(item.via) > MAX_VIA_PLACES:
                self.error(
                    "E319",
                    f"contract {item.name.text!r} names {len(item.via)} via places, more than "
                    f"{MAX_VIA_PLACES}",
                    item.via[MAX_VIA_PLACES].span,
                    hint="split it into several contracts",
                )
                ok = False
            if item.value.value < 1 or item.value.value > 99:
                self.error(
                    "E309",
                    f"contract value {item.value.value} is out of range (1 to 99)",
                    item.value.span,
                )
                ok = False
            if not ok:
                self.broken_contracts.add(item.name.text)
            else:
                contracts[item.name.text] = Contract(
                    name=item.name.text,
                    endpoints=(item.first.text, item.second.text),
                    via=tuple(r.text for r in item.via),
                    value=item.value.value,
                    starting=item.starting,
                )
                contract_spans[item.name.text] = item
        return contracts, contract_spans

    def contract_values(
        self, board: Board, contracts: dict[str, Contract], spans: dict[str, s.ContractDecl]
    ) -> None:
        """W310/W311: a contract whose value is below the fewest tiles joining its places."""
        for cname, contract in contracts.items():
            fewest = board.fewest_tiles(contract)
            decl_item = spans[cname]
            if fewest is None:
                self.warn(
                    "W311",
                    f"contract {cname!r} cannot be completed: no buildable route joins its places",
                    decl_item.name.span,
                )
            elif fewest > contract.value:
                self.warn(
                    "W310",
                    f"contract {cname!r} has value {contract.value} but needs at least "
                    f"{fewest} tiles",
                    decl_item.value.span,
                )


def _on_grid(extent: tuple[int, int] | None, hex: Hex) -> bool:
    return extent is None or (hex.col < extent[0] and hex.row < extent[1])


MAP_TERRAIN = {".": Terrain.CLEAR, "^": Terrain.DIFFICULT, "~": Terrain.SEA}

NO_HEX = "-"

MAX_GRID_SIDE = 100
"""The most columns or rows a board may have (E318); England is about 20 by 30."""

MAX_VIA_PLACES = 12
"""The most via places one contract may name (E319). The printed contracts name at most two;
the solvers order the via places by a dynamic programme over their subsets (2^k), measured
fast enough at this limit on the largest board (README, Robustness)."""
