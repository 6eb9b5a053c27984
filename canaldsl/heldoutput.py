"""A command's output held back until the command has finished, then written whole.

Game-independent. While held, ``sys.stdout`` and ``sys.stderr`` are text streams with the real
ones' encoding and error handling that record what is written to either, in the order it is
written; :meth:`HeldOutput.release` writes it all to the real streams, in that order (so the
interleaving of answers and diagnostics is the one an unheld run shows), and
:meth:`HeldOutput.discard` drops it: an interrupted command shows nothing of a half-made answer.
"""

from __future__ import annotations

import contextlib
import io
import sys
from typing import BinaryIO, TextIO


class _Recorder(io.BufferedIOBase):
    """The bytes written to one stream, appended to a log shared by both streams."""

    def __init__(self, log: list[tuple[int, bytes]], which: int, real: TextIO | None) -> None:
        super().__init__()
        self._log = log
        self._which = which
        self._real = real

    @property
    def name(self) -> str:
        return f"<held {'stdout' if self._which == HeldOutput.STDOUT else 'stderr'}>"

    def writable(self) -> bool:
        return True

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        chunk = bytes(data)
        if chunk:
            self._log.append((self._which, chunk))
        return len(chunk)

    def isatty(self) -> bool:
        try:
            return self._real is not None and self._real.isatty()
        except (OSError, ValueError):
            return False


def _held_stream(log: list[tuple[int, bytes]], which: int, real: TextIO | None) -> TextIO:
    encoding = getattr(real, "encoding", None) or "utf-8"
    errors = getattr(real, "errors", None) or "strict"
    # write_through: every write reaches the log at once, so the two streams stay in order.
    return io.TextIOWrapper(
        _Recorder(log, which, real),
        encoding=encoding,
        errors=errors,
        write_through=True,
    )


class HeldOutput:
    """Holds ``sys.stdout`` and ``sys.stderr`` from :meth:`start` until released or discarded."""

    STDOUT = 1
    STDERR = 2

    def __init__(self) -> None:
        self._log: list[tuple[int, bytes]] = []
        self._real: dict[int, TextIO | None] = {}
        self._held = False

    def start(self) -> HeldOutput:
        """Replace ``sys.stdout`` and ``sys.stderr`` by the holding streams."""
        real_out, real_err = sys.stdout, sys.stderr
        self._real = {self.STDOUT: real_out, self.STDERR: real_err}
        sys.stdout = _held_stream(self._log, self.STDOUT, real_out)
        sys.stderr = _held_stream(self._log, self.STDERR, real_err)
        self._held = True
        return self

    def stop(self) -> None:
        """Put the real streams back (what was held stays held)."""
        if not self._held:
            return
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        sys.stdout = self._real[self.STDOUT]
        sys.stderr = self._real[self.STDERR]
        self._held = False

    def held(self, which: int) -> bytes:
        """Everything held for one stream (``STDOUT`` or ``STDERR``)."""
        return b"".join(chunk for stream, chunk in self._log if stream == which)

    def discard(self) -> None:
        """Put the real streams back and forget what was held."""
        self.stop()
        self._log.clear()

    def release(self) -> None:
        """Put the real streams back and write what was held to them, in order.

        Raises ``OSError`` (e.g. ``BrokenPipeError``) when a real stream cannot be written."""
        self.stop()
        log, self._log = self._log, []
        for which, chunk in _merged(log):
            real = self._real.get(which)
            if real is None:
                continue
            real.flush()
            target = getattr(real, "buffer", None)
            if target is not None:
                _write_all(target, chunk)
            else:  # a text-only stream (a test's StringIO)
                real.write(chunk.decode(real.encoding or "utf-8", "replace"))
            real.flush()


def _write_all(target: BinaryIO, data: bytes) -> None:
    """Write all of ``data``: a write cut short by a signal whose handler returns (see
    :func:`canaldsl.interrupts.deferred`) reports fewer bytes, and the rest must follow."""
    view = memoryview(data)
    while view:
        written = target.write(view)
        view = view[written if written is not None else 0 :]


def _merged(log: list[tuple[int, bytes]]) -> list[tuple[int, bytes]]:
    """The log with neighbouring chunks of the same stream joined (fewer writes)."""
    runs: list[tuple[int, list[bytes]]] = []
    for which, chunk in log:
        if runs and runs[-1][0] == which:
            runs[-1][1].append(chunk)
        else:
            runs.append((which, [chunk]))
    return [(which, b"".join(chunks)) for which, chunks in runs]


__all__ = ["HeldOutput"]
