"""Adversarial inputs the language allows (``bench/adversarial.py``): each is answered, within
its budget, and says so when a limit stops it. How long they take is measured by
``bench/bench_adversarial.py`` (the README's Performance section), not here; the CPU guards
below only catch a hang.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from test_solver_support import assert_plan_legal

from canaldsl.canalmania.bestbuild import best_build
from canaldsl.canalmania.completion import can_complete, find_canal
from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.play import state_after_turns

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from adversarial import big_file, goods_file
from bench_adversarial import smeaton_file


def scenario_of(text: str):  # type: ignore[no-untyped-def]
    scenario, diagnostics = check_text(text)
    assert scenario is not None and not [d for d in diagnostics if d.is_error], diagnostics
    return scenario


def test_a_canal_longer_than_the_supply_on_the_largest_board_is_a_no_at_once() -> None:
    scenario = scenario_of(big_file(99))
    state = state_after_turns(scenario)
    started = time.process_time()
    answer = can_complete(state, find_canal(state, "Long", "red"))
    assert answer.possible is False and answer.status == "INFEASIBLE"
    assert answer.bound == "any route needs more than 35 tiles; the supply holds 35 tiles"
    assert answer.rules is not None and not answer.rules.decided  # its model would not fit
    assert time.process_time() - started < 20  # a hang guard: 0.8 s measured (bench/)
    again = can_complete(state, find_canal(state, "Long", "red"))
    assert again.text() == answer.text()


@pytest.mark.slow
def test_a_dense_goods_network_is_not_evaluated_past_its_budget() -> None:
    scenario = scenario_of(goods_file())
    query, winner = evaluate(scenario).judgements
    assert query.passed is None
    assert query.reason == "not evaluated: the search of every move ran out of its work budget"
    assert winner.passed is None
    assert winner.reason.startswith("not evaluated: the final deliveries need more than 20 work")


@pytest.mark.slow
def test_a_small_goods_network_is_evaluated() -> None:
    scenario = scenario_of(goods_file(columns=5, rows=3, owners=3, cubes=8))
    query, winner = evaluate(scenario).judgements
    assert query.passed is True and query.reason.startswith("best ")
    assert winner.passed is not None and " wins " in winner.reason


@pytest.mark.slow
@pytest.mark.parametrize("surveyors", [4, 7])
def test_smeaton_holding_many_surveyors_gets_a_proven_legal_build(surveyors: int) -> None:
    scenario = scenario_of(smeaton_file(12, surveyors, 1))
    state = state_after_turns(scenario)
    plan = best_build(state, "red", engine="cp-sat")
    assert plan.optimal and plan.points > 0
    assert_plan_legal(state, plan)
    assert best_build(state, "red", engine="cp-sat").build_text() == plan.build_text()


@pytest.mark.slow
def test_a_budget_given_is_kept_and_spent_the_same_way_every_time() -> None:
    from canaldsl.budget import Budget

    scenario = scenario_of(big_file(40, size=40).replace("grid 40 x 40", "grid 40 x 30"))
    state = state_after_turns(scenario)
    canal = find_canal(state, "Long", "red")
    for units in (0.5, 3.0):
        spent = []
        for _ in range(2):
            budget = Budget(units, None)
            answer = can_complete(state, canal, budget=budget)
            assert budget.spent <= units + 1e-9
            spent.append((budget.spent, answer.text()))
        assert spent[0] == spent[1]
