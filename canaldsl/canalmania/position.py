"""The state of a Canal Mania game: players, canals and tiles, cards, goods, whose turn.

Everything here is immutable and already checked for consistency with its board. Unknown
information (a hidden hand, the order of the deck) is ``None`` rather than guessed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from canaldsl.canalmania.components import CardKind, Edition, TileKind
from canaldsl.hexgrid import Hex


@dataclass(frozen=True)
class Rules:
    """The edition, the number of players, the value of every named switch, and how far the
    end mark is moved (the 2nd edition's variable game length; 0 in the 1st edition)."""

    edition: Edition
    players: int | None
    options: Mapping[str, str]
    end_mark_shift: int = 0
    option_sources: Mapping[str, str] = field(default_factory=dict, compare=False)
    """Where each switch's value comes from, in words (``default of the de rulebook``); empty
    when not known (a position made by a program)."""


@dataclass(frozen=True)
class Card:
    """A build card; ``symbol`` is a goods colour, ``"white"`` (wild) or None."""

    kind: CardKind
    symbol: str | None = None

    def __str__(self) -> str:
        return f"{self.kind.value}/{self.symbol}" if self.symbol else self.kind.value


@dataclass(frozen=True)
class Tile:
    """One built tile: where, what, whose, on which canal and in which section."""

    hex: Hex
    kind: TileKind
    owner: str
    canal: str  # contract name, or "junction"
    section: int  # 0-based index of the section within its canal
    recent: bool = False


JUNCTION = "junction"


def is_junction_name(name: str, contracts: Collection[str]) -> bool:
    """Whether a contract name written in a file means the junction contract: ``junction``,
    unless the board has a contract of that name."""
    return name == JUNCTION and name not in contracts


@dataclass(frozen=True)
class Canal:
    """A player's canal: its contract, and the places and tiles built so far, in order.

    ``route`` starts with the endpoint where the barge was placed; each element is a place
    name or a :class:`Tile`. A junction canal has ``contract`` equal to ``"junction"``.
    """

    contract: str
    owner: str
    route: tuple[str | Tile, ...]
    completed: bool
    value: int

    @property
    def is_junction(self) -> bool:
        return self.contract == JUNCTION

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(x for x in self.route if isinstance(x, Tile))

    @property
    def places(self) -> tuple[str, ...]:
        return tuple(x for x in self.route if isinstance(x, str))

    @property
    def start(self) -> str | None:
        first = self.route[0] if self.route else None
        return first if isinstance(first, str) else None

    @property
    def barge(self) -> Hex | str | None:
        """Where the barge stands: the last place reached or the last tile built."""
        if self.completed or not self.route:
            return None
        last = self.route[-1]
        return last if isinstance(last, str) else last.hex

    def sections(self) -> tuple[tuple[str, tuple[Tile, ...], str | None], ...]:
        """Each section as (from place, its tiles, to place or None when still open)."""
        out: list[tuple[str, tuple[Tile, ...], str | None]] = []
        current: list[Tile] = []
        start: str | None = None
        for item in self.route:
            if isinstance(item, str):
                if start is not None:
                    out.append((start, tuple(current), item))
                start = item
                current = []
            else:
                current.append(item)
        if start is not None and current:
            out.append((start, tuple(current), None))
        return tuple(out)


@dataclass(frozen=True)
class Player:
    """One player's state. ``hand`` is None when the file does not say."""

    colour: str
    name: str | None
    engineer: str | None
    score: int
    hand: Mapping[CardKind, int] | None
    supply: Mapping[TileKind, int]
    junctions: int
    canals: tuple[Canal, ...]
    completed_contracts: tuple[str, ...]

    @property
    def open_canals(self) -> tuple[Canal, ...]:
        return tuple(c for c in self.canals if not c.completed)

    def hand_size(self) -> int | None:
        return None if self.hand is None else sum(self.hand.values())


@dataclass(frozen=True)
class Position:
    """The whole state of a game at one moment."""

    players: tuple[Player, ...]
    parliament: tuple[str, ...] | None
    contract_deck: tuple[str, ...] | int | None
    display: tuple[Card, ...] | None
    deck: tuple[Card, ...] | int | None
    discard_pile: tuple[Card, ...] | int | None
    cubes: frozenset[str]
    basin: int
    engineers_aside: tuple[str, ...]
    now: str | None
    phase: int
    round: int | None
    endgame_round: int | None
    endgame_triggered: bool

    def player(self, colour: str) -> Player:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for p in self.players for c in p.canals for t in c.tiles)

    def tiles_at(self) -> Mapping[Hex, tuple[Tile, ...]]:
        out: dict[Hex, list[Tile]] = {}
        for t in self.tiles:
            out.setdefault(t.hex, []).append(t)
        return MappingProxyType({h: tuple(ts) for h, ts in out.items()})
