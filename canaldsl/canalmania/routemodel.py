"""Whether a simple route through every via place left completes a canal: a CP-SAT circuit.

The last resort of :func:`canaldsl.canalmania.routes.route_exists` (two or more via places
left, the searches out of steps). The route is a circuit: from the barge over tiles and places
to the far endpoint, closed by an arc back to the barge; the barge, every via place left and
the far endpoint are on it, each other tile and passable place may be left out (a self-loop).
Arcs join a tile to the tiles and places next to it, and a place to the tiles next to it (a
tile between any two places); held hexes and places, and the canal's own, are not nodes. The
tiles on the circuit are at most the tiles left. Only hexes whose walk from the barge plus
their walk to the far endpoint fit the tiles left are nodes.

The model is one AddCircuit over a few thousand nodes at most (the board is at most 100 x
100), built and solved within a work budget (:mod:`canaldsl.budget`); None when it is spent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from canaldsl import solver as sv
from canaldsl.budget import Budget
from canaldsl.canalmania.board import Board
from canaldsl.graphpaths import costs_within
from canaldsl.hexgrid import Hex

Node = Hex | str

ARCS_PER_UNIT = 20_000
"""Arcs of the circuit built in Python per work unit (charged to the budget)."""


def circuit_route_exists(
    board: Board,
    *,
    start: Node,
    far: str,
    vias: Iterable[str],
    left: int,
    tiles_near: Callable[[Hex], Iterable[Hex]],
    places_near: Callable[[Hex], Iterable[str]],
    free_tile: Callable[[Hex], bool],
    free_place: Callable[[str], bool],
    budget: Budget,
) -> bool | None:
    """Whether a route from ``start`` through every one of ``vias`` to ``far`` exists with at
    most ``left`` tiles, never passing a node twice (None: the budget ran out first).

    ``tiles_near``/``places_near``: the buildable hexes and the places next to a hex;
    ``free_tile``/``free_place``: whether a hex or place may be on the route (not held, a
    place the canal may pass; the via places and ``far`` are always allowed)."""
    needed = [*sorted(set(vias)), far]

    def at(node: Node) -> Hex:
        return board.places[node].hex if isinstance(node, str) else node

    def successors(node: Node) -> list[Node]:
        out: list[Node] = [n for n in tiles_near(at(node)) if n != start and free_tile(n)]
        if not isinstance(node, str):  # places only after a tile
            out += [p for p in places_near(node) if p in needed or free_place(p)]
        return out

    def cost(node: Node) -> int:
        return 0 if isinstance(node, str) else 1

    from_start = costs_within(start, successors, cost, left)
    end: Node = far
    to_far = costs_within(end, successors, cost, left)
    nodes: list[Node] = [start]
    for node in sorted(from_start, key=_order):
        if node == start or node not in to_far:
            continue
        through = from_start[node] + to_far[node] - cost(node)  # the node counted once
        if through <= left:
            nodes.append(node)
    if any(n not in nodes for n in needed):
        return False
    index = {node: i for i, node in enumerate(nodes)}
    arcs: list[tuple[int, int]] = []
    for node in nodes:
        if node == far:
            continue
        for other in successors(node):
            if other in index and other != node:
                arcs.append((index[node], index[other]))
    if budget.left() is not None and len(arcs) / ARCS_PER_UNIT > (budget.left() or 0.0):
        budget.charge(budget.left() or 0.0)
        return None
    budget.charge(len(arcs) / ARCS_PER_UNIT)
    model = sv.new_model()
    literals = []
    for tail, head in arcs:
        literals.append((tail, head, model.NewBoolVar(f"a{tail}_{head}")))
    closing = model.NewBoolVar("back")
    model.Add(closing == 1)
    literals.append((index[far], index[start], closing))
    mandatory = {index[start], *(index[n] for n in needed)}
    used: dict[int, object] = {}
    for i in index.values():
        if i in mandatory:
            continue
        skip = model.NewBoolVar(f"skip{i}")
        literals.append((i, i, skip))
        used[i] = skip
    model.AddCircuit(literals)
    tiles = [skip for i, skip in used.items() if not isinstance(nodes[i], str)]
    model.Add(sum(tiles) >= len(tiles) - left)  # type: ignore[arg-type]
    result = sv.solve(model, budget=budget)
    if result.status in (sv.OPTIMAL, sv.FEASIBLE):
        return True
    if result.status == sv.INFEASIBLE:
        return False
    return None


def _order(node: Node) -> tuple[int, object]:
    return (1, node) if isinstance(node, str) else (0, node)


__all__ = ["circuit_route_exists"]
