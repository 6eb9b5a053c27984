"""The route part of the CP-SAT build model: where each canal's new tiles go.

Positions, adjacency, terrain, consecutive tiles (neighbouring hexes:
:mod:`canaldsl.canalmania.buildmodel_neighbours`), integrity, length, via places and the
completability of a canal left incomplete; see :mod:`canaldsl.canalmania.buildmodel` for the
model as a whole.
"""

from __future__ import annotations

from typing import Any

from canaldsl.canalmania.buildmodel_neighbours import NeighbourConstraints
from canaldsl.canalmania.buildmodel_vars import (
    EXACT_MASK_VIAS,
    KINDS,
    CanalVars,
    left_literals,
    state_literals,
    via_masks,
)
from canaldsl.canalmania.components import TILE_POINTS, TileKind
from canaldsl.canalmania.distances import adjacency
from canaldsl.canalmania.problem import (
    INF,
    CanalTask,
)
from canaldsl.hexgrid import Hex


class RouteConstraints(NeighbourConstraints):
    """The variables and constraints of each canal's route."""

    # ---- routes
    def _canal(self, task: CanalTask, positions: int) -> CanalVars:
        m = self.model
        board = self.problem.board
        adj = adjacency(board)
        supply = self.problem.supply
        v = CanalVars(task, positions)
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
        self._neighbouring(v, lambda p, h, kind: v.y.get((p, h, kind)))
        self._completable(v)
        self._counts(v)
        return v

    def _counts(self, v: CanalVars) -> None:
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

    def _completable(self, v: CanalVars) -> None:
        """An incomplete canal must still be finishable from where the build leaves it:
        forbid every end (a last tile, or a place after it) from which the fewest tiles to
        finish, with the via places still lacking, exceed what the value allows."""
        m = self.model
        task = v.task
        budget = task.budget
        positions = v.positions

        exact = len(task.vias) <= EXACT_MASK_VIAS
        masks = via_masks(len(task.vias))
        literals_of = state_literals if exact else left_literals
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
                    lits = (
                        state_literals(v, p - 1, mask) if exact else left_literals(v, p - 1, mask)
                    )
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
                lits = literals_of(v, p, mask)
                if lits is None:
                    continue
                clause = [var.Not(), *lits]
                if not isinstance(after, int):
                    clause.append(after)
                m.AddBoolOr(clause)
