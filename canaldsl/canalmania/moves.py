"""A turn as typed values: what the rules engine plays.

Each step of a turn, with every name already read: hexes as :class:`~canaldsl.hexgrid.Hex`,
tiles and cards as their kinds, cards as :class:`~canaldsl.canalmania.position.Card`. Each
value keeps the text it was written as and its span, so a broken rule is reported where the
file wrote it, in the file's words. :func:`canaldsl.canalmania.turns.turn_moves` makes these
from a checked file's syntax; the engine never reads syntax.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from canaldsl.canalmania.components import CardKind, TileKind
from canaldsl.canalmania.position import Card
from canaldsl.diagnostics import Span
from canaldsl.hexgrid import Hex

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Named(Generic[T]):
    """A value as the file wrote it: what it means, its text, and where it is."""

    value: T
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class WrittenCard:
    """A card named in a step, at the span of its kind."""

    card: Card
    span: Span


@dataclass(frozen=True, slots=True)
class PayCard:
    """One card paid for a tile; a label marks one physical card paid twice (Smeaton)."""

    kind: Named[CardKind]
    label: Named[str] | None = None


@dataclass(frozen=True, slots=True)
class BuildTile:
    kind: Named[TileKind]
    hex: Named[Hex]
    payment: tuple[PayCard, ...] | None = None
    """The cards written for the tile; None when the file leaves them to the hand."""


@dataclass(frozen=True, slots=True)
class ReachPlace:
    name: Named[str]


BuildItem = BuildTile | ReachPlace


@dataclass(frozen=True, slots=True)
class BuildLine:
    """Tiles built on one canal, in order; ``canal`` None means the junction canal."""

    span: Span
    canal: Named[str] | None
    items: tuple[BuildItem, ...]
    junction_span: Span


@dataclass(frozen=True, slots=True)
class PhaseMark:
    span: Span
    number: int


@dataclass(frozen=True, slots=True)
class ContractChoice:
    contract: Named[str]
    barge: Named[str]


@dataclass(frozen=True, slots=True)
class TakeContract:
    span: Span
    choices: tuple[ContractChoice, ...]


@dataclass(frozen=True, slots=True)
class TakeJunction:
    span: Span
    barge: Named[str]


@dataclass(frozen=True, slots=True)
class Reveal:
    span: Span
    contracts: tuple[Named[str], ...]


@dataclass(frozen=True, slots=True)
class ExchangeEngineer:
    """Exchange with another player (``with_player``) or with an engineer aside."""

    span: Span
    with_player: Named[str] | None
    for_engineer: Named[str] | None


@dataclass(frozen=True, slots=True)
class DiscardDisplay:
    span: Span


@dataclass(frozen=True, slots=True)
class TakeCards:
    span: Span
    cards: tuple[WrittenCard, ...]


@dataclass(frozen=True, slots=True)
class Refill:
    span: Span
    cards: tuple[WrittenCard, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    span: Span
    card: WrittenCard | None
    from_display: bool
    announce: bool


@dataclass(frozen=True, slots=True)
class PlaceCubes:
    span: Span
    colour: Named[str]
    places: tuple[Named[str], ...]


@dataclass(frozen=True, slots=True)
class RemoveCube:
    span: Span
    place: Named[str]


@dataclass(frozen=True, slots=True)
class Build:
    span: Span
    lines: tuple[BuildLine, ...]


@dataclass(frozen=True, slots=True)
class Leg:
    """A place on a goods route; ``owner`` names whose section the cube arrived by."""

    place: Named[str]
    owner: Named[str] | None


@dataclass(frozen=True, slots=True)
class MoveCube:
    span: Span
    legs: tuple[Leg, ...]


@dataclass(frozen=True, slots=True)
class RemoveTiles:
    span: Span
    canal: Named[str] | None
    hexes: tuple[Named[Hex], ...]
    junction_span: Span


@dataclass(frozen=True, slots=True)
class DiscardCards:
    span: Span
    cards: tuple[WrittenCard, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    span: Span


Step = (
    TakeContract
    | TakeJunction
    | Reveal
    | ExchangeEngineer
    | DiscardDisplay
    | TakeCards
    | Refill
    | Draw
    | PlaceCubes
    | RemoveCube
    | Build
    | MoveCube
    | RemoveTiles
    | DiscardCards
    | Pass
)
TurnItem = PhaseMark | Step


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's turn: its phase marks and steps in the order written."""

    player: Named[str]
    items: tuple[TurnItem, ...]
    span: Span
