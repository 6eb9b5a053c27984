"""Diagnostics: what is wrong with an input, where, and how to show it.

Game-independent. A :class:`Diagnostic` always has a file, a 1-based line and column, a stable
code and a one-line message; it renders as a caret excerpt of the source. Errors raised to API
callers are :class:`SourceError`, a :class:`ValueError` that carries every diagnostic found.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


class Severity(enum.Enum):
    """How bad a diagnostic is. Only errors make a file "not understood"."""

    ERROR = "error"
    WARNING = "warning"
    ILLEGAL = "illegal"  # a proposed turn breaks a rule: the file is understood


@dataclass(frozen=True, order=True, slots=True)
class Span:
    """A region of source text; lines and columns are 1-based, the end is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int, width: int = 1) -> Span:
        return cls(line, column, line, column + max(width, 1))


UNKNOWN_SPAN = Span(1, 1, 1, 2)


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in one file, with its position and a stable code."""

    code: str
    message: str
    file: str
    span: Span
    severity: Severity = Severity.ERROR
    rule: str | None = None
    hint: str | None = None
    source_line: str = field(default="", compare=False)

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def render(self) -> str:
        """The diagnostic as a compiler-style message with a caret excerpt."""
        head = f"{self.file}:{self.line}:{self.column}: {self.severity.value}[{self.code}]"
        if self.rule:
            head += f" ({self.rule})"
        lines = [f"{head}: {self.message}"]
        if self.source_line:
            gutter = str(self.line)
            pad = " " * len(gutter)
            text = self.source_line.rstrip("\r\n").expandtabs(1)
            width = (
                self.span.end_column - self.span.column
                if self.span.end_line == self.span.line
                else len(text) - self.column + 1
            )
            width = max(1, min(width, max(1, len(text) - self.column + 1)))
            lines.append(f"{pad} |")
            lines.append(f"{gutter} | {text}")
            lines.append(f"{pad} | {' ' * (self.column - 1)}{'^' * width}")
        if self.hint:
            lines.append(f"  = help: {self.hint}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "rule": self.rule,
            "message": self.message,
            "hint": self.hint,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
        }


class SourceText:
    """A named source text that makes diagnostics with excerpts of itself."""

    def __init__(self, text: str, name: str = "<string>") -> None:
        self.text = text
        self.name = name
        self.lines = text.split("\n")

    def line_text(self, line: int) -> str:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return ""

    def diagnostic(
        self,
        code: str,
        message: str,
        span: Span,
        *,
        severity: Severity = Severity.ERROR,
        rule: str | None = None,
        hint: str | None = None,
    ) -> Diagnostic:
        return Diagnostic(
            code=code,
            message=message,
            file=self.name,
            span=span,
            severity=severity,
            rule=rule,
            hint=hint,
            source_line=self.line_text(span.line),
        )


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in a stable order: by file, position, then code."""
    return sorted(diagnostics, key=lambda d: (d.file, d.span, d.code, d.message))


class SourceError(ValueError):
    """Input that cannot be understood. Carries every diagnostic found, not just the first."""

    def __init__(self, diagnostics: Sequence[Diagnostic], *, source: str | None = None) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(sort_diagnostics(diagnostics))
        self.source = source
        errors = [d for d in self.diagnostics if d.is_error]
        first = errors[0] if errors else (self.diagnostics[0] if self.diagnostics else None)
        summary = (
            f"{first.file}:{first.line}:{first.column}: [{first.code}] {first.message}"
            if first
            else "invalid input"
        )
        more = len(errors) - 1
        if more > 0:
            summary += f" (and {more} more error{'s' if more > 1 else ''})"
        super().__init__(summary)

    def render(self) -> str:
        return "\n\n".join(d.render() for d in self.diagnostics)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a misspelt word, or None when nothing is close."""
    import difflib

    pool = list(dict.fromkeys(candidates))
    if not pool:
        return None
    lowered = {c.lower(): c for c in pool}
    if word.lower() in lowered:
        return lowered[word.lower()]
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def diagnostics_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=False)
