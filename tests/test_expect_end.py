"""`expect endgame triggered [in round N]`, `expect endgame not triggered`, `expect last round N`.

2nd edition, three players: the end begins when a score reaches 70 (DE Spielende > 1. Die
Schlussrunden; the mark in the facts), and the game ends after that round and two more.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.parser import parse_syntax

MEDWAY = (
    Path(__file__).resolve().parent.parent / "examples" / "medway-first-build.canal"
).read_text(encoding="utf-8")


def game(score: int, *, before: str = "", after: str = "") -> str:
    """Red at ``score`` in round 5 builds the Medway for 4 points."""
    text = MEDWAY.replace("score 0", f"score {score}").replace(
        "now red phase 2", "now red phase 2\nround 5"
    )
    text = text.replace("turn red {", before + "\nturn red {")
    return text + after + "\n"


def judged(text: str) -> list[bool | None]:
    scenario, diagnostics = check_text(text, filename="end.canal")
    assert scenario is not None, diagnostics
    return [j.passed for j in evaluate(scenario).judgements]


def test_the_build_that_reaches_the_mark_begins_the_end() -> None:
    text = game(
        66,
        before="expect endgame not triggered",
        after="expect endgame triggered in round 5\nexpect endgame triggered\nexpect last round 7",
    )
    # the medway file's own three expectations (legal, score 4 -> fails at 70, hand) aside:
    assert judged(text) == [True, True, False, True, True, True, True]


@pytest.mark.parametrize(
    "claim",
    ["expect endgame triggered in round 4", "expect last round 6", "expect endgame not triggered"],
)
def test_wrong_claims_about_the_end_fail(claim: str) -> None:
    assert judged(game(66, after=claim))[-1] is False


def test_below_the_mark_the_end_has_not_begun() -> None:
    text = game(60, after="expect endgame not triggered\nexpect last round 7")
    assert judged(text)[-2:] == [True, False]


@pytest.mark.parametrize(
    "line",
    [
        "expect endgame triggered",
        "expect endgame triggered in round 5",
        "expect endgame not triggered",
        "expect last round 7",
    ],
)
def test_the_formatter_keeps_them(line: str) -> None:
    assert format_document(parse_syntax(game(66, after=line))).rstrip().endswith(line)
