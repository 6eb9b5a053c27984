"""`expect illegal only RULE-ID ...`: the turn breaks exactly the rules named, no other."""

from __future__ import annotations

import pytest

from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.parser import parse_syntax

# A stretch on B2 after a stretch on A2, then Barford, which is not next to B2: two rules broken.
TWO_BROKEN = """rules second-edition {
  players 3
}
board tiny {
  map {
    | A . ^ . B
    | . . . . .
    | C . . . .
  }
  town Ashby red marked A
  town Barford blue marked B
  town Colby green marked C
  contract AB between Ashby and Barford value 4
}
player red {
  engineer Brindley
  hand 2 stretch
  canal AB: Ashby
}
player white {
  engineer Telford
}
player black {
  engineer Jessop
}
now red phase 2
turn red {
  phase 2: build AB: stretch A2 (stretch), stretch B2 (stretch), Barford
}
"""


def judged(expectation: str) -> tuple[bool | None, str]:
    scenario, diagnostics = check_text(TWO_BROKEN + expectation + "\n", filename="only.canal")
    assert scenario is not None, diagnostics
    (judgement,) = evaluate(scenario).judgements
    return judgement.passed, judgement.reason


def test_the_turn_breaks_the_two_rules() -> None:
    assert judged("expect illegal build.consecutive-tiles build.connected")[0] is True


def test_only_the_rules_it_breaks_passes() -> None:
    passed, _ = judged("expect illegal only build.consecutive-tiles build.connected")
    assert passed is True


def test_only_fails_when_the_turn_breaks_another_rule_too() -> None:
    assert judged("expect illegal build.connected")[0] is True  # at least: holds
    passed, reason = judged("expect illegal only build.connected")
    assert passed is False
    assert reason == "the turn also breaks build.consecutive-tiles"


def test_only_fails_when_a_named_rule_is_not_broken() -> None:
    passed, reason = judged("expect illegal only build.connected build.terrain")
    assert passed is False
    assert "not by build.terrain" in reason


def test_only_needs_a_rule_id() -> None:
    scenario, diagnostics = check_text(TWO_BROKEN + "expect illegal only\n", filename="x.canal")
    assert scenario is None
    assert [d.code for d in diagnostics] == ["E112"]


@pytest.mark.parametrize("line", ["expect illegal only build.connected", "expect illegal"])
def test_the_formatter_keeps_only(line: str) -> None:
    formatted = format_document(parse_syntax(TWO_BROKEN + line + "\n"))
    assert formatted.rstrip().endswith(line)
