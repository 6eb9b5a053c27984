"""Canal Mania's book of rules in the shared registry (:mod:`canaldsl.rules`).

The checks of :mod:`canaldsl.canalmania.checks_build` and its siblings register themselves
here with :func:`rule`; :mod:`canaldsl.canalmania.rulebook` imports every one of them and
answers for the whole registry. This module imports no check, so the checks can import it
without an import cycle.

The three texts: IT and FR are the 1st edition, DE the 2nd. The rule sets are the editions,
named as in a file's ``rules`` statement (``first-edition``, ``second-edition``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.options import SWITCHES
from canaldsl.rules import RuleBook, RuleKind

RULEBOOKS = {
    "it": "Italian, 1st edition (Regolamento, trad. Morpheus 1.1)",
    "fr": "French, 1st edition (Règles du jeu, LudiGaume 1.1)",
    "de": "German, 2nd edition (Spielregeln, F. Köther)",
}

RULEBOOK = RuleBook(
    "canalmania",
    title="Canal Mania",
    rulebooks=RULEBOOKS,
    rule_sets=[e.value for e in Edition],
)
"""Every rule of Canal Mania (complete once :mod:`canaldsl.canalmania.rulebook` is imported)."""

for _switch in SWITCHES.values():
    RULEBOOK.switch(_switch)

BOTH = frozenset({Edition.FIRST, Edition.SECOND})
FIRST = frozenset({Edition.FIRST})
SECOND = frozenset({Edition.SECOND})

F = TypeVar("F", bound=Callable[..., Any])


def rule(
    rule_id: str,
    *,
    title: str,
    it: str | None,
    fr: str | None,
    de: str | None,
    editions: frozenset[Edition] = BOTH,
    differences: str = "",
    kind: RuleKind = RuleKind.CHECK,
) -> Callable[[F], F]:
    """Register the decorated function as the check (or effect) of rule ``rule_id``, stated in
    section ``it``, ``fr`` and ``de`` of each rulebook (None: that text does not state it)."""
    return RULEBOOK.rule(
        rule_id,
        title=title,
        sections={"it": it, "fr": fr, "de": de},
        rule_sets=sorted(e.value for e in editions),
        differences=differences,
        kind=kind,
    )
