"""Reading a source file of the canaldsl language, whatever its game.

Game-independent. :func:`read_source` never raises for a bad file and never reads more than
the size limit (:mod:`canaldsl.limits`): it returns the text, or the diagnostics saying why
there is none. The path ``-`` stands for standard input, named ``<stdin>`` in diagnostics; it
is read once (at most the size limit) and the same text is returned every time after.
"""

from __future__ import annotations

import sys
from pathlib import Path

from canaldsl.codes import CANNOT_READ, NOT_UTF8
from canaldsl.diagnostics import Diagnostic, SourceText, Span
from canaldsl.limits import MAX_FILE_BYTES, file_too_large, read_bounded, text_limit_problems

STDIN = "-"
"""The file name that stands for standard input, on every command that reads a file."""
STDIN_NAME = "<stdin>"
"""The name standard input is given in diagnostics and output."""

_stdin_read: tuple[object, bytes] | None = None
"""Standard input as read: the stream it was read from, and its bytes (kept for the stream:
a caller that replaces ``sys.stdin``, like click's test runner, gets its own input)."""


def is_stdin(path: str | Path) -> bool:
    """Whether ``path`` stands for standard input (``-``)."""
    return str(path) == STDIN


def display_name(path: str | Path, display: str | None = None) -> str:
    """The name a file is shown by: ``<stdin>`` for ``-``, else ``display`` or the path."""
    if is_stdin(path):
        return STDIN_NAME
    return display or str(path)


def _read_stdin() -> bytes | None:
    """Standard input's bytes (read on first use, then kept), or None past the size limit."""
    global _stdin_read
    if _stdin_read is None or _stdin_read[0] is not sys.stdin:
        _stdin_read = (sys.stdin, sys.stdin.buffer.read(MAX_FILE_BYTES + 1))
    data = _stdin_read[1]
    return None if len(data) > MAX_FILE_BYTES else data


def read_source(path: Path, *, display: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The text of a file, or diagnostics saying why it cannot be read (E100), is not UTF-8
    (E101), or is too large (E102, E103): never more than the size limit is read. A leading
    byte-order mark is dropped."""
    name = display_name(path, display)
    source = SourceText("", name)
    try:
        data = _read_stdin() if is_stdin(path) else read_bounded(path)
    except IsADirectoryError:
        return None, [source.diagnostic(CANNOT_READ, "this is a folder, not a file", _START)]
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return None, [source.diagnostic(CANNOT_READ, f"cannot read the file: {reason}", _START)]
    if data is None:
        return None, [file_too_large(name)]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start : exc.start].decode("utf-8", "replace")) + 1
        # The line is shown with each undecodable byte as U+FFFD, so the caret points at it.
        shown = SourceText(data.decode("utf-8", "replace"), name)
        return None, [
            shown.diagnostic(
                NOT_UTF8,
                f"byte 0x{data[exc.start]:02x} is not UTF-8 text",
                Span(line, column, line, column + 1),
                hint="save the file as UTF-8 (most editors offer it under 'Save with encoding')",
            )
        ]
    if text.startswith("\ufeff"):
        text = text[1:]
    too_large = text_limit_problems(SourceText(text, name))
    if too_large:
        return None, too_large
    return text, []


_START = Span(1, 1, 1, 2)
