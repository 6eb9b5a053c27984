"""An independent oracle for best builds: every build enumerated, the rules engine judging.

The oracle shares no code with the solvers. It lists every sequence of tiles and places of up
to three tiles from each canal's barge, asks the engine which of them are legal routes, finds
the fewest cards paying for each combination with python-constraint2 (a third solver, for the
card-assignment subproblem: own-kind cards, surveyors, Brindley's stretches, Smeaton's doubled
surveyors, the extra cards for building on top), and keeps a build only when the engine finds
it legal with that payment. The exact search and CP-SAT must both match its best (points, then
cards); the payment solver must match :func:`canaldsl.canalmania.payment.pay` on its own.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from constraint import FunctionConstraint, Problem
from sampling import spread
from test_solver_support import assert_plan_legal, random_case

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.bestbuild import best_build
from canaldsl.canalmania.components import (
    TERRAIN_TILES,
    TILE_POINTS,
    CardKind,
    TileKind,
)
from canaldsl.canalmania.engine import play_turn
from canaldsl.canalmania.payment import pay
from canaldsl.canalmania.position import JUNCTION, Tile
from canaldsl.canalmania.problem import TileCost
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex

CARD_RULES = {
    "pay.wrong-count",
    "pay.wrong-kind",
    "pay.not-in-hand",
    "engineer.smeaton",
    "build.overbuild",
}
HALF = "half"
CARDS = ("stretch", "lock", "aqueduct", "tunnel", "surveyor")
BASE = {TileKind.STRETCH: 1, TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3}

Item = tuple[Hex, TileKind] | str


# ------------------------------------------------------------------ paying, by python-constraint


def base_cost(kind: TileKind, engineer: str | None) -> int:
    if kind is TileKind.TUNNEL and engineer == "Jessop":
        return 2
    if kind is TileKind.AQUEDUCT and engineer == "Telford":
        return 1
    return BASE[kind]


def csp_payment(
    tiles: Sequence[tuple[int, TileKind, bool]], hand: Counter[CardKind], engineer: str | None
) -> list[list[tuple[str, int | None]]] | None:
    """The fewest cards paying for ``tiles`` ((canal, kind, on top) in build order): a card
    list per tile, a surveyor played twice by Smeaton carrying a label; None if unpayable."""
    slots: list[tuple[int, int, bool]] = []  # (tile, canal, main?)
    for i, (canal, kind, on_top) in enumerate(tiles):
        slots += [(i, canal, True)] * base_cost(kind, engineer)
        slots += [(i, canal, False)] * (2 if on_top else 0)
    if not slots:
        return [[] for _ in tiles]
    smeaton = engineer == "Smeaton" and hand[CardKind.SURVEYOR] > 0
    most = min(hand[CardKind.SURVEYOR], len(slots) // 2) if smeaton else 0
    for doubled in range(most, -1, -1):
        found = _csp_solve(tiles, slots, hand, engineer, doubled)
        if found is not None:
            return _labelled(tiles, slots, found)
    return None


def _csp_solve(
    tiles: Sequence[tuple[int, TileKind, bool]],
    slots: list[tuple[int, int, bool]],
    hand: Counter[CardKind],
    engineer: str | None,
    doubled: int,
) -> list[str] | None:
    problem = Problem()
    names = [f"s{j}" for j in range(len(slots))]
    for name, (i, _, main) in zip(names, slots, strict=True):
        kind = tiles[i][1]
        if main:
            domain = [kind.value, "surveyor"]
            if kind is TileKind.LOCK and engineer == "Brindley":
                domain.append("stretch")
        else:
            domain = list(CARDS)
        if doubled:
            domain.append(HALF)
        problem.addVariable(name, domain)

    def counts_ok(*values: object) -> bool:
        got = Counter(v for v in values if isinstance(v, str))
        for card in CARDS[:4]:
            if got[card] > hand[CardKind(card)]:
                return False
        if got[HALF] > 2 * doubled:
            return False
        return got["surveyor"] + doubled <= hand[CardKind.SURVEYOR]

    problem.addConstraint(FunctionConstraint(counts_ok, assigned=False), names)
    if doubled:

        def pairs_ok(*values: object) -> bool:
            if not all(isinstance(v, str) for v in values):
                return True
            if sum(v == HALF for v in values) != 2 * doubled:
                return False
            per_tile = Counter(slots[j][0] for j, v in enumerate(values) if v == HALF)
            run = 0
            for i in range(len(tiles) + 1):
                same_canal = i > 0 and i < len(tiles) and tiles[i][0] == tiles[i - 1][0]
                if i < len(tiles) and per_tile[i] and (run == 0 or same_canal):
                    run += per_tile[i]
                    continue
                if run % 2:
                    return False
                run = per_tile[i] if i < len(tiles) else 0
            return run % 2 == 0

        problem.addConstraint(FunctionConstraint(pairs_ok), names)
    solution = problem.getSolution()
    if not solution:
        return None
    return [solution[n] for n in names]


def _labelled(
    tiles: Sequence[tuple[int, TileKind, bool]],
    slots: list[tuple[int, int, bool]],
    values: list[str],
) -> list[list[tuple[str, int | None]]]:
    out: list[list[tuple[str, int | None]]] = [[] for _ in tiles]
    label = 0
    open_label: int | None = None
    previous_tile = -1
    for (i, canal, _), value in zip(slots, values, strict=True):
        if i != previous_tile and previous_tile >= 0 and tiles[previous_tile][0] != canal:
            open_label = None
        previous_tile = i
        if value != HALF:
            out[i].append((value, None))
        elif open_label is not None:
            out[i].append(("surveyor", open_label))
            open_label = None
        else:
            label += 1
            out[i].append(("surveyor", label))
            open_label = label
    return out


def physical(payment: list[list[tuple[str, int | None]]]) -> int:
    labels = {n for tile in payment for _, n in tile if n is not None}
    return sum(1 for tile in payment for _, n in tile if n is None) + len(labels)


# ------------------------------------------------------------------ the oracle


def _turn(colour: str, lines: Sequence[tuple[str, Sequence[Item]]], payment: object) -> s.TurnDecl:
    built: list[s.BuildLine] = []
    index = 0
    for name, items in lines:
        out: list[s.BuildItem] = []
        for item in items:
            if isinstance(item, str):
                out.append(s.ReachPlace(s.Ref(item)))
                continue
            cards = None
            if payment is not None:
                assert isinstance(payment, list)
                cards = tuple(
                    s.PayCard(s.Ref(k), s.Ref(f"@{n}") if n is not None else None)
                    for k, n in payment[index]
                )
            index += 1
            out.append(s.BuildTile(s.Ref(item[1].value), s.Ref(item[0].label), cards))
        canal = None if name == JUNCTION else s.Ref(name)
        built.append(s.BuildLine(canal=canal, items=tuple(out)))
    steps = (s.PhaseMark(number=s.Num(2)), s.Build(lines=tuple(built), block=len(built) > 1))
    return s.TurnDecl(player=s.Ref(colour), items=steps)


def _candidate_lines(state: GameState, canal: CanalState, cap: int) -> list[tuple[Item, ...]]:
    """Sequences of tiles (at most ``cap``) and places from the barge, loosely filtered.

    Left out, by two facts of the rules read here, not by the engine (every line left out is
    one the engine refuses: measured on every oracle case, 17,423 of 22,324 lines, none legal):
    a canal never passes a hex or a place twice, so no line goes back onto its canal's own
    tiles or places; and a canal has no more tiles than its contract's value, so no line of a
    contract canal has more tiles than the value leaves (junction canals: no such limit)."""
    board = state.board
    end = canal.end
    assert end is not None
    start_hex = end.hex if isinstance(end, Tile) else board.places[end].hex
    own_hexes = {t.hex for t in canal.tiles}
    own_places = set(canal.places)
    room = canal.value - len(canal.tiles)
    if not canal.is_junction and room >= 0:
        cap = min(cap, room)
    out: list[tuple[Item, ...]] = []

    def rec(items: tuple[Item, ...], here: Hex, on_place: bool, last: TileKind | None) -> None:
        tiles = sum(1 for x in items if not isinstance(x, str))
        if not on_place:
            for n in board.neighbours(here):
                place = board.place_at.get(n)
                if place is None or place.name in items or place.name in own_places:
                    continue
                line = (*items, place.name)
                out.append(line)
                rec(line, n, True, None)
        if tiles >= cap:
            return
        for n in board.neighbours(here):
            if n in own_hexes or not board.is_buildable(n):
                continue
            if any(x[0] == n for x in items if isinstance(x, tuple)):
                continue
            for kind in TERRAIN_TILES[board.terrain[n]]:
                if kind is last:
                    continue
                line = (*items, (n, kind))
                out.append(line)
                rec(line, n, False, kind)

    first_last = end.kind if isinstance(end, Tile) else None
    rec((), start_hex, not isinstance(end, Tile), first_last)
    return out


def oracle_best(state: GameState, colour: str, cap: int) -> tuple[int, int]:
    """The best (points, cards) of any legal build of at most ``cap`` tiles per canal."""
    player = state.player(colour)
    hand = Counter(player.hand or {})
    canals = [c for c in player.open_canals if player.canal(c.contract) is c and c.route]
    game = state.copy()
    game.now, game.phase = colour, 2
    per_canal: list[list[tuple[tuple[Item, ...], int]]] = []
    for canal in canals:
        legal: list[tuple[tuple[Item, ...], int]] = [((), 0)]
        for line in _candidate_lines(state, canal, cap):
            verdict = play_turn(game, _turn(colour, [(canal.contract, line)], None))
            rules = {v.rule for v in verdict.violations} - CARD_RULES - {"hand.limit"}
            if rules:
                continue
            after = verdict.after.player(colour)
            done = any(c.contract == canal.contract and c.completed for c in after.canals) and (
                canal.contract not in player.completed_contracts or canal.is_junction
            )
            pending = 0
            if not done:
                pending = sum(TILE_POINTS[x[1]] for x in line if not isinstance(x, str))
            legal.append((line, verdict.points.get(colour, 0) + pending))
        per_canal.append(legal)
    combos = sorted(
        itertools.product(*per_canal), key=lambda combo: -sum(points for _, points in combo)
    )
    best: tuple[int, int] | None = None
    for combo in combos:
        points = sum(p for _, p in combo)
        if best is not None and points < best[0]:
            break
        lines = [(canal.contract, line) for canal, (line, _) in zip(canals, combo, strict=True)]
        tiles: list[tuple[int, TileKind, bool]] = []
        placed: set[Hex] = set()
        for index, (canal, (line, _)) in enumerate(zip(canals, combo, strict=True)):
            others = {t.hex for c in state.canals() if c is not canal for t in c.tiles}
            mine = [x for x in line if not isinstance(x, str)]
            for h, kind in mine:
                tiles.append((index, kind, h in others or h in placed))
            placed |= {h for h, _ in mine}
        payment = csp_payment(tiles, hand, player.engineer)
        if payment is None:
            continue
        touched = [(name, line) for name, line in lines if line]
        if touched:
            verdict = play_turn(game, _turn(colour, touched, payment))
            rules = {v.rule for v in verdict.violations} - {"hand.limit"}
            assert not rules & CARD_RULES, (
                f"the engine rejects a payment python-constraint found: {rules}"
            )
            if rules:
                continue  # the lines are legal alone, not together (the tile supply)
        cards = physical(payment)
        if best is None or (points, -cards) > (best[0], -best[1]):
            best = (points, cards)
    assert best is not None
    return best


def _small(state: GameState, colour: str, cap: int) -> bool:
    """Every build of the position has at most ``cap`` tiles per canal (contract values and
    cards), so the oracle sees them all."""
    player = state.player(colour)
    hand = player.hand or {}
    cards = sum(hand.values())
    if player.engineer == "Smeaton":
        cards += hand.get(CardKind.SURVEYOR, 0)
    budgets = [max(c.value - len(c.tiles), 0) for c in player.open_canals]
    return (
        all(min(b, cards) <= cap for b in budgets)
        and sum(min(b, cards) for b in budgets) <= cap + 1
    )


def oracle_seeds(count: int, cap: int, start: int = 10_000) -> list[int]:
    seeds: list[int] = []
    seed = start
    while len(seeds) < count:
        state, colour = random_case(seed)
        if _small(state, colour, cap):
            seeds.append(seed)
        seed += 1
    return seeds


ORACLE_CASES = spread([pytest.param(seed, 2) for seed in oracle_seeds(30, 2)], every=6) + spread(
    [pytest.param(seed, 3) for seed in oracle_seeds(6, 3, start=20_000)], every=6, first=4
)


@pytest.mark.parametrize(("seed", "cap"), ORACLE_CASES)
def test_solvers_match_the_oracle(seed: int, cap: int) -> None:
    state, colour = random_case(seed)
    expected = oracle_best(state, colour, cap)
    for engine in ("search", "cp-sat"):
        plan = best_build(state, colour, engine=engine)
        assert plan.optimal
        assert_plan_legal(state, plan)
        assert (plan.points, plan.cards) == expected, (engine, plan.summary())


# ------------------------------------------------------------------ payments alone


def _random_tiles(rng: random.Random) -> list[tuple[int, TileKind, bool]]:
    tiles = []
    canal = 0
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.2:
            canal = 1
        tiles.append((canal, rng.choice(list(TileKind)), rng.random() < 0.2))
    return tiles


@pytest.mark.parametrize("seed", range(300))
def test_payment_matches_python_constraint(seed: int) -> None:
    rng = random.Random(seed)
    tiles = _random_tiles(rng)
    engineer = rng.choice(("Brindley", "Smeaton", "Jessop", "Telford", None))
    hand = Counter({k: rng.randint(0, 3) for k in CardKind})
    expected = csp_payment(tiles, hand, engineer)
    costs = [
        TileCost(canal, kind, base_cost(kind, engineer), 2 if top else 0)
        for canal, kind, top in tiles
    ]
    found = pay(costs, hand, engineer)
    if expected is None:
        assert found is None
        return
    assert found is not None
    assert found.physical == physical(expected)
    # the payment itself is sound: cards held, each tile's own-kind cards or stand-ins
    assert all(found.used[k] <= hand[k] for k in CardKind)
    for cost, cards in zip(costs, found.cards, strict=True):
        assert len(cards) == cost.slots
        natural = sum(1 for k, _ in cards if k.value == cost.kind.value or k.value == "surveyor")
        brindley = sum(1 for k, _ in cards if k is CardKind.STRETCH)
        if engineer == "Brindley" and cost.kind is TileKind.LOCK:
            natural += brindley
        assert natural >= cost.main
