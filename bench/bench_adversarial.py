"""Benchmark of adversarial inputs: each family of ``bench/adversarial.py``, command by command.

Run from a checkout with canaldsl installed (``bench/bench_solver.py --adversarial`` runs it
after the best-build benchmark, or alone)::

    python bench/bench_adversarial.py           # every family
    python bench/bench_adversarial.py --quick   # one case per family

Every case is one ``canaldsl`` command in a fresh process; its CPU time (user + system) and
peak memory (maximum resident set) come from the kernel's accounting of that process
(``os.wait4``), so other work on the machine changes them little. The table gives, per family,
the number of cases, the median and the worst CPU time and the worst peak memory, and the
case that was worst; the targets of issue 11 are checked at the end.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from adversarial import big_file, goods_file, vias_file  # noqa: E402

FAMILIES = ("surveyors", "vias", "boards", "records", "goods")


@dataclass(frozen=True)
class Case:
    family: str
    label: str
    arguments: tuple[str, ...]
    """The command's arguments after ``canaldsl`` ({dir} is the folder of the files)."""


@dataclass(frozen=True)
class Run:
    case: Case
    cpu: float
    peak_mb: float
    status: int
    last_line: str


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def write(folder: Path, name: str, text: str) -> str:
    path = folder / f"{name}.canal"
    path.write_text(text, encoding="utf-8")
    return str(path)


def smeaton_file(value: int, surveyors: int, seed: int) -> str:
    """Smeaton holding ``surveyors`` surveyors (and other cards up to seven) with two open
    canals of ``value`` on the built-in board (2nd edition), as `board england` and two
    contracts written into a board of its own (the board's contracts stop at value 8)."""
    import random

    from canaldsl.canalmania.loading import check_text

    scenario, _ = check_text("rules second-edition { players 3 }\nboard england\n")
    assert scenario is not None and scenario.board is not None
    board = scenario.board
    rng = random.Random(f"{seed}/{value}")
    names = sorted(board.places)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    rng.shuffle(pairs)
    chosen: list[tuple[str, str]] = []
    for a, b in pairs:
        fewest = board.tiles_between(a, b)
        taken = {x for pair in chosen for x in pair}
        if fewest is not None and (value + 1) // 2 <= fewest <= value and not {a, b} & taken:
            chosen.append((a, b))
        if len(chosen) == 2:
            break
    cards = ["stretch", "lock", "aqueduct", "tunnel"]
    hand = {"surveyor": surveyors}
    for card in rng.choices(cards, k=7 - surveyors):
        hand[card] = hand.get(card, 0) + 1
    import canaldsl.canalmania

    folder = Path(canaldsl.canalmania.__file__).parent / "boards"
    source = (folder / "england-2nd.canal").read_text(encoding="utf-8")
    text = source.rstrip()
    assert text.endswith("}")
    added = [
        f'  contract "Cut {i}" between "{a}" and "{b}" value {value}'
        for i, (a, b) in enumerate(chosen)
    ]
    text = text[:-1] + "\n".join(added) + "\n}\n"
    held = ", ".join(f"{n} {k}" for k, n in sorted(hand.items()))
    canals = "\n".join(
        f'  canal "Cut {i}": "{rng.choice((a, b))}"' for i, (a, b) in enumerate(chosen)
    )
    return (
        "rules second-edition { players 3 }\n"
        + text
        + f"player red {{\n  engineer Smeaton\n  hand {held}\n{canals}\n}}\n"
        + "player white { }\nplayer black { }\nnow red phase 2\n"
    )


def cases(folder: Path, *, quick: bool) -> Iterator[Case]:
    # surveyor-heavy hands: Smeaton with 4 to 7 surveyors, two open canals
    values = (12,) if quick else (8, 12, 14)
    seeds = (1,) if quick else (1, 2, 3, 4)
    surveyors = (7,) if quick else (4, 5, 6, 7)
    for value in values:
        for count in surveyors:
            for seed in seeds:
                name = f"smeaton-v{value}-s{count}-{seed}"
                path = write(folder, name, smeaton_file(value, count, seed))
                yield Case("surveyors", name, ("@best-build", path))
    # many via places: check (the board, a turn, the completability rule), board, best-build
    sizes = ((26, 12, None), (60, 40, None), (80, 100, 2))
    counts = (8, 12) if quick else (0, 2, 4, 6, 8, 10, 12)
    for columns, rows, spread in sizes[-1:] if quick else sizes:
        for k in counts:
            name = f"vias-{k}-{columns}x{rows}"
            text = vias_file(k, columns=columns, rows=rows, spread=spread, queries=False)
            path = write(folder, name, text)
            yield Case("vias", f"check {name}", ("check", path))
            yield Case("vias", f"board {name}", ("board", path))
            yield Case("vias", f"best-build {name}", ("best-build", "--for", "red", path))
    # large user boards: can-complete
    boards = [("big-100x100-v99", big_file(99)), ("big-100x100-v40", big_file(40))]
    if not quick:
        boards += [
            ("big-100x100-v12", big_file(12)),
            ("big-40x30-v40", big_file(40, size=40).replace("grid 40 x 40", "grid 40 x 30")),
        ]
    for name, text in boards:
        path = write(folder, name, text)
        yield Case("boards", f"can-complete {name}", ("can-complete", path, "Long"))
        if not quick:
            yield Case("boards", f"check {name}", ("check", path))
    # long game records: check
    sys.path.insert(0, str(HERE))
    from bench_language import generate

    for lines in (10_000,) if quick else (10_000, 100_000):
        name = f"record-{lines}"
        path = write(folder, name, generate(lines))
        yield Case("records", f"check {name}", ("check", path))
    # a dense goods network: check (a best-delivery query, the final scores), best-delivery
    path = write(folder, "goods-dense", goods_file())
    yield Case("goods", "check goods-dense", ("check", path))
    yield Case("goods", "best-delivery goods-dense", ("best-delivery", "--for", "red", path))
    if not quick:
        path = write(folder, "goods-small", goods_file(columns=5, rows=3, owners=3, cubes=8))
        yield Case("goods", "check goods-small", ("check", path))


def time_best_build(path: str) -> None:
    """Print the CPU seconds of ``best_build`` for the player to move in the file, then its
    status (the file read, OR-Tools imported and one solve done first: the solve alone, as
    the best-build benchmark times it)."""
    import time

    from canaldsl.canalmania.bestbuild import best_build
    from canaldsl.canalmania.loading import check_path
    from canaldsl.canalmania.play import state_after_turns

    scenario, _, _ = check_path(Path(path))
    assert scenario is not None
    state = state_after_turns(scenario)
    best_build(state, state.now, engine="cp-sat")  # warm: imports, caches
    started = time.process_time()
    plan = best_build(state, state.now)
    print(time.process_time() - started)
    print(plan.status)


WRAPPER = """\
import json, os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
_, status, usage = os.wait4(pid, 0)
print(json.dumps([usage.ru_utime + usage.ru_stime, usage.ru_maxrss]), file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
"""
"""Runs a command and reports its CPU time and peak memory. The command is forked from this
small process, not from the benchmark's (a forked child's peak memory counts its parent's
pages until it executes the command)."""


def run(case: Case) -> Run:
    """One command in a fresh process: its CPU time and peak memory (``os.wait4``)."""
    command = ["-m", "canaldsl", *case.arguments]
    if case.arguments[0] == "@best-build":
        command = [__file__, "--time-best-build", case.arguments[1]]
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, *command], capture_output=True, check=False
    )
    cpu, peak = json.loads(done.stderr.decode().strip().splitlines()[-1])
    lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
    if case.arguments[0] == "@best-build":
        cpu = float(lines[0])
    return Run(
        case,
        cpu,
        peak / 1024,
        done.returncode,
        lines[-1] if lines else "",
    )


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def report(runs: Sequence[Run]) -> Iterator[str]:
    yield "| family | cases | median CPU | worst CPU | worst peak memory | worst case |"
    yield "|---|---|---|---|---|---|"
    for family in FAMILIES:
        group = [r for r in runs if r.case.family == family]
        if not group:
            continue
        worst = max(group, key=lambda r: r.cpu)
        median = statistics.median(r.cpu for r in group)
        peak = max(r.peak_mb for r in group)
        yield (
            f"| {family} | {len(group)} | {seconds(median)} | {seconds(worst.cpu)} "
            f"| {peak:.0f} MB | {worst.case.label} |"
        )
    yield ""
    yield from targets(runs)


def targets(runs: Sequence[Run]) -> Iterator[str]:
    def verdict(ok: bool) -> str:
        return "**met**" if ok else "**MISSED**"

    vias = [r for r in runs if r.case.family == "vias" and not r.case.label.startswith("best")]
    if vias:
        worst = max(vias, key=lambda r: r.cpu)
        yield (
            f"* Via places (0 to the limit of 12; `check` and `board`) under 2 s: "
            f"{verdict(worst.cpu < 2)} (worst {seconds(worst.cpu)}, {worst.case.label})."
        )
    builds = [r for r in runs if r.case.family == "vias" and r.case.label.startswith("best")]
    if builds:
        worst = max(builds, key=lambda r: r.cpu)
        yield (
            f"* Via places, `best-build` (with its minimal rule set when nothing can be "
            f"built): worst {seconds(worst.cpu)} ({worst.case.label}), within its budget."
        )
    big = [r for r in runs if r.case.label == "can-complete big-100x100-v99"]
    if big:
        r = big[0]
        yield (
            f"* can-complete, 100 x 100 board, value 99, under 2 s and 300 MB: "
            f"{verdict(r.cpu < 2 and r.peak_mb < 300)} ({seconds(r.cpu)}, {r.peak_mb:.0f} MB)."
        )
    smeaton = [r for r in runs if r.case.family == "surveyors" and "-v12-" in r.case.label]
    if smeaton:
        worst = max(smeaton, key=lambda r: r.cpu)
        proven = all(r.last_line == "OPTIMAL" for r in smeaton)
        yield (
            f"* Best build, value 12, Smeaton with 4-7 surveyors and two open canals, under "
            f"0.5 s, proven: {verdict(worst.cpu < 0.5 and proven)} (worst {seconds(worst.cpu)}, "
            "the solve alone as bench_solver.py times it)."
        )
    record = [r for r in runs if r.case.label == "check record-100000"]
    if record:
        r = record[0]
        yield (
            f"* check, 100,000-line game record, under 30 s and 300 MB: "
            f"{verdict(r.cpu < 30 and r.peak_mb < 300)} ({seconds(r.cpu)}, {r.peak_mb:.0f} MB)."
        )


def main(argv: Sequence[str] | None = None) -> list[Run]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one case or two per family")
    parser.add_argument(
        "--family",
        action="append",
        choices=FAMILIES,
        help="run only this family (repeatable; default: every family)",
    )
    parser.add_argument("--time-best-build", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.time_best_build:
        time_best_build(args.time_best_build)
        return []
    runs: list[Run] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for case in cases(folder, quick=args.quick):
            if args.family and case.family not in args.family:
                continue
            done = run(case)
            progress(f"{case.family}: {case.label}: {seconds(done.cpu)}, {done.peak_mb:.0f} MB")
            runs.append(done)
    print("\n".join(report(runs)), flush=True)
    return runs


if __name__ == "__main__":
    main()
