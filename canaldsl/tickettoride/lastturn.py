"""Final scores with every player's best possible last turn.

From a position in the last round, each player still to play takes, in turn order, the claim
that gives them the highest final total (their route points, tickets and longest-route bonus
after it), or no claim when none raises it (they would draw cards: nothing changes). Each
choice is made on the position left by the players before; a player does not foresee the
choices of those after (the same reading as Canal Mania's final deliveries). Ties: the
better claim by :meth:`~canaldsl.tickettoride.claims.ClaimOption.rank`.

Outside the last round, "every player's best last turn" plays one turn for each player,
starting with the player to move. A player whose hand or tickets are not known has no best
turn that can be computed: the answer then says so and gives no final scores.

``method``: the longest trails in the final scores by the search method or by CP-SAT.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from canaldsl.tickettoride.claims import ClaimOption, claim_options
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.longest import Method, trail_cpsat
from canaldsl.tickettoride.network import longest_trail
from canaldsl.tickettoride.position import Hand, Position
from canaldsl.tickettoride.scoring import FinalScores, TrailFinder, final_scores
from canaldsl.tickettoride.trails import Edge, Trail


@dataclass(frozen=True)
class LastTurn:
    """One player's best last turn: the claim (None: no claim raises their total), the total
    before and after it. ``known`` is False when it could not be computed (``reason``)."""

    player: PlayerColour
    claim: ClaimOption | None
    total_before: int | None
    total_after: int | None
    known: bool = True
    reason: str = ""


@dataclass(frozen=True)
class LastTurns:
    """Every player's best last turn in order, the position after them and its final scores
    (None when a best turn is not known)."""

    turns: tuple[LastTurn, ...]
    final: Position
    scores: FinalScores | None


def _finder(method: Method) -> TrailFinder:
    if method is Method.SEARCH:
        return longest_trail

    @cache
    def cached(edges: tuple[Edge, ...]) -> Trail:
        return trail_cpsat(edges)

    return lambda edges: cached(tuple(edges))


def apply_claim(position: Position, player: PlayerColour, option: ClaimOption) -> Position:
    """``position`` after ``player`` claims as ``option`` says (no rule checked: the option is
    legal by construction)."""
    me = position.player(player)
    track = position.board.tracks[option.track]
    hand = me.hand.cards
    new_hand = me.hand if hand is None else Hand.known(hand.minus(option.cards))
    after = position.with_owner(option.track, player)
    return after.with_player(replace(me, trains=me.trains - track.length, hand=new_hand))


def best_last_turns(position: Position, *, method: Method = Method.SEARCH) -> LastTurns:
    """Every player's best last turn and the final scores after them."""
    finder = _finder(method)
    if position.last_round is not None:
        order = position.last_round.still_to_play
    else:
        seat = position.seat(position.to_move)
        count = len(position.players)
        order = tuple(position.players[(seat + k) % count].colour for k in range(count))
    current = position
    turns: list[LastTurn] = []
    complete = True
    for player in order:
        me = current.player(player)
        if me.hand.cards is None or me.tickets.tickets is None:
            what = "hand" if me.hand.cards is None else "tickets"
            turns.append(LastTurn(player, None, None, None, False, f"{player}'s {what} not known"))
            complete = False
            continue
        before = final_scores(current, longest=finder).score(player).total
        best: tuple[int, ClaimOption] | None = None
        for option in claim_options(current, player):
            total = final_scores(apply_claim(current, player, option), longest=finder)
            value = total.score(player).total
            assert value is not None
            if best is None or (-value, option.rank()) < (-best[0], best[1].rank()):
                best = (value, option)
        if best is not None and before is not None and best[0] > before:
            current = apply_claim(current, player, best[1])
            turns.append(LastTurn(player, best[1], before, best[0]))
        else:
            turns.append(LastTurn(player, None, before, before))
    scores = final_scores(current, longest=finder) if complete else None
    return LastTurns(tuple(turns), current, scores)


__all__ = ["LastTurn", "LastTurns", "apply_claim", "best_last_turns"]
