"""The ``canaldsl`` program with every CP-SAT solve made long, for the interrupt tests.

usage: python interrupt_driver.py MARKER_FILE ARGUMENT...

Runs :func:`canaldsl.process.main` with ARGUMENT... as its command line. Before each solve the
program makes, a hard CP-SAT model (an optimisation that takes seconds) is solved first, by the
same interruptible path as the real solve (:func:`canaldsl.solver.run_solver`), and its status
thrown away; the line ``solving`` is appended to MARKER_FILE as it starts, so that a test can
signal the process while it is inside a solve. Nothing else is changed: the real solve, the
answer and the output are the program's own.
"""

from __future__ import annotations

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


def made_long(real: Any, marker: Path) -> Any:
    def run_solver(real_solver: Any, model: Any) -> Any:
        from ortools.sat.python import cp_model

        hard = cp_model.CpSolver()
        hard.parameters.num_workers = 1
        hard.parameters.max_time_in_seconds = HARD_SECONDS
        with marker.open("a", encoding="utf-8") as handle:
            handle.write("solving\n")
        real(hard, hard_model())
        return real(real_solver, model)

    return run_solver


if __name__ == "__main__":
    marker_file = Path(sys.argv[1])
    del sys.argv[1]
    solver.run_solver = made_long(solver.run_solver, marker_file)  # type: ignore[assignment]
    main()
