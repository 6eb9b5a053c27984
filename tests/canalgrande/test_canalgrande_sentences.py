"""The sentence index covers the whole Italian text, and every rule rests on a sentence."""

from __future__ import annotations

import pytest

from canaldsl.canalgrande.allrules import RULEBOOK
from canaldsl.canalgrande.sentences import sentence_index

from .textsegments import TEXT, segments


def test_every_entry_maps_to_rules_or_a_listed_reason() -> None:
    index = sentence_index()
    assert [s.number for s in index.sentences] == list(range(1, len(index.sentences) + 1))
    for sentence in index.sentences:
        assert bool(sentence.rules) != bool(sentence.reason), sentence.number
        for rule in sentence.rules:
            assert rule in RULEBOOK.rules, (sentence.number, rule)
        if sentence.reason is not None:
            assert sentence.reason in index.reasons, (sentence.number, sentence.reason)
        assert sentence.says and sentence.section


def test_every_rule_implements_at_least_one_sentence() -> None:
    index = sentence_index()
    for rule in RULEBOOK.rules:
        assert index.for_rule(rule), f"{rule} implements no sentence of the text"


def test_every_switch_is_noted_at_its_sentence() -> None:
    notes = " ".join(s.note or "" for s in sentence_index().sentences)
    for name in RULEBOOK.switches:
        assert name in notes, name


def test_the_index_matches_the_text_sentence_by_sentence() -> None:
    if not TEXT.exists():
        pytest.skip("the rulebook is not beside this checkout")
    cut = segments(TEXT.read_text(encoding="utf-8"))
    index = sentence_index().sentences
    assert len(cut) == len(index)
    for segment, sentence in zip(cut, index, strict=True):
        assert segment.digest == sentence.digest, (segment.number, segment.text)
        # the index's section starts with the heading the sentence is printed under
        heading = segment.heading or "(title)"
        assert sentence.section.split(" > ")[0].split(" (")[0] in {heading, "Votazione"}, (
            segment.number,
            heading,
            sentence.section,
        )
