"""Every rule of the engine has a case where it holds and a case where it is broken.

The per-rule test modules (tests/test_rules_*.py) register their cases with
``rulecases.holds`` and ``rulecases.breaks``. A rule added to the engine without tests, or a
test naming a rule id that does not exist, fails here. Cases marked xfail (an engine bug, the
test written for the correct behaviour) do not count: each rule needs a passing case of each
kind as well.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import rulecases

from canaldsl.canalmania.rulebook import FORMER_IDS, all_rules

HERE = Path(__file__).resolve().parent
MODULES = sorted(p.stem for p in HERE.glob("test_rules_*.py") if p.stem != Path(__file__).stem)


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    for name in MODULES:  # pytest has usually imported them already; this is for -k / one file
        importlib.import_module(name)


def cases(registry: dict[str, list], rule_id: str) -> list[str]:
    return [f.__name__ for f in registry.get(rule_id, []) if not rulecases.is_xfail(f)]


def test_the_per_rule_modules_are_found() -> None:
    assert {"test_rules_build", "test_rules_goods", "test_rules_end"} <= set(MODULES)


@pytest.mark.parametrize("rule_id", sorted(all_rules()))
def test_every_rule_has_a_case_where_it_holds(rule_id: str) -> None:
    assert cases(rulecases.HOLDS, rule_id), f"no passing case (@holds) for {rule_id}"


@pytest.mark.parametrize("rule_id", sorted(all_rules()))
def test_every_rule_has_a_case_where_it_is_broken(rule_id: str) -> None:
    assert cases(rulecases.BREAKS, rule_id), f"no failing case (@breaks) for {rule_id}"


def test_every_rule_id_named_by_a_case_exists() -> None:
    named = set(rulecases.HOLDS) | set(rulecases.BREAKS)
    assert named - set(all_rules()) == set()


def test_there_are_rules_to_cover() -> None:
    # 61 before issue 13 merged six payment rules into pay.wrong-count/-kind/not-in-hand
    assert len(all_rules()) >= 58


def test_no_case_names_a_former_rule_id() -> None:
    named = set(rulecases.HOLDS) | set(rulecases.BREAKS)
    assert named & set(FORMER_IDS) == set()
