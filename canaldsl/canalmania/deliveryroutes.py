"""The two CP-SAT encodings of a goods route for the best-delivery model.

``LayeredRoute``: the route as hops in order (a place per position); ``CircuitRoute``: the route
as a circuit over the places with a dummy arc closing it. Both state the same rules (each place
once, the colour restriction, the last section the mover's own, the 2nd edition's shortest own
route); :mod:`canaldsl.canalmania.deliverymodel` builds the model around one of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from canaldsl import solver as sv
from canaldsl.canalmania.deliveryproblem import Arc, DeliveryProblem


class RouteEncoding(Protocol):
    """A route model: its hops, every owner's points, and the shortest-route forbids;
    ``feasible`` is False when no cube can move at all."""

    hops: Any
    points: dict[str, Any]
    feasible: bool

    def forbid_longer(self, start: str, end: str, most_hops: int) -> None: ...

    def forbid_chords(self) -> None: ...

    def require_end(self, end: str) -> None: ...

    def read(self, result: sv.SolveResult) -> tuple[tuple[str, ...], tuple[str, ...]]: ...


def _sum(terms: Iterable[Any]) -> Any:
    return sum(terms, 0)


def _runs(model: Any, this: Any, before: Any) -> Any:
    """A boolean: ``this`` (0/1) holds and ``before`` (0/1) does not — a run of one owner's
    sections starts here."""
    run = model.new_bool_var("")
    model.add(run <= this)
    model.add(run <= 1 - before)
    model.add(run >= this - before)
    return run


def _all_own(model: Any, arcs: Iterable[tuple[Arc, Any]], mover: str) -> Any:
    """A boolean: the route uses none of the arcs of another owner."""
    others = [lit for arc, lit in arcs if arc.owner != mover]
    own = model.new_bool_var("all_own")
    if not others:
        model.add(own == 1)
        return own
    model.add(_sum(others) == 0).only_enforce_if(own)
    model.add_bool_or([own, *others])
    return own


def _pair(a: str, b: str) -> tuple[str, str]:
    """Two places in name order."""
    return (a, b) if a <= b else (b, a)


def _own_pairs(arcs: Iterable[Arc], mover: str) -> list[tuple[str, str]]:
    """The pairs of places joined by a section of the mover's."""
    return sorted({_pair(a.tail, a.head) for a in arcs if a.owner == mover})


def _forbid_chords(
    model: Any,
    own: Any,
    visited: dict[str, Any],
    between: dict[tuple[str, str], list[Any]],
    pairs: Iterable[tuple[str, str]],
) -> None:
    """An own-only route passing both places of an own section takes that section: else
    cutting out the part between them would give a shorter own-only route, with fewer places
    and so still kept to the colour restriction (goods.shortest-route). Valid for every legal
    move, so added up front; it settles most cases without a lazy forbid."""
    for u, w in pairs:
        if u in visited and w in visited:
            model.add_bool_or(
                [own.Not(), visited[u].Not(), visited[w].Not(), *between.get((u, w), [])]
            )


class LayeredRoute:
    """Position i of the route holds one place; hop i joins positions i-1 and i."""

    def __init__(self, model: Any, problem: DeliveryProblem, *, last_own: bool) -> None:
        self.model = model
        arcs, mover = problem.arcs, problem.mover
        reach: list[set[str]] = [set(problem.starts)]
        while len(reach) <= problem.max_hops:
            nxt = {a.head for a in arcs if a.tail in reach[-1]}
            if not nxt:
                break
            reach.append(nxt)
        self.top = top = len(reach) - 1
        self.x = {(i, v): model.new_bool_var(f"x{i}_{v}") for i in range(top + 1) for v in reach[i]}
        self.active = [
            model.new_constant(1),
            *(model.new_bool_var(f"a{i}") for i in range(1, top + 1)),
        ]
        self.active.append(model.new_constant(0))
        self.h: dict[tuple[int, int], Any] = {}
        for i in range(1, top + 1):
            for k, arc in enumerate(arcs):
                if arc.tail in reach[i - 1] and arc.head in reach[i]:
                    if last_own and arc.owner != mover and i == top:
                        continue  # a hop by another's section needs a hop after it
                    self.h[i, k] = model.new_bool_var(f"h{i}_{k}")
        model.add_exactly_one(self.x[0, v] for v in reach[0])
        for i in range(1, top + 1):
            hops = [(k, lit) for (j, k), lit in self.h.items() if j == i]
            model.add(_sum(lit for _, lit in hops) == self.active[i])
            model.add(_sum(self.x[i, v] for v in reach[i]) == self.active[i])
            if i < top:
                model.add_implication(self.active[i + 1], self.active[i])
            for v in reach[i]:
                model.add(_sum(lit for k, lit in hops if arcs[k].head == v) == self.x[i, v])
            for v in reach[i - 1]:
                model.add(_sum(lit for k, lit in hops if arcs[k].tail == v) <= self.x[i - 1, v])
            if last_own:
                for k, lit in hops:
                    if arcs[k].owner != mover:
                        model.add_implication(lit, self.active[i + 1])
        if top >= 1:
            model.add(self.active[1] == 1)
        places = {v for layer in reach for v in layer}
        for v in places:
            model.add_at_most_one(self.x[i, v] for i in range(top + 1) if (i, v) in self.x)
        first = 0 if problem.start_counts else 1
        for colour in {problem.colour[v] for v in places}:
            model.add_at_most_one(
                lit for (i, v), lit in self.x.items() if i >= first and problem.colour[v] == colour
            )
        self.arcs, self.mover = arcs, mover
        self.hops = _sum(self.active[1 : top + 1])
        self.points = {}
        for owner in sorted({a.owner for a in arcs}):
            own = [
                _sum(lit for (j, k), lit in self.h.items() if j == i and arcs[k].owner == owner)
                for i in range(1, top + 1)
            ]
            runs = [own[0]] if own else []
            runs += [_runs(model, own[i], own[i - 1]) for i in range(1, len(own))]
            self.points[owner] = _sum(own) + _sum(runs)
        self._own: Any = None
        self.feasible = top >= 1

    def _all_own(self) -> Any:
        if self._own is None:
            self._own = _all_own(
                self.model, ((self.arcs[k], lit) for (_, k), lit in self.h.items()), self.mover
            )
        return self._own

    def forbid_longer(self, start: str, end: str, most_hops: int) -> None:
        if (0, start) not in self.x:
            return
        for j in range(most_hops + 1, self.top + 1):
            if (j, end) in self.x:
                self.model.add_bool_or(
                    [self.x[0, start].Not(), self._all_own().Not(), self.x[j, end].Not()]
                    + ([self.active[j + 1]] if j < self.top else [])
                )

    def forbid_chords(self) -> None:
        visited: dict[str, Any] = {}
        for v in sorted({v for _, v in self.x}):
            visited[v] = self.model.new_bool_var(f"v_{v}")
            self.model.add(_sum(lit for (_, u), lit in self.x.items() if u == v) == visited[v])
        between: dict[tuple[str, str], list[Any]] = {}
        for (_, k), lit in self.h.items():
            between.setdefault(_pair(self.arcs[k].tail, self.arcs[k].head), []).append(lit)
        pairs = _own_pairs(self.arcs, self.mover)
        _forbid_chords(self.model, self._all_own(), visited, between, pairs)

    def require_end(self, end: str) -> None:
        at = [(i, lit) for (i, v), lit in self.x.items() if v == end and i >= 1]
        self.model.add_exactly_one(lit for _, lit in at)
        for i, lit in at:
            if i < self.top:
                self.model.add_implication(lit, self.active[i + 1].Not())

    def read(self, result: sv.SolveResult) -> tuple[tuple[str, ...], tuple[str, ...]]:
        route = [v for (i, v), lit in self.x.items() if i == 0 and result.true(lit)]
        owners: list[str] = []
        for i in range(1, self.top + 1):
            for (j, k), lit in self.h.items():
                if j == i and result.true(lit):
                    route.append(self.arcs[k].head)
                    owners.append(self.arcs[k].owner)
        return tuple(route), tuple(owners)


class CircuitRoute:
    """One boolean per arc; with a depot, the route closes into a circuit (``AddCircuit``)."""

    def __init__(self, model: Any, problem: DeliveryProblem, *, last_own: bool) -> None:
        self.model = model
        arcs, mover = problem.arcs, problem.mover
        places = sorted({a.tail for a in arcs} | {a.head for a in arcs})
        node = {v: i + 1 for i, v in enumerate(places)}
        self.start = {v: model.new_bool_var(f"s_{v}") for v in problem.starts}
        self.end = {v: model.new_bool_var(f"e_{v}") for v in places}
        self.skip = {v: model.new_bool_var(f"k_{v}") for v in places}
        self.lit = [model.new_bool_var(f"h{k}") for k in range(len(arcs))]
        circuit: list[tuple[int, int, Any]] = []
        circuit += [(0, node[v], lit) for v, lit in self.start.items()]
        circuit += [(node[v], 0, lit) for v, lit in self.end.items()]
        circuit += [(node[v], node[v], lit) for v, lit in self.skip.items()]
        pairs: dict[tuple[str, str], list[Any]] = {}
        for arc, lit in zip(arcs, self.lit, strict=True):
            pairs.setdefault((arc.tail, arc.head), []).append(lit)
        for (tail, head), lits in pairs.items():
            if len(lits) == 1:
                circuit.append((node[tail], node[head], lits[0]))
            else:  # several owners' sections between two places: one circuit arc for them
                either = model.new_bool_var("")
                model.add(_sum(lits) == either)
                circuit.append((node[tail], node[head], either))
        if places:
            model.add_circuit(circuit)
            model.add_exactly_one(self.start.values())
        for v in places:
            if v in self.start:
                model.add_bool_or([self.start[v].Not(), self.end[v].Not()])  # one hop at least
        into: dict[tuple[str, str], list[Any]] = {}
        out: dict[tuple[str, str], list[Any]] = {}
        for arc, lit in zip(arcs, self.lit, strict=True):
            into.setdefault((arc.head, arc.owner), []).append(lit)
            out.setdefault((arc.tail, arc.owner), []).append(lit)
        if last_own:
            for arc, lit in zip(arcs, self.lit, strict=True):
                if arc.owner != mover:
                    model.add_implication(lit, self.end[arc.head].Not())
        for colour in {problem.colour[v] for v in places}:
            same = [v for v in places if problem.colour[v] == colour]
            visited = [1 - self.skip[v] for v in same]
            if not problem.start_counts:
                visited += [-self.start[v] for v in same if v in self.start]
            model.add(_sum(visited) <= 1)
        self.arcs, self.mover = arcs, mover
        self.hops = _sum(self.lit)
        self.points = {}
        for owner in sorted({a.owner for a in arcs}):
            hops = [lit for arc, lit in zip(arcs, self.lit, strict=True) if arc.owner == owner]
            runs = [
                _runs(model, _sum(lits), _sum(into.get((v, owner), [])))
                for (v, o), lits in out.items()
                if o == owner
            ]
            self.points[owner] = _sum(hops) + _sum(runs)
        self._own: Any = None
        self.feasible = bool(self.start)

    def _all_own(self) -> Any:
        if self._own is None:
            self._own = _all_own(self.model, zip(self.arcs, self.lit, strict=True), self.mover)
        return self._own

    def forbid_longer(self, start: str, end: str, most_hops: int) -> None:
        if start in self.start:
            self.model.add(self.hops <= most_hops).only_enforce_if(
                [self.start[start], self.end[end], self._all_own()]
            )

    def forbid_chords(self) -> None:
        visited = {v: lit.Not() for v, lit in self.skip.items()}
        between: dict[tuple[str, str], list[Any]] = {}
        for arc, lit in zip(self.arcs, self.lit, strict=True):
            between.setdefault(_pair(arc.tail, arc.head), []).append(lit)
        pairs = _own_pairs(self.arcs, self.mover)
        _forbid_chords(self.model, self._all_own(), visited, between, pairs)

    def require_end(self, end: str) -> None:
        self.model.add(self.end[end] == 1)

    def read(self, result: sv.SolveResult) -> tuple[tuple[str, ...], tuple[str, ...]]:
        here = next(v for v, lit in self.start.items() if result.true(lit))
        route, owners = [here], []
        chosen = [arc for arc, lit in zip(self.arcs, self.lit, strict=True) if result.true(lit)]
        while (arc := next((a for a in chosen if a.tail == here), None)) is not None:
            here = arc.head
            route.append(here)
            owners.append(arc.owner)
        return tuple(route), tuple(owners)
