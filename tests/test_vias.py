"""Contracts with many via places: the Held-Karp orders, the walks' bounds, and the limit.

* :mod:`canaldsl.waypoints` gives the fewest steps through every waypoint, as trying every
  order does (random matrices);
* ``Board.fewest_tiles`` gives what trying every order of the via places with a fresh
  shortest-path search per leg gives (random boards);
* :class:`canaldsl.canalmania.distances.Finish` gives, for every hex and set of via places
  left, what the breadth-first search over (hex, set) states gives (the former method, kept
  here as the oracle);
* the route test decides a canal with three or four via places left as enumerating every
  route does, and the CP-SAT circuit it falls back on agrees;
* a contract may name MAX_VIA_PLACES via places (E319 beyond), and a file at the limit on the
  largest board is checked (the time is measured by ``bench/bench_solver.py``).
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections import deque
from pathlib import Path

import pytest
from sampling import spread
from test_solver_cards import simple_routes_exist

from canaldsl.canalmania import routes as search_module
from canaldsl.canalmania.analysis_boarddecl import MAX_VIA_PLACES
from canaldsl.canalmania.board import Board, Contract, Place, make_board
from canaldsl.canalmania.components import PLACE_COLOURS, PlaceKind, Terrain
from canaldsl.canalmania.distances import Finish, Walk, adjacency
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.routes import completable
from canaldsl.canalmania.state import CanalState, GameState, PlayerState
from canaldsl.hexgrid import Hex
from canaldsl.waypoints import INF, Tours, fewest_through

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from adversarial import vias_file


def test_held_karp_is_every_order() -> None:
    rng = random.Random(11)
    for _ in range(200):
        k = rng.randint(0, 6)
        first = [rng.choice([rng.randint(0, 9), INF]) for _ in range(k)]
        legs = [[rng.randint(0, 9) if i != j else 0 for j in range(k)] for i in range(k)]
        to_end = [rng.randint(0, 9) for _ in range(k)]
        direct = rng.randint(0, 30)
        brute = direct if k == 0 else INF
        for order in itertools.permutations(range(k)) if k else ():
            total = first[order[0]] + sum(legs[a][b] for a, b in itertools.pairwise(order))
            brute = min(brute, total + to_end[order[-1]])
        assert fewest_through(first, legs, to_end, direct) == min(brute, INF)
        tours = Tours(legs, to_end)
        for mask in range(1 << k):  # every subset, through the same table
            chosen = [i for i in range(k) if mask & (1 << i)]
            best = direct if not chosen else INF
            for order in itertools.permutations(chosen) if chosen else ():
                total = first[order[0]] + sum(legs[a][b] for a, b in itertools.pairwise(order))
                best = min(best, total + to_end[order[-1]])
            assert tours.through(first, direct, mask) == min(best, INF)


def random_board(seed: int, *, places: int = 7, size: tuple[int, int] = (8, 6)) -> Board:
    rng = random.Random(seed)
    columns, rows = size
    terrain: dict[Hex, Terrain] = {}
    for r in range(rows):
        for c in range(columns):
            roll = rng.random()
            terrain[Hex(c, r)] = (
                Terrain.SEA if roll < 0.12 else Terrain.DIFFICULT if roll < 0.3 else Terrain.CLEAR
            )
    spots = rng.sample(sorted(h for h, t in terrain.items() if t is not Terrain.SEA), places)
    named = [
        Place(f"P{i}", PlaceKind.TOWN, PLACE_COLOURS[i % len(PLACE_COLOURS)], hex)
        for i, hex in enumerate(spots)
    ]
    vias = tuple(p.name for p in named[2:])
    contract = Contract("Long", ("P0", "P1"), vias, 30)
    return make_board(name="random", title="", terrain=terrain, places=named, contracts=[contract])


def test_fewest_tiles_is_every_order_of_the_legs() -> None:
    for seed in range(40):
        board = random_board(seed)
        contract = board.contracts["Long"]
        first, last = contract.endpoints
        best: int | None = None
        for order in itertools.permutations(contract.via):
            stops = [first, *order, last]
            legs = [board.tiles_between(a, b) for a, b in itertools.pairwise(stops)]
            if all(leg is not None for leg in legs):
                total = sum(leg for leg in legs if leg is not None)
                best = total if best is None else min(best, total)
        assert board.fewest_tiles(contract) == best, seed


def oracle_finish(walk: Walk, vias: tuple[str, ...]) -> dict[tuple[Hex, int], int]:
    """The former breadth-first search over (tile on a hex, via places left) states, backwards
    from the goal (a place passed on the way clears its bit)."""
    board = walk.board
    adj = adjacency(board)
    dist: dict[tuple[Hex, int], int] = {}
    places: dict[tuple[str, int], int] = {}
    queue: deque[tuple[int, bool, Hex | str, int]] = deque()
    for goal in walk.goals():
        for hex in walk.tiles_next_to(goal):
            if (hex, 0) not in dist:
                dist[(hex, 0)] = 0
                queue.append((0, False, hex, 0))
    while queue:
        d, is_place, node, mask = queue.popleft()
        if is_place:
            assert isinstance(node, str)
            if places.get((node, mask), INF) < d or not walk.may_pass(node):
                continue
            bit = 1 << vias.index(node) if node in vias else 0
            masks = [mask] if not bit else ([mask, mask | bit] if not mask & bit else [])
            for h in walk.tiles_next_to(node):
                for m in masks:
                    if dist.get((h, m), INF) > d:
                        dist[(h, m)] = d
                        queue.appendleft((d, False, h, m))
            continue
        assert isinstance(node, Hex)
        if dist.get((node, mask), INF) < d:
            continue
        for n in adj.hexes[node]:
            if n not in walk.own and dist.get((n, mask), INF) > d + 1:
                dist[(n, mask)] = d + 1
                queue.append((d + 1, False, n, mask))
        for name in adj.places[node]:
            if places.get((name, mask), INF) > d + 1:
                places[(name, mask)] = d + 1
                queue.append((d + 1, True, name, mask))
    return dist


@pytest.mark.parametrize("seed", range(12))
def test_the_walks_through_via_places_match_the_state_search(seed: int) -> None:
    board = random_board(seed, places=6)
    contract = board.contracts["Long"]
    rng = random.Random(seed)
    own = frozenset(rng.sample(sorted(h for h in board.terrain if board.is_buildable(h)), 3))
    walk = Walk(board, own, frozenset({"P0"}), "P1", False)
    finish = Finish(walk, contract.via, None)
    oracle = oracle_finish(walk, contract.via)
    for hex in board.terrain:
        if not board.is_buildable(hex):
            continue
        for mask in range(1 << len(contract.via)):
            assert finish.tile(hex, mask) == oracle.get((hex, mask), INF), (hex, mask)


def state_with(board: Board, canal: CanalState) -> GameState:
    scenario, _ = check_text("rules second-edition { players 2 }\nboard england\n")
    assert scenario is not None
    red = PlayerState("red", None, None, 0, None, {}, 0, [canal], [])  # type: ignore[arg-type]
    white = PlayerState("white", None, None, 0, None, {}, 0, [], [])  # type: ignore[arg-type]
    return GameState.bare(board, scenario.rules, players=[red, white], now="red", phase=2)


@pytest.mark.parametrize("seed", spread(range(24), every=6))
def test_many_via_places_left_are_decided_as_enumerating_routes(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    board = random_board(seed, places=rng.choice([5, 6]), size=(6, 5))
    contract = board.contracts["Long"]
    value = rng.randint(6, 10)
    canal = CanalState("Long", "red", ["P0"], False, value)
    state = state_with(board, canal)
    expected = simple_routes_exist(state, canal)
    assert completable(state, canal)[0] == expected, seed
    monkeypatch.setattr(search_module, "ROUTE_SEARCH_NODES", 0)  # the circuit decides
    assert completable(state, canal)[0] == expected, (seed, contract.via)


@pytest.mark.slow
def test_the_via_places_limit_and_a_file_at_it() -> None:
    at_limit = vias_file(MAX_VIA_PLACES, columns=80, rows=100, spread=2, queries=False)
    started = time.process_time()
    scenario, diagnostics = check_text(at_limit)
    assert scenario is not None and not [d for d in diagnostics if d.is_error], diagnostics
    from canaldsl.canalmania.evaluate import evaluate

    evaluation = evaluate(scenario)
    assert [v.legal for v in evaluation.verdicts] == [True]
    assert evaluation.judgements[0].passed is True  # expect legal
    assert time.process_time() - started < 20  # a guard against a hang; figures in bench/
    past = vias_file(MAX_VIA_PLACES + 1, columns=80, rows=100, spread=2, queries=False)
    _, diagnostics = check_text(past)
    assert [d.code for d in diagnostics if d.is_error] == ["E319"]
