"""Drawing cards from the decks, with the discard pile reshuffled when the action deck empties.

Cards drawn one at a time (a spy's, the round-end draw) must come off the top in order; the
cards turned up at the start of a turn come off together, so they are compared with the top
cards as a multiset. A card that could not have been drawn is reported by the caller (rule
``deck.draw``); the deck is then left as the card's absence implies (see
:meth:`~canaldsl.canalgrande.knowledge.Pile.draw`).
"""

from __future__ import annotations

from dataclasses import replace

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, NumberCard
from canaldsl.canalgrande.effects import refill
from canaldsl.canalgrande.knowledge import Pile, Presence
from canaldsl.canalgrande.position import Position


def actions_available(position: Position) -> int | None:
    """How many action cards can still be drawn (deck and discards), when known."""
    deck, discards = position.action_deck, position.discards
    if deck.size is None or discards.size is None:
        return None
    return deck.size + discards.size


def _refilled(position: Position) -> Position:
    """The position with the discards reshuffled into the deck if the deck is known empty."""
    if position.action_deck.is_empty is True and position.discards.is_empty is not True:
        return replace(
            position,
            action_deck=refill(discards=position.discards),
            discards=Pile.of_contents(Bag()),
        )
    return position


def draw_action(position: Position, card: Card) -> tuple[Position, Presence]:
    """``card`` drawn from the top of the action deck (refilled first if it is empty, and
    again at once when this draw takes its last card)."""
    position = _refilled(position)
    deck, presence = position.action_deck.draw(card)
    return _refilled(replace(position, action_deck=deck)), presence


def draw_in_order(
    position: Position, cards: tuple[Card, ...], discard_at_once: Card | None
) -> tuple[Position, Card | None]:
    """``cards`` drawn one after the other from the top of the action deck; each card of the
    kind ``discard_at_once`` goes onto the discard pile before the next card is drawn.
    Returns the position and the first card that could not have been drawn (or None)."""
    missing: Card | None = None
    for card in cards:
        position, presence = draw_action(position, card)
        if presence is Presence.NO and missing is None:
            missing = card
        if card is discard_at_once:
            position = replace(position, discards=position.discards.add(Bag({card: 1})))
    return position, missing


def reveal_actions(position: Position, cards: list[Card]) -> tuple[Position, list[Presence]]:
    """The action cards turned up at the start of a turn, all at once.

    With the deck's order known, the top cards (as many as are needed and there) are matched
    with ``cards`` in their written order, each card with one of the top cards like it; the
    cards left unmatched come from the deck refilled from the discards, except that as many
    of them as top cards went unmatched (the first ones written) could not have been turned
    up. A deck known only as a multiset and holding fewer cards than needed is turned up
    whole, matched the same way. Otherwise each card is drawn as usual."""
    presences: dict[int, Presence] = {}
    pending = list(range(len(cards)))
    while pending:
        position = _refilled(position)
        deck = position.action_deck
        if deck.order is not None:
            size = min(len(pending), len(deck.order))
            top = Bag.of(deck.order[:size])
            rest: Pile[Card] = Pile.in_order(deck.order[size:])
        elif deck.contents is not None and len(deck.contents) < len(pending):
            size, top, rest = len(deck.contents), deck.contents, Pile.of_contents(Bag())
        else:
            for index in pending:
                position, presences[index] = draw_action(position, cards[index])
            break
        if size == 0:
            presences.update({index: Presence.NO for index in pending})
            break
        unmatched = []
        for index in pending:
            if cards[index] in top:
                top = top.remove(cards[index])
                presences[index] = Presence.YES
            else:
                unmatched.append(index)
        surplus = len(unmatched) - (len(pending) - size)
        presences.update({index: Presence.NO for index in unmatched[:surplus]})
        pending = unmatched[surplus:]
        position = _refilled(replace(position, action_deck=rest))
    return position, [presences[index] for index in range(len(cards))]


def reveal_numbers(
    position: Position, numbers: list[NumberCard]
) -> tuple[Position, list[Presence]]:
    """The number cards turned up, all at once (matched with the top cards in their written
    order when the order is known; more than the deck holds cannot be turned up). The number
    deck is never refilled during a round."""
    deck = position.number_deck
    if deck.order is None:
        presences: list[Presence] = []
        for number in numbers:
            deck, presence = deck.draw(number)
            presences.append(presence)
        return replace(position, number_deck=deck), presences
    size = min(len(numbers), len(deck.order))
    top = Bag.of(deck.order[:size])
    answers = []
    for number in numbers:
        if number in top:
            top = top.remove(number)
            answers.append(Presence.YES)
        else:
            answers.append(Presence.NO)
    return replace(position, number_deck=Pile.in_order(deck.order[size:])), answers
