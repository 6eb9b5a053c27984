"""Rules of a round's end and of the game's end."""

from __future__ import annotations

from canaldsl.canalgrande.cards import ROUND_END_DRAW, Card
from canaldsl.canalgrande.rulebook import RULEBOOK


@RULEBOOK.rule(
    "roundend.only-at-round-end",
    title="The three-card draw only at a round's end",
    sections={"it": "Un nuovo round (A)"},
)
def only_at_round_end(*, round_ended: bool) -> str | None:
    """Drawing three action cards is the advantage of the lower total when a round ends, and
    happens at no other time."""
    if not round_ended:
        return "no round ended after this turn (no total reached 10): there is no draw"
    return None


@RULEBOOK.rule(
    "roundend.lower-draws",
    title="The lower total draws",
    sections={"it": "Un nuovo round (A and the note on ties)"},
)
def lower_draws(*, named: str, expected: str) -> str | None:
    """At a round's end the player with the lower number total may draw three action cards.
    If both totals are equal (both 10 or more), the splitter of the last turn draws (and
    becomes the chooser)."""
    if named != expected:
        return f"{expected} has the round-end draw, not {named}"
    return None


@RULEBOOK.rule(
    "roundend.three-cards",
    title="Three cards; doges replaced",
    sections={"it": "Un nuovo round (A)"},
)
def three_cards(*, drawn: tuple[Card, ...], available: int | None) -> str | None:
    """The round-end draw is three action cards. Each doge drawn is discarded and replaced by
    another card, a doge drawn as a replacement too; spies and traitors drawn act as usual.
    Fewer only when the cards run out."""
    kept = 0
    for index, card in enumerate(drawn):
        if kept == ROUND_END_DRAW:
            return f"{len(drawn) - index} cards drawn after the third card that is not a doge"
        if card is not Card.DOGE:
            kept += 1
    if kept < ROUND_END_DRAW and (available is None or len(drawn) < available):
        return f"{kept} cards kept from the round-end draw; it is {ROUND_END_DRAW} (doges replaced)"
    return None


@RULEBOOK.rule(
    "game.over",
    title="Nothing after the game is won",
    sections={"it": "Fine del gioco"},
)
def game_over(*, winner: str | None) -> str | None:
    """The first player to hold the winning prizes wins at once: nothing is played after."""
    if winner is not None:
        return f"the game is over: {winner} has won"
    return None
