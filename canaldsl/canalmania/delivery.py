"""Every legal goods move of a player, found by exhaustive search, and the best of them.

The search follows the same rules the engine checks (completed sections, last section the
mover's own, the colour restriction, the 2nd edition's shortest-route rule), written here as a
generator of routes rather than as checks of one route.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.state import GameState, Section


@dataclass(frozen=True)
class Delivery:
    """A goods move: the places in order, whose section each hop used, and the points."""

    route: tuple[str, ...]
    owners: tuple[str, ...]
    points: tuple[tuple[str, int], ...]

    def points_for(self, colour: str) -> int:
        return dict(self.points).get(colour, 0)


def deliveries(state: GameState, mover: str) -> Iterator[Delivery]:
    """Every legal goods move for ``mover`` in this state (routes are simple paths)."""
    board = state.board
    sections = state.sections()
    start_counts = state.rules.options["colour-restriction-start"] == "included"
    by_place: dict[str, list[Section]] = {}
    for section in sections:
        by_place.setdefault(section.a, []).append(section)
        by_place.setdefault(section.b, []).append(section)
    candidates: list[Delivery] = []
    for start in sorted(state.cubes):
        stack: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((start,), ())]
        while stack:
            route, owners = stack.pop()
            here = route[-1]
            for section in by_place.get(here, []):
                nxt = section.other(here)
                if nxt in route:
                    continue
                counted = route if start_counts else route[1:]
                if board.places[nxt].colour in {board.places[p].colour for p in counted}:
                    continue
                new_route = (*route, nxt)
                new_owners = (*owners, section.owner)
                if section.owner == mover:
                    points = goods_rules.delivery_points(route=new_route, owners=new_owners)
                    candidates.append(
                        Delivery(new_route, new_owners, tuple(sorted(points.items())))
                    )
                stack.append((new_route, new_owners))
    if state.rules.edition is Edition.SECOND:
        candidates = [
            d for d in candidates if not _longer_than_own_alternative(d, candidates, mover)
        ]
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for delivery in candidates:
        key = (delivery.route, delivery.owners)
        if key not in seen:
            seen.add(key)
            yield delivery


def _longer_than_own_alternative(d: Delivery, all_moves: list[Delivery], mover: str) -> bool:
    if not all(o == mover for o in d.owners):
        return False
    return any(
        other.route[0] == d.route[0]
        and other.route[-1] == d.route[-1]
        and all(o == mover for o in other.owners)
        and len(other.route) < len(d.route)
        for other in all_moves
    )


def best_delivery(state: GameState, mover: str) -> Delivery | None:
    """The legal move scoring most for the mover (ties: fewer places, then alphabetical)."""
    best: Delivery | None = None
    for d in deliveries(state, mover):
        key = (-d.points_for(mover), len(d.route), d.route, d.owners)
        if best is None or key < (
            -best.points_for(mover),
            len(best.route),
            best.route,
            best.owners,
        ):
            best = d
    return best
