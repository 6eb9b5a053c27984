"""The shortest completion of a wrongly built canal (2nd edition) with many via places.

* :func:`canaldsl.canalmania.routes.shortest_completion` gives what enumerating every route
  gives (small random boards, 3-4 via places, canals with tiles), and what the exact test's
  bisection gives with the walk along the bound turned off;
* :func:`canaldsl.canalmania.boundroute.route_within` decides as enumerating does whenever it
  decides (True: a route; False: none);
* the via-place files at the limit (12 via places, the largest board and the bench's 60 x 40
  board) with a wrongly built canal are checked with a bounded count of work: no CP-SAT
  circuit, the walk's steps within its cap, the shortest completion computed once per canal
  and route (no clock: the times are the bench's, ``bench/bench_adversarial.py``).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_solver_cards import simple_routes_exist
from test_vias import random_board, state_with

from canaldsl.canalmania import boundroute, routemodel, routes
from canaldsl.canalmania.analysis_boarddecl import MAX_VIA_PLACES
from canaldsl.canalmania.components import TileKind
from canaldsl.canalmania.distances import adjacency
from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.position import Tile
from canaldsl.canalmania.problem import canal_task, with_distances
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from adversarial import vias_file


def enumerated_shortest(state: GameState, canal: CanalState) -> int | None:
    """The fewest more tiles of any route, by enumeration with growing values.

    Independent of the engine (the test's own code over the board's hexes, places and
    neighbours): for ``more`` = 0, 1, 2, ... every simple route with at most ``more`` new tiles
    is tried, with the moves of ``test_solver_cards.simple_routes_exist`` (a tile on a free
    buildable hex, a place passed once, never two places in a row, the far end last, after
    every via place). Two prunes keep it exact: a branch whose far end or a via place still
    needed cannot be reached at all over the hexes and places still free, or has too few free
    hexes next to it, is dropped (no route of any length goes on from it), and one whose
    fewest tiles to them over the free hexes exceed what is left is cut. (Without the prunes
    the first enumeration, at the largest value, took 1-2.4 s of CPU on some boards.)
    """
    hexes = len(adjacency(state.board).hexes)
    if not _routes_within(state, canal, hexes)[0]:
        return None  # no route of any length: one enumeration says so
    for more in range(hexes + 1):
        found, cut = _routes_within(state, canal, more)
        if found:
            return more
        assert cut  # nothing cut: every route was tried, and one of them was found above
    raise AssertionError("a route was found but none within as many tiles as the board has")


def _routes_within(state: GameState, canal: CanalState, budget: int) -> tuple[bool, bool]:
    """(a route with at most ``budget`` more tiles exists, some branch was cut by the
    budget)."""
    board = state.board
    held = {t.hex for t in canal.tiles}
    passed = set(canal.places)
    if canal.is_junction:
        far, needed = None, frozenset[str]()
    else:
        contract = board.contracts[canal.contract]
        far = contract.other_endpoint(canal.places[0])
        needed = frozenset(v for v in contract.via if v not in passed)
    end = canal.end
    assert end is not None
    start = board.places[end].hex if isinstance(end, str) else end.hex
    cut = False

    def fewest(here: Hex, on_place: bool, done: frozenset[str]) -> int | None:
        """The most, over the far end and each via place still needed, of the fewest free
        hexes to cross to reach it (a place passed costs nothing); None: one is unreachable,
        or has too few free hexes next to it (every place after the first is entered from a
        tile, and a via place is left to another: a place is never next to a place)."""
        assert far is not None
        targets = {far} | (needed - done)
        for name in targets:  # entered from a tile (a via place left to another): enough
            around = board.neighbours(board.places[name].hex)  # free hexes next to it?
            free = sum(board.is_buildable(n) and n not in held for n in around)
            free += not on_place and here in around  # the last tile laid is next to it
            if free < (1 if name == far else 2):
                return None
        best = {here: 0}
        queue = deque([here])
        reached: dict[str, int] = {}
        while queue and len(reached) < len(targets):
            hex = queue.popleft()
            cost = best[hex]
            for n in board.neighbours(hex):
                place = board.place_at.get(n)
                if place is not None:
                    if place.name in targets and place.name not in reached:
                        reached[place.name] = cost
                    if place.name in passed or place.name == far or n in best:
                        continue
                    if best.get(n, cost + 1) > cost:
                        best[n] = cost
                        queue.appendleft(n)
                elif board.is_buildable(n) and n not in held and best.get(n, cost + 2) > cost + 1:
                    best[n] = cost + 1
                    queue.append(n)
        if len(reached) < len(targets):
            return None
        return max(reached.values())

    def walk(here: Hex, on_place: bool, done: frozenset[str], left: int) -> bool:
        nonlocal cut
        if far is not None:
            need = fewest(here, on_place, done)
            if need is None:
                return False
            if need > left:
                cut = True
                return False
        for n in board.neighbours(here):
            place = board.place_at.get(n)
            if place is not None:
                if on_place or place.name in passed:
                    continue
                if far is None or (place.name == far and needed <= done):
                    return True
                if place.name == far:
                    continue
                passed.add(place.name)
                found = walk(n, True, done | ({place.name} & needed), left)
                passed.discard(place.name)
                if found:
                    return True
            elif board.is_buildable(n) and n not in held:
                if left <= 0:
                    cut = True
                    continue
                held.add(n)
                found = walk(n, False, done, left - 1)
                held.discard(n)
                if found:
                    return True
        return False

    return walk(start, isinstance(end, str), frozenset(), budget), cut


def slow_shortest(
    state: GameState, canal: CanalState, monkeypatch: pytest.MonkeyPatch
) -> int | None:
    """The exact test's bisection alone (the walk along the bound off)."""
    with monkeypatch.context() as patch:
        patch.setattr(boundroute, "SHORTEST_SLACK", -1)
        patch.setattr(routes, "ROUTE_WITHIN_STEPS", 0)
        routes._SHORTEST.clear()
        found = routes.shortest_completion(state, canal)
    routes._SHORTEST.clear()
    return found


def random_canal(seed: int) -> tuple[GameState, CanalState]:
    """A canal from P0 with 0-2 tiles on a small random board, 3 or 4 via places."""
    rng = random.Random(seed)
    board = random_board(seed, places=rng.choice([5, 6]), size=(6, 5))
    route: list[str | Tile] = ["P0"]
    here = board.places["P0"].hex
    taken: set[Hex] = set()
    for _ in range(rng.randint(0, 2)):
        options = [
            n
            for n in adjacency(board).hexes.get(here, ())
            if n not in taken and n not in board.place_at
        ]
        if not options:
            break
        here = rng.choice(sorted(options))
        taken.add(here)
        route.append(Tile(here, TileKind.STRETCH, "red", "Long", 0))
    canal = CanalState("Long", "red", route, False, 2)
    return state_with(board, canal), canal


HEAVY_SEEDS = frozenset({19, 23, 25, 28})
"""Seeds that take 0.5-0.9 s of CPU (the engine's shortest completion on a canal that has
none; measured 2026-11-27 at load 10-15): slow, so the quick subset keeps the other 26. Seeds
6 and 13 were slow too while the enumeration had no prunes (1.5-1.9 s); now under 0.1 s."""


@pytest.mark.parametrize(
    "seed",
    [pytest.param(s, marks=[pytest.mark.slow] if s in HEAVY_SEEDS else []) for s in range(30)],
)
def test_shortest_completion_is_enumeration_and_the_bisection(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, canal = random_canal(seed)
    routes._SHORTEST.clear()
    fast = routes.shortest_completion(state, canal)
    assert fast == enumerated_shortest(state, canal), seed
    assert fast == slow_shortest(state, canal, monkeypatch), seed


@pytest.mark.parametrize("seed", range(30))
def test_the_walk_along_the_bound_decides_as_enumeration(seed: int) -> None:
    state, canal = random_canal(seed)
    high = len(adjacency(state.board).hexes) + 1
    task = with_distances(dataclasses.replace(canal_task(state, canal), budget=high), state.board)
    assert task.finish is not None
    start = boundroute.Start(task.at_place or task.end_hex, task.full_mask, task.at_place is None)
    bound = boundroute.start_bound(task.finish, start)
    decided = 0
    for more in range(0, 8):
        found, _ = boundroute.route_within(task, start, more, set(), set())
        if found is None:
            continue
        decided += 1
        trial = dataclasses.replace(canal, value=len(canal.tiles) + more)
        assert found == simple_routes_exist(state, trial), (seed, more)
        assert more >= bound or found is False
    assert decided, seed


@dataclasses.dataclass
class Work:
    steps: int = 0
    walks: int = 0
    circuits: int = 0
    searches: int = 0


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    """Counts the walks along the bound (and their steps), the exact tests after them and
    the CP-SAT circuits."""
    counted = Work()
    walk = boundroute.route_within
    exact = routes.route_exists

    def counting_walk(*args: object, **kwargs: object) -> tuple[bool | None, int]:
        found, steps = walk(*args, **kwargs)  # type: ignore[arg-type]
        counted.walks += 1
        counted.steps += steps
        return found, steps

    def counting_exact(*args: object, **kwargs: object) -> bool:
        counted.searches += 1
        return exact(*args, **kwargs)  # type: ignore[arg-type]

    def no_circuit(*args: object, **kwargs: object) -> bool | None:
        counted.circuits += 1
        return None

    monkeypatch.setattr(routes, "route_within", counting_walk)
    monkeypatch.setattr(routes, "route_exists", counting_exact)
    monkeypatch.setattr(routemodel, "circuit_route_exists", no_circuit)
    routes._SHORTEST.clear()
    yield counted
    routes._SHORTEST.clear()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            vias_file(MAX_VIA_PLACES, columns=80, rows=100, spread=2, value=40, queries=False),
            None,
            id="12-vias-80x100",
        ),
        # main's slow path gives the same verdict (measured before this change)
        pytest.param(
            vias_file(6, columns=60, rows=40, queries=False),
            "must be finished the shortest way, 137 more tiles; this build lays 2 and leaves "
            "137 to go",
            id="6-vias-60x40",
        ),
        pytest.param(vias_file(4, columns=60, rows=40, queries=False), None, id="4-vias-60x40"),
    ],
)
def test_a_wrongly_built_canal_with_many_via_places_is_checked_with_little_work(
    text: str, expected: str | None, work: Work
) -> None:
    scenario, diagnostics = check_text(text)
    assert scenario is not None and not [d for d in diagnostics if d.is_error], diagnostics
    warnings = [d.message for d in diagnostics if not d.is_error]
    assert any("needs at least" in w for w in warnings), warnings  # wrongly built
    evaluation = evaluate(scenario)
    (verdict,) = evaluation.verdicts
    # a wrongly built canal: the build is judged by build.shortest-completion alone
    assert {v.rule for v in verdict.violations} <= {"build.shortest-completion"}
    if expected is not None:
        assert not verdict.legal
        assert expected in verdict.violations[0].message
    assert work.circuits == 0 and work.searches == 0
    assert 1 <= work.walks <= 2 * (boundroute.SHORTEST_SLACK + 1)  # before and after the build
    assert work.steps <= 2 * boundroute.BOUND_ROUTE_STEPS
