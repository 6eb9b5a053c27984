"""`canaldsl crosscheck`: rulebook examples against the engine, and the translations compared.

The fixtures in tests/data/crosscheck are small examples on a three-town board: the same
colour-restriction example in it, fr (marked known-error: the French profile leaves the start
out) and de, and a completed-canal example in it and de whose score differs by edition.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import programs
import pytest

from canaldsl.canalmania.crosscheck import (
    FINDING_KINDS,
    Crosscheck,
    Finding,
    contract_key,
    crosscheck,
    statement_findings,
)
from canaldsl.canalmania.crosscheck_report import HEADINGS, render_markdown, render_text, to_json
from canaldsl.canalmania.examples import default_folder
from canaldsl.canalmania.profiles import PROFILES, Statement

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "data" / "crosscheck"
SCENARIOS = ROOT / "scenarios" / "canalmania"


@pytest.fixture(scope="module")
def result() -> Crosscheck:
    return crosscheck(FIXTURES)


def findings(result: Crosscheck, kind: str) -> dict[str, Finding]:
    return {f.subject: f for f in result.findings if f.kind == kind}


def copy_fixtures(tmp_path: Path) -> Path:
    target = tmp_path / "examples"
    shutil.copytree(FIXTURES, target)
    return target


# ---------------------------------------------------------------------------- examples


def test_every_rulebook_example_is_played_and_other_files_are_skipped(result: Crosscheck) -> None:
    assert [e.ref for e in result.examples] == [
        "de/colour-start",
        "fr/colour-start",
        "it/colour-start",
        "de/cut-score",
        "it/cut-score",
    ]
    assert result.ignored == ("notes.canal",)
    assert [e.file for e in result.examples][:2] == [
        "de/colour-start.canal",
        "fr/colour-start.canal",
    ]


def test_an_example_is_played_under_its_own_translations_rules(result: Crosscheck) -> None:
    by_ref = {e.ref: e for e in result.examples}
    french, italian = by_ref["fr/colour-start"], by_ref["it/colour-start"]
    assert italian.agrees is True
    assert french.agrees is False
    (claim,) = french.claims
    assert claim.claim == "expect illegal goods.colour-restriction"
    assert claim.computed == "legal"
    assert claim.agrees is False
    assert french.known_error == "the text leaves the start out, the example counts it"
    # the reading under which the French example would hold: the start counts, as it and de say
    assert french.readings == (("colour-restriction-start", "included"),)
    assert italian.claims[0].computed.startswith("illegal goods.colour-restriction")


def test_a_disagreeing_example_is_a_finding_with_claimed_and_computed(result: Crosscheck) -> None:
    finding = findings(result, "example-disagrees")["fr/colour-start"]
    assert finding.translations == ("fr",)
    assert finding.examples == ("fr/colour-start",)
    assert any("claimed expect illegal goods.colour-restriction" in d for d in finding.details)
    assert any("computed legal" in d for d in finding.details)
    assert (
        "every claim holds with colour-restriction-start = included, as de, it read it: The place "
        "the cube starts from counts for the colour restriction." in finding.details
    )
    assert not result.failed  # the disagreement is marked known-error


def test_an_unmarked_disagreement_fails_the_crosscheck(tmp_path: Path) -> None:
    folder = copy_fixtures(tmp_path)
    french = folder / "fr" / "colour-start.canal"
    french.write_text(
        "\n".join(
            line for line in french.read_text().splitlines() if not line.startswith("known-error")
        )
        + "\n"
    )
    assert crosscheck(folder).failed
    outcome = programs.in_process("crosscheck", folder)
    assert outcome.returncode == 1, outcome.stderr


def test_a_known_error_that_no_longer_shows_is_reported(tmp_path: Path) -> None:
    folder = copy_fixtures(tmp_path)
    italian = folder / "it" / "cut-score.canal"
    text = italian.read_text().replace(
        "example cut-score\n", 'example cut-score\nknown-error "the score was wrong"\n'
    )
    italian.write_text(text)
    result = crosscheck(folder)
    gone = findings(result, "known-error-gone")
    assert list(gone) == ["it/cut-score"]
    assert result.failed
    assert programs.in_process("crosscheck", folder).returncode == 1


def test_an_example_that_cannot_be_understood_is_reported_with_its_diagnostics(
    tmp_path: Path,
) -> None:
    folder = copy_fixtures(tmp_path)
    (folder / "de" / "broken.canal").write_text(
        'rulebook de section "S" example broken\nboard england\nexpect score pink 3\n'
    )
    result = crosscheck(folder)
    (broken,) = result.unreadable
    assert broken.file == "de/broken.canal"
    assert broken.error is not None and "E" in broken.error
    outcome = programs.in_process("crosscheck", folder)
    assert outcome.returncode == 2
    assert "de/broken.canal" in outcome.stdout + outcome.stderr


# ---------------------------------------------------------------------------- comparing texts


def test_the_same_example_differing_within_an_edition_is_a_translation_finding(
    result: Crosscheck,
) -> None:
    finding = findings(result, "example-differs-between-translations")["colour-start"]
    assert finding.translations == ("de", "fr", "it")
    assert "agreement with the engine: fr disagrees" in finding.details
    assert "colour-start" not in findings(result, "example-differs-between-editions")


def test_the_same_example_differing_by_edition_is_an_edition_finding(result: Crosscheck) -> None:
    finding = findings(result, "example-differs-between-editions")["cut-score"]
    assert finding.translations == ("de", "it")
    # the 1st-edition text first: the diff reads as what the 2nd edition changed
    assert "claims: it -> de" in finding.details
    assert "-expect score red 1" in finding.details
    assert "+expect score red 3" in finding.details


def test_rule_statements_are_classified_by_edition(result: Crosscheck) -> None:
    translations = findings(result, "rule-differs-between-translations")
    editions = findings(result, "rule-differs-between-editions")
    # FR alone leaves the start out: a translation error, not an edition difference
    assert translations["goods.colour-restriction-start"].translations == ("fr", "it")
    assert "goods.colour-restriction-start" not in editions
    # examples whose outcome depends on that point are listed with it
    assert translations["goods.colour-restriction-start"].examples == (
        "de/colour-start",
        "fr/colour-start",
        "it/colour-start",
    )
    assert "15" in editions["number.cubes"].summary and "20" in editions["number.cubes"].summary
    assert editions["goods.basin-empty"].translations == ("de", "fr", "it")
    assert "undo.scope" in editions
    # the winner's tie-break differs both ways: FR against IT, and the 2nd edition's new rule
    assert "winner.tie-break" in translations and "winner.tie-break" in editions


def test_texts_agreeing_on_a_point_give_no_finding() -> None:
    same = {
        t: dataclasses.replace(
            p, statements=(Statement("x.point", "same", "The same.", "Somewhere"),)
        )
        for t, p in PROFILES.items()
    }
    assert not [f for f in statement_findings(same, ()) if f.subject == "x.point"]
    different = dict(same)
    different["de"] = dataclasses.replace(
        same["de"], statements=(Statement("x.point", "other", "Other.", "Anderswo"),)
    )
    (finding,) = [f for f in statement_findings(different, ()) if f.subject == "x.point"]
    assert finding.kind == "rule-differs-between-editions"


def test_self_contradictions_are_grouped_by_text(result: Crosscheck) -> None:
    contradictions = findings(result, "text-contradicts-itself")
    # the removal order's missing case cannot arise with 15 cubes and 6 cities: proven, not
    # reported (tests/test_crosscheck_claims.py checks the proof)
    assert "goods.basin-empty" not in contradictions
    dismissed = {d.subject: d for d in result.dismissed}
    assert dismissed["goods.basin-empty"].translations == ("fr", "it")
    assert "never reaches case 1" in dismissed["goods.basin-empty"].proof
    assert contradictions["goods.colour-restriction-start"].translations == ("fr",)
    assert contradictions["number.tile-points"].translations == ("de",)
    assert contradictions["winner.tie-break"].translations == ("fr",)


def test_names_not_on_the_board_come_with_the_likely_name(result: Crosscheck) -> None:
    names = findings(result, "name-not-on-board")
    assert "likely 'Tonbridge'" in names["Tombridge"].summary
    assert names["Tombridge"].translations == ("fr",)
    assert "likely 'Stoke'" in names["Stocke"].summary
    assert "likely 'London'" in names["Londres"].summary
    assert "likely 'Guildford'" in names["Guilford"].summary
    assert "not one of the five engineers; likely 'Telford'" in names["Tedford"].summary
    rochdale = names["Rochdal et Calder, Hebble, Aire Navigations"].summary
    assert "likely 'Rochdale Canal and Calder, Hebble, Aire Navigations'" in rochdale
    # every text prints Bridgewater: the texts agree, so no finding, but a dismissal
    assert "Bridgewater" not in names
    (bridgewater,) = [d for d in result.dismissed if d.subject == "Bridgewater"]
    assert bridgewater.translations == ("de", "fr", "it")
    assert "'Bridgwater'" in bridgewater.proof
    # names the board has, in any of the three languages' spellings of a contract, are fine
    assert not {"Guildford", "Tonbridge", "Wey und Arun Canal", "Kennet & Avon"} & set(names)


def test_contract_names_compare_across_languages() -> None:
    assert contract_key("Wey und Arun Canal") == contract_key("Wey & Arun Canal")
    assert contract_key("The Leeds & Liverpool Canal") == contract_key("Leeds & Liverpool")
    assert contract_key("Rochdale e Calder, Hebble, Aire Navigations") == contract_key(
        "Rochdale Canal and Calder, Hebble, Aire Navigations"
    )
    assert contract_key("Rochdal et Calder") != contract_key("Rochdale and Calder")


def test_findings_are_sorted_by_kind_then_subject(result: Crosscheck) -> None:
    keys = [f.sort_key() for f in result.findings]
    assert keys == sorted(keys)
    assert {f.kind for f in result.findings} <= set(FINDING_KINDS) == set(HEADINGS)


# ---------------------------------------------------------------------------- output


def test_json_has_the_examples_and_findings_fields(result: Crosscheck) -> None:
    data = to_json(result)
    french = next(
        e for e in data["examples"] if e["id"] == "colour-start" and e["translation"] == "fr"
    )
    assert {"id", "translation", "source", "claim", "computed", "agrees"} <= set(french)
    assert french["claim"] == ["expect illegal goods.colour-restriction"]
    assert french["computed"] == ["legal"]
    assert french["agrees"] is False
    assert "French rulebook (first-edition)" in french["source"]
    finding = data["findings"][0]
    assert {"kind", "translations", "summary", "examples"} <= set(finding)
    json.dumps(data)  # plain data


def test_cli_formats_are_deterministic_and_exit_0(result: Crosscheck) -> None:
    for output in ("text", "json", "markdown"):
        first = programs.in_process("crosscheck", FIXTURES, "--format", output)
        second = programs.in_process("crosscheck", FIXTURES, "--format", output)
        assert first.returncode == 0, first.stderr
        assert (first.stdout, first.stderr) == (second.stdout, second.stderr)
        assert str(ROOT) not in first.stdout + first.stderr  # paths relative to the folder
    text = programs.in_process("crosscheck", FIXTURES).stdout
    assert text == render_text(result)
    assert text.startswith("5 rulebook examples (de 2, fr 1, it 2): 4 agree")
    assert "not rulebook examples (no `rulebook` line): notes.canal" in text
    data = json.loads(programs.in_process("crosscheck", FIXTURES, "--format", "json").stdout)
    assert [e["id"] for e in data["examples"]] == [e.id for e in result.examples]


def test_markdown_report_reads_without_the_tool(result: Crosscheck) -> None:
    report = render_markdown(result)
    assert report.startswith("# Cross-check of the Canal Mania rulebooks\n")
    for heading in HEADINGS.values():
        assert heading in report
    assert "| 41 | `expect illegal goods.colour-restriction` | legal |" in report
    assert "| `colour-start` | agrees: Colour restriction | DISAGREES (known error)" in report
    assert "```diff" in report


def test_missing_folder_is_an_error() -> None:
    outcome = programs.in_process("crosscheck", "no/such/folder")
    assert outcome.returncode == 2


def test_the_default_folder_is_the_repositorys_examples() -> None:
    assert default_folder() == SCENARIOS


# ---------------------------------------------------------------------------- the report


def test_the_committed_report_is_up_to_date() -> None:
    committed = (SCENARIOS / "REPORT.md").read_text(encoding="utf-8")
    fresh = render_markdown(crosscheck(SCENARIOS))
    assert committed == fresh, (
        "scenarios/canalmania/REPORT.md is out of date: run "
        "`canaldsl crosscheck --format markdown scenarios/canalmania > "
        "scenarios/canalmania/REPORT.md`"
    )
