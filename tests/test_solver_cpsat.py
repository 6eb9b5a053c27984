"""The game-independent CP-SAT helpers (canaldsl/solver.py): statuses, bounds, determinism."""

from __future__ import annotations

import subprocess
import sys

from canaldsl import solver as sv
from canaldsl.budget import Budget


def knapsack(items: int = 30) -> tuple[object, list[object]]:
    model = sv.new_model()
    xs = [model.NewBoolVar(f"x{i}") for i in range(items)]
    weights = [(7 * i) % 23 + 3 for i in range(items)]
    values = [(11 * i) % 29 + 1 for i in range(items)]
    model.Add(sum(w * x for w, x in zip(weights, xs, strict=True)) <= 5 * items)  # type: ignore[misc]
    model.Maximize(sum(v * x for v, x in zip(values, xs, strict=True)))  # type: ignore[misc]
    return model, xs


def multi_knapsack(items: int = 100) -> object:
    """A model CP-SAT needs some search for (a knapsack with four weights)."""
    model = sv.new_model()
    xs = [model.NewBoolVar(f"x{i}") for i in range(items)]
    for j in range(4):
        weights = [(i * (7 + 3 * j)) % 41 + 5 for i in range(items)]
        model.Add(sum(w * x for w, x in zip(weights, xs, strict=True)) <= 6 * items)  # type: ignore[misc]
    model.Maximize(sum(((i * 13) % 37 + 1) * x for i, x in enumerate(xs)))  # type: ignore[misc]
    return model


def test_optimal_with_objective_and_bound() -> None:
    model, xs = knapsack()
    budget = Budget(10.0)
    result = sv.solve(model, budget=budget)
    assert result.status == sv.OPTIMAL and result.has_solution and result.stopped is None
    assert result.objective == result.bound
    assert 0 < budget.spent == result.work < 10  # the deterministic time used is charged
    chosen = [result.true(x) for x in xs]
    assert result.value(xs[0]) in (0, 1) and any(chosen)


def test_same_answer_every_time() -> None:
    answers = set()
    for _ in range(3):
        model, xs = knapsack()
        result = sv.solve(model)
        answers.add(tuple(result.true(x) for x in xs))
    assert len(answers) == 1


def test_infeasible() -> None:
    model = sv.new_model()
    x = model.NewBoolVar("x")
    model.Add(x >= 1)
    model.Add(x <= 0)
    result = sv.solve(model)
    assert result.status == sv.INFEASIBLE and not result.has_solution
    assert result.objective is None


def test_forbid_excludes_a_solution() -> None:
    model = sv.new_model()
    xs = [model.NewBoolVar(f"x{i}") for i in range(2)]
    model.Maximize(2 * xs[0] + xs[1])
    first = sv.solve(model)
    assert first.objective == 3
    sv.forbid(model, xs)
    second = sv.solve(model)
    assert second.status == sv.OPTIMAL and second.objective == 2


def test_a_spent_budget_is_reported_and_the_same_every_time() -> None:
    outcomes = set()
    for _ in range(3):
        model = multi_knapsack()
        budget = Budget(0.005)
        result = sv.solve(model, budget=budget)
        assert result.status in (sv.FEASIBLE, sv.UNKNOWN)
        assert result.stopped == sv.UNKNOWN and budget.exhausted and not budget.wall_hit
        assert result.bound is not None
        if result.objective is not None:
            assert result.bound >= result.objective
        outcomes.add((result.status, result.objective, result.bound, result.work))
    assert len(outcomes) == 1, outcomes  # deterministic time: the same cut every run


def test_the_wall_clock_safety_limit_is_told_apart() -> None:
    model = multi_knapsack()
    budget = Budget(1000.0, wall_seconds=1e-9)
    result = sv.solve(model, budget=budget)
    assert result.status == sv.TIMEOUT_STATUS and result.stopped == sv.TIMEOUT_STATUS
    assert budget.wall_hit


def test_importing_the_module_does_not_import_ortools() -> None:
    code = "import sys, canaldsl.solver\nassert 'ortools' not in sys.modules\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_a_new_model_has_every_pre_pep8_name_of_or_tools_own() -> None:
    """new_model's class holds the aliases OR-Tools puts on each model (NewBoolVar, AddBoolOr,
    Maximize, ...), each the same method as its snake_case name, and a model built through
    them is the very model OR-Tools' own class builds."""
    cp_model = sv.cp_model_module()
    plain, fast = cp_model.CpModel(), sv.new_model()
    aliases = {name for name in vars(plain) if name[:1].isupper()}
    assert len(aliases) > 40 and isinstance(fast, cp_model.CpModel)
    for name in aliases:
        assert getattr(fast, name).__name__ == sv._snake_name(plain, name), name
    for model in (plain, fast):
        x, y = model.NewBoolVar("x"), model.NewIntVar(0, 3, "y")
        model.Add(y >= 2).OnlyEnforceIf(x)
        model.AddBoolOr([x, x.Not()])
        model.Maximize(y)
    assert str(fast.proto) == str(plain.proto) and fast.HasObjective()
    assert sv.solve(fast).objective == sv.solve(plain).objective == 3
