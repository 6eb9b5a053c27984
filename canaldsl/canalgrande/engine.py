"""Playing a whole turn: the split, the choice, the chooser's then the splitter's actions, and
the round's end.

:func:`play_turn` judges a :class:`~canaldsl.canalgrande.turn.Turn` from a position and
returns a :class:`~canaldsl.canalgrande.reports.TurnReport`: every broken rule with the span
of its step, or (when legal) what happened and the position after. What a position leaves
unknown is never guessed: a rule that depends on it is not checked.

Only three broken rules stop the turn, since nothing after them has a meaning: the game is
already over (``game.over``), the split is not into two offers (``split.two-offers``), the
chosen offer does not exist (``choice.offer``).
"""

from __future__ import annotations

from dataclasses import replace

from canaldsl.canalgrande import checks_round as cr
from canaldsl.canalgrande import checks_turn as ct
from canaldsl.canalgrande.actions import (
    Pending,
    PhaseContext,
    play_actions,
    take_offer,
)
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import TURNED_UP_ACTIONS, Card, NumberCard
from canaldsl.canalgrande.draws import (
    actions_available,
    draw_in_order,
    reveal_actions,
    reveal_numbers,
)
from canaldsl.canalgrande.effects import new_round_decks, round_end_cards, round_ends, round_roles
from canaldsl.canalgrande.knowledge import Pile, Presence
from canaldsl.canalgrande.position import Offer, PlayerState, Position, Stage
from canaldsl.canalgrande.reports import PhaseReport, RoundEndReport, TurnReport
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import OfferCards, RoundEndDraw, Split, Turn
from canaldsl.diagnostics import Span
from canaldsl.rules import Referee


def play_turn(position: Position, turn: Turn, *, readings: Readings | None = None) -> TurnReport:
    """Judge ``turn`` from ``position``: the rules it breaks and, when it breaks none, what
    happened and the position after."""
    readings = readings or Readings()
    referee = Referee()
    report = TurnReport(before=position)
    if position.winner is not None:
        referee.check(cr.game_over, turn.span, winner=position.name(position.winner))
        report.violations = referee.violations
        return report
    splitter, chooser = position.splitter, position.chooser
    if turn.splitter is not None:
        referee.check(ct.splitter, turn.span, named=turn.splitter, expected=position.name(splitter))
    played, offers = _split(position, turn.split, turn.span, referee)
    if offers is not None and referee.check(
        ct.chosen_offer, turn.choice.span, offer=turn.choice.offer, offers=len(offers)
    ):
        context = PhaseContext(readings, referee, [])
        taken, left = offers[turn.choice.offer], offers[1 - turn.choice.offer]
        for player, offer, phase in (
            (chooser, taken, turn.chooser_actions),
            (splitter, left, turn.splitter_actions),
        ):
            phase_report = PhaseReport(position.name(player), took=offer)
            report.phases.append(phase_report)
            if played.winner is not None:
                if phase.actions:
                    referee.check(
                        cr.game_over, phase.actions[0].span, winner=played.name(played.winner)
                    )
                break
            played, pending = take_offer(played, player, offer)
            played = play_actions(
                played,
                player,
                pending,
                phase.actions,
                span=phase.span,
                context=context,
                report=phase_report,
            )
        played = _end_of_turn(played, turn, context, report)
    report.violations = referee.violations
    report.played = played
    if played.winner is not None:
        report.winner = played.name(played.winner)
    return report


def _split(
    position: Position, split: Split | None, span: Span, referee: Referee
) -> tuple[Position, tuple[Offer, Offer] | None]:
    """The offers of the turn, and the position with their cards off the decks."""
    if split is None:
        if position.offers is None:
            referee.check(ct.two_offers, span, offers=0)
            return position, None
        return replace(position, stage=Stage.START, offers=None), position.offers
    if not referee.check(ct.two_offers, split.span, offers=len(split.offers)):
        return position, None
    for number, written in enumerate(split.offers, start=1):
        referee.check(
            ct.offer_not_empty,
            written.span,
            which=number,
            cards=len(written.actions) + len(written.numbers),
        )
    first, second = split.offers[0].offer(), split.offers[1].offer()
    offered = first + second
    if position.stage is Stage.START:
        position = _reveal(position, split, referee)
    else:
        turned_up = position.turned_up
        if turned_up is None:
            assert position.offers is not None
            turned_up = position.offers[0] + position.offers[1]
        referee.check(ct.all_cards, split.span, offered=offered, turned_up=turned_up)
    position = replace(position, stage=Stage.START, turned_up=None, offers=None)
    return position, (first, second)


def _reveal(position: Position, split: Split, referee: Referee) -> Position:
    """The split's cards turned up from the two decks (rules ``reveal.five-and-three`` and
    ``deck.draw``)."""
    actions = [card for offer in split.offers for card in offer.actions]
    numbers = [number for offer in split.offers for number in offer.numbers]
    referee.check(
        ct.five_and_three,
        split.span,
        actions=len(actions),
        numbers=len(numbers),
        actions_available=_available_for_reveal(position),
        numbers_available=position.number_deck.size,
    )
    action_order = position.action_deck.order is not None
    number_order = position.number_deck.order is not None
    position, action_presence = reveal_actions(position, actions)
    position, number_presence = reveal_numbers(position, numbers)
    action_iter, number_iter = iter(action_presence), iter(number_presence)
    for offer in split.offers:
        _report_drawn(referee, offer, offer.actions, action_iter, "action deck", action_order)
        _report_drawn(referee, offer, offer.numbers, number_iter, "number deck", number_order)
    return position


def _available_for_reveal(position: Position) -> int | None:
    """How many action cards the splitter can turn up, as far as known: five if the deck
    alone is known to hold them, else what the deck and the discards hold."""
    size = position.action_deck.size
    if size is not None and size >= TURNED_UP_ACTIONS:
        return size
    return actions_available(position)


def _report_drawn(
    referee: Referee,
    offer: OfferCards,
    cards: tuple[Card, ...] | tuple[NumberCard, ...],
    presences: object,
    pile: str,
    in_order: bool,
) -> None:
    """One ``deck.draw`` violation per offer and deck at most: the first card that could not
    have been turned up."""
    assert hasattr(presences, "__next__")
    reported = False
    for card in cards:
        presence = next(presences)
        if not reported:
            name = f"number {int(card)}" if isinstance(card, NumberCard) else str(card)
            reported = not referee.check(
                ct.drawn, offer.span, card=name, presence=presence, pile=pile, in_order=in_order
            )


def _end_of_turn(
    position: Position, turn: Turn, context: PhaseContext, report: TurnReport
) -> Position:
    """Roles swap; or, when a total reached 10, the round ends (draw, roles, reshuffle)."""
    referee = context.referee
    if position.winner is not None:
        if turn.round_end is not None:
            referee.check(cr.game_over, turn.round_end.span, winner=position.name(position.winner))
        return position
    totals = (position.players[0].total, position.players[1].total)
    ended = round_ends(totals=totals)
    if not ended:
        if turn.round_end is not None:
            referee.check(cr.only_at_round_end, turn.round_end.span, round_ended=False)
        return replace(position, splitter=position.chooser, turn=position.turn + 1)
    roles = round_roles(totals=totals, splitter=position.splitter)
    end_report = RoundEndReport(
        totals=totals, drawer=position.name(roles.drawer), splitter=position.name(roles.splitter)
    )
    report.round_end = end_report
    if turn.round_end is not None:
        position = _round_end_draw(position, roles.drawer, turn.round_end, context, end_report)
        if position.winner is not None:
            return position
    deck, numbers = new_round_decks(
        deck=position.action_deck,
        discards=position.discards,
        number_cards=position.number_cards,
    )
    players = tuple(replace(p, numbers=Bag[NumberCard](), total=0) for p in position.players)
    assert len(players) == 2
    return replace(
        position,
        players=(players[0], players[1]),
        action_deck=deck,
        discards=Pile.of_contents(Bag[Card]()),
        number_deck=numbers,
        splitter=roles.splitter,
        round=position.round + 1,
        turn=1,
    )


def _round_end_draw(
    position: Position,
    drawer: int,
    draw: RoundEndDraw,
    context: PhaseContext,
    end_report: RoundEndReport,
) -> Position:
    """The lower total's three cards (doges replaced), then their spies and traitors."""
    referee = context.referee
    if draw.player is not None:
        referee.check(cr.lower_draws, draw.span, named=draw.player, expected=position.name(drawer))
    available = actions_available(position)
    in_order = position.action_deck.order is not None
    position, missing = draw_in_order(position, draw.drawn, Card.DOGE)
    referee.check(
        ct.drawn,
        draw.span,
        card=str(missing),
        presence=Presence.NO if missing is not None else Presence.YES,
        pile="action deck",
        in_order=in_order,
    )
    referee.check(cr.three_cards, draw.span, drawn=draw.drawn, available=available)
    cards = round_end_cards(drawn=draw.drawn)
    state: PlayerState = position.players[drawer]
    position = position.with_player(drawer, state.with_hand(state.hand.add(cards.to_hand)))
    position = replace(position, discards=position.discards.add(cards.discarded))
    end_report.drawn = draw.drawn
    phase_report = PhaseReport(position.name(drawer))
    end_report.draw = phase_report
    return play_actions(
        position,
        drawer,
        Pending(cards.traitors, cards.spies),
        draw.actions,
        span=draw.span,
        context=context,
        report=phase_report,
    )
