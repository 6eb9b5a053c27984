"""Playing one player's actions: taking an offer, traitors, spies and the votes of doges.

The same code plays the chooser's phase, the splitter's phase and the actions of a
round-end draw; they differ only in the cards that arrive with them (an offer, or the cards
drawn). Every step is judged as it comes; a broken rule is recorded and the step's effect
applied as far as it can be, so later independent mistakes are found in the same run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from canaldsl.canalgrande import checks_actions as ca
from canaldsl.canalgrande import checks_turn as ct
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.checks_round import game_over
from canaldsl.canalgrande.draws import actions_available, draw_in_order
from canaldsl.canalgrande.effects import numbers_in_front, spy_cards, to_hand, used_cards
from canaldsl.canalgrande.knowledge import Presence
from canaldsl.canalgrande.position import Offer, Position
from canaldsl.canalgrande.reports import PhaseReport
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import Action, SpyAction, TraitorAction, Vote
from canaldsl.canalgrande.votes import judge_vote
from canaldsl.diagnostics import Span
from canaldsl.rules import Referee


@dataclass
class Pending:
    """Traitors and spies a player may still use (doges wait in front of the player)."""

    traitors: int = 0
    spies: int = 0


@dataclass
class PhaseContext:
    """What a phase needs besides the position: the readings, the referee, the districts
    voted on so far this turn (for ``vote.repeat-district``)."""

    readings: Readings
    referee: Referee
    voted: list[District]


def take_offer(position: Position, player: int, offer: Offer) -> tuple[Position, Pending]:
    """Number cards in front, district cards and gondolas to hand, doges in front; the
    traitors and spies wait to be used."""
    state = position.players[player]
    front = numbers_in_front(front=state.numbers, offer=offer)
    total = state.total + offer.number_total
    state = replace(
        state,
        numbers=front,
        total=total,
        hand=state.hand.add(to_hand(cards=offer.actions)),
        doges=state.doges + offer.actions[Card.DOGE],
    )
    pending = Pending(offer.actions[Card.TRAITOR], offer.actions[Card.SPY])
    return position.with_player(player, state), pending


def play_actions(
    position: Position,
    player: int,
    pending: Pending,
    actions: tuple[Action, ...],
    *,
    span: Span,
    context: PhaseContext,
    report: PhaseReport,
) -> Position:
    """Play ``actions`` in order for ``player``; then discard what was not used and check
    that every doge called its vote."""
    referee = context.referee
    latest: Card | None = None
    for action in actions:
        if position.winner is not None:
            referee.check(game_over, action.span, winner=position.name(position.winner))
            return position
        kind = _kind(action)
        available = {
            Card.TRAITOR: pending.traitors,
            Card.SPY: pending.spies,
            Card.DOGE: position.players[player].doges,
        }[kind]
        has_card = referee.check(ca.action_has_card, action.span, kind=kind, available=available)
        referee.check(
            ca.action_order,
            action.span,
            kind=kind,
            latest=latest,
            reading=context.readings.actions_order,
        )
        if latest is None or _RANK[kind] > _RANK[latest]:
            latest = kind
        if isinstance(action, TraitorAction):
            if has_card:
                pending.traitors -= 1
                position = _discard(position, used_cards(traitors=1, spies=0))
            position = steal(position, player, action.card, action.span, context, report)
        elif isinstance(action, SpyAction):
            if has_card:
                pending.spies -= 1
                position = _discard(position, used_cards(traitors=0, spies=1))
            position = _spy(position, player, action, pending, context, report)
        else:
            position, vote_report = judge_vote(
                position,
                player,
                action,
                readings=context.readings,
                referee=referee,
                earlier=tuple(context.voted),
                has_doge=has_card,
            )
            if vote_report.district is not None:
                context.voted.append(vote_report.district)
            report.votes.append(vote_report)
    if position.winner is not None:
        return position
    unused = used_cards(traitors=pending.traitors, spies=pending.spies)
    report.unused = report.unused + unused
    position = _discard(position, unused)
    pending.traitors = pending.spies = 0
    referee.check(
        ca.every_doge, span, unused=position.players[player].doges, player=position.name(player)
    )
    return position


_RANK = {Card.TRAITOR: 0, Card.SPY: 1, Card.DOGE: 2}


def _kind(action: Action) -> Card:
    if isinstance(action, TraitorAction):
        return Card.TRAITOR
    if isinstance(action, SpyAction):
        return Card.SPY
    assert isinstance(action, Vote)
    return Card.DOGE


def _discard(position: Position, cards: Bag[Card]) -> Position:
    if not cards:
        return position
    return replace(position, discards=position.discards.add(cards))


def steal(
    position: Position,
    thief: int,
    card: Card | None,
    span: Span,
    context: PhaseContext,
    report: PhaseReport,
    source: str = "traitor",
) -> Position:
    """A card taken from the opponent's hand into the thief's (None: nothing taken)."""
    report.stolen.append((source, card))
    if card is None:
        return position
    victim = 1 - thief
    victim_hand = position.players[victim].hand
    thief_hand = position.players[thief].hand
    if not context.referee.check(
        ca.empty_hand,
        span,
        victim_empty=victim_hand.is_empty,
        thief_empty=thief_hand.is_empty,
        reading=context.readings.traitor_empty_hand,
    ):
        return position
    victim_hand, presence = victim_hand.take(card)
    if not context.referee.check(
        ca.stolen_card, span, card=card, presence=presence, victim=position.name(victim)
    ):
        return position
    position = position.with_player(victim, position.players[victim].with_hand(victim_hand))
    thief_state = position.players[thief]
    return position.with_player(thief, thief_state.with_hand(thief_hand.add(Bag({card: 1}))))


def _spy(
    position: Position,
    player: int,
    action: SpyAction,
    pending: Pending,
    context: PhaseContext,
    report: PhaseReport,
) -> Position:
    """The spy's cards drawn in order and dealt with; its traitors' thefts."""
    referee, readings = context.referee, context.readings
    available = actions_available(position)
    in_order = position.action_deck.order is not None
    position, missing = draw_in_order(position, action.drawn, Card.TRAITOR)
    referee.check(
        ct.drawn,
        action.span,
        card=str(missing),
        presence=Presence.NO if missing is not None else Presence.YES,
        pile="action deck",
        in_order=in_order,
    )
    shape = ca.spy_shape(action.drawn, readings.spy_traitors)
    referee.check(
        ca.spy_draw,
        action.span,
        drawn=len(action.drawn),
        expected=shape.expected,
        available=available,
    )
    referee.check(
        ca.spy_steals,
        action.span,
        steals=len(action.steals),
        allowed=shape.steals,
        reading=readings.spy_traitors,
    )
    report.spy_draws.append(action.drawn)
    cards = spy_cards(drawn=action.drawn, drawn_spy=readings.spy_drawn_spy)
    state = position.players[player]
    state = replace(state, hand=state.hand.add(cards.to_hand), doges=state.doges + cards.doges)
    position = _discard(position.with_player(player, state), cards.discarded)
    pending.spies += cards.spies
    for theft in action.steals:
        position = steal(position, player, theft.card, theft.span, context, report, "spy")
    return position
