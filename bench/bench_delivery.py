"""Benchmark of the best goods delivery: exhaustive search, CP-SAT and python-constraint2.

Run from a checkout with canaldsl installed with its ``test`` extra (python-constraint2)::

    python bench/bench_delivery.py              # the full benchmark (about a minute)
    python bench/bench_delivery.py --repeats 1  # a smoke run

Every instance is the built-in board with every contract built and completed, the canals
dealt out at random among four players, goods cubes in random places, and one of the players
to move. The solvers answer the same instances in one run; every answer is checked against
the exhaustive search's points. Progress goes to stderr; the results go to stdout as Markdown
tables, ready for bench/README.md, which says what each figure means.
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the position generator of the delivery tests

from deliverycases import england_all_built  # noqa: E402

from canaldsl.canalmania.components import Edition  # noqa: E402
from canaldsl.canalmania.delivery import Delivery, best_delivery  # noqa: E402
from canaldsl.canalmania.deliverycsp import best_delivery_csp  # noqa: E402
from canaldsl.canalmania.deliverymodel import SETTINGS, Formulation, best_delivery_cpsat  # noqa: E402
from canaldsl.canalmania.state import GameState  # noqa: E402

TARGET_MS = 1.0  # the target: best delivery under 1 ms (median)
PLAYERS = 4
PLACEMENTS = 4  # cube placements (and owners of the canals) per group
GROUPS = (
    # name, edition, cubes per placement, junction canals
    ("1st edition", Edition.FIRST, (15, 15, 8, 8), False),
    ("2nd edition", Edition.SECOND, (20, 20, 10, 10), False),
    ("2nd edition + junctions", Edition.SECOND, (20, 20, 10, 10), True),
)


@dataclass(frozen=True)
class Instance:
    group: str
    label: str
    state: GameState
    mover: str


def instances() -> list[Instance]:
    """Every group's placements, each with every player to move in turn."""
    out = []
    for group, edition, cube_counts, junctions in GROUPS:
        for placement, cubes in enumerate(cube_counts):
            rng = random.Random(f"{group}/{placement}")
            state, colours = england_all_built(
                edition, rng, players=PLAYERS, cubes=cubes, junctions=junctions
            )
            for mover in colours:
                moved = copy.copy(state)
                moved.now = mover
                out.append(Instance(group, f"placement {placement}, {mover}", moved, mover))
    return out


def _points(move: Delivery | None, mover: str) -> int:
    return move.points_for(mover) if move is not None else 0


def _exhaustive(i: Instance) -> tuple[int, dict[str, Any]]:
    return _points(best_delivery(i.state, i.mover), i.mover), {}


def _cpsat(
    formulation: Formulation, settings: Mapping[str, bool | int | float] = SETTINGS
) -> Callable[[Instance], tuple[int, dict[str, Any]]]:
    def run(i: Instance) -> tuple[int, dict[str, Any]]:
        answer = best_delivery_cpsat(i.state, i.mover, formulation=formulation, settings=settings)
        assert answer.proven, (i.label, answer)
        return answer.points, {"solves": answer.solves}

    return run


def _csp(i: Instance) -> tuple[int, dict[str, Any]]:
    return _points(best_delivery_csp(i.state, i.mover), i.mover), {}


SOLVERS: tuple[tuple[str, Callable[[Instance], tuple[int, dict[str, Any]]]], ...] = (
    ("exhaustive search", _exhaustive),
    ("CP-SAT circuit", _cpsat("circuit")),
    ("CP-SAT layered", _cpsat("layered")),
    ("CP-SAT circuit, CP-SAT's default parameters", _cpsat("circuit", {})),
    ("python-constraint2", _csp),
)
BASELINE = SOLVERS[0][0]


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run(*, repeats: int) -> list[dict[str, Any]]:
    """Time every solver on every instance ``repeats`` times; an instance's time is the median
    of its runs, by the wall clock and by the process's CPU clock (which a busy machine
    disturbs less: every solve runs in this one thread). One row per group and solver, then
    the "all" group: instances; median and maximum over the instances in ms (wall, CPU); the
    CPU ratios to the exhaustive search (median to median, maximum to maximum); whether every
    answer had the exhaustive search's points; the most CP-SAT solves on one instance."""
    cases = instances()
    for _, solve in SOLVERS:  # untimed: imports (OR-Tools, python-constraint2) and caches
        solve(cases[0])
    wall: dict[tuple[str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}
    agree: dict[tuple[str, str], bool] = {}
    solves: dict[tuple[str, str], int] = {}
    for number, case in enumerate(cases, 1):
        if number % 8 == 1:
            progress(f"instance {number}/{len(cases)}: {case.group}, {case.label}")
        want = _exhaustive(case)[0]
        for name, solve in SOLVERS:
            walls, cpus = [], []
            for _ in range(repeats):
                started, started_cpu = time.perf_counter(), time.process_time()
                points, facts = solve(case)
                cpus.append(time.process_time() - started_cpu)
                walls.append(time.perf_counter() - started)
            for group in (case.group, "all"):
                key = (group, name)
                wall.setdefault(key, []).append(statistics.median(walls))
                cpu.setdefault(key, []).append(statistics.median(cpus))
                agree[key] = agree.get(key, True) and points == want
                solves[key] = max(solves.get(key, 0), facts.get("solves", 0))
    rows = []
    for group in [g[0] for g in GROUPS] + ["all"]:
        base = cpu[group, BASELINE]
        for name, _ in SOLVERS:
            key = (group, name)
            rows.append(
                {
                    "group": group,
                    "solver": name,
                    "instances": len(cpu[key]),
                    "median_ms": statistics.median(wall[key]) * 1000,
                    "max_ms": max(wall[key]) * 1000,
                    "cpu_median_ms": statistics.median(cpu[key]) * 1000,
                    "cpu_max_ms": max(cpu[key]) * 1000,
                    "median_ratio": statistics.median(cpu[key]) / statistics.median(base),
                    "max_ratio": max(cpu[key]) / max(base),
                    "agrees": agree[key],
                    "most_solves": solves[key] or None,
                }
            )
    return rows


def report(rows: list[dict[str, Any]], repeats: int) -> Iterator[str]:
    yield f"## Results (best delivery, {repeats} runs per instance)"
    yield ""
    yield (
        f"Machine: {os.cpu_count()} CPUs, {platform.processor() or platform.machine()},"
        f" {platform.system()}; Python {platform.python_version()};"
        f" OR-Tools {metadata.version('ortools')};"
        f" python-constraint2 {metadata.version('python-constraint2')}."
    )
    yield ""
    yield (
        "| Group | Solver | Instances | Median | Max | Median CPU | Max CPU"
        " | Median / exhaustive | Max / exhaustive | Same points | Most solves |"
    )
    yield "|---|---|---|---|---|---|---|---|---|---|---|"
    for row in rows:
        yield (
            f"| {row['group']} | {row['solver']} | {row['instances']}"
            f" | {row['median_ms']:.2f} ms | {row['max_ms']:.2f} ms"
            f" | {row['cpu_median_ms']:.2f} ms | {row['cpu_max_ms']:.2f} ms"
            f" | {row['median_ratio']:.1f} | {row['max_ratio']:.1f}"
            f" | {'yes' if row['agrees'] else 'NO'} | {row['most_solves'] or '-'} |"
        )
    yield ""
    overall = {row["solver"]: row for row in rows if row["group"] == "all"}
    fastest = min(overall.values(), key=lambda row: row["median_ms"])
    verdict = "met" if fastest["median_ms"] < TARGET_MS else "MISSED"
    yield (
        f"Target: best delivery under {TARGET_MS:g} ms (median, wall): **{verdict}**"
        f" ({fastest['solver']}, {fastest['median_ms']:.2f} ms; CPU"
        f" {fastest['cpu_median_ms']:.2f} ms)."
    )
    faster = [
        f"{row['group']} ({row['solver']})"
        for row in rows
        if row["solver"] != BASELINE and row["median_ratio"] < 1
    ]
    shown = ", ".join(faster) or "nowhere"
    yield f"Faster than the exhaustive search (median CPU time): {shown}."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per instance and solver")
    args = parser.parse_args()
    rows = run(repeats=args.repeats)
    print("\n".join(report(rows, args.repeats)))


if __name__ == "__main__":
    main()
