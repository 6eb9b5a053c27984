"""Each rule of Ticket to Ride: a turn where it holds, a turn where only it is broken (at the
right line and column), and the registry's own consistency."""

from __future__ import annotations

import pytest

from canaldsl.rules import RuleKind
from canaldsl.tickettoride.registry import all_rules
from canaldsl.tickettoride.rulebook import BOOK, IT, SECTIONS
from tickettoride.builders import broken_at, judge
from tickettoride.rulecases import CASES

CHECKS = sorted(r.id for r in all_rules().values() if r.kind is RuleKind.CHECK)


def test_every_check_has_a_holding_and_a_broken_case() -> None:
    assert sorted(CASES) == CHECKS


@pytest.mark.parametrize("rule", CHECKS)
def test_rule_holds(rule: str) -> None:
    position, turn = CASES[rule].holds()
    verdict = judge(position, turn)
    assert verdict.legal, [(v.rule, v.message) for v in verdict.violations]
    assert verdict.after != position or turn.is_setup


@pytest.mark.parametrize("rule", CHECKS)
def test_rule_broken(rule: str) -> None:
    position, turn = CASES[rule].broken()
    verdict = judge(position, turn)
    line, column = CASES[rule].where
    assert broken_at(verdict) == {(rule, line, column)}, [
        (v.rule, v.message) for v in verdict.violations
    ]
    assert verdict.after is position  # an illegal turn changes nothing
    assert verdict.violations[0].message


def test_every_rule_cites_a_section_of_the_italian_text_and_says_something() -> None:
    for rule in all_rules().values():
        assert rule.sections[IT] in SECTIONS, rule.id
        assert len(rule.text) > 30, rule.id
        assert rule.qualified_id == f"tickettoride:{rule.id}"


def test_rule_ids_are_namespaced_by_family() -> None:
    families = {rule.split(".")[0] for rule in all_rules()}
    assert families == {"turn", "draw", "claim", "route", "tickets", "end", "score", "winner"}
    assert BOOK.game == "tickettoride"
