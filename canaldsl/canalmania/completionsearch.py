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

Under consecutive-tiles = neighbouring-hexes a tile of one kind never touches another of its
kind in the section (the route's tiles since its last place, and the canal's own before the
first); the table's bound, made without that, stays a lower bound. The memoised walk used
when build.canal-integrity is left out (minimal rule sets) keeps to the tile before only.

Every step — a node, a cell of the table, a node of the route tests — counts against the work
budget (:mod:`canaldsl.budget`): the search stops, saying so, when it is spent. With many via
places the table keeps only the sets of via places left that fit TABLE_CELLS (the others use
the bound of no via place left: smaller, still a lower bound).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from canaldsl.budget import TIMEOUT, Budget, OutOfBudget, StepCounter, WallClockHit
from canaldsl.budget import UNKNOWN as UNKNOWN_STOP
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.completiontable import (
    ALL_KINDS,
    CompletionTable,
    Setting,
)
from canaldsl.canalmania.components import TileKind
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
"""The rules a completion must obey (its cards follow from pay.wrong-count and
build.overbuild, which only price it)."""

SWITCHABLE = frozenset(ROUTE_RULES) - {"build.start-at-barge", "build.connected"}
"""The rules :func:`search_completion` can leave out (it always walks a connected line from
the barge)."""


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
    setting = Setting(board, task, supply, engineer, enforced, most)
    counter = StepCounter(budget)
    try:
        return _Searcher(setting, counter, share).run()
    except (OutOfBudget, WallClockHit) as exc:  # while the bound was being tabled
        return CompletionSearch(None, (), False, counter.steps, _stop(exc))
    finally:
        counter.close()


def _stop(exc: Exception) -> str:
    return TIMEOUT if isinstance(exc, WallClockHit) else UNKNOWN_STOP


class _Searcher(CompletionTable):
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

    def section(self) -> list[tuple[Hex, TileKind]]:
        """The tiles of the section the route stands in: after its last place (before the
        route's first place, the canal's own tiles since its last place count too)."""
        task = self.s.task
        section = list(task.section) if task.at_place is None else []
        for item in self.route:
            if isinstance(item, str):
                section = []
            else:
                section.append(item)
        return section

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
        section = self.section() if s.task.neighbouring else []
        for n in s.board.neighbours(hex):
            if n not in self.region or not s.may_hold(n):
                continue
            if s.has("build.canal-integrity") and n in self.held:
                continue
            for kind in s.kinds(n):
                if kind is last and s.has("build.consecutive-tiles"):
                    continue
                if s.has("build.consecutive-tiles") and s.task.touches_alike(section, n, kind):
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
