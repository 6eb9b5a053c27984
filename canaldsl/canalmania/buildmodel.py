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
  (build.consecutive-tiles), also against the canal's last tile before the build;
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
  means: build.card-cost — one card a tile; build.card-kind — any card for any tile;
  build.cards-in-hand — any number of cards; build.overbuild — no extra cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from canaldsl import solver as sv
from canaldsl.budget import Budget
from canaldsl.canalmania.bounds import upper_bound
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.components import TERRAIN_TILES, TILE_POINTS, CardKind, TileKind
from canaldsl.canalmania.distances import adjacency
from canaldsl.canalmania.payment import pay
from canaldsl.canalmania.problem import (
    INF,
    BuildProblem,
    CanalTask,
    Identity,
    RouteItem,
    line_costs,
)
from canaldsl.canalmania.routes import line_end, route_exists, still_completable
from canaldsl.hexgrid import Hex

KINDS = (TileKind.STRETCH, TileKind.LOCK, TileKind.AQUEDUCT, TileKind.TUNNEL)


@dataclass
class _CanalVars:
    task: CanalTask
    positions: int
    domains: list[list[Hex]] = field(default_factory=list)
    """Candidate hexes per position (index 0 unused)."""
    y: dict[tuple[int, Hex, TileKind], Any] = field(default_factory=dict)
    """y[p, hex, kind]: the p-th new tile is of this kind on this hex."""
    x: dict[tuple[int, Hex], Any] = field(default_factory=dict)
    """x[p, hex]: the p-th new tile is on this hex."""
    k: dict[tuple[int, TileKind], Any] = field(default_factory=dict)
    """k[p, kind]: the p-th new tile is of this kind."""
    z: dict[tuple[int, str], Any] = field(default_factory=dict)
    """z[p, place]: the canal reaches this place after its p-th new tile (0: before any)."""
    used: list[Any] = field(default_factory=list)
    """used[p]: position p holds a tile (index 0 and positions + 1: the constant 0)."""
    gap: list[Any] = field(default_factory=list)
    """gap[p]: a place is reached after tile p."""
    done: dict[tuple[int, str], Any] = field(default_factory=dict)
    """done[p, via]: the via place was reached at a gap up to p."""
    completes: Any = 0
    slots: list[Any] = field(default_factory=list)
    extras: list[Any] = field(default_factory=list)
    tile_points: Any = 0
    top: list[Any] = field(default_factory=list)
    """top[p]: tile p is built on top of another canal's tile (two more cards)."""
    count: dict[TileKind, Any] = field(default_factory=dict)
    """count[kind]: the number of new tiles of this kind (an integer variable)."""
    main: dict[tuple[int, TileKind], Any] = field(default_factory=dict)
    """main[p, kind]: the cards of its own kind tile p needs, when it is of this kind."""


MODEL_RULES = (
    "build.start-at-barge",
    "build.connected",
    "build.terrain",
    "build.consecutive-tiles",
    "build.canal-integrity",
    "build.contract-length",
    "build.via-places",
    "build.tile-supply",
    "build.completable",
    "build.card-cost",
    "build.card-kind",
    "build.cards-in-hand",
    "build.overbuild",
)
"""The rules the model states, by rule id: with ``relaxed``, each has one literal that every
constraint of that rule is enforced by (build.completable's constraints are added by the
question asked: :mod:`canaldsl.canalmania.minimal_rules`)."""


class BuildModel:
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
        self.canals: list[_CanalVars] = []
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

    def _when(self, constraint: Any, rule: str) -> Any:
        """Enforce ``constraint`` only when ``rule``'s literal is true (relaxed models)."""
        if self.relaxed:
            constraint.OnlyEnforceIf(self.literals[rule])
        return constraint

    # -------------------------------------------------------------- routes
    def _canal(self, task: CanalTask, positions: int) -> _CanalVars:
        m = self.model
        board = self.problem.board
        adj = adjacency(board)
        supply = self.problem.supply
        v = _CanalVars(task, positions)
        c = task.index
        budget = task.budget
        # the fewest tiles from a hex with any via places left: those of no mask (a walk
        # through via places is a walk to the goal too)
        fmin = {h: task.finish_tile.get((h, 0), INF) for h in task.region}
        v.domains = [[]]
        for p in range(1, positions + 1):
            v.domains.append(
                [h for h in sorted(task.region) if task.reach[h] <= p and p + fmin[h] <= budget]
            )
        # tiles: y[p, h, kind], x[p, h], k[p, kind], used[p]
        v.used = [0]
        for p in range(1, positions + 1):
            by_kind: dict[TileKind, list[Any]] = {}
            hexes: list[Any] = []
            for h in v.domains[p]:
                here = []
                for kind in adj.kinds[h]:
                    if supply.get(kind, 0) > 0:
                        var = m.NewBoolVar(f"y{c}_{p}_{h}_{kind.value}")
                        v.y[(p, h, kind)] = var
                        here.append(var)
                        by_kind.setdefault(kind, []).append(var)
                if here:
                    xv = m.NewBoolVar(f"x{c}_{p}_{h}")
                    m.Add(xv == sum(here))
                    v.x[(p, h)] = xv
                    hexes.append(xv)
            for kind, tiles in by_kind.items():
                kv = m.NewBoolVar(f"k{c}_{p}_{kind.value}")
                m.Add(kv == sum(tiles))
                v.k[(p, kind)] = kv
            used = m.NewBoolVar(f"u{c}_{p}")
            m.Add(used == sum(hexes))
            v.used.append(used)
            if p > 1:
                m.AddImplication(used, v.used[p - 1])
        v.used.append(0)
        # places: z[p, name], gap[p]
        start_on_tile = task.at_place is None
        for p in range(0, positions + 1):
            if p == 0:
                if not start_on_tile:
                    continue
                near = set(adj.places[task.end_hex])
            else:
                near = {name for h in v.domains[p] if (p, h) in v.x for name in adj.places[h]}
            for name in sorted(near):
                if name in task.visited:
                    continue
                if task.junction or name == task.far:
                    if not task.junction and task.vias and p == 0:
                        continue
                elif not task.may_pass(name) or task.finish_place.get((name, 0), INF) > budget - p:
                    continue
                v.z[(p, name)] = m.NewBoolVar(f"z{c}_{p}_{name}")
        at_gap: dict[int, list[tuple[str, Any]]] = {}
        for (p, name), var in v.z.items():
            at_gap.setdefault(p, []).append((name, var))
        for p in range(0, positions + 1):
            here_places = at_gap.get(p, [])
            if not here_places:
                v.gap.append(0)
                continue
            gap = m.NewBoolVar(f"g{c}_{p}")
            m.Add(gap == sum(var for _, var in here_places))
            v.gap.append(gap)
            if p >= 1:
                m.AddImplication(gap, v.used[p])
                for name, var in here_places:
                    ph = board.places[name].hex
                    near_tiles = [v.x[(p, h)] for h in adj.hexes[ph] if (p, h) in v.x]
                    m.Add(var <= sum(near_tiles))
        for name in sorted({nm for (_, nm) in v.z}):
            m.AddAtMostOne(var for (_, nm), var in v.z.items() if nm == name)
        for via in task.vias:
            running: list[Any] = []
            for p in range(0, positions + 1):
                if (p, via) in v.z:
                    running.append(v.z[(p, via)])
                if running:
                    d = m.NewBoolVar(f"d{c}_{p}_{via}")
                    m.Add(d == sum(running))
                    v.done[(p, via)] = d
        goals: list[Any] = []
        for (p, name), var in v.z.items():
            if not (task.junction or name == task.far):
                continue
            goals.append(var)
            if p + 1 <= positions:
                m.AddImplication(var, v.used[p + 1].Not())
            for via in task.vias:
                before = v.done.get((p - 1, via))
                if before is None:
                    m.Add(var == 0)
                else:
                    m.AddImplication(var, before)
        v.completes = sum(goals)
        # each hex at most once
        for h in sorted({h for (_, h) in v.x}):
            m.AddAtMostOne(v.x[(p, h)] for p in range(1, positions + 1) if (p, h) in v.x)
        # the first tile: next to the barge, or to a place reached first
        for h in v.domains[1] if positions >= 1 else []:
            if (1, h) not in v.x:
                continue
            xh = v.x[(1, h)]
            if start_on_tile:
                places_near = [v.z[(0, nm)] for nm in adj.places[h] if (0, nm) in v.z]
                if h not in adj.hexes[task.end_hex]:
                    m.AddImplication(xh, v.gap[0]) if places_near else m.Add(xh == 0)
                if places_near:
                    m.AddBoolOr(places_near).OnlyEnforceIf([xh, v.gap[0]])
                elif not isinstance(v.gap[0], int):
                    m.AddImplication(xh, v.gap[0].Not())
            else:
                assert task.at_place is not None
                if h not in adj.hexes[board.places[task.at_place].hex]:
                    m.Add(xh == 0)
        # later tiles: next to the tile before, or to the place after it
        for p in range(1, positions):
            gap = v.gap[p]
            for h in v.domains[p + 1]:
                if (p + 1, h) not in v.x:
                    continue
                xh = v.x[(p + 1, h)]
                tiles_near = [v.x[(p, n)] for n in adj.hexes[h] if (p, n) in v.x]
                places_near = [v.z[(p, nm)] for nm in adj.places[h] if (p, nm) in v.z]
                m.Add(xh <= sum(tiles_near) + gap)
                if not isinstance(gap, int):
                    m.Add(xh + gap <= 1 + sum(places_near))
        # consecutive tiles of one kind in a section
        if start_on_tile and task.last_kind is not None and (1, task.last_kind) in v.k:
            same = v.k[(1, task.last_kind)]
            if isinstance(v.gap[0], int):
                m.Add(same == 0)
            else:
                m.AddImplication(same, v.gap[0])
        for p in range(1, positions):
            for kind in KINDS:
                a, b = v.k.get((p, kind)), v.k.get((p + 1, kind))
                if a is None or b is None:
                    continue
                m.Add(a + b <= 1 + v.gap[p])
        self._completable(v)
        self._counts(v)
        return v

    def _relaxed_canal(self, task: CanalTask, positions: int, extra: frozenset[Hex]) -> _CanalVars:
        """A canal with every rule behind its literal. No y variables: x[p, hex] and k[p, kind]
        are chosen apart and build.terrain ties them; no domain is pruned by a rule."""
        m = self.model
        board = self.problem.board
        c = task.index
        v = _CanalVars(task, positions)
        hexes = sorted({h for h in board.terrain if h not in board.place_at} | extra)
        known = set(hexes)

        def near_hexes(h: Hex) -> list[Hex]:
            return [n for n in h.neighbours() if n in known]

        def near_places(h: Hex) -> list[str]:
            return [board.place_at[n].name for n in h.neighbours() if n in board.place_at]

        # tiles: x[p, h], k[p, kind], used[p]
        v.domains = [[]] + [hexes] * positions
        v.used = [0]
        for p in range(1, positions + 1):
            for h in hexes:
                v.x[(p, h)] = m.NewBoolVar(f"x{c}_{p}_{h}")
            for kind in KINDS:
                v.k[(p, kind)] = m.NewBoolVar(f"k{c}_{p}_{kind.value}")
            used = m.NewBoolVar(f"u{c}_{p}")
            m.Add(used == sum(v.x[(p, h)] for h in hexes))
            m.Add(used == sum(v.k[(p, kind)] for kind in KINDS))
            if p > 1:
                m.AddImplication(used, v.used[p - 1])
            v.used.append(used)
            for kind in KINDS:  # build.terrain: a kind only where the terrain takes it
                wrong = [v.x[(p, h)] for h in hexes if kind not in _allowed(board, h)]
                if wrong:
                    self._when(m.Add(v.k[(p, kind)] + sum(wrong) <= 1), "build.terrain")
        v.used.append(0)
        # places: z[p, name], gap[p]
        barge = board.places[task.at_place].hex if task.at_place else task.end_hex
        for p in range(0, positions + 1):
            for name in sorted(board.places):
                v.z[(p, name)] = m.NewBoolVar(f"z{c}_{p}_{name}")
        for p in range(0, positions + 1):
            here = [(name, var) for (q, name), var in v.z.items() if q == p]
            gap = m.NewBoolVar(f"g{c}_{p}")
            m.AddMaxEquality(gap, [var for _, var in here])
            v.gap.append(gap)
            self._when(m.Add(sum(var for _, var in here) <= 1), "build.connected")
            if p >= 1:
                m.AddImplication(gap, v.used[p])
                for name, var in here:
                    ph = board.places[name].hex
                    near = [v.x[(p, h)] for h in near_hexes(ph)]
                    self._when(m.Add(var <= sum(near)), "build.connected")
            else:
                for name, var in here:
                    if task.at_place is not None or name not in near_places(barge):
                        self._when(m.Add(var == 0), "build.connected")
        for name in sorted({nm for (_, nm) in v.z}):
            terms = [var for (_, nm), var in v.z.items() if nm == name]
            self._when(m.Add(sum(terms) <= 1), "build.canal-integrity")
            if name in task.visited:
                self._when(m.Add(sum(terms) == 0), "build.canal-integrity")
        for via in task.vias:
            running: list[Any] = []
            for p in range(0, positions + 1):
                running.append(v.z[(p, via)])
                d = m.NewBoolVar(f"d{c}_{p}_{via}")
                m.AddMaxEquality(d, running)
                v.done[(p, via)] = d
        goals: list[Any] = []
        for (p, name), var in v.z.items():
            if task.junction and name in task.visited:
                continue  # not a new place: only passed again (build.canal-integrity)
            if not (task.junction or name == task.far):
                continue
            goals.append(var)
            if p + 1 <= positions:
                m.AddImplication(var, v.used[p + 1].Not())
            for via in task.vias:
                before = v.done.get((p - 1, via))
                if before is None:
                    self._when(m.Add(var == 0), "build.via-places")
                else:
                    self._when(m.AddImplication(var, before), "build.via-places")
        m.Add(sum(goals) <= 1)
        v.completes = sum(goals)
        # build.canal-integrity: each hex once, none the canal holds
        for h in hexes:
            terms = [v.x[(p, h)] for p in range(1, positions + 1)]
            if h in task.own:
                self._when(m.Add(sum(terms) == 0), "build.canal-integrity")
            elif positions > 1:
                self._when(m.Add(sum(terms) <= 1), "build.canal-integrity")
        # the first tile: next to the barge (or to a place reached first)
        if positions >= 1:
            gap0 = v.gap[0]
            next_to_barge = set(near_hexes(barge))
            for h in hexes:
                xh = v.x[(1, h)]
                if h not in next_to_barge:
                    self._when(m.AddImplication(xh, gap0), "build.start-at-barge")
                places_near = [v.z[(0, nm)] for nm in near_places(h) if (0, nm) in v.z]
                if places_near:
                    m.AddBoolOr(places_near).OnlyEnforceIf(
                        [xh, gap0, *self._literal("build.connected")]
                    )
                else:
                    self._when(m.AddBoolOr([xh.Not(), gap0.Not()]), "build.connected")
        # later tiles: next to the tile before, or to the place after it
        for p in range(1, positions):
            gap = v.gap[p]
            for h in hexes:
                xh = v.x[(p + 1, h)]
                tiles_near = [v.x[(p, n)] for n in near_hexes(h)]
                places_near = [v.z[(p, nm)] for nm in near_places(h) if (p, nm) in v.z]
                self._when(m.Add(xh <= sum(tiles_near) + gap), "build.connected")
                self._when(m.Add(xh + gap <= 1 + sum(places_near)), "build.connected")
        # build.consecutive-tiles
        if task.at_place is None and task.last_kind is not None and positions >= 1:
            same = v.k[(1, task.last_kind)]
            self._when(m.AddImplication(same, v.gap[0]), "build.consecutive-tiles")
        for p in range(1, positions):
            for kind in KINDS:
                pair = v.k[(p, kind)] + v.k[(p + 1, kind)]
                self._when(m.Add(pair <= 1 + v.gap[p]), "build.consecutive-tiles")
        # build.contract-length
        if positions > task.budget:
            total = sum(v.used[1 : positions + 1])
            self._when(m.Add(total <= task.budget), "build.contract-length")
        for kind in KINDS:
            count = m.NewIntVar(0, positions, f"n{c}_{kind.value}")
            m.Add(count == sum(v.k[(p, kind)] for p in range(1, positions + 1)))
            v.count[kind] = count
        v.tile_points = sum(TILE_POINTS[kind] * count for kind, count in v.count.items())
        return v

    def _literal(self, rule: str) -> list[Any]:
        """The enforcement literals of ``rule`` (none in a model without them)."""
        return [self.literals[rule]] if self.relaxed else []

    def _counts(self, v: _CanalVars) -> None:
        """Integer counts of the canal's new tiles by kind, with linear inequalities the LP
        relaxation can use (presolve turns the boolean structure above into clauses): within
        a section no two tiles of one kind follow each other, so a kind fills at most half the
        tiles of each section, rounded up; a completion needs the fewest tiles from the barge."""
        m = self.model
        task = v.task
        c = task.index
        n = v.positions
        total = m.NewIntVar(0, n, f"n{c}")
        m.Add(total == sum(v.used[1 : n + 1]))
        breaks = m.NewIntVar(0, n, f"breaks{c}")
        m.Add(breaks == sum(v.gap[1 : n + 1]))
        for kind in KINDS:
            terms = [var for (_, kk), var in v.k.items() if kk is kind]
            if not terms:
                v.count[kind] = 0
                continue
            count = m.NewIntVar(0, n, f"n{c}_{kind.value}")
            m.Add(count == sum(terms))
            m.Add(2 * count <= total + 1 + breaks)
            v.count[kind] = count
        m.Add(total == sum(v.count.values()))
        start: Hex | str = task.at_place if task.at_place else task.end_hex
        fewest = task.finish_from(start, task.full_mask)
        if 0 < fewest < INF:
            m.Add(total >= fewest * v.completes)
        v.tile_points = sum(TILE_POINTS[kind] * count for kind, count in v.count.items())

    def _completable(self, v: _CanalVars) -> None:
        """An incomplete canal must still be finishable from where the build leaves it:
        forbid every end (a last tile, or a place after it) from which the fewest tiles to
        finish, with the via places still lacking, exceed what the value allows."""
        m = self.model
        task = v.task
        budget = task.budget
        positions = v.positions

        def state(p: int, mask: int) -> list[Any] | None:
            """Literals false exactly when the vias left after gap p are ``mask``."""
            out: list[Any] = []
            for i, via in enumerate(task.vias):
                d = v.done.get((p, via)) if p >= 0 else None
                still = bool(mask & (1 << i))
                if d is None:
                    if not still:
                        return None  # cannot have been reached yet: state impossible
                    continue
                out.append(d if still else d.Not())
            return out

        exact = len(task.vias) <= EXACT_MASK_VIAS
        masks = _masks(len(task.vias))
        for p in range(1, positions + 1):
            after = v.used[p + 1]
            for h in v.domains[p]:
                xh = v.x.get((p, h))
                if xh is None:
                    continue
                bad: list[int] = []
                for mask in masks:
                    if task.finish_tile.get((h, mask), INF) <= budget - p:
                        continue
                    if not exact and any(b & mask == b for b in bad):
                        continue  # implied by the clause of a smaller mask
                    bad.append(mask)
                    lits = state(p - 1, mask) if exact else _left(v, p - 1, mask)
                    if lits is None:
                        continue
                    clause = [xh.Not(), *lits]
                    if not isinstance(after, int):
                        clause.append(after)
                    if not isinstance(v.gap[p], int):
                        clause.append(v.gap[p])
                    m.AddBoolOr(clause)
        for (p, name), var in v.z.items():
            if task.junction or name == task.far:
                continue
            after = v.used[p + 1]
            bad = []
            for mask in masks:
                if task.finish_place.get((name, mask), INF) <= budget - p:
                    continue
                if not exact and any(b & mask == b for b in bad):
                    continue
                bad.append(mask)
                lits = state(p, mask) if exact else _left(v, p, mask)
                if lits is None:
                    continue
                clause = [var.Not(), *lits]
                if not isinstance(after, int):
                    clause.append(after)
                m.AddBoolOr(clause)

    # -------------------------------------------------------------- overbuilding
    def _overbuilding(self) -> None:
        """Cards per position: the tile's own cost, plus two on a hex holding another canal's
        tile (including a tile an earlier line of this build put there)."""
        m = self.model
        placed: dict[Hex, list[Any]] = {}  # hex -> earlier lines' tiles there
        for v in self.canals:
            task = v.task
            v.slots = [0]
            v.extras = [0]
            v.top = [0]
            for p in range(1, v.positions + 1):
                extra: list[Any] = []
                for (q, h), var in v.x.items():
                    if q != p:
                        continue
                    if h in task.occupied:
                        extra.append(var)
                    elif h in placed:
                        on_top = m.NewBoolVar(f"top{task.index}_{p}_{h}")
                        if self.relaxed:  # a hex may hold several earlier tiles
                            there = m.NewBoolVar(f"held_before{task.index}_{p}_{h}")
                            m.AddMaxEquality(there, placed[h])
                            m.AddMultiplicationEquality(on_top, [var, there])
                        else:
                            m.Add(on_top >= var + sum(placed[h]) - 1)
                            m.AddImplication(on_top, var)
                            m.Add(on_top <= sum(placed[h]))
                        extra.append(on_top)
                for (q, kind), var in v.k.items():
                    if q == p:
                        v.main[(p, kind)] = self._main_cost(v, p, kind, var)
                main = sum(cost for (q, _), cost in v.main.items() if q == p)
                if extra:
                    top = m.NewBoolVar(f"top{task.index}_{p}")
                    m.Add(top == sum(extra))
                    v.top.append(top)
                else:
                    v.top.append(0)
                charged: Any = v.top[p]
                if self.relaxed and extra:  # build.overbuild: the two extra cards
                    charged = m.NewBoolVar(f"charged{task.index}_{p}")
                    rule = self.literals["build.overbuild"]
                    m.AddMultiplicationEquality(charged, [v.top[p], rule])
                e = 2 * charged
                v.extras.append(e)
                v.slots.append(main + e)
            for (_, h), var in v.x.items():
                placed.setdefault(h, []).append(var)

    def _main_cost(self, v: _CanalVars, p: int, kind: TileKind, var: Any) -> Any:
        """The cards of its own kind tile p needs when it is of ``kind`` (``var``): its cost
        by build.card-cost; without that rule (relaxed models), one card."""
        base = base_cost(kind, self.problem.engineer)
        if not self.relaxed or base == 1:
            return base * var
        cost = self.model.NewIntVar(0, base, f"main{v.task.index}_{p}_{kind.value}")
        rule = self.literals["build.card-cost"]
        self.model.Add(cost == base * var).OnlyEnforceIf(rule)
        self.model.Add(cost == var).OnlyEnforceIf(rule.Not())
        return cost

    def _supply(self) -> None:
        for kind in KINDS:
            total = sum(v.count[kind] for v in self.canals)
            self._when(self.model.Add(total <= self.problem.supply[kind]), "build.tile-supply")

    # -------------------------------------------------------------- cards
    def _cards(self) -> None:
        m = self.model
        problem = self.problem
        hand = problem.hand
        engineer = problem.engineer
        if self.relaxed:
            need = {
                k: sum(cost for v in self.canals for (_, kk), cost in v.main.items() if kk is k)
                for k in KINDS
            }
        else:
            need = {k: sum(base_cost(k, engineer) * v.count[k] for v in self.canals) for k in KINDS}
        extras = sum(e for v in self.canals for e in v.extras)
        cards = {k: hand.get(k, 0) for k in CardKind}
        big = max(self.hand_size, 1)
        if self.relaxed:  # without build.cards-in-hand any number of cards may be paid
            big = max(big, 5 * sum(v.positions for v in self.canals))

        def flow(name: str, card: CardKind) -> Any:
            return m.NewIntVar(0, big if self.relaxed else min(cards[card], big), name)

        S, L, A, T, V = (
            CardKind.STRETCH,
            CardKind.LOCK,
            CardKind.AQUEDUCT,
            CardKind.TUNNEL,
            CardKind.SURVEYOR,
        )
        natural = {k: flow(f"nat_{k.value}", CardKind(k.value)) for k in KINDS}
        wild = {k: flow(f"wild_{k.value}", V) for k in KINDS}
        spare = {card: flow(f"spare_{card.value}", card) for card in CardKind}
        brindley = flow("brindley", S) if problem.brindley else 0
        halves_main = {k: 0 for k in KINDS}
        halves_extra: Any = 0
        doubled: Any = 0
        if problem.smeaton:
            # A doubled surveyor pays two cards of one tile (within[p]) or of two consecutive
            # tiles of one canal (span[p]: tiles p and p+1; two such pairs can always be two
            # within-tile pairs instead, so one is enough). Its halves pay a tile's own-kind
            # cards first (cover[p, kind]), then the extra cards (cover_extra[p]).
            doubled_terms: list[Any] = []
            halves_by_kind: dict[TileKind, list[Any]] = {k: [] for k in KINDS}
            halves_extra_terms: list[Any] = []
            for v in self.canals:
                c = v.task.index
                n = v.positions
                span: list[Any] = [0]
                for p in range(1, n):
                    sp = m.NewBoolVar(f"span{c}_{p}")
                    m.AddImplication(sp, v.used[p + 1])
                    span.append(sp)
                span.append(0)
                for p in range(1, n + 1):
                    within = m.NewIntVar(0, 2, f"within{c}_{p}")
                    doubled_terms += [within, span[p]]
                    halves = 2 * within + span[p - 1] + span[p]
                    covers: list[Any] = []
                    for k in KINDS:
                        kind_var = v.k.get((p, k))
                        if kind_var is None:
                            continue
                        base = base_cost(k, engineer)
                        cover = m.NewIntVar(0, base, f"cover{c}_{p}_{k.value}")
                        m.Add(cover <= v.main[(p, k)])
                        covers.append(cover)
                        halves_by_kind[k].append(cover)
                    cover_extra = m.NewIntVar(0, 2, f"cover{c}_{p}_extra")
                    m.Add(cover_extra <= v.extras[p])
                    halves_extra_terms.append(cover_extra)
                    m.Add(halves == sum(covers) + cover_extra)
            doubled = sum(doubled_terms)
            halves_main = {k: sum(halves_by_kind[k]) for k in KINDS}
            halves_extra = sum(halves_extra_terms)
        # build.card-kind: a tile's own cards are of its kind (or surveyors, or Brindley's
        # stretches for locks); without the rule (relaxed models) any card pays (``other``)
        other = {k: 0 for k in KINDS}
        other_from: dict[CardKind, Any] = {card: 0 for card in CardKind}
        if self.relaxed:
            other = {k: flow(f"other_{k.value}", S) for k in KINDS}
            other_from = {card: flow(f"other_from_{card.value}", card) for card in CardKind}
            m.Add(sum(other.values()) == sum(other_from.values()))
            self._when(m.Add(sum(other.values()) == 0), "build.card-kind")
        m.Add(
            need[TileKind.STRETCH]
            == natural[TileKind.STRETCH]
            + wild[TileKind.STRETCH]
            + halves_main[TileKind.STRETCH]
            + other[TileKind.STRETCH]
        )
        m.Add(
            need[TileKind.LOCK]
            == natural[TileKind.LOCK]
            + wild[TileKind.LOCK]
            + brindley
            + halves_main[TileKind.LOCK]
            + other[TileKind.LOCK]
        )
        for k in (TileKind.AQUEDUCT, TileKind.TUNNEL):
            m.Add(need[k] == natural[k] + wild[k] + halves_main[k] + other[k])
        m.Add(extras == sum(spare.values()) + halves_extra)
        # build.cards-in-hand
        paid = {
            S: natural[TileKind.STRETCH] + brindley + spare[S] + other_from[S],
            L: natural[TileKind.LOCK] + spare[L] + other_from[L],
            A: natural[TileKind.AQUEDUCT] + spare[A] + other_from[A],
            T: natural[TileKind.TUNNEL] + spare[T] + other_from[T],
            V: sum(wild.values()) + spare[V] + doubled + other_from[V],
        }
        for card, played in paid.items():
            self._when(m.Add(played <= cards[card]), "build.cards-in-hand")
        self.cards = sum(paid.values())

    # -------------------------------------------------------------- answers
    def lines(self, result: sv.SolveResult) -> list[tuple[RouteItem, ...]]:
        out: list[tuple[RouteItem, ...]] = []
        for v in self.canals:
            if self.relaxed:
                at = {p: h for (p, h), var in v.x.items() if result.true(var)}
                kinds = {p: k for (p, k), var in v.k.items() if result.true(var)}
                tiles = {p: (at[p], kinds[p]) for p in at}
            else:
                tiles = {p: (h, k) for (p, h, k), var in v.y.items() if result.true(var)}
            places = {p: name for (p, name), var in v.z.items() if result.true(var)}
            line: list[RouteItem] = []
            for p in range(0, v.positions + 1):
                if p in tiles:
                    line.append(tiles[p])
                elif p > 0:
                    break
                if p in places:
                    line.append(places[p])
            out.append(tuple(line))
        return out

    def route_literals(self, index: int, line: Sequence[RouteItem]) -> list[Any]:
        """The literals true in canal ``index``'s part of a solution (tiles and places)."""
        v = self.canals[index]
        lits: list[Any] = []
        p = 0
        for item in line:
            if isinstance(item, str):
                lits.append(v.z[(p, item)])
            else:
                p += 1
                lits.append(v.y[(p, item[0], item[1])])
        return lits

    def forbid_dead_end(self, index: int, line: Sequence[RouteItem]) -> None:
        """Forbid a line after which its canal cannot be completed, and every build that
        cannot be completed for the same reason.

        The reason is found by a deletion pass: the fewest of the line's hexes and places that,
        held by the canal, still leave no completing route from where the line ends. Any build
        ending at the same place (the same hex, or the same place reached), lacking the same via
        places, with no more tiles left and holding those hexes and places cannot be completed
        either; it is forbidden at every later position."""
        v = self.canals[index]
        task = v.task
        end = line_end(self.problem, task, line)
        hexes = [h for h in end.hexes if h != end.end]
        places = [p for p in end.places if p != end.place]
        for h in list(hexes):
            trial = set(hexes) - {h}
            if route_exists(self.problem, task, end, trial, set(places)) is False:
                hexes.remove(h)
        for name in list(places):
            trial_places = set(places) - {name}
            if route_exists(self.problem, task, end, set(hexes), trial_places) is False:
                places.remove(name)
        held = [self._held(v, h) for h in hexes] + [self._reached(v, name) for name in places]
        if any(lit is None for lit in held):
            sv.forbid(self.model, self.route_literals(index, line))  # cannot generalise
            return
        blocking = [lit.Not() for lit in held if lit is not None]
        m = self.model
        for q in range(end.tiles, v.positions + 1):
            after = v.used[q + 1]
            if end.place is None:
                xq = v.x.get((q, end.end))
                if xq is None:
                    continue
                lits = _state_literals(v, q - 1, end.mask)
                if lits is None:
                    continue
                clause = [xq.Not(), *lits, *blocking]
                if not isinstance(v.gap[q], int):
                    clause.append(v.gap[q])
            else:
                zq = v.z.get((q, end.place))
                if zq is None:
                    continue
                lits = _state_literals(v, q, end.mask)
                if lits is None:
                    continue
                clause = [zq.Not(), *lits, *blocking]
            if not isinstance(after, int):
                clause.append(after)
            m.AddBoolOr(clause)
        if end.tiles == 0:  # nothing to generalise over: a line of places only
            sv.forbid(self.model, self.route_literals(index, line))

    def _held(self, v: _CanalVars, hex: Hex) -> Any:
        """A literal: the build puts a tile of this canal on ``hex``."""
        return self._somewhere("held", v, hex, v.x)

    def _reached(self, v: _CanalVars, name: str) -> Any:
        """A literal: the build reaches this place on this canal."""
        return self._somewhere("reached", v, name, v.z)

    def _somewhere(self, what: str, v: _CanalVars, target: Any, at: Mapping[Any, Any]) -> Any:
        """A literal (made once, then reused): one of the (position, target) variables ``at``
        is true; None when there is none."""
        key = (what, v.task.index, target)
        if key not in self._aux:
            terms = [var for (_, found), var in at.items() if found == target]
            if not terms:
                self._aux[key] = None
            else:
                lit = self.model.NewBoolVar(f"{what}{v.task.index}_{target}")
                self.model.Add(lit == sum(terms))
                self._aux[key] = lit
        return self._aux[key]

    def forbid_signature(self, result: sv.SolveResult) -> None:
        """Forbid every build with the solution's kinds, tiles on top and completions, position
        by position: they all score the same and pay with the same cards."""
        lits: list[Any] = []
        for v in self.canals:
            length = 0
            for p in range(1, v.positions + 1):
                if not result.true(v.used[p]):
                    break
                length = p
                kind = next(k for (q, k), var in v.k.items() if q == p and result.true(var))
                lits.append(v.k[(p, kind)])
                top = v.top[p]
                if not isinstance(top, int):
                    lits.append(top if result.true(top) else top.Not())
            if length < v.positions:
                lits.append(v.used[length + 1].Not())
            for var in _goal_literals(v):
                lits.append(var if result.true(var) else var.Not())
        sv.forbid(self.model, lits)

    def forbid_identity(self, identity: Identity) -> None:
        """Forbid one answer: the same tiles in the same order on every canal, completing the
        same canals (whatever places are passed)."""
        m = self.model
        lits: list[Any] = []
        for v, (tiles, done) in zip(self.canals, identity, strict=True):
            for p, (h, k) in enumerate(tiles, start=1):
                var = v.y.get((p, h, k))
                if var is None:
                    return  # the model cannot produce that answer anyway
                lits.append(var)
            if len(tiles) + 1 <= v.positions:
                lits.append(1 - v.used[len(tiles) + 1])
            lits.append(v.completes if done else 1 - v.completes)
        m.Add(sum(lits) <= len(lits) - 1)


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


def _state_literals(v: _CanalVars, gap: int, mask: int) -> list[Any] | None:
    """Literals all false exactly when the via places left after ``gap`` are ``mask`` (None:
    that cannot be: a via place counted as passed that no gap so far can reach)."""
    out: list[Any] = []
    for i, via in enumerate(v.task.vias):
        done = v.done.get((gap, via)) if gap >= 0 else None
        still = bool(mask & (1 << i))
        if done is None:
            if not still:
                return None
            continue
        out.append(done if still else done.Not())
    return out


EXACT_MASK_VIAS = 4
"""Up to this many via places left, build.completable's bound is stated for every set of via
places still to pass (2^k clauses per tile); with more, for the sets of at most two of them
and for all of them ("these via places are still to pass"), which the bound grows with, so
the model stays small (a weaker necessary condition: every answer is checked exactly)."""


def _masks(vias: int) -> list[int]:
    """The sets of via places left whose bound the model states, smaller sets first."""
    if vias <= EXACT_MASK_VIAS:
        return list(range(1 << vias))
    singles = [1 << i for i in range(vias)]
    pairs = [(1 << i) | (1 << j) for i in range(vias) for j in range(i + 1, vias)]
    return [0, *singles, *pairs, (1 << vias) - 1]


def _left(v: _CanalVars, gap: int, mask: int) -> list[Any] | None:
    """Literals all false exactly when every via place of ``mask`` (and maybe others) is
    still to pass after ``gap`` (at least those: the bound only grows with more)."""
    out: list[Any] = []
    for i, via in enumerate(v.task.vias):
        if not mask & (1 << i):
            continue
        done = v.done.get((gap, via)) if gap >= 0 else None
        if done is not None:
            out.append(done)
    return out


def _empty(problem: BuildProblem) -> list[tuple[RouteItem, ...]]:
    return [() for _ in problem.canals]


def _goal_literals(v: _CanalVars) -> list[Any]:
    return [var for (_, name), var in v.z.items() if v.task.junction or name == v.task.far]


def _points_bound(result: sv.SolveResult, weight: int) -> int:
    if result.bound is None:
        return INF
    # objective = weight * points - cards with 0 <= cards < weight
    return -(-round(result.bound) // weight)


def _allowed(board: Any, hex: Hex) -> tuple[TileKind, ...]:
    """The kinds of tile the terrain of ``hex`` takes (none at sea, on a place, off the map)."""
    if hex in board.place_at:
        return ()
    terrain = board.terrain.get(hex)
    return tuple(TERRAIN_TILES.get(terrain, ())) if terrain is not None else ()
