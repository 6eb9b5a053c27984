"""The benchmark script keeps working: its parts, on tiny samples."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_canalgrande.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_canalgrande", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_parts_run() -> None:
    bench = _bench()
    votes = bench.bench_votes(1, 1)
    assert votes[0] == "## Votes" and any("Target" in line for line in votes)
    assert bench.crosscheck_votes(3, 1)[0].startswith("Vote solver = brute force")
    families = list(bench.SPLIT_FAMILIES.items())
    bench.SPLIT_FAMILIES = dict(families[:2])  # the adversarial ones take seconds a deal
    splits = bench.bench_splits(1, 1)
    assert splits[0] == "## Best split"
    assert bench.differential(5)[0] == "## Engine against the independent referee"
