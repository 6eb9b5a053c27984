"""What must hold for any input whatsoever: the oracle of the fuzz tests and the atheris harness.

:func:`exercise` takes arbitrary bytes, runs them through everything a stranger's file reaches
(reading, parsing, checking, formatting, playing the turns, judging expectations and the
non-solver queries, writing the position back) and raises :class:`OracleFailure` (or lets any
exception through) when a promise is broken:

- the outcome is a scenario or diagnostics, never an exception;
- every diagnostic has a known code, a line and a column inside the text, and renders;
- a file that is not understood has at least one error;
- the formatter keeps the model (parsing its output gives the same syntax tree, comments
  included) and is idempotent;
- the position written after playing the turns is itself a file without errors.
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.codes import CODES
from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.loading import check_path, check_text
from canaldsl.canalmania.parser import parse_document
from canaldsl.canalmania.semantics import Scenario
from canaldsl.canalmania.writer import write_position
from canaldsl.diagnostics import Diagnostic


class OracleFailure(AssertionError):
    """A promise about arbitrary input was broken."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise OracleFailure(message)


def check_diagnostics(diagnostics: list[Diagnostic], text: str | None, name: str) -> None:
    """Every diagnostic is well formed and points inside the text it names."""
    lines = text.split("\n") if text is not None else [""]
    for d in diagnostics:
        expect(d.code in CODES, f"unknown code {d.code}")
        expect(d.line >= 1 and d.column >= 1, f"{d.code} at {d.line}:{d.column}")
        expect(bool(d.message), f"{d.code} without a message")
        d.render()
        d.to_json()
        if d.file == name and text is not None:
            expect(d.line <= len(lines) + 1, f"{d.code} at line {d.line} of {len(lines)}")


def check_formatter(document: s.Document) -> None:
    """Formatting keeps the model and is idempotent."""
    formatted = format_document(document)
    again, diagnostics = parse_document(formatted, filename="<formatted>")
    expect(again is not None, f"formatted text does not parse: {diagnostics[:1]}")
    assert again is not None
    expect(again == document, "formatting changed the model")
    expect(format_document(again) == formatted, "formatting is not idempotent")


def without_solver_queries(scenario: Scenario) -> Scenario:
    """The scenario less its best-build queries (they call the solver, seconds each)."""
    statements = tuple(
        st
        for st in scenario.document.statements
        if not (isinstance(st, s.QueryDecl) and st.kind == "best-build")
    )
    return dataclasses.replace(
        scenario, document=dataclasses.replace(scenario.document, statements=statements)
    )


def check_play(scenario: Scenario) -> None:
    """Play the turns and judge the rest; write the final position back and re-check it."""
    evaluation = evaluate(without_solver_queries(scenario))
    if evaluation.final_state is None or scenario.board is None:
        return
    head = [st for st in scenario.document.statements if isinstance(st, s.RulesDecl | s.BoardDecl)]
    written = write_position(
        evaluation.final_state.to_position(), scenario.board, scenario.rules, head=head
    )
    rewritten, diagnostics = check_text(written, filename="<played>")
    errors = [d for d in diagnostics if d.is_error]
    expect(
        rewritten is not None and not errors,
        "the position after the turns is not a valid file: "
        + "; ".join(f"{d.code} {d.message}" for d in errors[:3])
        + "\n"
        + written,
    )


def exercise(data: bytes, *, workdir: Path | None = None) -> str:
    """Run arbitrary bytes through everything; returns how far they got ("unreadable",
    "syntax", "errors", "understood"). Raises on any broken promise."""
    try:
        text: str | None = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is None or text.startswith("\ufeff"):
        with tempfile.TemporaryDirectory(dir=workdir) as folder:
            path = Path(folder) / "fuzz.canal"
            path.write_bytes(data)
            scenario, diagnostics, read = check_path(path, display="fuzz.canal")
        check_diagnostics(diagnostics, read, "fuzz.canal")
        if read is None:
            expect(any(d.is_error for d in diagnostics), "unreadable without an error")
            return "unreadable"
        text = read
    else:
        scenario, diagnostics = check_text(text, filename="fuzz.canal")
        check_diagnostics(diagnostics, text, "fuzz.canal")
    if scenario is None:
        expect(any(d.is_error for d in diagnostics), "no scenario and no error")
        return "syntax"
    check_formatter(scenario.document)
    if any(d.is_error for d in diagnostics):
        return "errors"
    check_play(scenario)
    return "understood"
