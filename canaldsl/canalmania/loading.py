"""Reading Canal Mania files: text or path in, checked :class:`Scenario` out.

:func:`check_text` and :func:`check_path` never raise for bad input: they return the scenario
(or None) with every diagnostic. :func:`parse` and :func:`load` raise :class:`SourceError`
(a ``ValueError``) carrying every diagnostic when the input has an error.
"""

from __future__ import annotations

from pathlib import Path

from canaldsl.canalmania.parser import parse_document
from canaldsl.canalmania.semantics import Scenario, analyse
from canaldsl.diagnostics import Diagnostic, SourceError, SourceText, Span, sort_diagnostics


def check_text(
    text: str, *, filename: str | None = None, path: Path | None = None
) -> tuple[Scenario | None, list[Diagnostic]]:
    """Parse and check text; the scenario is None when it has syntax errors."""
    name = filename or (str(path) if path else "<string>")
    document, diagnostics = parse_document(text, filename=name)
    if document is None:
        return None, sort_diagnostics(diagnostics)
    scenario, semantic = analyse(document, SourceText(text, name), path=path)
    return scenario, sort_diagnostics([*diagnostics, *semantic])


def read_source(path: Path, *, display: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The text of a file, or diagnostics E100/E101 saying why it cannot be read."""
    name = display or str(path)
    source = SourceText("", name)
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        return None, [source.diagnostic("E100", "this is a folder, not a file", Span(1, 1, 1, 2))]
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return None, [
            source.diagnostic("E100", f"cannot read the file: {reason}", Span(1, 1, 1, 2))
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start : exc.start].decode("utf-8", "replace")) + 1
        return None, [
            source.diagnostic(
                "E101",
                f"byte 0x{data[exc.start]:02x} is not UTF-8 text",
                Span(line, column, line, column + 1),
            )
        ]
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, []


def check_path(
    path: str | Path, *, display: str | None = None
) -> tuple[Scenario | None, list[Diagnostic], str | None]:
    """Read, parse and check a file; returns the scenario, diagnostics and the text."""
    path = Path(path)
    text, diagnostics = read_source(path, display=display)
    if text is None:
        return None, diagnostics, None
    scenario, diagnostics = check_text(text, filename=display or str(path), path=path)
    return scenario, diagnostics, text


def parse(text: str, *, filename: str | None = None) -> Scenario:
    """The checked scenario a text describes; raises SourceError with every diagnostic."""
    scenario, diagnostics = check_text(text, filename=filename)
    if scenario is None or any(d.is_error for d in diagnostics):
        raise SourceError(diagnostics, source=text)
    return scenario


def load(path: str | Path) -> Scenario:
    """The checked scenario in a file; raises SourceError with every diagnostic."""
    scenario, diagnostics, text = check_path(path)
    if scenario is None or any(d.is_error for d in diagnostics):
        raise SourceError(diagnostics, source=text)
    return scenario
