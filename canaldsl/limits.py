"""Limits on untrusted input: how large a file, a line and a number may be.

Game-independent. Files are passed around by strangers, so nothing read is allowed to make the
toolkit slow or hungry: a file over :data:`MAX_FILE_BYTES` is not read past that size, a line
over :data:`MAX_LINE_CHARS` or a number over :data:`MAX_NUMBER` is refused with a diagnostic.
The games add their own limits on counts (see ``canaldsl.canalmania.semantics``).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Final

from canaldsl.diagnostics import Diagnostic, SourceText, Span

MAX_FILE_BYTES: Final = 8 * 1024 * 1024
"""The largest file read (8 MiB: a 100,000-line file of ordinary lines fits five times)."""

MAX_LINE_CHARS: Final = 2000
"""The longest line, in characters (the longest line of a real file is about 100)."""

MAX_NUMBER: Final = 999_999
"""The largest number written in a file (scores and counts of a board game are far below)."""

FILE_TOO_LARGE: Final = "E102"
LINE_TOO_LONG: Final = "E103"
NUMBER_TOO_LARGE: Final = "E104"


def read_bounded(path: Path) -> bytes | None:
    """The bytes of a file, or None when it holds more than :data:`MAX_FILE_BYTES`.

    Never reads more than one byte past the limit, and only regular files: a device or a pipe
    (``/dev/zero``, a FIFO nobody writes to) raises OSError rather than being read forever;
    a folder raises IsADirectoryError. Raises OSError as ``open`` does."""
    # Non-blocking, so that opening a pipe nobody writes to does not wait forever.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as handle:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file (a device or a pipe)", str(path))
        data = handle.read(MAX_FILE_BYTES + 1)
    return None if len(data) > MAX_FILE_BYTES else data


def file_too_large(name: str) -> Diagnostic:
    """The diagnostic for a file over :data:`MAX_FILE_BYTES`, at its first character."""
    return SourceText("", name).diagnostic(
        FILE_TOO_LARGE,
        f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB",
        Span(1, 1, 1, 2),
        hint="split it: a board in its own file, one question per file",
    )


def text_limit_problems(source: SourceText) -> list[Diagnostic]:
    """Diagnostics for a text over the size or line-length limits (the first long line only:
    one such line is enough to refuse the file, and a huge file would give a huge report)."""
    if len(source.text) > MAX_FILE_BYTES:  # characters: at least as many bytes
        return [file_too_large(source.name)]
    if len(source.text) <= MAX_LINE_CHARS:
        return []
    for number, line in enumerate(source.lines, start=1):
        if len(line) > MAX_LINE_CHARS:
            span = Span(number, MAX_LINE_CHARS + 1, number, MAX_LINE_CHARS + 2)
            return [
                source.diagnostic(
                    LINE_TOO_LONG,
                    f"line {number} has {len(line)} characters, more than {MAX_LINE_CHARS}",
                    span,
                    hint="break it into several lines",
                )
            ]
    return []


def number_too_large(source: SourceText, value: int, span: Span) -> Diagnostic:
    """The diagnostic for a number over :data:`MAX_NUMBER`."""
    digits = len(str(value))
    shown = f"the number {value}" if digits <= 20 else f"a number of {digits} digits"
    return source.diagnostic(NUMBER_TOO_LARGE, f"{shown} is larger than {MAX_NUMBER:,}", span)
