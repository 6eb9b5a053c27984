"""Rules of the components and of the set-up: no more cards than the game has, the deal."""

from __future__ import annotations

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import (
    ACTION_CARDS,
    SET_ASIDE_PER_DISTRICT,
    STARTING_HAND,
    Card,
    NumberCard,
)
from canaldsl.canalgrande.knowledge import Hand
from canaldsl.canalgrande.rulebook import RULEBOOK


@RULEBOOK.rule(
    "components.action-cards",
    title="No more action cards than the game has",
    sections={"it": "Contenuto"},
)
def action_cards(*, known: Bag[Card]) -> str | None:
    """The 52 action cards are 5 district cards of each of the six districts, 3 spies, 7
    traitors, 6 gondolas and 6 doges: a position never shows more of a card than that."""
    over = [f"{count} {card}" for card, count in known.items() if count > ACTION_CARDS[card]]
    if over:
        card = next(card for card, count in known.items() if count > ACTION_CARDS[card])
        return f"{over[0]} where the game has only {ACTION_CARDS[card]}"
    return None


@RULEBOOK.rule(
    "components.number-cards",
    title="No more number cards than the game has",
    sections={"it": "Contenuto"},
)
def number_cards(*, known: Bag[NumberCard], distribution: Bag[NumberCard]) -> str | None:
    """The 14 number cards are valued 1 to 3 (how many of each value the text does not say:
    the position's distribution does); a position never shows more of a value than that."""
    for value, count in known.items():
        if count > distribution[value]:
            return (
                f"{count} number cards of value {int(value)} where the game's distribution "
                f"has {distribution[value]}"
            )
    return None


@RULEBOOK.rule(
    "setup.starting-hands",
    title="Four district cards each, from two of every district",
    sections={"it": "Preparativi"},
)
def starting_hands(*, hands: tuple[Hand, Hand]) -> str | None:
    """At the start two cards of every district are set aside and shuffled; each player is
    dealt 4 of these 12. So a starting hand holds 4 district cards, and the two hands together
    hold at most 2 cards of any district."""
    for hand in hands:
        stray = [card for card in hand.known if not card.is_district]
        if stray:
            return f"a starting hand holds only district cards, not a {stray[0]}"
        if hand.size is not None and hand.size != STARTING_HAND:
            return f"a starting hand holds {STARTING_HAND} cards, not {hand.size}"
        if len(hand.known) > STARTING_HAND:
            return f"a starting hand holds {STARTING_HAND} cards, not {len(hand.known)} or more"
    both = hands[0].known + hands[1].known
    for card, count in both.items():
        if count > SET_ASIDE_PER_DISTRICT:
            return (
                f"{count} {card} in the starting hands; only {SET_ASIDE_PER_DISTRICT} of each "
                "district are dealt from"
            )
    return None
