"""A best-build problem taken from a game state: the player's open canals as tasks.

:class:`BuildProblem` is what both best-build engines (the exact search of
:mod:`canaldsl.canalmania.search` and the CP-SAT model of :mod:`canaldsl.canalmania.buildmodel`)
and the completability test of :mod:`canaldsl.canalmania.routes` start from: the player, hand,
supply and one :class:`CanalTask` per open canal with lower bounds on the tiles still needed
to finish it (:mod:`canaldsl.canalmania.distances`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

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
    section: tuple[tuple[Hex, TileKind], ...] = ()
    """The tiles of the section the barge stands in (after the canal's last place; none when
    the barge stands on a place), in build order."""
    neighbouring: bool = False
    """Switch consecutive-tiles = neighbouring-hexes: no two tiles of one kind on touching
    hexes of one section (else only the tile right after another)."""

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

    def touches_alike(
        self, section: Sequence[tuple[Hex, TileKind]], hex: Hex, kind: TileKind
    ) -> bool:
        """Under neighbouring-hexes, whether a tile of ``kind`` on ``hex`` would touch a tile
        of its kind among ``section`` (the tiles of its section so far): build.consecutive-tiles
        refuses it. Always False under next-along-canal (the solvers test the tile before)."""
        return self.neighbouring and any(k is kind and h.is_neighbour(hex) for h, k in section)

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
    section: list[tuple[Hex, TileKind]] = []
    for item in reversed(canal.route):  # the tiles after the last place (actions_build)
        if not isinstance(item, Tile):
            break
        section.insert(0, (item.hex, item.kind))
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
        section=tuple(section),
        neighbouring=state.rules.options.get("consecutive-tiles") == "neighbouring-hexes",
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


def tile_cost(canal: int, kind: TileKind, overbuild: bool, engineer: str | None) -> TileCost:
    return TileCost(
        canal,
        kind,
        build_rules.base_cost(kind, engineer),
        OVERBUILD_EXTRA_CARDS if overbuild else 0,
    )


Identity = tuple[tuple[tuple[tuple[Hex, TileKind], ...], bool], ...]
"""What tells two builds apart: for each canal, its new tiles in order and whether it is
completed (places passed on the way do not count)."""


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
