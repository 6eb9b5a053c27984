"""Running ``canaldsl`` for a test: as a real process, or in this process through click.

Both give the same result type, :class:`subprocess.CompletedProcess` (``args``,
``returncode``, ``stdout``, ``stderr``), so a test can run a command either way and compare.

- :func:`process`: ``python -m canaldsl ARGS`` as a user runs it, a new process (its start-up,
  held output, signal handling and exit status are the program's own). About 0.3 s of CPU
  each (Python, the command line and the games imported), 0.8 s when it solves (CP-SAT's
  import). Use it where the process itself is what is tested.
- :func:`in_process`: the command line's own code (:data:`canaldsl.cli.main`) run by click's
  runner in the test's process: the same arguments, exit status, stdout and stderr, without the
  start-up. An exception raised by the command (what the program would show as a traceback)
  is raised here and fails the test.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def command(*args: str | Path) -> list[str]:
    """The command line that runs ``canaldsl ARGS`` with this Python."""
    return [sys.executable, "-m", "canaldsl", *map(str, args)]


def process(
    *args: str | Path,
    stdin: str | bytes | None = None,
    cwd: Path | str | None = None,
    env: Mapping[str, str] | None = None,
    text: bool = True,
    merged: bool = False,
    timeout: float = 600,
    traceback_allowed: bool = False,
) -> subprocess.CompletedProcess[Any]:
    """``canaldsl ARGS`` run as a new process; its exit status and what it wrote (text, read
    as UTF-8 as the program writes it, or bytes with ``text=False``; with ``merged``, stderr
    into stdout, their order kept, and ``stderr`` None). ``env`` is added to this process's
    environment. A traceback in the output fails the test unless allowed."""
    result = subprocess.run(
        command(*args),
        input=stdin,
        capture_output=not merged,
        stdout=subprocess.PIPE if merged else None,
        stderr=subprocess.STDOUT if merged else None,
        text=text,
        encoding="utf-8" if text else None,
        cwd=cwd,
        env={**os.environ, **env} if env is not None else None,
        timeout=timeout,
        check=False,
    )
    if not traceback_allowed:
        _no_traceback(result)
    return result


def in_process(
    *args: str | Path,
    stdin: str | bytes | None = None,
    cwd: Path | str | None = None,
    text: bool = True,
    merged: bool = False,
    note_exception: bool = False,
) -> subprocess.CompletedProcess[Any]:
    """``canaldsl ARGS``, the command line's own code run in this process by click's runner
    (from ``cwd`` if given): the exit status, stdout and stderr the process would give (with
    ``merged``, both in ``stdout`` in the order written, as :func:`process` gives them, and
    ``stderr`` None). An exception raised is what the program would show as a traceback: it
    is raised here, or, with ``note_exception`` (for a tool that records every outcome,
    tests/goldenfiles.py), noted at the end of stderr as ``[exception] Type: message`` with
    click's exit status."""
    from click.testing import CliRunner

    from canaldsl.cli import main

    arguments = list(map(str, args))
    with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
        result = CliRunner().invoke(main, arguments, input=stdin)
    raised = result.exception
    if raised is not None and not isinstance(raised, SystemExit) and not note_exception:
        raise raised
    out: str | bytes = result.stdout if text else result.stdout_bytes
    err: str | bytes | None = result.stderr if text else result.stderr_bytes
    if merged:
        out, err = (result.output if text else result.output_bytes), None
    if raised is not None and not isinstance(raised, SystemExit):
        note = f"\n[exception] {type(raised).__name__}: {raised}\n"
        if err is None:
            out = out + note if isinstance(out, str) else out + note.encode("utf-8")
        else:
            err = err + note if isinstance(err, str) else err + note.encode("utf-8")
        return subprocess.CompletedProcess(arguments, result.exit_code, out, err)
    done = subprocess.CompletedProcess(arguments, result.exit_code, out, err)
    _no_traceback(done)
    return done


def _no_traceback(result: subprocess.CompletedProcess[Any]) -> None:
    for stream in (result.stdout, result.stderr):
        if stream:
            shown = stream if isinstance(stream, str) else stream.decode("utf-8", "replace")
            assert "Traceback" not in shown, shown[-3000:]
