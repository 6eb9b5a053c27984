"""The route part of the relaxed CP-SAT build model: each constraint enforced by a literal.

Used by :mod:`canaldsl.canalmania.minimal_rules` to find which rules together make a question
impossible; see :mod:`canaldsl.canalmania.buildmodel` (``relaxed``).
"""

from __future__ import annotations

from typing import Any

from canaldsl.canalmania.buildmodel_neighbours import NeighbourConstraints
from canaldsl.canalmania.buildmodel_vars import (
    KINDS,
    CanalVars,
    allowed_kinds,
)
from canaldsl.canalmania.components import TILE_POINTS
from canaldsl.canalmania.problem import (
    CanalTask,
)
from canaldsl.hexgrid import Hex
from canaldsl.solver import cp_model_module


class RelaxedRoutes(NeighbourConstraints):
    """Each canal's route variables with no domain pruned by any rule."""

    def _relaxed_canal(self, task: CanalTask, positions: int, extra: frozenset[Hex]) -> CanalVars:
        """A canal with every rule behind its literal. No y variables: x[p, hex] and k[p, kind]
        are chosen apart and build.terrain ties them; no domain is pruned by a rule."""
        # A list's sum made at once (Python's sum adds term by term); the constraint it gives
        # is the same (CP-SAT merges the terms by variable).
        sum_of = cp_model_module().LinearExpr.sum
        m = self.model
        board = self.problem.board
        c = task.index
        v = CanalVars(task, positions)
        hexes = sorted({h for h in board.terrain if h not in board.place_at} | extra)
        known = set(hexes)

        def near_hexes(h: Hex) -> list[Hex]:
            return [n for n in h.neighbours() if n in known]

        def near_places(h: Hex) -> list[str]:
            return [board.place_at[n].name for n in h.neighbours() if n in board.place_at]

        # tiles: x[p, h], k[p, kind], used[p]
        v.domains = [[]] + [hexes] * positions
        v.used = [0]
        # build.terrain's hexes per kind, the same at every position (worked out once)
        wrong_hexes = {
            kind: [h for h in hexes if kind not in allowed_kinds(board, h)] for kind in KINDS
        }
        for p in range(1, positions + 1):
            for h in hexes:
                v.x[(p, h)] = m.NewBoolVar(f"x{c}_{p}_{h}")
            for kind in KINDS:
                v.k[(p, kind)] = m.NewBoolVar(f"k{c}_{p}_{kind.value}")
            used = m.NewBoolVar(f"u{c}_{p}")
            m.Add(used == sum_of([v.x[(p, h)] for h in hexes]))
            m.Add(used == sum_of([v.k[(p, kind)] for kind in KINDS]))
            if p > 1:
                m.AddImplication(used, v.used[p - 1])
            v.used.append(used)
            for kind in KINDS:  # build.terrain: a kind only where the terrain takes it
                wrong = [v.x[(p, h)] for h in wrong_hexes[kind]]
                if wrong:
                    self._when(m.Add(v.k[(p, kind)] + sum_of(wrong) <= 1), "build.terrain")
        v.used.append(0)
        # places: z[p, name], gap[p]
        barge = board.places[task.at_place].hex if task.at_place else task.end_hex
        names = sorted(board.places)
        for p in range(0, positions + 1):
            for name in names:
                v.z[(p, name)] = m.NewBoolVar(f"z{c}_{p}_{name}")
        for p in range(0, positions + 1):
            here = [(name, v.z[(p, name)]) for name in names]
            gap = m.NewBoolVar(f"g{c}_{p}")
            m.AddMaxEquality(gap, [var for _, var in here])
            v.gap.append(gap)
            self._when(m.Add(sum_of([var for _, var in here]) <= 1), "build.connected")
            if p >= 1:
                m.AddImplication(gap, v.used[p])
                for name, var in here:
                    ph = board.places[name].hex
                    near = [v.x[(p, h)] for h in near_hexes(ph)]
                    self._when(m.Add(var <= sum_of(near)), "build.connected")
            else:
                for name, var in here:
                    if task.at_place is not None or name not in near_places(barge):
                        self._when(m.Add(var == 0), "build.connected")
        for name in names:
            terms = [v.z[(p, name)] for p in range(0, positions + 1)]
            self._when(m.Add(sum_of(terms) <= 1), "build.canal-integrity")
            if name in task.visited:
                self._when(m.Add(sum_of(terms) == 0), "build.canal-integrity")
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
                self._when(m.Add(sum_of(terms) == 0), "build.canal-integrity")
            elif positions > 1:
                self._when(m.Add(sum_of(terms) <= 1), "build.canal-integrity")
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
        # later tiles: next to the tile before, or to the place after it (each hex's
        # neighbours worked out once, not once per position)
        around = [(h, near_hexes(h), near_places(h)) for h in hexes]
        for p in range(1, positions):
            gap = v.gap[p]
            for h, hexes_near, names_near in around:
                xh = v.x[(p + 1, h)]
                tiles_near = [v.x[(p, n)] for n in hexes_near]
                places_near = [v.z[(p, nm)] for nm in names_near if (p, nm) in v.z]
                self._when(m.Add(xh <= sum_of(tiles_near) + gap), "build.connected")
                self._when(m.Add(xh + gap <= 1 + sum_of(places_near)), "build.connected")
        # build.consecutive-tiles
        if task.at_place is None and task.last_kind is not None and positions >= 1:
            same = v.k[(1, task.last_kind)]
            self._when(m.AddImplication(same, v.gap[0]), "build.consecutive-tiles")
        for p in range(1, positions):
            for kind in KINDS:
                pair = v.k[(p, kind)] + v.k[(p + 1, kind)]
                self._when(m.Add(pair <= 1 + v.gap[p]), "build.consecutive-tiles")
        # a tile on a hex is x[p, hex] and k[p, kind] together: x + k - 1; the first tile only
        # (buildmodel_neighbours says why)
        self._neighbouring(v, lambda p, h, kind: v.x[(p, h)] + v.k[(p, kind)] - 1, upto=1)
        # build.contract-length
        if positions > task.budget:
            total = sum(v.used[1 : positions + 1])
            self._when(m.Add(total <= task.budget), "build.contract-length")
        for kind in KINDS:
            count = m.NewIntVar(0, positions, f"n{c}_{kind.value}")
            m.Add(count == sum_of([v.k[(p, kind)] for p in range(1, positions + 1)]))
            v.count[kind] = count
        v.tile_points = sum(TILE_POINTS[kind] * count for kind, count in v.count.items())
        return v

    def _literal(self, rule: str) -> list[Any]:
        """The enforcement literals of ``rule`` (none in a model without them)."""
        return [self.literals[rule]] if self.relaxed else []
