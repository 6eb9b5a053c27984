"""Reading a Ticket to Ride file: parse, then analyse, every problem reported in one run."""

from __future__ import annotations

from canaldsl.diagnostics import Diagnostic, SourceText, sort_diagnostics
from canaldsl.tickettoride.parser import parse_document
from canaldsl.tickettoride.semantics import Scenario, analyse


def check_text(text: str, *, filename: str) -> tuple[Scenario | None, list[Diagnostic]]:
    """The scenario of a text (None when it could not be understood) and every diagnostic:
    the syntax errors and, for the statements that parsed, the errors of meaning."""
    document, diagnostics, whole = parse_document(text, filename=filename)
    if document is None:
        return None, diagnostics
    scenario, problems = analyse(document, SourceText(text, filename))
    found = sort_diagnostics([*diagnostics, *problems])
    if not whole:
        return None, found
    return scenario, found
