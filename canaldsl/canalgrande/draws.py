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


def reveal_actions(position: Position, cards: list[Card]) -> tuple[Position, list[Presence]]:
    """The action cards turned up at the start of a turn, all at once: with the deck's order
    known they must be its top cards in any order; otherwise each is drawn as usual."""
    presences: list[Presence] = []
    remaining = list(cards)
    while remaining:
        position = _refilled(position)
        deck = position.action_deck
        if deck.order is None:
            position, presence = draw_action(position, remaining.pop(0))
            presences.append(presence)
            continue
        if not deck.order:
            presences.extend(Presence.NO for _ in remaining)
            break
        size = min(len(remaining), len(deck.order))
        top: Pile[Card] = Pile.of_contents(Bag.of(deck.order[:size]))
        for card in remaining[:size]:
            top, presence = top.draw(card)
            presences.append(presence)
        remaining = remaining[size:]
        position = _refilled(replace(position, action_deck=Pile.in_order(deck.order[size:])))
    return position, presences


def reveal_numbers(
    position: Position, numbers: list[NumberCard]
) -> tuple[Position, list[Presence]]:
    """The number cards turned up, all at once (compared with the top cards as a multiset
    when the order is known). The number deck is never refilled during a round."""
    deck = position.number_deck
    presences: list[Presence] = []
    if deck.order is not None:
        size = min(len(numbers), len(deck.order))
        top: Pile[NumberCard] = Pile.of_contents(Bag.of(deck.order[:size]))
        for number in numbers[:size]:
            top, presence = top.draw(number)
            presences.append(presence)
        presences.extend(Presence.NO for _ in numbers[size:])
        return replace(position, number_deck=Pile.in_order(deck.order[size:])), presences
    for number in numbers:
        deck, presence = deck.draw(number)
        presences.append(presence)
    return replace(position, number_deck=deck), presences
