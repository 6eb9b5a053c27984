"""Best builds by exact depth-first search, in plain Python.

What "best build" means is said in :mod:`canaldsl.canalmania.bestbuild`. This module holds what
both engines share — the description of a build problem taken from a game state
(:class:`BuildProblem`), lower bounds on the tiles still needed to finish each canal, the exact
completability test (:func:`still_completable`) and the fewest cards paying for a list of tiles
(:func:`pay`) — and the exact search itself (:func:`search_best_build`).

The search walks each open canal from its barge, hex by hex, trying every tile kind the terrain
allows and every place next to the end of the canal, and keeps the best build found. Each step
follows the rules the engine checks (adjacency, terrain, consecutive tiles within a section
under either reading of the switch consecutive-tiles, canal integrity, contract length, tile
supply, via places before the far endpoint, cards from the hand). It prunes a branch when

* the canal could no longer be completed: the fewest tiles from its end through its remaining
  via places to its far endpoint exceed the tiles its value still allows (a lower bound
  computed once per canal, backwards from the goal; every build kept passes the exact test);
* the hand cannot pay for the tiles (surveyors as wild cards, Brindley's stretches for locks,
  Smeaton's doubled surveyors counted optimistically; the exact payment of every build kept is
  computed by a dynamic programme over its tiles);
* an upper bound on what the branch can still score — the canal's completion, the best tile
  points the terrain ahead allows within the tiles left (a dynamic programme over walks with
  no two tiles of one kind in a row in a section), and the points the cards left can pay for —
  cannot beat the best build so far, or can only equal it with at least as many cards.

With two open canals the second canal's best build is searched for every way of building the
first, and remembered by what the first one used (its cards and supply; its new hexes only
when the second canal's best build would go on top of them).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from canaldsl.budget import TIMEOUT, Budget, OutOfBudget, StepCounter, WallClockHit
from canaldsl.budget import UNKNOWN as UNKNOWN_STOP
from canaldsl.canalmania.bounds import PointBounds
from canaldsl.canalmania.components import (
    TILE_POINTS,
    CardKind,
    TileKind,
)
from canaldsl.canalmania.distances import adjacency
from canaldsl.canalmania.payment import (
    _KIND_INDEX,
    Payment,
    _demand,
    _natural_ok,
    pay,
)
from canaldsl.canalmania.problem import (
    INF,
    BuildProblem,
    CanalTask,
    Identity,
    RouteItem,
    TileCost,
    tile_cost,
)
from canaldsl.canalmania.routes import still_completable
from canaldsl.hexgrid import Hex

# ------------------------------------------------------------------ the problem


# ------------------------------------------------------------------ paying for tiles


# ------------------------------------------------------------------ results


@dataclass(frozen=True)
class Found:
    """A build found by a search: the route items of each canal, its worth and its cards."""

    lines: tuple[tuple[RouteItem, ...], ...]
    completes: tuple[bool, ...]
    points: int
    points_now: int
    cards: int
    costs: tuple[TileCost, ...]

    @property
    def identity(self) -> Identity:
        return tuple(
            (tuple(x for x in line if not isinstance(x, str)), done)
            for line, done in zip(self.lines, self.completes, strict=True)
        )


@dataclass(frozen=True)
class SearchResult:
    found: Found | None
    """The best build; None only when every build is forbidden (the empty one included)."""
    optimal: bool
    bound: int
    nodes: int
    seconds: float
    stopped: str | None = None
    """Why it stopped before finishing: UNKNOWN (the budget) or TIMEOUT (the wall clock)."""


# ------------------------------------------------------------------ the search


@dataclass(frozen=True)
class _Prior:
    """A build of the canals searched so far (for the search of the next canal)."""

    costs: tuple[TileCost, ...] = ()
    hexes: frozenset[Hex] = frozenset()
    supply: tuple[int, int, int, int] = (0, 0, 0, 0)
    points: int = 0
    points_now: int = 0
    tile_points: int = 0
    lines: tuple[tuple[RouteItem, ...], ...] = ()
    completes: tuple[bool, ...] = ()

    def identity(self) -> Identity:
        return Found(self.lines, self.completes, 0, 0, 0, ()).identity


_Suffix = tuple[tuple[RouteItem, ...], bool, int, int, int, tuple[TileCost, ...]]
"""The last canal's part of a build: line, completed, points, points now, cards (of the whole
build), its tile costs."""


_UNPAID = Payment((), -1)
"""Marks a build's costs not yet paid in :attr:`_Searcher.payments` (None is "cannot pay")."""


def _better(a: Found, b: Found | None) -> bool:
    return b is None or a.points > b.points or (a.points == b.points and a.cards < b.cards)


@dataclass
class _Searcher:
    problem: BuildProblem
    counter: StepCounter
    forbidden: Identity | None = None
    nodes: int = 0
    best_seen: Found | None = None
    memo: dict[object, _Suffix | None] = field(default_factory=dict)
    offset: tuple[int, int] = (0, 0)
    """Points (all, now) of the first canal's build while the last canal is searched."""
    payments: dict[tuple[TileCost, ...], Payment | None] = field(default_factory=dict)
    """:func:`pay` of each build's tile costs, once (the hand and engineer are the problem's:
    the same costs come back in about three builds of four; ``pay`` counts no steps, so the
    budget is spent as before)."""
    completable: dict[tuple[int, tuple[Hex | str, ...]], bool] = field(default_factory=dict)
    """:func:`still_completable` of each line, once, by canal and the hexes and places of the
    line in order (its tiles' kinds aside: the test asks only where the line ends, what it
    holds and how many tiles it used; about five lines in six differ from one met before only
    in their kinds). A pure function of those and the problem's board; it counts no steps,
    so the budget is spent as before."""

    def __post_init__(self) -> None:
        self.bounds = PointBounds(self.problem, self.counter)
        self.card_points = self.bounds.card_points

    def tick(self) -> None:
        self.nodes += 1
        self.counter.step()

    def still_completable(self, task: CanalTask, items: list[RouteItem]) -> bool:
        key = (task.index, tuple(x if isinstance(x, str) else x[0] for x in items))
        known = self.completable.get(key)
        if known is None:
            known = self.completable[key] = still_completable(self.problem, task, items)
        return known

    # -------------------------------------------------------------- the whole build
    def run(self) -> Found | None:
        canals = self.problem.canals
        if not canals:
            return None if self.forbidden == () else Found((), (), 0, 0, 0, ())
        if len(canals) == 1:
            found = self.search_canal(canals[0], _Prior(), self.evaluate_last, 0)
        else:
            first = canals[0]
            alone = self.last_after(_Prior(lines=((),), completes=(False,)), check=False)
            later = alone[2] if alone is not None else 0
            found = self.search_canal(first, _Prior(), self.evaluate_first, later)
        return found

    def evaluate_last(self, build: _Prior) -> Found | None:
        """A whole build: kept if the hand pays for it and it is not the forbidden one."""
        if self.forbidden is not None and build.identity() == self.forbidden:
            return None
        payment = self.payments.get(build.costs, _UNPAID)
        if payment is _UNPAID:
            payment = pay(build.costs, self.problem.hand, self.problem.engineer)
            self.payments[build.costs] = payment
        if payment is None:
            return None
        found = Found(
            build.lines,
            build.completes,
            build.points,
            build.points_now,
            payment.physical,
            build.costs,
        )
        whole = Found(
            found.lines,
            found.completes,
            found.points + self.offset[0],
            found.points_now + self.offset[1],
            found.cards,
            found.costs,
        )
        if _better(whole, self.best_seen):
            self.best_seen = whole
        return found

    def evaluate_first(self, build: _Prior) -> Found | None:
        """The first canal's build, completed by the best build of the second after it."""
        suffix = self.last_after(build, check=True)
        if suffix is None:
            return None
        line, done, points, now, cards, costs = suffix
        return Found(
            (*build.lines, line),
            (*build.completes, done),
            build.points + points,
            build.points_now + now,
            cards,
            (*build.costs, *costs),
        )

    def last_after(self, build: _Prior, check: bool) -> _Suffix | None:
        """The best build of the last canal after ``build`` of the first (remembered by what
        the first used; its new hexes matter only where the last canal builds on top of
        them, so the answer found as if they were free is kept when it does not)."""
        problem = self.problem
        last = problem.canals[-1]
        forbid = check and self.forbidden is not None and build.identity() == self.forbidden[:1]
        used: object = build.costs if problem.smeaton else tuple(_demand(build.costs))
        free = self.suffix(build, (used, frozenset(), forbid, check), frozenset(), forbid)
        hexes = build.hexes & last.region
        if free is None or not hexes:
            return free
        if not any(not isinstance(x, str) and x[0] in hexes for x in free[0]):
            return free
        return self.suffix(build, (used, hexes, forbid, check), hexes, forbid)

    def suffix(
        self, build: _Prior, key: object, hexes: frozenset[Hex], forbid: bool
    ) -> _Suffix | None:
        if key in self.memo:
            return self.memo[key]
        base = _Prior(
            costs=build.costs,
            hexes=hexes,
            supply=build.supply,
            points=0,
            points_now=0,
            tile_points=build.tile_points,
            lines=build.lines,
            completes=build.completes,
        )
        saved = self.forbidden
        if not forbid:
            self.forbidden = None
        self.offset = (build.points, build.points_now)
        try:
            found = self.search_canal(self.problem.canals[-1], base, self.evaluate_last, 0)
        finally:
            self.forbidden = saved
            self.offset = (0, 0)
        result: _Suffix | None = None
        if found is not None:
            n = len(build.costs)
            result = (
                found.lines[-1],
                found.completes[-1],
                found.points,
                found.points_now,
                found.cards,
                found.costs[n:],
            )
        self.memo[key] = result
        return result

    # -------------------------------------------------------------- one canal
    def search_canal(
        self,
        task: CanalTask,
        prior: _Prior,
        evaluate: Callable[[_Prior], Found | None],
        later_bound: int,
    ) -> Found | None:
        """Depth-first search over the builds of one canal after ``prior`` (the earlier
        canals' build); each is made a whole build by ``evaluate``. Returns the best."""
        problem = self.problem
        board = problem.board
        adj = adjacency(board)
        hand = problem.hand
        supply = problem.supply
        edition = problem.edition
        engineer = problem.engineer
        smeaton = problem.smeaton
        brindley = problem.brindley
        surveyors = hand.get(CardKind.SURVEYOR, 0)
        budget = task.budget
        completion_base = task.old_points + task.bonus
        best: list[Found | None] = [None]
        prior_slots: Counter[int] = Counter()
        for c in prior.costs:
            prior_slots[c.canal] += c.slots
        prior_pairs = sum(n // 2 for n in prior_slots.values())
        prior_cards = sum(prior_slots.values())

        items: list[RouteItem] = []
        costs: list[TileCost] = []
        hexes: list[Hex] = []
        demand = _demand(prior.costs)
        supply_used = list(prior.supply)
        # the tiles of the section being built (consecutive-tiles = neighbouring-hexes)
        section: list[tuple[Hex, TileKind]] = list(task.section if task.at_place is None else ())

        def pairs(slots: int) -> int:
            return min(surveyors, prior_pairs + slots // 2) if smeaton else 0

        # what the inner loop asks again and again, made once per canal searched: a tile's
        # cost by kind and overbuilding (tile_cost of the same arguments: equal values), the
        # hand's cards by kind (read by the payment's necessary condition), the fewest tiles
        # to finish from a hex (task.finish_tile's own lookup, without its mapping's wrapper)
        cost_of: dict[tuple[TileKind, bool], TileCost] = {}
        held = {kind: hand.get(kind, 0) for kind in CardKind}
        finish_tile = task.finish.tile if task.finish is not None else None

        def consider(points: int, now: int, completed: bool, slots: int, tile_points: int) -> None:
            incumbent = best[0]
            if incumbent is not None:
                ub = prior.points + points + later_bound
                cards_lb = prior_cards + slots - pairs(slots)
                if ub < incumbent.points or (
                    ub == incumbent.points and cards_lb >= incumbent.cards
                ):
                    return
            if items and not completed and not self.still_completable(task, items):
                return
            build = _Prior(
                costs=(*prior.costs, *costs),
                hexes=prior.hexes | frozenset(hexes),
                supply=(supply_used[0], supply_used[1], supply_used[2], supply_used[3]),
                points=prior.points + points,
                points_now=prior.points_now + now,
                tile_points=prior.tile_points + tile_points,
                lines=(*prior.lines, tuple(items)),
                completes=(*prior.completes, completed),
            )
            found = evaluate(build)
            if found is not None and _better(found, best[0]):
                best[0] = found

        def rec(
            end: Hex, at_place: bool, last: TileKind | None, mask: int, points: int, slots: int
        ) -> None:
            self.tick()
            consider(points, 0, False, slots, points)
            left = budget - len(costs)
            if not at_place:
                for name in adj.places[end]:
                    if task.is_goal(name, mask):
                        kinds = [c.kind for c in costs]
                        total = task.completion_points(kinds, edition)
                        items.append(name)
                        self.tick()
                        consider(total, total, True, slots, points)
                        items.pop()
                    elif task.may_pass(name) and name not in items:
                        new_mask = mask & ~task.via_bit(name)
                        if task.finish_place.get((name, new_mask), INF) > left:
                            continue
                        items.append(name)
                        before, section[:] = section[:], []
                        rec(board.places[name].hex, True, None, new_mask, points, slots)
                        section[:] = before
                        items.pop()
            if left <= 0:
                return
            after = left - 1
            cards_left = self.card_points - prior.tile_points
            for n in adj.hexes[end]:
                if n in task.own or n in hexes:
                    continue
                if finish_tile is not None:
                    finish = finish_tile(n, mask)
                else:
                    finish = task.finish_tile.get((n, mask), INF)
                if finish > after:
                    continue
                over = n in task.occupied or n in prior.hexes
                for kind in adj.kinds[n]:
                    if kind is last and not at_place:
                        continue
                    if task.touches_alike(section, n, kind):
                        continue
                    ki = _KIND_INDEX[kind]
                    if supply_used[ki] >= supply[kind]:
                        continue
                    cost = cost_of.get((kind, over))
                    if cost is None:
                        cost = cost_of[kind, over] = tile_cost(task.index, kind, over, engineer)
                    demand[ki] += cost.main
                    demand[4] += cost.extra
                    new_slots = slots + cost.slots
                    if _natural_ok(demand, held, surveyors + pairs(new_slots), brindley):
                        new_points = points + TILE_POINTS[kind]
                        incumbent = best[0]
                        go = True
                        if incumbent is not None:
                            future = min(
                                self.bounds.geo_at(task, (n, kind), after), cards_left - new_points
                            )
                            ub = prior.points + new_points + max(future, 0) + later_bound
                            if finish <= after:
                                ub += completion_base
                            cards_lb = prior_cards + new_slots - pairs(new_slots)
                            go = ub > incumbent.points or (
                                ub == incumbent.points and cards_lb < incumbent.cards
                            )
                        if go:
                            items.append((n, kind))
                            costs.append(cost)
                            hexes.append(n)
                            supply_used[ki] += 1
                            section.append((n, kind))
                            rec(n, False, kind, mask, new_points, new_slots)
                            section.pop()
                            supply_used[ki] -= 1
                            hexes.pop()
                            costs.pop()
                            items.pop()
                    demand[ki] -= cost.main
                    demand[4] -= cost.extra

        rec(task.end_hex, task.at_place is not None, task.last_kind, task.full_mask, 0, 0)
        return best[0]


def search_best_build(
    problem: BuildProblem,
    *,
    budget: Budget | None = None,
    forbidden: Identity | None = None,
) -> SearchResult:
    """The best build by exhaustive search with bounds (see the module docstring).

    With ``forbidden``, the best build other than that one. When the budget (its steps, see
    :mod:`canaldsl.budget`) is spent, or its wall-clock limit hit, the best build found so far
    is returned with ``optimal`` False and ``stopped`` saying which."""
    started = time.monotonic()
    counter = StepCounter(budget)
    searcher = _Searcher(problem, counter, forbidden)
    bound = INF
    found: Found | None
    stopped: str | None = None
    try:
        bound = searcher.bounds.root_bound()
        found = searcher.run()
        optimal = True
    except (OutOfBudget, WallClockHit) as exc:
        stopped = TIMEOUT if isinstance(exc, WallClockHit) else UNKNOWN_STOP
        if bound >= INF:  # out of budget before the bound: the cards' and completions'
            bound = searcher.bounds.coarse_bound()
        found = searcher.best_seen
        if found is None and forbidden is None:
            found = Found(
                tuple(() for _ in problem.canals), tuple(False for _ in problem.canals), 0, 0, 0, ()
            )
        optimal = False
    if optimal and found is not None:
        bound = found.points
    counter.close()
    seconds = time.monotonic() - started
    return SearchResult(found, optimal, bound, searcher.nodes, seconds, stopped)
