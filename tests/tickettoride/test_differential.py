"""The engine against the independent referee (tests/tickettoride/referee.py) on random turns,
random positions' final scores, and random whole games."""

from __future__ import annotations

import random
from collections import Counter

from canaldsl.rules import RuleKind
from canaldsl.tickettoride.engine import play
from canaldsl.tickettoride.registry import all_rules
from canaldsl.tickettoride.scoring import final_scores
from canaldsl.tickettoride.usa import usa_board
from tickettoride import adapter, randomgame, referee

BOARD = usa_board()
REFEREE_BOARD = adapter.board(BOARD)
TURNS = 3000
POSITIONS = 250
GAMES = 6


def compare_turn(position, turn) -> list[str]:  # type: ignore[no-untyped-def]
    """The disagreements between engine and referee on one turn (empty: none)."""
    verdict = play(position, turn)
    judged = referee.judge(REFEREE_BOARD, adapter.state(position), adapter.turn(turn))
    ours = sorted((v.rule, v.span.line, v.span.column) for v in verdict.violations)
    theirs = sorted(judged.broken)
    if ours != theirs:
        return [f"violations: engine {ours}, referee {theirs}"]
    if verdict.legal:
        assert judged.after is not None
        mine = adapter.comparable(adapter.state(verdict.after))
        other = adapter.comparable(judged.after)
        return [
            f"{key}: engine {mine[key]}, referee {other[key]}"
            for key in mine
            if mine[key] != other[key]
        ]
    return []


def test_engine_and_referee_agree_on_random_turns() -> None:
    rng = random.Random(20240613)
    seen: Counter[str] = Counter()
    legal = 0
    for number in range(TURNS):
        position = randomgame.random_position(BOARD, rng)
        turn = randomgame.random_turn(position, rng)
        problems = compare_turn(position, turn)
        assert not problems, (number, adapter.turn(turn), problems)
        verdict = play(position, turn)
        legal += verdict.legal
        seen.update(verdict.rules_broken)
    checks = {r.id for r in all_rules().values() if r.kind is RuleKind.CHECK}
    assert set(seen) == checks, f"never broken: {sorted(checks - set(seen))}"
    assert TURNS * 0.2 < legal < TURNS * 0.8


def test_final_scores_agree_with_the_referee() -> None:
    rng = random.Random(7)
    for _ in range(POSITIONS):
        position = randomgame.random_position(BOARD, rng)
        ours = final_scores(position)
        theirs = referee.final_scores(REFEREE_BOARD, adapter.state(position))
        assert {s.player.value: s.total for s in ours.scores} == theirs["totals"]
        assert {s.player.value: s.longest.length for s in ours.scores} == theirs["lengths"]
        assert [p.value for p in ours.longest_holders] == theirs["holders"]
        winners = None if ours.winners is None else [p.value for p in ours.winners]
        assert winners == theirs["winners"]


def test_whole_random_games_agree_turn_by_turn_and_at_the_end() -> None:
    rng = random.Random(11)
    for _ in range(GAMES):
        position = randomgame.random_position(BOARD, rng)
        position = randomgame.fresh_game(BOARD, rng)
        turns = 0
        while not position.finished and turns < 400:
            turn = randomgame.legal_turn(position, rng)
            assert turn is not None
            assert not compare_turn(position, turn)
            position = play(position, turn).after
            turns += 1
        assert position.finished
        ours = final_scores(position)
        theirs = referee.final_scores(REFEREE_BOARD, adapter.state(position))
        assert {s.player.value: s.total for s in ours.scores} == theirs["totals"]
        assert [p.value for p in ours.winners or ()] == theirs["winners"]
