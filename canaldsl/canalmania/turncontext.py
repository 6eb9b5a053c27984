"""What every action of a turn works on: the game being changed, the referee, the points scored.

:class:`TurnContext` is the base of the action families of the rules engine
(:mod:`canaldsl.canalmania.actions_contracts`, ``actions_cards``, ``actions_goods``,
``actions_build``, ``actions_payment``); each family plays the steps of one family of rules
(:mod:`canaldsl.canalmania.checks_contracts` and its siblings) and calls their checks through
:meth:`TurnContext.check`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ParamSpec

from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.components import CardKind, Edition
from canaldsl.canalmania.position import Card
from canaldsl.canalmania.state import GameState, PlayerState
from canaldsl.diagnostics import Span
from canaldsl.hexgrid import Hex
from canaldsl.rules import Referee

P = ParamSpec("P")


@dataclass(frozen=True)
class TilePayment:
    """The cards that paid for one tile of a turn, as written or (``chosen`` True) chosen by
    the engine from the hand (:func:`~canaldsl.canalmania.actions_payment.plan_payments`)."""

    kind: str
    hex: str
    cards: tuple[str, ...]
    chosen: bool


@dataclass
class Obligation:
    """Goods cubes owed for a goods symbol that came up."""

    symbol: str
    span: Span


@dataclass
class TurnContext:
    """One turn being played: the game (a copy), the turn, the referee and what the turn owes."""

    state: GameState
    turn: mv.Turn
    auto_plan: list[list[CardKind]] = field(default_factory=list)
    auto_unpaid_reported: bool = False
    hand_at_build: Counter[CardKind] = field(default_factory=Counter)
    referee: Referee = field(default_factory=Referee)
    points: Counter[str] = field(default_factory=Counter)
    obligations: list[Obligation] = field(default_factory=list)
    built_now: set[Hex] = field(default_factory=set)
    discarded_for_limit: int = 0
    payments: list[TilePayment] = field(default_factory=list)
    wrongly_built: dict[int, tuple[int, int]] = field(default_factory=dict)
    """2nd edition: each canal (by id) this turn builds on that was wrongly built before it
    (it could not be completed correctly): its tiles then, and the fewest more tiles that
    complete it (:func:`canaldsl.canalmania.routes.shortest_completion`)."""
    consulted: set[str] = field(default_factory=set)
    """The switches this turn's checks read (only where the reading could matter)."""

    # -- helpers
    def check(
        self, function: Callable[P, str | None], span: Span, /, *args: P.args, **kwargs: P.kwargs
    ) -> bool:
        """Run one rule's check with its own typed arguments; record a violation when it is
        broken. True when it holds."""
        return self.referee.check(function, span, *args, **kwargs)

    @property
    def player(self) -> PlayerState:
        return self.state.player(self.turn.player.text)

    @property
    def edition(self) -> Edition:
        return self.state.rules.edition

    def option(self, name: str) -> str:
        """A switch's value; read only where its reading could change a verdict, since every
        switch read is played the other way to see whether it decided the turn."""
        self.consulted.add(name)
        return self.state.rules.options[name]

    def score(self, colour: str, points: int) -> None:
        if points:
            self.state.player(colour).score += points
            self.points[colour] += points

    @staticmethod
    def take_follow_up(steps: list[mv.Step], index: int, kind: type) -> mv.Step | None:
        """Remove and return the first step of ``kind`` among the follow-ups of this action."""
        j = index
        while j < len(steps) and isinstance(
            steps[j], (mv.PlaceCubes, mv.RemoveCube, mv.Refill, mv.Reveal)
        ):
            if isinstance(steps[j], kind):
                return steps.pop(j)
            j += 1
        return None

    def deal(self, count: int) -> tuple[list[Card], int]:
        """Take ``count`` cards off the deck: the known ones in order, and how many unknown.

        An empty deck is replaced by the reshuffled discard pile, whose order nobody knows.
        Fewer cards are dealt only when the deck and the discard pile are both empty.
        """
        state = self.state
        known: list[Card] = []
        unknown = 0
        while len(known) + unknown < count:
            deck = state.deck
            if isinstance(deck, list) and deck:
                known.append(deck.pop(0))
            elif isinstance(deck, int) and deck > 0:
                state.deck = deck - 1
                unknown += 1
            elif deck is None:
                unknown += 1
            else:  # the deck is empty: shuffle the discard pile into a new one
                pile = state.discard_pile
                size = len(pile) if isinstance(pile, list) else pile
                if size == 0:
                    break
                state.discard_pile = (
                    [] if isinstance(pile, list) else 0 if isinstance(pile, int) else None
                )
                state.deck = size
        return known, unknown

    def to_discard(self, cards: Sequence[Card], count: int | None = None) -> None:
        pile = self.state.discard_pile
        number = len(cards) if count is None else count
        if isinstance(pile, list):
            if count is None:
                pile.extend(cards)
            else:
                self.state.discard_pile = len(pile) + number
        elif isinstance(pile, int):
            self.state.discard_pile = pile + number
