"""The card part of the CP-SAT build model: building on top, the supply, and paying from the hand.

See :mod:`canaldsl.canalmania.buildmodel` for the model as a whole.
"""

from __future__ import annotations

from typing import Any

from canaldsl.canalmania.buildmodel_vars import (
    KINDS,
    CanalVars,
    ModelBase,
)
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.components import CardKind, TileKind
from canaldsl.hexgrid import Hex


class CardConstraints(ModelBase):
    """The constraints on tiles' costs, the supply and the cards of the hand."""

    # ---- overbuilding
    def _overbuilding(self) -> None:
        """Cards per position: the tile's own cost, plus two on a hex holding another canal's
        tile (including a tile an earlier line of this build put there)."""
        m = self.model
        placed: dict[Hex, list[Any]] = {}  # hex -> earlier lines' tiles there
        for v in self.canals:
            task = v.task
            # each position's tile variables, in the order they were made (one pass over them)
            x_at: dict[int, list[tuple[Hex, Any]]] = {}
            for (q, h), var in v.x.items():
                x_at.setdefault(q, []).append((h, var))
            k_at: dict[int, list[tuple[TileKind, Any]]] = {}
            for (q, kind), var in v.k.items():
                k_at.setdefault(q, []).append((kind, var))
            v.slots = [0]
            v.extras = [0]
            v.top = [0]
            for p in range(1, v.positions + 1):
                extra: list[Any] = []
                for h, var in x_at.get(p, ()):
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
                mains = []
                for kind, var in k_at.get(p, ()):
                    v.main[(p, kind)] = cost = self._main_cost(v, p, kind, var)
                    mains.append(cost)
                main = sum(mains)
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

    def _main_cost(self, v: CanalVars, p: int, kind: TileKind, var: Any) -> Any:
        """The cards of its own kind tile p needs when it is of ``kind`` (``var``): its cost
        by pay.wrong-count; without that rule (relaxed models), one card."""
        base = base_cost(kind, self.problem.engineer)
        if not self.relaxed or base == 1:
            return base * var
        cost = self.model.NewIntVar(0, base, f"main{v.task.index}_{p}_{kind.value}")
        rule = self.literals["pay.wrong-count"]
        self.model.Add(cost == base * var).OnlyEnforceIf(rule)
        self.model.Add(cost == var).OnlyEnforceIf(rule.Not())
        return cost

    def _supply(self) -> None:
        for kind in KINDS:
            total = sum(v.count[kind] for v in self.canals)
            self._when(self.model.Add(total <= self.problem.supply[kind]), "build.tile-supply")

    # ---- cards
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
        if self.relaxed:  # without pay.not-in-hand any number of cards may be paid
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
        # pay.wrong-kind: a tile's own cards are of its kind (or surveyors, or Brindley's
        # stretches for locks); without the rule (relaxed models) any card pays (``other``)
        other = {k: 0 for k in KINDS}
        other_from: dict[CardKind, Any] = {card: 0 for card in CardKind}
        if self.relaxed:
            other = {k: flow(f"other_{k.value}", S) for k in KINDS}
            other_from = {card: flow(f"other_from_{card.value}", card) for card in CardKind}
            m.Add(sum(other.values()) == sum(other_from.values()))
            self._when(m.Add(sum(other.values()) == 0), "pay.wrong-kind")
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
        # pay.not-in-hand
        paid = {
            S: natural[TileKind.STRETCH] + brindley + spare[S] + other_from[S],
            L: natural[TileKind.LOCK] + spare[L] + other_from[L],
            A: natural[TileKind.AQUEDUCT] + spare[A] + other_from[A],
            T: natural[TileKind.TUNNEL] + spare[T] + other_from[T],
            V: sum(wild.values()) + spare[V] + doubled + other_from[V],
        }
        for card, played in paid.items():
            self._when(m.Add(played <= cards[card]), "pay.not-in-hand")
        self.cards = sum(paid.values())
