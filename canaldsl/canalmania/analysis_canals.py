"""The analysis of the canals a position declares: each must be one a game could have built."""

from __future__ import annotations

import itertools

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis import (
    AnalyserBase,
    article,
)
from canaldsl.canalmania.board import Board, Contract, TileSite
from canaldsl.canalmania.components import (
    JUNCTION_VALUE,
    TERRAIN_TILES,
)
from canaldsl.canalmania.position import JUNCTION, Canal, Rules, Tile
from canaldsl.hexgrid import Hex


class CanalAnalysis(AnalyserBase):
    """One declared canal turned into a checked canal."""

    def canal(
        self,
        decl: s.CanalDecl,
        owner: str,
        rules: Rules,
        board: Board,
        contract_holders: dict[str, str],
    ) -> Canal | None:
        contract: Contract | None = None
        if decl.contract is not None:
            contract = self.contract_ref(decl.contract, board)
            if contract is None:
                return None
            holder = contract_holders.get(contract.name)
            if holder is not None:
                self.error(
                    "E413",
                    f"contract {contract.name!r} is already held by {holder}",
                    decl.contract.span,
                )
                return None
            contract_holders[contract.name] = owner
        name = contract.name if contract else JUNCTION
        value = contract.value if contract else JUNCTION_VALUE
        if decl.route is None:
            if not decl.completed:
                return None  # grammar requires a route for open canals
            return Canal(contract=name, owner=owner, route=(), completed=True, value=value)
        route: list[str | Tile] = []
        visited_hexes: set[Hex] = set()
        visited_places: set[str] = set()
        previous: Hex | None = None
        previous_was_place = False
        section = -1
        ok = True
        places_in_order: list[str] = []
        for index, item in enumerate(decl.route):
            if isinstance(item, s.RoutePlace):
                place_name = self.place_ref(item.name, board)
                if place_name is None:
                    ok = False
                    previous = None
                    continue
                place = board.places[place_name]
                if index == 0:
                    if contract is not None and place_name not in contract.endpoints:
                        self.error(
                            "E408",
                            f"{contract.name!r} must start at {contract.endpoints[0]} or "
                            f"{contract.endpoints[1]}, not {place_name}",
                            item.name.span,
                        )
                        ok = False
                elif previous_was_place:
                    self.error(
                        "E421",
                        f"a section needs at least one tile between {route[-1]} and {place_name}",
                        item.name.span,
                    )
                    ok = False
                elif previous is not None and not previous.is_neighbour(place.hex):
                    self.error(
                        "E407",
                        f"{place_name} ({place.hex}) is not next to the tile before it "
                        f"({previous})",
                        item.name.span,
                    )
                    ok = False
                if place_name in visited_places:
                    self.error("E412", f"the canal reaches {place_name} twice", item.name.span)
                    ok = False
                visited_places.add(place_name)
                places_in_order.append(place_name)
                route.append(place_name)
                previous = place.hex
                previous_was_place = True
                section += 1
            else:
                if index == 0:
                    self.error(
                        "E408",
                        "a canal's route starts with the place where its barge was placed",
                        item.kind.span,
                    )
                    ok = False
                kind = self.tile_kind(item.kind)
                hex = self.hex_ref(item.hex)
                if kind is None or hex is None:
                    ok = False
                    previous = hex
                    previous_was_place = False
                    continue
                site = board.tile_site(hex, kind)
                terrain = board.terrain.get(hex)
                if site is TileSite.OFF_MAP or terrain is None:
                    self.error("E303", f"hex {hex} is off the grid", item.hex.span)
                    ok = False
                elif site is TileSite.PLACE:
                    self.error(
                        "E409",
                        f"no tile may stand on {hex}: {board.place_at[hex].name} is there",
                        item.hex.span,
                    )
                    ok = False
                elif site is TileSite.UNBUILDABLE:
                    self.error("E409", f"no tile may stand on {hex}: it is sea", item.hex.span)
                    ok = False
                elif site is TileSite.WRONG_TERRAIN:
                    allowed = " or ".join(article(k.value) for k in TERRAIN_TILES[terrain])
                    self.error(
                        "E410",
                        f"{article(kind.value)} cannot stand on {terrain.value} terrain ({hex}); "
                        f"it takes {allowed}",
                        item.kind.span,
                    )
                    ok = False
                if previous is not None and not previous.is_neighbour(hex):
                    self.error(
                        "E407",
                        f"tile {hex} is not next to {previous}, the step before it",
                        item.hex.span,
                    )
                    ok = False
                if hex in visited_hexes:
                    self.error("E412", f"the canal passes {hex} twice", item.hex.span)
                    ok = False
                visited_hexes.add(hex)
                route.append(
                    Tile(
                        hex=hex,
                        kind=kind,
                        owner=owner,
                        canal=name,
                        section=max(section, 0),
                        recent=item.recent,
                    )
                )
                previous = hex
                previous_was_place = False
        if not ok:
            return None
        canal = Canal(
            contract=name, owner=owner, route=tuple(route), completed=decl.completed, value=value
        )
        tiles = canal.tiles
        if len(tiles) > value:
            self.error(
                "E411",
                f"{name!r} has {len(tiles)} tiles but its contract value is {value}",
                decl.span,
            )
        far = contract.other_endpoint(places_in_order[0]) if contract and places_in_order else None
        if contract is None and len(places_in_order) > 2:
            self.error(
                "E425",
                "a junction canal joins exactly two places and is done on reaching the second",
                decl.span,
            )
        if decl.completed:
            if contract is not None:
                missing = contract.vias_missing(places_in_order)
                if places_in_order[-1:] != [far] or not isinstance(route[-1], str):
                    self.error(
                        "E415",
                        f"completed {name!r} must end at {far}",
                        decl.span,
                    )
                elif missing:
                    self.error(
                        "E415",
                        f"completed {name!r} does not pass through {', '.join(missing)}",
                        decl.span,
                    )
            elif len(places_in_order) != 2 or not isinstance(route[-1], str):
                self.error("E415", "a completed junction canal joins exactly two places", decl.span)
        else:
            if far is not None and far in places_in_order:
                self.error(
                    "E422",
                    f"{name!r} has reached {far}, its far endpoint, so it is complete",
                    decl.span,
                    hint="write it as `completed` (and add its score), or remove the last step",
                )
            if contract is None and len(places_in_order) >= 2:
                self.error(
                    "E422",
                    "this junction canal has reached a second place, so it is complete",
                    decl.span,
                )
            if decl.barge is not None:
                expected = canal.barge
                try:
                    given: Hex | str = Hex.parse(decl.barge.text)
                except ValueError:
                    given = decl.barge.text
                if given != expected:
                    shown = expected if isinstance(expected, str) else str(expected)
                    self.error(
                        "E406",
                        f"the barge of {name!r} stands at the end of its canal, {shown}, "
                        f"not {decl.barge.text}",
                        decl.barge.span,
                    )
        for _start, section_tiles, _end in canal.sections():
            for a, b in itertools.pairwise(section_tiles):
                if a.kind is b.kind:
                    self.warn(
                        "W430",
                        f"{a.kind.value} tiles at {a.hex} and {b.hex} are next to each other in "
                        f"one section of {name!r} (it stands only if nobody noticed in time)",
                        decl.span,
                    )
        return canal
