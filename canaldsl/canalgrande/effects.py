"""Rules that compute a consequence rather than forbid something (kind EFFECT).

Each function is the one place its consequence is computed; the engine calls them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import (
    ROUND_END_TOTAL,
    WIN_ONE_DISTRICT,
    Card,
    District,
    NumberCard,
)
from canaldsl.canalgrande.knowledge import Pile
from canaldsl.canalgrande.position import Offer
from canaldsl.canalgrande.rulebook import RULEBOOK
from canaldsl.rules import RuleKind

EFFECT = RuleKind.EFFECT


@RULEBOOK.rule(
    "take.numbers",
    title="Number cards go in front",
    sections={"it": "Il decisore e le diverse azioni > Carte numeriche"},
    kind=EFFECT,
)
def numbers_in_front(*, front: Bag[NumberCard] | None, offer: Offer) -> Bag[NumberCard] | None:
    """Number cards taken are laid face up in front of the player; their values add up to
    the player's total for the round."""
    return None if front is None else front + offer.numbers


@RULEBOOK.rule(
    "take.to-hand",
    title="District cards and gondolas go to the hand",
    sections={"it": "Il decisore e le diverse azioni > Carte distretto; > Spie"},
    kind=EFFECT,
)
def to_hand(*, cards: Bag[Card]) -> Bag[Card]:
    """District cards (and gondolas: the text says so of the cards a spy draws, and gives
    gondolas no other use) are taken into the hand at once."""
    return Bag({card: n for card, n in cards.items() if card.goes_to_hand})


@RULEBOOK.rule(
    "actions.discard",
    title="Used traitors and spies are discarded",
    sections={"it": "Il decisore e le diverse azioni > Traditori; > Spie"},
    kind=EFFECT,
)
def used_cards(*, traitors: int, spies: int) -> Bag[Card]:
    """Traitors and spies are discarded face up once used (a traitor or spy a player chooses
    not to use is discarded too: it has no other use)."""
    return Bag({Card.TRAITOR: traitors, Card.SPY: spies})


@dataclass(frozen=True)
class Settlement:
    """What a vote leaves: the winner's prize, the cards each side discards, the cards the
    loser takes back."""

    prize: District | None
    winner_discards: Bag[Card]
    loser_discards: Bag[Card]
    loser_back: Bag[Card]


@RULEBOOK.rule(
    "vote.outcome",
    title="The last to raise wins; prize, discards, cards taken back",
    sections={"it": "Votazione > Importante; Votazione (dopo l'esempio)"},
    kind=EFFECT,
)
def settle(*, winner_cards: Sequence[Card], loser_cards: Sequence[Card]) -> Settlement:
    """The vote is won by the player with more district cards down when the other stops, the
    last to raise. The winner lays the first card they put down in front as a prize and
    discards every other card they put down, with the doge. The loser discards the first
    district card they put down and their gondolas, and takes the other cards back."""
    districts = [card for card in winner_cards if card.district is not None]
    prize = districts[0].district if districts else None
    winner_rest = list(winner_cards)
    if districts:
        winner_rest.remove(districts[0])
    loser_first = next((card for card in loser_cards if card.is_district), None)
    loser_rest = list(loser_cards)
    if loser_first is not None:
        loser_rest.remove(loser_first)
    gondolas = [card for card in loser_rest if card is Card.GONDOLA]
    back = [card for card in loser_rest if card is not Card.GONDOLA]
    lost = gondolas + ([loser_first] if loser_first is not None else [])
    return Settlement(prize, Bag.of(winner_rest), Bag.of(lost), Bag.of(back))


@RULEBOOK.rule(
    "game.win",
    title="A prize of every district, or four of one",
    sections={"it": "Fine del gioco; Obiettivo"},
    kind=EFFECT,
)
def has_won(*, prizes: Bag[District]) -> bool:
    """A player wins at once on holding a prize of every one of the six districts, or four
    prizes of one district."""
    return all(prizes[d] >= 1 for d in District) or any(
        count >= WIN_ONE_DISTRICT for _, count in prizes.items()
    )


@RULEBOOK.rule(
    "round.end",
    title="A round ends at 10",
    sections={"it": "Un nuovo round"},
    kind=EFFECT,
)
def round_ends(*, totals: tuple[int, int]) -> bool:
    """After a turn in which a player's number cards add up to 10 or more, the round ends
    (checked after the whole turn, not in the middle of it)."""
    return max(totals) >= ROUND_END_TOTAL


@dataclass(frozen=True)
class RoundRoles:
    """Who draws at a round's end, and who splits the next turn (player indexes)."""

    drawer: int
    splitter: int


@RULEBOOK.rule(
    "round.roles",
    title="The lower total draws; the other splits",
    sections={"it": "Un nuovo round (A, B and the note on ties)"},
    kind=EFFECT,
)
def round_roles(*, totals: tuple[int, int], splitter: int) -> RoundRoles:
    """At a round's end the lower total may draw three action cards and the opponent becomes
    the splitter. On equal totals the chooser of the last turn splits and the splitter of the
    last turn (the new chooser) draws."""
    if totals[0] == totals[1]:
        return RoundRoles(drawer=splitter, splitter=1 - splitter)
    lower = 0 if totals[0] < totals[1] else 1
    return RoundRoles(drawer=lower, splitter=1 - lower)


@RULEBOOK.rule(
    "round.reset",
    title="A new round: reshuffle, totals to 0, hands and prizes kept",
    sections={"it": "Un nuovo round"},
    kind=EFFECT,
)
def new_round_decks(
    *, deck: Pile[Card], discards: Pile[Card], number_cards: Bag[NumberCard]
) -> tuple[Pile[Card], Pile[NumberCard]]:
    """At a new round the discard pile is shuffled with what is left of the action deck, and
    every number card (both players' too) is shuffled into a new number deck; both players
    start again from 0, keeping their hands and their prizes."""
    return reshuffle(deck, discards), Pile.of_contents(number_cards)


@RULEBOOK.rule(
    "deck.reshuffle",
    title="An empty action deck is refilled from the discards",
    sections={"it": "Un nuovo round (the last note)"},
    kind=EFFECT,
)
def refill(*, discards: Pile[Card]) -> Pile[Card]:
    """When the last action card is taken during a round, the discard pile is shuffled at once
    and becomes the action deck (its order unknown)."""
    return reshuffle(Pile.of_contents(Bag()), discards)


def reshuffle(deck: Pile[Card], discards: Pile[Card]) -> Pile[Card]:
    """``deck`` and ``discards`` shuffled together: the contents are known if both are, the
    order never."""
    if deck.contents is not None and discards.contents is not None:
        return Pile.of_contents(deck.contents + discards.contents)
    if deck.size is not None and discards.size is not None:
        return Pile.unknown(deck.size + discards.size)
    return Pile.unknown()


@dataclass(frozen=True)
class DrawnCards:
    """Where drawn action cards go: into the hand, in front as doges (each calls a vote), to
    be used as spies or traitors, onto the discard pile after the draw, or (the kind
    ``discarded_at_once``) onto the discard pile the moment each is drawn, before the next
    card is drawn (which matters when the deck runs out during the draw)."""

    to_hand: Bag[Card]
    doges: int
    spies: int
    traitors: int
    discarded: Bag[Card]
    discarded_at_once: Card | None = None


@RULEBOOK.rule(
    "spy.drawn-cards",
    title="What a spy's cards do",
    sections={"it": "Il decisore e le diverse azioni > Spie"},
    kind=EFFECT,
)
def spy_cards(*, drawn: Sequence[Card], drawn_spy: str) -> DrawnCards:
    """Of the cards a spy draws, traitors are discarded as soon as they are drawn (after
    taking a card where the spy.traitors reading allows it), district cards and gondolas go
    into the hand, doges face up in front of the player (each calls a vote), and spies are
    used like any spy (reading play) or discarded (reading discard)."""
    spies = sum(1 for card in drawn if card is Card.SPY)
    return DrawnCards(
        to_hand=to_hand(cards=Bag.of(drawn)),
        doges=sum(1 for card in drawn if card is Card.DOGE),
        spies=spies if drawn_spy == "play" else 0,
        traitors=0,
        discarded=Bag({Card.SPY: spies if drawn_spy == "discard" else 0}),
        discarded_at_once=Card.TRAITOR,
    )


@RULEBOOK.rule(
    "roundend.drawn-cards",
    title="What the round-end cards do",
    sections={"it": "Un nuovo round (A)"},
    kind=EFFECT,
)
def round_end_cards(*, drawn: Sequence[Card]) -> DrawnCards:
    """Of the round-end draw, doges are discarded as soon as drawn (and replaced), spies and
    traitors are used as usual, district cards and gondolas go into the hand."""
    return DrawnCards(
        to_hand=to_hand(cards=Bag.of(drawn)),
        doges=0,
        spies=sum(1 for card in drawn if card is Card.SPY),
        traitors=sum(1 for card in drawn if card is Card.TRAITOR),
        discarded=Bag(),
        discarded_at_once=Card.DOGE,
    )
