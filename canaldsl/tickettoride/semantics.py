"""The semantic analysis of a Ticket to Ride file: names resolved, the map, the position and
the turns built, every problem reported at once (E7xx, each at its line and column with a hint
that says the fix).

A file is read in order: ``rules`` (switches, player count), ``board`` (the USA map, or a map
of one's own), the position (players, face-up cards, deck, discards, ticket deck, whose turn,
the last round), then turns, expectations and queries. Whatever is not written is not known
(a hand, the deck), except: a player's trains default to 45 less those on the board, their
tickets to none, the player to move to the first written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from canaldsl.diagnostics import Diagnostic, SourceText, Span, did_you_mean
from canaldsl.syntaxtree import ExpectIllegal, ExpectLegal, KnownErrorDecl, Ref, RulebookDecl
from canaldsl.tickettoride import codes as c
from canaldsl.tickettoride import syntax as s
from canaldsl.tickettoride.board import (
    Board,
    BoardError,
    City,
    Route,
    RouteSpec,
    Ticket,
    TicketSpec,
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
from canaldsl.tickettoride.mapbuild import build_board
from canaldsl.tickettoride.position import (
    DISPLAY_SIZE,
    TRAINS_PER_PLAYER,
    Deck,
    Discards,
    Hand,
    HeldTickets,
    LastRound,
    Player,
    Position,
    PositionError,
    TicketDeck,
    validate,
)
from canaldsl.tickettoride.rulebook import BOOK
from canaldsl.tickettoride.turns import (
    Action,
    CardDraw,
    Claim,
    DrawCards,
    DrawTickets,
    Source,
    Turn,
)
from canaldsl.tickettoride.usa import usa_board

BOARDS = ("usa",)
"""The built-in maps, by the name ``board`` takes."""
_DASH = re.compile(r"\s*[-\u2013\u2014]\s*")


@dataclass(frozen=True)
class TurnEvent:
    """A turn of the file, typed, with its statement and its number (from 1)."""

    turn: Turn
    decl: s.TurnDecl
    number: int


Event = TurnEvent | s.Expectation | s.QueryDecl


@dataclass(frozen=True)
class Scenario:
    """A checked file: its map, the position it starts from, its events in order."""

    filename: str
    document: s.Document
    board: Board | None
    position: Position | None
    events: tuple[Event, ...]
    board_name: str | None = None
    tickets_1910: bool = False
    settings: dict[str, str] = field(default_factory=dict)
    rulebook: RulebookDecl | None = None
    known_error: str | None = None


class _Analysis:
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
        self.events: list[Event] = []
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

    # ------------------------------------------------------------ statements
    def run(self) -> None:
        for st in self.document.statements:
            self.statement(st)
        if self.position is None and self.board is not None and self.players:
            self.build_position(None)

    def statement(self, st: s.Statement) -> None:
        if isinstance(st, RulebookDecl):
            self.rulebook = st
        elif isinstance(st, KnownErrorDecl):
            self.known_error = st.reason.text
        elif isinstance(st, s.RulesDecl):
            self.rules(st)
        elif isinstance(st, s.BoardDecl):
            if self.once("board", st.span):
                self.board_decl(st)
        elif isinstance(st, s.TurnDecl):
            self.turn(st)
        elif isinstance(st, s.QueryDecl | ExpectLegal | ExpectIllegal) or type(
            st
        ).__name__.startswith("Expect"):
            self.expectation(st)
        else:
            self.position_statement(st)

    def rules(self, st: s.RulesDecl) -> None:
        if not self.once("rules", st.span):
            return
        for item in st.items:
            if isinstance(item, s.PlayersSetting):
                self.players_setting = (item.count.value, item.count.span)
                continue
            switch = BOOK.switches.get(item.name.text)
            if switch is None:
                guess = did_you_mean(item.name.text, BOOK.switches)
                self.error(
                    c.UNKNOWN_OPTION,
                    f"unknown option {item.name.text!r}",
                    item.name.span,
                    hint=f"did you mean {guess}?"
                    if guess
                    else "the options are " + ", ".join(sorted(BOOK.switches)),
                )
            elif item.value.text not in switch.values:
                self.error(
                    c.UNKNOWN_OPTION,
                    f"option {switch.name} has no value {item.value.text!r}",
                    item.value.span,
                    hint=f"write one of {', '.join(switch.values)}",
                )
            else:
                self.settings[switch.name] = item.value.text

    def board_decl(self, st: s.BoardDecl) -> None:
        name = st.name.text
        user_items = [i for i in st.items if not isinstance(i, s.TicketSetItem | s.TitleItem)]
        if name == "usa" and not user_items:
            year = None
            for item in st.items:
                if isinstance(item, s.TicketSetItem):
                    if item.year.value != 1910:
                        self.error(
                            c.TICKET_SET,
                            f"the USA map has no {item.year.value} ticket set",
                            item.year.span,
                            hint="write tickets 1910 (the USA 1910 set), or nothing for the "
                            "original 30",
                        )
                    else:
                        year = item.year.value
            self.tickets_1910 = year == 1910
            self.board = usa_board(tickets_1910=self.tickets_1910)
            self.board_name = "usa"
            return
        if not user_items:
            guess = did_you_mean(name, BOARDS)
            self.error(
                c.UNKNOWN_BOARD,
                f"unknown board {name!r}",
                st.name.span,
                hint=f"did you mean {guess}?"
                if guess
                else 'write board usa, or a map of your own: board "NAME" { city ... }',
            )
            return
        self.user_map(st)

    def user_map(self, st: s.BoardDecl) -> None:
        cities: list[City] = []
        routes: list[RouteSpec] = []
        tickets: list[TicketSpec] = []
        title = ""
        ok = True
        for item in st.items:
            if isinstance(item, s.TitleItem):
                title = item.title.text
            elif isinstance(item, s.TicketSetItem):
                self.error(
                    c.TICKET_SET,
                    "a map of one's own has no ticket sets",
                    item.span,
                    hint="write each ticket as: ticket A-B POINTS",
                )
                ok = False
            elif isinstance(item, s.CityItem):
                lat = lon = None
                if item.at is not None:
                    lat, lon = float(item.at[0]), float(item.at[1])
                cities.append(City(item.name.text, lat, lon, tuple(a.text for a in item.also)))
            elif isinstance(item, s.RouteItem):
                a, b = _pair(item.pair.text)
                colours = [self.colour(ref, track=True) for ref in item.colours]
                if any(x is None for x in colours):
                    ok = False
                    continue
                if len(colours) > 2:
                    self.error(
                        c.BAD_MAP,
                        f"route {item.pair.text} has {len(colours)} tracks",
                        item.colours[2].span,
                        hint="a route has one track, or two for a double route",
                    )
                    ok = False
                    continue
                routes.append(
                    RouteSpec(a, b, item.length.value, tuple(x for x in colours if x is not None))
                )
            elif isinstance(item, s.TicketItem):
                a, b = _pair(item.pair.text)
                tickets.append(TicketSpec(a, b, item.points.value))
        if not ok:
            return
        try:
            self.board = build_board(
                name=st.name.text, title=title, cities=cities, routes=routes, tickets=tickets
            )
            self.board_name = st.name.text
        except BoardError as exc:
            for problem in exc.problems:
                span = self._map_span(st, problem)
                self.error(c.BAD_MAP, problem, span, hint=_map_hint(problem))

    @staticmethod
    def _map_span(st: s.BoardDecl, problem: str) -> Span:
        for item in st.items:
            if isinstance(item, s.RouteItem | s.TicketItem) and item.pair.text in problem:
                return item.span
        for item in st.items:
            if isinstance(item, s.CityItem) and item.name.text in problem:
                return item.span
        return st.name.span

    # ------------------------------------------------------------ the position
    def need_board(self, span: Span) -> bool:
        if self.board is None:
            if "no-board" not in self.seen:
                self.seen["no-board"] = span
                if "board" not in self.seen:
                    self.error(
                        c.NO_BOARD,
                        "no board is given before this statement",
                        span,
                        hint="write board usa (or a map of your own) before the position",
                    )
            return False
        return True

    def position_statement(self, st: s.Statement) -> None:
        if self.position is not None or self.position_failed:
            self.error(
                c.LATE_SETUP,
                "the position is written before the first turn, expectation or query",
                st.span,
                hint="move this statement above the first turn",
            )
            return
        if not self.need_board(st.span):
            return
        if not self.owners:
            assert self.board is not None
            self.owners = [None] * len(self.board.tracks)
        if isinstance(st, s.PlayerDecl):
            self.player(st)
        elif isinstance(st, s.FaceUpDecl):
            if self.once("face-up", st.span):
                self.face_up(st)
        elif isinstance(st, s.DeckDecl):
            if self.once("deck", st.span):
                self.deck_decl(st)
        elif isinstance(st, s.DiscardsDecl):
            if self.once("discards", st.span):
                if st.size is not None:
                    self.discards = Discards(size=st.size.value)
                else:
                    found = self.cards(st.cards or ())
                    if found is not None:
                        self.discards = Discards(cards=found)
        elif isinstance(st, s.TicketDeckDecl):
            if self.once("ticket-deck", st.span):
                if st.size is not None:
                    self.ticket_deck = TicketDeck(size=st.size.value)
                else:
                    order = self.tickets(st.order or ())
                    if order is not None:
                        self.ticket_deck = TicketDeck(order=order)
        elif isinstance(st, s.ToMoveDecl):
            if self.once("to-move", st.span):
                self.to_move = self.player_colour(st.player)
        elif isinstance(st, s.LastRoundDecl):
            if self.once("last-round", st.span):
                by = self.player_colour(st.by)
                then = [self.player_colour(p) for p in st.then]
                if by is not None and all(p is not None for p in then):
                    self.last_round = LastRound(by, tuple(p for p in then if p is not None))
        elif isinstance(st, s.GameOverDecl) and self.once("game-over", st.span):
            self.finished = True

    def player(self, st: s.PlayerDecl) -> None:
        colour = self.player_colour(st.colour)
        if colour is None:
            return
        if colour in self.player_spans:
            first = self.player_spans[colour]
            self.error(
                c.REPEATED,
                f"player {colour} is written twice (first at line {first.line})",
                st.colour.span,
                hint="write each player once, with all they have",
            )
            return
        self.player_spans[colour] = st.span
        trains: int | None = None
        hand = Hand()
        held = HeldTickets((), 0)
        seen: set[type] = set()
        for item in st.items:
            if type(item) in seen:
                word = {
                    s.TrainsItem: "trains",
                    s.HandItem: "hand",
                    s.TicketsItem: "tickets",
                    s.RoutesItem: "routes",
                }[type(item)]
                self.error(
                    c.REPEATED,
                    f"{colour}'s {word} is given twice",
                    item.span,
                    hint=f"write one {word} line for {colour}",
                )
                continue
            seen.add(type(item))
            if isinstance(item, s.TrainsItem):
                if item.count.value > TRAINS_PER_PLAYER:
                    self.error(
                        c.BAD_NUMBER,
                        f"{item.count.value} trains: a player has {TRAINS_PER_PLAYER}",
                        item.count.span,
                        hint=f"write at most {TRAINS_PER_PLAYER}",
                    )
                else:
                    trains = item.count.value
            elif isinstance(item, s.HandItem):
                if item.size is not None:
                    hand = Hand(None, item.size.value)
                elif item.cards is not None:
                    found = self.cards(item.cards)
                    if found is not None:
                        hand = Hand.known(found)
            elif isinstance(item, s.TicketsItem):
                if item.count is not None:
                    held = HeldTickets(None, item.count.value)
                elif item.tickets is None:
                    held = HeldTickets(None, None)
                else:
                    found_tickets = self.tickets(item.tickets)
                    if found_tickets is not None:
                        held = HeldTickets.known(found_tickets)
            else:
                for ref in item.tracks:
                    index = self.track(ref)
                    if index is None:
                        continue
                    owner = self.owners[index]
                    if owner is not None:
                        assert self.board is not None
                        self.error(
                            c.TRACK_TWICE,
                            f"{self.board.track_label(index)} is already {owner}'s",
                            ref.pair.span,
                            hint="a track has one owner: remove it from one of the players"
                            + (" (or name the other track's colour)" if ref.colour is None else ""),
                        )
                        continue
                    self.owners[index] = colour
        if trains is None:
            assert self.board is not None
            placed = sum(
                self.board.tracks[t].length for t, o in enumerate(self.owners) if o is colour
            )
            trains = max(TRAINS_PER_PLAYER - placed, 0)
        self.players.append(Player(colour, trains, hand, held))

    def face_up(self, st: s.FaceUpDecl) -> None:
        known = Cards()
        unknown = 0
        ok = True
        for item in st.cards:
            if item.kind.text == "unknown":
                unknown += item.number
                continue
            colour = self.colour(item.kind)
            if colour is None:
                ok = False
            else:
                known = known.add(colour, item.number)
        if known.total + unknown > DISPLAY_SIZE:
            self.error(
                c.BAD_NUMBER,
                f"{known.total + unknown} face-up cards: there are {DISPLAY_SIZE}",
                st.span,
                hint=f"write at most {DISPLAY_SIZE} cards (unknown for one not seen)",
            )
            ok = False
        if ok:
            self.display = known
            self.display_unknown = unknown

    def deck_decl(self, st: s.DeckDecl) -> None:
        if st.size is not None:
            self.deck = Deck(size=st.size.value)
        elif st.order is not None:
            order = self.card_sequence(st.order)
            if order is not None:
                self.deck = Deck.ordered(order)
        else:
            found = self.cards(st.cards or ())
            if found is not None:
                self.deck = Deck(cards=found)

    def build_position(self, span: Span | None) -> None:
        if self.position is not None or self.position_failed or self.board is None:
            return
        where = span or Span(1, 1, 1, 2)
        if not self.players:
            self.position_failed = True
            self.error(
                c.NO_PLAYERS,
                "no players are written before this statement",
                where,
                hint="write each player first: player red { trains 45 }",
            )
            return
        if self.players_setting is not None and self.players_setting[0] != len(self.players):
            count, at = self.players_setting
            self.error(
                c.PLAYER_COUNT,
                f"the rules say {count} players but {len(self.players)} are written",
                at,
                hint=f"write players {len(self.players)}, or write every player",
            )
        first = next(iter(self.player_spans.values()))
        to_move = self.to_move or self.players[0].colour
        display_unknown = DISPLAY_SIZE if self.display_unknown is None else self.display_unknown
        settings = MappingProxyType(dict(self.settings))
        position = Position(
            board=self.board,
            players=tuple(self.players),
            owners=tuple(self.owners or [None] * len(self.board.tracks)),
            to_move=to_move,
            display=self.display,
            display_unknown=display_unknown,
            deck=self.deck,
            discards=self.discards,
            ticket_deck=self.ticket_deck,
            last_round=self.last_round,
            finished=self.finished,
            settings=settings,
        )
        try:
            self.position = validate(position)
        except PositionError as exc:
            self.position_failed = True
            for problem in exc.problems:
                self.error(
                    c.BAD_POSITION,
                    problem,
                    first,
                    hint="correct the position so that it can occur in a game",
                )

    # ------------------------------------------------------------ turns and claims
    def turn(self, st: s.TurnDecl) -> None:
        if not self.need_board(st.span):
            return
        self.build_position(st.span)
        colour = self.playing(st.player)
        actions = [self.action(a) for a in st.actions]
        if colour is None or any(a is None for a in actions) or self.position is None:
            self.events.append(_Broken(st))  # type: ignore[arg-type]
            return
        number = 1 + sum(1 for e in self.events if isinstance(e, TurnEvent | _Broken))
        turn = Turn(colour, tuple(a for a in actions if a is not None), st.span)
        self.events.append(TurnEvent(turn, st, number))

    def action(self, act: s.Action) -> Action | None:
        if isinstance(act, s.DrawAction):
            draws = []
            for step in act.draws:
                card = self.colour(step.card) if step.card is not None else None
                if step.card is not None and card is None:
                    return None
                revealed = None
                if step.revealing is not None:
                    found = [self.colour(r) for r in step.revealing]
                    if any(f is None for f in found):
                        return None
                    revealed = tuple(f for f in found if f is not None)
                if step.face_up:
                    draws.append(CardDraw(Source.FACE_UP, card, revealed, step.span))
                else:
                    draws.append(CardDraw(Source.BLIND, card, None, step.span))
            return DrawCards(tuple(draws), act.span)
        if isinstance(act, s.ClaimAction):
            route = self.route(act.track.pair)
            if route is None:
                return None
            colour = None
            if act.track.colour is not None:
                colour = self.colour(act.track.colour, track=True)
                if colour is None:
                    return None
                assert self.board is not None
                if all(self.board.tracks[t].colour is not colour for t in route.tracks):
                    try:
                        self.board.track_of(route, colour)
                    except UnknownRouteError as exc:
                        self._name_error(exc, act.track.colour.span)
                    return None
            paid = None
            if act.payment is not None:
                paid = self.cards(act.payment)
                if paid is None:
                    return None
            return Claim(route, colour, paid, act.span, act.payment_span)
        kept = drew = None
        kept_count = drawn_count = None
        if act.kept_count is not None:
            kept_count, drawn_count = act.kept_count[0].value, act.kept_count[1].value
        else:
            kept = self.tickets(act.kept or ())
            returned = self.tickets(act.returned)
            if kept is None or returned is None:
                return None
            if act.drew is not None:
                drew = self.tickets(act.drew)
                if drew is None:
                    return None
                if act.returned:
                    self.error(
                        c.REPEATED,
                        "the tickets returned are written as well as those drawn",
                        act.returned[0].pair.span,
                        hint="write either drew ... keep ..., or keep ... return ...",
                    )
                    return None
            else:
                drew = kept + returned
        return DrawTickets(
            drawn=drew,
            kept=kept,
            drawn_count=drawn_count,
            kept_count=kept_count,
            span=act.span,
            kept_span=act.kept_span,
            setup=act.setup,
        )

    def expectation(self, st: Any) -> None:
        if self.board is not None:
            self.build_position(st.span)
        turned = any(isinstance(e, TurnEvent | _Broken) for e in self.events)
        if isinstance(st, ExpectLegal | ExpectIllegal) and not turned:
            self.error(
                c.NO_TURN,
                "this expectation speaks of the turn before it, and there is none",
                st.span,
                hint="write the turn first (turn PLAYER ...), then expect legal or illegal",
            )
            return
        if isinstance(st, s.QueryDecl):
            if not self.query_ok(st):
                return
        self.events.append(st)

    def query_ok(self, st: s.QueryDecl) -> bool:
        kind = st.kind.text
        if st.subject is None:
            return True
        if kind != "fewest-trains":
            self.error(
                c.BAD_QUERY,
                f"query {kind} takes no subject",
                st.subject.span,
                hint=f"write query {kind}"
                + (" for PLAYER" if st.player is not None else "")
                + "; only fewest-trains takes a ticket",
            )
            return False
        if self.board is not None:
            return self.ticket(s.TicketRef(st.subject)) is not None
        return True


@dataclass(frozen=True)
class _Broken:
    """A turn that could not be read (its errors are reported): it is not played."""

    decl: s.TurnDecl


def _pair(text: str) -> tuple[str, str]:
    parts = [p for p in _DASH.split(text.strip()) if p]
    if len(parts) == 2:
        return parts[0], parts[1]
    # a city name with a dash inside it: split at the dash nearest the middle
    middle = len(text) // 2
    cut = min((m.start() for m in _DASH.finditer(text)), key=lambda i: abs(i - middle))
    return text[:cut].strip(" -"), text[cut + 1 :].strip(" -")


def _map_hint(problem: str) -> str:
    if "at least two cities" in problem:
        return "write at least two city lines (city NAME)"
    if "unknown city" in problem:
        return "write a city line for it (city NAME) before the routes and tickets"
    if "length" in problem:
        return "a route is 1 to 6 spaces long"
    if "twice" in problem or "also" in problem:
        return "write each city, route and ticket once"
    return "correct the map as the message says"


def analyse(document: s.Document, source: SourceText) -> tuple[Scenario, list[Diagnostic]]:
    """The scenario of a parsed document, with every problem of meaning found."""
    analysis = _Analysis(document, source)
    analysis.run()
    events = tuple(e for e in analysis.events if not isinstance(e, _Broken))
    scenario = Scenario(
        filename=source.name,
        document=document,
        board=analysis.board,
        position=analysis.position,
        events=events,
        board_name=analysis.board_name,
        tickets_1910=analysis.tickets_1910,
        settings=dict(analysis.settings),
        rulebook=analysis.rulebook,
        known_error=analysis.known_error,
    )
    return scenario, analysis.diagnostics


__all__ = ["BOARDS", "Event", "Scenario", "TurnEvent", "analyse", "replace"]
