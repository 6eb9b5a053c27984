"""Many files at once: folders expanded to their files, and work spread over worker processes.

Game-independent. :func:`files_to_check` turns the command line's paths into files in a fixed
order; :func:`map_in_order` applies a function to each item, in worker processes when asked,
and yields the results in the items' order, so that what a command prints from them is the
same, byte for byte, whatever the number of workers.

Workers are started with the ``forkserver`` method where there is one (POSIX), else ``spawn``:
never a plain ``fork`` of a process that may hold threads (a CP-SAT solve runs in one). They
take no signal themselves: SIGINT (Ctrl-C reaches every process of the terminal's group) is
ignored in them, and an interrupted command kills them (see :func:`map_in_order`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import TypeVar

from canaldsl import interrupts

T = TypeVar("T")
R = TypeVar("R")


class NoFilesError(ValueError):
    """A folder given on the command line holds no file to check."""


def default_jobs() -> int:
    """The processes to use by default: the cores this process may run on (at least 1)."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counted is not None:
        return max(1, counted() or 1)
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return max(1, os.cpu_count() or 1)


def files_to_check(paths: Iterable[Path], *, suffix: str) -> list[Path]:
    """Each path as given, a folder replaced by every ``suffix`` file under it.

    A folder's files come in a fixed order: sorted by their path inside the folder, compared
    part by part (the same on every machine and file system). Hidden files and folders (names
    starting with ``.``, e.g. ``.git``, ``.venv``) are left out, and links to folders are not
    followed (no loop). A path that is not a folder is kept, even when missing (checking it
    says why it cannot be read). Raises :class:`NoFilesError` for a folder without any."""
    found: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        inside = sorted(_files_under(path, suffix), key=lambda p: p.relative_to(path).parts)
        if not inside:
            raise NoFilesError(f"{path} holds no {suffix} file")
        found.extend(inside)
    return found


def _files_under(folder: Path, suffix: str) -> Iterator[Path]:
    for root, folders, files in os.walk(folder, followlinks=False):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            if name.endswith(suffix) and not name.startswith("."):
                yield Path(root) / name


def map_in_order(function: Callable[[T], R], items: Sequence[T], *, jobs: int) -> Iterator[R]:
    """``function(item)`` for each item, yielded in the items' order.

    With ``jobs`` 1 (or a single item) everything runs here, one item after another. Else
    ``min(jobs, len(items))`` worker processes share the items; ``function`` and the items
    must then pickle (a module-level function). An exception raised by ``function`` is
    raised here. When the caller is interrupted (:class:`canaldsl.interrupts.Interrupted`,
    any exception) while waiting, the workers are killed before the exception goes on."""
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield function(item)
        return
    workers = min(jobs, len(items))
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=_context(), initializer=_worker_started
    )
    futures: list[Future[R]] = []
    try:
        # Workers are started by the submissions, here: with the signals blocked, so that
        # each starts with them blocked and ignores SIGINT before it can take one.
        with interrupts.signals_blocked():
            futures = [pool.submit(function, item) for item in items]
        for future in futures:
            yield future.result()
    except BaseException:
        _kill_workers(pool)
        raise
    pool.shutdown(wait=True)


def _context() -> BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _worker_started() -> None:
    """In each worker, first: SIGINT ignored (the command decides), SIGTERM as by default
    (a terminated worker ends at once, silently); then both unblocked."""
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    unblock = getattr(signal, "pthread_sigmask", None)
    if unblock is not None:
        unblock(signal.SIG_UNBLOCK, interrupts.SIGNALS)


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool now: every worker killed, pending items dropped, nothing waited for
    beyond the workers' ends.

    The futures are not cancelled here: the pool's own manager thread, seeing its workers
    gone, marks every pending future failed, and a future this thread had cancelled meanwhile
    makes it raise (``InvalidStateError``, printed as an exception in a thread). The shutdown's
    ``cancel_futures`` cancels in that same thread instead."""
    kill = getattr(pool, "kill_workers", None)  # Python 3.14+
    if kill is not None:
        kill()
    # Before 3.14 the pool names its workers only in this attribute (there since 3.2).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError):  # already gone
            process.kill()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=True, cancel_futures=True)  # quick: its workers are gone


__all__ = ["NoFilesError", "default_jobs", "files_to_check", "map_in_order"]
