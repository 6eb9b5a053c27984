"""The best delivery by python-constraint2: an encoding apart from the CP-SAT model, to check it.

Every route of up to the longest possible number of hops is a solution of a constraint problem
(each hop a place, joined by a section, the colour restriction, the last section the mover's
own); the best one is picked by the points it scores.
"""

from __future__ import annotations

import itertools

from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania.delivery import Delivery
from canaldsl.canalmania.deliveryproblem import DeliveryProblem, delivery_problem
from canaldsl.canalmania.state import GameState

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
    # a hop's arc starts where an arc of the hop before can end (what ``joined`` below asks of
    # every solution): the domains keep only those arcs, in their order, so the solver's
    # forward checks look at fewer values; the solutions are the same
    reachable = first
    for name in names[1:]:
        heads = {arcs[k].head for k in reachable}
        reachable = [k for k, a in enumerate(arcs) if a.tail in heads]
        csp.addVariable(name, [END, *reachable])

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
