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

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from canaldsl import solver as sv
from canaldsl.budget import Budget, as_budget
from canaldsl.canalmania.delivery import Delivery
from canaldsl.canalmania.deliveryproblem import (
    DeliveryProblem,
    delivery_problem,
)
from canaldsl.canalmania.deliveryroutes import CircuitRoute, LayeredRoute, RouteEncoding
from canaldsl.canalmania.state import GameState

Formulation = Literal["layered", "circuit"]
FORMULATIONS: tuple[Formulation, ...] = ("circuit", "layered")

SETTINGS: Mapping[str, bool | int | float] = {"cp_model_presolve": False, "linearization_level": 0}
"""CP-SAT parameters of every delivery solve: these models are small, and presolve and the
linear relaxation cost more than they save (measured in bench/bench_delivery.py)."""


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


_FORMULATIONS: dict[str, Callable[..., RouteEncoding]] = {
    "layered": LayeredRoute,
    "circuit": CircuitRoute,
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
