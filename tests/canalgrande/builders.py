"""Small builders for Canal Grande positions and turns in tests (two players, Anna and Bruno)."""

from __future__ import annotations

from collections.abc import Iterable

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District, NumberCard
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import Offer, PlayerState, Position, Stage
from canaldsl.canalgrande.turn import (
    Action,
    Choice,
    OfferCards,
    Pass,
    Phase,
    Placed,
    Play,
    RoundEndDraw,
    Split,
    Turn,
)
from canaldsl.diagnostics import UNKNOWN_SPAN, Span

C = Card
D = District
N = NumberCard
ANNA, BRUNO = "Anna", "Bruno"

TOP = (C.SAN_MARCO, C.CASTELLO, C.GONDOLA, C.DORSODURO, C.SAN_POLO)
"""The first five cards of the standard deck of these tests."""
REST = (C.SANTA_CROCE, C.CANNAREGIO, C.GONDOLA, C.SAN_MARCO, C.CASTELLO, C.DORSODURO)
NUMBERS = (N.ONE, N.TWO, N.THREE, N.ONE, N.TWO, N.THREE)


def at(line: int, column: int = 1) -> Span:
    return Span.point(line, column)


def player(
    name: str,
    hand: Iterable[Card] | Hand = (),
    *,
    total: int | None = None,
    prizes: Iterable[District] = (),
    doges: int = 0,
) -> PlayerState:
    held = hand if isinstance(hand, Hand) else Hand.of(*hand)
    numbers: Bag[NumberCard] | None = Bag()
    if total is not None:
        numbers = None
    return PlayerState(
        name,
        held,
        numbers=numbers,
        total=total or 0,
        prizes=Bag.of(prizes),
        doges=doges,
    )


def position(
    anna: Iterable[Card] | Hand = (),
    bruno: Iterable[Card] | Hand = (),
    *,
    deck: tuple[Card, ...] | None = TOP + REST,
    numbers: tuple[NumberCard, ...] | None = NUMBERS,
    discards: Iterable[Card] | None = (),
    splitter: int = 0,
    anna_total: int | None = None,
    bruno_total: int | None = None,
    anna_prizes: Iterable[District] = (),
    bruno_prizes: Iterable[District] = (),
    anna_doges: int = 0,
    stage: Stage = Stage.START,
    offers: tuple[Offer, Offer] | None = None,
    turned_up: Offer | None = None,
    winner: int | None = None,
) -> Position:
    return Position(
        players=(
            player(ANNA, anna, total=anna_total, prizes=anna_prizes, doges=anna_doges),
            player(BRUNO, bruno, total=bruno_total, prizes=bruno_prizes),
        ),
        splitter=splitter,
        action_deck=Pile.in_order(deck) if deck is not None else Pile.unknown(),
        number_deck=Pile.in_order(numbers) if numbers is not None else Pile.unknown(),
        discards=Pile.of_contents(Bag.of(discards)) if discards is not None else Pile.unknown(),
        stage=stage,
        offers=offers,
        turned_up=turned_up,
        winner=winner,
    )


def offer(
    actions: Iterable[Card] = (), numbers: Iterable[int] = (), span: Span = UNKNOWN_SPAN
) -> OfferCards:
    return OfferCards(tuple(actions), tuple(NumberCard(n) for n in numbers), span=span)


def split(*offers: OfferCards, span: Span = UNKNOWN_SPAN) -> Split:
    return Split(tuple(offers), span=span)


STANDARD_SPLIT = split(offer(TOP[:2], [1]), offer(TOP[2:], [2, 3]))
"""The top five and top three of the standard decks: Anna (splitter) offers San Marco,
Castello and a 1 against a gondola, Dorsoduro, San Polo, a 2 and a 3."""


def turn(
    the_split: Split | None = STANDARD_SPLIT,
    choice: int = 0,
    *,
    chooser: Iterable[Action] = (),
    splitter: Iterable[Action] = (),
    round_end: RoundEndDraw | None = None,
    splitter_name: str | None = None,
    choice_span: Span = UNKNOWN_SPAN,
    chooser_span: Span = UNKNOWN_SPAN,
    splitter_span: Span = UNKNOWN_SPAN,
    span: Span = UNKNOWN_SPAN,
) -> Turn:
    return Turn(
        split=the_split,
        choice=Choice(choice, span=choice_span),
        chooser_actions=Phase(tuple(chooser), span=chooser_span),
        splitter_actions=Phase(tuple(splitter), span=splitter_span),
        round_end=round_end,
        splitter=splitter_name,
        span=span,
    )


def play(who: str, *cards: Card | tuple[Card, int] | Placed, span: Span = UNKNOWN_SPAN) -> Play:
    """A play: each item a card, (card, count), or a Placed with its own span."""
    placed: list[Placed] = []
    for item in cards:
        if isinstance(item, Placed):
            placed.append(item)
        elif isinstance(item, tuple):
            placed.append(Placed(item[0], item[1]))
        else:
            placed.append(Placed(item))
    return Play(who, tuple(placed), span=span)


def passes(who: str, span: Span = UNKNOWN_SPAN) -> Pass:
    return Pass(who, span=span)
