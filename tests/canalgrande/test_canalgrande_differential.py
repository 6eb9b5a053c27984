"""The engine against the independent referee on random turns and votes.

Both judge the same random cases (``generator.py``): about half legal as generated, half with
one random mutation. They must agree on legality, on every broken rule with its line and
column, and, for legal cases, on the whole position after. Bigger runs: bench/bench_canalgrande
(``--differential N``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.game import play_vote

from . import convert
from . import referee as ref
from .generator import turn_case, vote_case

TURNS = 1500
VOTES = 1500


def compare_turn(seed: int) -> tuple[bool, str]:
    case = turn_case(seed)
    report = play_turn(
        convert.position(case.position),
        convert.turn(case.turn),
        readings=convert.readings(case.readings),
    )
    theirs = ref.judge_turn(case.position, case.turn, case.readings)
    mine = sorted((v.rule, v.span.line, v.span.column) for v in report.violations)
    assert mine == sorted(theirs["broken"]), (seed, case.mutation, mine, theirs["broken"])
    if report.legal:
        assert report.played is not None
        assert convert.plain_position(report.played) == theirs["after"], (seed, case.mutation)
    return report.legal, case.mutation


def compare_vote(seed: int) -> tuple[bool, str]:
    case = vote_case(seed)
    verdict = play_vote(
        convert.position(case.position),
        case.owner,
        convert.vote(case.vote),
        readings=convert.readings(case.readings),
    )
    theirs = ref.judge_vote(case.position, case.owner, case.vote, case.readings)
    mine = sorted((v.rule, v.span.line, v.span.column) for v in verdict.violations)
    assert mine == sorted(theirs["broken"]), (seed, case.mutation, mine, theirs["broken"])
    assert convert.plain_position(verdict.after) == theirs["after"], (seed, case.mutation)
    return verdict.legal, case.mutation


def _summary(results: list[tuple[bool, str]]) -> Counter[Any]:
    return Counter(legal for legal, _ in results)


def test_engine_and_referee_agree_on_random_turns() -> None:
    results = [compare_turn(seed) for seed in range(TURNS)]
    legal = _summary(results)
    # the sample is meaningful: many legal turns (outcomes compared) and many illegal ones
    assert legal[True] > TURNS // 5 and legal[False] > TURNS // 5, legal


def test_engine_and_referee_agree_on_random_votes() -> None:
    results = [compare_vote(seed) for seed in range(VOTES)]
    legal = _summary(results)
    assert legal[True] > VOTES // 5 and legal[False] > VOTES // 5, legal
