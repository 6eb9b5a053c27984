"""Whether a canal can still be completed with the tiles left, and the fewest cards it needs.

**What is asked.** From the position as it stands, can the player complete the canal — over any
number of turns, building only on it — with the tiles left in their supply, and how many build
cards does that take at the fewest? A completion is a line of tiles from the canal's barge
through the via places it still lacks to its far endpoint (a junction canal: to any place it
has not passed), built by exactly the rules the engine checks of a build:

* each tile next to the one before or to the place reached after it, the first next to the
  barge (build.start-at-barge, build.connected); a tile between any two places;
* the kind suits the terrain (build.terrain); no two tiles of one kind side by side within a
  section (build.consecutive-tiles), also against the canal's last tile;
* never a hex or place twice, nor one the canal already holds (build.canal-integrity); no more
  tiles than the contract's value (build.contract-length); the far endpoint only after every
  via place (build.via-places); tiles from the supply as it stands (build.tile-supply);
* cards: a stretch or lock costs one card, an aqueduct two (one with Telford), a tunnel three
  (two with Jessop), and a tile on a hex holding another canal's tile two more
  (build.card-cost, build.overbuild).

**The number of cards** counts cards played, whatever the hand: the fewest cards paying for the
remaining tiles, over any number of turns. It does not depend on which cards the player holds
now: a surveyor stands for any card and Brindley's stretch for a lock, so the kinds of the
cards change nothing; Smeaton's surveyor played as two cards is not counted as one (whether
he gets one depends on the cards he draws). Other canals are taken as they stand: a hex holding
another canal's tile now costs the two extra cards.

**Two engines** answer it independently: the exact search here (depth-first over the routes,
pruned by a lower bound on the cards still needed, computed backwards from the goal) and the
CP-SAT model (:func:`canaldsl.canalmania.buildmodel.model_fewest_cards`). Tests check that they
agree on many random positions. The search also takes a set of rules to enforce, so that the
tests can check the rule sets :mod:`canaldsl.canalmania.minimal_rules` finds against it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from canaldsl.budget import (
    DEFAULT_UNITS,
    TIMEOUT,
    Budget,
    OutOfBudget,
    StepCounter,
    WallClockHit,
    as_budget,
)
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.components import (
    OVERBUILD_EXTRA_CARDS,
    TERRAIN_TILES,
    TileKind,
)
from canaldsl.canalmania.search import INF, CanalTask, RouteItem
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex

if TYPE_CHECKING:
    from canaldsl.canalmania.minimal_rules import RuleSet

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
) -> CompletionSearch:
    """The fewest cards completing ``task``'s canal by the exact search (see the module
    docstring), obeying ``rules`` (a subset of ROUTE_RULES that holds build.start-at-barge and
    build.connected). Without build.contract-length the route may have up to ``horizon``
    tiles (default: the value allows)."""
    enforced = frozenset(rules)
    unknown = enforced - set(ROUTE_RULES)
    if unknown or not {"build.start-at-barge", "build.connected"} <= enforced:
        raise ValueError(f"the search always walks a connected line; cannot enforce {unknown}")
    most = task.budget if "build.contract-length" in enforced else (horizon or task.budget)
    setting = _Setting(board, task, supply, engineer, enforced, max(most, task.budget))
    if "build.contract-length" in enforced:
        setting = _Setting(board, task, supply, engineer, enforced, task.budget)
    counter = StepCounter(budget)
    try:
        return _Searcher(setting, counter).run()
    except (OutOfBudget, WallClockHit) as exc:  # while the bound was being tabled
        return CompletionSearch(None, (), False, counter.steps, _stop(exc))
    finally:
        counter.close()


def _stop(exc: Exception) -> str:
    return TIMEOUT if isinstance(exc, WallClockHit) else UNKNOWN


class _Searcher:
    def __init__(self, setting: _Setting, counter: StepCounter) -> None:
        self.s = setting
        self.counter = counter
        self.nodes = 0
        self.best = INF
        self.best_route: tuple[RouteItem, ...] = ()
        self.masks = (
            range(setting.task.full_mask + 1) if setting.has("build.via-places") else range(1)
        )
        self.region = self._region()
        self.table = self._bound()
        self.fewest_tiles: dict[Node, int] = {}
        """The fewest more tiles finishing from each node (from the table)."""
        for t, row in enumerate(self.table):
            for node, value in row.items():
                if value < INF and node not in self.fewest_tiles:
                    self.fewest_tiles[node] = t
        self.memo: dict[object, tuple[int, tuple[RouteItem, ...]]] = {}

    # ------------------------------------------------------------ the bound
    def _start_mask(self) -> int:
        return self.s.task.full_mask if self.s.has("build.via-places") else 0

    def _region(self) -> set[Hex]:
        """Hexes a tile of the route can stand on: within reach of the barge."""
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
        return {h for h, d in seen.items() if h not in board.place_at and d <= s.most_tiles}

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
        return self.table[left].get(node, INF) if left >= 0 else INF

    # ------------------------------------------------------------ the search
    def tick(self) -> None:
        self.nodes += 1
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
            )
            return found is not None
        far = task.far
        assert far is not None
        source: Hex | str = vias[0]
        pair = least_cost_disjoint_pair(
            source, (here, far), lambda n: neighbours(n, lambda p: p == far), cost
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
                if self.fewest_tiles.get((n, kind, mask), INF) > spare:
                    continue  # too few tiles left in the supply to finish from there
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


# ------------------------------------------------------------------ the question, answered

OPTIMAL = "OPTIMAL"
INFEASIBLE = "INFEASIBLE"
UNKNOWN = "UNKNOWN"
DEFAULT_BUDGET = DEFAULT_UNITS
ENGINES = ("search", "cp-sat")


@dataclass(frozen=True)
class PlannedStep:
    """A tile of a completing route (its kind, hex and cards) or a place it reaches."""

    place: str | None = None
    hex: Hex | None = None
    kind: TileKind | None = None
    cards: int = 0
    on_top: bool = False

    def text(self) -> str:
        if self.place is not None:
            return self.place
        assert self.hex is not None and self.kind is not None
        top = ", on top" if self.on_top else ""
        return f"{self.kind.value} {self.hex.label} ({self.cards} card{_s(self.cards)}{top})"

    def to_json(self) -> dict[str, object]:
        if self.place is not None:
            return {"place": self.place}
        assert self.hex is not None and self.kind is not None
        return {
            "tile": self.kind.value,
            "hex": self.hex.label,
            "cards": self.cards,
            "on_top": self.on_top,
        }


@dataclass(frozen=True)
class CompletionAnswer:
    """Whether a canal can still be completed with the tiles left, and the fewest cards.

    ``possible``: True, False, or None when the work budget (status UNKNOWN) or the wall-clock
    safety limit (TIMEOUT) stopped the search before either was shown. ``cards``: the fewest
    cards (when possible and ``status`` is OPTIMAL; otherwise the fewest found so far).
    ``route``: a completion needing them. ``rules``: when it is not possible, a minimal set of
    rules that make it so (None when not asked for)."""

    player: str
    contract: str
    possible: bool | None
    cards: int | None
    route: tuple[PlannedStep, ...]
    tiles_left: int
    status: str
    engine: str
    seconds: float
    rules: RuleSet | None = None

    @property
    def tiles(self) -> int:
        return sum(1 for step in self.route if step.place is None)

    def summary(self) -> str:
        """A few words: yes with the cards, or no, or not decided."""
        if self.possible is None:
            limit = _limit_text(self.status)
            if self.cards is None:
                return f"not decided within {limit}"
            return f"not proven: {limit} ran out (a completion with {self.cards} cards)"
        if not self.possible:
            return "no"
        route = ", ".join(step.text() for step in self.route)
        return f"yes, with {self.cards} card{_s(self.cards or 0)} at the fewest ({route})"

    def reason(self) -> str:
        """One line for a query's outcome: the summary and, for a no, the rules behind it."""
        if self.possible is False:
            why = f"; {_rules_text(self.rules)}" if self.rules is not None else ""
            return f"no{why}"
        return self.summary()

    def text(self, *, timings: bool = False) -> str:
        """The answer for people; the solve time only with ``timings`` (it varies by run)."""
        name = _canal_name(self.contract)
        out = [f"can-complete {name} for {self.player}: {self.summary().split(' (')[0]}"]
        if self.possible:
            out.append(f"  route: {', '.join(step.text() for step in self.route)}")
            out.append(
                f"  {self.tiles} tile{_s(self.tiles)} of the {self.tiles_left} its value "
                "leaves; cards counted whatever the hand (see `canaldsl can-complete --help`)"
            )
        elif self.possible is False:
            out.append("  no route of tiles from the supply completes it by the rules")
            if self.rules is not None:
                out.append(f"  {_rules_text(self.rules)}")
        proof = {OPTIMAL: "OPTIMAL", INFEASIBLE: "INFEASIBLE (no completion)"}.get(
            self.status, f"{self.status}: {_limit_text(self.status)} ran out"
        )
        took = f", {self.seconds * 1000:.1f} ms" if timings else ""
        out.append(f"  proof: {proof} [{self.engine}{took}]")
        return "\n".join(out)

    def to_json(self, *, timings: bool = False) -> dict[str, object]:
        """The answer for programs; ``seconds`` only with ``timings`` (it varies by run)."""
        answer: dict[str, object] = {
            "player": self.player,
            "contract": self.contract,
            "possible": self.possible,
            "cards": self.cards,
            "tiles": self.tiles,
            "tiles_left": self.tiles_left,
            "status": self.status,
            "engine": self.engine,
            "route": [step.to_json() for step in self.route],
            "rules": self.rules.to_json(timings=timings) if self.rules is not None else None,
        }
        if timings:
            answer["seconds"] = round(self.seconds, 6)
        return answer


def _limit_text(status: str) -> str:
    if status == TIMEOUT:
        return "the wall-clock safety limit (this answer depends on the machine)"
    return "the work budget"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _canal_name(contract: str) -> str:
    return "the junction canal" if contract == "junction" else f'"{contract}"'


def _rules_text(rules: RuleSet) -> str:
    if not rules.decided:
        return "which rules make it so: not decided within the work budget"
    named = ", ".join(f"{r} ({t})" for r, t in zip(rules.rules, rules.titles(), strict=True))
    if not rules.minimal:
        return f"rules that together make it so (not shown minimal: work budget): {named}"
    return (
        f"minimal set of rules that make it so: {named} (leaving out any one of them makes it "
        f"possible; without build.contract-length, routes of up to {rules.horizon} tiles "
        "were tried)"
    )


class NoSuchCanal(ValueError):
    """The question names no open canal of the player."""


def find_canal(state: GameState, contract: str, colour: str | None) -> CanalState:
    """The open canal ``contract`` of ``colour`` (default: whoever holds it); raises
    NoSuchCanal."""
    holder = colour if colour is not None else state.contract_holder(contract)
    if holder is None or not state.has_player(holder):
        raise NoSuchCanal(f"no player holds {_canal_name(contract)}")
    canal = state.player(holder).canal(contract)
    if canal is None or not canal.route:
        raise NoSuchCanal(f"{holder} has no open canal {_canal_name(contract)}")
    return canal


def can_complete(
    state: GameState,
    canal: CanalState,
    *,
    engine: str = "search",
    budget: Budget | float | None = DEFAULT_BUDGET,
    explain: bool = True,
) -> CompletionAnswer:
    """Whether ``canal`` can still be completed with its owner's tiles, and the fewest cards
    (see the module docstring), by ``engine`` ("search" or "cp-sat"). With ``explain``, a
    canal that cannot be completed comes with a minimal set of rules that make it so
    (CP-SAT; :func:`canaldsl.canalmania.minimal_rules.why_not_complete`)."""
    from canaldsl.canalmania.minimal_rules import completion_problem

    started = time.monotonic()
    work = as_budget(budget)
    problem = completion_problem(state, canal)
    task = problem.canals[0]
    engine = {"exact": "search", "exhaustive": "search", "cpsat": "cp-sat"}.get(engine, engine)
    if engine == "search":
        found = search_completion(state.board, task, problem.supply, problem.engineer, budget=work)
        cards, items = found.cards, found.route
        status = OPTIMAL if found.optimal else found.stopped or UNKNOWN
    elif engine == "cp-sat":
        from canaldsl.canalmania.buildmodel import model_fewest_cards

        cards, items, status, stopped = model_fewest_cards(problem, budget=work)
        if status not in (OPTIMAL, INFEASIBLE):
            status = stopped or UNKNOWN
    else:
        raise ValueError(f"unknown engine {engine!r} ({' or '.join(ENGINES)})")
    if status == OPTIMAL and cards is None:
        status = INFEASIBLE
    possible = None if status in (UNKNOWN, TIMEOUT) else cards is not None
    rules = None
    if possible is False and explain:
        from canaldsl.canalmania.minimal_rules import why_not_complete

        rules = why_not_complete(state, canal, budget=work)
    return CompletionAnswer(
        player=canal.owner,
        contract=canal.contract,
        possible=possible,
        cards=cards,
        route=_steps(problem.canals[0], problem.engineer, items),
        tiles_left=task.budget,
        status=status,
        engine=engine,
        seconds=time.monotonic() - started,
        rules=rules,
    )


def _steps(
    task: CanalTask, engineer: str | None, items: Iterable[RouteItem]
) -> tuple[PlannedStep, ...]:
    out: list[PlannedStep] = []
    for item in items:
        if isinstance(item, str):
            out.append(PlannedStep(place=item))
            continue
        hex, kind = item
        top = hex in task.occupied
        price = base_cost(kind, engineer) + (OVERBUILD_EXTRA_CARDS if top else 0)
        out.append(PlannedStep(hex=hex, kind=kind, cards=price, on_top=top))
    return tuple(out)
