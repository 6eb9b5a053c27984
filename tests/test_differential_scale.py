"""The differential run (``bench/differential.py``) in small: no disagreement between the rules
engine and the referee, the build solvers (exact search, CP-SAT, python-constraint2) and the
delivery solvers; the same outcome with one process or two; and a disagreement is shrunk to a
small position and written as a file canaldsl understands.

The large run (100,000 positions) is made by hand; its figures are in the README.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from canaldsl.canalmania.components import CardKind
from canaldsl.canalmania.loading import check_path

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("differential", ROOT / "bench/differential.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["differential"] = module
    spec.loader.exec_module(module)
    return module


differential = _load()


@pytest.mark.slow
def test_a_small_run_finds_no_disagreement() -> None:
    totals = differential.run(500, seed=7)
    assert totals.positions == 500
    assert totals.kinds == Counter({"turn": 400, "build": 50, "delivery": 50})
    assert totals.checks["turn: referee"] == 400
    assert totals.checks["build: search"] > 0 and totals.checks["build: cp-sat"] == 50
    assert totals.checks["delivery: exhaustive"] == 50
    assert [(o.kind, o.index, o.problems) for o in totals.disagreements] == []


def test_two_processes_give_the_same_run() -> None:
    one = differential.run(40, seed=3, processes=1)
    two = differential.run(40, seed=3, processes=2)
    assert (one.positions, one.kinds, one.checks, one.unproven) == (
        two.positions,
        two.kinds,
        two.checks,
        two.unproven,
    )


def test_a_turn_disagreement_is_shrunk_and_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from randompositions import make_case

    # A made-up disagreement: "whenever the position has a canal of the mover".
    def fake(case: Any) -> list[str]:
        mover = next(p for p in case.position.players if p.colour == case.turn.player)
        return ["made up"] if mover.canals else []

    monkeypatch.setattr(differential, "judge_turn", fake)
    case = next(
        c
        for c in (make_case(11, i) for i in range(200))
        if len(c.position.players) >= 3 and fake(c)
    )
    small = differential.shrink_turn(case)
    assert fake(small) == ["made up"]
    assert len(small.position.players) < len(case.position.players)
    assert len(small.text) < len(case.text)
    path = differential.write_turn_case(small, ["made up"], tmp_path)
    scenario, diagnostics, _ = check_path(path)
    assert scenario is not None and not [d for d in diagnostics if d.is_error]
    assert path.read_text(encoding="utf-8").startswith("# engine and referee disagree")


@pytest.mark.slow
def test_a_solver_disagreement_is_shrunk_and_written(tmp_path: Path) -> None:
    from test_solver_support import random_case

    state, colour = random_case(5)
    state.player(colour).hand[CardKind.TUNNEL] += 2

    def still(candidate: Any) -> bool:  # made up: "the builder holds a tunnel card"
        hand = candidate.player(colour).hand or Counter()
        return hand[CardKind.TUNNEL] > 0

    small = differential.shrink_state(state, colour, still)
    assert len(small.players) < len(state.players)
    assert +small.player(colour).hand == Counter({CardKind.TUNNEL: 1})
    assert not small.player(colour).canals
    path = differential.write_state_case(small, colour, "best-build", ["made up"], tmp_path, 5)
    scenario, diagnostics, _ = check_path(path)
    assert [d.render() for d in diagnostics if d.is_error] == []
    assert scenario is not None and scenario.position is not None
    assert "query best-build for red" in path.read_text(encoding="utf-8")
