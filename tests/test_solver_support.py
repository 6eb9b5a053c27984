"""Shared helpers of the solver tests: random small positions, and playing a plan as a turn.

A random case is a small board (a few places, clear, difficult and sea hexes), one player with
one or two open canals (some already partly built, a junction canal now and then), another
player's tiles to build on top of, a random hand, engineer, edition and supply. Each case is
rebuilt from its seed alone: ``random_case(seed)``.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from canaldsl import solver as sv
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.bestbuild import BuildPlan, best_build
from canaldsl.canalmania.board import Board, Contract, Place, make_board
from canaldsl.canalmania.components import (
    HAND_LIMIT,
    JUNCTION_VALUE,
    PLACE_COLOURS,
    TERRAIN_TILES,
    TILE_POINTS,
    TILES_PER_PLAYER,
    CardKind,
    Edition,
    PlaceKind,
    Terrain,
    TileKind,
)
from canaldsl.canalmania.engine import Verdict, play_turn
from canaldsl.canalmania.options import resolve
from canaldsl.canalmania.position import JUNCTION, Rules, Tile
from canaldsl.canalmania.routes import completable
from canaldsl.canalmania.state import CanalState, GameState, PlayerState
from canaldsl.hexgrid import Hex

ENGINEERS = ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie", None)


@pytest.fixture
def proofs_without_presolve(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """CP-SAT without its presolve, for tests that compare only what CP-SAT proves: whether a
    rule question is feasible, a minimal set checked by brute force, the fewest cards of a
    completion (OPTIMAL or INFEASIBLE, a proof whatever the parameters: the same model has
    the same feasibility and the same optimum). Measured on those models (the relaxed build
    model of a completion, thousands of literals): the presolve was about 70% of each solve
    (test_every_subset_of_the_switchable_rules_agrees: 5.3 -> 1.7 s of CPU in CP-SAT, the
    same 256 statuses). Not for tests that compare the product's own output (a rule set as
    the command prints it, a solve count, a budget cut short): those keep the product's
    parameters. The best-build models are slower without it, and keep it."""
    configure = sv.configure

    def without_presolve(parameters: Any, budget: Any, seed: int = sv.SEED) -> float | None:
        parameters.cp_model_presolve = False
        return configure(parameters, budget, seed)

    monkeypatch.setattr(sv, "configure", without_presolve)
    yield


def test_support_module_loads() -> None:
    state, colour = random_case(0)
    assert state.player(colour).hand is not None


def _walk(
    rng: random.Random, board: Board, start: Hex, steps: int, avoid: set[Hex]
) -> list[tuple[Hex, TileKind]]:
    """A random walk of tiles from next to ``start`` (alternating kinds, no repeats)."""
    out: list[tuple[Hex, TileKind]] = []
    here = start
    last: TileKind | None = None
    for _ in range(steps):
        options = [n for n in board.neighbours(here) if board.is_buildable(n) and n not in avoid]
        options = [n for n in options if n not in {h for h, _ in out}]
        if not options:
            break
        n = rng.choice(sorted(options))
        kinds = [k for k in TERRAIN_TILES[board.terrain[n]] if k is not last]
        kind = rng.choice(kinds)
        out.append((n, kind))
        here, last = n, kind
    return out


def random_board(rng: random.Random) -> Board:
    columns, rows = rng.randint(5, 8), rng.randint(4, 7)
    hexes = [Hex(c, r) for r in range(rows) for c in range(columns)]
    terrain: dict[Hex, Terrain] = {}
    for h in hexes:
        roll = rng.random()
        terrain[h] = (
            Terrain.SEA if roll < 0.08 else Terrain.DIFFICULT if roll < 0.38 else Terrain.CLEAR
        )
    spots = rng.sample(hexes, rng.randint(4, 7))
    places = []
    for i, h in enumerate(spots):
        terrain[h] = Terrain.CLEAR
        kind = PlaceKind.CITY if i == 0 else PlaceKind.TOWN
        places.append(Place(f"P{i}", kind, rng.choice(PLACE_COLOURS), h))
    names = [p.name for p in places]
    contracts = []
    for i in range(6):
        a, b = rng.sample(names, 2)
        others = [n for n in names if n not in (a, b)]
        via = (rng.choice(others),) if others and rng.random() < 0.3 else ()
        contracts.append(Contract(f"C{i}", (a, b), via, rng.randint(2, 7)))
    board = make_board(
        name="random", title="random", terrain=terrain, places=places, contracts=contracts
    )
    # values at least the fewest tiles, at most a few more
    fixed = []
    for c in board.contracts.values():
        fewest = board.fewest_tiles(c)
        if fewest is None:
            continue
        fixed.append(Contract(c.name, c.endpoints, c.via, max(2, fewest + rng.randint(0, 3))))
    return make_board(
        name="random", title="random", terrain=terrain, places=places, contracts=fixed
    )


def random_case(seed: int) -> tuple[GameState, str]:
    """A random position where red is to build (phase 2): a copy of its own each time (the
    callers change hands, engineers and readings), of a position drawn once per process
    (several tests, and the variants of one test, start from the same seed)."""
    state, colour = _random_case(seed)
    return state.copy(), colour


@functools.cache
def _random_case(seed: int) -> tuple[GameState, str]:
    rng = random.Random(seed)
    while True:
        board = random_board(rng)
        if len(board.contracts) >= 2:
            break
    edition = rng.choice((Edition.FIRST, Edition.SECOND))
    rules = Rules(edition, 3, resolve(edition, {}))
    state = GameState.bare(board, rules, players=[], now="red", phase=2)
    names = sorted(board.contracts)
    rng.shuffle(names)
    taken = names[:3]
    # another player's canal with tiles (to build on top of)
    other = board.contracts[taken[2]] if len(taken) > 2 else None
    white_canals: list[CanalState] = []
    occupied: set[Hex] = set()
    if other is not None:
        start = other.endpoints[0]
        walk = _walk(rng, board, board.places[start].hex, rng.randint(1, 4), set())
        route: list[str | Tile] = [start]
        route += [Tile(h, k, "white", other.name, 0) for h, k in walk]
        occupied |= {h for h, _ in walk}
        white_canals.append(CanalState(other.name, "white", route, False, other.value))
    red_canals: list[CanalState] = []
    count = 1 if rng.random() < 0.5 else 2
    for i in range(count):
        if edition is Edition.SECOND and rng.random() < 0.15:
            start = rng.choice(sorted(board.places))
            red_canals.append(CanalState(JUNCTION, "red", [start], False, JUNCTION_VALUE))
            continue
        contract = board.contracts[taken[i]]
        start = rng.choice(contract.endpoints)
        canal = CanalState(contract.name, "red", [start], False, contract.value)
        if rng.random() < 0.5:
            walk = _walk(rng, board, board.places[start].hex, rng.randint(1, 3), set())
            for h, k in walk:
                trial = CanalState(
                    canal.contract,
                    "red",
                    [*canal.route, Tile(h, k, "red", canal.contract, 0)],
                    False,
                    canal.value,
                )
                if len(trial.tiles) > trial.value or not completable(state, trial)[0]:
                    break
                canal = trial
        red_canals.append(canal)
    if len(red_canals) == 2 and red_canals[0].contract == red_canals[1].contract:
        red_canals.pop()
    hand = Counter(
        {
            CardKind.STRETCH: rng.randint(0, 3),
            CardKind.LOCK: rng.randint(0, 3),
            CardKind.AQUEDUCT: rng.randint(0, 3),
            CardKind.TUNNEL: rng.randint(0, 4),
            CardKind.SURVEYOR: rng.choice((0, 0, 1, 1, 2, 3)),
        }
    )
    built = Counter(t.kind for c in red_canals for t in c.tiles)
    supply = Counter({k: n - built[k] for k, n in TILES_PER_PLAYER.items()})
    if rng.random() < 0.3:
        for k in TileKind:
            supply[k] = min(supply[k], rng.randint(0, 2))
    state.players = [
        PlayerState("red", None, rng.choice(ENGINEERS), 10, hand, supply, 0, red_canals, []),
        PlayerState(
            "white", None, "Rennie", 10, Counter(), Counter(TILES_PER_PLAYER), 0, white_canals, []
        ),
        PlayerState("black", None, None, 10, None, Counter(TILES_PER_PLAYER), 0, [], []),
    ]
    return state, "red"


# ------------------------------------------------------------------ playing a plan


def play_plan(state: GameState, plan: BuildPlan) -> Verdict:
    """Play the plan as the player's turn (phase 2; discarding down to the hand limit)."""
    game = state.copy()
    game.now = plan.player
    game.phase = 2
    player = game.player(plan.player)
    assert player.hand is not None
    left = Counter(player.hand)
    seen: set[int] = set()
    for line in plan.lines:
        for tile in line.tiles:
            for kind, label in tile.cards:
                if label is not None:
                    if label in seen:
                        continue
                    seen.add(label)
                left[kind] -= 1
    excess = sum(left.values()) - HAND_LIMIT
    discard: list[s.Card] = []
    for kind in CardKind:
        while excess > 0 and left[kind] > 0:
            discard.append(s.Card(s.Ref(kind.value)))
            left[kind] -= 1
            excess -= 1
    extra = [s.DiscardCards(cards=tuple(discard))] if discard else []
    return play_turn(game, plan.to_turn(extra))


def assert_plan_legal(state: GameState, plan: BuildPlan) -> None:
    """The plan is legal as a turn, scores what it claims now, and is worth its points."""
    verdict = play_plan(state, plan)
    broken = "; ".join(f"{v.rule}: {v.message}" for v in verdict.violations)
    assert verdict.legal, f"illegal plan {plan.summary()}: {broken}"
    assert verdict.points.get(plan.player, 0) == plan.points_now, plan.summary()
    pending = sum(
        TILE_POINTS[t.kind] for line in plan.lines if not line.completes for t in line.tiles
    )
    assert plan.points == plan.points_now + pending, plan.summary()


def engines_agree(
    state: GameState, colour: str, search: BuildPlan | None = None
) -> tuple[BuildPlan, BuildPlan]:
    """Both engines prove the same best (points and cards), and both answers are legal:
    (the search's answer, CP-SAT's). ``search``: the exact search's answer to this very
    question, found already."""
    if search is None:
        search = best_build(state, colour, engine="search")
    model = best_build(state, colour, engine="cp-sat")
    assert search.optimal and model.optimal
    assert (search.points, search.cards) == (model.points, model.cards), (
        search.summary(),
        model.summary(),
    )
    assert_plan_legal(state, search)
    assert_plan_legal(state, model)
    return search, model


# ------------------------------------------------------------------ the consecutive-tiles readings

READINGS = ("next-along-canal", "neighbouring-hexes")
"""The two readings of the switch consecutive-tiles; the solver tests run under both."""


def with_reading(state: GameState, reading: str) -> GameState:
    """The same position read with consecutive-tiles = ``reading``."""
    import dataclasses
    from types import MappingProxyType

    game = state.copy()
    options = {**state.rules.options, "consecutive-tiles": reading}
    game.rules = dataclasses.replace(state.rules, options=MappingProxyType(options))
    return game


def doubling_back_case(seed: int) -> tuple[GameState, str]:
    """A random case (:func:`random_case`) made to build long, winding lines, where a section
    often doubles back: red's hand is mostly locks, stretches and surveyors (a build scoring
    most alternates locks and stretches), its canals have two to four more tiles of value than
    they need (an incomplete canal counts its tiles' points, so a best build winds about
    within what still lets it finish), read with consecutive-tiles = neighbouring-hexes."""
    state, colour = random_case(seed)
    rng = random.Random(seed * 7919 + 1)
    player = state.player(colour)
    player.hand = Counter(
        {
            CardKind.STRETCH: rng.randint(2, 4),
            CardKind.LOCK: rng.randint(2, 4),
            CardKind.SURVEYOR: rng.choice((0, 1, 2)),
        }
    )
    for canal in player.open_canals:
        if canal.contract != JUNCTION:
            canal.value += rng.randint(2, 4)
    player.supply = Counter(TILES_PER_PLAYER) - Counter(
        t.kind for c in player.open_canals for t in c.tiles
    )
    return with_reading(state, "neighbouring-hexes"), colour


def touching_alike(state: GameState, plan: BuildPlan) -> bool:
    """Whether the plan puts two tiles of one kind on touching hexes of one section (its
    canals' tiles since their last place counted): the plans neighbouring-hexes refuses."""
    for line in plan.lines:
        canal = state.player(plan.player).canal(line.canal)
        section: list[tuple[Hex, TileKind]] = []
        for item in canal.route if canal is not None else ():
            section = [*section, (item.hex, item.kind)] if isinstance(item, Tile) else []
        for item in line.items:
            if isinstance(item, str):
                section = []
                continue
            if any(k is item.kind and h.is_neighbour(item.hex) for h, k in section):
                return True
            section.append((item.hex, item.kind))
    return False
