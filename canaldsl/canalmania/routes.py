"""Whether a canal can still be completed: the exact route test behind build.completable.

:func:`route_exists` decides whether a route of buildable hexes the canal does not hold and
places it has not passed leads from where the canal stands, through the via places it still
lacks, to its far endpoint, within the tiles its value leaves. The engine's legality check
(:func:`canal_completable`) and both best-build engines use it; it never calls a search for
the best build.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canaldsl.budget import Budget
from canaldsl.canalmania.boundroute import (
    BOUND_ROUTE_STEPS,
    SHORTEST_SLACK,
    Start,
    route_within,
    start_bound,
)
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.distances import Finish, Walk, adjacency
from canaldsl.canalmania.position import Tile
from canaldsl.canalmania.problem import (
    INF,
    BuildProblem,
    CanalTask,
    RouteItem,
    canal_task,
    with_distances,
)
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex


def canal_completable(state: GameState, canal: CanalState) -> bool:
    """Whether ``canal`` can still be completed from where it stands (the exact test of
    :func:`route_exists`; supply and cards are not considered)."""
    if canal.completed or not canal.route:
        return True
    task = canal_task(state, canal)
    problem = BuildProblem(state, canal.owner, None, {}, {}, (task,), state.rules.edition)
    return still_completable(problem, task, ())


def still_completable(problem: BuildProblem, task: CanalTask, line: Sequence[RouteItem]) -> bool:
    """Whether the canal can still be completed after this line: a route of buildable hexes
    it does not hold and places it has not passed, through its remaining via places to its
    far endpoint, within its value (the engine's build.completable rule). Exact: see
    :func:`route_exists`."""
    return _route_exists(problem, task, line)


@dataclass(frozen=True)
class LineEnd:
    """Where a canal stands after a build line: its end (a tile's hex, or a place), the via
    places it still lacks (a mask), the tiles its value still allows, and the hexes and places
    the line added to it."""

    end: Hex
    place: str | None
    mask: int
    left: int
    tiles: int
    hexes: tuple[Hex, ...]
    places: tuple[str, ...]


def line_end(problem: BuildProblem, task: CanalTask, line: Sequence[RouteItem]) -> LineEnd:
    board = problem.board
    mask = task.full_mask
    end: Hex = task.end_hex
    place = task.at_place
    hexes: list[Hex] = []
    places: list[str] = []
    for item in line:
        if isinstance(item, str):
            places.append(item)
            mask &= ~task.via_bit(item)
            end, place = board.places[item].hex, item
        else:
            hexes.append(item[0])
            end, place = item[0], None
    left = task.budget - len(hexes)
    return LineEnd(end, place, mask, left, len(hexes), tuple(hexes), tuple(places))


def _route_exists(problem: BuildProblem, task: CanalTask, line: Sequence[RouteItem]) -> bool:
    """Whether a route completes the canal after ``line``."""
    state = line_end(problem, task, line)
    return route_exists(problem, task, state, set(state.hexes), set(state.places))


def route_exists(
    problem: BuildProblem,
    task: CanalTask,
    state: LineEnd,
    hexes: set[Hex],
    places: set[str],
) -> bool:
    """Whether a route completes the canal from ``state`` avoiding the canal's old hexes and
    places and ``hexes`` and ``places``: tiles on buildable hexes, never a hex or place twice,
    a tile between two places, the via places still lacking before the far endpoint (a
    junction canal: any place it has not passed), within the tiles ``state`` has left.

    Exact, with no limit on the work: with no via place left the shortest route decides (a
    shortest path never passes a hex or place twice); with one left, the cheapest pair of
    paths from that via place to the canal's end and to its far endpoint sharing no hex or
    place (:func:`canaldsl.graphpaths.least_cost_disjoint_pair`, polynomial); with more, a
    depth-first search walks to the next via place, pruned by the fewest tiles to finish, and
    decides there."""
    from canaldsl.graphpaths import (
        least_cost_disjoint_pair,
        least_cost_path,
        least_cost_routes,
        least_costs,
    )
    from canaldsl.waypoints import paths_ending

    adj = adjacency(problem.board)
    board = problem.board
    hexes = hexes | task.own
    places = places | task.visited
    hexes.add(state.end)
    start: Hex | str = state.place if state.place is not None else state.end

    def goal(name: str, m: int) -> bool:
        return name not in places and (task.junction or (name == task.far and m == 0))

    def passable(name: str) -> bool:
        return name not in places and task.may_pass(name)

    def tile_cost(node: Hex | str) -> int:
        return 0 if isinstance(node, str) or node == start else 1

    def near_hexes(hex: Hex) -> tuple[Hex, ...]:
        found = adj.hexes.get(hex)
        if found is None:  # a tile the engine let stand off the map
            found = tuple(n for n in board.neighbours(hex) if board.is_buildable(n))
        return found

    def neighbours(node: Hex | str, allowed: Callable[[str], bool]) -> list[Hex | str]:
        """Tiles next to a place; tiles and allowed places next to a tile; and the route's
        start, wherever it stands (even at sea, where a wrong tile was built): it is an end of
        a pair of paths."""
        at = board.places[node].hex if isinstance(node, str) else node
        out: list[Hex | str] = [n for n in near_hexes(at) if n not in hexes]
        if not isinstance(node, str):
            out += [p for p in adj.places.get(node, ()) if allowed(p) or p == start]
        if isinstance(start, Hex) and start != node and start not in out and start.is_neighbour(at):
            out.append(start)
        return out

    def exact(here: Hex | str, m: int, left: int) -> bool:
        """Decided directly, with at most one via place left (``here``: a tile or a place)."""
        if m == 0 or task.junction:

            def step(node: Hex | str) -> list[Hex | str]:
                return [
                    n for n in neighbours(node, lambda p: passable(p) or goal(p, 0)) if n != start
                ]

            found = least_cost_path(
                here,
                lambda n: isinstance(n, str) and goal(n, 0),
                step,
                tile_cost,
                limit=left,
                tick=work if visits else None,
            )
            return found is not None and found <= left
        via = task.vias[m.bit_length() - 1]
        assert task.far is not None
        far = task.far
        if via in places:
            return False
        nonlocal start
        saved = start
        start = here
        source: Hex | str = via
        try:
            pair = least_cost_disjoint_pair(
                source,
                (here, far),
                lambda node: neighbours(node, lambda p: passable(p) or p == far),
                tile_cost,
                limit=left,
                tick=work if visits else None,
            )
        finally:
            start = saved
        return pair is not None and pair <= left

    def orders_allow(here: Hex | str, m: int, left: int) -> bool:
        """A lower bound with two or more via places left, for each order of visiting them:
        the shortest paths from here to the first and from each to the next, and the exact
        pair of paths through the last one (to the one before it and to the far endpoint),
        every path avoiding the hexes and places the route holds. Some order must fit."""
        nonlocal start
        assert task.far is not None
        far = task.far
        left_vias = [v for i, v in enumerate(task.vias) if m & (1 << i)]
        if any(v in places for v in left_vias):
            return False

        def step(node: Hex | str) -> list[Hex | str]:
            return [n for n in neighbours(node, lambda p: passable(p) or p == far) if n != start]

        def shortest(source: Hex | str, targets: list[str]) -> list[int]:
            found = least_costs(source, targets, step, tile_cost, limit=left, tick=work)
            return [found.get(t, INF) for t in targets]

        first = shortest(here, left_vias)
        legs = [shortest(a, left_vias) for a in left_vias]
        to_far = [shortest(v, [far])[0] for v in left_vias]
        pairs: dict[tuple[str, str], int] = {}

        def pair(before: str, last: str) -> int:
            nonlocal start
            if (before, last) not in pairs:
                saved, start = start, before
                source: Hex | str = last
                ends: tuple[Hex | str, Hex | str] = (before, far)
                try:
                    found = least_cost_disjoint_pair(
                        source,
                        ends,
                        lambda node: neighbours(node, lambda p: passable(p) or p == far),
                        tile_cost,
                        limit=left,
                        tick=work,
                    )
                finally:
                    start = saved
                pairs[(before, last)] = INF if found is None else found
            return pairs[(before, last)]

        # the fewest tiles from here through every via place but the last two, in the best
        # order (Held-Karp), then the cheap bound and the exact pair for each last two
        table = paths_ending(first, legs)
        full = (1 << len(left_vias)) - 1
        candidates: list[tuple[int, int, int, int]] = []
        for last in range(len(left_vias)):
            rest = full ^ (1 << last)
            for before in range(len(left_vias)):
                if not rest & (1 << before):
                    continue
                lead = table[rest][before]
                cheap = lead + legs[before][last] + to_far[last]
                if cheap <= left:  # else the cheap bound already rules these orders out
                    candidates.append((cheap, lead, before, last))
        for _, lead, before, last in sorted(candidates):
            if lead + pair(left_vias[before], left_vias[last]) <= left:
                return True
        return False

    visits = 0
    steps = 0

    def work() -> None:
        nonlocal steps
        steps += 1
        if steps > ROUTE_SEARCH_STEPS:
            raise _LongSearch

    def search(here: Hex | str, m: int, left: int) -> bool:
        nonlocal visits
        if m & (m - 1) == 0 or task.junction:
            return exact(here, m, left)
        visits += 1
        if visits > ROUTE_SEARCH_NODES:
            raise _LongSearch
        if not orders_allow(here, m, left):
            return False
        if isinstance(here, str):
            at = board.places[here].hex
        else:
            at = here
            for name in adj.places.get(here, ()):
                if not passable(name):
                    continue
                new = m & ~task.via_bit(name)
                if task.finish_place.get((name, new), INF) > left:
                    continue
                places.add(name)
                found = search(name, new, left)
                places.discard(name)
                if found:
                    return True
        if left <= 0:
            return False
        options = [
            (task.finish_tile.get((n, m), INF), n)
            for n in near_hexes(at)
            if n not in hexes and task.finish_tile.get((n, m), INF) <= left - 1
        ]
        for _, n in sorted(options):
            hexes.add(n)
            found = search(n, m, left - 1)
            hexes.discard(n)
            if found:
                return True
        return False

    def legs(here: Hex | str, m: int, left: int) -> bool:
        """A witness, quickly found when there is one: a shortest leg avoiding what the route
        holds to one via place after another (the one the walks' bound puts first, first),
        the last one decided exactly (:func:`exact`). False proves nothing: the tile-by-tile
        search follows."""
        nonlocal visits
        if m & (m - 1) == 0:
            return exact(here, m, left)
        visits += 1
        if visits > ROUTE_SEARCH_NODES:
            raise _LongSearch

        def step(node: Hex | str) -> list[Hex | str]:
            return [n for n in neighbours(node, passable) if n != start]

        finish = task.finish
        assert finish is not None
        options = []
        for i, via in enumerate(task.vias):
            if m & (1 << i):
                rest = m & ~(1 << i)
                options.append((finish.to_via_from(here, i) + finish.place(via, rest), via))
        for bound, via in sorted(options):
            if bound > left:
                break
            found = least_cost_routes(here, [via], step, tile_cost, limit=left, tick=work)
            if via not in found:
                continue
            cost, path = found[via]
            passed = {x for x in path[1:] if isinstance(x, str)}
            rest = m & ~sum(task.via_bit(p) for p in passed)
            if cost + task.finish_place.get((via, rest), INF) > left:
                continue
            held = [x for x in path[1:] if isinstance(x, Hex) and x not in hexes]
            reached = [x for x in path[1:] if isinstance(x, str) and x not in places]
            hexes.update(held)
            places.update(reached)
            try:
                if legs(via, rest, left - cost):
                    return True
            finally:
                hexes.difference_update(held)
                places.difference_update(reached)
        return False

    held_hexes, held_places = set(hexes), set(places)
    if task.finish is not None:  # the walks' bound, held hexes aside: no route if over
        if state.place is not None:
            fewest = task.finish.place(state.place, state.mask)
        elif state.tiles:
            fewest = task.finish.tile(state.end, state.mask)
        else:
            fewest = task.finish.from_end(state.end, state.mask)
        if fewest > state.left:
            return False
        mask = state.mask
        if mask & (mask - 1) and not task.junction:  # two or more via places left
            decided = _route_within(task, state, held_hexes, held_places, ROUTE_WITHIN_STEPS)
            if decided is not None:
                return decided
    try:
        mask = state.mask
        if mask & (mask - 1) == 0 or task.junction:
            return search(start, mask, state.left)
        if task.finish is not None and legs(start, mask, state.left):
            return True  # a witness
        return orders_allow(start, mask, state.left) and search(start, mask, state.left)
    except _LongSearch:
        return _model_route_exists(problem, task, state, held_hexes, held_places)


def _route_within(
    task: CanalTask, state: LineEnd, hexes: set[Hex], places: set[str], max_steps: int
) -> bool | None:
    """Whether a route from ``state`` within its tiles left avoids ``hexes`` and ``places``,
    by :func:`canaldsl.canalmania.boundroute.route_within` (None: not decided in
    ``max_steps``)."""
    node: Hex | str = state.place if state.place is not None else state.end
    held = state.place is None and not state.tiles
    start = Start(node, state.mask, held)
    return route_within(task, start, state.left, hexes, places, max_steps)[0]


ROUTE_WITHIN_STEPS = 50_000
"""Nodes the walk along the bound (:func:`_route_within`) may visit in :func:`route_exists`
before the searches below take over."""


ROUTE_SEARCH_NODES = 300
"""Nodes the search with two or more via places left may visit before CP-SAT decides."""

ROUTE_SEARCH_STEPS = 200_000
"""Steps (nodes of its shortest-path searches) the search with two or more via places left
may take before CP-SAT decides: a fixed count, so the same canal is decided the same way on
every machine."""


class _LongSearch(Exception):
    pass


ROUTE_MODEL_UNITS = 5.0
"""Work units of the CP-SAT circuit that decides a route the searches could not. When even it
runs out (no input found so far does), the canal is taken as completable: build.completable
never calls a canal impossible without a proof."""


def _model_route_exists(
    problem: BuildProblem, task: CanalTask, state: LineEnd, hexes: set[Hex], places: set[str]
) -> bool:
    """:func:`route_exists` decided by the CP-SAT circuit of
    :mod:`canaldsl.canalmania.routemodel` (exact), the canal standing at ``state`` with
    ``hexes`` and ``places`` held (the canal's own included), within ROUTE_MODEL_UNITS."""
    from canaldsl.canalmania.routemodel import circuit_route_exists

    board = problem.board
    adj = adjacency(board)
    assert task.far is not None
    start: Hex | str = state.place if state.place is not None else state.end

    def tiles_near(hex: Hex) -> tuple[Hex, ...]:
        found = adj.hexes.get(hex)
        if found is None:  # a tile the engine let stand off the map
            found = tuple(n for n in board.neighbours(hex) if board.is_buildable(n))
        return found

    found = circuit_route_exists(
        board,
        start=start,
        far=task.far,
        vias=[v for i, v in enumerate(task.vias) if state.mask & (1 << i)],
        left=state.left,
        tiles_near=tiles_near,
        places_near=lambda hex: adj.places.get(hex, ()),
        free_tile=lambda hex: hex not in hexes,
        free_place=lambda name: name not in places and task.may_pass(name),
        budget=Budget(ROUTE_MODEL_UNITS, None),
    )
    return True if found is None else found


def _relaxed_completable(state: GameState, canal: CanalState) -> tuple[bool, str]:
    """A quick necessary condition: a route within the value, allowing the rest of the route to
    reuse hexes (a lower bound on the tiles needed: the walks of
    :mod:`canaldsl.canalmania.distances`, the via places in the best order)."""
    board = state.board
    budget = canal.value - len(canal.tiles)
    own_hexes = frozenset(t.hex for t in canal.tiles)
    visited_places = frozenset(canal.places)
    if canal.is_junction:
        vias: tuple[str, ...] = ()
        far = None
    else:
        contract = board.contracts[canal.contract]
        far = contract.other_endpoint(canal.places[0])
        vias = tuple(v for v in contract.via if v not in visited_places)
    end = canal.end
    if end is None:
        return True, ""
    start_node: Hex | str = end.hex if isinstance(end, Tile) else end
    if budget >= 0:
        walk = Walk(board, own_hexes, visited_places, far, canal.is_junction)
        finish = Finish(walk, vias, budget)
        if finish.from_start(start_node, (1 << len(vias)) - 1) <= budget:
            return True, ""
    left = f"{budget} tile{'s' if budget != 1 else ''} left within its value of {canal.value}"
    if vias:
        return False, f"no route through {', '.join(vias)} to {far} with {left}"
    target = far or "a second place"
    return False, f"no route to {target} with {left}"


def completable(state: GameState, canal: CanalState) -> tuple[bool, str]:
    """Whether the canal can still be completed correctly within its contract value.

    A route must exist from the canal's end, through the places its contract still needs, to
    its far endpoint (a junction: to any second place), on buildable hexes not already in the
    canal, never passing a hex or a place twice, with no more tiles than the value leaves.
    Supply and cards are not considered: later turns bring cards, and supply is checked per
    tile. A quick relaxed test first (it names what is missing); then the exact test of
    :func:`route_exists`, which always decides (no node limit).
    """
    possible, reason = _relaxed_completable(state, canal)
    if not possible:
        return possible, reason
    if canal.end is None:
        return True, ""
    if canal_completable(state, canal):
        return True, ""
    if canal.is_junction:
        far: str | None = None
        needed: list[str] = []
    else:
        contract = state.board.contracts[canal.contract]
        far = contract.other_endpoint(canal.places[0])
        needed = sorted(v for v in contract.via if v not in canal.places)
    target = far or "a second place"
    through = f" through {', '.join(needed)}" if needed else ""
    return False, (
        f"no route{through} to {target} within its value of {canal.value} that uses no hex or "
        "place twice"
    )


_SHORTEST: dict[tuple[object, ...], int | None] = {}
"""Shortest completions already found, by board, contract and route (hexes and places): the
engine asks for the same canal before and after a build, and best-build again for its
problem (:func:`shortest_ways`)."""

_SHORTEST_KEPT = 256


def shortest_completion(state: GameState, canal: CanalState) -> int | None:
    """The fewest more tiles that complete ``canal`` by a correct route, its value ignored
    (0 when it is complete): the shortest possible way a wrongly built canal must still take
    (DE Fehlplanung). None when no route completes it at all. Exact: the walks' bound when a
    route that short is found (:mod:`canaldsl.canalmania.boundroute`: no route is shorter),
    else the least ``left`` for which :func:`route_exists` finds a route (it only grows with
    ``left``), by bisection. Remembered per board, contract and route."""
    if canal.completed:
        return 0
    if canal.end is None:
        return None
    route = tuple(x.hex if isinstance(x, Tile) else x for x in canal.route)
    key = (state.board, canal.contract, route)
    if key in _SHORTEST:
        return _SHORTEST[key]
    if len(_SHORTEST) >= _SHORTEST_KEPT:
        _SHORTEST.clear()
    found = _shortest_completion(state, canal)
    _SHORTEST[key] = found
    return found


def _shortest_completion(state: GameState, canal: CanalState) -> int | None:
    high = len(adjacency(state.board).hexes) + 1
    task = canal_task(state, canal)
    task = with_distances(dataclasses.replace(task, budget=high), state.board)
    problem = BuildProblem(state, canal.owner, None, {}, {}, (task,), state.rules.edition)
    start = line_end(problem, task, ())
    assert task.finish is not None
    begin = Start(task.at_place or task.end_hex, task.full_mask, task.at_place is None)
    bound = start_bound(task.finish, begin)
    if bound > high:
        return None
    held = set(task.own) | {task.end_hex}
    proved = bound  # no route lays fewer tiles than this
    for left in range(bound, min(bound + SHORTEST_SLACK, high) + 1):
        trial = dataclasses.replace(start, left=left)
        decided = _route_within(task, trial, held, set(), BOUND_ROUTE_STEPS)
        if decided is None:
            break  # not decided: the exact test below
        if decided:
            return left  # and none within left - 1 (proved just before, or the walks' bound)
        proved = left + 1

    def fits(left: int) -> bool:
        trial = dataclasses.replace(start, left=left)
        return route_exists(problem, task, trial, set(trial.hexes), set(trial.places))

    if not fits(high):
        return None
    low = proved
    while low < high:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    return low


def shortest_ways(problem: BuildProblem) -> BuildProblem:
    """The problem of a turn's build with every wrongly built canal of the 2nd edition (it
    cannot be completed within its value, yet some route completes it) held to its shortest
    completion (build.shortest-completion): a build on it must leave ``fewest - built`` tiles
    or fewer to go, ``fewest`` being its shortest completion before the build. That is the
    canal with ``fewest`` tiles left in place of what its value leaves (the same completability
    test then decides; its value still scores on completion). Other canals stay as they are."""
    state = problem.state
    if state.rules.edition is not Edition.SECOND:
        return problem
    owner = state.player(problem.colour)
    tasks = []
    for task in problem.canals:
        canal = owner.canal(task.name)
        wrong = canal is not None and canal.tiles and not canal.completed
        if wrong and canal is not None and not completable(state, canal)[0]:
            fewest = shortest_completion(state, canal)
            if fewest is not None:
                task = with_distances(dataclasses.replace(task, budget=fewest), state.board)
        tasks.append(task)
    return dataclasses.replace(problem, canals=tuple(tasks))
