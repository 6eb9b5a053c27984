"""Rules of the actions with an offer: traitors, spies, doges, and the order they are used in."""

from __future__ import annotations

from dataclasses import dataclass

from canaldsl.canalgrande.cards import SPY_DRAW, Card
from canaldsl.canalgrande.knowledge import Presence
from canaldsl.canalgrande.rulebook import RULEBOOK

_ACTION_NAMES = {Card.TRAITOR: "traitor", Card.SPY: "spy", Card.DOGE: "vote"}
_LISTED_RANK = {Card.TRAITOR: 0, Card.SPY: 1, Card.DOGE: 2}


@RULEBOOK.rule(
    "actions.from-offer",
    title="Each action needs its card",
    sections={"it": "Il decisore e le diverse azioni; Il riparatore e le sue azioni"},
)
def action_has_card(*, kind: Card, available: int) -> str | None:
    """A player uses one traitor, spy or doge per action: one card taken from the opponent
    per traitor, one draw per spy, one vote per doge. The card comes from the offer taken,
    from a spy's draw, or from the round-end draw; an action without its card is not allowed."""
    if available < 1:
        return f"a {_ACTION_NAMES[kind]} without a {kind} left to use"
    return None


@RULEBOOK.rule(
    "actions.order",
    title="The order of the actions (a reading)",
    sections={"it": "Svolgimento del gioco; Il decisore e le diverse azioni"},
)
def action_order(*, kind: Card, latest: Card | None, reading: str) -> str | None:
    """The text lists what traitors, spies and doges do without ordering them. Reading free
    (the default): any order. Reading listed: all traitors first, then the spies, then the
    votes."""
    if reading != "listed" or latest is None:
        return None
    if _LISTED_RANK[kind] < _LISTED_RANK[latest]:
        return (
            f"a {_ACTION_NAMES[kind]} after a {_ACTION_NAMES[latest]}; read as listed, "
            "traitors come first, then spies, then votes"
        )
    return None


@RULEBOOK.rule(
    "traitor.card-in-hand",
    title="A traitor takes a card the opponent holds",
    sections={"it": "Il decisore e le diverse azioni > Traditori; > Spie"},
)
def stolen_card(*, card: Card, presence: Presence, victim: str) -> str | None:
    """For each traitor the player may take one card from the opponent's hand into their own:
    the card must be in that hand (checked when the hand is known; a hand only ever holds
    district cards and gondolas)."""
    if presence is Presence.NO:
        return f"{victim} holds no {card} to take"
    return None


@RULEBOOK.rule(
    "traitor.empty-hand",
    title="Nothing is taken from an empty hand",
    sections={"it": "Il decisore e le diverse azioni > Traditori"},
)
def empty_hand(*, victim_empty: bool | None, thief_empty: bool | None, reading: str) -> str | None:
    """A traitor cannot act when the hand it would take from is empty. Under the reading
    either, not when the thief's own hand is empty either (the text says only 'a player')."""
    if victim_empty is True:
        return "a card is taken from an empty hand"
    if reading == "either" and thief_empty is True:
        return "read as 'either hand', a player with an empty hand takes nothing with a traitor"
    return None


@dataclass(frozen=True)
class SpyShape:
    """What a spy's draw should be, given the cards drawn: how many cards in all, how many
    cards may be taken for traitors, and which drawn cards are traitors that have no effect
    besides being replaced."""

    expected: int
    steals: int
    traitors: int


def spy_shape(drawn: tuple[Card, ...], reading: str) -> SpyShape:
    """The draw a spy makes with ``drawn`` as its cards, under the spy.traitors reading."""
    if reading == "replace-only":
        kept = 0
        for index, card in enumerate(drawn):
            if card is not Card.TRAITOR:
                kept += 1
                if kept == SPY_DRAW:
                    return SpyShape(index + 1, 0, drawn[: index + 1].count(Card.TRAITOR))
        return SpyShape(len(drawn) + SPY_DRAW - kept, 0, drawn.count(Card.TRAITOR))
    first = drawn[:SPY_DRAW]
    replaced = first.count(Card.TRAITOR)
    if reading == "steal-all":
        return SpyShape(SPY_DRAW, replaced, 0)
    second = drawn[SPY_DRAW : SPY_DRAW + replaced]
    return SpyShape(SPY_DRAW + replaced, second.count(Card.TRAITOR), replaced)


@RULEBOOK.rule(
    "spy.draw-two",
    title="A spy draws two action cards (and replacements)",
    sections={"it": "Il decisore e le diverse azioni > Spie"},
)
def spy_draw(*, drawn: int, expected: int, available: int | None) -> str | None:
    """For each spy the player draws two action cards unseen by the opponent; traitors among
    them are replaced as the spy.traitors reading says. Fewer only when the action deck and
    the discard pile run out."""
    if drawn == expected:
        return None
    if drawn < expected and available is not None and drawn == available:
        return None
    return f"the spy draws {expected} cards here, not {drawn}"


@RULEBOOK.rule(
    "spy.traitor-steals",
    title="Cards taken for traitors a spy draws",
    sections={"it": "Il decisore e le diverse azioni > Spie"},
)
def spy_steals(*, steals: int, allowed: int, reading: str) -> str | None:
    """A traitor a spy draws takes a card from the opponent only as the spy.traitors reading
    says: by default only traitors drawn as replacements, one card each."""
    if steals > allowed:
        return (
            f"{steals} cards taken for this spy's traitors; {allowed} allowed (reading {reading})"
        )
    return None


@RULEBOOK.rule(
    "vote.every-doge",
    title="Every doge calls a vote",
    sections={"it": "Il decisore e le diverse azioni > Dogi; Votazione (dopo l'esempio)"},
)
def every_doge(*, unused: int, player: str) -> str | None:
    """Each doge a player takes, from the offer or drawn by a spy, calls one vote, held among
    that player's actions (a doge is discarded without a vote only when neither player holds
    a district card, which the vote record says)."""
    if unused:
        plural = "s" if unused > 1 else ""
        return f"{unused} doge{plural} of {player} called no vote"
    return None
