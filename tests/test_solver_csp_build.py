"""Three solvers, one answer: the best short build by python-constraint2 (tests/cspbuild.py),
the exact search and CP-SAT agree on random positions.

A position is a random case of ``test_solver_support.random_case`` (a small board, one or two
open canals, junction canals, other players' tiles to build on top of, every engineer, both
editions, short supply) with the hand cut, card by card, until no build can have more than
``MAX_TILES`` tiles; each case gives ``VARIANTS`` positions, with hands and engineers drawn
again. On every position the three solvers find the same best (points, then cards); the
python-constraint2 solver's own answers are played through the rules engine as turns; its
card-payment problem matches :func:`canaldsl.canalmania.payment.pay`; and it agrees with the
other two on the puzzles of examples/ whose builds are short.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import pytest
from cspbuild import HALF, Payer, ShortBuild, best_short_build, physical_cards, tile_bound
from sampling import spread
from test_solver_support import ENGINEERS as ENGINEER_CHOICES
from test_solver_support import random_case

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.bestbuild import best_build
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.components import HAND_LIMIT, TILE_POINTS, CardKind, TileKind
from canaldsl.canalmania.engine import play_turn
from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.payment import pay
from canaldsl.canalmania.play import state_after_turns
from canaldsl.canalmania.problem import TileCost
from canaldsl.canalmania.state import GameState

MAX_TILES = 4
VARIANTS = 4
BASE_SEEDS = range(30_000, 30_260)  # 260 cases x 4 variants = 1,040 positions
CHUNKS = 20


def short_position(seed: int, variant: int) -> tuple[GameState, str]:
    """Random case ``seed``; variant 0 keeps its hand and engineer, the others draw both
    again; then cards leave the hand until no build can have more than MAX_TILES tiles."""
    state, colour = random_case(seed)
    rng = random.Random(seed * 10 + variant)
    player = state.player(colour)
    assert player.hand is not None
    cards = sorted(player.hand.elements(), key=lambda k: k.value)
    if variant:
        player.engineer = rng.choice(ENGINEER_CHOICES)
        cards = rng.choices(list(CardKind), weights=[4, 4, 2, 2, 2], k=rng.randint(1, 7))
    rng.shuffle(cards)
    player.hand = Counter(cards)
    while tile_bound(state, colour) > MAX_TILES:
        cards.pop()
        player.hand = Counter(cards)
    return state, colour


POSITIONS = [(seed, variant) for seed in BASE_SEEDS for variant in range(VARIANTS)]


@functools.cache
def short_answer(seed: int, variant: int, max_tiles: int = MAX_TILES) -> ShortBuild:
    """The python-constraint2 solver's best build of position (seed, variant), found once per
    test process: the tests below ask it again of positions the three-solver test asked (a
    frozen answer, nothing mutates it; every test makes its own position to play it on)."""
    state, colour = short_position(seed, variant)
    return best_short_build(state, colour, max_tiles=max_tiles)


def test_enough_positions_and_builds() -> None:
    """The cross-check is worth something: many positions, most of them with a build."""
    assert len(POSITIONS) >= 1000
    sample = [short_position(seed, v) for seed, v in POSITIONS[:80]]
    scoring = sum(short_answer(seed, v).points > 0 for seed, v in POSITIONS[:80])
    two_canals = sum(len(st.player(c).open_canals) == 2 for st, c in sample)
    assert scoring >= 40 and two_canals >= 20


@pytest.mark.parametrize("chunk", spread(range(CHUNKS), every=CHUNKS))
def test_three_solvers_agree(chunk: int) -> None:
    disagreements = []
    for seed, variant in POSITIONS[chunk::CHUNKS]:
        state, colour = short_position(seed, variant)
        answers = {}
        for engine in ("search", "cp-sat"):
            plan = best_build(state, colour, engine=engine)
            assert plan.optimal, (seed, variant, engine)
            answers[engine] = (plan.points, plan.cards)
        found = short_answer(seed, variant)
        answers["python-constraint2"] = (found.points, found.cards)
        if len(set(answers.values())) != 1:
            disagreements.append(((seed, variant), answers))
    assert disagreements == []


# ------------------------------------------------------------------ the third solver alone


def play(state: GameState, colour: str, build: ShortBuild) -> tuple[bool, int, str]:
    """Play the build, every card written, as the player's phase 2 (discarding down to the
    hand limit): (legal, points scored now, the broken rules)."""
    game = state.copy()
    game.now, game.phase = colour, 2
    hand = Counter(game.player(colour).hand or {})
    used: Counter[CardKind] = Counter()
    labels: set[int] = set()
    for tile in build.payment:
        for kind, label in tile:
            if label is None or label not in labels:
                used[kind] += 1
            if label is not None:
                labels.add(label)
    left = hand - used
    excess = sum(left.values()) - HAND_LIMIT
    turn = build.to_turn(colour)
    if excess > 0:
        discard = list(left.elements())[:excess]
        cards = tuple(s.Card(s.Ref(k.value)) for k in discard)
        turn = s.TurnDecl(player=turn.player, items=(*turn.items, s.DiscardCards(cards=cards)))
    verdict = play_turn(game, turn)
    broken = ", ".join(f"{v.rule}: {v.message}" for v in verdict.violations)
    return verdict.legal, verdict.points.get(colour, 0), broken


@pytest.mark.parametrize("seed", spread(range(30_000, 30_150), every=3))
def test_its_builds_are_legal_and_score_what_they_claim(seed: int) -> None:
    state, colour = short_position(seed, seed % VARIANTS)
    found = short_answer(seed, seed % VARIANTS)
    assert physical_cards(found.payment) == found.cards
    if not any(line.items for line in found.lines):
        assert found.points == 0
        return
    legal, now, broken = play(state, colour, found)
    assert legal, broken
    later = sum(TILE_POINTS[k] for line in found.lines if not line.completes for _, k in line.tiles)
    assert now + later == found.points


def test_the_tile_limit_is_kept() -> None:
    """With fewer tiles allowed, the answer never uses more and never scores more."""
    checked = 0
    for seed, variant in POSITIONS[:100]:
        full = short_answer(seed, variant)
        if sum(len(line.tiles) for line in full.lines) < 2:
            continue
        short = short_answer(seed, variant, max_tiles=1)
        assert sum(len(line.tiles) for line in short.lines) <= 1
        assert short.points <= full.points
        checked += 1
    assert checked >= 15


def _random_costs(rng: random.Random, engineer: str | None) -> list[TileCost]:
    costs = []
    canal = 0
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.2:
            canal = 1
        kind = rng.choice(list(TileKind))
        costs.append(TileCost(canal, kind, base_cost(kind, engineer), 2 * (rng.random() < 0.2)))
    return costs


@pytest.mark.parametrize("seed", range(300))
def test_payment_matches_the_search(seed: int) -> None:
    rng = random.Random(seed)
    engineer = rng.choice(ENGINEER_CHOICES)
    hand = Counter({k: rng.randint(0, 3) for k in CardKind})
    costs = _random_costs(rng, engineer)
    paid = Payer(hand, engineer).pay([(c.canal, c.kind, c.extra) for c in costs])
    expected = pay(costs, hand, engineer)
    assert (paid is None) == (expected is None)
    if paid is None or expected is None:
        return
    assert physical_cards(paid) == expected.physical
    halves = sum(1 for tile in paid for kind, label in tile if label is not None)
    assert halves % 2 == 0 and HALF not in {k.value for tile in paid for k, _ in tile}


# ------------------------------------------------------------------ the puzzles

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _short_puzzles() -> list[tuple[str, str]]:
    out = []
    for path in sorted(EXAMPLES.glob("puzzle-*.canal")):
        scenario, _, _ = check_path(path)
        assert scenario is not None
        state = state_after_turns(scenario)
        for player in state.players:
            known = player.hand is not None and player.open_canals
            if known and tile_bound(state, player.colour) <= MAX_TILES:
                out.append((path.name, player.colour))
    return out


@pytest.mark.parametrize(("name", "colour"), _short_puzzles())
def test_puzzles_with_short_builds(name: str, colour: str) -> None:
    scenario, _, _ = check_path(EXAMPLES / name)
    assert scenario is not None
    state = state_after_turns(scenario)
    found = best_short_build(state, colour, max_tiles=MAX_TILES)
    plan = best_build(state, colour, engine="search")
    assert (found.points, found.cards) == (plan.points, plan.cards)
