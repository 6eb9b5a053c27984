"""Rules of a turn's beginning: who splits, the cards turned up, the split and the choice."""

from __future__ import annotations

from canaldsl.canalgrande.cards import TURNED_UP_ACTIONS, TURNED_UP_NUMBERS
from canaldsl.canalgrande.knowledge import Presence
from canaldsl.canalgrande.position import Offer
from canaldsl.canalgrande.rulebook import RULEBOOK


@RULEBOOK.rule(
    "turn.splitter",
    title="Who splits",
    sections={"it": "Svolgimento del gioco; Un nuovo giro; Un nuovo round (B and the note)"},
)
def splitter(*, named: str, expected: str) -> str | None:
    """The players take turns at splitting: after a turn the chooser becomes the splitter.
    After a turn that ends a round, the player with the higher total splits (on a tie, the
    chooser of that turn). Who splits the first turn the text does not say."""
    if named != expected:
        return f"{expected} splits this turn, not {named}"
    return None


@RULEBOOK.rule(
    "reveal.five-and-three",
    title="Five action cards and three number cards turned up",
    sections={"it": "Il giro"},
)
def five_and_three(
    *,
    actions: int,
    numbers: int,
    actions_available: int | None,
    numbers_available: int | None,
) -> str | None:
    """The splitter turns up the top 5 action cards and the top 3 number cards, 8 cards in
    all. Fewer only when fewer are left (the action deck is first refilled from the discard
    pile); how many are left is checked only when it is known."""
    for kind, got, wanted, available in (
        ("action", actions, TURNED_UP_ACTIONS, actions_available),
        ("number", numbers, TURNED_UP_NUMBERS, numbers_available),
    ):
        if got > wanted:
            return f"{got} {kind} cards turned up; the splitter turns up {wanted}"
        if got < wanted and available is not None and got < min(wanted, available):
            return (
                f"{got} {kind} cards turned up; the splitter turns up {wanted} "
                f"({available} were left)"
            )
    return None


@RULEBOOK.rule(
    "deck.draw",
    title="Cards come from the top of their deck",
    sections={"it": "Il giro; Il decisore e le diverse azioni > Spie; Un nuovo round (A)"},
)
def drawn(*, card: str, presence: Presence, pile: str, in_order: bool) -> str | None:
    """Cards are drawn from the top of their deck: a card drawn must be the deck's next card
    when the deck's order is known, and one of its cards when its contents are known (not
    checked when neither is known)."""
    if presence is Presence.NO:
        where = "not its next card" if in_order else "not in it"
        return f"{card} cannot be drawn from the {pile}: it is {where}"
    return None


@RULEBOOK.rule(
    "split.two-offers",
    title="Two offers",
    sections={"it": "Svolgimento del gioco; Il giro"},
)
def two_offers(*, offers: int) -> str | None:
    """The splitter divides the eight cards into two offers: exactly two."""
    if offers != 2:
        return f"the cards are split into {offers} offers; the splitter makes exactly two"
    return None


@RULEBOOK.rule(
    "split.offer-not-empty",
    title="At least one card per offer",
    sections={"it": "Il giro"},
)
def offer_not_empty(*, which: int, cards: int) -> str | None:
    """How many cards go into each offer is free, but each offer holds at least one card
    (an action card or a number card)."""
    if cards < 1:
        return f"offer {which} is empty; each offer holds at least one card"
    return None


@RULEBOOK.rule(
    "split.all-cards",
    title="The offers hold exactly the cards turned up",
    sections={"it": "Il giro"},
)
def all_cards(*, offered: Offer, turned_up: Offer) -> str | None:
    """All eight cards turned up are split between the two offers: none left out, none
    added."""
    if offered == turned_up:
        return None
    extra_a = offered.actions.minus_what_is_there(turned_up.actions)
    extra_n = offered.numbers.minus_what_is_there(turned_up.numbers)
    missing_a = turned_up.actions.minus_what_is_there(offered.actions)
    missing_n = turned_up.numbers.minus_what_is_there(offered.numbers)
    parts = []
    if extra_a or extra_n:
        parts.append(f"{Offer(extra_a, extra_n).describe()} offered but not turned up")
    if missing_a or missing_n:
        parts.append(f"{Offer(missing_a, missing_n).describe()} turned up but not offered")
    return "; ".join(parts)


@RULEBOOK.rule(
    "choice.offer",
    title="The chooser takes one of the two offers",
    sections={"it": "Svolgimento del gioco; Il giro"},
)
def chosen_offer(*, offer: int, offers: int) -> str | None:
    """The chooser takes one of the two offers; the other stays on the table for the
    splitter."""
    if not 0 <= offer < offers:
        return f"there is no offer {offer + 1}; the chooser takes offer 1 or offer 2"
    return None
