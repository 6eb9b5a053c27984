"""Best builds by exact depth-first search, in plain Python.

What "best build" means is said in :mod:`canaldsl.canalmania.bestbuild`. This module holds what
both engines share — the description of a build problem taken from a game state
(:class:`BuildProblem`), lower bounds on the tiles still needed to finish each canal, the exact
completability test (:func:`still_completable`) and the fewest cards paying for a list of tiles
(:func:`pay`) — and the exact search itself (:func:`search_best_build`).

The search walks each open canal from its barge, hex by hex, trying every tile kind the terrain
allows and every place next to the end of the canal, and keeps the best build found. Each step
follows the rules the engine checks (adjacency, terrain, consecutive tiles within a section,
canal integrity, contract length, tile supply, via places before the far endpoint, cards from
the hand). It prunes a branch when

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from canaldsl.budget import TIMEOUT, Budget, OutOfBudget, StepCounter, WallClockHit
from canaldsl.budget import UNKNOWN as UNKNOWN_STOP
from canaldsl.canalmania import checks_build as build_rules
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import (
    OVERBUILD_EXTRA_CARDS,
    TILE_POINTS,
    CardKind,
    Edition,
    TileKind,
)
from canaldsl.canalmania.distances import (
    Finish,
    PlaceDistances,
    TileDistances,
    Walk,
    adjacency,
    reach_distances,
)
from canaldsl.canalmania.position import Tile
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex

INF = 10**6

NATURAL_CARD: Mapping[TileKind, CardKind] = {k: CardKind(k.value) for k in TileKind}
SPARE_ORDER = (
    CardKind.STRETCH,
    CardKind.LOCK,
    CardKind.AQUEDUCT,
    CardKind.TUNNEL,
    CardKind.SURVEYOR,
)
"""Which cards pay the two extra cards for building on top: the first held, in this order."""

RouteItem = tuple[Hex, TileKind] | str
"""A step of a build: a tile (hex, kind) or the name of a place the canal reaches."""


# ------------------------------------------------------------------ the problem


@dataclass(frozen=True)
class TileCost:
    """What one tile of a build costs: its canal, kind, cards of its kind and extra cards."""

    canal: int
    kind: TileKind
    main: int
    extra: int

    @property
    def slots(self) -> int:
        return self.main + self.extra


@dataclass(frozen=True)
class CanalTask:
    """One open canal of the player, as the search and the model see it."""

    index: int
    """The canal's position among the player's open canals (the order of the build lines)."""
    name: str
    junction: bool
    value: int
    budget: int
    """Tiles its value still allows."""
    end_hex: Hex
    """Where the barge stands: the last tile, or the place it was put on or last reached."""
    at_place: str | None
    last_kind: TileKind | None
    """The kind of the last tile, when the barge stands on it (same section as the next)."""
    own: frozenset[Hex]
    visited: frozenset[str]
    far: str | None
    vias: tuple[str, ...]
    """Via places the canal still has to pass, in the contract's order (bit i of a mask)."""
    old_kinds: tuple[TileKind, ...]
    occupied: frozenset[Hex]
    """Hexes holding tiles of other canals before this build."""
    finish_tile: Mapping[tuple[Hex, int], int]
    """Fewest tiles to finish from a tile on a hex with these vias left (a lower bound)."""
    finish_place: Mapping[tuple[str, int], int]
    """Fewest tiles to finish from a place (the barge on it) with these vias left."""
    reach: Mapping[Hex, int]
    """Fewest tiles from the barge to a tile on each hex."""
    region: frozenset[Hex]
    """Hexes a tile of a legal build can stand on (reachable and still finishable)."""
    old_points: int
    bonus: int
    """Points the contract itself scores on completion (2nd edition: its value)."""
    finish: Finish | None = field(repr=False, compare=False, default=None)
    """The distances behind ``finish_tile`` and ``finish_place``."""

    @property
    def full_mask(self) -> int:
        return (1 << len(self.vias)) - 1

    def via_bit(self, place: str) -> int:
        return 1 << self.vias.index(place) if place in self.vias else 0

    def is_goal(self, place: str, mask: int) -> bool:
        """Reaching this place with these vias left completes the canal."""
        if place in self.visited:
            return False
        if self.junction:
            return True
        return place == self.far and mask == 0

    def may_pass(self, place: str) -> bool:
        """The canal may reach this place without completing (an intermediate place)."""
        return place not in self.visited and not self.junction and place != self.far

    def finish_from(self, end: Hex | str, mask: int) -> int:
        if isinstance(end, str):
            return self.finish_place.get((end, mask), INF)
        return self.finish_tile.get((end, mask), INF)

    def completion_points(self, new_kinds: Sequence[TileKind], edition: Edition) -> int:
        return build_rules.completion_points(
            kinds=[*self.old_kinds, *new_kinds], value=self.value, edition=edition
        )


@dataclass(frozen=True)
class BuildProblem:
    """Everything a best-build question needs: the player, their hand, supply and canals."""

    state: GameState
    colour: str
    engineer: str | None
    hand: Mapping[CardKind, int]
    supply: Mapping[TileKind, int]
    canals: tuple[CanalTask, ...]
    edition: Edition

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def smeaton(self) -> bool:
        return self.engineer == "Smeaton" and self.hand.get(CardKind.SURVEYOR, 0) > 0

    @property
    def brindley(self) -> bool:
        return self.engineer == "Brindley"

    def base_cost(self, kind: TileKind) -> int:
        return build_rules.base_cost(kind, self.engineer)


class HandUnknown(ValueError):
    """The player's hand is not known, so no build can be judged."""


def build_problem(state: GameState, colour: str) -> BuildProblem:
    """The best-build problem of ``colour`` in ``state`` (raises HandUnknown, KeyError)."""
    player = state.player(colour)
    if player.hand is None:
        raise HandUnknown(f"{colour}'s hand is not known")
    board = state.board
    tasks: list[CanalTask] = []
    for canal in player.open_canals:
        if player.canal(canal.contract) is not canal or not canal.route:
            continue  # the engine can only address the first open canal of a name
        tasks.append(_canal_task(state, canal, len(tasks)))
    del board
    return BuildProblem(
        state=state,
        colour=colour,
        engineer=player.engineer,
        hand={k: player.hand.get(k, 0) for k in CardKind},
        supply={k: player.supply.get(k, 0) for k in TileKind},
        canals=tuple(tasks),
        edition=state.rules.edition,
    )


def canal_task(state: GameState, canal: CanalState) -> CanalTask:
    """One canal as the search and the model see it, whoever owns it (hand and cards are not
    part of a task): where its barge stands, what it still lacks, and the distances that bound
    its completion."""
    return _canal_task(state, canal, 0)


def canal_completable(state: GameState, canal: CanalState) -> bool:
    """Whether ``canal`` can still be completed from where it stands (the exact test of
    :func:`route_exists`; supply and cards are not considered)."""
    if canal.completed or not canal.route:
        return True
    task = canal_task(state, canal)
    problem = BuildProblem(state, canal.owner, None, {}, {}, (task,), state.rules.edition)
    return still_completable(problem, task, ())


def _canal_task(state: GameState, canal: CanalState, index: int) -> CanalTask:
    board = state.board
    end = canal.end
    assert end is not None
    if isinstance(end, Tile):
        end_hex, at_place, last_kind = end.hex, None, end.kind
    else:
        end_hex, at_place, last_kind = board.places[end].hex, end, None
    visited = frozenset(canal.places)
    vias: tuple[str, ...] = ()
    far: str | None = None
    if canal.is_junction:
        pass
    else:
        contract = board.contracts[canal.contract]
        far = contract.other_endpoint(canal.places[0])
        vias = tuple(v for v in contract.via if v not in visited)
    own = frozenset(t.hex for t in canal.tiles)
    occupied = frozenset(t.hex for c in state.canals() if c is not canal for t in c.tiles)
    edition = state.rules.edition
    value = canal.value
    partial = CanalTask(
        index=index,
        name=canal.contract,
        junction=canal.is_junction,
        value=value,
        budget=max(value - len(canal.tiles), 0),
        end_hex=end_hex,
        at_place=at_place,
        last_kind=last_kind,
        own=own,
        visited=visited,
        far=far,
        vias=vias,
        old_kinds=tuple(t.kind for t in canal.tiles),
        occupied=occupied,
        finish_tile={},
        finish_place={},
        reach={},
        region=frozenset(),
        old_points=sum(TILE_POINTS[t.kind] for t in canal.tiles),
        bonus=value if edition is Edition.SECOND else 0,
    )
    return with_distances(partial, board)


def with_distances(task: CanalTask, board: Board) -> CanalTask:
    """The task with its distances (finish, reach, region) computed for where it stands:
    every search bounded by the tiles its value leaves (:mod:`canaldsl.canalmania.distances`)."""
    walk = Walk(board, task.own, task.visited, task.far, task.junction)
    finish = Finish(walk, task.vias, task.budget)
    start: Hex | str = task.at_place if task.at_place is not None else task.end_hex
    reach = reach_distances(walk, start, task.budget)
    region = frozenset(h for h, d in reach.items() if d + finish.least(h) <= task.budget)
    return replace(
        task,
        finish_tile=TileDistances(finish),
        finish_place=PlaceDistances(finish),
        finish=finish,
        reach=reach,
        region=region,
    )


# ------------------------------------------------------------------ paying for tiles


@dataclass(frozen=True)
class Payment:
    """The cards paying for each tile of a build, in build order.

    A card is (kind, label): label None for a card played once, a number for the surveyor
    Smeaton plays as two cards (the same label on both uses)."""

    cards: tuple[tuple[tuple[CardKind, int | None], ...], ...]
    physical: int

    @property
    def used(self) -> Counter[CardKind]:
        """The physical cards leaving the hand."""
        out: Counter[CardKind] = Counter()
        seen: set[int] = set()
        for tile in self.cards:
            for kind, label in tile:
                if label is not None:
                    if label in seen:
                        continue
                    seen.add(label)
                out[kind] += 1
        return out


def tile_cost(canal: int, kind: TileKind, overbuild: bool, engineer: str | None) -> TileCost:
    return TileCost(
        canal,
        kind,
        build_rules.base_cost(kind, engineer),
        OVERBUILD_EXTRA_CARDS if overbuild else 0,
    )


def _natural_ok(
    demand: Sequence[int], hand: Mapping[CardKind, int], surveyors: int, brindley: bool
) -> bool:
    """Whether the hand (with ``surveyors`` surveyors) pays main slots ``demand`` = (stretch,
    lock, aqueduct, tunnel, extra) without doubled surveyors."""
    ms, ml, ma, mt, ex = demand
    hs = hand.get(CardKind.STRETCH, 0)
    hl = hand.get(CardKind.LOCK, 0)
    ha = hand.get(CardKind.AQUEDUCT, 0)
    ht = hand.get(CardKind.TUNNEL, 0)
    short_s = ms - hs if ms > hs else 0
    spare_s = hs - ms if hs > ms else 0
    short_l = ml - hl - (spare_s if brindley else 0)
    short_a = ma - ha
    short_t = mt - ht
    short = short_s + max(short_l, 0) + max(short_a, 0) + max(short_t, 0)
    if short > surveyors:
        return False
    return ms + ml + ma + mt + ex <= hs + hl + ha + ht + surveyors


def _demand(tiles: Sequence[TileCost]) -> list[int]:
    out = [0, 0, 0, 0, 0]
    for t in tiles:
        out[_KIND_INDEX[t.kind]] += t.main
        out[4] += t.extra
    return out


_KIND_INDEX = {TileKind.STRETCH: 0, TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3}


def _smeaton_halves(
    tiles: Sequence[TileCost], hand: Mapping[CardKind, int], brindley: bool
) -> list[int] | None:
    """How many surveyor halves each tile gets, for the most doubled surveyors (Smeaton).

    A doubled surveyor pays two cards of one tile or of two tiles built one after the other on
    one canal, so within each run of consecutive tiles holding halves their number is even.
    Halves pay a tile's own-kind cards first. Exact dynamic programme over the tiles; None when
    the hand cannot pay at all."""
    surveyors = hand.get(CardKind.SURVEYOR, 0)
    demand = _demand(tiles)
    # state: (carry, covered per kind (4), covered extras) -> halves per tile so far
    states: dict[tuple[int, int, int, int, int, int], tuple[int, ...]] = {(0, 0, 0, 0, 0, 0): ()}
    for i, tile in enumerate(tiles):
        last_of_canal = i + 1 == len(tiles) or tiles[i + 1].canal != tile.canal
        k = _KIND_INDEX[tile.kind]
        following: dict[tuple[int, int, int, int, int, int], tuple[int, ...]] = {}
        for (carry, *cov), halves in states.items():
            used = sum(cov)
            for a in range(carry, tile.slots + 1):
                if used + a > 2 * surveyors:
                    break
                out = (a - carry) % 2
                if out and last_of_canal:
                    continue
                main = min(a, tile.main)
                new = list(cov)
                new[k] += main
                new[4] += a - main
                key = (out, new[0], new[1], new[2], new[3], new[4])
                if key not in following:
                    following[key] = (*halves, a)
        states = following
    best: tuple[int, ...] | None = None
    best_d = -1
    for (carry, *cov), halves in sorted(states.items()):
        if carry:
            continue
        d = sum(cov) // 2
        if d > surveyors or d <= best_d:
            continue
        residual = [demand[j] - cov[j] for j in range(5)]
        if _natural_ok(residual, hand, surveyors - d, brindley):
            best, best_d = halves, d
    return list(best) if best is not None else None


def pay(
    tiles: Sequence[TileCost], hand: Mapping[CardKind, int], engineer: str | None
) -> Payment | None:
    """The fewest cards from ``hand`` that pay for ``tiles`` (in build order), or None.

    Natural cards first, then (Brindley) stretches for locks, then surveyors; the extra cards
    for building on top come from what is left (see SPARE_ORDER). With Smeaton as many
    surveyors as possible pay two cards each."""
    brindley = engineer == "Brindley"
    halves = [0] * len(tiles)
    if engineer == "Smeaton" and hand.get(CardKind.SURVEYOR, 0) > 0 and tiles:
        found = _smeaton_halves(tiles, hand, brindley)
        if found is None:
            return None
        halves = found
    elif not _natural_ok(_demand(tiles), hand, hand.get(CardKind.SURVEYOR, 0), brindley):
        return None
    # labels for the doubled surveyors
    labelled: list[list[tuple[CardKind, int | None]]] = [[] for _ in tiles]
    label = 0
    open_label: int | None = None
    for i, tile in enumerate(tiles):
        if i > 0 and tiles[i - 1].canal != tile.canal:
            open_label = None
        a = halves[i]
        if open_label is not None:
            labelled[i].append((CardKind.SURVEYOR, open_label))
            a -= 1
            open_label = None
        while a >= 2:
            label += 1
            labelled[i] += [(CardKind.SURVEYOR, label), (CardKind.SURVEYOR, label)]
            a -= 2
        if a == 1:
            label += 1
            labelled[i].append((CardKind.SURVEYOR, label))
            open_label = label
    left = Counter({k: n for k, n in hand.items() if n})
    left[CardKind.SURVEYOR] -= label
    main_left = [max(t.main - halves[i], 0) for i, t in enumerate(tiles)]
    extra_left = [t.extra - max(halves[i] - t.main, 0) for i, t in enumerate(tiles)]
    paid = [list(x) for x in labelled]

    def take(i: int, card: CardKind, count: int) -> int:
        n = min(count, left[card])
        left[card] -= n
        paid[i] += [(card, None)] * n
        return n

    # natural cards for their own kind
    for i, t in enumerate(tiles):
        main_left[i] -= take(i, NATURAL_CARD[t.kind], main_left[i])
    if brindley:
        for i, t in enumerate(tiles):
            if t.kind is TileKind.LOCK:
                main_left[i] -= take(i, CardKind.STRETCH, main_left[i])
    for i in range(len(tiles)):
        main_left[i] -= take(i, CardKind.SURVEYOR, main_left[i])
        if main_left[i]:
            return None
    for i in range(len(tiles)):
        for card in SPARE_ORDER:
            extra_left[i] -= take(i, card, extra_left[i])
        if extra_left[i]:
            return None
    physical = sum(t.slots for t in tiles) - label
    return Payment(tuple(tuple(p) for p in paid), physical)


# ------------------------------------------------------------------ results


Identity = tuple[tuple[tuple[tuple[Hex, TileKind], ...], bool], ...]
"""What tells two builds apart: for each canal, its new tiles in order and whether it is
completed (places passed on the way do not count)."""


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


def build_points(
    problem: BuildProblem, found_lines: Sequence[Sequence[RouteItem]]
) -> tuple[int, int, tuple[bool, ...]]:
    """(points, points scored now, completed flags) of a build's lines (no legality check)."""
    total = now = 0
    flags: list[bool] = []
    for task, line in zip(problem.canals, found_lines, strict=True):
        kinds = [x[1] for x in line if not isinstance(x, str)]
        done = any(isinstance(x, str) and task.is_goal(x, 0) for x in line)
        if done:
            pts = task.completion_points(kinds, problem.edition)
            now += pts
        else:
            pts = sum(TILE_POINTS[k] for k in kinds)
        total += pts
        flags.append(done)
    return total, now, tuple(flags)


def line_costs(problem: BuildProblem, lines: Sequence[Sequence[RouteItem]]) -> list[TileCost]:
    """The cost of every tile of a build, in build order (later lines pay to build on top of
    earlier lines' new tiles)."""
    costs: list[TileCost] = []
    built: set[Hex] = set()
    for task, line in zip(problem.canals, lines, strict=True):
        mine: set[Hex] = set()
        for item in line:
            if isinstance(item, str):
                continue
            hex, kind = item
            over = hex in task.occupied or hex in built
            costs.append(tile_cost(task.index, kind, over, problem.engineer))
            mine.add(hex)
        built |= mine
    return costs


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
    try:
        mask = state.mask
        if mask & (mask - 1) == 0 or task.junction:
            return search(start, mask, state.left)
        if task.finish is not None and legs(start, mask, state.left):
            return True  # a witness
        return orders_allow(start, mask, state.left) and search(start, mask, state.left)
    except _LongSearch:
        return _model_route_exists(problem, task, state, held_hexes, held_places)


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
    geo: dict[int, dict[tuple[Hex, TileKind | None], list[int]]] = field(default_factory=dict)
    card_points: int = 0
    offset: tuple[int, int] = (0, 0)
    """Points (all, now) of the first canal's build while the last canal is searched."""

    def __post_init__(self) -> None:
        e = self.problem.engineer
        # twice the most points one card can pay for
        value = {
            CardKind.STRETCH: 2 if e == "Brindley" else 0,
            CardKind.LOCK: 2,
            CardKind.AQUEDUCT: 4 if e == "Telford" else 2,
            CardKind.TUNNEL: 3 if e == "Jessop" else 2,
        }
        surveyor = max(value.values())
        value[CardKind.SURVEYOR] = surveyor * (2 if e == "Smeaton" else 1)
        self.card_points = sum(value[k] * n for k, n in self.problem.hand.items()) // 2

    # -------------------------------------------------------------- bounds
    def geo_bound(self, task: CanalTask) -> dict[tuple[Hex, TileKind | None], list[int]]:
        """For each end of the canal (a tile's hex and kind, or a place's hex and None): the
        most tile points of up to k more tiles, by k, over walks in the canal's region with
        no two tiles of one kind in a row within a section (cards, vias and the canal's own
        hexes are not considered). k runs up to the tiles the hand can pay for this turn
        (:meth:`depth`; a larger k reads that row), over the hexes that close to the barge;
        every cell counts as a step of the search."""
        cached = self.geo.get(task.index)
        if cached is not None:
            return cached
        board = self.problem.board
        adj = adjacency(board)
        depth = self.depth(task)
        region = frozenset(h for h in task.region if task.reach.get(h, INF) <= depth)
        tiles: list[tuple[Hex, TileKind | None]] = [
            (h, k) for h in sorted(region) for k in adj.kinds[h]
        ]
        passable = sorted(
            {p for h in region for p in adj.places[h] if task.may_pass(p)}
            | ({task.at_place} if task.at_place else set())
        )
        places: list[tuple[Hex, TileKind | None]] = [(board.places[p].hex, None) for p in passable]
        table: dict[tuple[Hex, TileKind | None], list[int]] = {s: [0] for s in tiles + places}
        start = (task.end_hex, task.last_kind)
        if start not in table:
            table[start] = [0]
            tiles.append(start)
        place_hexes = {board.places[p].hex for p in passable}

        def step(hex: Hex, last: TileKind | None, k: int) -> int:
            best = table[(hex, last)][k - 1]
            for n in adj.hexes[hex]:
                if n not in region:
                    continue
                for kind in adj.kinds[n]:
                    if kind is not last:
                        best = max(best, TILE_POINTS[kind] + table[(n, kind)][k - 1])
            return best

        for k in range(1, depth + 1):
            self.counter.step(len(tiles) + len(places))
            for hex, _ in places:
                table[(hex, None)].append(step(hex, None, k))
            for hex, last in tiles:
                best = step(hex, last, k)
                for name in adj.places[hex]:
                    ph = board.places[name].hex
                    if ph in place_hexes and name != task.at_place:
                        best = max(best, table[(ph, None)][k])
                table[(hex, last)].append(best)
        self.geo[task.index] = table
        return table

    def depth(self, task: CanalTask) -> int:
        """The most tiles the canal can take this turn: its value, and the cards in hand
        (a Smeaton surveyor may pay two tiles)."""
        hand = self.problem.hand
        cards = sum(hand.values())
        if self.problem.smeaton:
            cards += hand.get(CardKind.SURVEYOR, 0)
        return min(task.budget, cards)

    def geo_at(self, task: CanalTask, end: tuple[Hex, TileKind | None], k: int) -> int:
        """The most tile points of up to k more tiles from ``end`` (see :meth:`geo_bound`)."""
        row = self.geo_bound(task).get(end)
        if row is None:  # an end beyond the tiles this turn can take: no bound known
            return INF
        return row[min(k, len(row) - 1)]

    def coarse_bound(self) -> int:
        """An upper bound made without any search: every completion, and the most points the
        cards in hand can pay for."""
        fixed = sum(task.old_points + task.bonus for task in self.problem.canals)
        return fixed + self.card_points

    def root_bound(self) -> int:
        """An upper bound on the points of any build."""
        total_geo = 0
        fixed = 0
        for task in self.problem.canals:
            total_geo += self.geo_at(task, (task.end_hex, task.last_kind), task.budget)
            start: Hex | str = task.at_place if task.at_place else task.end_hex
            if task.finish is not None:  # from the barge, on a place or on the last tile
                fewest = task.finish.from_start(start, task.full_mask)
            else:
                fewest = task.finish_from(start, task.full_mask)
            if fewest <= task.budget:
                fixed += task.old_points + task.bonus
        return fixed + min(total_geo, self.card_points)

    def tick(self) -> None:
        self.nodes += 1
        self.counter.step()

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
        payment = pay(build.costs, self.problem.hand, self.problem.engineer)
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

        def pairs(slots: int) -> int:
            return min(surveyors, prior_pairs + slots // 2) if smeaton else 0

        def consider(points: int, now: int, completed: bool, slots: int, tile_points: int) -> None:
            incumbent = best[0]
            if incumbent is not None:
                ub = prior.points + points + later_bound
                cards_lb = prior_cards + slots - pairs(slots)
                if ub < incumbent.points or (
                    ub == incumbent.points and cards_lb >= incumbent.cards
                ):
                    return
            if items and not completed and not still_completable(problem, task, items):
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
                        rec(board.places[name].hex, True, None, new_mask, points, slots)
                        items.pop()
            if left <= 0:
                return
            after = left - 1
            cards_left = self.card_points - prior.tile_points
            for n in adj.hexes[end]:
                if n in task.own or n in hexes:
                    continue
                finish = task.finish_tile.get((n, mask), INF)
                if finish > after:
                    continue
                over = n in task.occupied or n in prior.hexes
                for kind in adj.kinds[n]:
                    if kind is last and not at_place:
                        continue
                    ki = _KIND_INDEX[kind]
                    if supply_used[ki] >= supply[kind]:
                        continue
                    cost = tile_cost(task.index, kind, over, engineer)
                    demand[ki] += cost.main
                    demand[4] += cost.extra
                    new_slots = slots + cost.slots
                    if _natural_ok(demand, hand, surveyors + pairs(new_slots), brindley):
                        new_points = points + TILE_POINTS[kind]
                        incumbent = best[0]
                        go = True
                        if incumbent is not None:
                            future = min(
                                self.geo_at(task, (n, kind), after), cards_left - new_points
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
                            rec(n, False, kind, mask, new_points, new_slots)
                            supply_used[ki] -= 1
                            hexes.pop()
                            costs.pop()
                            items.pop()
                    demand[ki] -= cost.main
                    demand[4] -= cost.extra

        rec(task.end_hex, task.at_place is not None, task.last_kind, task.full_mask, 0, 0)
        return best[0]


def upper_bound(problem: BuildProblem) -> int:
    """An upper bound on the points of any build (the search's bound at its root)."""
    return _Searcher(problem, StepCounter(None)).root_bound()


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
        bound = searcher.root_bound()
        found = searcher.run()
        optimal = True
    except (OutOfBudget, WallClockHit) as exc:
        stopped = TIMEOUT if isinstance(exc, WallClockHit) else UNKNOWN_STOP
        if bound >= INF:  # out of budget before the bound: the cards' and completions'
            bound = searcher.coarse_bound()
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
