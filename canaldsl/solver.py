"""CP-SAT helpers that know nothing of any game: a model, a reproducible solve, its result.

OR-Tools is imported only when a model is made (:func:`new_model`), never with this module:
the command line must start fast and `canaldsl check` never needs it for files without solver
queries.

Every solve runs with one worker and a fixed seed, so the same model gives the same answer on
every run and machine (up to the time limit: a solve cut short by its limit may differ).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SEED = 20240613
"""The random seed of every solve."""

OPTIMAL = "OPTIMAL"
FEASIBLE = "FEASIBLE"
INFEASIBLE = "INFEASIBLE"
UNKNOWN = "UNKNOWN"


def new_model() -> Any:
    """An empty CP-SAT model (imports OR-Tools on first use)."""
    from ortools.sat.python import cp_model

    return cp_model.CpModel()


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve.

    ``status`` is OPTIMAL (proven), FEASIBLE (a solution, not proven best: the time limit was
    hit), INFEASIBLE (proven: no solution) or UNKNOWN (no solution found within the limit).
    ``objective`` and ``bound`` are the objective of the solution and the best proven bound
    (None without an objective or a solution)."""

    status: str
    objective: float | None
    bound: float | None
    seconds: float
    time_limit: float | None
    solver: Any = None

    @property
    def has_solution(self) -> bool:
        return self.status in (OPTIMAL, FEASIBLE)

    def value(self, expression: Any) -> int:
        """The value of a variable or linear expression in the solution."""
        assert self.solver is not None and self.has_solution
        return int(self.solver.Value(expression))

    def true(self, literal: Any) -> bool:
        assert self.solver is not None and self.has_solution
        return bool(self.solver.BooleanValue(literal))


def solve(
    model: Any,
    *,
    time_limit: float | None = None,
    seed: int = SEED,
    hints: Iterable[tuple[Any, int]] = (),
    settings: Mapping[str, bool | int | float] | None = None,
) -> SolveResult:
    """Solve ``model`` with one worker and a fixed seed; ``time_limit`` in seconds.

    ``settings`` sets further CP-SAT parameters by name (e.g. ``cp_model_presolve``); the
    worker count, seed and time limit are always the ones above."""
    from ortools.sat.python import cp_model

    model.ClearHints()
    for variable, value in hints:
        model.AddHint(variable, value)
    solver = cp_model.CpSolver()
    parameters = solver.parameters
    for name, setting in (settings or {}).items():
        setattr(parameters, name, setting)
    parameters.num_workers = 1
    parameters.random_seed = seed
    if time_limit is not None:
        parameters.max_time_in_seconds = float(time_limit)
    started = time.monotonic()
    code = run_solver(solver, model)
    seconds = time.monotonic() - started
    names = {
        cp_model.OPTIMAL: OPTIMAL,
        cp_model.FEASIBLE: FEASIBLE,
        cp_model.INFEASIBLE: INFEASIBLE,
        cp_model.UNKNOWN: UNKNOWN,
    }
    if code not in names:  # MODEL_INVALID: a bug in the model, never an answer
        raise ValueError(f"invalid CP-SAT model: {model.Validate()}")
    status = names[code]
    has_objective = model.HasObjective()
    objective = bound = None
    if has_objective and status in (OPTIMAL, FEASIBLE):
        objective = solver.ObjectiveValue()
    if has_objective and status != INFEASIBLE:
        bound = solver.BestObjectiveBound()
    return SolveResult(status, objective, bound, seconds, time_limit, solver)


def run_solver(solver: Any, model: Any) -> Any:
    """``solver.Solve(model)``, interruptible: Ctrl-C or SIGTERM stops the solve and is raised
    (:func:`canaldsl.interrupts.call_interruptibly`), so a solve cut short by an interrupt is
    never taken for one cut short by its limit. CP-SAT is told to leave SIGINT alone (by
    default it takes Ctrl-C as an early end of the search and returns as if out of time)."""
    from canaldsl.interrupts import call_interruptibly

    solver.parameters.catch_sigint_signal = False
    return call_interruptibly(lambda: solver.Solve(model), stop=solver.StopSearch)


def forbid(model: Any, literals: Iterable[Any]) -> None:
    """Forbid every one of ``literals`` being true at once (a no-good)."""
    negated = [literal.Not() for literal in literals]
    model.AddBoolOr(negated)
