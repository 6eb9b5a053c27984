"""The game-independent CP-SAT helpers (canaldsl/solver.py): statuses, bounds, determinism."""

from __future__ import annotations

import subprocess
import sys

from canaldsl import solver as sv


def knapsack(items: int = 30) -> tuple[object, list[object]]:
    model = sv.new_model()
    xs = [model.NewBoolVar(f"x{i}") for i in range(items)]
    weights = [(7 * i) % 23 + 3 for i in range(items)]
    values = [(11 * i) % 29 + 1 for i in range(items)]
    model.Add(sum(w * x for w, x in zip(weights, xs, strict=True)) <= 5 * items)  # type: ignore[misc]
    model.Maximize(sum(v * x for v, x in zip(values, xs, strict=True)))  # type: ignore[misc]
    return model, xs


def test_optimal_with_objective_and_bound() -> None:
    model, xs = knapsack()
    result = sv.solve(model, time_limit=10)
    assert result.status == sv.OPTIMAL and result.has_solution
    assert result.objective == result.bound
    assert result.time_limit == 10
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


def test_time_limit_is_reported() -> None:
    model, _ = knapsack(400)
    result = sv.solve(model, time_limit=0.001)
    assert result.status in (sv.FEASIBLE, sv.UNKNOWN, sv.OPTIMAL)
    if result.status != sv.OPTIMAL:
        assert result.bound is not None
        if result.objective is not None:
            assert result.bound >= result.objective


def test_importing_the_module_does_not_import_ortools() -> None:
    code = "import sys, canaldsl.solver\nassert 'ortools' not in sys.modules\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
