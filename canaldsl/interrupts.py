"""Interrupts as one exception: Ctrl-C (SIGINT) and SIGTERM end a command at once and cleanly.

Game-independent. Once :func:`install` is called (the command line's process, see
:mod:`canaldsl.process`), either signal raises :class:`Interrupted` in the main thread, at the
next Python instruction; nothing in canaldsl catches it, so the command stops wherever it is.
Three helpers keep that true where Python alone would not:

- :func:`deferred` holds an interrupt back while a block that must not be cut runs (a file being
  replaced, an answer being written), and raises it when the block ends;
- :func:`call_interruptibly` runs a long call into C (a CP-SAT solve) in a helper thread, so
  that the main thread stays free to take the signal, and then stops the call;
- :func:`signals_blocked` starts worker processes with both signals blocked, so that a worker
  never takes one before it has said how (see :mod:`canaldsl.batch`).

Python swallows an exception raised where nobody can catch it (a weak reference's callback, a
``__del__``, the import machinery's lock clean-up): it prints "Exception ignored" with a
traceback and carries on. A signal arriving at such a moment would be lost that way. While
the signals are taken over, :data:`sys.unraisablehook` recognises an :class:`Interrupted`
swallowed so, prints nothing, and delivers the same signal again from a helper thread, once
the main thread has left the place that swallowed it.
"""

from __future__ import annotations

import _thread
import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TypeVar

T = TypeVar("T")

SIGNALS: tuple[signal.Signals, ...] = tuple(
    s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None)) if s is not None
)
"""The signals that interrupt a command."""

_STOP_GRACE = 2.0
"""Seconds a stopped call is waited for after an interrupt (CP-SAT stops within milliseconds)."""


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: the command must stop, giving no answer.

    A ``BaseException``, like ``KeyboardInterrupt`` and ``SystemExit`` and unlike the
    project's ``...Error`` classes (``ValueError``): an ``except Exception`` on its way must
    never take it for a failure and carry on."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """The signal's name, e.g. ``SIGINT``."""
        try:
            return signal.Signals(self.signum).name
        except ValueError:
            return f"signal {self.signum}"

    @property
    def exit_status(self) -> int:
        """The shell's convention: 128 plus the signal number (130 for SIGINT, 143 for SIGTERM)."""
        return 128 + self.signum


class _State:
    holding = 0
    pending: int | None = None
    previous_hook: Callable[[sys.UnraisableHookArgs], object] | None = None
    calls_running = 0
    calls_lock = threading.Lock()


_STATE = _State()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _STATE.holding:
        if _STATE.pending is None:
            _STATE.pending = signum
        return
    raise Interrupted(signum)


_REDELIVERY_DELAY = 0.01
"""Seconds the helper thread waits before delivering a swallowed signal again: the main
thread meanwhile returns from the hook (starting a thread waits for it to run, so without the
wait the handler would run, and be swallowed again, inside the hook)."""


def _redeliver(signum: int) -> None:
    """Trip the handler of ``signum`` again, for the main thread's next Python instruction."""
    time.sleep(_REDELIVERY_DELAY)
    _thread.interrupt_main(signal.Signals(signum))


def _on_unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    """An :class:`Interrupted` that Python swallowed is delivered again; anything else goes to
    the hook that was in place before."""
    exc = unraisable.exc_value
    if isinstance(exc, Interrupted):
        # From another thread, a moment later: the main thread first leaves the callback (or
        # ``__del__``) that swallowed the interrupt, so the next delivery lands where it can
        # be raised. Swallowed again, it comes back here and is delivered once more.
        threading.Thread(
            target=_redeliver, args=(exc.signum,), name="canaldsl-redeliver", daemon=True
        ).start()
        return
    _previous_unraisablehook(unraisable)


def _previous_unraisablehook(unraisable: sys.UnraisableHookArgs) -> None:
    hook = _STATE.previous_hook
    (hook if hook is not None else sys.__unraisablehook__)(unraisable)


def install() -> None:
    """From now on, SIGINT and SIGTERM raise :class:`Interrupted` in the main thread.

    For a process that ends after its command (:mod:`canaldsl.process`); :func:`handling`
    undoes it at the end of a block. Must be called from the main thread."""
    for s in SIGNALS:
        signal.signal(s, _on_signal)
    if sys.unraisablehook is not _on_unraisable:
        _STATE.previous_hook = sys.unraisablehook
        sys.unraisablehook = _on_unraisable
    _STATE.holding, _STATE.pending = 0, None


@contextlib.contextmanager
def handling() -> Iterator[None]:
    """:func:`install` for the block only: the previous handlers are put back at its end."""
    previous = {s: signal.getsignal(s) for s in SIGNALS}
    previous_hook = sys.unraisablehook
    install()
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        sys.unraisablehook = previous_hook
        _STATE.holding, _STATE.pending = 0, None


def ignore_signals() -> None:
    """From now on, SIGINT and SIGTERM do nothing (the process is about to end)."""
    for s in SIGNALS:
        signal.signal(s, signal.SIG_IGN)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Run the block whole: an interrupt arriving during it is raised when it ends.

    Nested blocks raise at the end of the outermost. Unless :func:`install` (or
    :func:`handling`) took over the signals it changes nothing: Python's own
    ``KeyboardInterrupt`` is not held back."""
    _STATE.holding += 1
    try:
        yield
    finally:
        _STATE.holding -= 1
        if not _STATE.holding and _STATE.pending is not None:
            signum, _STATE.pending = _STATE.pending, None
            raise Interrupted(signum)


def pending() -> int | None:
    """The signal held back by the running :func:`deferred` block, if one arrived."""
    return _STATE.pending


def call_interruptibly(call: Callable[[], T], *, stop: Callable[[], object]) -> T:
    """``call()``, run in a helper thread while this thread waits, free to take a signal.

    A signal's handler runs only in the main thread, and only between Python instructions: a
    long call into C (a CP-SAT solve) would hold it back until the call returns. Here the
    main thread waits instead; when it is interrupted (any exception: :class:`Interrupted`,
    ``KeyboardInterrupt``), ``stop()`` asks the call to end (CP-SAT: ``StopSearch``), the
    call is given a moment to do so, and the exception goes on: the call's result, cut
    short, is never returned. The call's own exceptions are raised here."""
    outcome: list[T] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:  # handed to the waiting thread
            failure.append(exc)
        finally:
            with _STATE.calls_lock:
                _STATE.calls_running -= 1
            done.set()

    worker = threading.Thread(target=work, name="canaldsl-call", daemon=True)
    with _STATE.calls_lock:
        _STATE.calls_running += 1
    try:
        worker.start()
    except BaseException:
        with _STATE.calls_lock:
            _STATE.calls_running -= 1
        raise
    try:
        while not done.wait(0.25):  # a bounded wait: Windows takes signals only between waits
            pass
    except BaseException:
        _stop_until_done(stop, done)
        raise
    if failure:
        raise failure[0]
    return outcome[0]


def calls_running() -> int:
    """How many :func:`call_interruptibly` calls have not yet returned in their helper threads
    (after an interrupt: the calls that did not stop within their grace period)."""
    return _STATE.calls_running


def _stop_until_done(stop: Callable[[], object], done: threading.Event) -> None:
    """Ask the call to stop (again, in case it had not started yet) until it ends or the
    grace period is over; a call that never ends is left behind (a daemon thread)."""
    waited = 0.0
    while waited < _STOP_GRACE:
        with contextlib.suppress(Exception):
            stop()
        if done.wait(0.05):
            return
        waited += 0.05


@contextlib.contextmanager
def signals_blocked() -> Iterator[None]:
    """Block SIGINT and SIGTERM in this thread during the block (POSIX; elsewhere nothing).

    A signal arriving meanwhile waits and is taken when the block ends. Processes and
    threads started within the block inherit the blocked signals: a worker process then
    cannot be cut by one before it has chosen what to do with them."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    previous = mask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, previous)


__all__ = [
    "SIGNALS",
    "Interrupted",
    "call_interruptibly",
    "calls_running",
    "deferred",
    "handling",
    "ignore_signals",
    "install",
    "pending",
    "signals_blocked",
]
