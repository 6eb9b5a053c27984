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

``method``: the longest trails in the final scores by the search method or by CP-SAT, each
within a deterministic budget; an answer resting on a trail cut short is marked not proven.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from canaldsl.tickettoride.claims import ClaimOption, claim_options
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.longest import Method, trail_finder
from canaldsl.tickettoride.position import Hand, Position
from canaldsl.tickettoride.scoring import FinalScores, final_scores
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
    proven: bool = True
    """False when a longest trail the choices rest on was cut short by its budget."""


class _Finder:
    """The trail method of the final scores, within its budget, remembering whether every
    trail it gave was proven (the scores of a best last turn rest on them)."""

    def __init__(self, method: Method, budget: float | None) -> None:
        self.method = method
        self.find = trail_finder(method, budget)
        self.proven = True
        self.known: dict[tuple[Edge, ...], Trail] = {}

    def __call__(self, edges: Sequence[Edge]) -> Trail:
        key = tuple(edges)
        trail = self.known.get(key)
        if trail is None:
            trail = self.known[key] = self.find(edges)
        self.proven = self.proven and trail.proven
        return trail


def apply_claim(position: Position, player: PlayerColour, option: ClaimOption) -> Position:
    """``position`` after ``player`` claims as ``option`` says (no rule checked: the option is
    legal by construction)."""
    me = position.player(player)
    track = position.board.tracks[option.track]
    hand = me.hand.cards
    new_hand = me.hand if hand is None else Hand.known(hand.minus(option.cards))
    after = position.with_owner(option.track, player)
    return after.with_player(replace(me, trains=me.trains - track.length, hand=new_hand))


def best_last_turns(
    position: Position, *, method: Method = Method.SEARCH, budget: float | None = None
) -> LastTurns:
    """Every player's best last turn and the final scores after them; every longest trail
    within ``budget`` (see :func:`~canaldsl.tickettoride.longest.trail_finder`): when one
    is not proven, neither is the answer (``LastTurns.proven``)."""
    finder = _Finder(method, budget)
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
    return LastTurns(tuple(turns), current, scores, finder.proven)


__all__ = ["LastTurn", "LastTurns", "apply_claim", "best_last_turns"]
