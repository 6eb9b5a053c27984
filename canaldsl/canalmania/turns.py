"""A turn's syntax read into typed moves (:mod:`canaldsl.canalmania.moves`) for the engine.

The file has been checked (:mod:`canaldsl.canalmania.semantics`) before its turns are played:
every hex label, tile kind and card kind of a turn is one the language knows, so reading them
cannot fail here on a file without errors.
"""

from __future__ import annotations

from canaldsl.canalmania import moves as mv
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.components import CardKind, TileKind
from canaldsl.canalmania.position import Card
from canaldsl.hexgrid import Hex


def turn_moves(turn: s.TurnDecl) -> mv.Turn:
    """The turn as the engine plays it."""
    return mv.Turn(
        player=_name(turn.player),
        items=tuple(_item(item) for item in turn.items),
        span=turn.span,
    )


def _name(ref: s.Ref) -> mv.Named[str]:
    return mv.Named(ref.text, ref.text, ref.span)


def _maybe(ref: s.Ref | None) -> mv.Named[str] | None:
    return None if ref is None else _name(ref)


def _hex(ref: s.Ref) -> mv.Named[Hex]:
    return mv.Named(Hex.parse(ref.text), ref.text, ref.span)


def _card(card: s.Card) -> mv.WrittenCard:
    symbol = card.symbol.text if card.symbol else None
    return mv.WrittenCard(Card(CardKind(card.kind.text), symbol), card.kind.span)


def _cards(cards: tuple[s.Card, ...]) -> tuple[mv.WrittenCard, ...]:
    return tuple(_card(c) for c in cards)


def _build_item(item: s.BuildItem) -> mv.BuildItem:
    if isinstance(item, s.ReachPlace):
        return mv.ReachPlace(_name(item.name))
    payment = (
        None
        if item.payment is None
        else tuple(
            mv.PayCard(mv.Named(CardKind(p.kind.text), p.kind.text, p.kind.span), _maybe(p.label))
            for p in item.payment
        )
    )
    return mv.BuildTile(
        mv.Named(TileKind(item.kind.text), item.kind.text, item.kind.span),
        _hex(item.hex),
        payment,
    )


def _item(item: s.TurnItem) -> mv.TurnItem:
    span = item.span
    if isinstance(item, s.PhaseMark):
        return mv.PhaseMark(span, item.number.value)
    if isinstance(item, s.TakeContract):
        return mv.TakeContract(
            span,
            tuple(mv.ContractChoice(_name(c.contract), _name(c.barge)) for c in item.choices),
        )
    if isinstance(item, s.TakeJunction):
        return mv.TakeJunction(span, _name(item.barge))
    if isinstance(item, s.Reveal):
        return mv.Reveal(span, tuple(_name(c) for c in item.contracts))
    if isinstance(item, s.ExchangeEngineer):
        return mv.ExchangeEngineer(span, _maybe(item.with_player), _maybe(item.for_engineer))
    if isinstance(item, s.DiscardDisplay):
        return mv.DiscardDisplay(span)
    if isinstance(item, s.TakeCards):
        return mv.TakeCards(span, _cards(item.cards))
    if isinstance(item, s.Refill):
        return mv.Refill(span, _cards(item.cards))
    if isinstance(item, s.Draw):
        card = _card(item.card) if item.card is not None else None
        return mv.Draw(span, card, item.from_display, item.announce)
    if isinstance(item, s.PlaceCubes):
        return mv.PlaceCubes(span, _name(item.colour), tuple(_name(p) for p in item.places))
    if isinstance(item, s.RemoveCube):
        return mv.RemoveCube(span, _name(item.place))
    if isinstance(item, s.Build):
        lines = tuple(
            mv.BuildLine(
                line.span,
                _maybe(line.canal),
                tuple(_build_item(i) for i in line.items),
                line.junction_span,
            )
            for line in item.lines
        )
        return mv.Build(span, lines)
    if isinstance(item, s.MoveCube):
        return mv.MoveCube(span, tuple(mv.Leg(_name(g.place), _maybe(g.owner)) for g in item.legs))
    if isinstance(item, s.RemoveTiles):
        return mv.RemoveTiles(
            span, _maybe(item.canal), tuple(_hex(h) for h in item.hexes), item.junction_span
        )
    if isinstance(item, s.DiscardCards):
        return mv.DiscardCards(span, _cards(item.cards))
    assert isinstance(item, s.Pass)
    return mv.Pass(span)
