"""The best goods move of a player as a CP-SAT model, proven optimal; and the same question put
to python-constraint2, a second solver for small cases.

A move is a cube's place, then the places the cube passes in order, each reached by one
completed section of any player (goods.cube-at-start, goods.completed-sections). The model
keeps the rules of :mod:`canaldsl.canalmania.checks_goods` as the engine plays them:

* the route never passes a place twice, nor two places of one colour, the starting place
  counted unless the option ``colour-restriction-start`` is ``excluded``
  (goods.colour-restriction);
* the last section is the mover's own (goods.last-section-own);
* 2nd edition: a move running on the mover's own sections only passes no more places than the
  shortest such route between the same two places, itself kept to the colour restriction
  (goods.shortest-route, DE "Alternative Streckenwahl");
* every player scores one point per place at which the cube is on one of their sections, and
  both players score a place where the cube changes from one's sections to the other's
  (score.delivery): ``hops of o + runs of o`` for each owner ``o``.

The objective is ``W * mover's points - hops`` (W above any number of hops): the most points,
then the fewest places, as :func:`canaldsl.canalmania.delivery.best_delivery` breaks ties.

Two formulations of the route, both exact (``formulation=``):

* ``circuit`` (the default): one boolean per section and direction, closed into a circuit
  through a depot (depot to the cube's place, the last place back to the depot, a self-loop
  on every place left out) with ``AddCircuit``;
* ``layered``: a boolean ``x[i, place]`` for "the i-th place of the route", ``h[i, arc]`` for
  "hop i uses this section in this direction", positions pruned to the places reachable from a
  cube in i hops; at most as many hops as the colour restriction allows.

On the built-in board with every canal built (``bench/bench_delivery.py``) the circuit model
takes about 7 ms of CPU (median) and the layered one about 12 ms, with worse maxima; CP-SAT's
presolve and linear relaxation, off here (:data:`SETTINGS`), would double the circuit's time.
The exhaustive search of :mod:`canaldsl.canalmania.delivery` stays the fast path (well under
1 ms): CP-SAT is the independent proof.

The shortest-route rule says something about every other route, so it is not one constraint
of the model. Up front, the model forbids what always breaks it: an own-only route passing
both places of an own section without taking it (cutting the detour short is shorter and
keeps to the colour restriction). The rest is added lazily: when the optimum runs on own
sections only, a second CP-SAT model (own sections only, the same start and end, fewest hops)
proves the shortest own route; if that is shorter, the model forbids own-only routes from
that start to that end with more hops, and is solved again. Every forbid removes only illegal
moves, so the last optimum is the optimum of the full rules. python-constraint2's version
enumerates every route and applies the rule to the list.

Every solve runs with one worker and a fixed seed (:mod:`canaldsl.solver`).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from canaldsl import solver as sv
from canaldsl.budget import Budget, as_budget
from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.delivery import Delivery
from canaldsl.canalmania.state import GameState

Formulation = Literal["layered", "circuit"]
FORMULATIONS: tuple[Formulation, ...] = ("circuit", "layered")

SETTINGS: Mapping[str, bool | int | float] = {"cp_model_presolve": False, "linearization_level": 0}
"""CP-SAT parameters of every delivery solve: these models are small, and presolve and the
linear relaxation cost more than they save (measured in bench/bench_delivery.py)."""


@dataclass(frozen=True)
class Arc:
    """A completed section used in one direction."""

    tail: str
    head: str
    owner: str


@dataclass(frozen=True)
class DeliveryProblem:
    """What every solver needs: the arcs, where cubes are, colours, the rules that apply."""

    mover: str
    arcs: tuple[Arc, ...]
    starts: tuple[str, ...]
    colour: dict[str, str]
    start_counts: bool
    shortest_rule: bool

    @property
    def max_hops(self) -> int:
        """The most hops the colour restriction and the number of places allow."""
        places = {a.tail for a in self.arcs} | {a.head for a in self.arcs}
        colours = len({self.colour[p] for p in places})
        return min(len(places) - 1, colours - 1 if self.start_counts else colours)


def delivery_problem(state: GameState, mover: str) -> DeliveryProblem:
    """The problem of ``mover``'s goods move: both directions of every completed section (two
    sections of one owner between the same places give the same move, so one arc)."""
    arcs: dict[tuple[str, str, str], Arc] = {}
    for section in state.sections():
        for tail, head in ((section.a, section.b), (section.b, section.a)):
            arcs.setdefault((tail, head, section.owner), Arc(tail, head, section.owner))
    tails = {a.tail for a in arcs.values()}
    return DeliveryProblem(
        mover=mover,
        arcs=tuple(arcs[k] for k in sorted(arcs)),
        starts=tuple(sorted(p for p in state.cubes if p in tails)),
        colour={name: place.colour for name, place in state.board.places.items()},
        start_counts=state.rules.options["colour-restriction-start"] == "included",
        shortest_rule=state.rules.edition is Edition.SECOND,
    )


@dataclass(frozen=True)
class DeliveryAnswer:
    """The best move CP-SAT found, and what is proven about it.

    ``status`` is OPTIMAL (no legal move scores more for the mover; among equals, none passes
    fewer places), INFEASIBLE (proven: the mover has no legal move), FEASIBLE (a move, the
    time limit hit before the proof) or UNKNOWN (no move found in time). ``bound`` is a proven
    upper bound on the mover's points (None when unknown). ``solves`` counts the CP-SAT solves,
    the shortest-own-route ones included."""

    player: str
    delivery: Delivery | None
    status: str
    bound: int | None
    seconds: float
    solves: int
    formulation: Formulation
    stopped: str | None = None
    """Why the solve stopped early: UNKNOWN (the budget) or TIMEOUT (the wall clock)."""

    @property
    def points(self) -> int:
        return self.delivery.points_for(self.player) if self.delivery is not None else 0

    @property
    def proven(self) -> bool:
        return self.status in (sv.OPTIMAL, sv.INFEASIBLE)


class _Route(Protocol):
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


class _Layered:
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


class _Circuit:
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


_FORMULATIONS: dict[str, Callable[..., _Route]] = {
    "layered": _Layered,
    "circuit": _Circuit,
}


def _shortest_own(
    problem: DeliveryProblem,
    start: str,
    end: str,
    formulation: Formulation,
    budget: Budget | None,
    settings: Mapping[str, bool | int | float],
) -> int | None:
    """The fewest hops of a route from start to end on the mover's own sections, kept to the
    colour restriction (None when unproven within the budget), proven by CP-SAT."""
    own = DeliveryProblem(
        mover=problem.mover,
        arcs=tuple(a for a in problem.arcs if a.owner == problem.mover),
        starts=(start,),
        colour=problem.colour,
        start_counts=problem.start_counts,
        shortest_rule=False,
    )
    model = sv.new_model()
    route = _FORMULATIONS[formulation](model, own, last_own=False)
    route.require_end(end)
    model.minimize(route.hops)
    result = sv.solve(model, budget=budget, settings=settings)
    return result.value(route.hops) if result.status == sv.OPTIMAL else None


def best_delivery_cpsat(
    state: GameState,
    mover: str,
    *,
    formulation: Formulation = "circuit",
    budget: Budget | float | None = None,
    settings: Mapping[str, bool | int | float] = SETTINGS,
) -> DeliveryAnswer:
    """The goods move scoring most for ``mover`` (then passing the fewest places), solved by
    CP-SAT with one worker and a fixed seed, with its proof status (see :class:`DeliveryAnswer`).
    ``budget`` (work units, :mod:`canaldsl.budget`) is shared by every solve, the
    shortest-route ones included; ``settings``: further CP-SAT parameters (see
    :data:`SETTINGS`)."""
    started = time.monotonic()
    work = as_budget(budget)
    problem = delivery_problem(state, mover)
    weight = problem.max_hops + 1
    model = sv.new_model()
    route = _FORMULATIONS[formulation](model, problem, last_own=True)
    if not route.feasible:  # no cube next to a completed section: nothing to move
        return DeliveryAnswer(
            mover, None, sv.INFEASIBLE, 0, time.monotonic() - started, 0, formulation
        )
    if problem.shortest_rule:
        route.forbid_chords()
    points = route.points.get(mover, 0)
    model.maximize(weight * points - route.hops)
    shortest: dict[tuple[str, str], int] = {}
    solves = 0

    while True:
        result = sv.solve(model, budget=work, settings=settings)
        solves += 1
        seconds = time.monotonic() - started
        if not result.has_solution:
            bound = 0 if result.status == sv.INFEASIBLE else _points_bound(result.bound, weight)
            return DeliveryAnswer(
                mover, None, result.status, bound, seconds, solves, formulation, result.stopped
            )
        places, owners = route.read(result)
        if problem.shortest_rule and all(o == mover for o in owners):
            key = (places[0], places[-1])
            if key not in shortest:
                fewest = _shortest_own(problem, *key, formulation, work, settings)
                solves += 1
                if fewest is None:  # the budget ran out in the shortest-route proof
                    bound = _points_bound(result.bound, weight)
                    seconds = time.monotonic() - started
                    stop = work.stop_reason() or sv.UNKNOWN
                    return DeliveryAnswer(
                        mover, None, stop, bound, seconds, solves, formulation, stop
                    )
                shortest[key] = fewest
                if fewest < len(owners):
                    route.forbid_longer(*key, fewest)
                    continue
        scored = {o: result.value(p) for o, p in route.points.items() if result.value(p)}
        delivery = Delivery(places, owners, tuple(sorted(scored.items())))
        status = sv.OPTIMAL if result.status == sv.OPTIMAL else sv.FEASIBLE
        bound = _points_bound(result.bound, weight)
        return DeliveryAnswer(
            mover, delivery, status, bound, seconds, solves, formulation, result.stopped
        )


def _points_bound(bound: float | None, weight: int) -> int | None:
    """The mover's points bound from the objective's (``weight * points - hops``, hops >= 1)."""
    if bound is None:
        return None
    return int((bound + weight - 1 + 1e-6) // weight)


# ------------------------------------------------------------------ python-constraint2

END = -1
"""The value of a hop variable when the route has already ended."""


def best_delivery_csp(state: GameState, mover: str) -> Delivery | None:
    """The goods move scoring most for ``mover`` (ties: fewer places, then alphabetical), by
    python-constraint2: every legal route is a solution of a constraint problem over the hops,
    and the shortest-route rule is applied to the list of solutions. For small cases and tests
    (python-constraint2 is only in the ``test`` extra; it is imported here, not with the module).
    """
    problem = delivery_problem(state, mover)
    moves = list(csp_routes(problem))
    if problem.shortest_rule:
        fewest: dict[tuple[str, str], int] = {}
        for places, owners in moves:
            if all(o == mover for o in owners):
                ends = (places[0], places[-1])
                fewest[ends] = min(fewest.get(ends, len(places)), len(places))
        moves = [
            (places, owners)
            for places, owners in moves
            if not all(o == mover for o in owners) or len(places) <= fewest[(places[0], places[-1])]
        ]
    best: tuple[tuple[int, int, tuple[str, ...], tuple[str, ...]], Delivery] | None = None
    for places, owners in moves:
        points = goods_rules.delivery_points(route=places, owners=owners)
        delivery = Delivery(places, owners, tuple(sorted(points.items())))
        key = (-points.get(mover, 0), len(places), places, owners)
        if best is None or key < best[0]:
            best = (key, delivery)
    return best[1] if best is not None else None


def csp_routes(problem: DeliveryProblem) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every route the colour restriction and the last-section rule allow (not the shortest-
    route rule), as (places, owners), by python-constraint2.

    Variables ``hop1 .. hopK`` (K: the most hops the colour restriction allows) take the index
    of an arc or END; binary constraints join consecutive hops, keep the route's places and
    colours distinct and make the last arc the mover's."""
    from constraint import Problem  # type: ignore[import-untyped]

    arcs, mover, colour = problem.arcs, problem.mover, problem.colour
    top = problem.max_hops
    if top < 1 or not problem.starts:
        return []
    csp = Problem()
    names = [f"hop{i}" for i in range(1, top + 1)]
    first = [k for k, a in enumerate(arcs) if a.tail in problem.starts]
    if not first:
        return []
    csp.addVariable(names[0], first)
    for name in names[1:]:
        csp.addVariable(name, [END, *range(len(arcs))])

    def joined(before: int, after: int) -> bool:
        return after == END or (before != END and arcs[before].head == arcs[after].tail)

    def last_own(before: int, after: int) -> bool:
        return before == END or after != END or arcs[before].owner == mover

    def apart(before: int, after: int) -> bool:
        if before == END or after == END:
            return True
        a, b = arcs[before].head, arcs[after].head
        return a != b and colour[a] != colour[b]

    def from_start(start_hop: int, later: int) -> bool:
        if later == END:
            return True
        start, head = arcs[start_hop].tail, arcs[later].head
        return head != start and (not problem.start_counts or colour[head] != colour[start])

    for before, after in itertools.pairwise(names):
        csp.addConstraint(joined, (before, after))
        csp.addConstraint(last_own, (before, after))
    csp.addConstraint(lambda hop: hop == END or arcs[hop].owner == mover, (names[-1],))
    for i, a in enumerate(names):
        csp.addConstraint(from_start, (names[0], a))
        for b in names[i + 1 :]:
            csp.addConstraint(apart, (a, b))
    out = []
    for solution in csp.getSolutionIter():
        hops = [arcs[solution[n]] for n in names if solution[n] != END]
        places = (hops[0].tail, *(h.head for h in hops))
        out.append((places, tuple(h.owner for h in hops)))
    return out
