"""Final scoring: incomplete canals, the last goods deliveries, the 1st edition's bonus."""

from __future__ import annotations

from dataclasses import dataclass

from canaldsl.budget import Budget
from canaldsl.canalmania import checks_end as end_rules
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.delivery import Delivery, search_best_delivery
from canaldsl.canalmania.state import GameState


@dataclass(frozen=True)
class FinalResult:
    scores: dict[str, int]
    ranking: tuple[str, ...]
    deliveries: tuple[tuple[str, Delivery], ...]

    @property
    def winner(self) -> str | None:
        return self.ranking[0] if self.ranking else None


MAX_DELIVERY_ROUNDS = 100

FINAL_UNITS = 20.0
"""Work units the final deliveries may take together (each player's best move found by trying
every move: one step per route tried, :mod:`canaldsl.budget`). The built-in board with every
canal built takes a few hundredths of a unit; only a network no game reaches takes more."""


class FinalScoringTooLong(ValueError):
    """The final deliveries would need more route search than FINAL_UNITS allows."""


def final_scoring(state: GameState, *, budget: Budget | None = None) -> FinalResult:
    """The scores after final scoring, from a copy of ``state`` (which is not changed).

    Raises FinalScoringTooLong when the best deliveries take more than ``budget`` (default
    FINAL_UNITS work units, counted the same on every machine)."""
    work = budget if budget is not None else Budget(FINAL_UNITS, None)
    s = state.copy()
    for player in s.players:
        player.score += end_rules.incomplete_canal_points(state=s, colour=player.colour)
    moves: list[tuple[str, Delivery]] = []
    order = end_rules.delivery_order(state=s)
    for _ in range(MAX_DELIVERY_ROUNDS):
        moved = False
        for colour in order:
            found = search_best_delivery(s, colour, budget=work)
            if found.stopped is not None:
                raise FinalScoringTooLong(
                    f"the final deliveries need more than {work.units:g} work units of route "
                    "search (far more routes than a game on the built-in board has)"
                )
            delivery = found.delivery
            if delivery is None:
                continue
            moved = True
            moves.append((colour, delivery))
            for owner, points in delivery.points:
                if s.has_player(owner):
                    s.player(owner).score += points
            s.cubes.discard(delivery.route[0])
            s.basin += 1
        if not moved:
            break
    if s.rules.edition is Edition.FIRST:
        for colour, bonus in end_rules.prolific_builders(state=s).items():
            s.player(colour).score += bonus
    ranking = tuple(st.colour for st in end_rules.winner_order(state=s))
    return FinalResult(
        scores={p.colour: p.score for p in s.players}, ranking=ranking, deliveries=tuple(moves)
    )
