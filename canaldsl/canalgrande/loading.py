"""A Canal Grande file's text read to a scenario: syntax, then meaning; every diagnostic."""

from __future__ import annotations

from canaldsl.canalgrande.parser import parse_document
from canaldsl.canalgrande.reading import Scenario, read_document
from canaldsl.diagnostics import Diagnostic, SourceText, sort_diagnostics


def check_text(text: str, *, filename: str) -> tuple[Scenario | None, list[Diagnostic]]:
    """The scenario of ``text`` (None when its syntax could not be read at all) and every
    diagnostic: syntax errors, and the errors of meaning of the statements understood."""
    parsed = parse_document(text, filename=filename)
    if parsed.document is None:
        return None, parsed.diagnostics
    scenario, meaning = read_document(parsed.document, SourceText(text, filename))
    diagnostics = sort_diagnostics([*parsed.diagnostics, *meaning])
    if parsed.partial:
        return None, diagnostics
    return scenario, diagnostics
