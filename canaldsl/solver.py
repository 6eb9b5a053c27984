"""CP-SAT helpers that know nothing of any game: a model, a reproducible solve, its result.

OR-Tools is imported only when a model is made (:func:`new_model`), never with this module:
the command line must start fast and `canaldsl check` never needs it for files without solver
queries.

Every solve runs with one worker and a fixed seed, and is limited by a work budget in CP-SAT's
deterministic time (:mod:`canaldsl.budget`), never by the clock alone: the same model gives the
same answer, status and bound on every run and machine, idle or loaded, whether or not the
budget cuts it short. Only a solve stopped by the budget's wall-clock safety limit may differ;
its status is TIMEOUT.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from canaldsl.budget import TIMEOUT, Budget
from canaldsl.textmemory import Memory

SEED = 20240613
"""The random seed of every solve."""

OPTIMAL = "OPTIMAL"
FEASIBLE = "FEASIBLE"
INFEASIBLE = "INFEASIBLE"
UNKNOWN = "UNKNOWN"
TIMEOUT_STATUS = TIMEOUT
"""A solve stopped by the wall-clock safety limit before its budget was spent (no solution
found, or one not proven best): unlike UNKNOWN and FEASIBLE, this depends on the machine."""

_SLACK = 1e-9


def cp_model_module() -> Any:
    """OR-Tools' ``ortools.sat.python.cp_model``, imported on first use without pandas.

    cp_model imports pandas only for its pandas-indexed variable sets (``new_int_var_series``
    and the like), which canaldsl never uses, and reads nothing of it at import time but the
    names ``pandas.Index`` and ``pandas.Series`` (type annotations). pandas costs 43 MB of
    memory and 0.2 s to import: the most of any library a command loads (measured on the
    100,000-line game record, whose best-build queries load CP-SAT). So while cp_model is
    first imported, ``pandas`` stands for a module of two empty classes; it is taken out of
    :data:`sys.modules` at once, so that a later ``import pandas`` imports the real one, and
    cp_model's own name for it then imports pandas when first used (a user's program that
    calls those variable sets gets the real thing). If pandas is already imported, it is
    used as it is."""
    with _import_lock:
        if "pandas" in sys.modules or "ortools.sat.python.cp_model" in sys.modules:
            from ortools.sat.python import cp_model
        else:
            stand_in = types.ModuleType("pandas", "cp_model's pandas, not imported (canaldsl)")
            stand_in.Index = type("Index", (), {})  # type: ignore[attr-defined]
            stand_in.Series = type("Series", (), {})  # type: ignore[attr-defined]
            sys.modules["pandas"] = stand_in
            try:
                from ortools.sat.python import cp_model
            except Exception:  # an OR-Tools that reads more of pandas at import: the real one
                if sys.modules.get("pandas") is stand_in:
                    del sys.modules["pandas"]
                from ortools.sat.python import cp_model
            finally:
                if sys.modules.get("pandas") is stand_in:
                    del sys.modules["pandas"]
            if getattr(cp_model, "pd", None) is stand_in:
                setattr(cp_model, "pd", _PandasOnUse("pandas"))  # noqa: B010
    return cp_model


_import_lock = threading.Lock()


class _PandasOnUse(types.ModuleType):
    """pandas, imported when one of its names is first read."""

    def __getattr__(self, name: str) -> Any:
        import pandas  # type: ignore[import-untyped,unused-ignore]

        return getattr(pandas, name)


def new_model() -> Any:
    """An empty CP-SAT model (imports OR-Tools on first use): a ``CpModel`` whose pre-PEP 8
    method names are its class's (:func:`model_class`)."""
    return model_class()()


_model_classes: dict[int, type] = {}


def model_class() -> type:
    """``CpModel`` with its pre-PEP 8 names (``NewBoolVar``, ``AddBoolOr``, ``Minimize``, ...)
    made once, on the class, instead of on each model.

    OR-Tools' ``CpModel.__init__`` gives every new model about 60 such names, each a bound
    method wrapped by a function that warns when ``cp_model.enable_warnings`` is set (it never
    is in canaldsl): about 0.5 ms of CPU per model, as much as building a small best-build
    model's constraints (measured: 260 models, 0.13 of 0.70 s). Here each name is the very
    method the ``snake_case`` name is (``AddBoolOr`` is ``add_bool_or``), set once on a
    subclass, chosen by OR-Tools' own rule (``_add_pre_pep8_methods``, run once on a model
    made the usual way); the models, their protocol buffers and solves are the same."""
    cp_model = cp_model_module()
    made = _model_classes.get(id(cp_model))
    if made is not None:
        return made
    plain = cp_model.CpModel()
    names = {
        name: _snake_name(plain, name)
        for name, value in vars(plain).items()
        if callable(value) and name[:1].isupper()
    }

    def __init__(self: Any, model_proto: Any = None) -> None:
        cp_model.cmh.CpBaseModel.__init__(self, model_proto)

    made = type("CpModel", (cp_model.CpModel,), {"__init__": __init__})
    made.__module__ = __name__
    for name, snake in names.items():
        setattr(made, name, getattr(cp_model.CpModel, snake))
    _model_classes[id(cp_model)] = made
    return made


def _snake_name(model: Any, name: str) -> str:
    """The ``snake_case`` method whose pre-PEP 8 alias ``name`` is on ``model`` (OR-Tools keeps
    the bound method in the alias's closure)."""
    cells = getattr(getattr(model, name), "__closure__", None) or ()
    for cell in cells:
        bound = cell.cell_contents
        if callable(bound) and hasattr(bound, "__name__") and hasattr(bound, "__self__"):
            return str(bound.__name__)
    raise AttributeError(f"CP-SAT's {name} is not an alias of a method")


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve.

    ``status`` is OPTIMAL (proven), FEASIBLE (a solution, not proven best: the budget was
    spent), INFEASIBLE (proven: no solution), UNKNOWN (no solution found within the budget) or
    TIMEOUT (the wall-clock safety limit stopped the solve first: see ``stopped``).
    ``objective`` and ``bound`` are the objective of the solution and the best proven bound
    (None without an objective or a solution: CP-SAT stopped in its presolve reports a bound
    that is none). ``work``: the deterministic time used.
    ``stopped``: None when the solve finished, UNKNOWN when its budget was spent, TIMEOUT when
    the wall clock stopped it (a FEASIBLE solution is then kept, marked by ``stopped``)."""

    status: str
    objective: float | None
    bound: float | None
    seconds: float
    work: float
    stopped: str | None = None
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


def configure(parameters: Any, budget: Budget | None, seed: int = SEED) -> float | None:
    """Set one worker, the seed, the budget's deterministic time and wall-clock safety limit
    on CP-SAT ``parameters``; the deterministic limit set (None: none)."""
    parameters.num_workers = 1
    parameters.random_seed = seed
    if budget is None:
        return None
    left = budget.left()
    if left is not None:
        parameters.max_deterministic_time = max(left, 1e-6)
    wall = budget.wall_left()
    if wall is not None:
        parameters.max_time_in_seconds = max(wall, 1e-3)
    return left


def stop_reason(
    solver: Any, limit: float | None, budget: Budget | None, finished: bool
) -> str | None:
    """Why a solve stopped before it finished: UNKNOWN when its deterministic time reached the
    budget's limit, TIMEOUT otherwise (the wall clock); None when it finished. Charges the
    deterministic time used to ``budget``."""
    used = float(solver.deterministic_time)
    if budget is not None:
        budget.charge(min(used, limit) if limit is not None else used)
    if finished:
        return None
    if limit is not None and used + _SLACK >= limit:
        return UNKNOWN
    if budget is not None:
        budget.wall_hit = True
    return TIMEOUT


def solve(
    model: Any,
    *,
    budget: Budget | None = None,
    seed: int = SEED,
    hints: Iterable[tuple[Any, int]] = (),
    settings: Mapping[str, bool | int | float | str] | None = None,
) -> SolveResult:
    """Solve ``model`` with one worker and a fixed seed, within ``budget`` (None: no limit),
    and charge the deterministic time used to it.

    ``settings`` sets further CP-SAT parameters by name (e.g. ``cp_model_presolve``; a value
    given as a string names a constant of ``ortools.sat.python.cp_model``, such as
    ``"LP_SEARCH"``); the worker count, seed and limits are always the ones above."""
    cp_model = cp_model_module()

    model.ClearHints()
    for variable, value in hints:
        model.AddHint(variable, value)
    solver = cp_model.CpSolver()
    parameters = solver.parameters
    for name, setting in (settings or {}).items():
        setattr(
            parameters, name, getattr(cp_model, setting) if isinstance(setting, str) else setting
        )
    limit = configure(parameters, budget, seed)
    if budget is not None and (budget.exhausted or budget.wall_expired()):
        status = TIMEOUT if budget.wall_hit else UNKNOWN
        return SolveResult(status, None, None, 0.0, 0.0, status)
    started = time.monotonic()
    code, solver = solve_or_recall(solver, model)
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
    stopped = stop_reason(solver, limit, budget, status in (OPTIMAL, INFEASIBLE))
    if stopped == TIMEOUT and status == UNKNOWN:
        status = TIMEOUT
    has_objective = model.HasObjective()
    objective = bound = None
    if has_objective and status in (OPTIMAL, FEASIBLE):
        objective = solver.ObjectiveValue()
    if has_objective and status in (OPTIMAL, FEASIBLE):  # without a solution CP-SAT's
        bound = solver.BestObjectiveBound()  # bound may be its starting value, not a bound
    used = float(solver.deterministic_time)
    return SolveResult(status, objective, bound, seconds, used, stopped, solver)


def run_solver(solver: Any, model: Any) -> Any:
    """``solver.Solve(model)``, interruptible: Ctrl-C or SIGTERM stops the solve and is raised
    (:func:`canaldsl.interrupts.call_interruptibly`), so a solve cut short by an interrupt is
    never taken for one cut short by its limit. CP-SAT is told to leave SIGINT alone (by
    default it takes Ctrl-C as an early end of the search and returns as if out of time)."""
    from canaldsl.interrupts import call_interruptibly

    solver.parameters.catch_sigint_signal = False
    return call_interruptibly(lambda: solver.Solve(model), stop=solver.StopSearch)


ANSWERS_KEPT = 64
"""Finished solves remembered by :func:`solve_or_recall` in one process (the latest)."""

_answers: Memory[bytes, tuple[Any, Any]] = Memory(kept=ANSWERS_KEPT, size=lambda key, _: 1)


def solve_or_recall(solver: Any, model: Any) -> tuple[Any, Any]:
    """:func:`run_solver`, or the answer of the same solve made earlier in this process: the
    status code and the solver to read the answer from (``solver`` itself, or the one that
    solved the same model before).

    The same solve is the same model (its protocol buffer: variables, constraints,
    objective, hints and assumptions) with the same parameters (one worker, the
    seed, the deterministic limit, ...), apart from the wall-clock safety limit. CP-SAT with
    one worker and a fixed seed is deterministic, so such a solve gives the same status,
    solution, core and deterministic time used (charged to the budget again by the caller):
    the answer is exact, not an approximation. Only finished solves are remembered (OPTIMAL
    or INFEASIBLE: proven, whatever the clock), the latest ANSWERS_KEPT of them. A command
    asks the same question more than once (``check`` and ``report`` find the same minimal
    set of rules of a canal that cannot be completed; a file's queries repeat what another
    query solved), and so do the tests, in one process."""
    cp_model = cp_model_module()

    key = _fingerprint(solver, model)
    known = _answers.get(key)
    if known is not None:
        return known
    code = run_solver(solver, model)
    if code in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        _answers.put(key, (code, solver))
    return code, solver


def _fingerprint(solver: Any, model: Any) -> bytes:
    """A digest of the model (its protocol buffer: variables, constraints, objective, hints and
    assumptions) and of the solver's parameters but the wall-clock limit.

    The model is read in its text form, made in memory (~5 us for a small model), or, from
    BINARY_FROM items (variables and constraints) on, in its binary form (:func:`_binary`):
    the text of the largest rule questions' models is 4 MB and took 33 ms to make, 15 times
    what the binary form takes, and such a model is fingerprinted at each of the dozen solves
    of a minimal set of rules. Either form holds the whole protocol buffer, so the same
    digest means the same model; the form is part of the digest."""
    settings = "\n".join(
        line
        for line in str(solver.parameters).splitlines()
        if not line.startswith("max_time_in_seconds")
    )
    proto = model.proto
    data = None
    if len(proto.variables) + len(proto.constraints) >= BINARY_FROM:
        data = _binary(proto)
    digest = hashlib.sha256()
    if data is not None:
        digest.update(b"binary\0")
        digest.update(data)
    else:
        digest.update(b"text\0")
        digest.update(str(proto).encode("utf-8"))
    digest.update(b"\0" + settings.encode("utf-8"))
    return digest.digest()


BINARY_FROM = 200
"""Models of at least this many variables and constraints are fingerprinted in binary form
(below it, making the text is quicker than writing the binary form; measured: 2.4 us against
11 us for a one-constraint model, 2 ms against 0.2 ms for one of 2,400 items)."""


def _binary(proto: Any) -> bytes | None:
    """The model's protocol buffer in binary form, written by CP-SAT into an anonymous file in
    memory (``memfd_create``: no file on disk, freed when closed); None where the system has no
    such files (the text form is used then). OR-Tools' Python model gives no other way to its
    binary form."""
    make = getattr(os, "memfd_create", None)
    if make is None:
        return None
    from ortools.sat.python import cp_model_helper

    try:
        descriptor = make("canaldsl-model", getattr(os, "MFD_CLOEXEC", 0))
    except OSError:
        return None
    try:
        path = f"/proc/self/fd/{descriptor}"
        if not cp_model_helper.CpSatHelper.write_model_to_file(proto, path):
            return None
        size = os.fstat(descriptor).st_size
        data = os.pread(descriptor, size, 0)
        return data if len(data) == size else None
    except OSError:
        return None
    finally:
        os.close(descriptor)


def forbid(model: Any, literals: Iterable[Any]) -> None:
    """Forbid every one of ``literals`` being true at once (a no-good)."""
    negated = [literal.Not() for literal in literals]
    model.AddBoolOr(negated)
