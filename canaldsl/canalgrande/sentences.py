"""The sentence index of the Italian text: every sentence, what it says, which rules implement it.

Data in ``data/sentences.toml`` (package data). Each entry has the sentence's number (as the
test suite cuts the text), a digest of its text (so the index can be matched to the text
without quoting it), its section, a paraphrase in the project's own words, and either the
rule ids that implement it or a reason from the ``[reasons]`` table why none does; a ``note``
says where the text contradicts itself or leaves a gap.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Sentence:
    """One sentence of the text, as the index records it."""

    number: int
    digest: str
    section: str
    says: str
    rules: tuple[str, ...]
    reason: str | None
    note: str | None


@dataclass(frozen=True)
class SentenceIndex:
    sentences: tuple[Sentence, ...]
    reasons: MappingProxyType[str, str]

    def for_rule(self, rule_id: str) -> tuple[Sentence, ...]:
        """The sentences a rule implements."""
        return tuple(s for s in self.sentences if rule_id in s.rules)


@cache
def sentence_index() -> SentenceIndex:
    """The index, read once from the package data."""
    text = (
        resources.files("canaldsl.canalgrande")
        .joinpath("data/sentences.toml")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = tomllib.loads(text)
    sentences = tuple(
        Sentence(
            number=int(entry["n"]),
            digest=str(entry["digest"]),
            section=str(entry["section"]),
            says=str(entry["says"]),
            rules=tuple(str(r) for r in entry.get("rules", ())),
            reason=entry.get("reason"),
            note=entry.get("note"),
        )
        for entry in data["sentence"]
    )
    return SentenceIndex(sentences, MappingProxyType(dict(data["reasons"])))
