"""A position of Ticket to Ride: immutable values, with what is known and what is not.

A position holds the map, the players in seating order (play goes clockwise, so the order
given is the order of play), who owns which track, the face-up cards, what is known of the
draw deck, the discards and the ticket deck, whose turn it is and the last-round state.
Hidden things may be unknown: a hand (its size may still be known), the tickets a player holds
(their number may still be known), the deck's order or contents. Nothing unknown is ever
guessed: rules that depend on it are not checked.

:func:`validate` reports every structural problem at once (:class:`PositionError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.cards import FULL_DECK, NO_CARDS, Cards
from canaldsl.tickettoride.colours import Colour, PlayerColour

TRAINS_PER_PLAYER = 45
"""Trains each player has at the start (rulebook: preparing the game)."""
MIN_PLAYERS = 2
MAX_PLAYERS = 5
DISPLAY_SIZE = 5
"""Face-up train cards beside the board."""
START_HAND = 4
START_TICKETS = 3
TICKETS_DRAWN = 3


class PositionError(ValueError):
    """A position that cannot be a Ticket to Ride position; ``problems`` lists them all."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"{self.problems[0]}{more}" if self.problems else "invalid position")


@dataclass(frozen=True)
class Hand:
    """A player's train cards: every card known (``cards``), or only how many (``size``), or
    nothing at all (both None)."""

    cards: Cards | None = None
    size: int | None = None

    def __post_init__(self) -> None:
        if self.cards is not None:
            object.__setattr__(self, "size", self.cards.total)

    @classmethod
    def known(cls, cards: Cards) -> Hand:
        return cls(cards, cards.total)

    @property
    def is_known(self) -> bool:
        return self.cards is not None

    def plus(self, card: Colour | None) -> Hand:
        """The hand with one more card (unknown: the hand's contents become unknown)."""
        size = None if self.size is None else self.size + 1
        if card is None or self.cards is None:
            return Hand(None, size)
        return Hand.known(self.cards.add(card))

    def minus(self, paid: Cards | None, count: int) -> Hand:
        """The hand without cards paid (``count`` of them; unknown: contents become unknown)."""
        size = None if self.size is None else max(self.size - count, 0)
        if paid is None or self.cards is None:
            return Hand(None, size)
        return Hand.known(self.cards.minus(paid))


UNKNOWN_HAND = Hand()


@dataclass(frozen=True)
class HeldTickets:
    """The destination tickets a player holds: the tickets themselves when known, else how many
    (``count``, None when not known either)."""

    tickets: tuple[Ticket, ...] | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        if self.tickets is not None:
            object.__setattr__(self, "count", len(self.tickets))

    @classmethod
    def known(cls, tickets: Iterable[Ticket]) -> HeldTickets:
        held = tuple(tickets)
        return cls(held, len(held))

    @property
    def is_known(self) -> bool:
        return self.tickets is not None


NO_TICKETS = HeldTickets((), 0)


@dataclass(frozen=True)
class Player:
    """One player: colour, trains left, hand, tickets held."""

    colour: PlayerColour
    trains: int = TRAINS_PER_PLAYER
    hand: Hand = UNKNOWN_HAND
    tickets: HeldTickets = NO_TICKETS


@dataclass(frozen=True)
class Deck:
    """The face-down draw pile: its size, its contents, its order from the top (each when
    known). A known order gives the size and the contents."""

    size: int | None = None
    cards: Cards | None = None
    order: tuple[Colour, ...] | None = None

    def __post_init__(self) -> None:
        if self.order is not None:
            object.__setattr__(self, "cards", Cards.from_list(self.order))
        if self.cards is not None:
            object.__setattr__(self, "size", self.cards.total)

    @classmethod
    def ordered(cls, order: Iterable[Colour]) -> Deck:
        return cls(order=tuple(order))


@dataclass(frozen=True)
class Discards:
    """The discard pile: its size and contents, when known."""

    size: int | None = None
    cards: Cards | None = None

    def __post_init__(self) -> None:
        if self.cards is not None:
            object.__setattr__(self, "size", self.cards.total)


@dataclass(frozen=True)
class TicketDeck:
    """The destination ticket deck: its size, and its order from the top when known."""

    size: int | None = None
    order: tuple[Ticket, ...] | None = None

    def __post_init__(self) -> None:
        if self.order is not None:
            object.__setattr__(self, "size", len(self.order))


@dataclass(frozen=True)
class LastRound:
    """The last round: who triggered it, and who still has a final turn, in order (the
    trigger's own final turn comes last)."""

    triggered_by: PlayerColour
    still_to_play: tuple[PlayerColour, ...]


@dataclass(frozen=True)
class Position:
    """A whole position. ``owners`` has one entry per track of the map (None: not claimed).
    ``display`` are the face-up cards known, ``display_unknown`` how many more lie face up
    unseen. ``settings`` are switch values set for this game (the rest take their
    defaults); ``finished``: the last round has been played."""

    board: Board
    players: tuple[Player, ...]
    owners: tuple[PlayerColour | None, ...]
    to_move: PlayerColour
    display: Cards = NO_CARDS
    display_unknown: int = 0
    deck: Deck = field(default_factory=Deck)
    discards: Discards = field(default_factory=Discards)
    ticket_deck: TicketDeck = field(default_factory=TicketDeck)
    last_round: LastRound | None = None
    finished: bool = False
    settings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def start(
        cls,
        board: Board,
        players: Iterable[Player],
        *,
        to_move: PlayerColour | None = None,
        **options: object,
    ) -> Position:
        """A position with no track claimed (first to move: the first player)."""
        seated = tuple(players)
        return cls(
            board=board,
            players=seated,
            owners=(None,) * len(board.tracks),
            to_move=to_move or seated[0].colour,
            **options,  # type: ignore[arg-type]
        )

    # ----------------------------------------------------------------- reading
    def player(self, colour: PlayerColour) -> Player:
        for player in self.players:
            if player.colour is colour:
                return player
        raise KeyError(colour)

    def seat(self, colour: PlayerColour) -> int:
        return [p.colour for p in self.players].index(colour)

    def next_player(self, colour: PlayerColour) -> PlayerColour:
        """The player to the left (clockwise) of ``colour``."""
        return self.players[(self.seat(colour) + 1) % len(self.players)].colour

    def tracks_of(self, colour: PlayerColour) -> tuple[int, ...]:
        """The tracks ``colour`` has claimed, by number."""
        return tuple(i for i, owner in enumerate(self.owners) if owner is colour)

    def placed_trains(self, colour: PlayerColour) -> int:
        return sum(self.board.tracks[t].length for t in self.tracks_of(colour))

    # ----------------------------------------------------------------- changing
    def with_player(self, player: Player) -> Position:
        players = tuple(player if p.colour is player.colour else p for p in self.players)
        return replace(self, players=players)

    def with_owner(self, track: int, owner: PlayerColour | None) -> Position:
        owners = list(self.owners)
        owners[track] = owner
        return replace(self, owners=tuple(owners))

    def unseen_cards(self) -> Cards | None:
        """The cards that must be in the deck, when every other card is known (every hand,
        the face-up cards and the discards), else None."""
        if self.display_unknown or self.discards.cards is None:
            return None
        seen = self.display.plus(self.discards.cards)
        for player in self.players:
            if player.hand.cards is None:
                return None
            seen = seen.plus(player.hand.cards)
        return FULL_DECK.minus(seen) if FULL_DECK.contains(seen) else None


def validate(position: Position) -> Position:
    """``position`` itself when it is sound; raises :class:`PositionError` listing every
    structural problem (these are not rules of play: nothing a turn can do causes them)."""
    problems: list[str] = []
    board = position.board
    colours = [p.colour for p in position.players]
    if not MIN_PLAYERS <= len(colours) <= MAX_PLAYERS:
        problems.append(f"{len(colours)} players: the game is for 2 to 5")
    if len(set(colours)) != len(colours):
        problems.append("a player colour is used twice")
    if position.to_move not in colours:
        problems.append(f"{position.to_move} is to move but does not play")
    if len(position.owners) != len(board.tracks):
        problems.append(f"{len(position.owners)} track owners for {len(board.tracks)} tracks")
    for track, owner in enumerate(position.owners):
        if owner is not None and owner not in colours:
            problems.append(f"{board.track_label(track)} is {owner}'s, who does not play")
    for player in position.players:
        _player_problems(position, player, problems)
    if position.display.total + position.display_unknown > DISPLAY_SIZE:
        problems.append(f"more than {DISPLAY_SIZE} face-up cards")
    _card_count_problems(position, problems)
    _ticket_problems(position, problems)
    if position.last_round is not None:
        round_ = position.last_round
        if round_.triggered_by not in colours or any(
            c not in colours for c in round_.still_to_play
        ):
            problems.append("the last round names a player who does not play")
        elif round_.still_to_play and round_.still_to_play[0] is not position.to_move:
            problems.append(
                f"{round_.still_to_play[0]} plays next in the last round, "
                f"but {position.to_move} is to move"
            )
    if position.finished and position.last_round is not None and position.last_round.still_to_play:
        problems.append("the game is over but players still have a final turn")
    if problems:
        raise PositionError(problems)
    return position


def _player_problems(position: Position, player: Player, problems: list[str]) -> None:
    placed = position.placed_trains(player.colour)
    if player.trains < 0:
        problems.append(f"{player.colour} has {player.trains} trains")
    elif player.trains + placed > TRAINS_PER_PLAYER:
        problems.append(
            f"{player.colour} has {player.trains} trains left and {placed} on the board: "
            f"more than the {TRAINS_PER_PLAYER} a player has"
        )
    if player.hand.size is not None and player.hand.size < 0:
        problems.append(f"{player.colour}'s hand has {player.hand.size} cards")
    held = player.tickets
    if held.count is not None and held.count < 0:
        problems.append(f"{player.colour} holds {held.count} tickets")


def _card_count_problems(position: Position, problems: list[str]) -> None:
    known = position.display
    if position.discards.cards is not None:
        known = known.plus(position.discards.cards)
    if position.deck.cards is not None:
        known = known.plus(position.deck.cards)
    for player in position.players:
        if player.hand.cards is not None:
            known = known.plus(player.hand.cards)
    for colour, count in known.items():
        if count > FULL_DECK.count(colour):
            problems.append(
                f"{count} {colour} cards are known to be in play: the box has "
                f"{FULL_DECK.count(colour)}"
            )
    sizes: list[int | None] = [position.display.total + position.display_unknown]
    sizes += [position.deck.size, position.discards.size]
    sizes += [p.hand.size for p in position.players]
    if all(size is not None for size in sizes):
        total = sum(size for size in sizes if size is not None)
        if total != FULL_DECK.total:
            problems.append(f"{total} train cards in play: the box has {FULL_DECK.total}")


def _ticket_problems(position: Position, problems: list[str]) -> None:
    on_board = set(position.board.tickets)
    seen: dict[Ticket, str] = {}
    places: list[tuple[str, tuple[Ticket, ...]]] = [
        (f"{p.colour}'s tickets", p.tickets.tickets or ()) for p in position.players
    ]
    places.append(("the ticket deck", position.ticket_deck.order or ()))
    for where, tickets in places:
        for ticket in tickets:
            if ticket not in on_board:
                problems.append(f"{where}: {ticket} is not a ticket of this map")
            elif ticket in seen:
                problems.append(f"{ticket} is in {seen[ticket]} and in {where}")
            else:
                seen[ticket] = where
