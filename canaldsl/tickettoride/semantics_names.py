"""The semantic analysis's shared state and name resolution: diagnostics (each with a hint),
colours, players, cities, routes, tracks, tickets and cards resolved against the map, with a
"did you mean" where a name is close to a known one."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from canaldsl.diagnostics import Diagnostic, SourceText, Span
from canaldsl.syntaxtree import Ref, RulebookDecl
from canaldsl.tickettoride import codes as c
from canaldsl.tickettoride import syntax as s
from canaldsl.tickettoride.board import (
    Board,
    BoardError,
    Route,
    Ticket,
    UnknownCityError,
    UnknownRouteError,
    UnknownTicketError,
)
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import (
    Colour,
    ColourError,
    PlayerColour,
    card_colour,
    parse_player,
    track_colour,
)
from canaldsl.tickettoride.position import (
    Deck,
    Discards,
    LastRound,
    Player,
    Position,
    TicketDeck,
)

BOARDS = ("usa",)
"""The built-in maps, by the name ``board`` takes."""
_DASH = re.compile(r"\s*[-\u2013\u2014]\s*")


class Resolver:
    """What the analysis knows so far, and the resolution of names against it."""

    def __init__(self, document: s.Document, source: SourceText) -> None:
        self.document = document
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.board: Board | None = None
        self.board_name: str | None = None
        self.tickets_1910 = False
        self.settings: dict[str, str] = {}
        self.players_setting: tuple[int, Span] | None = None
        self.players: list[Player] = []
        self.player_spans: dict[PlayerColour, Span] = {}
        self.owners: list[PlayerColour | None] = []
        self.display = Cards()
        self.display_unknown: int | None = None
        self.deck = Deck()
        self.discards = Discards()
        self.ticket_deck = TicketDeck()
        self.to_move: PlayerColour | None = None
        self.last_round: LastRound | None = None
        self.finished = False
        self.position: Position | None = None
        self.position_failed = False
        self.events: list[Any] = []  # semantics.Event and unreadable turns
        self.seen: dict[str, Span] = {}
        self.rulebook: RulebookDecl | None = None
        self.known_error: str | None = None
        self.first_span: Span | None = None

    # ------------------------------------------------------------ diagnostics
    def error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(self.source.diagnostic(code, message, span, hint=hint))

    def once(self, what: str, span: Span) -> bool:
        if what in self.seen:
            first = self.seen[what]
            self.error(
                c.REPEATED,
                f"{what} is given twice (first at line {first.line})",
                span,
                hint=f"keep one {what} statement and remove the other",
            )
            return False
        self.seen[what] = span
        return True

    # ------------------------------------------------------------ names
    def colour(self, ref: Ref, *, track: bool = False) -> Colour | None:
        try:
            return track_colour(ref.text) if track else card_colour(ref.text)
        except ColourError as exc:
            kinds = "a track colour (or grey)" if track else "a card colour or locomotive"
            hint = f"write {exc.suggestion}" if exc.suggestion else f"write {kinds}"
            self.error(c.UNKNOWN_COLOUR, f"{ref.text!r} is not {kinds}", ref.span, hint=hint)
            return None

    def player_colour(self, ref: Ref) -> PlayerColour | None:
        try:
            return parse_player(ref.text)
        except ColourError as exc:
            names = ", ".join(p.value for p in PlayerColour)
            hint = f"write {exc.suggestion}" if exc.suggestion else f"players are {names}"
            self.error(c.UNKNOWN_PLAYER, f"{ref.text!r} is not a player colour", ref.span, hint)
            return None

    def playing(self, ref: Ref) -> PlayerColour | None:
        colour = self.player_colour(ref)
        if colour is None or not self.players:
            return colour
        if all(p.colour is not colour for p in self.players):
            names = ", ".join(str(p.colour) for p in self.players)
            self.error(
                c.NOT_PLAYING,
                f"{colour} does not play in this game",
                ref.span,
                hint=f"the players are {names}",
            )
            return None
        return colour

    def _name_error(self, exc: BoardError, span: Span) -> None:
        suggestion = getattr(exc, "suggestion", None)
        if isinstance(exc, UnknownCityError):
            code, what = c.UNKNOWN_CITY, "city"
        elif isinstance(exc, UnknownTicketError):
            code, what = c.UNKNOWN_TICKET, "ticket"
        else:
            code, what = c.UNKNOWN_ROUTE, "route"
        message = str(exc).split(" (did you mean")[0]
        hint = f"did you mean {suggestion}?" if suggestion else f"write a {what} of this map"
        if isinstance(exc, UnknownCityError) and self.board is not None and not suggestion:
            hint = "the cities are listed by `canaldsl board " + (self.board_name or "usa") + "`"
        self.error(code, message, span, hint=hint)

    def route(self, ref: Ref) -> Route | None:
        assert self.board is not None
        try:
            return self.board.route(ref.text)
        except BoardError as exc:
            self._name_error(exc, ref.span)
            return None

    def ticket(self, ref: s.TicketRef) -> Ticket | None:
        assert self.board is not None
        try:
            points = None if ref.points is None else ref.points.value
            return self.board.ticket(ref.pair.text, points)
        except BoardError as exc:
            self._name_error(exc, ref.pair.span)
            return None

    def tickets(self, refs: Iterable[s.TicketRef]) -> tuple[Ticket, ...] | None:
        found = [self.ticket(r) for r in refs]
        if any(t is None for t in found):
            return None
        return tuple(t for t in found if t is not None)

    def cards(self, items: Iterable[s.CardItem]) -> Cards | None:
        total = Cards()
        ok = True
        for item in items:
            if item.kind.text == "unknown":
                self.error(
                    c.MISPLACED_UNKNOWN,
                    "'unknown' cannot be one of these cards",
                    item.kind.span,
                    hint="write the cards known, or only how many (hand 5 cards, deck 40)",
                )
                ok = False
                continue
            colour = self.colour(item.kind)
            if colour is None:
                ok = False
            else:
                total = total.add(colour, item.number)
        return total if ok else None

    def card_sequence(self, items: Iterable[s.CardItem]) -> tuple[Colour, ...] | None:
        out: list[Colour] = []
        ok = True
        for item in items:
            colour = self.colour(item.kind)
            if colour is None:
                ok = False
            else:
                out.extend([colour] * item.number)
        return tuple(out) if ok else None

    def track(self, ref: s.TrackRef) -> int | None:
        assert self.board is not None
        route = self.route(ref.pair)
        if route is None:
            return None
        colour = None
        if ref.colour is not None:
            colour = self.colour(ref.colour, track=True)
            if colour is None:
                return None
        try:
            fits = [
                t for t in route.tracks if colour is None or self.board.tracks[t].colour is colour
            ]
            if not fits:
                self.board.track_of(route, colour)
        except UnknownRouteError as exc:
            self._name_error(exc, ref.colour.span if ref.colour else ref.pair.span)
            return None
        if ref.slot is not None:
            if not 1 <= ref.slot.value <= len(fits):
                self.error(
                    c.UNKNOWN_ROUTE,
                    f"{route.name} has {len(fits)} {colour or ''} track(s), not a number "
                    f"{ref.slot.value}",
                    ref.slot.span,
                    hint=f"write 1{' or 2' if len(fits) == 2 else ''}",
                )
                return None
            return fits[ref.slot.value - 1]
        if colour is None and route.is_double and len(fits) == 2:
            free = [t for t in fits if self.owners and self.owners[t] is None]
            return (free or fits)[0]
        free = [t for t in fits if self.owners and self.owners[t] is None]
        return (free or fits)[0]
