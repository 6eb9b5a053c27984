"""Best builds of a few tiles by python-constraint2: a third solver, for cross-checking.

An independent formulation of the question :mod:`canaldsl.canalmania.bestbuild` answers (the
build this turn scoring the most points, then paying the fewest cards), for builds of at most
``max_tiles`` tiles. It shares no code with the exact search (``search.py``) or the CP-SAT
model (``buildmodel.py``): it reads the position (board, canals, hand, supply) and the game's
numbers (terrain, tile points, card costs) and nothing else.

Three small problems, two of them constraint satisfaction problems:

* **Lines** (python-constraint, one problem per canal). Slot ``t<p>`` is the hex of the
  canal's p-th new tile, or empty, and slot ``q<p>`` the place it reaches right after that
  tile (``q0``: before the first tile, when the barge stands on a tile). Constraints: slots
  filled in order; a place only right after a tile and next to it; each tile next to the tile
  or place before it (the first next to the barge); no hex or place twice; the far endpoint
  only after every via place, and nothing after a completion (for a junction canal any new
  place completes it); no more tiles than the contract's value allows, a tile's domain
  holding only hexes the barge can reach by then, from which the canal can still be finished
  in time and on which some kind of tile in supply may stand; and a relaxed card count for
  some choice of the tiles' kinds (a necessary condition, so no line the hand could pay for
  is lost). Each solution gives a candidate line for every choice of its tiles' kinds that
  is legal: kinds suiting the terrain, in supply; no two tiles of one kind in a row with no
  place between (also after the barge's tile; under consecutive-tiles = neighbouring-hexes
  none on touching hexes of a section); the relaxed card count. (Kinds are chosen after the
  solution, not by the solver: half of the lines differ from another only in their kinds.)
  A line that leaves its canal incomplete is legal only when the canal can still be
  completed (a plain depth-first search for a route of unused hexes and places within the
  value, written here), tested when the combination step first reaches the line.
* **Payment** (python-constraint, one problem per list of tile costs, remembered). Variable
  ``(i, card)`` is how many cards of that kind pay tile i (with Smeaton also how many surveyor
  *halves*): each tile gets exactly its cards (an exact sum), enough of them of its own kind
  or standing in for it — surveyors, halves, Brindley's stretches for a lock (a minimum sum);
  the two extra cards of building on top of another canal's tile may be any; no kind beyond
  the hand (maximum sums); the halves pair up within a tile or across two consecutive tiles
  of one canal. The most halves (Smeaton's doubled surveyors) give the fewest cards: the
  number of pairs is fixed by a constraint and tried from the most down.
* **Combination** (plain Python): one line per canal, in the player's canal order, with the
  joint supply, the joint payment (a later line pays two extra cards on an earlier line's new
  tiles) and at most ``max_tiles`` tiles in all; the most points, then the fewest cards.

Points follow the rules: a completed canal scores all its tiles (1 per lock, 2 per aqueduct,
3 per tunnel) and, in the 2nd edition, its contract's value; an incomplete one counts the
points of the tiles added to it.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter, OrderedDict, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from constraint import (
    ExactSumConstraint,
    FunctionConstraint,
    MaxSumConstraint,
    MinSumConstraint,
    Problem,
)

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import (
    CARDS_PER_TILE,
    OVERBUILD_EXTRA_CARDS,
    TERRAIN_TILES,
    TILE_POINTS,
    CardKind,
    Edition,
    TileKind,
)
from canaldsl.canalmania.position import JUNCTION, Tile
from canaldsl.canalmania.state import GameState
from canaldsl.hexgrid import Hex

HALF = "half"
"""Half of a surveyor Smeaton plays as two cards."""

TileChoice = tuple[Hex, TileKind]
Item = TileChoice | str
Card = tuple[CardKind, int | None]
"""A card paid: its kind, and a label shared by the two halves of a doubled surveyor."""


def tile_base_cost(kind: TileKind, engineer: str | None) -> int:
    """Cards of its own kind a tile needs (Jessop's tunnels and Telford's aqueducts cheaper)."""
    if kind is TileKind.TUNNEL and engineer == "Jessop":
        return 2
    if kind is TileKind.AQUEDUCT and engineer == "Telford":
        return 1
    return CARDS_PER_TILE[kind]


# ------------------------------------------------------------------ the canals


@dataclass(frozen=True)
class CanalInfo:
    """What the solver needs to know of one open canal."""

    index: int
    name: str
    junction: bool
    value: int
    old_tiles: tuple[TileKind, ...]
    own_hexes: frozenset[Hex]
    visited: frozenset[str]
    end_hex: Hex
    on_place: bool
    last_kind: TileKind | None
    far: str | None
    vias: frozenset[str]
    occupied: frozenset[Hex]
    """Hexes holding tiles of any other canal (any player's) before the build."""
    section: tuple[tuple[Hex, TileKind], ...] = ()
    """The canal's tiles after its last place (the section the barge stands in)."""
    neighbouring: bool = False
    """consecutive-tiles = neighbouring-hexes: no two tiles of one kind on touching hexes of
    one section."""

    @property
    def budget(self) -> int:
        return max(self.value - len(self.old_tiles), 0)

    def completes_at(self, place: str, passed: Sequence[str]) -> bool:
        if self.junction:
            return True
        return place == self.far and self.vias <= set(passed)

    def may_reach(self, place: str, passed: Sequence[str]) -> bool:
        """Reaching ``place`` after ``passed`` (places of this build) is allowed."""
        if place in self.visited or place in passed:
            return False
        return self.junction or place != self.far or self.vias <= set(passed)


def canal_infos(state: GameState, colour: str) -> list[CanalInfo]:
    """The player's open canals a build can name, in the player's order."""
    player = state.player(colour)
    board = state.board
    out: list[CanalInfo] = []
    for canal in player.open_canals:
        if player.canal(canal.contract) is not canal or not canal.route:
            continue
        end = canal.end
        assert end is not None
        junction = canal.contract == JUNCTION
        far: str | None = None
        vias: frozenset[str] = frozenset()
        section: list[tuple[Hex, TileKind]] = []
        for item in canal.route:
            section = [*section, (item.hex, item.kind)] if isinstance(item, Tile) else []
        if not junction:
            contract = board.contracts[canal.contract]
            far = contract.other_endpoint(canal.places[0])
            vias = frozenset(v for v in contract.via if v not in canal.places)
        out.append(
            CanalInfo(
                index=len(out),
                name=canal.contract,
                junction=junction,
                value=canal.value,
                old_tiles=tuple(t.kind for t in canal.tiles),
                own_hexes=frozenset(t.hex for t in canal.tiles),
                visited=frozenset(canal.places),
                end_hex=end.hex if isinstance(end, Tile) else board.places[end].hex,
                on_place=isinstance(end, str),
                last_kind=end.kind if isinstance(end, Tile) else None,
                far=far,
                vias=vias,
                occupied=frozenset(
                    t.hex for other in state.canals() if other is not canal for t in other.tiles
                ),
                section=tuple(section),
                neighbouring=state.rules.options["consecutive-tiles"] == "neighbouring-hexes",
            )
        )
    return out


# ------------------------------------------------------------------ completability


FAR = 10**6


@dataclass(frozen=True)
class Graph:
    """A board's neighbourhoods: the buildable hexes and the places next to each hex."""

    hexes: Mapping[Hex, tuple[Hex, ...]]
    places: Mapping[Hex, tuple[str, ...]]
    order: tuple[Hex, ...]
    """Every hex, numbered by its position here."""
    number: Mapping[Hex, int]
    around: tuple[frozenset[int], ...]
    """The numbers of each numbered hex's neighbours."""


@functools.lru_cache(maxsize=64)
def graph(board: Board) -> Graph:
    order = tuple(sorted(board.terrain))
    number = {h: i for i, h in enumerate(order)}
    return Graph(
        hexes={
            h: tuple(n for n in board.neighbours(h) if board.is_buildable(n)) for h in board.terrain
        },
        places={
            h: tuple(board.place_at[n].name for n in board.neighbours(h) if n in board.place_at)
            for h in board.terrain
        },
        order=order,
        number=number,
        around=tuple(frozenset(number[n] for n in board.neighbours(h)) for h in order),
    )


class Finisher:
    """Whether a canal can still be completed from where a build leaves it: a route of unused
    buildable hexes and unused places, through the via places still lacking, to the far
    endpoint (a junction canal: to any new place), within the tiles its value leaves.

    Exact depth-first search over simple routes, pruned by a lower bound on the tiles still
    needed (fewest tiles to each target place, passing places freely, over the via places in
    the best order)."""

    def __init__(self, board: Board, canal: CanalInfo) -> None:
        self.board = board
        self.canal = canal
        self.hexes = graph(board).hexes
        self.places = graph(board).places
        targets = set(canal.vias) | ({canal.far} if canal.far else set())
        self.to = {name: self._tiles_to(name) for name in targets}
        self.memo: dict[tuple[Hex, frozenset[str]], int] = {}
        self.known: dict[tuple[Hex, bool, frozenset[Hex], frozenset[str], int], bool] = {}
        """:meth:`possible` of each question asked, once: lines that differ only in their
        tiles' kinds ask the same (the answer is a pure function of the arguments)."""

    def _tiles_to(self, name: str) -> dict[Hex, int]:
        """Fewest more tiles after a tile on each hex before reaching place ``name``."""
        board = self.board
        goal = board.places[name].hex
        distance: dict[Hex, int] = {}
        queue: deque[tuple[int, Hex]] = deque()
        for n in self.hexes[goal]:
            distance[n] = 0
            queue.append((0, n))
        while queue:
            d, here = queue.popleft()
            if distance[here] < d:
                continue
            for n in self.hexes[here]:
                if distance.get(n, FAR) > d + 1:
                    distance[n] = d + 1
                    queue.append((d + 1, n))
            for place in self.places[here]:
                for n in self.hexes[board.places[place].hex]:
                    if distance.get(n, FAR) > d + 1:
                        distance[n] = d + 1
                        queue.append((d + 1, n))
        return distance

    def from_tile(self, hex: Hex, left: frozenset[str]) -> int:
        """Fewest more tiles after a tile on ``hex`` with the via places ``left``."""
        if self.canal.junction:
            return 0
        if not left:
            return self.to[str(self.canal.far)].get(hex, FAR)
        key = (hex, left)
        if key not in self.memo:
            self.memo[key] = min(
                self.to[v].get(hex, FAR) + self.from_place(v, left - {v}) for v in left
            )
        return self.memo[key]

    def from_place(self, name: str, left: frozenset[str]) -> int:
        """Fewest more tiles from the barge on place ``name`` with the via places ``left``."""
        hex = self.board.places[name].hex
        return min((1 + self.from_tile(n, left) for n in self.hexes[hex]), default=FAR)

    def possible(
        self,
        *,
        end: Hex,
        on_place: bool,
        hexes: frozenset[Hex],
        places: frozenset[str],
        left: int,
    ) -> bool:
        """Whether the canal can be completed from ``end`` (a tile's hex, or a place's), with
        ``hexes`` and ``places`` used and ``left`` tiles to go."""
        key = (end, on_place, hexes, places, left)
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self._possible(end, on_place, hexes, places, left)
        return known

    def _possible(
        self, end: Hex, on_place: bool, hexes: frozenset[Hex], places: frozenset[str], left: int
    ) -> bool:
        canal = self.canal
        board = self.board
        used_hexes = set(hexes)
        used_places = set(places)

        def walk(here: Hex, at_place: bool, vias: frozenset[str], left: int) -> bool:
            if not at_place:
                for name in self.places[here]:
                    if name in used_places:
                        continue
                    if canal.junction or (name == canal.far and not vias):
                        return True
                    if name == canal.far:
                        continue
                    after = vias - {name}
                    if self.from_place(name, after) > left:
                        continue
                    used_places.add(name)
                    found = walk(board.places[name].hex, True, after, left)
                    used_places.discard(name)
                    if found:
                        return True
            if left <= 0:
                return False
            options = sorted(
                (self.from_tile(n, vias), n) for n in self.hexes[here] if n not in used_hexes
            )
            for bound, n in options:
                if bound > left - 1:
                    break
                used_hexes.add(n)
                found = walk(n, False, vias, left - 1)
                used_hexes.discard(n)
                if found:
                    return True
            return False

        vias = frozenset(canal.vias - places)
        return walk(end, on_place, vias, left)


# ------------------------------------------------------------------ paying


def halves_pair_up(canals: Sequence[int], halves: Sequence[int]) -> bool:
    """Surveyor halves pair within a tile or across two consecutive tiles of one canal: every
    maximal run of consecutive tiles of one canal holding halves has an even number."""
    run = 0
    for i, count in enumerate(halves):
        continues = i > 0 and canals[i] == canals[i - 1] and halves[i - 1] > 0
        if count and continues:
            run += count
            continue
        if run % 2:
            return False
        run = count
    return run % 2 == 0


class Payer:
    """The fewest cards of one hand paying for lists of tiles (remembered per list)."""

    def __init__(self, hand: Mapping[CardKind, int], engineer: str | None) -> None:
        self.hand = {k: hand.get(k, 0) for k in CardKind}
        self.engineer = engineer
        self.smeaton = engineer == "Smeaton" and self.hand[CardKind.SURVEYOR] > 0
        self.memo: dict[tuple[tuple[int, TileKind, int], ...], list[list[Card]] | None] = {}

    def pay(self, tiles: Sequence[tuple[int, TileKind, int]]) -> list[list[Card]] | None:
        """Cards per tile for ``tiles`` ((canal, kind, extra cards) in build order), paying
        the fewest cards; None when the hand cannot pay."""
        key = tuple(tiles)
        if key not in self.memo:
            self.memo[key] = self._solve(key)
        return self.memo[key]

    def _solve(self, tiles: tuple[tuple[int, TileKind, int], ...]) -> list[list[Card]] | None:
        """Variable ``(i, card)``: how many cards of that kind (or surveyor halves) pay tile
        i. Each tile gets exactly its cards, enough of them of its own kind (or stand-ins),
        no kind beyond the hand; the halves come in pairs that may be played together."""
        if not tiles:
            return []
        hand = self.hand
        tokens = [k.value for k in CardKind] + ([HALF] if self.smeaton else [])
        limit = {k.value: hand[k] for k in CardKind} | {HALF: 2 * hand[CardKind.SURVEYOR]}
        canals = [canal for canal, _, _ in tiles]
        slots = [tile_base_cost(kind, self.engineer) + extra for _, kind, extra in tiles]
        most = min(hand[CardKind.SURVEYOR], sum(slots) // 2) if self.smeaton else 0
        for pairs in range(most, -1, -1):
            problem = Problem()
            for i, (_, kind, _) in enumerate(tiles):
                cells = [(i, token) for token in tokens]
                for cell in cells:
                    problem.addVariable(cell, range(min(slots[i], limit[cell[1]]) + 1))
                problem.addConstraint(ExactSumConstraint(slots[i]), cells)
                problem.addConstraint(
                    MinSumConstraint(tile_base_cost(kind, self.engineer)),
                    [(i, token) for token in self._matching(kind)],
                )
            for k in CardKind:
                held = hand[k] - (pairs if k is CardKind.SURVEYOR else 0)
                problem.addConstraint(
                    MaxSumConstraint(held), [(i, k.value) for i in range(len(tiles))]
                )
            if self.smeaton:
                halves = [(i, HALF) for i in range(len(tiles))]
                problem.addConstraint(ExactSumConstraint(2 * pairs), halves)
                problem.addConstraint(lambda *h: halves_pair_up(canals, h), halves)
            solution = first_solution(problem)
            if solution:
                paid = [
                    tuple(token for token in tokens for _ in range(solution[(i, token)]))
                    for i in range(len(tiles))
                ]
                return _labelled(canals, paid)
        return None

    def _matching(self, kind: TileKind) -> list[str]:
        """The cards that may pay a tile's own-kind cards."""
        matching = [kind.value, CardKind.SURVEYOR.value]
        if self.smeaton:
            matching.append(HALF)
        if kind is TileKind.LOCK and self.engineer == "Brindley":
            matching.append(CardKind.STRETCH.value)
        return matching


def payer_for(hand: Mapping[CardKind, int], engineer: str | None) -> Payer:
    """The :class:`Payer` of this hand and engineer, kept between questions (the latest 256):
    what a list of tiles costs depends on nothing else, and random positions share hands."""
    return _payer(tuple(hand.get(k, 0) for k in CardKind), engineer)


@functools.lru_cache(maxsize=256)
def _payer(counts: tuple[int, ...], engineer: str | None) -> Payer:
    return Payer(dict(zip(CardKind, counts, strict=True)), engineer)


def first_solution(problem: Problem) -> dict[object, int] | None:
    """A solution of ``problem``, or None. python-constraint2 (2.9) raises ValueError ("...
    arg is an empty sequence") from a constraint's preprocessing when an earlier constraint's
    preprocessing has emptied a variable's domain: the problem has no solution."""
    try:
        solution: dict[object, int] | None = problem.getSolution()
    except ValueError as exc:
        if "empty sequence" not in str(exc):
            raise
        return None
    return solution


def _labelled(canals: Sequence[int], paid: Sequence[tuple[str, ...]]) -> list[list[Card]]:
    """The cards of each tile, the halves labelled in pairs (a label per doubled surveyor)."""
    out: list[list[Card]] = []
    label = 0
    open_label: int | None = None
    for i, cards in enumerate(paid):
        if i > 0 and canals[i] != canals[i - 1]:
            open_label = None
        tile: list[Card] = [(CardKind(c), None) for c in cards if c != HALF]
        for _ in range(cards.count(HALF)):
            if open_label is not None:
                tile.append((CardKind.SURVEYOR, open_label))
                open_label = None
            else:
                label += 1
                tile.append((CardKind.SURVEYOR, label))
                open_label = label
        out.append(tile)
    return out


def physical_cards(payment: Sequence[Sequence[Card]]) -> int:
    """Cards leaving the hand: a doubled surveyor counts once."""
    labels = {n for tile in payment for _, n in tile if n is not None}
    return sum(1 for tile in payment for _, n in tile if n is None) + len(labels)


# ------------------------------------------------------------------ lines


@dataclass(frozen=True)
class Line:
    """One canal's part of a build: its items in order, and what it is worth."""

    items: tuple[Item, ...]
    completes: bool
    points: int

    @property
    def tiles(self) -> tuple[TileChoice, ...]:
        return tuple(x for x in self.items if not isinstance(x, str))


KINDS = tuple(TileKind)


class _Relaxed:
    """A necessary condition for the hand to pay for some tiles: kind by kind shortfalls
    covered by surveyors (doubled with Smeaton), and enough cards in all; and the supply."""

    def __init__(
        self, hand: Mapping[CardKind, int], engineer: str | None, supply: Mapping[TileKind, int]
    ) -> None:
        self.engineer = engineer
        self.held = [hand.get(CardKind(k.value), 0) for k in KINDS]
        self.supply = [supply.get(k, 0) for k in KINDS]
        surveyors = hand.get(CardKind.SURVEYOR, 0)
        self.wild = surveyors * (2 if engineer == "Smeaton" else 1)
        self.total = sum(self.held) + self.wild
        self.brindley = engineer == "Brindley"
        self.key = (tuple(self.held), tuple(self.supply), self.wild, self.brindley, engineer)
        """All this condition depends on."""

    def cost(self, kind: TileKind, on_top: bool) -> tuple[int, int, int]:
        """(kind index, own-kind cards, all cards) of one tile."""
        main = tile_base_cost(kind, self.engineer)
        return KINDS.index(kind), main, main + (OVERBUILD_EXTRA_CARDS if on_top else 0)

    def ok(self, costs: Sequence[tuple[int, int, int]]) -> bool:
        need = [0, 0, 0, 0]
        count = [0, 0, 0, 0]
        slots = 0
        for index, main, cards in costs:
            need[index] += main
            count[index] += 1
            slots += cards
        if slots > self.total:
            return False
        if any(c > s for c, s in zip(count, self.supply, strict=True)):
            return False
        short = [max(n - h, 0) for n, h in zip(need, self.held, strict=True)]
        if self.brindley:
            short[1] = max(short[1] - max(self.held[0] - need[0], 0), 0)
        return sum(short) <= self.wild


def reach(board: Board, canal: CanalInfo) -> dict[tuple[Hex, frozenset[str]], int]:
    """Fewest tiles from the barge to a tile on each hex, by the via places passed on the way
    (places are passed between tiles, never twice in a row)."""
    distance: dict[tuple[Hex, frozenset[str]], int] = {}
    queue: deque[tuple[int, Hex, frozenset[str]]] = deque()

    def passable(name: str) -> bool:
        return name not in canal.visited and not canal.junction and name != canal.far

    around = graph(board)

    def step_from(hex: Hex, passed: frozenset[str], d: int, via_places: bool) -> None:
        for n in around.hexes[hex]:
            if n not in canal.own_hexes and distance.get((n, passed), 99) > d + 1:
                distance[(n, passed)] = d + 1
                queue.append((d + 1, n, passed))
        if via_places:
            for name in around.places[hex]:
                if passable(name):
                    after = passed | ({name} & canal.vias)
                    step_from(board.places[name].hex, after, d, False)

    step_from(canal.end_hex, frozenset(), 0, not canal.on_place)
    while queue:
        d, hex, passed = queue.popleft()
        if distance[(hex, passed)] == d:
            step_from(hex, passed, d, True)
    return distance


@dataclass(frozen=True)
class LineProblem:
    """A python-constraint problem whose solutions are the hexes and places of one canal's
    lines, and how to read a solution and give its tiles their kinds. Values are small
    integers: a tile is its hex's number, a place its number in ``names``; ``EMPTY_SLOT`` (-1)
    leaves a slot unused."""

    problem: Problem
    tiles: list[str]
    places: list[str]
    hexes: list[Hex]
    names: list[str]
    kinds: Mapping[int, tuple[int, ...]]
    """The kinds (numbers in ``KINDS``) a tile may have on each hex: its terrain's, in supply."""
    cost: Mapping[tuple[int, int], tuple[int, int, int]]
    """:meth:`_Relaxed.cost` of a tile of each (hex, kind)."""
    last: int
    """The kind of the tile the barge stands on (-1: none, or it stands on a place)."""
    relaxed: _Relaxed

    def lines(self) -> list[tuple[Item, ...]]:
        """Every solution as the line's items in order, once for each choice of its tiles'
        kinds that is legal: kinds of the hex's terrain in supply (the domains), no two tiles
        of one kind in a row with no place between (the barge's tile counts), and the relaxed
        card count of the line's tiles."""
        out: list[tuple[Item, ...]] = []
        tiles, places, names = self.tiles, self.places, self.names
        for solution in self.problem.getSolutionIter():
            first = solution[places[0]]
            hexes: list[int] = []
            after: list[int] = []
            for t, q in zip(tiles, places[1:], strict=True):
                value = solution[t]
                if value == EMPTY_SLOT:
                    break
                hexes.append(value)
                after.append(solution[q])
            if first == EMPTY_SLOT and not hexes:
                continue
            for kinds in itertools.product(*(self.kinds[h] for h in hexes)):
                if not self._legal_kinds(first, hexes, after, kinds):
                    continue
                items: list[Item] = [] if first == EMPTY_SLOT else [names[first]]
                for h, q, k in zip(hexes, after, kinds, strict=True):
                    items.append((self.hexes[h], KINDS[k]))
                    if q != EMPTY_SLOT:
                        items.append(names[q])
                out.append(tuple(items))
        return out

    def _legal_kinds(
        self, first: int, hexes: Sequence[int], after: Sequence[int], kinds: Sequence[int]
    ) -> bool:
        before = self.last if first == EMPTY_SLOT else -1
        for k, q in zip(kinds, after, strict=True):
            if k == before:
                return False
            before = k if q == EMPTY_SLOT else -1
        return self.relaxed.ok([self.cost[h, k] for h, k in zip(hexes, kinds, strict=True)])


EMPTY_SLOT = -1


def line_problem(
    board: Board,
    canal: CanalInfo,
    slots: int,
    relaxed: _Relaxed,
    finisher: Finisher,
) -> LineProblem:
    """The hexes and places of the lines of ``canal`` with at most ``slots`` tiles as a
    constraint problem (see the module docstring); :meth:`LineProblem.lines` gives each
    solution's tiles their kinds. A tile's domain holds only hexes the barge can reach by then
    and from which the far endpoint is near enough for the tiles left (a necessary
    condition), and on which some kind of tile may stand (terrain, supply)."""
    problem = Problem()
    distance = reach(board, canal)
    grid = graph(board)
    hexes = list(grid.order)
    number = grid.number
    around = grid.around
    names = sorted(n for n in board.places if n not in canal.visited)
    place_at = [number[board.places[n].hex] for n in names]
    end = number[canal.end_hex]
    last = KINDS.index(canal.last_kind) if canal.last_kind is not None else -1
    far = names.index(canal.far) if canal.far in names else -2
    vias = frozenset(names.index(v) for v in canal.vias)
    junction = canal.junction
    tiles = [f"t{p}" for p in range(1, slots + 1)]
    places = [f"q{p}" for p in range(0, slots + 1)]
    kinds: dict[int, tuple[int, ...]] = {}
    cost: dict[tuple[int, int], tuple[int, int, int]] = {}
    for p, name in enumerate(tiles, start=1):
        domain = [EMPTY_SLOT]
        candidates = sorted(
            {
                hex
                for (hex, passed), d in distance.items()
                if d <= p and p + finisher.from_tile(hex, canal.vias - passed) <= canal.budget
            }
        )
        for hex in candidates:
            value = number[hex]
            if value not in kinds:
                kinds[value] = tuple(
                    KINDS.index(kind)
                    for kind in TERRAIN_TILES[board.terrain[hex]]
                    if relaxed.supply[KINDS.index(kind)] > 0
                )
                for k in kinds[value]:
                    cost[value, k] = relaxed.cost(KINDS[k], hex in canal.occupied)
            if kinds[value]:
                domain.append(value)
        problem.addVariable(name, domain)
    for p, name in enumerate(places):
        first = p == 0
        if first and canal.on_place:
            problem.addVariable(name, [EMPTY_SLOT])
        elif first:
            near = [i for i, h in enumerate(place_at) if h in around[end]]
            problem.addVariable(name, [EMPTY_SLOT, *near])
        else:
            problem.addVariable(name, [EMPTY_SLOT, *range(len(names))])

    # slots filled in order; a place only right after a tile, next to it
    for p in range(1, slots):
        problem.addConstraint(
            lambda a, b: a != EMPTY_SLOT or b == EMPTY_SLOT, (tiles[p - 1], tiles[p])
        )
    for p in range(1, slots + 1):
        problem.addConstraint(
            lambda t, q: q == EMPTY_SLOT or (t != EMPTY_SLOT and place_at[q] in around[t]),
            (tiles[p - 1], places[p]),
        )
    # each tile next to what comes before it (no two of a kind in a row: the kinds, in lines())
    if tiles:
        problem.addConstraint(
            lambda q, t: (
                t == EMPTY_SLOT or t in (around[place_at[q]] if q != EMPTY_SLOT else around[end])
            ),
            (places[0], tiles[0]),
        )
    for p in range(2, slots + 1):
        problem.addConstraint(
            lambda before, q, t: (
                t == EMPTY_SLOT
                or (
                    before != EMPTY_SLOT
                    and t in (around[place_at[q]] if q != EMPTY_SLOT else around[before])
                )
            ),
            (tiles[p - 2], places[p - 1], tiles[p - 1]),
        )
    # no hex or place twice
    for a, b in itertools.combinations(tiles, 2):
        problem.addConstraint(lambda x, y: x == EMPTY_SLOT or x != y, (a, b))
    for a, b in itertools.combinations(places, 2):
        problem.addConstraint(lambda x, y: x == EMPTY_SLOT or x != y, (a, b))

    # the far endpoint only after the via places; a completion ends the line
    def vias_done(passed: Sequence[int]) -> bool:
        return vias <= set(passed)

    for p in range(slots + 1):
        before = places[:p]
        if not junction:
            problem.addConstraint(
                lambda *qs: qs[-1] != far or vias_done(qs[:-1]), (*before, places[p])
            )
        if p < slots:
            problem.addConstraint(
                lambda *qs: (
                    qs[-1] == EMPTY_SLOT or qs[-2] == EMPTY_SLOT or not (junction or qs[-2] == far)
                ),
                (places[p], tiles[p]),
            )

    # the supply and a relaxed card count, for some choice of the tiles' kinds (each choice
    # is counted exactly in lines(); remembered by the hexes chosen)
    affordable_known: dict[tuple[int, ...], bool] = {}

    def affordable(*chosen: int) -> bool:
        key = tuple(sorted(c for c in chosen if isinstance(c, int) and c >= 0))
        known = affordable_known.get(key)
        if known is None:
            known = affordable_known[key] = any(
                relaxed.ok([cost[h, k] for h, k in zip(key, choice, strict=True)])
                for choice in itertools.product(*(kinds[h] for h in key))
            )
        return known

    if tiles:
        problem.addConstraint(FunctionConstraint(affordable, assigned=False), tiles)
    return LineProblem(problem, tiles, places, hexes, names, kinds, cost, last, relaxed)


@dataclass
class Candidate:
    """A line of one canal as the constraint problem gives it, legal but perhaps for one
    thing: an incomplete canal must still be completable afterwards. That test (an exact
    search of its own, :class:`Finisher`) is made only when the combination step reaches the
    line (:meth:`legal`, once): lines scoring too little to matter are never tested."""

    line: Line
    finisher: Finisher | None
    question: tuple[Hex, bool, frozenset[Hex], frozenset[str], int] | None
    """:meth:`Finisher.possible`'s arguments (None: nothing to test)."""
    known: bool | None = None

    def legal(self) -> bool:
        if self.known is None:
            if self.question is None or self.finisher is None:
                self.known = True
            else:
                end, on_place, hexes, places, left = self.question
                self.known = self.finisher.possible(
                    end=end, on_place=on_place, hexes=hexes, places=places, left=left
                )
        return self.known


LINES_KEPT = 256
"""Questions :func:`canal_lines` remembers (the latest)."""

_lines: OrderedDict[object, list[Candidate]] = OrderedDict()


def canal_lines(
    state: GameState, canal: CanalInfo, slots: int, relaxed: _Relaxed
) -> list[Candidate]:
    """Every line of ``canal`` with at most ``slots`` tiles (the empty line first), each
    legal once :meth:`Candidate.legal` says so.

    The lines of both readings of consecutive-tiles are found once (remembered by board,
    canal, slots, hand, engineer, supply and edition: the tests ask the same position under
    both); under neighbouring-hexes those with two tiles of one kind on touching hexes of a
    section are then left out."""
    key = (
        state.board,
        dataclasses.replace(canal, neighbouring=False),
        slots,
        relaxed.key,
        state.rules.edition,
    )
    lines = _lines.get(key)
    if lines is None:
        lines = _lines[key] = _every_line(state, canal, slots, relaxed)
        while len(_lines) > LINES_KEPT:
            _lines.popitem(last=False)
    if not canal.neighbouring:
        return list(lines)
    return [c for c in lines if not touching_alike(canal, c.line.items)]


def _every_line(
    state: GameState, canal: CanalInfo, slots: int, relaxed: _Relaxed
) -> list[Candidate]:
    board = state.board
    lines = [Candidate(Line((), False, 0), None, None)]
    if slots <= 0 and canal.on_place:
        return lines
    finisher = Finisher(board, canal)
    for items in line_problem(board, canal, max(slots, 0), relaxed, finisher).lines():
        line, question = evaluate_line(board, canal, items, state.rules.edition)
        lines.append(Candidate(line, finisher, question))
    return lines


def touching_alike(canal: CanalInfo, items: tuple[Item, ...]) -> bool:
    """Whether the line puts two tiles of one kind on touching hexes of one section (the
    section the barge stands in counts its old tiles; a place starts a new one): under
    neighbouring-hexes the line is not legal (a filter on the solutions, not a constraint)."""
    section = list(canal.section)
    for item in items:
        if isinstance(item, str):
            section = []
            continue
        hex, kind = item
        if any(k is kind and hex in h.neighbours() for h, k in section):
            return True
        section.append(item)
    return False


def evaluate_line(
    board: Board,
    canal: CanalInfo,
    items: tuple[Item, ...],
    edition: Edition,
) -> tuple[Line, tuple[Hex, bool, frozenset[Hex], frozenset[str], int] | None]:
    """The line's worth, and when it leaves its canal incomplete the question whether the
    canal can still be completed (:meth:`Finisher.possible`'s arguments: the line is legal
    only if it can)."""
    new_tiles = [x for x in items if not isinstance(x, str)]
    passed: list[str] = []
    completes = False
    for x in items:
        if isinstance(x, str):
            completes = canal.completes_at(x, passed)
            passed.append(x)
    new_points = sum(TILE_POINTS[k] for _, k in new_tiles)
    if completes:
        old = sum(TILE_POINTS[k] for k in canal.old_tiles)
        bonus = canal.value if edition is Edition.SECOND else 0
        return Line(items, True, old + new_points + bonus), None
    last = items[-1]
    end = board.places[last].hex if isinstance(last, str) else last[0]
    question = (
        end,
        isinstance(last, str),
        canal.own_hexes | {h for h, _ in new_tiles},
        canal.visited | set(passed),
        canal.budget - len(new_tiles),
    )
    return Line(items, False, new_points), question


# ------------------------------------------------------------------ the best build


@dataclass(frozen=True)
class ShortBuild:
    """The best build found: a line per canal (in the player's order), its points, its cards
    and the cards paid for each tile (in build order)."""

    canals: tuple[str, ...]
    lines: tuple[Line, ...]
    points: int
    cards: int
    payment: tuple[tuple[Card, ...], ...]

    def to_turn(self, colour: str) -> s.TurnDecl:
        """The build as a turn of ``colour`` (phase 2), every card written."""
        built: list[s.BuildLine] = []
        paid = iter(self.payment)
        for name, line in zip(self.canals, self.lines, strict=True):
            if not line.items:
                continue
            items: list[s.BuildItem] = []
            for item in line.items:
                if isinstance(item, str):
                    items.append(s.ReachPlace(s.Ref(item)))
                    continue
                cards = tuple(
                    s.PayCard(s.Ref(k.value), s.Ref(f"@{n}") if n is not None else None)
                    for k, n in next(paid)
                )
                items.append(s.BuildTile(s.Ref(item[1].value), s.Ref(item[0].label), cards))
            canal = None if name == JUNCTION else s.Ref(name)
            built.append(s.BuildLine(canal=canal, items=tuple(items)))
        step: s.TurnItem = s.Build(lines=tuple(built), block=len(built) > 1) if built else s.Pass()
        return s.TurnDecl(player=s.Ref(colour), items=(s.PhaseMark(number=s.Num(2)), step))


def tile_bound(state: GameState, colour: str) -> int:
    """The most tiles any build of ``colour`` can have: a tile costs at least one card (half a
    surveyor with Smeaton), and no canal takes more than its value allows."""
    player = state.player(colour)
    hand = player.hand or Counter()
    cards = sum(hand.values())
    if player.engineer == "Smeaton":
        cards += hand.get(CardKind.SURVEYOR, 0)
    return sum(min(c.budget, cards) for c in canal_infos(state, colour))


def best_short_build(state: GameState, colour: str, *, max_tiles: int) -> ShortBuild:
    """The build of at most ``max_tiles`` tiles scoring the most, then paying the fewest
    cards (ties beyond that: the first found). The player's hand must be known."""
    player = state.player(colour)
    assert player.hand is not None, "the hand must be known"
    infos = canal_infos(state, colour)
    supply = {k: player.supply.get(k, 0) for k in TileKind}
    payer = payer_for(player.hand, player.engineer)
    relaxed = _Relaxed(player.hand, player.engineer, supply)
    per_canal = [canal_lines(state, c, min(c.budget, max_tiles), relaxed) for c in infos]
    for options in per_canal:
        options.sort(key=lambda option: (-option.line.points, len(option.line.tiles)))
    best: tuple[int, int, tuple[Line, ...], list[list[Card]]] | None = None
    # the most points of any line of each canal, legal or not (a bound: never less than the
    # legal lines' most, so no combination it cuts off could score more than the best found)
    ceiling = [max(option.line.points for option in options) for options in per_canal]

    def search(index: int, chosen: tuple[Line, ...], points: int) -> None:
        nonlocal best
        if index == len(per_canal):
            found = _joint(infos, chosen, supply, payer, max_tiles)
            if found is None:
                return
            cards = physical_cards(found)
            if best is None or (points, -cards) > (best[0], -best[1]):
                best = (points, cards, chosen, found)
            return
        for option in per_canal[index]:
            total = points + option.line.points
            if best is not None and total + sum(ceiling[index + 1 :]) < best[0]:
                break
            if option.legal():
                search(index + 1, (*chosen, option.line), total)

    search(0, (), 0)
    assert best is not None  # the empty build is always legal
    points, cards, lines, payment = best
    return ShortBuild(
        tuple(c.name for c in infos), lines, points, cards, tuple(tuple(t) for t in payment)
    )


def _joint(
    infos: Sequence[CanalInfo],
    lines: Sequence[Line],
    supply: Mapping[TileKind, int],
    payer: Payer,
    max_tiles: int,
) -> list[list[Card]] | None:
    """The fewest-card payment of these lines built together, or None when they cannot be
    (tiles, supply or cards)."""
    tiles: list[tuple[int, TileKind, int]] = []
    built: set[Hex] = set()
    kinds: Counter[TileKind] = Counter()
    for info, line in zip(infos, lines, strict=True):
        for hex, kind in line.tiles:
            on_top = hex in info.occupied or hex in built
            tiles.append((info.index, kind, OVERBUILD_EXTRA_CARDS if on_top else 0))
            kinds[kind] += 1
        built |= {h for h, _ in line.tiles}
    if len(tiles) > max_tiles or any(kinds[k] > supply[k] for k in kinds):
        return None
    return payer.pay(tiles)
