"""Typed turns: what a player does on a turn, step by step, each step with its source span.

A turn is a player and its actions. The rules allow exactly one action a turn (draw train
cards, claim one route, or draw destination tickets), but a turn as written may hold several or
none: the referee then says which rule that breaks. Every action, and every card drawn, carries
the :class:`~canaldsl.diagnostics.Span` of the text that wrote it, so a verdict can point at
the step that broke a rule (the language layer fills the spans; tests may give them directly).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from canaldsl.diagnostics import UNKNOWN_SPAN, Span
from canaldsl.tickettoride.board import Route, Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import Colour, PlayerColour


class Source(enum.Enum):
    """Where a train card is drawn from."""

    FACE_UP = "face-up"
    BLIND = "blind"


@dataclass(frozen=True)
class CardDraw:
    """One train card drawn: from the face-up cards (``card`` says which colour: required) or
    blind from the deck (``card`` when known). ``revealed`` are the cards turned face up
    after a face-up draw, in order: the replacement, then, when three locomotives lie face up,
    the five new ones (None: not known; empty: none was turned up)."""

    source: Source
    card: Colour | None = None
    revealed: tuple[Colour, ...] | None = None
    span: Span = UNKNOWN_SPAN

    def __post_init__(self) -> None:
        if self.source is Source.FACE_UP and self.card is None:
            raise ValueError("a face-up draw names the card taken")
        if self.source is Source.BLIND and self.revealed is not None:
            raise ValueError("a blind draw turns up no card")
        for colour in (self.card, *(self.revealed or ())):
            if colour is Colour.GREY:
                raise ValueError("there are no grey train cards")


@dataclass(frozen=True)
class DrawCards:
    """The action of drawing train cards: the cards drawn, in order."""

    draws: tuple[CardDraw, ...]
    span: Span = UNKNOWN_SPAN


@dataclass(frozen=True)
class Claim:
    """The action of claiming a route: which route, which of its tracks (``colour``; None:
    any free one the cards fit), the cards paid (None: not written)."""

    route: Route
    colour: Colour | None = None
    cards: Cards | None = None
    span: Span = UNKNOWN_SPAN
    cards_span: Span | None = None

    @property
    def payment_span(self) -> Span:
        """Where the cards paid are written (the claim's span when not given)."""
        return self.cards_span or self.span


@dataclass(frozen=True)
class DrawTickets:
    """The action of drawing destination tickets: the tickets drawn and those kept, each
    when known, else how many (``drawn_count``, ``kept_count``). ``setup``: the three
    tickets dealt at the start of the game (keep at least two), not a turn of play."""

    drawn: tuple[Ticket, ...] | None = None
    kept: tuple[Ticket, ...] | None = None
    drawn_count: int | None = None
    kept_count: int | None = None
    span: Span = UNKNOWN_SPAN
    kept_span: Span | None = None
    setup: bool = False

    def __post_init__(self) -> None:
        if self.drawn is not None:
            object.__setattr__(self, "drawn_count", len(self.drawn))
        if self.kept is not None:
            object.__setattr__(self, "kept_count", len(self.kept))

    @property
    def returned(self) -> tuple[Ticket, ...] | None:
        """The tickets put back (when both the drawn and kept tickets are known)."""
        if self.drawn is None or self.kept is None:
            return None
        left = list(self.kept)
        out: list[Ticket] = []
        for ticket in self.drawn:
            if ticket in left:
                left.remove(ticket)
            else:
                out.append(ticket)
        return tuple(out)

    @property
    def keep_span(self) -> Span:
        return self.kept_span or self.span


Action = DrawCards | Claim | DrawTickets


@dataclass(frozen=True)
class Turn:
    """One player's turn: its actions as written (the rules allow exactly one)."""

    player: PlayerColour
    actions: tuple[Action, ...]
    span: Span = field(default=UNKNOWN_SPAN)

    @property
    def is_setup(self) -> bool:
        """Whether this is the choice of starting tickets (not a turn of play)."""
        return any(isinstance(a, DrawTickets) and a.setup for a in self.actions)
