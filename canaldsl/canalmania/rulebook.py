"""The registry of Canal Mania's rules: each one a named check with a stable id.

A rule is registered by decorating the function that checks it (or, for rules that compute a
score or a consequence, the function that computes it) with
:func:`canaldsl.canalmania.rulebase.rule`. The function's docstring says the rule in our own
words; the decorator records where each rulebook states it (IT and FR: 1st edition; DE: 2nd
edition) and how the editions differ. Rule ids never change meaning once published.

This module imports every module of checks, so :func:`all_rules` is the whole registry.
"""

from __future__ import annotations

from collections.abc import Mapping

from canaldsl.canalmania import checks as _checks  # noqa: F401  (registers the rules)
from canaldsl.canalmania.rulebase import RULEBOOK, RULEBOOKS
from canaldsl.rules import Rule, rule_id

RULES: Mapping[str, Rule] = RULEBOOK.rules

FORMER_IDS: Mapping[str, str] = {
    # issue 13: one rule id per payment mistake, named for what was wrong
    "build.card-cost": "pay.wrong-count",
    "engineer.jessop": "pay.wrong-count",
    "engineer.telford": "pay.wrong-count",
    "build.card-kind": "pay.wrong-kind",
    "engineer.brindley": "pay.wrong-kind",
    "build.cards-in-hand": "pay.not-in-hand",
}
"""Rule ids once published and the rule now in force for each: files, sentence indexes and
claims written with a former id keep their meaning (:meth:`canaldsl.rules.RuleBook.resolve`)."""

for _former, _current in FORMER_IDS.items():
    RULEBOOK.alias(_former, _current)
RULEBOOK.check_aliases()


def resolve(rule_id: str) -> str:
    """The id of the rule in force for ``rule_id`` (a former id gives its successor)."""
    return RULEBOOK.resolve(rule_id)


def all_rules() -> Mapping[str, Rule]:
    """Every rule of Canal Mania, by local id."""
    return RULES


__all__ = [
    "FORMER_IDS",
    "RULEBOOK",
    "RULEBOOKS",
    "RULES",
    "Rule",
    "all_rules",
    "resolve",
    "rule_id",
]
