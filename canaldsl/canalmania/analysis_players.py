"""The analysis of a file's players: hand, supply, engineer, score and canals."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis_canals import CanalAnalysis
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import (
    ENGINEERS,
    MAX_OPEN_CONTRACTS,
    TILES_PER_PLAYER,
    CardKind,
    Edition,
    TileKind,
    facts,
)
from canaldsl.canalmania.position import Canal, Player, Rules
from canaldsl.diagnostics import Span


class PlayerAnalysis(CanalAnalysis):
    """One ``player`` statement turned into a checked player."""

    def player(
        self,
        decl: s.PlayerDecl,
        rules: Rules,
        board: Board,
        engineers_held: dict[str, Span],
        contract_holders: dict[str, str],
    ) -> Player:
        colour = decl.colour.text
        engineer: str | None = None
        score = 0
        hand: dict[CardKind, int] | None = None
        supply_given: dict[TileKind, int] | None = None
        supply_span = decl.span
        junctions: int | None = None
        junction_span = decl.span
        canals: list[Canal] = []
        completed_names: list[str] = []
        seen_items: Counter[type] = Counter()
        for item in decl.items:
            seen_items[type(item)] += 1
            if not isinstance(item, s.CanalDecl) and seen_items[type(item)] > 1:
                self.error("E317", "this is stated twice for one player", item.span)
                continue
            if isinstance(item, s.EngineerDecl):
                name = item.engineer.text
                if name not in ENGINEERS:
                    self.unknown("E210", "engineer", item.engineer, ENGINEERS)
                elif name in engineers_held:
                    self.error("E402", f"{name} is held by two players", item.engineer.span)
                else:
                    engineers_held[name] = item.engineer.span
                    engineer = name
            elif isinstance(item, s.ScoreDecl):
                score = item.score.value
            elif isinstance(item, s.HandDecl):
                hand = self.counts(item.counts, CardKind)
            elif isinstance(item, s.SupplyDecl):
                supply_given = self.counts(item.counts, TileKind)
                supply_span = item.span
            elif isinstance(item, s.JunctionsDecl):
                junctions = item.count.value
                junction_span = item.span
            elif isinstance(item, s.CanalDecl):
                canal = self.canal(item, colour, rules, board, contract_holders)
                if canal is None:
                    continue
                if canal.completed:
                    completed_names.append(canal.contract)
                canals.append(canal)
        open_count = sum(1 for c in canals if not c.completed)
        if open_count > MAX_OPEN_CONTRACTS:
            extra = [i for i in decl.items if isinstance(i, s.CanalDecl) and not i.completed][
                MAX_OPEN_CONTRACTS
            ]
            self.error(
                "E414",
                f"{colour} has {open_count} open contracts; a player has at most "
                f"{MAX_OPEN_CONTRACTS}",
                extra.span,
            )
        supply = self.supply(colour, decl, canals, supply_given, supply_span)
        junction_allowance = facts(rules.edition).junctions_per_player
        used_junctions = sum(1 for c in canals if c.is_junction)
        if rules.edition is Edition.FIRST and (junctions or used_junctions):
            self.error(
                "E417",
                "junction contracts exist only in the second edition",
                junction_span,
            )
        allowance = junction_allowance.get(rules.players or 3, 1)
        if junctions is None:
            junctions = max(allowance - used_junctions, 0) if rules.edition is Edition.SECOND else 0
        elif junctions + used_junctions > allowance and rules.edition is Edition.SECOND:
            self.error(
                "E417",
                f"{colour} would have {junctions + used_junctions} junction contracts; each "
                f"player has {allowance}",
                junction_span,
            )
        return Player(
            colour=colour,
            name=decl.display_name,
            engineer=engineer,
            score=score,
            hand=MappingProxyType(hand) if hand is not None else None,
            supply=MappingProxyType(supply),
            junctions=junctions,
            canals=tuple(canals),
            completed_contracts=tuple(completed_names),
        )

    def supply(
        self,
        colour: str,
        decl: s.PlayerDecl,
        canals: list[Canal],
        supply_given: dict[TileKind, int] | None,
        supply_span: Span,
    ) -> dict[TileKind, int]:
        """The tiles left in a player's supply: as declared, else what the built tiles leave
        (E403 when more tiles are built or declared than a player owns)."""
        on_board = Counter(t.kind for c in canals for t in c.tiles)
        supply: dict[TileKind, int] = {}
        for kind, owned in TILES_PER_PLAYER.items():
            left = owned - on_board[kind]
            if supply_given is not None:
                given = supply_given.get(kind, 0)
                if given + on_board[kind] > owned:
                    self.error(
                        "E403",
                        f"{colour} has {on_board[kind]} {kind.value} tiles built and {given} in "
                        f"supply, more than the {owned} a player owns",
                        supply_span,
                    )
                left = min(given, max(left, 0))
            elif left < 0:
                self.error(
                    "E403",
                    f"{colour} has {on_board[kind]} {kind.value} tiles built, more than the "
                    f"{owned} a player owns",
                    decl.colour.span,
                )
            supply[kind] = max(left, 0)
        return supply
