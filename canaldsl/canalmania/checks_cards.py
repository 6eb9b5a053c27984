"""Rules of build cards and engineers outside building: the display, the deck, exchanging."""

from __future__ import annotations

from canaldsl.canalmania.components import CARDS_TAKEN, DISPLAY_SIZE, HAND_LIMIT
from canaldsl.canalmania.position import Card
from canaldsl.canalmania.rulebase import rule


@rule(
    "cards.take-three",
    title="Take three face-up cards (four with Rennie)",
    it="Il turno; Carte costruzione > 1. Prendere carte costruzione; Ingegneri (Rennie)",
    fr="Le tour; Cartes Construction > 1. Prendre des cartes Construction; Divers (Rennie)",
    de="Spielzug; Baukarten > 1. Baukarten aufnehmen; Die Ingenieure (Rennie)",
)
def take_three(*, taken: int, hand_before: int | None, rennie: bool) -> str | None:
    """Taking display cards takes three of them (Rennie may take four); fewer are allowed only
    to a player already holding seven or more cards."""
    most = CARDS_TAKEN + 1 if rennie else CARDS_TAKEN
    if taken > most:
        who = "with Rennie" if rennie else "without Rennie"
        return f"{taken} cards taken; at most {most} {who}"
    if taken < CARDS_TAKEN and hand_before is not None and hand_before < HAND_LIMIT:
        return (
            f"only {taken} taken; fewer than {CARDS_TAKEN} are allowed only with {HAND_LIMIT} "
            f"or more cards in hand (this hand had {hand_before})"
        )
    return None


@rule(
    "cards.in-display",
    title="Cards taken are in the display",
    it="Carte costruzione > 1. Prendere carte costruzione",
    fr="Cartes Construction > 1. Prendre des cartes Construction",
    de="Baukarten > 1. Baukarten aufnehmen",
)
def in_display(*, card: Card, display: list[Card] | None) -> str | None:
    """A card taken from the display must lie there face up."""
    if display is not None and card not in display:
        shown = ", ".join(str(c) for c in display) or "nothing"
        return f"{card} is not in the display (it shows: {shown})"
    return None


@rule(
    "display.refill",
    title="The display is refilled to five",
    it="Il turno",
    fr="Le tour",
    de="Spielzug; Baukarten > 1. Baukarten aufnehmen",
)
def refill(*, revealed: int, needed: int, deck_left: int | None) -> str | None:
    """After cards are taken from the display, or the whole display is discarded, new cards
    from the deck bring it back to five (the discards are reshuffled when the deck runs out)."""
    wanted = needed if deck_left is None else min(needed, deck_left)
    if revealed != wanted:
        return f"the display is refilled with {wanted} cards, not {revealed}"
    return None


@rule(
    "display.discard",
    title="Discarding the display",
    it="Il turno; Carte costruzione > 2. Piazzare cubi merci",
    fr="Le tour; Cartes Construction > 2. Placer des marchandises",
    de="Spielzug; Baukarten > 2. Gütermarker einsetzen",
)
def discard_display(*, display_size: int | None) -> str | None:
    """In phase 1 a player may discard all five face-up cards and turn up five new ones; the
    goods symbols on the new cards are ignored."""
    if display_size is not None and display_size != DISPLAY_SIZE:
        return f"the display holds {display_size} cards; it should hold {DISPLAY_SIZE}"
    return None


@rule(
    "draw.top-card",
    title="Drawing the top card of the deck",
    it="Il turno; Carte costruzione > 2. Piazzare cubi merci",
    fr="Le tour; Cartes Construction > 2. Placer des marchandises",
    de="Spielzug; Baukarten > 2. Gütermarker einsetzen",
)
def top_card(*, stated: Card | None, top: Card | None) -> str | None:
    """Instead of any phase's action a player may draw the top card of the deck; if it shows a
    goods symbol the player may announce it (showing the card) and place cubes, or keep quiet."""
    if stated is not None and top is not None and stated != top:
        return f"the top card of the deck is {top}, not {stated}"
    return None


@rule(
    "draw.announce",
    title="Only a goods symbol can be announced",
    it="Carte costruzione > 2. Piazzare cubi merci",
    fr="Cartes Construction > 2. Placer des marchandises",
    de="Baukarten > 2. Gütermarker einsetzen",
)
def announce(*, card: Card | None) -> str | None:
    """Announcing a drawn card means showing its goods symbol to place cubes; a card without a
    symbol has nothing to announce."""
    if card is not None and card.symbol is None:
        return f"{card} shows no goods symbol, so there is nothing to announce"
    return None


@rule(
    "engineer.rennie",
    title="Rennie",
    it="Ingegneri (Rennie)",
    fr="Divers (Rennie)",
    de="Die Ingenieure (Rennie)",
)
def rennie(*, engineer: str | None) -> str | None:
    """Rennie may take four display cards instead of three, and when drawing from the deck may
    take any face-up card instead of the top card (refilling the display from the deck)."""
    if engineer != "Rennie":
        held = engineer or "no engineer"
        return f"only Rennie may draw a face-up card instead of the top card ({held} held)"
    return None


@rule(
    "engineer.exchange",
    title="Exchanging engineers",
    it="Il turno",
    fr="Le tour",
    de="Spielzug",
)
def exchange(*, own: str | None, other: str | None, target: str) -> str | None:
    """In phase 1 a player may exchange engineers with another player, willing or not, or with
    one of the engineers lying beside the board."""
    if own is None:
        return "a player without an engineer has nothing to exchange"
    if other is None:
        return f"{target} is not there to exchange with"
    if other == own:
        return "an engineer cannot be exchanged for itself"
    return None
