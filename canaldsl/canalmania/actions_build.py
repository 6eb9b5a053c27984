"""The engine's build action: tiles laid one by one, places reached, canals completed.

The rules it applies are those of :mod:`canaldsl.canalmania.checks_build`.
"""

from __future__ import annotations

from collections import Counter

from canaldsl.canalmania import checks_build as build_rules
from canaldsl.canalmania import checks_contracts as contract_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.actions_payment import PaymentActions
from canaldsl.canalmania.components import CardKind, Edition
from canaldsl.canalmania.position import Card, Tile
from canaldsl.canalmania.routes import completable, shortest_completion
from canaldsl.canalmania.state import CanalState
from canaldsl.diagnostics import Span


class BuildActions(PaymentActions):
    """The build action of phase 2."""

    # -- building
    def build(self, step: mv.Build) -> None:
        player = self.player
        touched: dict[str, tuple[CanalState, Span]] = {}
        started: set[int] = set()
        labels: dict[str, list[tuple[int, str, Span]]] = {}
        physical: Counter[CardKind] = Counter()
        tile_number = 0
        self.auto_plan = self.plan_unwritten_payments(step)
        self.auto_unpaid_reported = False
        self.hand_at_build = Counter(player.hand or {})
        for line in step.lines:
            first_hex = next((i.hex.value for i in line.items if isinstance(i, mv.BuildTile)), None)
            canal = self.own_canal(line.canal, line.junction_span, first_hex)
            if canal is None:
                continue
            name = canal.contract
            if name not in touched:
                self.note_wrongly_built(canal)
            touched[name] = (canal, line.span)
            for item in line.items:
                if canal.completed and canal.is_junction:
                    self.check(
                        contract_rules.junction,
                        item.hex.span if isinstance(item, mv.BuildTile) else item.name.span,
                        has_card=True,
                        as_extra=False,
                        completed_at=canal.places[-1],
                    )
                    break
                if canal.completed:
                    self.check(build_rules.own_contract, line.span, contract=name, open_canal=False)
                    break
                if isinstance(item, mv.ReachPlace):
                    self.reach(canal, item)
                    continue
                tile_number += 1
                first = id(canal) not in started
                started.add(id(canal))
                self.build_tile(canal, item, first, tile_number, labels, physical)
        for label, uses in labels.items():
            numbers = [u[0] for u in uses]
            canals = {u[1] for u in uses}
            consecutive = len(canals) == 1 and max(numbers) - min(numbers) <= 1
            if len(uses) > 1:
                self.check(
                    build_rules.smeaton,
                    uses[1][2],
                    engineer=player.engineer,
                    kind="surveyor" if label.startswith("surveyor") else label.split("@")[0],
                    uses=len(uses),
                    consecutive=consecutive,
                )
        for name, (canal, span) in touched.items():
            wrong = self.wrongly_built.get(id(canal))
            if wrong is not None:
                tiles_before, fewest = wrong
                self.check(
                    build_rules.shortest_completion,
                    span,
                    contract=name,
                    fewest_before=fewest,
                    built=len(canal.tiles) - tiles_before,
                    fewest_after=shortest_completion(self.state, canal),
                )
                continue
            if canal.completed:
                continue
            possible, reason = completable(self.state, canal)
            self.check(
                build_rules.completable, span, contract=name, possible=possible, reason=reason
            )
        self.to_discard(
            [
                Card(kind)
                for kind, n in sorted(physical.items(), key=lambda i: i[0].value)
                for _ in range(n)
            ]
        )

    def reach(self, canal: CanalState, item: mv.ReachPlace) -> None:
        state = self.state
        place = item.name.text
        end = canal.end
        section_tiles = tiles_since_place(canal)
        if isinstance(end, Tile):
            adjacent = end.hex.is_neighbour(state.board.places[place].hex)
            previous = str(end.hex)
        else:
            adjacent = False
            previous = end or "nothing"
        if not self.check(
            build_rules.connected,
            item.name.span,
            what=place,
            previous=previous,
            adjacent=adjacent,
            section_tiles=section_tiles if adjacent else 1,
        ):
            return
        if not self.check(
            build_rules.canal_integrity, item.name.span, what=place, repeated=place in canal.places
        ):
            return
        canal.route.append(place)
        if canal.is_junction:
            self.complete(canal, item.name.span)
            return
        contract = state.board.contracts[canal.contract]
        start = canal.places[0]
        if place == contract.other_endpoint(start):
            missing = contract.vias_missing(canal.places)
            if self.check(
                build_rules.via_places, item.name.span, contract=canal.contract, missing=missing
            ):
                self.complete(canal, item.name.span)

    def complete(self, canal: CanalState, span: Span) -> None:
        canal.completed = True
        player = self.player
        player.completed_contracts.append(canal.contract)
        points = build_rules.completion_points(
            kinds=[t.kind for t in canal.tiles], value=canal.value, edition=self.edition
        )
        self.score(player.colour, points)

    def note_wrongly_built(self, canal: CanalState) -> None:
        """2nd edition: remember ``canal`` (before this build touches it) when it was wrongly
        built: it cannot be completed correctly, yet some route completes it."""
        if self.edition is not Edition.SECOND or canal.completed or not canal.tiles:
            return
        if completable(self.state, canal)[0]:
            return
        fewest = shortest_completion(self.state, canal)
        if fewest is not None:
            self.wrongly_built[id(canal)] = (len(canal.tiles), fewest)

    def build_tile(
        self,
        canal: CanalState,
        item: mv.BuildTile,
        first: bool,
        number: int,
        labels: dict[str, list[tuple[int, str, Span]]],
        physical: Counter[CardKind],
    ) -> None:
        state = self.state
        board = state.board
        player = self.player
        kind = item.kind.value
        hex = item.hex.value
        label = hex.label
        end = canal.end
        end_hex = end.hex if isinstance(end, Tile) else board.places[end].hex if end else None
        adjacent = end_hex is not None and end_hex.is_neighbour(hex)
        if first:
            barge = end.hex.label if isinstance(end, Tile) else str(end)
            self.check(
                build_rules.start_at_barge,
                item.hex.span,
                hex_label=label,
                barge=barge,
                adjacent=adjacent,
            )
        else:
            self.check(
                build_rules.connected,
                item.hex.span,
                what=label,
                previous=end.hex.label if isinstance(end, Tile) else str(end),
                adjacent=adjacent,
                section_tiles=1,
            )
        place = board.place_at.get(hex)
        self.check(
            build_rules.terrain,
            item.kind.span,
            hex_label=label,
            kind=kind,
            site=board.tile_site(hex, kind),
            terrain=board.terrain.get(hex),
            place=place.name if place else None,
        )
        self.check(
            build_rules.canal_integrity,
            item.hex.span,
            what=label,
            repeated=any(t.hex == hex for t in canal.tiles),
        )
        previous = end.kind if isinstance(end, Tile) else None
        alike = [
            t.hex.label
            for t in section_tiles(canal)
            if t is not end and t.kind is kind and t.hex.is_neighbour(hex)
        ]
        self.check(
            build_rules.consecutive_tiles,
            item.kind.span,
            kind=kind,
            previous=previous,
            hex_label=label,
            neighbours=tuple(alike),
            reading=self.option("consecutive-tiles") if alike else "next-along-canal",
        )
        self.check(build_rules.tile_supply, item.kind.span, kind=kind, left=player.supply[kind])
        if id(canal) not in self.wrongly_built:  # its shortest completion may be longer
            self.check(
                build_rules.contract_length,
                item.hex.span,
                contract=canal.contract,
                tiles=len(canal.tiles) + 1,
                value=canal.value,
            )
        occupied = any(t.hex == hex for c in state.canals() if c is not canal for t in c.tiles)
        self.pay(kind, item, occupied, canal, number, labels, physical)
        player.supply[kind] = max(player.supply[kind] - 1, 0)
        canal.route.append(
            Tile(hex, kind, player.colour, canal.contract, canal.section_index, True)
        )
        self.built_now.add(hex)


def section_tiles(canal: CanalState) -> list[Tile]:
    """The tiles of the canal's section being built: those after its last place."""
    found: list[Tile] = []
    for item in reversed(canal.route):
        if not isinstance(item, Tile):
            break
        found.append(item)
    return found


def tiles_since_place(canal: CanalState) -> int:
    count = 0
    for item in reversed(canal.route):
        if isinstance(item, str):
            break
        count += 1
    return count
