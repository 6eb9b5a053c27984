"""The analysis of the canals a position declares: each must be one a game could have built."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

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
        walk = _Walk()
        for index, item in enumerate(decl.route):
            if isinstance(item, s.RoutePlace):
                self.route_place(walk, index, item, contract, board)
            else:
                self.route_tile(walk, index, item, owner, name, board)
        route, places_in_order = walk.route, walk.places_in_order
        if not walk.ok:
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
        self.canal_ending(decl, canal, contract, far, places_in_order, route)
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

    def canal_ending(
        self,
        decl: s.CanalDecl,
        canal: Canal,
        contract: Contract | None,
        far: str | None,
        places_in_order: list[str],
        route: list[str | Tile],
    ) -> None:
        """A completed canal ends at its far endpoint through its via places (E415); an open
        one has not reached it (E422) and its barge stands at its end (E406)."""
        name = canal.contract
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

    def route_place(
        self, walk: _Walk, index: int, item: s.RoutePlace, contract: Contract | None, board: Board
    ) -> None:
        """A place on a declared canal's route (E407, E408, E412, E421)."""
        place_name = self.place_ref(item.name, board)
        if place_name is None:
            walk.ok = False
            walk.previous = None
            return
        place = board.places[place_name]
        if index == 0:
            if contract is not None and place_name not in contract.endpoints:
                self.error(
                    "E408",
                    f"{contract.name!r} must start at {contract.endpoints[0]} or "
                    f"{contract.endpoints[1]}, not {place_name}",
                    item.name.span,
                )
                walk.ok = False
        elif walk.previous_was_place:
            self.error(
                "E421",
                f"a section needs at least one tile between {walk.route[-1]} and {place_name}",
                item.name.span,
            )
            walk.ok = False
        elif walk.previous is not None and not walk.previous.is_neighbour(place.hex):
            self.error(
                "E407",
                f"{place_name} ({place.hex}) is not next to the tile before it ({walk.previous})",
                item.name.span,
            )
            walk.ok = False
        if place_name in walk.visited_places:
            self.error("E412", f"the canal reaches {place_name} twice", item.name.span)
            walk.ok = False
        walk.visited_places.add(place_name)
        walk.places_in_order.append(place_name)
        walk.route.append(place_name)
        walk.previous = place.hex
        walk.previous_was_place = True
        walk.section += 1

    def route_tile(
        self, walk: _Walk, index: int, item: s.RouteTile, owner: str, name: str, board: Board
    ) -> None:
        """A tile on a declared canal's route (E303, E407-E410, E412)."""
        if index == 0:
            self.error(
                "E408",
                "a canal's route starts with the place where its barge was placed",
                item.kind.span,
            )
            walk.ok = False
        kind = self.tile_kind(item.kind)
        hex = self.hex_ref(item.hex)
        if kind is None or hex is None:
            walk.ok = False
            walk.previous = hex
            walk.previous_was_place = False
            return
        site = board.tile_site(hex, kind)
        terrain = board.terrain.get(hex)
        if site is TileSite.OFF_MAP or terrain is None:
            self.error("E303", f"hex {hex} is off the grid", item.hex.span)
            walk.ok = False
        elif site is TileSite.PLACE:
            self.error(
                "E409",
                f"no tile may stand on {hex}: {board.place_at[hex].name} is there",
                item.hex.span,
            )
            walk.ok = False
        elif site is TileSite.UNBUILDABLE:
            self.error("E409", f"no tile may stand on {hex}: it is sea", item.hex.span)
            walk.ok = False
        elif site is TileSite.WRONG_TERRAIN:
            allowed = " or ".join(article(k.value) for k in TERRAIN_TILES[terrain])
            self.error(
                "E410",
                f"{article(kind.value)} cannot stand on {terrain.value} terrain ({hex}); "
                f"it takes {allowed}",
                item.kind.span,
            )
            walk.ok = False
        if walk.previous is not None and not walk.previous.is_neighbour(hex):
            self.error(
                "E407",
                f"tile {hex} is not next to {walk.previous}, the step before it",
                item.hex.span,
            )
            walk.ok = False
        if hex in walk.visited_hexes:
            self.error("E412", f"the canal passes {hex} twice", item.hex.span)
            walk.ok = False
        walk.visited_hexes.add(hex)
        walk.route.append(
            Tile(
                hex=hex,
                kind=kind,
                owner=owner,
                canal=name,
                section=max(walk.section, 0),
                recent=item.recent,
            )
        )
        walk.previous = hex
        walk.previous_was_place = False


@dataclass
class _Walk:
    """A declared canal's route as read so far."""

    route: list[str | Tile] = field(default_factory=list)
    visited_hexes: set[Hex] = field(default_factory=set)
    visited_places: set[str] = field(default_factory=set)
    previous: Hex | None = None
    previous_was_place: bool = False
    section: int = -1
    ok: bool = True
    places_in_order: list[str] = field(default_factory=list)
