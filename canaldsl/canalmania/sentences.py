"""The sentence indexes of Canal Mania's three texts: every sentence, where it stands, and the
rule that checks it or the reason it is not checked.

An index is data (``data/rulebook-TRANSLATION-sentences.toml``, one per text: ``it`` and ``fr``
for the 1st edition, ``de`` for the 2nd). Each entry gives a section (the text's headings,
outermost first, joined by ``" > "``), a paraphrase in our own words (never the text), and
either rule ids or one of :data:`REASONS`. A sentence mapped to rules also records what it
states in a form the cross-check can compare between texts: a ``point`` shared by the texts
that state the same thing, its ``modality`` (:data:`MODALITIES`), the numbers it gives and the
exceptions it names. A rule or switch the engine does not have yet is marked ``planned`` and
must be one of :data:`PLANNED_RULES` or :data:`PLANNED_SWITCHES`.

This module reads and validates the data; it does not import the rule registry. The test
``tests/test_sentences.py`` keeps the indexes complete against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from canaldsl.datafiles import read_toml

TRANSLATIONS = ("it", "fr", "de")
"""The texts indexed, in the order reports list them."""

REASONS: Mapping[str, str] = MappingProxyType(
    {
        "set-up": "how the game is laid out before the first turn; a position starts after it",
        "components": "what the box holds; kept as the model's data (board, sets, counts)",
        "hidden-information": "what players keep secret; a position states what is known",
        "definition": "names a term the rules use; the rules that use it check it",
        "advice": "a recommendation or a prediction, not a rule",
        "cross-reference": "announces or points to other sections",
        "narrative": "story or flavour, not rules",
        "credits": "credits, web addresses and legal notices",
        "worked-example": "a worked example; its scenario file plays it (scenarios/canalmania)",
    }
)
"""Why a sentence is not checked."""

MODALITIES = ("must", "should", "must-not", "may", "is")
"""What a rule sentence does: obliges, recommends, forbids, permits, or states a fact."""

PLANNED_RULES: Mapping[str, str] = MappingProxyType({})
"""Rule ids the texts describe that the engine does not check yet (empty: issue 14 added
build.shortest-completion and contract.none-left-other-action)."""

PLANNED_SWITCHES: Mapping[str, str] = MappingProxyType({})
"""Readings the texts allow that no switch offers yet (empty: issue 14 added
consecutive-tiles, junction-double-take, no-contract-left and winner-tie-engineer)."""


class SentenceIndexError(ValueError):
    """A sentence index is malformed."""


@dataclass(frozen=True)
class Sentence:
    """One sentence of one text.

    ``rules`` is empty when the sentence is not checked, and ``reason`` then says why.
    ``point``, ``modality``, ``numbers`` and ``exceptions`` describe a rule sentence for
    comparison between texts; ``example`` names the scenario of a worked example.
    """

    translation: str
    number: int
    section: str
    says: str
    rules: tuple[str, ...] = ()
    reason: str = ""
    point: str = ""
    modality: str = ""
    numbers: tuple[tuple[str, int], ...] = ()
    exceptions: tuple[str, ...] = ()
    switch: str = ""
    planned: bool = False
    example: str = ""
    note: str = ""

    @property
    def ref(self) -> str:
        """``translation#number``, how reports name a sentence."""
        return f"{self.translation}#{self.number}"


_KEYS = frozenset(
    {
        "section",
        "says",
        "rules",
        "reason",
        "point",
        "modality",
        "numbers",
        "exceptions",
        "switch",
        "planned",
        "example",
        "note",
    }
)


def _sentence(translation: str, number: int, entry: Mapping[str, Any]) -> Sentence:
    where = f"{translation} sentence {number}"
    unknown = set(entry) - _KEYS
    if unknown:
        raise SentenceIndexError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    rules = tuple(str(r) for r in entry.get("rules", ()))
    reason = str(entry.get("reason", ""))
    if bool(rules) == bool(reason):
        raise SentenceIndexError(f"{where}: give rules or a reason, not both")
    if reason and reason not in REASONS:
        raise SentenceIndexError(f"{where}: unknown reason {reason!r}")
    if not entry.get("section") or not entry.get("says"):
        raise SentenceIndexError(f"{where}: a section and a paraphrase are needed")
    point = str(entry.get("point", ""))
    modality = str(entry.get("modality", ""))
    if rules and (not point or modality not in MODALITIES):
        raise SentenceIndexError(f"{where}: a rule sentence needs a point and a modality")
    if reason == "worked-example" and not entry.get("example"):
        raise SentenceIndexError(f"{where}: a worked example names its scenario")
    planned = bool(entry.get("planned", False))
    switch = str(entry.get("switch", ""))
    if planned and not any(r in PLANNED_RULES for r in rules):
        raise SentenceIndexError(f"{where}: planned, but no rule id is in PLANNED_RULES")
    if not planned and any(r in PLANNED_RULES for r in rules):
        raise SentenceIndexError(f"{where}: a planned rule id needs planned = true")
    numbers = {str(k): int(v) for k, v in dict(entry.get("numbers", {})).items()}
    return Sentence(
        translation=translation,
        number=number,
        section=str(entry["section"]),
        says=str(entry["says"]),
        rules=rules,
        reason=reason,
        point=point,
        modality=modality,
        numbers=tuple(sorted(numbers.items())),
        exceptions=tuple(str(e) for e in entry.get("exceptions", ())),
        switch=switch,
        planned=planned,
        example=str(entry.get("example", "")),
        note=str(entry.get("note", "")),
    )


@cache
def sentence_index(translation: str) -> tuple[Sentence, ...]:
    """Every sentence of one text's index, in the order of the text, numbered from 1."""
    if translation not in TRANSLATIONS:
        raise SentenceIndexError(f"no sentence index for {translation!r}")
    name = f"rulebook-{translation}-sentences.toml"
    data = read_toml("canaldsl.canalmania", "data", name)
    return tuple(
        _sentence(translation, number, entry)
        for number, entry in enumerate(data.get("sentence", []), start=1)
    )


def all_sentences() -> tuple[Sentence, ...]:
    """The sentences of every text, text by text."""
    return tuple(s for t in TRANSLATIONS for s in sentence_index(t))


def citing(rule_id: str, translation: str) -> tuple[Sentence, ...]:
    """The sentences of one text that a rule checks or applies."""
    return tuple(s for s in sentence_index(translation) if rule_id in s.rules)


def not_checked(translation: str) -> tuple[Sentence, ...]:
    """The sentences of one text deliberately not checked, each with its reason."""
    return tuple(s for s in sentence_index(translation) if s.reason)
