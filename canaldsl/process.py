"""The ``canaldsl`` process: a command run with its output held and clean interrupts.

Game-independent. For every command, whatever it does:

- its output (stdout and stderr, in the order written) is held and written only once the
  command has finished (:mod:`canaldsl.heldoutput`);
- SIGINT (Ctrl-C) or SIGTERM before that: none of the held output is written; one line on
  stderr says the command was interrupted; exit status 130 (SIGINT) or 143 (SIGTERM); no
  traceback. A file being replaced is replaced whole or not at all (:func:`interrupts.deferred`);
- a signal arriving while the finished output is being written: the output is written whole,
  then the line, and exit status 130 or 143 (an answer is never cut short);
- a signal arriving after the output is written is ignored: the exit status is the command's.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from canaldsl import interrupts
from canaldsl.heldoutput import HeldOutput
from canaldsl.interrupts import Interrupted

if TYPE_CHECKING:
    import click

PROGRAM = "canaldsl"


def main() -> NoReturn:
    """The ``canaldsl`` program (and ``python -m canaldsl``): the command line of
    :mod:`canaldsl.cli`, run as the module says. This module imports little, so that the
    signals are taken over within milliseconds of the start."""
    run_command(_command_line)


def _command_line() -> click.Command:
    from canaldsl.cli import main as command_line

    return command_line


def run_command(load: Callable[[], click.Command], args: Sequence[str] | None = None) -> NoReturn:
    """Run the command ``load()`` gives (with ``args``, default the process's) as the
    process's one task and end the process with its exit status, as the module says."""
    held = HeldOutput()
    try:
        interrupts.install()
        held.start()
        command = load()
        status = _exit_status(lambda: command.main(args=args, standalone_mode=True))
        with interrupts.deferred():
            held.release()
    except BrokenPipeError:  # the reader went away: as click does, exit 1 quietly
        interrupts.ignore_signals()
        held.discard()
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except BaseException as failure:
        # the interrupt itself, or a failure it caused (an extension's import cut: ImportError)
        interrupt = _interrupt_behind(failure)
        if interrupt is not None:
            _end_interrupted(held, interrupt)
        # else a bug: what was said so far, then the traceback
        interrupts.ignore_signals()
        with contextlib.suppress(OSError):
            held.release()
        raise
    interrupts.ignore_signals()
    sys.exit(status)


def _end_interrupted(held: HeldOutput, interrupt: Interrupted) -> NoReturn:
    interrupts.ignore_signals()
    held.discard()
    _say(f"{PROGRAM}: interrupted ({interrupt.name})")
    if interrupts.calls_running():
        # A call into C (a CP-SAT solve) did not stop within its grace period and still runs
        # in its helper thread. Ending the interpreter the usual way would tear Python down
        # under it: a callback of the solver into Python then ends that thread in the middle
        # of C++ code, and the C++ runtime aborts the whole process (SIGABRT, "terminate
        # called without an active exception") instead of exiting 130 or 143. Nothing of the
        # command is left to write (its output was discarded; files are replaced whole inside
        # ``deferred`` blocks, which the interrupt has left), so the process ends at once.
        _flush_standard_streams()
        os._exit(interrupt.exit_status)
    sys.exit(interrupt.exit_status)


def _flush_standard_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()


def _interrupt_behind(failure: BaseException) -> Interrupted | None:
    """The :class:`Interrupted` that ``failure`` was raised from or during, if any: a C
    extension whose import the signal cut raises ``ImportError`` from it, for example."""
    seen: set[int] = set()
    cause: BaseException | None = failure
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, Interrupted):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def _exit_status(command: Callable[[], object]) -> int:
    """The exit status of ``command()``, which ends by ``sys.exit`` (as click does) or returns;
    a non-numeric exit value is written to stderr, status 1, as Python itself would."""
    try:
        command()
    except SystemExit as end:
        code = end.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    return 0


def _say(line: str) -> None:
    stream = sys.stderr
    with contextlib.suppress(OSError, ValueError, AttributeError):
        stream.write(line + "\n")
        stream.flush()


__all__ = ["PROGRAM", "main", "run_command"]
