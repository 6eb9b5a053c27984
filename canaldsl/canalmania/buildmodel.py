"""The CP-SAT model of a build: the best build of a turn as a layered model.

For each open canal, position ``p`` (1, 2, ...) is the p-th new tile; the model has a boolean
``y[c, p, hex, kind]`` for "canal c's p-th new tile is a tile of this kind on this hex", with
``x[c, p, hex]`` (the hex at position p), ``k[c, p, kind]`` (the kind at position p) and
``used[c, p]`` channelled from it, and a boolean ``z[c, p, place]`` for "after its p-th new
tile (p = 0: before the first) canal c reaches this place". Hexes are pruned per position: a
hex is a candidate for position p only when the barge can reach it in p tiles and the canal
can still be finished from it within its value (both distances are computed once, in
:mod:`canaldsl.canalmania.search`).

Constraints, each a rule of the engine:

* positions are filled in order, each with at most one tile; each hex and place at most once
  per canal (build.canal-integrity); no more positions than the contract's value allows
  (build.contract-length); at most one place between two tiles, and a place only after a tile
  (build.connected);
* tile p+1 is next to tile p, or next to the place reached after tile p; the first tile is
  next to the barge (build.start-at-barge, build.connected);
* the kind suits the terrain of its hex (build.terrain: only the allowed kinds have
  variables); two consecutive tiles with no place between are of different kinds
  (build.consecutive-tiles), also against the canal's last tile before the build; under
  consecutive-tiles = neighbouring-hexes, no two tiles of one kind on touching hexes of a
  section (:mod:`canaldsl.canalmania.buildmodel_neighbours`);
* the far endpoint only after every via place (build.via-places); reaching it (or, for a
  junction canal, any new place) completes the canal, and nothing follows;
* a canal left incomplete can still be finished from where it ends, with the via places it
  still lacks, within its value (build.completable, by the lower bound the search uses; the
  exact check — a route never passing a hex or place twice — is run on every answer, and an
  answer it rejects is forbidden and the model solved again);
* tiles from the supply (build.tile-supply);
* cards: integer flows from the hand's cards to the tiles' needs — own-kind cards, surveyors
  for any card, Brindley's stretches for locks, Jessop's and Telford's cheaper tiles in the
  needs, two more cards of any kind on a hex holding another canal's tile (build.overbuild; a
  later line pays on top of an earlier line's new tiles) — and, with Smeaton, surveyors
  played as two cards, as pairs within a tile or across two consecutive tiles of one canal
  (engineer.smeaton). The exact payment of every answer is computed again
  (:func:`canaldsl.canalmania.payment.pay`) and must agree.

Presolve turns the boolean structure into clauses the LP relaxation does not see, so each
canal also has integer counts of its new tiles by kind with valid linear inequalities: a kind
fills at most half of each section's tiles, rounded up (``2 * count <= tiles + sections``),
and a completion needs at least the fewest tiles from the barge (the counts sum to the tiles
built, which CP-SAT then bounds by the cards before searching). Measured on the built-in board
with contract values up to 12, these counts took the worst solves from seconds to a fraction
of a second. Measured slower and left out: adjacency written as clauses, other search
parameters (linearization level 2, core-based, fixed search), solving in two stages (points,
then cards), and a first hint from a short run of the exact search. (A circuit model was not
built: the layered one meets the targets.)

The objective maximises ``M * points - cards`` (points as defined in
:mod:`canaldsl.canalmania.bestbuild`, M larger than any number of cards), so the optimum has
the most points and, among those, the fewest cards. Completion points are linear: the tiles'
points count either way and a completion adds the old tiles' points and the contract value.

Two more uses of the same model (:class:`BuildModel` options):

* ``complete``: the fewest cards completing one canal whatever the hand
  (:func:`model_fewest_cards`; what is counted: :mod:`canaldsl.canalmania.completion`): the
  canal must be completed, positions go up to its value, and the cards are the tiles' costs.
* ``relaxed``: every rule of MODEL_RULES gets one literal, and each of its constraints is
  enforced only when that literal is true (CP-SAT enforcement literals), so that solving under
  assumptions says which rules together make a question impossible
  (:mod:`canaldsl.canalmania.minimal_rules`). Nothing is pruned by a rule there: every hex but
  the places is a candidate at every position, x[p, hex] and k[p, kind] are chosen apart and
  build.terrain ties them, the redundant counts above are left out, and leaving out a rule
  means: pay.wrong-count — one card a tile; pay.wrong-kind — any card for any tile;
  pay.not-in-hand — any number of cards; build.overbuild — no extra cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from canaldsl import solver as sv
from canaldsl.budget import Budget
from canaldsl.canalmania.bounds import upper_bound
from canaldsl.canalmania.buildmodel_answers import AnswerReading
from canaldsl.canalmania.buildmodel_cards import CardConstraints
from canaldsl.canalmania.buildmodel_relaxed import RelaxedRoutes
from canaldsl.canalmania.buildmodel_routes import RouteConstraints
from canaldsl.canalmania.buildmodel_vars import (
    KINDS,
    MODEL_RULES,
    CanalVars,
)
from canaldsl.canalmania.components import CardKind
from canaldsl.canalmania.payment import pay
from canaldsl.canalmania.problem import (
    INF,
    BuildProblem,
    CanalTask,
    Identity,
    RouteItem,
    line_costs,
)
from canaldsl.canalmania.routes import still_completable
from canaldsl.hexgrid import Hex


class BuildModel(RouteConstraints, RelaxedRoutes, CardConstraints, AnswerReading):
    """The CP-SAT model of one build problem, with its variables.

    By default the best build of a turn (maximise points, then fewest cards). With
    ``complete``: the fewest cards completing each canal, whatever the hand (a single canal
    is asked about; positions up to its value). With ``relaxed``: every rule of MODEL_RULES
    is enforced only when its literal (``self.literals[rule]``) is true, and nothing is
    optimised; the domains are then not pruned by any rule (every hex of the board but the
    places, and ``extra_hexes``, at every one of ``horizon`` positions per canal), so that
    leaving a rule out never leaves out a build that rule alone forbids. ``pay``: whether the
    hand pays (False: cards are only counted)."""

    def __init__(
        self,
        problem: BuildProblem,
        *,
        complete: bool = False,
        relaxed: bool = False,
        horizon: int | None = None,
        pay: bool = True,
        extra_hexes: Iterable[Hex] = (),
    ) -> None:
        self.problem = problem
        self.model = sv.new_model()
        self.canals: list[CanalVars] = []
        self._aux: dict[tuple[str, int, object], Any] = {}
        self.relaxed = relaxed
        self.literals: dict[str, Any] = {}
        if relaxed:
            for rule in MODEL_RULES:
                self.literals[rule] = self.model.NewBoolVar(f"rule[{rule}]")
        hand = problem.hand
        self.hand_size = sum(hand.values())
        limit = self.hand_size + (hand.get(CardKind.SURVEYOR, 0) if problem.smeaton else 0)
        extra = frozenset(extra_hexes)
        for task in problem.canals:
            if relaxed:
                positions = task.budget if horizon is None else horizon
                self.canals.append(self._relaxed_canal(task, positions, extra))
            elif complete:
                self.canals.append(self._canal(task, complete_positions(problem, task)))
            else:
                self.canals.append(self._canal(task, min(task.budget, limit)))
        self._overbuilding()
        self._supply()
        if pay and not complete:
            self._cards()
        else:
            self.cards = sum(e for v in self.canals for e in v.slots)
        self.weight = self.hand_size + 1
        self.points = sum(
            c.tile_points + c.completes * (c.task.old_points + c.task.bonus) for c in self.canals
        )
        if complete:
            for v in self.canals:
                self.model.Add(v.completes == 1)
            self.objective = self.cards
            self.model.Minimize(self.cards)
        elif not relaxed:
            self.objective = self.weight * self.points - self.cards
            self.model.Maximize(self.objective)


BEST_BUILD_SETTINGS: Mapping[str, int | str] = {
    "cp_model_probing_level": 0,
    "search_branching": "LP_SEARCH",
}
"""CP-SAT parameters of the best-build solves. Measured (bench/bench_solver.py, Smeaton with
four to seven surveyors and two open canals at value 12): presolve probing took most of each
solve (2.3 s of CPU at worst, 0.7 s without it), and the solutions CP-SAT found first were far
from the LP bound, which the optimum usually meets: branching on the LP closes the gap (worst
0.44 s); the benchmark's other instances are no slower."""

MODEL_VARIABLES_PER_UNIT = 20_000
"""Variables of a model built in Python per work unit: building a model is work the solver's
deterministic time does not count, so it is charged to the budget by its size (measured on
the project's machine: 30,000 to 60,000 variables per CPU second, a unit of CP-SAT's being
about 0.6 CPU seconds of the build model's solves)."""


def complete_positions(problem: BuildProblem, task: CanalTask) -> int:
    """Positions of a completion model: the tiles the value leaves, no more than the supply
    holds (a route may never use more)."""
    supply = sum(max(problem.supply.get(k, 0), 0) for k in KINDS)
    return min(task.budget, supply)


def model_size(
    problem: BuildProblem,
    *,
    complete: bool = False,
    relaxed: bool = False,
    horizon: int | None = None,
    extra_hexes: int = 0,
) -> int:
    """About how many variables :class:`BuildModel` makes for these options (an estimate
    from the candidate hexes of each position, made without building anything)."""
    board = problem.board
    hand = problem.hand
    limit = sum(hand.values()) + (hand.get(CardKind.SURVEYOR, 0) if problem.smeaton else 0)
    total = 0
    for task in problem.canals:
        if relaxed:
            positions = task.budget if horizon is None else horizon
            hexes = sum(1 for h in board.terrain if h not in board.place_at) + extra_hexes
            total += (positions + 1) * (hexes + len(board.places) + 8)
            continue
        positions = complete_positions(problem, task) if complete else min(task.budget, limit)
        for h in task.region:
            first = max(task.reach[h], 1)
            last = min(positions, task.budget - task.finish_tile.get((h, 0), INF))
            total += 3 * max(last - first + 1, 0)
    return total


def afford(budget: Budget | None, size: int) -> bool:
    """Whether the budget can pay for building a model of ``size`` variables; when it can,
    the building is charged to it; when it cannot, the budget is spent (the work asked for
    needs more than is left)."""
    if budget is None:
        return True
    cost = size / MODEL_VARIABLES_PER_UNIT
    left = budget.left()
    if left is not None and cost > left:
        budget.charge(left)
        return False
    budget.charge(cost)
    return True


def model_best_build(
    problem: BuildProblem,
    *,
    budget: Budget | None = None,
    forbidden: Identity | None = None,
) -> tuple[list[tuple[RouteItem, ...]], str, int]:
    """The best build by CP-SAT: (the route items of each canal, OPTIMAL, UNKNOWN (the budget
    was spent) or TIMEOUT (the wall-clock safety limit), the bound on the points of any build).
    Every solve shares ``budget``.

    Each answer is checked by the exact completability test and the exact payment
    (:func:`canaldsl.canalmania.payment.pay`). An answer leaving a canal that cannot be completed
    is forbidden (with every longer build starting the same way, which cannot be completed
    either) and the model solved again. An answer whose exact payment differs from the model's
    cards — which the model is built to prevent; this is a guard — is forbidden with every
    build of the same kinds, and kept with its true worth if it is the best so far. A model too
    large for what is left of the budget is not built (UNKNOWN)."""
    if not afford(budget, model_size(problem)):
        return _empty(problem), sv.UNKNOWN, upper_bound(problem)
    built = BuildModel(problem)
    if forbidden is not None:
        built.forbid_identity(forbidden)
    weight = built.weight
    kept: tuple[int, list[tuple[RouteItem, ...]]] | None = None  # (true objective, lines)
    while True:
        result = sv.solve(built.model, budget=budget, settings=BEST_BUILD_SETTINGS)
        bound = _points_bound(result, weight)
        if bound >= INF:  # no bound from CP-SAT: the search's, made without searching
            bound = upper_bound(problem)
        if not result.has_solution:
            if result.status == sv.INFEASIBLE:
                if kept is None:  # only when the answer to leave out was the only build
                    return _empty(problem), sv.INFEASIBLE, 0
                return kept[1], sv.OPTIMAL, -(-kept[0] // weight)
            lines = kept[1] if kept is not None else _empty(problem)
            return lines, result.stopped or sv.UNKNOWN, bound
        lines = built.lines(result)
        rejected = False
        for v, line in zip(built.canals, lines, strict=True):
            done = bool(line) and isinstance(line[-1], str) and v.task.is_goal(line[-1], 0)
            if line and not done and not still_completable(problem, v.task, line):
                built.forbid_dead_end(v.task.index, line)
                rejected = True
        if rejected:
            continue
        objective = result.value(built.objective)
        payment = pay(line_costs(problem, lines), problem.hand, problem.engineer)
        points = result.value(built.points)
        true = None if payment is None else weight * points - payment.physical
        if true is not None and true == objective:
            if kept is not None and kept[0] > true:
                lines, true = kept[1], kept[0]
            optimal = result.status == sv.OPTIMAL
            return lines, sv.OPTIMAL if optimal else result.stopped or sv.UNKNOWN, bound
        if true is not None and (kept is None or true > kept[0]):
            kept = (true, lines)
        built.forbid_signature(result)


def model_fewest_cards(
    problem: BuildProblem, *, budget: Budget | None = None
) -> tuple[int | None, tuple[RouteItem, ...], str, str | None]:
    """The fewest cards completing the problem's one canal, by CP-SAT (what the cards count
    is said in :mod:`canaldsl.canalmania.completion`): (the cards, or None when the canal
    cannot be completed; a route needing them; OPTIMAL, INFEASIBLE, FEASIBLE when the budget
    ran out after a route was found, UNKNOWN or TIMEOUT; why it stopped early, if it did)."""
    if len(problem.canals) != 1:
        raise ValueError("the fewest cards are asked of one canal at a time")
    if not afford(budget, model_size(problem, complete=True)):
        return None, (), sv.UNKNOWN, sv.UNKNOWN
    built = BuildModel(problem, complete=True)
    result = sv.solve(built.model, budget=budget)
    if not result.has_solution:
        return None, (), result.status, result.stopped
    return result.value(built.cards), built.lines(result)[0], result.status, result.stopped


def _empty(problem: BuildProblem) -> list[tuple[RouteItem, ...]]:
    return [() for _ in problem.canals]


def _points_bound(result: sv.SolveResult, weight: int) -> int:
    if result.bound is None:
        return INF
    # objective = weight * points - cards with 0 <= cards < weight
    return -(-round(result.bound) // weight)
