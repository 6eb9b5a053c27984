"""The working state of a game while the rules engine plays a turn.

:class:`GameState` is a mutable copy of a :class:`~canaldsl.canalmania.position.Position`,
made for one turn and turned back into an immutable position afterwards. Unknown information
(a hand nobody stated, the order of the deck) stays unknown (None).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import MappingProxyType

from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import ENGINEERS, CardKind, EditionFacts, TileKind, facts
from canaldsl.canalmania.position import (
    JUNCTION,
    Canal,
    Card,
    Player,
    Position,
    Rules,
    Tile,
)
from canaldsl.hexgrid import Hex


@dataclass
class CanalState:
    """A canal being played: its contract, route so far, and whether it is complete."""

    contract: str
    owner: str
    route: list[str | Tile]
    completed: bool
    value: int
    source: Canal | None = field(default=None, compare=False, repr=False)
    """The immutable canal this one was made from (or last frozen to): :meth:`frozen` gives
    it back while nothing changed, so positions of a long game share their unchanged canals."""

    @property
    def is_junction(self) -> bool:
        return self.contract == JUNCTION

    def copy(self) -> CanalState:
        return CanalState(
            self.contract, self.owner, list(self.route), self.completed, self.value, self.source
        )

    @property
    def tiles(self) -> list[Tile]:
        return [x for x in self.route if isinstance(x, Tile)]

    @property
    def places(self) -> list[str]:
        return [x for x in self.route if isinstance(x, str)]

    @property
    def end(self) -> str | Tile | None:
        return self.route[-1] if self.route else None

    @property
    def barge(self) -> Hex | str | None:
        if self.completed or not self.route:
            return None
        last = self.route[-1]
        return last if isinstance(last, str) else last.hex

    @property
    def section_index(self) -> int:
        """The index of the section the next tile would belong to."""
        return max(len(self.places) - 1, 0)

    def frozen(self) -> Canal:
        route = tuple(self.route)
        known = self.source
        if (
            known is not None
            and known.route == route
            and known.completed == self.completed
            and known.value == self.value
            and known.contract == self.contract
            and known.owner == self.owner
        ):
            return known
        self.source = Canal(
            contract=self.contract,
            owner=self.owner,
            route=route,
            completed=self.completed,
            value=self.value,
        )
        return self.source


@dataclass
class PlayerState:
    colour: str
    name: str | None
    engineer: str | None
    score: int
    hand: Counter[CardKind] | None
    supply: Counter[TileKind]
    junctions: int
    canals: list[CanalState]
    completed_contracts: list[str]
    source: Player | None = field(default=None, compare=False, repr=False)
    """The immutable player this one was made from (or last frozen to), given back by
    :meth:`frozen` while nothing changed."""

    @property
    def open_canals(self) -> list[CanalState]:
        return [c for c in self.canals if not c.completed]

    def canal(self, contract: str) -> CanalState | None:
        for c in self.canals:
            if c.contract == contract and not c.completed:
                return c
        return None

    def hand_size(self) -> int | None:
        return None if self.hand is None else sum(self.hand.values())

    @property
    def engineer_number(self) -> int:
        engineer = ENGINEERS.get(self.engineer or "")
        return engineer.number if engineer else 0

    def copy(self) -> PlayerState:
        return PlayerState(
            colour=self.colour,
            name=self.name,
            engineer=self.engineer,
            score=self.score,
            hand=Counter(self.hand) if self.hand is not None else None,
            supply=Counter(self.supply),
            junctions=self.junctions,
            canals=[c.copy() for c in self.canals],
            completed_contracts=list(self.completed_contracts),
            source=self.source,
        )

    def frozen(self) -> Player:
        made = Player(
            colour=self.colour,
            name=self.name,
            engineer=self.engineer,
            score=self.score,
            hand=MappingProxyType(
                {k: n for k, n in sorted(self.hand.items(), key=lambda i: i[0].value) if n}
            )
            if self.hand is not None
            else None,
            supply=MappingProxyType(dict(self.supply)),
            junctions=self.junctions,
            canals=tuple(c.frozen() for c in self.canals),
            completed_contracts=_canal_order(self),
        )
        if self.source is not None and self.source == made:
            return self.source
        self.source = made
        return made


@dataclass(frozen=True)
class Section:
    """A completed section: two places joined by one canal's tiles."""

    a: str
    b: str
    owner: str
    canal: str
    tiles: int

    def other(self, place: str) -> str:
        return self.b if place == self.a else self.a


@dataclass
class GameState:
    board: Board
    rules: Rules
    players: list[PlayerState]
    parliament: list[str] | None
    contract_deck: list[str] | int | None
    display: list[Card] | None
    deck: list[Card] | int | None
    discard_pile: list[Card] | int | None
    cubes: set[str]
    basin: int
    engineers_aside: list[str]
    now: str | None
    phase: int
    round: int | None
    endgame_round: int | None
    endgame_triggered: bool
    log: list[str] = field(default_factory=list)
    source: Position | None = field(default=None, compare=False, repr=False)
    """The immutable position this state was made from (or last turned into)."""

    @property
    def facts(self) -> EditionFacts:
        return facts(self.rules.edition)

    @classmethod
    def bare(
        cls,
        board: Board,
        rules: Rules,
        *,
        players: list[PlayerState],
        now: str | None,
        phase: int,
    ) -> GameState:
        """A position with only players: no cubes, cards or contracts known, no round."""
        return cls(
            board=board,
            rules=rules,
            players=players,
            parliament=None,
            contract_deck=None,
            display=None,
            deck=None,
            discard_pile=None,
            cubes=set(),
            basin=0,
            engineers_aside=[],
            now=now,
            phase=phase,
            round=None,
            endgame_round=None,
            endgame_triggered=False,
        )

    @classmethod
    def from_position(cls, position: Position, board: Board, rules: Rules) -> GameState:
        players = [
            PlayerState(
                colour=p.colour,
                name=p.name,
                engineer=p.engineer,
                score=p.score,
                hand=Counter(p.hand) if p.hand is not None else None,
                supply=Counter(p.supply),
                junctions=p.junctions,
                canals=[
                    CanalState(c.contract, c.owner, list(c.route), c.completed, c.value, c)
                    for c in p.canals
                ],
                completed_contracts=list(p.completed_contracts),
                source=p,
            )
            for p in position.players
        ]

        def listed(value: tuple[str, ...] | tuple[Card, ...] | int | None) -> object:
            return list(value) if isinstance(value, tuple) else value

        return cls(
            board=board,
            rules=rules,
            players=players,
            parliament=list(position.parliament) if position.parliament is not None else None,
            contract_deck=listed(position.contract_deck),  # type: ignore[arg-type]
            display=list(position.display) if position.display is not None else None,
            deck=listed(position.deck),  # type: ignore[arg-type]
            discard_pile=listed(position.discard_pile),  # type: ignore[arg-type]
            cubes=set(position.cubes),
            basin=position.basin,
            engineers_aside=list(position.engineers_aside),
            now=position.now,
            phase=position.phase,
            round=position.round,
            endgame_round=position.endgame_round,
            endgame_triggered=position.endgame_triggered,
            source=position,
        )

    def copy(self) -> GameState:
        """An independent copy; the board and rules, and the cards and tiles (all immutable),
        are shared."""

        def listed(value: list[str] | list[Card] | int | None) -> object:
            return list(value) if isinstance(value, list) else value

        return GameState(
            board=self.board,
            rules=self.rules,
            players=[p.copy() for p in self.players],
            parliament=list(self.parliament) if self.parliament is not None else None,
            contract_deck=listed(self.contract_deck),  # type: ignore[arg-type]
            display=list(self.display) if self.display is not None else None,
            deck=listed(self.deck),  # type: ignore[arg-type]
            discard_pile=listed(self.discard_pile),  # type: ignore[arg-type]
            cubes=set(self.cubes),
            basin=self.basin,
            engineers_aside=list(self.engineers_aside),
            now=self.now,
            phase=self.phase,
            round=self.round,
            endgame_round=self.endgame_round,
            endgame_triggered=self.endgame_triggered,
            log=list(self.log),
            source=self.source,
        )

    def settle(self) -> None:
        """Put the state in the form :meth:`from_position` gives the position it turns into
        (hands sorted by kind without empty entries, completed contracts in canal order, no
        log), so that a turn can be played on from it without a round trip through a
        position."""
        for player in self.players:
            if player.hand is not None:
                player.hand = Counter(
                    {k: n for k, n in sorted(player.hand.items(), key=lambda i: i[0].value) if n}
                )
            player.completed_contracts = list(_canal_order(player))
        self.cubes = set(frozenset(self.cubes))
        self.log = []

    def to_position(self) -> Position:
        def tupled(value: list[str] | list[Card] | int | None) -> object:
            return tuple(value) if isinstance(value, list) else value

        made = Position(
            players=tuple(p.frozen() for p in self.players),
            parliament=tuple(self.parliament) if self.parliament is not None else None,
            contract_deck=tupled(self.contract_deck),  # type: ignore[arg-type]
            display=tuple(self.display) if self.display is not None else None,
            deck=tupled(self.deck),  # type: ignore[arg-type]
            discard_pile=tupled(self.discard_pile),  # type: ignore[arg-type]
            cubes=frozenset(self.cubes),
            basin=self.basin,
            engineers_aside=tuple(self.engineers_aside),
            now=self.now,
            phase=self.phase,
            round=self.round,
            endgame_round=self.endgame_round,
            endgame_triggered=self.endgame_triggered,
        )
        if self.source is not None and self.source == made:
            return self.source  # unchanged: positions of a long game share it
        self.source = made
        return made

    # ------------------------------------------------------------ queries
    def player(self, colour: str) -> PlayerState:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def has_player(self, colour: str) -> bool:
        return any(p.colour == colour for p in self.players)

    def next_player(self, colour: str) -> str:
        """The player after ``colour`` in seating order (clockwise)."""
        colours = [p.colour for p in self.players]
        return colours[(colours.index(colour) + 1) % len(colours)]

    def canals(self) -> Iterator[CanalState]:
        for p in self.players:
            yield from p.canals

    def tiles_at(self, hex: Hex) -> list[Tile]:
        return [t for c in self.canals() for t in c.tiles if t.hex == hex]

    def connected_places(self) -> set[str]:
        """Places that some canal's tiles lead into (and start places of canals with tiles)."""
        out: set[str] = set()
        for canal in self.canals():
            route = canal.route
            for i, item in enumerate(route):
                if isinstance(item, str) and (
                    (i > 0 and isinstance(route[i - 1], Tile))
                    or (i + 1 < len(route) and isinstance(route[i + 1], Tile))
                ):
                    out.add(item)
        return out

    def sections(self) -> list[Section]:
        """Every completed section of every canal, open or completed."""
        out: list[Section] = []
        for canal in self.canals():
            start: str | None = None
            count = 0
            for item in canal.route:
                if isinstance(item, str):
                    if start is not None and count:
                        out.append(Section(start, item, canal.owner, canal.contract, count))
                    start = item
                    count = 0
                else:
                    count += 1
        return out

    def contract_holder(self, contract: str) -> str | None:
        for p in self.players:
            if any(c.contract == contract for c in p.canals):
                return p.colour
        return None


def _canal_order(player: PlayerState) -> tuple[str, ...]:
    """Completed contracts in the order of the player's canals (one order, however reached)."""
    order = {c.contract: i for i, c in enumerate(player.canals)}
    return tuple(sorted(player.completed_contracts, key=lambda n: order.get(n, len(order))))
