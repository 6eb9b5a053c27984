"""The registry of Canal Mania's rules: each one a named check with a stable id.

A rule is registered by decorating the function that checks it (or, for rules that compute a
score or a consequence, the function that computes it) with :func:`rule`. The function's
docstring says the rule in our own words; the decorator records where each rulebook states it
(IT and FR: 1st edition; DE: 2nd edition) and how the editions differ. Rule ids never change
meaning once published.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar

from canaldsl.canalmania.components import Edition

BOTH = frozenset({Edition.FIRST, Edition.SECOND})
FIRST = frozenset({Edition.FIRST})
SECOND = frozenset({Edition.SECOND})


@dataclass(frozen=True)
class Rule:
    """A rule of the game: its id, what it says, where it is written, which editions have it."""

    id: str
    title: str
    text: str
    sections: Mapping[str, str | None]
    editions: frozenset[Edition]
    differences: str
    kind: str  # "check" (can be broken) or "effect" (computes a consequence)
    function: Callable[..., Any]

    def applies(self, edition: Edition) -> bool:
        return edition in self.editions


_RULES: dict[str, Rule] = {}
RULES: Mapping[str, Rule] = MappingProxyType(_RULES)

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
    kind: str = "check",
) -> Callable[[F], F]:
    """Register the decorated function as the check (or effect) of rule ``rule_id``."""

    def register(function: F) -> F:
        if rule_id in _RULES:
            raise ValueError(f"rule {rule_id} registered twice")
        doc = inspect.getdoc(function)
        if not doc:
            raise ValueError(f"rule {rule_id} needs a docstring")
        _RULES[rule_id] = Rule(
            id=rule_id,
            title=title,
            text=doc,
            sections=MappingProxyType({"it": it, "fr": fr, "de": de}),
            editions=editions,
            differences=differences,
            kind=kind,
            function=function,
        )
        function.rule_id = rule_id  # type: ignore[attr-defined]
        return function

    return register


def all_rules() -> Mapping[str, Rule]:
    """Every rule, with every module that defines rules imported."""
    from canaldsl.canalmania import checks  # noqa: F401  (registers the rules)

    return RULES


def rule_id(function: Callable[..., Any]) -> str:
    return str(function.rule_id)  # type: ignore[attr-defined]


RULEBOOKS = {
    "it": "Italian, 1st edition (Regolamento, trad. Morpheus 1.1)",
    "fr": "French, 1st edition (Règles du jeu, LudiGaume 1.1)",
    "de": "German, 2nd edition (Spielregeln, F. Köther)",
}
