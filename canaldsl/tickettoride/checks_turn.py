"""Rules of the turn as a whole: whose turn it is, one action a turn, the end of the game."""

from __future__ import annotations

from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.rulebook import BOOK, CLAIM, GAME_END, TURN, it


@BOOK.rule("turn.order", title="Play goes clockwise", sections=it(TURN))
def turn_order(*, player: PlayerColour, to_move: PlayerColour) -> str | None:
    """Players take turns one after the other, clockwise round the table: only the player
    whose turn it is may play. Not checked once the game is over (no one is to move then:
    end.game-over is the rule a turn after the end breaks)."""
    if player is to_move:
        return None
    return f"it is {to_move}'s turn, not {player}'s"


@BOOK.rule("turn.one-action", title="Exactly one action a turn", sections=it(TURN))
def one_action(*, kinds: tuple[str, ...]) -> str | None:
    """On a turn a player does one, and only one, of three things: draw train cards, claim a
    route, or draw destination tickets. (Two claims in one turn break claim.one-route.)"""
    if not kinds:
        return "a turn must draw train cards, claim a route or draw tickets"
    if len(kinds) == 1 or set(kinds) == {"claim"}:
        return None
    return f"a turn has one action only, this one has {len(kinds)}: {', '.join(kinds)}"


@BOOK.rule("claim.one-route", title="One route a turn", sections=it(CLAIM))
def one_route(*, claims: int) -> str | None:
    """A player never claims more than one route on the same turn."""
    if claims <= 1:
        return None
    return f"{claims} routes claimed in one turn: a turn claims at most one"


@BOOK.rule("end.game-over", title="No turn after the last round", sections=it(GAME_END))
def game_over(*, finished: bool) -> str | None:
    """Once every player has had a final turn, the game ends: no more turns are played."""
    if not finished:
        return None
    return "the game is over: every player has had a final turn"
