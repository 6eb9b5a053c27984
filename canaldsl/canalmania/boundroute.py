"""A route as short as the walks' bound: when one exists, no search is needed.

The walks of :class:`canaldsl.canalmania.distances.Finish` give the fewest tiles any route can
need (a walk may pass a hex or place twice; the via places in the best order, by the dynamic
programme over their subsets). Every step of a walk that keeps to that bound is *tight*: a
tile on a hex whose own bound is one less, or a place reached at the same bound (its via bit
cleared). :func:`route_at_bound` follows tight steps only, depth first, never taking a hex or a
place twice: what it finds is a legal route of exactly the bound's length, so it is a shortest
completion and it proves a route within any larger number of tiles. Finding none proves
nothing (the caller's exact test decides). The walk is cut after a fixed number of steps
(:data:`BOUND_ROUTE_STEPS`), so the same canal is decided the same way on every machine.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canaldsl.canalmania.distances import Finish, adjacency
from canaldsl.canalmania.problem import INF, CanalTask
from canaldsl.hexgrid import Hex

BOUND_ROUTE_STEPS = 100_000
"""Nodes the depth-first walk along tight steps may visit before it gives up (nothing claimed)."""

SHORTEST_SLACK = 4
"""Tiles beyond the walks' bound the shortest completion tries by this walk, one by one,
before the exact test's bisection decides."""


@dataclass(frozen=True)
class Start:
    """Where the route starts: a place (the barge on it), or a tile's hex; ``held``: the tile
    is the canal's own last tile (its bound is then :meth:`Finish.from_end`)."""

    node: Hex | str
    mask: int
    held: bool


def start_bound(finish: Finish, start: Start) -> int:
    """The walks' bound from ``start``: the fewest tiles any route completing the canal needs."""
    if isinstance(start.node, str):
        return finish.place(start.node, start.mask)
    if start.held:
        return finish.from_end(start.node, start.mask)
    return finish.tile(start.node, start.mask)


def route_within(
    task: CanalTask,
    start: Start,
    left: int,
    hexes: set[Hex],
    places: set[str],
    max_steps: int = BOUND_ROUTE_STEPS,
) -> tuple[bool | None, int]:
    """(found, steps): whether a legal route from ``start`` through the via places of its
    mask to the goal lays at most ``left`` tiles, avoiding ``hexes`` and ``places`` (besides
    the canal's own hexes and places passed). True: one was found; False: none exists (every
    step that keeps within ``left`` by the walks' bound was tried); None: ``max_steps`` nodes
    were visited first (nothing claimed). ``steps``: the nodes visited (the work done).

    With ``left`` at the walks' bound only tight steps remain, which is where this is quick;
    each tile of slack lets the walk stray, so the caller keeps ``left`` close to the bound."""
    finish = task.finish
    assert finish is not None
    board = finish.walk.board
    adj = adjacency(board)
    bound = start_bound(finish, start)
    if bound > left:
        return False, 0
    used_hexes = set(hexes) | set(task.own)
    used_places = set(places) | set(task.visited)
    if isinstance(start.node, Hex):
        used_hexes.add(start.node)
    else:
        used_places.add(start.node)
    steps = 0

    def near_hexes(hex: Hex) -> tuple[Hex, ...]:
        found = adj.hexes.get(hex)
        if found is None:  # a tile the engine let stand off the map
            found = tuple(n for n in board.neighbours(hex) if board.is_buildable(n))
        return found

    depth: dict[Hex | str, int] = {start.node: 0}
    """The nodes of the route so far, by their place on it."""
    dead: set[tuple[Hex | str, int, int]] = set()
    """(node, mask, tiles left) from which no route was found whatever came before: the
    search below them was never blocked by a hex or place taken before them."""

    class Frame:
        __slots__ = ("following", "key", "low")

        def __init__(self, node: Hex | str, mask: int, more: int) -> None:
            self.key = (node, mask, more)
            self.low = INF  # the earliest node of the route that blocked a step below
            self.following = children(self, node, mask, more)

    def taken(frame: Frame, node: Hex | str) -> bool:
        used = node in used_places if isinstance(node, str) else node in used_hexes
        if used and node in depth:
            frame.low = min(frame.low, depth[node])
        return used

    labels: dict[Hex, str] = {}
    """Each hex's label, the last key of the order of the steps (made once per hex)."""

    def children(
        frame: Frame, node: Hex | str, mask: int, more: int
    ) -> Iterator[tuple[Hex | str, int, int]]:
        """The steps from a tile or a place that keep within ``more`` tiles by the bound:
        places first (from a tile only), then tiles, the least bound first (then by name or
        label: no two steps have the same three keys, so the order is the same as ever)."""
        options: list[tuple[int, int, str, Hex | str, int, int]] = []
        if isinstance(node, str):
            at = board.places[node].hex
        else:
            at = node
            for name in adj.places.get(node, ()):
                if not task.may_pass(name):
                    continue
                rest = mask & ~task.via_bit(name)
                need = finish.place(name, rest)
                if need <= more and (name, rest, more) not in dead and not taken(frame, name):
                    options.append((need, 0, name, name, rest, more))
        if more > 0:
            own = task.own
            tile = finish.tile
            fewer = more - 1
            for n in near_hexes(at):
                if n in own:
                    continue
                need = 1 + tile(n, mask)
                if need > more or (n, mask, fewer) in dead:
                    continue
                if n in used_hexes:
                    if n in depth:
                        frame.low = min(frame.low, depth[n])
                    continue
                label = labels.get(n)
                if label is None:
                    label = labels[n] = str(n)
                options.append((need, 1, label, n, mask, fewer))
        options.sort()
        for _, _, _, child, rest, left_after in options:
            yield child, rest, left_after

    def done(node: Hex | str, mask: int) -> bool:
        if isinstance(node, str):
            return False
        near = adj.places.get(node)
        if not near:
            return False
        return any(task.is_goal(p, mask) and p not in used_places for p in near)

    # an explicit stack (a route may be thousands of tiles long)
    stack = [Frame(start.node, start.mask, left)]
    found = done(start.node, start.mask)
    while stack and not found:
        frame = stack[-1]
        step = next(frame.following, None)
        if step is None:
            stack.pop()
            if not stack:  # the start stays held
                continue
            node = frame.key[0]
            if frame.low >= len(stack):  # blocked only by its own route below: dead
                dead.add(frame.key)
            stack[-1].low = min(stack[-1].low, frame.low)
            del depth[node]
            if isinstance(node, str):
                used_places.discard(node)
            else:
                used_hexes.discard(node)
            continue
        steps += 1
        if steps > max_steps:
            return None, steps
        child, rest, more = step
        if isinstance(child, str):
            used_places.add(child)
        else:
            used_hexes.add(child)
        depth[child] = len(stack)
        found = done(child, rest)
        stack.append(Frame(child, rest, more))
    return found, steps


__all__ = ["BOUND_ROUTE_STEPS", "SHORTEST_SLACK", "Start", "route_within", "start_bound"]
