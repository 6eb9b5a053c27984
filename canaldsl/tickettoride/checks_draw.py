"""Rules of drawing train cards: two cards, the face-up locomotives, replacing face-up cards."""

from __future__ import annotations

from canaldsl.rules import RuleKind
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import Colour
from canaldsl.tickettoride.rulebook import BOOK, DRAW_CARDS, TURN, it
from canaldsl.tickettoride.turns import Source

EFFECT = RuleKind.EFFECT


@BOOK.rule("draw.two-cards", title="A draw takes two cards", sections=it(TURN))
def two_cards(
    *, drawn: int, first_face_up_locomotive: bool, second_possible: bool, stop_allowed: bool
) -> str | None:
    """Drawing train cards takes two cards, one after the other, each from the face-up cards
    or blind from the deck. Only one is taken when the first is a face-up locomotive, or when
    no second card can be drawn (switch stop-after-one-card: whether a player may stop after
    one card anyway)."""
    if drawn == 0:
        return "no card drawn: drawing train cards takes two cards"
    if drawn > 2:
        return f"{drawn} cards drawn: a draw takes two cards"
    if drawn == 1 and not first_face_up_locomotive and second_possible and not stop_allowed:
        return "only one card drawn: a second card could be drawn and must be"
    return None


@BOOK.rule(
    "draw.locomotive-alone", title="A face-up locomotive is the whole draw", sections=it(DRAW_CARDS)
)
def locomotive_alone(*, after_face_up_locomotive: bool) -> str | None:
    """A player who takes a face-up locomotive takes that one card only: no card follows it
    in the same draw."""
    if not after_face_up_locomotive:
        return None
    return "no card may follow a face-up locomotive: taking one is the whole draw"


@BOOK.rule(
    "draw.locomotive-second",
    title="No face-up locomotive as the second card",
    sections=it(DRAW_CARDS),
)
def locomotive_second(*, card: Colour, second: bool, reading: str, replacement: bool) -> str | None:
    """The second card of a draw cannot be a face-up locomotive (taking one counts as the
    whole draw). Switch second-face-up-locomotive: 'forbidden' bars every face-up locomotive;
    'replacement-only' bars only the one just turned up to replace the first card."""
    if not second or card is not Colour.LOCOMOTIVE:
        return None
    if reading == "replacement-only" and not replacement:
        return None
    which = "the locomotive turned up as the replacement" if replacement else "a face-up locomotive"
    return f"{which} cannot be taken as the second card"


@BOOK.rule("draw.face-up-present", title="Only a card lying face up", sections=it(TURN))
def face_up_present(*, card: Colour, display: Cards, unseen: int) -> str | None:
    """A face-up draw takes one of the five cards lying face up beside the board."""
    if display.count(card) or unseen:
        return None
    showing = str(display) if display.total else "nothing"
    return f"no {card} card lies face up (the face-up cards are {showing})"


@BOOK.rule("draw.blind-top", title="A blind draw takes the deck's top card", sections=it(TURN))
def blind_top(*, card: Colour, top: Colour) -> str | None:
    """A blind draw takes the card on top of the deck (checked where the deck's order is
    known)."""
    if card is top:
        return None
    return f"the top card of the deck is {top}, not {card}"


@BOOK.rule("draw.no-cards-left", title="No draw from an empty deck", sections=it(DRAW_CARDS))
def no_cards_left(*, source: Source, deck: int, discards: int, face_up_allowed: bool) -> str | None:
    """When the deck is empty and there are no discards to shuffle into a new one, no train
    card can be drawn: the player must claim a route or draw tickets instead. (Switch
    exhausted-deck-face-up: whether the face-up cards left may still be taken.)"""
    if deck or discards:
        return None
    if source is Source.FACE_UP and face_up_allowed:
        return None
    return "no train card can be drawn: the deck and the discards are empty"


@BOOK.rule("draw.replace", title="A face-up card is replaced at once", sections=it(TURN))
def replace_face_up(
    *, shown: tuple[Colour, ...], turned_up: tuple[Colour | None, ...]
) -> str | None:
    """A face-up card taken is replaced at once by the top card of the deck, before the
    next card is drawn; nothing else is turned up (but the five new cards after three
    locomotives, draw.three-locomotives). Checked: the cards a turn says were turned up are no
    more than the rules turn up, and are the deck's cards where its order is known."""
    if len(shown) > len(turned_up):
        extra = len(shown) - len(turned_up)
        what = "no card is" if not turned_up else f"only {len(turned_up)} cards are"
        return f"{extra} card(s) too many turned up: {what} turned up here"
    for index, (said, actual) in enumerate(zip(shown, turned_up, strict=False)):
        if actual is not None and said is not actual:
            return f"card {index + 1} turned up is {actual} (the deck's next card), not {said}"
    return None


@BOOK.rule(
    "draw.three-locomotives",
    title="Three face-up locomotives are discarded",
    sections=it(DRAW_CARDS),
    kind=EFFECT,
)
def three_locomotives(
    *, display: Cards, available: Cards | None, reading: str, wiped: bool
) -> bool:
    """Whenever three of the five face-up cards are locomotives, all five are discarded and
    five new cards are turned up in their place (and again if three locomotives show once
    more). Switch locomotive-display-stalemate, for when the cards left (deck, discards and
    display, where all known) hold fewer than three that are not locomotives, so that no
    display without three locomotives can come up: 'keep' leaves the display as it is,
    'wipe-once' discards and replaces it once and then leaves it. ``wiped``: the display was
    already replaced since the card was taken. Returns whether the five are discarded now."""
    if display.locomotives < 3:
        return False
    stalemate = available is not None and available.total - available.locomotives < 3
    if not stalemate:
        return True
    return reading == "wipe-once" and not wiped


@BOOK.rule(
    "draw.reshuffle",
    title="The discards become the deck",
    sections=it(DRAW_CARDS),
    kind=EFFECT,
)
def reshuffle(*, deck: int, discards: int) -> bool:
    """When the deck runs out, the discards are shuffled into a new deck (in an order no one
    knows). Returns whether that happens before the next card is taken."""
    return deck == 0 and discards > 0
