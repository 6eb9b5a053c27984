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

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from canaldsl.diagnostics import Diagnostic, SourceText, Span
from canaldsl.syntaxtree import ExpectIllegal, ExpectLegal, KnownErrorDecl, RulebookDecl
from canaldsl.tickettoride import codes as c
from canaldsl.tickettoride import syntax as s
from canaldsl.tickettoride.board import (
    Board,
    UnknownRouteError,
)
from canaldsl.tickettoride.cards import Cards
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
from canaldsl.tickettoride.semantics_board import BoardReader
from canaldsl.tickettoride.turns import (
    Action,
    CardDraw,
    Claim,
    DrawCards,
    DrawTickets,
    Source,
    Turn,
)


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


class _Analysis(BoardReader):
    """A document read statement by statement into the map, the position and the events."""

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
            self.events.append(_Broken(st))
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
        if isinstance(st, s.QueryDecl) and not self.query_ok(st):
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


__all__ = ["Event", "Scenario", "TurnEvent", "analyse", "replace"]
