"""The solver benchmark (bench/bench_solver.py) keeps working: a smoke run, and its parts."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from canaldsl.canalmania.components import Edition

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_solver.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_solver", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_quick_run_reports_every_table_and_target() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--no-delivery"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for heading in (
        "### By contract value, first-edition",
        "### By contract value, second-edition",
        "### By contract value, both editions",
        "### By hand size, every value",
        "### Targets",
    ):
        assert heading in out
    rows = [line for line in out.splitlines() if line.startswith(("| 2 |", "| 8 |", "| 12 |"))]
    assert len(rows) == 9  # three values, in three tables
    assert "answers differing from CP-SAT's (points, cards): 0." in out
    assert "CP-SAT proved the optimum on 6 of 6 instances" in out
    targets = [line for line in out.splitlines() if line.startswith("* ")]
    verdicts = ("**met**", "**MISSED**", "**NOT SHOWN**")
    assert len(targets) == 3 and all(any(v in t for v in verdicts) for t in targets)


def test_instances_cover_values_editions_and_hands(bench: ModuleType) -> None:
    cases = bench.instances(per_value=3, values=(2, 9, 12), seed=1)
    assert len(cases) == 2 * 3 * 3
    assert {c.edition for c in cases} == {Edition.FIRST, Edition.SECOND}
    for case in cases:
        canal = case.state.player("red").canals[0]
        contract = case.state.board.contracts[canal.contract]
        assert contract.value == case.value == canal.value
        assert sum((case.state.player("red").hand or {}).values()) == case.cards
        fewest = case.state.board.fewest_tiles(contract)
        assert fewest is not None and fewest <= case.value
    assert {c.cards for c in cases} == {7, 13, 20}
    assert all(c.added for c in cases if c.value > 8)  # the board stops at 8
    assert any(not c.added for c in cases if c.value == 2)  # its own contracts first


def test_delivery_benchmark_is_called_when_there(bench: ModuleType, tmp_path: Path) -> None:
    stub = tmp_path / "bench_delivery.py"
    stub.write_text(
        "import sys\ndef main():\n    print('delivery main', sys.argv[1:])\n", encoding="utf-8"
    )
    assert bench.run_delivery_benchmark(quick=True, path=stub) is True
    assert bench.run_delivery_benchmark(quick=False, path=tmp_path / "missing.py") is False


def test_delivery_benchmark_gets_its_own_arguments(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = tmp_path / "bench_delivery.py"
    stub.write_text(
        "import sys\ndef main():\n    print('delivery main', sys.argv[1:])\n", encoding="utf-8"
    )
    bench.run_delivery_benchmark(quick=True, path=stub)
    bench.run_delivery_benchmark(quick=False, path=stub)
    out = capsys.readouterr().out.splitlines()
    assert out == ["delivery main ['--repeats', '1']", "delivery main []"]
