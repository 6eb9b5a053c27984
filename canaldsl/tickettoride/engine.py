"""Play one typed turn on a position: every rule broken, or the turn explained and applied.

>>> from canaldsl.tickettoride.engine import play      # doctest: +SKIP
>>> verdict = play(position, turn)                     # doctest: +SKIP
>>> verdict.legal, verdict.rules_broken, verdict.report.summary()  # doctest: +SKIP

Every check of every step runs (through :class:`canaldsl.rules.Referee`), so an illegal turn
lists all the rules it breaks, each at the span of its step; the position is then left as it
was. A rule that needs something the position does not know is not checked and is listed in
``Verdict.unchecked``. After a legal turn: the next player is to move, the last round begins
when the player has two trains or fewer (rule end.last-round), and the game is over after the
last final turn. A setup turn (the choice of starting tickets) is played outside the turn
order and does not pass the turn.
"""

from __future__ import annotations

from dataclasses import replace

from canaldsl.tickettoride import checks_turn as rules
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.effects import last_round_begins
from canaldsl.tickettoride.engine_claim import TurnError, claim_route
from canaldsl.tickettoride.engine_context import Context
from canaldsl.tickettoride.engine_draw import draw_cards
from canaldsl.tickettoride.engine_tickets import draw_tickets
from canaldsl.tickettoride.position import LastRound, Position
from canaldsl.tickettoride.rulebook import switch_values
from canaldsl.tickettoride.turns import Action, Claim, DrawCards, DrawTickets, Turn
from canaldsl.tickettoride.verdict import TurnReport, Verdict

__all__ = ["TurnError", "play"]


def action_kind(action: Action) -> str:
    """The action's name: ``draw``, ``claim`` or ``tickets``."""
    if isinstance(action, DrawCards):
        return "draw"
    if isinstance(action, Claim):
        return "claim"
    return "tickets"


def play(position: Position, turn: Turn) -> Verdict:
    """The verdict on ``turn`` played on ``position`` (see the module docstring). Raises
    :class:`TurnError` when the turn names a player who does not play or a track the map
    does not have."""
    if turn.player not in {p.colour for p in position.players}:
        raise TurnError(f"{turn.player} does not play in this game")
    context = Context(switch_values(position.settings))
    referee = context.referee
    if not turn.is_setup:
        referee.check(rules.game_over, turn.span, finished=position.finished)
        if not position.finished:  # after the end no one is to move: end.game-over says it
            referee.check(rules.turn_order, turn.span, player=turn.player, to_move=position.to_move)
    referee.check(rules.one_action, turn.span, kinds=tuple(map(action_kind, turn.actions)))
    claims = [a for a in turn.actions if isinstance(a, Claim)]
    referee.check(
        rules.one_route, claims[-1].span if len(claims) > 1 else turn.span, claims=len(claims)
    )
    current = position
    reports: list[TurnReport] = []
    for action in turn.actions:
        player = current.player(turn.player)
        if isinstance(action, DrawCards):
            current, report = draw_cards(context, current, player, action)
        elif isinstance(action, Claim):
            current, report = claim_route(context, current, player, action)
        else:
            assert isinstance(action, DrawTickets)
            current, report = draw_tickets(context, current, player, action)
        reports.append(report)
    report = reports[0] if reports else TurnReport(turn.player, "does nothing")
    violations = tuple(referee.violations)
    if violations:
        after = position
    elif turn.is_setup:
        after = current
    else:
        after, started, over = end_turn(current, turn.player)
        report = replace(report, last_round_started=started, game_over=over)
    report = replace(report, notes=tuple(context.notes))
    return Verdict(position, after, violations, report, tuple(context.unchecked))


def end_turn(position: Position, colour: PlayerColour) -> tuple[Position, bool, bool]:
    """The position once ``colour``'s turn is over: the next player to move, the last round
    begun or advanced, the game over. Returns (position, last round started, game over)."""
    player = next(p for p in position.players if p.colour is colour)
    round_ = position.last_round
    if round_ is not None:
        remaining = list(round_.still_to_play)
        if player.colour in remaining:
            remaining.remove(player.colour)
        if not remaining:
            return (
                replace(position, last_round=LastRound(round_.triggered_by, ()), finished=True),
                False,
                True,
            )
        return (
            replace(
                position,
                last_round=LastRound(round_.triggered_by, tuple(remaining)),
                to_move=remaining[0],
            ),
            False,
            False,
        )
    if last_round_begins(trains_left=player.trains, already=False):
        seat = position.seat(player.colour)
        count = len(position.players)
        order = tuple(position.players[(seat + 1 + k) % count].colour for k in range(count))
        return (
            replace(position, last_round=LastRound(player.colour, order), to_move=order[0]),
            True,
            False,
        )
    return replace(position, to_move=position.next_player(player.colour)), False, False
