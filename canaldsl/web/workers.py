"""A fixed pool of worker processes with a bounded queue: the server's work never piles up.

Game-independent. Checking, drawing and solving run in ``workers`` processes (CPU-bound work
in Python: threads would take turns on one core). At most ``workers + queue`` requests are
taken at once; one more is refused at once with :class:`Busy` (the page says "busy, try
again") rather than waiting in a queue that grows. A worker is replaced after
``tasks_per_worker`` requests, so a worker's memory cannot grow without bound either.

Workers ignore SIGINT (Ctrl-C reaches every process of the terminal's group): the server's
main process takes it and stops them (:meth:`WorkerPool.close`), as :mod:`canaldsl.batch` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from canaldsl import interrupts
from canaldsl.batch import _context, _worker_started

R = TypeVar("R")

TASKS_PER_WORKER = 200
"""Requests a worker process answers before it is replaced by a fresh one."""


class Busy(RuntimeError):
    """Every worker is busy and the queue is full: try again in a moment."""


class WorkerPool:
    """``workers`` processes and room for ``queue`` more requests waiting."""

    def __init__(
        self, *, workers: int, queue: int, tasks_per_worker: int = TASKS_PER_WORKER
    ) -> None:
        if workers < 1 or queue < 0:
            raise ValueError("a pool needs one worker or more and a queue of zero or more")
        self.workers = workers
        self.capacity = workers + queue
        self._tasks_per_worker = tasks_per_worker
        self._lock = threading.Lock()
        self._in_flight = 0
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=_context(),
            initializer=_worker_started,
            max_tasks_per_child=self._tasks_per_worker,
        )

    @property
    def in_flight(self) -> int:
        """Requests taken and not answered yet (running or waiting)."""
        return self._in_flight

    async def run(self, function: Callable[..., R], *args: Any) -> R:
        """``function(*args)`` in a worker; :class:`Busy` at once when the pool is full."""
        with self._lock:
            if self._in_flight >= self.capacity:
                raise Busy("busy, try again")
            self._in_flight += 1
        try:
            with interrupts.signals_blocked():  # a worker started now takes no signal
                future = self._executor.submit(function, *args)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:  # a worker died (killed from outside): start afresh
            with self._lock:
                self._executor = self._new_executor()
            raise
        finally:
            with self._lock:
                self._in_flight -= 1

    def warm(self) -> None:
        """Start the workers now (each imports canaldsl), not on the first request."""
        with interrupts.signals_blocked():
            for future in [self._executor.submit(_nothing) for _ in range(self.workers)]:
                future.result()

    def close(self) -> None:
        """Stop the workers: waiting requests are dropped, running ones are cut short."""
        executor = self._executor
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(OSError, ValueError):  # already gone
                process.terminate()
            process.join(timeout=2)


def _nothing() -> None:
    import canaldsl.web.views  # noqa: F401  (imports the core the requests need)


__all__ = ["TASKS_PER_WORKER", "Busy", "WorkerPool"]
