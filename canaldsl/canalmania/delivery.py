"""Every legal goods move of a player, found by exhaustive search, and the best of them.

The search follows the same rules the engine checks (completed sections, last section the
mover's own, the colour restriction, the 2nd edition's shortest-route rule), written here as a
generator of routes rather than as checks of one route.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canaldsl.budget import (
    TIMEOUT,
    UNKNOWN,
    Budget,
    OutOfBudget,
    StepCounter,
    WallClockHit,
    as_budget,
)
from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.state import GameState


@dataclass(frozen=True)
class Delivery:
    """A goods move: the places in order, whose section each hop used, and the points."""

    route: tuple[str, ...]
    owners: tuple[str, ...]
    points: tuple[tuple[str, int], ...]

    def points_for(self, colour: str) -> int:
        return dict(self.points).get(colour, 0)


def deliveries(
    state: GameState, mover: str, *, steps: StepCounter | None = None
) -> Iterator[Delivery]:
    """Every legal goods move for ``mover`` in this state (routes are simple paths).

    Each route tried is one step of ``steps`` (which raises OutOfBudget or WallClockHit when
    its budget is spent)."""
    board = state.board
    sections = state.sections()
    start_counts = state.rules.options["colour-restriction-start"] == "included"
    colour = {name: place.colour for name, place in board.places.items()}
    # the places on a route and the colours it passed as bits of two integers (a route is a
    # simple path of a few places: testing and adding a bit is cheaper than a tuple scan and
    # a new frozenset on every step of a dense network)
    place_bit = {name: 1 << i for i, name in enumerate(board.places)}
    colour_bit: dict[object, int] = {}
    for place_colour in colour.values():
        colour_bit.setdefault(place_colour, 1 << len(colour_bit))
    # each place's sections as (the place at the other end, its bit, its colour's bit, the
    # owner): the inner loop below meets every section of a dense network many times per step
    by_place: dict[str, list[tuple[str, int, int, str]]] = {}
    for section in sections:
        a, b = section.a, section.b
        by_place.setdefault(a, []).append((b, place_bit[b], colour_bit[colour[b]], section.owner))
        by_place.setdefault(b, []).append((a, place_bit[a], colour_bit[colour[a]], section.owner))
    points_of = goods_rules.delivery_points
    step = steps.step if steps is not None else None
    candidates: list[Delivery] = []
    for start in sorted(state.cubes):
        stack: list[tuple[tuple[str, ...], tuple[str, ...], int, int]] = [
            ((start,), (), place_bit[start], colour_bit[colour[start]] if start_counts else 0)
        ]
        while stack:
            route, owners, on_route, colours = stack.pop()
            for nxt, nxt_bit, nxt_colour, owner in by_place.get(route[-1], ()):
                if on_route & nxt_bit or colours & nxt_colour:
                    continue
                if step is not None:
                    step()
                new_route = (*route, nxt)
                new_owners = (*owners, owner)
                if owner == mover:
                    points = points_of(route=new_route, owners=new_owners)
                    candidates.append(
                        Delivery(new_route, new_owners, tuple(sorted(points.items())))
                    )
                stack.append((new_route, new_owners, on_route | nxt_bit, colours | nxt_colour))
    if state.rules.edition is Edition.SECOND:
        candidates = _shortest_rule(candidates, mover)
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for delivery in candidates:
        key = (delivery.route, delivery.owners)
        if key not in seen:
            seen.add(key)
            yield delivery


def _shortest_rule(candidates: list[Delivery], mover: str) -> list[Delivery]:
    """The moves left by the 2nd edition's shortest-route rule: a move on the mover's own
    sections only may not be longer than another such move between the same two places
    (linear in the moves: the shortest own move is found per pair of ends first)."""
    shortest: dict[tuple[str, str], int] = {}
    for d in candidates:
        if all(o == mover for o in d.owners):
            ends = (d.route[0], d.route[-1])
            shortest[ends] = min(shortest.get(ends, len(d.route)), len(d.route))
    return [
        d
        for d in candidates
        if not all(o == mover for o in d.owners)
        or len(d.route) <= shortest[(d.route[0], d.route[-1])]
    ]


def _key(d: Delivery, mover: str) -> tuple[object, ...]:
    return (-d.points_for(mover), len(d.route), d.route, d.owners)


def best_delivery(state: GameState, mover: str) -> Delivery | None:
    """The legal move scoring most for the mover (ties: fewer places, then alphabetical)."""
    return min(deliveries(state, mover), key=lambda d: _key(d, mover), default=None)


@dataclass(frozen=True)
class DeliverySearch:
    """The best move the exact search found within its budget: ``stopped`` is None when every
    move was tried (the answer is proven best), UNKNOWN when the budget ran out and TIMEOUT
    when the wall-clock safety limit did (``delivery`` is then None: the moves are judged
    only once all are known, so nothing unproven is offered)."""

    delivery: Delivery | None
    moves: tuple[Delivery, ...]
    stopped: str | None


def search_best_delivery(
    state: GameState, mover: str, *, budget: Budget | float | None = None
) -> DeliverySearch:
    """The best move (as :func:`best_delivery`) within a work ``budget`` (one step per route
    tried; :mod:`canaldsl.budget`), with every legal move (in the order of :func:`deliveries`)."""
    work = as_budget(budget)
    counter = StepCounter(work)
    try:
        moves = tuple(deliveries(state, mover, steps=counter))
    except (OutOfBudget, WallClockHit) as exc:
        counter.close()
        return DeliverySearch(None, (), TIMEOUT if isinstance(exc, WallClockHit) else UNKNOWN)
    counter.close()
    best = min(moves, key=lambda d: _key(d, mover), default=None)
    return DeliverySearch(best, moves, None)
