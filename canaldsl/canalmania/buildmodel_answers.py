"""Reading builds out of a solved CP-SAT build model, and forbidding them in the next solve.

See :mod:`canaldsl.canalmania.buildmodel` for the model as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from canaldsl import solver as sv
from canaldsl.canalmania.buildmodel_vars import (
    CanalVars,
    ModelBase,
    goal_literals,
    state_literals,
)
from canaldsl.canalmania.problem import (
    Identity,
    RouteItem,
)
from canaldsl.canalmania.routes import line_end, route_exists
from canaldsl.hexgrid import Hex


class AnswerReading(ModelBase):
    """A solved model's build lines; clauses that forbid an answer, a dead end or a signature."""

    # ---- answers
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
                lits = state_literals(v, q - 1, end.mask)
                if lits is None:
                    continue
                clause = [xq.Not(), *lits, *blocking]
                if not isinstance(v.gap[q], int):
                    clause.append(v.gap[q])
            else:
                zq = v.z.get((q, end.place))
                if zq is None:
                    continue
                lits = state_literals(v, q, end.mask)
                if lits is None:
                    continue
                clause = [zq.Not(), *lits, *blocking]
            if not isinstance(after, int):
                clause.append(after)
            m.AddBoolOr(clause)
        if end.tiles == 0:  # nothing to generalise over: a line of places only
            sv.forbid(self.model, self.route_literals(index, line))

    def _held(self, v: CanalVars, hex: Hex) -> Any:
        """A literal: the build puts a tile of this canal on ``hex``."""
        return self._somewhere("held", v, hex, v.x)

    def _reached(self, v: CanalVars, name: str) -> Any:
        """A literal: the build reaches this place on this canal."""
        return self._somewhere("reached", v, name, v.z)

    def _somewhere(self, what: str, v: CanalVars, target: Any, at: Mapping[Any, Any]) -> Any:
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
            for var in goal_literals(v):
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
