"""Ticket to Ride's remembered parses (parser._PARSED): the same text and file name give the
same frozen document again, with or without syntax errors; the oldest are forgotten first (the
memory's own bounds: test_textmemory.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canaldsl.textmemory import TextMemory
from canaldsl.tickettoride import parser

EXAMPLE = (
    Path(__file__).resolve().parents[2] / "examples" / "tickettoride" / "puzzle-last-turns.canal"
)


def test_the_same_text_is_parsed_once_and_its_diagnostics_are_a_new_list() -> None:
    parser.forget_parses()
    text = EXAMPLE.read_text(encoding="utf-8")
    first, _, whole = parser.parse_document(text, filename="a.canal")
    again, _, _ = parser.parse_document(text, filename="a.canal")
    assert whole and first is not None and again is first
    other, _, _ = parser.parse_document(text, filename="b.canal")
    assert other is not first
    broken = text + "\nturn red {\n"
    bad, diagnostics, whole = parser.parse_document(broken, filename="a.canal")
    assert diagnostics and not whole
    diagnostics.clear()  # the caller's own list
    bad_again, diagnostics_again, _ = parser.parse_document(broken, filename="a.canal")
    assert diagnostics_again and bad_again is bad
    assert diagnostics_again == parser._parse_document(broken, filename="a.canal")[1]


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
