"""Minimal sets of assumptions that make a CP-SAT model infeasible; nothing here knows any game.

A model states each named group of constraints (a rule, say) behind one literal: the group is
enforced only when its literal is true. Assuming every literal, the model is infeasible; which
groups together make it so? CP-SAT names a sufficient set of assumptions (its *core*), which
need not be minimal, so a deletion pass follows: each member in turn is left out and the model
solved again; when it is still infeasible the member stays out. Because leaving a group out can
only allow more solutions, the set left at the end is minimal: leaving out any one of its
members makes the model feasible. (Other minimal sets may exist; this finds one.)

Solves are reproducible like every solve of :mod:`canaldsl.solver`: one worker, a fixed seed,
and one work budget (:mod:`canaldsl.budget`) shared by all the solves of a search.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from canaldsl import solver as sv
from canaldsl.budget import Budget

INFEASIBLE = "INFEASIBLE"
FEASIBLE = "FEASIBLE"
UNKNOWN = "UNKNOWN"
TIMEOUT = sv.TIMEOUT_STATUS

Check = Callable[[Sequence[str]], tuple[str, Sequence[str]]]
"""Whether the model with exactly these groups assumed is INFEASIBLE, FEASIBLE or UNKNOWN, and
when INFEASIBLE the groups of a sufficient set among them (all of them when not known)."""


@dataclass(frozen=True)
class Core:
    """The outcome of a search for a minimal set.

    ``status``: INFEASIBLE (``members`` is a set that makes the model infeasible; ``minimal``
    says whether every member was shown to be needed), FEASIBLE (the model is feasible with
    every group assumed: there is nothing to explain), UNKNOWN (the budget was spent before
    infeasibility was shown) or TIMEOUT (the wall-clock safety limit stopped it first)."""

    status: str
    members: tuple[str, ...]
    minimal: bool
    solves: int
    seconds: float


@dataclass(frozen=True)
class Assumed:
    """One solve under assumptions: its status and, when INFEASIBLE, the positions (in the
    assumed list) of a sufficient set of assumptions; when FEASIBLE, the solver, to read the
    solution from."""

    status: str
    core: tuple[int, ...]
    solver: Any = None

    def true(self, literal: Any) -> bool:
        assert self.solver is not None
        return bool(self.solver.BooleanValue(literal))


def solve_assuming(model: Any, assumed: Sequence[Any], *, budget: Budget | None = None) -> Assumed:
    """Solve ``model`` assuming the literals ``assumed`` (one worker, the fixed seed), within
    ``budget`` (charged with the deterministic time used)."""
    cp_model = sv.cp_model_module()

    if budget is not None and (budget.exhausted or budget.wall_expired()):
        return Assumed(TIMEOUT if budget.wall_hit else UNKNOWN, ())
    model.ClearAssumptions()
    model.AddAssumptions(list(assumed))
    solver = cp_model.CpSolver()
    parameters = solver.parameters
    parameters.cp_model_probing_level = 0  # measured: presolve probing took 80% of each solve
    limit = sv.configure(parameters, budget)
    code, solver = sv.solve_or_recall(solver, model)
    model.ClearAssumptions()
    finished = code in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
    stopped = sv.stop_reason(solver, limit, budget, finished)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Assumed(FEASIBLE, (), solver)
    if code == cp_model.MODEL_INVALID:
        raise ValueError(f"invalid CP-SAT model: {model.Validate()}")
    if code != cp_model.INFEASIBLE:
        return Assumed(stopped or UNKNOWN, ())
    position = {literal.Index(): i for i, literal in enumerate(assumed)}
    sufficient = solver.SufficientAssumptionsForInfeasibility()
    core = sorted(position[i] for i in sufficient if i in position)
    return Assumed(INFEASIBLE, tuple(core))


def minimal_core(names: Sequence[str], check: Check) -> Core:
    """A minimal set of ``names`` that ``check`` finds INFEASIBLE: the sufficient set the
    check names for all of them, then the deletion pass, leaving members out in the order of
    ``names``. When a trial is still infeasible, only the sufficient set the check names for
    it is kept (which may leave out several members at once). A trial that ends UNKNOWN
    keeps its member (the set is then not shown minimal)."""
    started = time.monotonic()
    solves = 1
    status, sufficient = check(list(names))
    if status != INFEASIBLE:
        return Core(status, (), False, solves, time.monotonic() - started)
    current = [n for n in names if n in set(sufficient)]
    checked = list(names)
    minimal = True
    tried: set[str] = set()
    while True:
        name = next((n for n in current if n not in tried), None)
        if name is None:
            break
        tried.add(name)
        trial = [n for n in current if n != name]
        solves += 1
        outcome, smaller = check(trial)
        if outcome == INFEASIBLE:
            current = [n for n in trial if n in set(smaller)]
            checked = trial
        elif outcome in (UNKNOWN, TIMEOUT):
            minimal = False
    if current != checked:  # the solver's sufficient set is trusted only once solved alone
        solves += 1
        outcome, _ = check(current)
        if outcome in (UNKNOWN, TIMEOUT):  # out of budget: the last set shown infeasible
            return Core(INFEASIBLE, tuple(checked), False, solves, time.monotonic() - started)
        if outcome != INFEASIBLE:
            raise AssertionError(f"a sufficient set of assumptions is {outcome}: {current}")
    return Core(INFEASIBLE, tuple(current), minimal, solves, time.monotonic() - started)


__all__ = [
    "FEASIBLE",
    "INFEASIBLE",
    "TIMEOUT",
    "UNKNOWN",
    "Assumed",
    "Core",
    "minimal_core",
    "solve_assuming",
]
