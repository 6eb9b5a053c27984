"""The ``canaldsl`` program, interrupted at a chosen moment, for the interrupt tests.

usage: python interrupt_driver.py MOMENT SIGNAL MARKER_FILE ARGUMENT...

Runs :func:`canaldsl.process.main` with ARGUMENT... as its command line, and SIGNAL (``INT`` or
``TERM``) arrives at MOMENT:

- ``solve``: every CP-SAT solve the command makes is preceded by a hard one (an optimisation
  that takes seconds), solved by the same interruptible path as the real solves
  (:func:`canaldsl.solver.run_solver`); the line ``solving`` is appended to MARKER_FILE once
  its search has started (CP-SAT's own log says so, read by a callback, never printed), and
  the test sends the signal (this driver sends none);
- ``finished``: the process signals itself once the command has done its work and said all it
  has to say (when the click command returns), before any of it is written out;
- ``output``: the process signals itself when the first byte of the answer reaches the real
  standard output.

Nothing else is changed: the solves, the answers and the output are the program's own.
"""

from __future__ import annotations

import io
import os
import signal
import sys
from pathlib import Path
from typing import Any

from canaldsl import solver
from canaldsl.process import main

HARD_SECONDS = 30.0


def hard_model() -> Any:
    """An optimisation CP-SAT does not prove within seconds (all-different, a weighted sum)."""
    model = solver.new_model()
    size = 60
    values = [model.NewIntVar(0, size * size, f"x{i}") for i in range(size)]
    model.AddAllDifferent(values)
    for i in range(size - 1):
        model.Add(values[i] + i % 7 <= values[i + 1] * 2)
    model.Minimize(sum((i % 13 + 1) * value for i, value in enumerate(values)))
    return model


def long_solves(marker: Path) -> None:
    real = solver.run_solver

    def run_solver(real_solver: Any, model: Any) -> Any:
        from ortools.sat.python import cp_model

        hard = cp_model.CpSolver()
        hard.parameters.num_workers = 1
        hard.parameters.max_time_in_seconds = HARD_SECONDS
        # The marker is written from inside the solve, when CP-SAT starts its search (after
        # its presolve, a few milliseconds in): the test's signal then comes while the solve
        # runs, however loaded the machine (no fixed pause after a marker written before it).
        hard.parameters.log_search_progress = True
        hard.parameters.log_to_stdout = False  # the log goes to the callback only
        said: list[str] = []

        def searching(line: str) -> None:
            if not said and line.startswith("Starting search"):
                said.append(line)
                with marker.open("a", encoding="utf-8") as handle:
                    handle.write("solving\n")

        hard.log_callback = searching
        real(hard, hard_model())
        return real(real_solver, model)

    solver.run_solver = run_solver  # type: ignore[assignment]


def signal_when_finished(signum: int) -> None:
    import click

    real = click.Command.main

    def main_then_signal(self: Any, *args: Any, **options: Any) -> Any:
        try:
            return real(self, *args, **options)
        finally:
            os.kill(os.getpid(), signum)

    click.Command.main = main_then_signal  # type: ignore[method-assign]


class _SignallingStdout(io.RawIOBase):
    def __init__(self, signum: int) -> None:
        super().__init__()
        self.signum = signum
        self.signalled = False

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if not self.signalled:
            self.signalled = True
            os.kill(os.getpid(), self.signum)
        return os.write(1, data)


def signal_at_output(signum: int) -> None:
    raw = _SignallingStdout(signum)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8")


if __name__ == "__main__":
    moment, name, marker_file = sys.argv[1:4]
    del sys.argv[1:4]
    number = {"INT": signal.SIGINT, "TERM": signal.SIGTERM}[name]
    if moment == "solve":
        long_solves(Path(marker_file))
    elif moment == "finished":
        signal_when_finished(number)
    elif moment == "output":
        signal_at_output(number)
    else:
        raise SystemExit(f"unknown moment {moment!r}")
    main()
