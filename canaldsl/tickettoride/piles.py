"""The train cards outside the players' hands during a turn: face-up display, deck, discards.

A mutable working copy the engine changes card by card, then turns back into position values.
What is not known stays unknown: a card taken from a deck of unknown order is unknown unless
the turn says what it was; contents become unknown when an unknown card moves through them.

One reading is made where the position says nothing: a deck of unknown size is taken to have
a card whenever one is needed (it is never taken to be empty).
"""

from __future__ import annotations

from dataclasses import replace

from canaldsl.tickettoride import checks_draw
from canaldsl.tickettoride.cards import NO_CARDS, Cards
from canaldsl.tickettoride.colours import Colour
from canaldsl.tickettoride.position import Deck, Discards, Position


class Piles:
    """Display, deck and discards, with what is known of each."""

    def __init__(self, position: Position) -> None:
        self.display = position.display
        self.unseen = position.display_unknown
        deck = position.deck
        self.deck_size = deck.size
        self.deck_cards = deck.cards
        self.deck_order: list[Colour] | None = None if deck.order is None else list(deck.order)
        if self.deck_cards is None:
            self.deck_cards = position.unseen_cards()
            if self.deck_cards is not None and self.deck_size is None:
                self.deck_size = self.deck_cards.total
        self.discard_size = position.discards.size
        self.discard_cards = position.discards.cards
        self.reshuffles = 0

    # ------------------------------------------------------------------ reading
    def can_turn_up(self) -> bool | None:
        """Whether a card can be taken from the deck (reshuffling the discards if needed):
        None when that depends on something not known."""
        if self.deck_size is None or self.deck_size > 0:
            return True
        if self.discard_size is None:
            return None
        return self.discard_size > 0

    def available(self) -> Cards | None:
        """The cards of the deck, the discards and the display together, when all known."""
        if self.deck_cards is None or self.discard_cards is None or self.unseen:
            return None
        return self.deck_cards.plus(self.discard_cards).plus(self.display)

    # ------------------------------------------------------------------ changing
    def reshuffle(self) -> None:
        """The discards become the deck, in an unknown order."""
        self.deck_size = self.discard_size
        self.deck_cards = self.discard_cards
        self.deck_order = None
        self.discard_size = 0
        self.discard_cards = NO_CARDS
        self.reshuffles += 1

    def take_top(self, said: Colour | None) -> tuple[Colour | None, Colour | None]:
        """Take the deck's top card (reshuffling first when the deck is known to be empty):
        (the card taken, the card known to be on top). The card taken is the known top card,
        else ``said`` (what the turn says it was), else None."""
        if self.deck_size == 0 and (
            self.discard_size is None
            or checks_draw.reshuffle(deck=self.deck_size, discards=self.discard_size)
        ):
            self.reshuffle()
        actual = self.deck_order[0] if self.deck_order else None
        card = actual if actual is not None else said
        if self.deck_order:
            self.deck_order.pop(0)
        if self.deck_size is not None:
            self.deck_size = max(self.deck_size - 1, 0)
        if self.deck_cards is not None:
            if card is not None and self.deck_cards.count(card):
                self.deck_cards = self.deck_cards.minus(Cards.from_list([card]))
            else:
                self.deck_cards = None
        return card, actual

    def take_face_up(self, card: Colour) -> None:
        """Take ``card`` from the display (an unseen card when it is not among those known)."""
        if self.display.count(card):
            self.display = self.display.minus(Cards.from_list([card]))
        elif self.unseen:
            self.unseen -= 1

    def show(self, card: Colour | None) -> None:
        """Lay ``card`` face up (None: a card not known)."""
        if card is None:
            self.unseen += 1
        else:
            self.display = self.display.add(card)

    def discard_display(self) -> None:
        """Discard the whole display."""
        count = self.display.total + self.unseen
        if self.discard_size is not None:
            self.discard_size += count
        if self.discard_cards is not None:
            self.discard_cards = None if self.unseen else self.discard_cards.plus(self.display)
        self.display = NO_CARDS
        self.unseen = 0

    def forget_display(self) -> None:
        """The display, deck and discards may have changed in ways not known (a display of
        three locomotives may have been replaced): forget what they hold."""
        self.unseen += self.display.total
        self.display = NO_CARDS
        self.deck_size = self.deck_cards = self.deck_order = None
        self.discard_size = self.discard_cards = None

    def discard(self, cards: Cards | None, count: int) -> None:
        """Put ``count`` cards (``cards`` when known) on the discard pile."""
        if self.discard_size is not None:
            self.discard_size += count
        if self.discard_cards is not None:
            self.discard_cards = None if cards is None else self.discard_cards.plus(cards)

    def into(self, position: Position) -> Position:
        """``position`` with these piles."""
        if self.deck_order is not None:
            deck = Deck.ordered(self.deck_order)
        else:
            deck = Deck(self.deck_size, self.deck_cards)
        return replace(
            position,
            display=self.display,
            display_unknown=self.unseen,
            deck=deck,
            discards=Discards(self.discard_size, self.discard_cards),
        )
