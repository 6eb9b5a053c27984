"""Canal Grande's remembered parses (parser._PARSED): the same text and file name give the
same frozen document again, with or without syntax errors; the oldest are forgotten first (the
memory's own bounds: test_textmemory.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canaldsl.canalgrande import parser
from canaldsl.textmemory import TextMemory

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "canalgrande" / "a-whole-turn.canal"


def test_the_same_text_is_parsed_once_and_its_diagnostics_are_a_new_list() -> None:
    parser.forget_parses()
    text = EXAMPLE.read_text(encoding="utf-8")
    first = parser.parse_document(text, filename="a.canal")
    again = parser.parse_document(text, filename="a.canal")
    assert first.document is not None and again.document is first.document
    other = parser.parse_document(text, filename="b.canal")  # names in diagnostics differ
    assert other.document is not first.document
    broken = text + "\nplayer [\n"
    bad = parser.parse_document(broken, filename="a.canal")
    assert bad.diagnostics and bad.partial
    bad.diagnostics.clear()  # the caller's own list
    bad_again = parser.parse_document(broken, filename="a.canal")
    assert bad_again.diagnostics and bad_again.document is bad.document
    assert bad_again.diagnostics == parser._parse_document(broken, filename="a.canal").diagnostics


def test_the_oldest_parses_are_forgotten_first_and_the_size_stays_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parser.forget_parses()
    text = EXAMPLE.read_text(encoding="utf-8")
    small: TextMemory[object] = TextMemory(kept=3 * len(text) + 10)
    monkeypatch.setattr(parser, "_PARSED", small)
    texts = [text + "#" * n for n in range(5)]
    for t in texts:
        parser.parse_document(t, filename="a.canal")
    assert [t for t, _ in small] == texts[2:]
    parser.forget_parses()
    assert len(small) == 0
