"""Former rule ids (issue 13): the payment rules were renamed to one id per mistake, named for
what was wrong (pay.wrong-count, pay.wrong-kind, pay.not-in-hand). The former ids stay
aliases in the shared registry (``RuleBook.alias``/``resolve``): a file written with one keeps
its meaning, ``explain`` takes it and says so, ``rules`` lists them."""

from __future__ import annotations

import json
from pathlib import Path

import programs
import pytest

from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.rulebook import FORMER_IDS, RULEBOOK, all_rules, resolve
from canaldsl.rules import RuleBook

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BRINDLEY = EXAMPLES / "brindley-lock-from-a-stretch-card.canal"
CHEAPER = EXAMPLES / "telford-jessop-cheaper-tiles.canal"


def judged(text: str) -> list[tuple[str, bool | None, str]]:
    scenario, diagnostics = check_text(text, filename="t.canal", path=None)
    assert scenario is not None and not [d for d in diagnostics if d.is_error], diagnostics
    return [(j.text, j.passed, j.reason) for j in evaluate(scenario).judgements]


def test_the_registry_resolves_and_refuses_bad_aliases() -> None:
    book = RuleBook("toy", title="Toy", rulebooks={"en": "English"}, rule_sets=["one"])

    @book.rule("pay.wrong-kind", title="Kind", sections={"en": "1"})
    def kind() -> str | None:
        """Cards of the tile's kind."""
        return None

    book.alias("old.kind", "pay.wrong-kind")
    book.alias("older.kind", "pay.wrong-kind")
    book.check_aliases()
    assert book.resolve("old.kind") == "pay.wrong-kind"
    assert book.resolve("pay.wrong-kind") == "pay.wrong-kind"
    assert book.resolve("no.such") == "no.such"
    assert book.former_ids("pay.wrong-kind") == ("old.kind", "older.kind")
    with pytest.raises(ValueError, match="registered twice"):
        book.alias("old.kind", "pay.wrong-kind")
    with pytest.raises(ValueError, match="rule in force"):
        book.alias("pay.wrong-kind", "old.kind")
    book.alias("gone.rule", "no.such")
    with pytest.raises(ValueError, match="aliases of no rule"):
        book.check_aliases()

    with pytest.raises(ValueError, match="a former id"):

        @book.rule("old.kind", title="Again", sections={"en": "1"})
        def again() -> str | None:
            """Registered under a former id."""
            return None


def test_every_former_payment_id_means_a_rule_in_force() -> None:
    assert set(FORMER_IDS) == {
        "build.card-cost",
        "build.card-kind",
        "build.cards-in-hand",
        "engineer.brindley",
        "engineer.jessop",
        "engineer.telford",
    }
    for former, current in FORMER_IDS.items():
        assert former not in all_rules()
        assert resolve(former) == current in all_rules()
    assert RULEBOOK.former_ids("pay.wrong-kind") == ("build.card-kind", "engineer.brindley")


@pytest.mark.parametrize(
    ("path", "new", "old"),
    [
        (BRINDLEY, "pay.wrong-kind", "engineer.brindley"),
        (BRINDLEY, "pay.wrong-kind", "build.card-kind"),
        (CHEAPER, "pay.wrong-count", "engineer.jessop"),
        (CHEAPER, "pay.wrong-count", "engineer.telford"),
        (CHEAPER, "pay.wrong-count", "build.card-cost"),
    ],
)
def test_an_old_file_s_expect_illegal_still_passes(path: Path, new: str, old: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert f"expect illegal {new}\n" in text
    before = judged(text)
    after = judged(text.replace(f"expect illegal {new}\n", f"expect illegal only {old}\n"))
    assert [p for _, p, _ in after] == [p for _, p, _ in before]
    assert all(p for _, p, _ in after)


def test_a_former_id_the_turn_does_not_break_says_what_it_now_means() -> None:
    text = BRINDLEY.read_text(encoding="utf-8").replace(
        "expect illegal pay.wrong-kind\n", "expect illegal build.cards-in-hand\n"
    )
    (failed,) = [j for j in judged(text) if j[1] is False]
    assert "not by build.cards-in-hand (now pay.not-in-hand)" in failed[2]


def test_explain_takes_a_former_id_and_lists_them() -> None:
    result = programs.in_process("explain", "engineer.brindley")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("pay.wrong-kind: ")
    assert lines[1] == "(engineer.brindley is a former id of this rule)"
    assert lines[2] == "formerly build.card-kind, engineer.brindley"
    qualified = programs.in_process("explain", "canalmania:engineer.jessop")
    assert qualified.stdout.startswith("pay.wrong-count: ")


def test_rules_lists_the_former_ids() -> None:
    text = programs.in_process("rules").stdout
    assert "engineer.brindley -> pay.wrong-kind" in text
    listed = json.loads(programs.in_process("rules", "--format", "json").stdout)
    (entry,) = [e for e in listed if e["id"] == "pay.wrong-count"]
    assert entry["formerly"] == ["build.card-cost", "engineer.jessop", "engineer.telford"]


def test_crosscheck_reads_a_sentence_index_written_with_a_former_id() -> None:
    from canaldsl.canalmania import crosscheck_sentences
    from canaldsl.canalmania.sentences import Sentence

    def sentence(translation: str, rules: tuple[str, ...]) -> Sentence:
        return Sentence(
            translation=translation,
            number=1,
            section="s",
            says="a lock may be paid with a stretch card by Brindley",
            rules=rules,
            reason="",
            point="brindley-pays-locks-with-stretches",
            modality="may",
            numbers=(),
            exceptions=(),
            switch="",
            planned=False,
            example="",
            note="",
        )

    compared = crosscheck_sentences.compare_points(
        {"it": "first-edition", "de": "second-edition"},
        [sentence("it", ("engineer.brindley",)), sentence("de", ("pay.wrong-kind",))],
    )
    assert [c.rules for c in compared] == [("pay.wrong-kind",)]
