"""Reading Canal Mania files: text or path in, checked :class:`Scenario` out.

:func:`check_text` and :func:`check_path` never raise for bad input: they return the scenario
(or None) with every diagnostic. :func:`parse` and :func:`load` raise :class:`SourceError`
(a ``ValueError``) carrying every diagnostic when the input has an error.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from canaldsl import syntaxtree
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.parser import GRAMMAR, PartialDocument, parse_document_partial
from canaldsl.canalmania.semantics import Scenario, analyse
from canaldsl.diagnostics import Diagnostic, SourceError, SourceText, sort_diagnostics
from canaldsl.lalr import grammar_keywords
from canaldsl.limits import MAX_NUMBER, number_too_large, text_limit_problems
from canaldsl.sources import display_name, read_source
from canaldsl.textmemory import TextMemory


def check_text(
    text: str, *, filename: str | None = None, path: Path | None = None
) -> tuple[Scenario | None, list[Diagnostic]]:
    """Parse and check text; the scenario is None when it has syntax errors."""
    name = filename or (str(path) if path else "<string>")
    source = SourceText(text, name)
    too_large = text_limit_problems(source)
    if too_large:
        return None, too_large
    document, partial, diagnostics = _parse(text, name)
    if document is None:
        if partial is not None:
            diagnostics += _independent_errors(partial, source, path)
        return None, sort_diagnostics(diagnostics)
    if _LONG_DIGITS.search(text):  # else no number written can be over MAX_NUMBER
        diagnostics += [
            number_too_large(source, number.value, number.span)
            for number in _numbers(document)
            if abs(number.value) > MAX_NUMBER
        ]
    scenario, semantic = analyse(document, source, path=path)
    return scenario, sort_diagnostics([*diagnostics, *semantic])


_PARSED: TextMemory[tuple[s.Document, tuple[Diagnostic, ...]]] = TextMemory()
"""Documents parsed without a syntax error, by their exact text and file name: every node of
a document is frozen, so each command run on the same file in one process (the web server,
``check`` then ``report``) shares one parse (bounds: :mod:`canaldsl.textmemory`)."""


def forget_parses() -> None:
    """Empty the remembered parses (``_PARSED``), e.g. between tests."""
    _PARSED.forget()


def _parse(
    text: str, name: str
) -> tuple[s.Document | None, PartialDocument | None, list[Diagnostic]]:
    """:func:`parse_document_partial`, remembered for a text that parses (see ``_PARSED``)."""
    found = _PARSED.get((text, name))
    if found is not None:
        return found[0], None, list(found[1])
    document, partial, diagnostics = parse_document_partial(text, filename=name)
    if document is not None:
        _PARSED.put((text, name), (document, tuple(diagnostics)))
    return document, partial, diagnostics


def _independent_errors(
    partial: PartialDocument, source: SourceText, path: Path | None
) -> list[Diagnostic]:
    """The errors of meaning in the statements of a file that parsed, when others did not:
    those that cannot be a consequence of a broken statement.

    A broken statement is missing from the partial document, so whatever it declared is
    unknown there: an "unknown name" error for a word written in a broken statement (a
    player, a place, a canal) may be only that, and is left out, as are errors about the file
    as a whole (how many players, whose turn); a broken rules, rulebook or board statement
    leaves nothing to check against. Illegal turns and expectations are
    not judged (the file is not understood yet); its errors are.
    """
    if any(_FOUNDATION.match(source.line_text(first)) for first, _ in partial.blanked):
        return []  # every other statement is read against the rules and the board
    _, semantic = analyse(partial.document, source, path=path)
    keywords = grammar_keywords(GRAMMAR)
    broken_words: set[str] = set()
    for first, last in partial.blanked:
        for number in range(first, last + 1):
            broken_words.update(_WORDS.findall(source.line_text(number)))
    broken_words -= keywords
    kept = []
    for diagnostic in semantic:
        if not diagnostic.is_error or diagnostic.code in _WHOLE_FILE_CODES:
            continue
        if diagnostic.code in _UNKNOWN_NAME_CODES:
            mentioned = set(_WORDS.findall(_span_text(source, diagnostic)))
            if mentioned & broken_words:
                continue
        kept.append(diagnostic)
    return kept


_LONG_DIGITS = re.compile(rf"\d{{{len(str(MAX_NUMBER))},}}")
"""A run of digits as long as MAX_NUMBER's, anywhere in the text (names and comments too).
Every number of the syntax tree is an INT token (``/[0-9]+/``) of the text, so in a text
without one each number has fewer digits and is below MAX_NUMBER: the walk of the whole tree
for them (:func:`_numbers`, about a tenth of ``check_text`` on small files) is left out."""

_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_']*")
_FOUNDATION = re.compile(r"^(rules|rulebook|board)\b")

_UNKNOWN_NAME_CODES = frozenset({*(f"E2{n:02d}" for n in range(1, 17)), "E501"})
"""Errors saying a name is unknown: left out when the name is written in a broken statement
(which may be what declared it)."""

_WHOLE_FILE_CODES = frozenset({"E316", "E413", "E416", "E419", "E420", "E428", "E506", "E602"})
"""Errors about the file as a whole (counts of players, a missing board ...), which a broken
statement can cause wherever it is: never reported next to syntax errors."""


def _span_text(source: SourceText, diagnostic: Diagnostic) -> str:
    span = diagnostic.span
    text = source.line_text(span.line)
    end = span.end_column if span.end_line == span.line else len(text) + 1
    return text[span.column - 1 : end - 1]


def _numbers(document: s.Document) -> Iterator[s.Num]:
    """Every number written in a syntax tree (in no particular order).

    Each kind of node is classified once (a number, a sequence, a node with fields, a leaf):
    this walk visits every node of every file checked, strings and spans included, and was
    about a tenth of ``check_text`` on small generated files."""
    stack: list[object] = [document]
    pop, push, extend = stack.pop, stack.append, stack.extend
    kinds = _KINDS
    while stack:
        node = pop()
        kind = kinds.get(type(node))
        if kind is None:
            kind = kinds[type(node)] = _kind_of(type(node))
        if kind is _LEAF:
            continue
        if kind is _NUMBER:
            yield cast(s.Num, node)
        elif kind is _SEQUENCE:
            extend(cast("tuple[object, ...] | list[object]", node))
        else:
            for name in kind:
                push(getattr(node, name))


_NUMBER, _SEQUENCE, _LEAF = ("number",), ("sequence",), ()
_KINDS: dict[type, tuple[str, ...]] = {}


def _kind_of(kind: type) -> tuple[str, ...]:
    """How :func:`_numbers` treats a node of this class: ``_NUMBER``, ``_SEQUENCE``,
    ``_LEAF`` or the names of its fields."""
    if issubclass(kind, s.Num):
        return _NUMBER
    if issubclass(kind, tuple | list):
        return _SEQUENCE
    return _syntax_fields(kind) or _LEAF


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
