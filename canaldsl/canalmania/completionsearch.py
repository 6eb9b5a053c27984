"""The exact search for the fewest cards completing a canal with the tiles left.

What is asked, and what the cards count, is said in :mod:`canaldsl.canalmania.completion`.
The search walks depth-first from the barge over the tiles and places a route may take, in
the order of a lower bound on the cards still needed, computed backwards from the goal for
every number of tiles left (a table over the reachable hexes, their kinds and the via places
still to pass), and prunes

* a step whose bound cannot beat the best route found (cards so far + the table's bound);
* a step after which the tiles still needed exceed the tiles the value or the supply leaves
  (the walks of :mod:`canaldsl.canalmania.distances`, via places in the best order);
* at the start and at each place, when no simple route of the tiles left completes the canal
  (exact with at most one via place left: :mod:`canaldsl.graphpaths`).

Every step — a node, a cell of the table, a node of the route tests — counts against the work
budget (:mod:`canaldsl.budget`): the search stops, saying so, when it is spent. With many via
places the table keeps only the sets of via places left that fit TABLE_CELLS (the others use
the bound of no via place left: smaller, still a lower bound).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from canaldsl.budget import TIMEOUT, Budget, OutOfBudget, StepCounter, WallClockHit
from canaldsl.budget import UNKNOWN as UNKNOWN_STOP
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.components import OVERBUILD_EXTRA_CARDS, TERRAIN_TILES, TileKind
from canaldsl.canalmania.distances import Finish, Walk
from canaldsl.canalmania.problem import INF, CanalTask, RouteItem
from canaldsl.hexgrid import Hex

ROUTE_RULES = (
    "build.start-at-barge",
    "build.connected",
    "build.terrain",
    "build.consecutive-tiles",
    "build.canal-integrity",
    "build.contract-length",
    "build.via-places",
    "build.tile-supply",
)
"""The rules a completion must obey (its cards follow from build.card-cost and
build.overbuild, which only price it)."""

SWITCHABLE = frozenset(ROUTE_RULES) - {"build.start-at-barge", "build.connected"}
"""The rules :func:`search_completion` can leave out (it always walks a connected line from
the barge)."""

ALL_KINDS = (TileKind.STRETCH, TileKind.LOCK, TileKind.AQUEDUCT, TileKind.TUNNEL)

Node = tuple[Hex, TileKind | None, int] | tuple[str, int]
"""A point of the search: a tile (its hex, its kind, the via places left as a bit mask) or a
place the canal has reached (its name, the mask)."""


@dataclass(frozen=True)
class CompletionSearch:
    """The answer of the exact search: the fewest cards (None: the canal cannot be completed),
    a route that needs them, whether the search finished (False: its budget ran out, and
    ``cards`` is only the best found so far), and the nodes it visited."""

    cards: int | None
    route: tuple[RouteItem, ...]
    optimal: bool
    nodes: int
    stopped: str | None = None
    """Why it stopped early: UNKNOWN (the budget) or TIMEOUT (the wall clock)."""


@dataclass(frozen=True)
class _Setting:
    """One completion question: the canal, its supply, its player's engineer and the rules."""

    board: Board
    task: CanalTask
    supply: Mapping[TileKind, int]
    engineer: str | None
    rules: frozenset[str]
    most_tiles: int

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def kinds(self, hex: Hex) -> tuple[TileKind, ...]:
        """The kinds a tile on ``hex`` may be (none on a place; terrain and supply obeyed when
        their rules are)."""
        board = self.board
        if hex in board.place_at or hex not in board.terrain:
            return ()
        if self.has("build.terrain"):
            terrain = board.terrain[hex]
            kinds: tuple[TileKind, ...] = TERRAIN_TILES.get(terrain, ())
        else:
            kinds = ALL_KINDS
        if self.has("build.tile-supply"):
            kinds = tuple(k for k in kinds if self.supply.get(k, 0) > 0)
        return kinds

    def cost(self, hex: Hex, kind: TileKind) -> int:
        extra = OVERBUILD_EXTRA_CARDS if hex in self.task.occupied else 0
        return base_cost(kind, self.engineer) + extra

    def may_hold(self, hex: Hex) -> bool:
        """A hex the route may use at all (its own old hexes only without integrity)."""
        return not (self.has("build.canal-integrity") and hex in self.task.own)

    def goal(self, name: str, mask: int) -> bool:
        task = self.task
        if name in task.visited:
            return False
        if task.junction:
            return True
        return name == task.far and (mask == 0 or not self.has("build.via-places"))

    def passable(self, name: str) -> bool:
        """A place the route may pass on its way (without completing there): not the far
        endpoint; one the canal has passed only without integrity (a junction canal passes
        no other place)."""
        task = self.task
        if task.junction:
            return name in task.visited and not self.has("build.canal-integrity")
        if name == task.far:
            return False
        return name not in task.visited or not self.has("build.canal-integrity")


def search_completion(
    board: Board,
    task: CanalTask,
    supply: Mapping[TileKind, int],
    engineer: str | None,
    *,
    rules: Iterable[str] = ROUTE_RULES,
    horizon: int | None = None,
    budget: Budget | None = None,
    share: float = 1.0,
) -> CompletionSearch:
    """The fewest cards completing ``task``'s canal by the exact search (see the module
    docstring), obeying ``rules`` (a subset of ROUTE_RULES that holds build.start-at-barge and
    build.connected), within ``budget``. Without build.contract-length the route may have up
    to ``horizon`` tiles (default: the value allows); with build.tile-supply, no more than
    the supply holds. Once its table of bounds is made, the search itself takes at most
    ``share`` of what is left of the budget (the rest is left for another method)."""
    enforced = frozenset(rules)
    unknown = enforced - set(ROUTE_RULES)
    if unknown or not {"build.start-at-barge", "build.connected"} <= enforced:
        raise ValueError(f"the search always walks a connected line; cannot enforce {unknown}")
    most = task.budget if "build.contract-length" in enforced else (horizon or task.budget)
    most = max(most, task.budget)
    if "build.contract-length" in enforced:
        most = task.budget
    if "build.tile-supply" in enforced:
        most = min(most, sum(max(supply.get(k, 0), 0) for k in ALL_KINDS))
    setting = _Setting(board, task, supply, engineer, enforced, most)
    counter = StepCounter(budget)
    try:
        return _Searcher(setting, counter, share).run()
    except (OutOfBudget, WallClockHit) as exc:  # while the bound was being tabled
        return CompletionSearch(None, (), False, counter.steps, _stop(exc))
    finally:
        counter.close()


def _stop(exc: Exception) -> str:
    return TIMEOUT if isinstance(exc, WallClockHit) else UNKNOWN_STOP


TABLE_CELLS = 400_000
"""The most cells the table of bounds has for every set of via places left; beyond, it keeps
only the set of none (a smaller bound, still a lower bound: any completion through the via
places is also a walk to the far endpoint)."""

EXACT_WALK_RULES = frozenset({"build.terrain", "build.canal-integrity", "build.via-places"})
"""The rules under which the walks of :mod:`canaldsl.canalmania.distances` bound a route."""


class _Searcher:
    def __init__(self, setting: _Setting, counter: StepCounter, share: float = 1.0) -> None:
        self.s = setting
        self.counter = counter
        self.share = share
        self.nodes = 0
        self.best = INF
        self.best_route: tuple[RouteItem, ...] = ()
        self.masks = (
            range(setting.task.full_mask + 1) if setting.has("build.via-places") else range(1)
        )
        self.reduced = False
        """Whether the table keeps only the set of no via place left (see TABLE_CELLS)."""
        self.finish: Finish | None = None
        self.region: set[Hex] = set()
        self.table: list[dict[Node, int]] = []
        self.fewest_tiles: dict[Node, int] = {}
        """The fewest more tiles finishing from each node (from the table)."""
        self.memo: dict[object, tuple[int, tuple[RouteItem, ...]]] = {}

    def prepare(self) -> None:
        """The region, the walks' bound and the table (each step counted)."""
        s = self.s
        if s.rules >= EXACT_WALK_RULES:
            task = s.task
            walk = Walk(s.board, task.own, task.visited, task.far, task.junction)
            self.finish = Finish(walk, task.vias, s.most_tiles)
        self.region = self._region()
        self.counter.step(len(self.region))
        tiles = sum(len(self.s.kinds(h)) for h in self.region)
        if (s.most_tiles + 1) * tiles * len(self.masks) > TABLE_CELLS:
            self.masks, self.reduced = range(1), True
        self.table = self._bound()
        for t, row in enumerate(self.table):
            for node, value in row.items():
                if value < INF and node not in self.fewest_tiles:
                    self.fewest_tiles[node] = t
        self.counter.narrow(self.share)

    def key(self, node: Node) -> Node:
        """The table's key for a node (the mask dropped when the table is reduced)."""
        if not self.reduced:
            return node
        if len(node) == 3:
            return (node[0], node[1], 0)
        return (node[0], 0)

    # ------------------------------------------------------------ the bound
    def _start_mask(self) -> int:
        return self.s.task.full_mask if self.s.has("build.via-places") else 0

    def _region(self) -> set[Hex]:
        """Hexes a tile of the route can stand on: within reach of the barge (and, under the
        rules the walks follow, with room left to finish from there)."""
        s = self.s
        board = s.board
        task = s.task
        start = board.places[task.at_place].hex if task.at_place else task.end_hex
        seen = {start: 0}
        queue: deque[Hex] = deque([start])
        while queue:
            here = queue.popleft()
            d = seen[here]
            if d >= s.most_tiles and here not in board.place_at:
                continue
            for n in board.neighbours(here):
                if n in seen:
                    continue
                if n in board.place_at:
                    seen[n] = d
                    queue.appendleft(n)
                elif s.kinds(n):
                    seen[n] = d + 1
                    queue.append(n)
        finish = self.finish
        return {
            h
            for h, d in seen.items()
            if h not in board.place_at
            and d <= s.most_tiles
            and (finish is None or d + finish.least(h) <= s.most_tiles)
        }

    def _bound(self) -> list[dict[Node, int]]:
        """table[t][node]: the fewest cards finishing from ``node`` with at most t more tiles,
        never passing a hex or place twice and the supply not counted (a lower bound)."""
        s = self.s
        board = s.board
        region = self.region
        tiles = [(h, k) for h in sorted(region) for k in s.kinds(h) if s.may_hold(h)]
        near: set[str] = set()
        for h in region:
            for n in board.neighbours(h):
                place = board.place_at.get(n)
                if place is not None and s.passable(place.name):
                    near.add(place.name)
        places = sorted(near)
        consecutive = s.has("build.consecutive-tiles")
        table: list[dict[Node, int]] = []
        for t in range(s.most_tiles + 1):
            row: dict[Node, int] = {}
            before = table[t - 1] if t else None
            for name in places:
                for m in self.masks:
                    best = INF
                    if before is not None:
                        for n in board.neighbours(board.places[name].hex):
                            if n not in region or not s.may_hold(n):
                                continue
                            for kind in s.kinds(n):
                                value = before.get((n, kind, m), INF)
                                if value < INF:
                                    best = min(best, s.cost(n, kind) + value)
                    row[(name, m)] = best
            for hex, kind in tiles:
                for m in self.masks:
                    best = INF
                    for n in board.neighbours(hex):
                        place = board.place_at.get(n)
                        if place is not None:
                            if s.goal(place.name, m):
                                best = 0
                                break
                            if s.passable(place.name):
                                left = m & ~s.task.via_bit(place.name) if m else 0
                                best = min(best, row.get((place.name, left), INF))
                            continue
                        if before is None or n not in region or not s.may_hold(n):
                            continue
                        for other in s.kinds(n):
                            if consecutive and other is kind:
                                continue
                            value = before.get((n, other, m), INF)
                            if value < INF:
                                best = min(best, s.cost(n, other) + value)
                    row[(hex, kind, m)] = best
            self.counter.step(len(row))
            table.append(row)
        return table

    def lower(self, node: Node, left: int) -> int:
        return self.table[left].get(self.key(node), INF) if left >= 0 else INF

    # ------------------------------------------------------------ the search
    def tick(self) -> None:
        self.nodes += 1
        self.counter.step()

    def work(self) -> None:
        """One step of a route test (a node of a shortest-path search)."""
        self.counter.step()

    def run(self) -> CompletionSearch:
        s = self.s
        task = s.task
        mask = self._start_mask()
        self.route: list[RouteItem] = []
        self.held: set[Hex] = set()
        self.passed: set[str] = set()
        self.used = {k: 0 for k in ALL_KINDS}
        try:
            self.prepare()
            if not s.has("build.canal-integrity"):
                start: Hex | str = task.at_place if task.at_place else task.end_hex
                fewest, route = self.walk(start, task.last_kind, mask, s.most_tiles, (0, 0, 0, 0))
                if fewest < INF:
                    self.best, self.best_route = fewest, route
            elif task.at_place is not None:
                self.from_place(task.at_place, mask, s.most_tiles, 0)
            else:
                self.from_tile(task.end_hex, task.last_kind, mask, s.most_tiles, 0)
            optimal, stopped = True, None
        except (OutOfBudget, WallClockHit) as exc:
            optimal, stopped = False, _stop(exc)
        cards = None if self.best >= INF else self.best
        return CompletionSearch(cards, self.best_route, optimal, self.nodes, stopped)

    def walk(
        self,
        here: Hex | str,
        last: TileKind | None,
        mask: int,
        left: int,
        used: tuple[int, int, int, int],
    ) -> tuple[int, tuple[RouteItem, ...]]:
        """Without build.canal-integrity a route may pass a hex or place again, so what is
        left depends only on where it stands: the fewest cards from there, and the route, by
        a memoised recursion (exact)."""
        key = (here, last, mask, left, used if self.s.has("build.tile-supply") else None)
        if key in self.memo:
            return self.memo[key]
        self.tick()
        self.memo[key] = (INF, ())  # a walk never needs to come back to the same state
        s = self.s
        board = s.board
        best: tuple[int, tuple[RouteItem, ...]] = (INF, ())
        at = board.places[here].hex if isinstance(here, str) else here
        if not isinstance(here, str):
            for n in board.neighbours(here):
                place = board.place_at.get(n)
                if place is None:
                    continue
                if s.goal(place.name, mask):
                    best = (0, (place.name,))
                    break
                if s.passable(place.name):
                    new = mask & ~s.task.via_bit(place.name) if mask else 0
                    cards, rest = self.walk(place.name, None, new, left, used)
                    if cards < best[0]:
                        best = (cards, (place.name, *rest))
        if best[0] > 0 and left > 0:
            for n in board.neighbours(at):
                if n not in self.region:
                    continue
                for kind in s.kinds(n):
                    if kind is last and s.has("build.consecutive-tiles"):
                        continue
                    i = ALL_KINDS.index(kind)
                    if s.has("build.tile-supply") and used[i] >= s.supply.get(kind, 0):
                        continue
                    price = s.cost(n, kind)
                    if price + self.lower((n, kind, mask), left - 1) >= best[0]:
                        continue
                    more = (*used[:i], used[i] + 1, *used[i + 1 :])
                    cards, rest = self.walk(n, kind, mask, left - 1, more)  # type: ignore[arg-type]
                    if price + cards < best[0]:
                        best = (price + cards, ((n, kind), *rest))
        self.memo[key] = best
        return best

    def found(self, cards: int) -> None:
        if cards < self.best:
            self.best = cards
            self.best_route = tuple(self.route)

    def from_tile(self, hex: Hex, last: TileKind | None, mask: int, left: int, cards: int) -> None:
        """The route stands on a tile (the barge's, or one it built)."""
        self.tick()
        s = self.s
        board = s.board
        if not self.route and not self.route_possible(hex, mask, left):
            return  # the start: no simple route at all, nothing to search
        for n in board.neighbours(hex):
            place = board.place_at.get(n)
            if place is None:
                continue
            name = place.name
            if s.goal(name, mask):
                self.route.append(name)
                self.found(cards)
                self.route.pop()
            elif s.passable(name) and (
                name not in self.passed or not s.has("build.canal-integrity")
            ):
                new = mask & ~s.task.via_bit(name) if mask else 0
                if cards + self.lower((name, new), left) >= self.best:
                    continue
                self.route.append(name)
                self.passed.add(name)
                self.from_place(name, new, left, cards)
                self.passed.discard(name)
                self.route.pop()
        self.tiles(hex, last, mask, left, cards)

    def from_place(self, name: str, mask: int, left: int, cards: int) -> None:
        self.tick()
        if not self.route_possible(name, mask, left):
            return
        self.tiles(self.s.board.places[name].hex, None, mask, left, cards)

    def route_possible(self, here: Hex | str, mask: int, left: int) -> bool:
        """A necessary condition (tile kinds, supply and cards aside): some route of at most
        ``left`` tiles from ``here`` completes the canal without a hex or place used twice.
        Exact with at most one via place left (:mod:`canaldsl.graphpaths`); with more, not
        checked."""
        from canaldsl.graphpaths import least_cost_disjoint_pair, least_cost_path

        s = self.s
        board = s.board
        task = s.task
        vias = [v for i, v in enumerate(task.vias) if mask & (1 << i)]
        if len(vias) > 1:
            return True

        def neighbours(node: Hex | str, end: Callable[[str], bool]) -> list[Hex | str]:
            at = board.places[node].hex if isinstance(node, str) else node
            out: list[Hex | str] = []
            for n in board.neighbours(at):
                place = board.place_at.get(n)
                if place is None:
                    if n == here or (
                        n in self.region and s.may_hold(n) and n not in self.held and s.kinds(n)
                    ):
                        out.append(n)
                elif not isinstance(node, str) and (
                    place.name == here
                    or end(place.name)
                    or (s.passable(place.name) and place.name not in self.passed)
                ):
                    out.append(place.name)
            return out

        def cost(node: Hex | str) -> int:
            return 0 if isinstance(node, str) or node == here else 1

        if not vias:
            found = least_cost_path(
                here,
                lambda n: isinstance(n, str) and n != here and s.goal(n, 0),
                lambda n: [x for x in neighbours(n, lambda p: s.goal(p, 0)) if x != here],
                cost,
                limit=left,
                tick=self.work,
            )
            return found is not None
        far = task.far
        assert far is not None
        source: Hex | str = vias[0]
        pair = least_cost_disjoint_pair(
            source,
            (here, far),
            lambda n: neighbours(n, lambda p: p == far),
            cost,
            limit=left,
            tick=self.work,
        )
        return pair is not None and pair <= left

    def tiles(self, hex: Hex, last: TileKind | None, mask: int, left: int, cards: int) -> None:
        s = self.s
        if left <= 0:
            return
        options: list[tuple[int, int, Hex, TileKind]] = []
        spare = INF  # tiles left in the supply after the next one
        if s.has("build.tile-supply"):
            spare = sum(max(s.supply.get(k, 0) - self.used[k], 0) for k in ALL_KINDS) - 1
        for n in s.board.neighbours(hex):
            if n not in self.region or not s.may_hold(n):
                continue
            if s.has("build.canal-integrity") and n in self.held:
                continue
            for kind in s.kinds(n):
                if kind is last and s.has("build.consecutive-tiles"):
                    continue
                if s.has("build.tile-supply") and self.used[kind] >= s.supply.get(kind, 0):
                    continue
                if self.fewest_tiles.get(self.key((n, kind, mask)), INF) > spare:
                    continue  # too few tiles left in the supply to finish from there
                if self.finish is not None and self.finish.tile(n, mask) > min(left - 1, spare):
                    continue  # the walks: too few tiles left to pass the via places and finish
                price = s.cost(n, kind)
                bound = cards + price + self.lower((n, kind, mask), left - 1)
                if bound < self.best:
                    options.append((bound, price, n, kind))
        for bound, price, n, kind in sorted(options, key=lambda o: (o[0], o[2], o[3].value)):
            if bound >= self.best:
                break
            self.route.append((n, kind))
            self.held.add(n)
            self.used[kind] += 1
            self.from_tile(n, kind, mask, left - 1, cards + price)
            self.used[kind] -= 1
            self.held.discard(n)
            self.route.pop()
