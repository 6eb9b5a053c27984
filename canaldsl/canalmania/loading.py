"""Reading Canal Mania files: text or path in, checked :class:`Scenario` out.

:func:`check_text` and :func:`check_path` never raise for bad input: they return the scenario
(or None) with every diagnostic. :func:`parse` and :func:`load` raise :class:`SourceError`
(a ``ValueError``) carrying every diagnostic when the input has an error.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

from canaldsl import syntaxtree
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.parser import parse_document
from canaldsl.canalmania.semantics import Scenario, analyse
from canaldsl.diagnostics import Diagnostic, SourceError, SourceText, sort_diagnostics
from canaldsl.limits import MAX_NUMBER, number_too_large, text_limit_problems
from canaldsl.sources import display_name, read_source


def check_text(
    text: str, *, filename: str | None = None, path: Path | None = None
) -> tuple[Scenario | None, list[Diagnostic]]:
    """Parse and check text; the scenario is None when it has syntax errors."""
    name = filename or (str(path) if path else "<string>")
    source = SourceText(text, name)
    too_large = text_limit_problems(source)
    if too_large:
        return None, too_large
    document, diagnostics = parse_document(text, filename=name)
    if document is None:
        return None, sort_diagnostics(diagnostics)
    diagnostics += [
        number_too_large(source, number.value, number.span)
        for number in _numbers(document)
        if abs(number.value) > MAX_NUMBER
    ]
    scenario, semantic = analyse(document, source, path=path)
    return scenario, sort_diagnostics([*diagnostics, *semantic])


def _numbers(document: s.Document) -> Iterator[s.Num]:
    """Every number written in a syntax tree (in no particular order)."""
    stack: list[object] = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, s.Num):
            yield node
        elif isinstance(node, tuple | list):
            stack.extend(node)
        else:
            stack.extend(getattr(node, name) for name in _syntax_fields(type(node)))


_FIELDS: dict[type, tuple[str, ...]] = {}
_SYNTAX_MODULES = (s.__name__, syntaxtree.__name__)


def _syntax_fields(kind: type) -> tuple[str, ...]:
    """The fields of a syntax node class (none for anything else: strings, spans ...)."""
    if kind not in _FIELDS:
        is_node = kind.__module__ in _SYNTAX_MODULES and dataclasses.is_dataclass(kind)
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)) if is_node else ()
    return _FIELDS[kind]


def check_path(
    path: str | Path, *, display: str | None = None
) -> tuple[Scenario | None, list[Diagnostic], str | None]:
    """Read, parse and check a file; returns the scenario, diagnostics and the text."""
    path = Path(path)
    display = display_name(path, display)
    text, diagnostics = read_source(path, display=display)
    if text is None:
        return None, diagnostics, None
    scenario, diagnostics = check_text(text, filename=display, path=path)
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
