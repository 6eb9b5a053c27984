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


def all_rules() -> Mapping[str, Rule]:
    """Every rule of Canal Mania, by local id."""
    return RULES


__all__ = ["RULEBOOK", "RULEBOOKS", "RULES", "Rule", "all_rules", "rule_id"]
