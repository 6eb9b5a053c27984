"""Inputs the fuzzers found that once broke a promise, kept so that they never do again.

Each file in ``tests/data/fuzz/`` (``.fuzz``: arbitrary bytes, not necessarily a valid file) goes
through everything a stranger's file reaches (:func:`fuzzoracle.exercise`); the tests below
also pin what each one broke.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzoracle import exercise

from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.parser import parse_syntax

DATA = Path(__file__).resolve().parent / "data" / "fuzz"
INPUTS = sorted(DATA.glob("*.fuzz"))


def test_there_are_regression_inputs() -> None:
    assert len(INPUTS) >= 2


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.name)
def test_found_input_keeps_every_promise(path: Path, tmp_path: Path) -> None:
    exercise(path.read_bytes(), workdir=tmp_path)


def test_comments_with_trailing_blanks_survive_formatting() -> None:
    # Found by atheris: a comment's trailing blanks (or a CRLF file's CR) were part of the
    # model, and the formatter drops them, so formatting changed the model.
    text = (DATA / "comment-trailing-blanks.fuzz").read_text(encoding="utf-8")
    document = parse_syntax(text)
    assert document.statements[0].comments.trailing == "# trailing blanks"
    assert document.footer == ("# the last line has blanks and no newline",)
    formatted = format_document(document)
    assert parse_syntax(formatted) == document
    assert formatted.count("#") == text.count("#")


def test_a_long_map_row_is_never_wrapped() -> None:
    # Found by atheris: a map row longer than the line width with ", " in it was wrapped like a
    # list, and the continuation line, not starting with `|`, broke the map.
    text = (DATA / "map-row-wrapped.fuzz").read_text(encoding="utf-8")
    document = parse_syntax(text)
    formatted = format_document(document)
    assert [line for line in formatted.splitlines() if "|" in line] == [
        line for line in text.splitlines() if "|" in line
    ]
    assert parse_syntax(formatted) == document


CORPUS = Path(__file__).resolve().parent.parent / "fuzz" / "corpus"


@pytest.mark.slow
def test_the_kept_fuzz_corpus_keeps_every_promise(tmp_path: Path) -> None:
    # The atheris corpus (fuzz/run.sh) reaches the most code with the fewest inputs: every
    # one of them must still give a verdict or diagnostics.
    inputs = sorted(CORPUS.iterdir())
    assert len(inputs) >= 100
    outcomes = {exercise(path.read_bytes(), workdir=tmp_path) for path in inputs}
    assert outcomes == {"unreadable", "syntax", "errors", "understood"}
