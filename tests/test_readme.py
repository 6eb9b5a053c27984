"""The README stays true: its commands match CI, and its language examples parse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canaldsl.canalmania.parser import parse_syntax

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, flags=re.S)


def test_readme_starts_with_the_two_commands() -> None:
    shell = [body.strip() for lang, body in BLOCKS if lang == "sh"]
    install_and_run, run_tests = shell[0], shell[1]
    assert "pip install" in install_and_run and "canaldsl check examples/" in install_and_run
    assert run_tests.endswith("python -m pytest -n auto")  # every core (pytest-xdist)
    example = install_and_run.rsplit(" ", 1)[-1]
    assert (ROOT / example).is_file(), example


def test_ci_runs_the_readme_test_command() -> None:
    run_tests = [body.strip() for lang, body in BLOCKS if lang == "sh"][1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert run_tests + "\n" in ci


def test_the_test_command_s_needs_are_installed_and_its_marker_registered() -> None:
    """`-n auto` needs pytest-xdist in the `test` extra; `-m "not slow"` a registered marker."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(
        d.startswith("pytest-xdist>=") for d in project["project"]["optional-dependencies"]["test"]
    )
    markers = project["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("slow:") for m in markers)
    assert '-m "not slow"' in README


CANAL_BLOCKS = [body for lang, body in BLOCKS if lang == "canal"]


@pytest.mark.parametrize("index", range(len(CANAL_BLOCKS)))
def test_every_language_example_parses(index: int) -> None:
    block = CANAL_BLOCKS[index]
    if "rules canal-grande" in block or block.lstrip().startswith("turn {\n  Anna splits"):
        from canaldsl.canalgrande.parser import parse_document

        parsed = parse_document(block, filename=f"README block {index}")
        assert parsed.document is not None and not parsed.diagnostics, parsed.diagnostics
        return
    if "rules ticket-to-ride" in block:  # the second game's section
        from canaldsl.tickettoride.parser import parse_document

        document, diagnostics, whole = parse_document(block, filename=f"README block {index}")
        assert document is not None and whole and not diagnostics
        return
    parse_syntax(block, filename=f"README block {index}")


PART = re.compile(r"<!-- part of (examples/[\w./-]+\.canal) ")
"""Marks a `canal` block shown alone that is part of a whole example file (a player block, a
turn ...): the block is written in that file as shown, and the file runs."""
BLOCKS_IN_PLACE = re.findall(r"(.{0,160})```canal\n(.*?)```", README, flags=re.S)
WHOLE_BLOCKS = [body for before, body in BLOCKS_IN_PLACE if not PART.search(before)]
PARTS = [(m.group(1), body) for before, body in BLOCKS_IN_PLACE if (m := PART.search(before))]


def test_no_block_is_left_unrun() -> None:
    """Every `canal` block is a whole file (run below) or part of a whole example file."""
    assert "<!-- fragment" not in README
    assert len(WHOLE_BLOCKS) + len(PARTS) == len(CANAL_BLOCKS)
    assert len(WHOLE_BLOCKS) >= 5 and len(PARTS) >= 5


def _runs_with_every_claim_holding(text: str) -> None:
    import canaldsl

    result = canaldsl.check(text)
    assert [d.render() for d in result.errors] == []
    assert result.ok, result
    assert all(e.passed for e in result.expectations)


@pytest.mark.parametrize("index", range(len(WHOLE_BLOCKS)))
def test_every_whole_language_example_runs_and_its_claims_hold(index: int) -> None:
    """Each `canal` block that is not part of an example file is a whole file: `canaldsl
    check` understands it, every turn is legal or expected illegal, and every claim holds."""
    _runs_with_every_claim_holding(WHOLE_BLOCKS[index])


@pytest.mark.parametrize("index", range(len(PARTS)))
def test_every_part_is_written_in_its_example_file_which_runs(index: int) -> None:
    """A block shown alone is written, line for line, in the example file it names, and that
    file runs with every turn legal or expected illegal and every claim holding."""
    name, body = PARTS[index]
    text = (ROOT / name).read_text(encoding="utf-8")
    assert body in text, f"README block {index} is not written as shown in {name}"
    assert text.count(body) == 1
    _runs_with_every_claim_holding(text)


def test_every_expectation_form_in_the_table_is_used_in_an_example() -> None:
    """The README's table of expectations and queries: each form is used by a whole example
    file (the examples are all run by the suite)."""
    forms = re.findall(r"^\| `((?:expect|query) [a-z-]+(?: [a-z-]+)?)", README, flags=re.M)
    assert len(forms) >= 15
    examples = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "examples").glob("*.canal"))
    for form in forms:
        words = form.split()
        # the form's keywords (a player or rule id after them is an example value)
        keywords = " ".join(w for w in words if w in KEYWORDS)
        assert re.search(rf"^{re.escape(keywords)}\b", examples, flags=re.M), form


KEYWORDS = {
    "expect",
    "query",
    "legal",
    "illegal",
    "only",
    "score",
    "hand",
    "supply",
    "cubes",
    "basin",
    "cost",
    "endgame",
    "triggered",
    "last",
    "round",
    "winner",
    "final",
    "scores",
    "best-build",
    "best-delivery",
    "can-complete",
}


def test_the_readme_says_where_a_query_asks() -> None:
    assert "a query (or expectation) placed before a turn\nasks about the position before" in README


def test_every_diagnostic_family_is_documented() -> None:
    for family in ("E1xx", "E2xx", "E3xx", "E4xx", "E5xx"):
        assert family in README


def test_the_tour_example_holds() -> None:
    from canaldsl.canalmania.evaluate import evaluate
    from canaldsl.canalmania.loading import check_text

    scenario, diagnostics = check_text(CANAL_BLOCKS[0], filename="README tour")
    assert [d.render() for d in diagnostics if d.is_error] == []
    assert scenario is not None
    evaluation = evaluate(scenario)
    assert [v.legal for v in evaluation.verdicts] == [True]
    assert [j.passed for j in evaluation.judgements] == [True, True]


def test_the_rule_count_in_the_readme_is_the_registry_s() -> None:
    from canaldsl.canalmania.rulebook import all_rules

    stated = re.search(r"every rule, by id \((\d+) of them\)", README)
    assert stated is not None
    assert int(stated.group(1)) == len(list(all_rules()))
