"""The engine's part for drawing train cards: each card in turn, with its checks and effects."""

from __future__ import annotations

from dataclasses import replace

from canaldsl.tickettoride import checks_draw as rules
from canaldsl.tickettoride.colours import Colour
from canaldsl.tickettoride.engine_context import Context
from canaldsl.tickettoride.piles import Piles
from canaldsl.tickettoride.position import Hand, Player, Position
from canaldsl.tickettoride.rulebook import (
    DISPLAY_STALEMATE,
    EXHAUSTED_DECK_FACE_UP,
    SECOND_FACE_UP_LOCOMOTIVE,
    STOP_AFTER_ONE_CARD,
)
from canaldsl.tickettoride.turns import CardDraw, DrawCards, Source
from canaldsl.tickettoride.verdict import TurnReport

MAX_WIPES = 25
"""Display replacements after one card at most (110 cards fill 22 displays): a bound, so
a stalemate no switch foresees cannot loop."""


def draw_cards(
    context: Context, position: Position, player: Player, action: DrawCards
) -> tuple[Position, TurnReport]:
    """Play a draw of train cards; returns the position after it and the report."""
    piles = Piles(position)
    hand = player.hand
    drawn: list[Colour | None] = []
    old_locomotives = piles.display.locomotives + piles.unseen
    first_face_up_locomotive = False
    second_possible: bool | None = None
    for index, draw in enumerate(action.draws):
        if index == 1:
            second_possible = _second_possible(context, piles, old_locomotives)
        if index >= 1:
            context.referee.check(
                rules.locomotive_alone,
                draw.span,
                after_face_up_locomotive=index == 1 and first_face_up_locomotive,
            )
        _check_empty(context, piles, draw)
        if draw.source is Source.BLIND:
            card = _blind(context, piles, draw)
        else:
            assert draw.card is not None
            card = draw.card
            context.referee.check(
                rules.face_up_present,
                draw.span,
                card=card,
                display=piles.display,
                unseen=piles.unseen,
            )
            if index == 1:
                context.referee.check(
                    rules.locomotive_second,
                    draw.span,
                    card=card,
                    second=True,
                    reading=context.switches[SECOND_FACE_UP_LOCOMOTIVE.name],
                    replacement=old_locomotives == 0,
                )
            piles.take_face_up(card)
            if index == 0:
                first_face_up_locomotive = card is Colour.LOCOMOTIVE
                old_locomotives = min(
                    old_locomotives - (card is Colour.LOCOMOTIVE),
                    piles.display.locomotives + piles.unseen,
                )
            if _replace(context, piles, draw):
                old_locomotives = 0
        drawn.append(card)
        hand = hand.plus(card)
    if len(action.draws) == 1:
        second_possible = _second_possible(context, piles, old_locomotives)
    _check_count(context, action, first_face_up_locomotive, second_possible)
    after = piles.into(position).with_player(_with_hand(player, hand))
    report = TurnReport(
        player=player.colour,
        action="draws train cards",
        cards_drawn=tuple(drawn),
        trains_left=player.trains,
    )
    return after, report


def _with_hand(player: Player, hand: Hand) -> Player:
    return replace(player, hand=hand)


def _check_empty(context: Context, piles: Piles, draw: CardDraw) -> None:
    deck, discards = piles.deck_size, piles.discard_size
    if (deck is not None and deck > 0) or (discards is not None and discards > 0):
        return
    if deck is None:
        return  # a deck of unknown size is never taken to be empty
    if discards is None:
        context.skip(rules.no_cards_left, draw.span, "the number of discards is not known")
        return
    context.referee.check(
        rules.no_cards_left,
        draw.span,
        source=draw.source,
        deck=deck,
        discards=discards,
        face_up_allowed=context.switches[EXHAUSTED_DECK_FACE_UP.name] == "allowed",
    )


def _blind(context: Context, piles: Piles, draw: CardDraw) -> Colour | None:
    if piles.can_turn_up() is False:
        return draw.card
    card, top = piles.take_top(draw.card)
    if top is not None and draw.card is not None:
        context.referee.check(rules.blind_top, draw.span, card=draw.card, top=top)
        return draw.card
    return card


def _replace(context: Context, piles: Piles, draw: CardDraw) -> bool:
    """Turn up the replacement (and new displays after three locomotives); check what the
    turn says was turned up. Returns whether the display was discarded."""
    shown = draw.revealed or ()
    turned_up: list[Colour | None] = []

    def turn_up() -> None:
        said = shown[len(turned_up)] if len(turned_up) < len(shown) else None
        card, actual = piles.take_top(said)
        turned_up.append(actual)
        piles.show(card)

    if piles.can_turn_up() is not False:
        turn_up()
    wipes = 0
    reading = context.switches[DISPLAY_STALEMATE.name]
    while wipes < MAX_WIPES and rules.three_locomotives(
        display=piles.display, available=piles.available(), reading=reading, wiped=wipes > 0
    ):
        piles.discard_display()
        wipes += 1
        for _ in range(5):
            if piles.can_turn_up() is False:
                break
            turn_up()
    if piles.display.locomotives < 3 <= piles.display.locomotives + piles.unseen:
        piles.forget_display()  # three locomotives may have shown: what followed is unknown
    if draw.revealed is not None:
        context.referee.check(
            rules.replace_face_up, draw.span, shown=draw.revealed, turned_up=tuple(turned_up)
        )
    return wipes > 0


def _second_possible(context: Context, piles: Piles, old_locomotives: int) -> bool | None:
    """Whether a second card could be drawn now (None: not known)."""
    can = piles.can_turn_up()
    if can is not False:
        return can
    if context.switches[EXHAUSTED_DECK_FACE_UP.name] != "allowed":
        return False
    if piles.unseen:
        return None
    others = piles.display.total - piles.display.locomotives
    if context.switches[SECOND_FACE_UP_LOCOMOTIVE.name] == "replacement-only":
        others += min(old_locomotives, piles.display.locomotives)
    return others > 0


def _check_count(
    context: Context,
    action: DrawCards,
    first_face_up_locomotive: bool,
    second_possible: bool | None,
) -> None:
    count = len(action.draws)
    span = action.draws[2].span if count > 2 else action.span
    stop_allowed = context.switches[STOP_AFTER_ONE_CARD.name] == "allowed"
    if count == 1 and second_possible is None and not first_face_up_locomotive:
        if not stop_allowed:
            context.skip(rules.two_cards, span, "whether a second card could be drawn is not known")
        return
    context.referee.check(
        rules.two_cards,
        span,
        drawn=count,
        first_face_up_locomotive=first_face_up_locomotive,
        second_possible=bool(second_possible),
        stop_allowed=stop_allowed,
    )
