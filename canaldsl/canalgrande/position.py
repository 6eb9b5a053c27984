"""A Canal Grande position: what lies where between two turns (or inside one), immutable.

Both players' hands (known, partly known or unknown), the number cards in front of each and
their total, prizes per district, doges waiting for their vote, who splits, the turned-up
cards or the two offers when the turn has begun, the action deck, the number deck and the
discard pile (each known in order, as a multiset, or only by size), the round and the turn,
and the game's number-card distribution (the text gives none; see
:data:`~canaldsl.canalgrande.cards.DEFAULT_NUMBER_COUNTS`).

Only the two-player game exists: the text names a four-player game with two decks but does
not describe it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import (
    ACTION_CARDS,
    DEFAULT_NUMBER_COUNTS,
    NUMBER_CARDS,
    Card,
    District,
    NumberCard,
)
from canaldsl.canalgrande.knowledge import Hand, Pile, PositionError


class Stage(enum.Enum):
    """Where a turn stands: nothing turned up yet, the eight cards turned up, or split."""

    START = "start"
    REVEALED = "revealed"
    OFFERED = "offered"


@dataclass(frozen=True)
class Offer:
    """Cards lying face up together: an offer, or the eight cards turned up."""

    actions: Bag[Card] = field(default_factory=Bag)
    numbers: Bag[NumberCard] = field(default_factory=Bag)

    def __len__(self) -> int:
        return len(self.actions) + len(self.numbers)

    @property
    def number_total(self) -> int:
        return sum(int(n) for n in self.numbers)

    def __add__(self, other: Offer) -> Offer:
        return Offer(self.actions + other.actions, self.numbers + other.numbers)

    def describe(self) -> str:
        parts = [f"{count} {card}" for card, count in self.actions.items()]
        parts += [f"number {n}" for n in self.numbers]
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True)
class PlayerState:
    """One player: hand, number cards in front (None: only their ``total`` is known),
    prizes per district, and doges in front still to be voted."""

    name: str
    hand: Hand = field(default_factory=Hand)
    numbers: Bag[NumberCard] | None = field(default_factory=Bag)
    total: int = 0
    prizes: Bag[District] = field(default_factory=Bag)
    doges: int = 0

    def __post_init__(self) -> None:
        if not self.name:
            raise PositionError("a player needs a name")
        if self.numbers is not None:
            object.__setattr__(self, "total", sum(int(n) for n in self.numbers))
        if self.total < 0 or self.doges < 0:
            raise PositionError(f"{self.name}: negative number total or doges")

    def with_hand(self, hand: Hand) -> PlayerState:
        return replace(self, hand=hand)


def default_number_cards() -> Bag[NumberCard]:
    return Bag(dict(DEFAULT_NUMBER_COUNTS))


@dataclass(frozen=True)
class Position:
    """The whole game between steps. ``splitter`` is the index (0 or 1) of the player who
    splits this turn; ``turned_up`` is set in stage REVEALED, ``offers`` in stage OFFERED."""

    players: tuple[PlayerState, PlayerState]
    splitter: int = 0
    action_deck: Pile[Card] = field(default_factory=Pile)
    number_deck: Pile[NumberCard] = field(default_factory=Pile)
    discards: Pile[Card] = field(default_factory=Pile)
    stage: Stage = Stage.START
    turned_up: Offer | None = None
    offers: tuple[Offer, Offer] | None = None
    round: int = 1
    turn: int = 1
    number_cards: Bag[NumberCard] = field(default_factory=default_number_cards)
    winner: int | None = None

    def __post_init__(self) -> None:
        if len(self.players) != 2:
            raise PositionError(
                "only the two-player game is supported (the text names a four-player game "
                "with two decks but does not describe it)"
            )
        if self.players[0].name == self.players[1].name:
            raise PositionError(f"two players are called {self.players[0].name!r}")
        if self.splitter not in (0, 1):
            raise PositionError("the splitter is player 0 or player 1")
        if (self.stage is Stage.REVEALED) != (self.turned_up is not None):
            raise PositionError("turned-up cards are given exactly when the stage is REVEALED")
        if (self.stage is Stage.OFFERED) != (self.offers is not None):
            raise PositionError("offers are given exactly when the stage is OFFERED")
        if len(self.number_cards) != NUMBER_CARDS:
            raise PositionError(
                f"the game has {NUMBER_CARDS} number cards, not {len(self.number_cards)}"
            )
        if self.round < 1 or self.turn < 1:
            raise PositionError("rounds and turns count from 1")

    # ------------------------------------------------------------ players
    @property
    def chooser(self) -> int:
        return 1 - self.splitter

    def index(self, name: str) -> int | None:
        """The index of the player called ``name``, or None."""
        for i, player in enumerate(self.players):
            if player.name == name:
                return i
        return None

    def name(self, index: int) -> str:
        return self.players[index].name

    def with_player(self, index: int, player: PlayerState) -> Position:
        players = (player, self.players[1]) if index == 0 else (self.players[0], player)
        return replace(self, players=players)

    # ------------------------------------------------------------ cards
    def known_action_cards(self) -> Bag[Card]:
        """Every action card whose place is known: hands' known cards, prizes, decks'
        known contents, discards, turned-up cards and offers."""
        total: Bag[Card] = Bag()
        for player in self.players:
            total = total + player.hand.known
            total = total + Bag({d.card: n for d, n in player.prizes.items()})
            total = total + Bag({Card.DOGE: player.doges})
        for pile in (self.action_deck, self.discards):
            if pile.contents is not None:
                total = total + pile.contents
        for offer in self.table():
            total = total + offer.actions
        return total

    def known_number_cards(self) -> Bag[NumberCard]:
        total: Bag[NumberCard] = Bag()
        for player in self.players:
            if player.numbers is not None:
                total = total + player.numbers
        if self.number_deck.contents is not None:
            total = total + self.number_deck.contents
        for offer in self.table():
            total = total + offer.numbers
        return total

    def table(self) -> tuple[Offer, ...]:
        """The cards face up on the table: the turned-up cards or the two offers."""
        if self.turned_up is not None:
            return (self.turned_up,)
        return self.offers or ()


def all_action_cards() -> Bag[Card]:
    """The 52 action cards of the game."""
    return Bag(dict(ACTION_CARDS))


def setup_position(
    names: tuple[str, str],
    *,
    splitter: int = 0,
    hands: tuple[Hand, Hand] | None = None,
    deck: tuple[Card, ...] | None = None,
    number_cards: Bag[NumberCard] | None = None,
    number_deck: tuple[NumberCard, ...] | None = None,
) -> Position:
    """The position at the start of a game ("Preparativi"): 4 cards dealt to each player from
    the 12 set aside (2 per district), the other 44 action cards as the action deck, the 14
    number cards as the number deck. Hands not given are unknown (4 cards each); a ``deck``
    given is the action deck in order; otherwise its contents are known when both hands are.
    The text does not say who splits first: ``splitter`` says it."""
    numbers = number_cards if number_cards is not None else default_number_cards()
    if hands is None:
        hands = (Hand.hidden(4), Hand.hidden(4))
    if deck is not None:
        action_deck: Pile[Card] = Pile.in_order(deck)
    elif all(hand.fully_known for hand in hands):
        action_deck = Pile.of_contents(all_action_cards() - hands[0].known - hands[1].known)
    else:
        action_deck = Pile.unknown(52 - 8)
    if number_deck is not None:
        numbers_pile: Pile[NumberCard] = Pile.in_order(number_deck)
    else:
        numbers_pile = Pile.of_contents(numbers)
    return Position(
        players=(PlayerState(names[0], hands[0]), PlayerState(names[1], hands[1])),
        splitter=splitter,
        action_deck=action_deck,
        number_deck=numbers_pile,
        discards=Pile.of_contents(Bag()),
        number_cards=numbers,
    )
