"""Writing a position back in the language (what `canaldsl play` prints).

The position becomes syntax nodes, and the formatter writes them, so the output always parses
and reads like a hand-written file. Facts the language derives (the supply, the basin, the
engineers aside) are written only where they differ from what would be derived.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import ENGINEERS, TILES_PER_PLAYER, Edition, facts
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.position import Canal, Card, Player, Position, Rules, Tile


def _ref(text: str) -> s.Ref:
    return s.Ref(text)


def _num(value: int) -> s.Num:
    return s.Num(value)


def _cards(cards: Sequence[Card]) -> tuple[s.Card, ...]:
    return tuple(s.Card(_ref(c.kind.value), _ref(c.symbol) if c.symbol else None) for c in cards)


def _route(canal: Canal) -> tuple[s.RouteItem, ...]:
    items: list[s.RouteItem] = []
    for item in canal.route:
        if isinstance(item, Tile):
            items.append(s.RouteTile(_ref(item.kind.value), _ref(item.hex.label), item.recent))
        else:
            items.append(s.RoutePlace(_ref(item)))
    return tuple(items)


def _player(player: Player, rules: Rules) -> s.PlayerDecl:
    items: list[s.PlayerItem] = []
    if player.engineer:
        items.append(s.EngineerDecl(engineer=_ref(player.engineer)))
    items.append(s.ScoreDecl(score=_num(player.score)))
    if player.hand is not None:
        items.append(
            s.HandDecl(
                counts=tuple(s.Count(_num(n), _ref(k.value)) for k, n in player.hand.items() if n)
            )
        )
    built = Counter(t.kind for c in player.canals for t in c.tiles)
    derived = {k: n - built[k] for k, n in TILES_PER_PLAYER.items()}
    if dict(player.supply) != derived:
        items.append(
            s.SupplyDecl(
                counts=tuple(
                    s.Count(_num(player.supply[k]), _ref(k.value)) for k in TILES_PER_PLAYER
                )
            )
        )
    if rules.edition is Edition.SECOND:
        allowance = facts(rules.edition).junctions_per_player.get(rules.players or 3, 1)
        used = sum(1 for c in player.canals if c.is_junction)
        if player.junctions != max(allowance - used, 0):
            items.append(s.JunctionsDecl(count=_num(player.junctions)))
    for canal in player.canals:
        contract = None if canal.is_junction else _ref(canal.contract)
        items.append(
            s.CanalDecl(
                contract=contract,
                completed=canal.completed,
                route=_route(canal) if canal.route else None,
            )
        )
    for name in player.completed_contracts:
        if not any(c.contract == name and c.completed for c in player.canals):
            items.append(s.CanalDecl(contract=_ref(name), completed=True, route=None))
    return s.PlayerDecl(colour=_ref(player.colour), display_name=player.name, items=tuple(items))


def position_statements(position: Position, board: Board, rules: Rules) -> list[s.Statement]:
    """The statements that describe a position (not the rules or the board)."""
    out: list[s.Statement] = [_player(p, rules) for p in position.players]
    if position.parliament is not None:
        out.append(s.ParliamentDecl(contracts=tuple(_ref(c) for c in position.parliament)))
    deck = position.contract_deck
    if isinstance(deck, int):
        out.append(s.ContractDeckDecl(count=_num(deck)))
    elif deck is not None:
        out.append(s.ContractDeckDecl(contracts=tuple(_ref(c) for c in deck)))
    if position.display is not None:
        out.append(s.DisplayDecl(cards=_cards(position.display)))
    for pile, kind in ((position.deck, s.DeckDecl), (position.discard_pile, s.DiscardPileDecl)):
        if isinstance(pile, int):
            out.append(kind(count=_num(pile)))
        elif pile is not None:
            out.append(kind(cards=_cards(pile)))
    out.append(s.CubesDecl(places=tuple(_ref(p) for p in sorted(position.cubes))))
    held = {p.engineer for p in position.players if p.engineer}
    derived_aside = tuple(e for e in ENGINEERS if e not in held)
    if position.engineers_aside != derived_aside:
        out.append(s.EngineersAsideDecl(engineers=tuple(_ref(e) for e in position.engineers_aside)))
    if position.now is not None:
        out.append(
            s.NowDecl(
                player=_ref(position.now),
                phase=_num(position.phase) if position.phase != 1 else None,
            )
        )
    if position.round is not None:
        out.append(s.RoundDecl(round=_num(position.round)))
    if position.endgame_triggered:
        round_ = _num(position.endgame_round) if position.endgame_round is not None else None
        out.append(s.EndgameDecl(round=round_))
    del board
    return out


def write_position(
    position: Position,
    board: Board,
    rules: Rules,
    *,
    head: Sequence[s.Statement] = (),
    comments: Sequence[str] = (),
) -> str:
    """A whole file: the given head (rules and board statements), then the position."""
    statements = [*head, *position_statements(position, board, rules)]
    if comments and statements:
        first = statements[0]
        statements[0] = replace(first, comments=s.Comments(tuple(comments)))
    return format_document(s.Document(statements=tuple(statements)))
