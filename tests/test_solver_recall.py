"""A finished CP-SAT solve is remembered in one process and given again for the same model and
parameters (:func:`canaldsl.solver.solve_or_recall`), never for another model, other
parameters, or a solve its budget cut short."""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from canaldsl import solver
from canaldsl.budget import Budget
from canaldsl.solver import INFEASIBLE, OPTIMAL, UNKNOWN, new_model, solve


@pytest.fixture(autouse=True)
def _no_remembered_answers() -> Iterator[None]:
    solver._answers.forget()
    yield
    solver._answers.forget()


def _counting_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the solves CP-SAT really runs."""
    runs: list[int] = []
    real = solver.run_solver

    def counted(cp_solver: Any, model: Any) -> Any:
        runs.append(1)
        return real(cp_solver, model)

    monkeypatch.setattr(solver, "run_solver", counted)
    return runs


def _knapsack(capacity: int) -> tuple[Any, list[Any]]:
    model = new_model()
    items = [model.NewBoolVar(f"item{i}") for i in range(12)]
    weights = [3, 5, 7, 2, 9, 4, 6, 8, 1, 5, 7, 3]
    model.Add(sum(w * x for w, x in zip(weights, items, strict=True)) <= capacity)
    values = [w + i % 3 for i, w in enumerate(weights)]
    model.Maximize(sum(v * x for v, x in zip(values, items, strict=True)))
    return model, items


def test_the_same_model_is_solved_once_and_answered_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = _counting_runs(monkeypatch)
    first_model, first_items = _knapsack(20)
    first = solve(first_model)
    again_model, again_items = _knapsack(20)  # built anew: the same model, other objects
    again = solve(again_model)
    assert len(runs) == 1
    assert first.status == again.status == OPTIMAL
    assert first.objective == again.objective and first.work == again.work
    assert [first.value(x) for x in first_items] == [again.value(x) for x in again_items]


def test_another_model_or_other_parameters_are_solved_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = _counting_runs(monkeypatch)
    small, _ = _knapsack(5)
    large, _ = _knapsack(40)
    assert solve(small).objective != solve(large).objective
    assert len(runs) == 2
    seeded, _ = _knapsack(20)
    solve(seeded, seed=7)  # another seed: other parameters
    assert len(runs) == 3
    hinted, items = _knapsack(20)
    solve(hinted, hints=[(items[0], 1)])  # a hint is part of the model
    assert len(runs) == 4


def test_an_infeasible_answer_is_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = _counting_runs(monkeypatch)
    for _ in range(2):
        model = new_model()
        x = model.NewIntVar(0, 5, "x")
        model.Add(x >= 6)
        assert solve(model).status == INFEASIBLE
    assert len(runs) == 1


def test_a_solve_cut_by_its_budget_is_not_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = _counting_runs(monkeypatch)
    statuses = set()
    for _ in range(2):
        model = new_model()  # four equal-split constraints on 60 weights: a market split
        rng = random.Random(5)
        items = [model.NewBoolVar(f"x{i}") for i in range(60)]
        for _ in range(4):
            weights = [rng.randint(1000, 9999) for _ in items]
            model.Add(sum(w * x for w, x in zip(weights, items, strict=True)) == sum(weights) // 2)
        statuses.add(solve(model, budget=Budget(0.01)).status)
    assert statuses == {UNKNOWN}
    assert len(runs) == 2


def _chain(length: int, last: int) -> Any:
    """A model of ``length`` variables in a chain of constraints (large enough to be
    fingerprinted in binary form), the last bound by ``last``."""
    model = new_model()
    xs = [model.NewIntVar(0, 10, f"x{i}") for i in range(length)]
    for a, b in itertools.pairwise(xs):
        model.Add(a <= b)
    model.Add(xs[-1] <= last)
    return model


def test_a_large_model_is_fingerprinted_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """From BINARY_FROM items a model is read in binary form: the same model built anew has
    the same fingerprint, and one bound changed, an assumption added or the text form used
    (where the system has no file in memory) gives another."""
    size = solver.BINARY_FROM
    cp_solver = solver.cp_model_module().CpSolver()
    solver.configure(cp_solver.parameters, None)
    first = solver._fingerprint(cp_solver, _chain(size, 7))
    assert solver._binary(_chain(size, 7).proto) is not None
    assert solver._fingerprint(cp_solver, _chain(size, 7)) == first
    assert solver._fingerprint(cp_solver, _chain(size, 8)) != first
    assumed = _chain(size, 7)
    assumed.AddAssumptions([assumed.NewBoolVar("b")])
    assert solver._fingerprint(cp_solver, assumed) != first
    monkeypatch.delattr(os, "memfd_create")
    assert solver._binary(_chain(size, 7).proto) is None
    text = solver._fingerprint(cp_solver, _chain(size, 7))
    assert text != first
    assert text == solver._fingerprint(cp_solver, _chain(size, 7))
