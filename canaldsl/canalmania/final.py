"""Final scoring: incomplete canals, the last goods deliveries, the 1st edition's bonus."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from canaldsl.budget import Budget
from canaldsl.canalmania import checks_end as end_rules
from canaldsl.canalmania import syntax
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.delivery import Delivery, search_best_delivery
from canaldsl.canalmania.finalmoves import FinalMove, WrittenMoves
from canaldsl.canalmania.state import GameState
from canaldsl.verdicts import Violation


@dataclass(frozen=True)
class PlayerPoints:
    """One player's final score by source: the score when play stopped, the incomplete
    canals' tiles, the goods of the final deliveries (their own moves and others' crossing
    their canals), and the 1st edition's prolific-builder bonus. ``total`` is their sum."""

    colour: str
    in_play: int
    incomplete_canals: int
    final_goods: int
    prolific_bonus: int

    @property
    def total(self) -> int:
        return self.in_play + self.incomplete_canals + self.final_goods + self.prolific_bonus


@dataclass(frozen=True)
class FinalResult:
    """Final scoring done: the scores, the ranking (ties broken), each player's points by
    source, the final deliveries in the order made, and each tie broken, said in words.

    ``moves`` says each final move (and each written pass) with who chose it: the file or
    canaldsl; ``violations`` the written moves the rules refuse (canaldsl then chose in their
    place); ``written`` whether the file wrote any final delivery."""

    scores: dict[str, int]
    ranking: tuple[str, ...]
    deliveries: tuple[tuple[str, Delivery], ...]
    points: tuple[PlayerPoints, ...] = ()
    tie_breaks: tuple[str, ...] = ()
    moves: tuple[FinalMove, ...] = ()
    violations: tuple[Violation, ...] = ()
    written: bool = False

    @property
    def legal(self) -> bool:
        """Whether every written final delivery is one the rules allow."""
        return not self.violations

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v.rule for v in self.violations))

    @property
    def winner(self) -> str | None:
        return self.ranking[0] if self.ranking else None

    def points_of(self, colour: str) -> PlayerPoints:
        """``colour``'s points by source (ValueError when no such player)."""
        for entry in self.points:
            if entry.colour == colour:
                return entry
        raise ValueError(f"no player {colour}")


MAX_DELIVERY_ROUNDS = 100

FINAL_UNITS = 20.0
"""Work units the final deliveries may take together (each player's best move found by trying
every move: one step per route tried, :mod:`canaldsl.budget`). The built-in board with every
canal built takes a few hundredths of a unit; only a network no game reaches takes more."""


class FinalScoringTooLong(ValueError):
    """The final deliveries would need more route search than FINAL_UNITS allows."""


def final_scoring(
    state: GameState,
    *,
    budget: Budget | None = None,
    written: syntax.FinalDeliveriesDecl | None = None,
) -> FinalResult:
    """The scores after final scoring, from a copy of ``state`` (which is not changed).

    ``written`` are the final deliveries as played at the table: each player's written moves
    are their moves in turn, checked against the legal moves in the order the rule gives
    (:mod:`canaldsl.canalmania.finalmoves`); canaldsl chooses the best move only for the
    turns the file leaves out (or where a written move is illegal, which is reported).

    Raises FinalScoringTooLong when the best deliveries take more than ``budget`` (default
    FINAL_UNITS work units, counted the same on every machine)."""
    work = budget if budget is not None else Budget(FINAL_UNITS, None)
    table = WrittenMoves(written)
    s = state.copy()
    in_play = {p.colour: p.score for p in s.players}
    incomplete: dict[str, int] = {}
    goods = dict.fromkeys(in_play, 0)
    bonuses = dict.fromkeys(in_play, 0)
    for player in s.players:
        incomplete[player.colour] = end_rules.incomplete_canal_points(state=s, colour=player.colour)
        player.score += incomplete[player.colour]
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
            delivery = table.turn(s, colour, found.moves, found.delivery)
            if delivery is None:
                continue
            moved = True
            moves.append((colour, delivery))
            for owner, points in delivery.points:
                if s.has_player(owner):
                    s.player(owner).score += points
                    goods[owner] += points
            s.cubes.discard(delivery.route[0])
            s.basin += 1
        if not moved:
            break
    table.finish()
    if s.rules.edition is Edition.FIRST:
        for colour, bonus in end_rules.prolific_builders(state=s).items():
            s.player(colour).score += bonus
            bonuses[colour] += bonus
    standings = end_rules.winner_order(state=s)
    ranking = tuple(st.colour for st in standings)
    by_source = tuple(
        PlayerPoints(c, in_play[c], incomplete[c], goods[c], bonuses[c]) for c in ranking
    )
    return FinalResult(
        scores={p.colour: p.score for p in s.players},
        ranking=ranking,
        deliveries=tuple(moves),
        points=by_source,
        tie_breaks=tie_breaks(standings, first_edition=s.rules.edition is Edition.FIRST),
        moves=tuple(table.moves),
        violations=tuple(table.violations),
        written=written is not None,
    )


def tie_breaks(standings: list[end_rules.Standing], *, first_edition: bool) -> tuple[str, ...]:
    """Each pair of players level on points, ranked: what put the first ahead (the criteria
    of rule ``end.winner`` for the edition, in order), in words."""
    criteria: list[tuple[str, str]] = [("engineer", "the younger engineer (card {a} to {b})")]
    if not first_edition:
        criteria = [
            ("completed", "more canals completed ({a} to {b})"),
            ("contract_value", "higher total contract value ({a} to {b})"),
            *criteria,
        ]
    said: list[str] = []
    for ahead, behind in pairwise(standings):
        if ahead.score != behind.score:
            continue
        for field, words in criteria:
            a, b = getattr(ahead, field), getattr(behind, field)
            if a != b:
                said.append(
                    f"{ahead.colour} ahead of {behind.colour} on {ahead.score} points: "
                    + words.format(a=a, b=b)
                )
                break
        else:
            said.append(f"{ahead.colour} and {behind.colour} level on every tie-break")
    return tuple(said)
