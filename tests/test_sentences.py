"""The sentence indexes and the rule registry together cover each of the three texts.

Every sentence maps to a rule that exists (or one listed as planned) or to a listed reason;
every rule is cited by a sentence of each text of its edition; every section cited is a
heading of its text; the paraphrases quote no run of six words from the text.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from canaldsl.canalmania.sentences import (
    MODALITIES,
    PLANNED_RULES,
    PLANNED_SWITCHES,
    REASONS,
    TRANSLATIONS,
    SentenceIndexError,
    _sentence,
    all_sentences,
    citing,
    sentence_index,
)

RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"
TEXTS = {
    "it": RULEBOOKS / "canal-mania-1st-edition-it.txt",
    "fr": RULEBOOKS / "canal-mania-1st-edition-fr.txt",
    "de": RULEBOOKS / "canal-mania-2nd-edition-de.txt",
}
EDITION = {"it": "first-edition", "fr": "first-edition", "de": "second-edition"}
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "canalmania"
RUN = 6


def rule_editions() -> dict[str, frozenset[str]]:
    """Every rule id of the registry with the editions it applies to (the one place this test
    reads the registry)."""
    from canaldsl.canalmania.rulebook import all_rules

    return {r.id: frozenset(r.rule_sets) for r in all_rules().values()}


def switch_names() -> frozenset[str]:
    from canaldsl.canalmania.options import SWITCHES

    return frozenset(SWITCHES)


@cache
def _text(translation: str) -> str:
    path = TEXTS[translation]
    if not path.exists():
        pytest.skip("the rulebooks are not beside this checkout")
    return path.read_text(encoding="utf-8")


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _runs(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def quoted_runs(ours: str, text: str) -> list[str]:
    """The runs of six words ``ours`` shares with ``text``."""
    found = _runs(text)
    return [" ".join(run) for run in sorted(_runs(ours) & found)]


def _headings(text: str) -> set[str]:
    return {re.sub(r"[#*]", "", line).strip() for line in text.splitlines() if line.strip()}


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_every_sentence_maps_to_an_existing_rule_or_a_listed_reason(translation: str) -> None:
    rules = rule_editions()
    for sentence in sentence_index(translation):
        assert bool(sentence.rules) != bool(sentence.reason), sentence.ref
        if sentence.reason:
            assert sentence.reason in REASONS, sentence.ref
            continue
        assert sentence.modality in MODALITIES, sentence.ref
        for rule in sentence.rules:
            if sentence.planned and rule in PLANNED_RULES:
                assert rule not in rules, f"{rule} exists now: drop planned at {sentence.ref}"
                continue
            assert rule in rules, (sentence.ref, rule)
            assert EDITION[translation] in rules[rule], (sentence.ref, rule, "wrong edition")


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_every_rule_of_an_edition_is_cited_by_each_of_its_texts(translation: str) -> None:
    missing = [
        rule
        for rule, editions in sorted(rule_editions().items())
        if EDITION[translation] in editions and not citing(rule, translation)
    ]
    assert not missing, f"{translation} cites no sentence for {missing}"


def test_planned_rules_and_switches_come_only_from_the_explicit_lists() -> None:
    switches = switch_names()
    used_planned = set()
    for sentence in all_sentences():
        used_planned |= {r for r in sentence.rules if r in PLANNED_RULES}
        if sentence.switch:
            assert sentence.switch in switches or sentence.switch in PLANNED_SWITCHES, (
                sentence.ref,
                sentence.switch,
            )
            assert not (sentence.switch in switches and sentence.switch in PLANNED_SWITCHES), (
                f"switch {sentence.switch} exists now: drop it from PLANNED_SWITCHES"
            )
    assert used_planned == set(PLANNED_RULES)
    used_switches = {s.switch for s in all_sentences() if s.switch}
    assert set(PLANNED_SWITCHES) <= used_switches
    assert switches <= used_switches | {"rennie-display-draw-goods"}, (
        "every switch is noted at the sentence it reads (rennie-display-draw-goods reads a "
        "silence of the texts)"
    )


def test_a_planned_rule_id_must_be_marked_and_an_unknown_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from canaldsl.canalmania import sentences

    monkeypatch.setattr(sentences, "PLANNED_RULES", {"build.some-day": "a rule to come"})
    entry = {"section": "S", "says": "x", "rules": ["build.some-day"]}
    entry |= {"point": "p", "modality": "must"}
    with pytest.raises(SentenceIndexError, match="planned"):
        _sentence("de", 1, entry)
    with pytest.raises(SentenceIndexError, match="planned"):
        _sentence("de", 1, {**entry, "rules": ["build.terrain"], "planned": True})
    with pytest.raises(SentenceIndexError, match="reason"):
        _sentence("de", 1, {"section": "S", "says": "x", "reason": "because"})
    with pytest.raises(SentenceIndexError, match="rules or a reason"):
        _sentence("de", 1, {**entry, "rules": ["build.terrain"], "reason": "advice"})


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_every_section_cited_is_a_heading_of_the_text(translation: str) -> None:
    headings = _headings(_text(translation))
    for sentence in sentence_index(translation):
        for part in sentence.section.split(" > "):
            assert part in headings, (sentence.ref, part)


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_no_paraphrase_quotes_six_words_of_the_text(translation: str) -> None:
    text = _text(translation)
    for sentence in sentence_index(translation):
        ours = " ".join([sentence.says, sentence.note, *sentence.exceptions])
        assert not quoted_runs(ours, text), (sentence.ref, quoted_runs(ours, text))


def test_the_quotation_check_catches_a_quotation() -> None:
    text = _text("it")
    copied = "Un giocatore non può mai costruire due tessere dello stesso tipo"
    assert quoted_runs(copied, text)
    assert not quoted_runs("A player never builds two alike tiles in a row", text)


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_worked_examples_are_scenarios_and_every_scenario_is_cited(translation: str) -> None:
    folder = SCENARIOS / translation
    ids = {p.stem for p in folder.glob("*.canal")}
    cited = " ".join(s.example + " " + s.note for s in sentence_index(translation))
    for sentence in sentence_index(translation):
        if sentence.example:
            assert sentence.example in ids, (sentence.ref, sentence.example)
    uncited = sorted(i for i in ids if i not in cited)
    assert not uncited, f"{translation}: scenarios no sentence names: {uncited}"


def test_points_shared_by_texts_name_the_same_kind_of_statement() -> None:
    """A point means one thing: every text stating it maps it to overlapping rules."""
    by_point: dict[str, list[frozenset[str]]] = {}
    for sentence in all_sentences():
        if sentence.point:
            by_point.setdefault(sentence.point, []).append(frozenset(sentence.rules))
    for point, groups in by_point.items():
        shared = frozenset.intersection(*groups)
        linked = all(g & groups[0] for g in groups) or shared
        assert linked or point in {"goods.cubes/count", "contract.mandatory/none-left"}, point


def test_the_readme_lists_what_is_deliberately_not_checked_and_what_is_planned() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    for reason in REASONS:
        assert f"**{reason}**" in readme, reason
    assert "PLANNED_RULES" in readme and "PLANNED_SWITCHES" in readme
