"""Benchmark of `canaldsl check` over many files: one process (-j 1) against worker processes.

Run from a checkout with canaldsl installed (standard library only, plus canaldsl)::

    python bench/bench_batch.py                 # 200 files, -j 1 and -j 2, 3 runs each
    python bench/bench_batch.py --files 40 --repeats 1 --jobs 1 2 4

The files are the repository's own (``examples/`` and ``scenarios/``), copied into a temporary
folder until there are as many as asked (``NNN-name.canal``), and checked as a folder. Each run
is a whole ``python -m canaldsl check -j J FOLDER`` process; the output of every run must be
the same bytes (stdout and stderr) whatever J, or the script stops. Progress goes to stderr; the
results go to stdout as a Markdown table for bench/README.md.

Wall time is the figure that -j improves. CPU time is given for -j 1 only: it is the command's
process and all of its work; the workers of -j N are children of a fork server that the command
does not wait for, so their CPU time is not counted by the operating system for the command.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def make_folder(target: Path, count: int) -> list[Path]:
    """``count`` files, copies of the repository's examples and rulebook examples in turn."""
    sources = sorted((REPO / "examples").glob("*.canal")) + sorted(
        (REPO / "scenarios").rglob("*.canal")
    )
    made = []
    for number in range(count):
        source = sources[number % len(sources)]
        copy = target / f"{number:03d}-{source.name}"
        shutil.copyfile(source, copy)
        made.append(copy)
    return made


def run(folder: Path, jobs: int) -> tuple[float, float, bytes, int]:
    """One whole `check` process: wall seconds, CPU seconds (its own and what it waited for),
    its output (stdout then stderr) and exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "canaldsl", "check", "-j", str(jobs), str(folder)],
        capture_output=True,
        check=False,
        cwd=folder,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout + b"\0" + result.stderr, result.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="canaldsl-batch-") as temporary:
        folder = Path(temporary)
        files = make_folder(folder, args.files)
        progress(f"{len(files)} files in {folder}")
        run(folder, 1)  # warm-up: the parser cache and the file system's cache
        rows = []
        reference: tuple[bytes, int] | None = None
        for jobs in args.jobs:
            walls, cpus = [], []
            for repeat in range(args.repeats):
                wall, cpu, output, status = run(folder, jobs)
                if reference is None:
                    reference = (output, status)
                elif (output, status) != reference:
                    raise SystemExit(f"-j {jobs} printed other bytes than -j {args.jobs[0]}")
                walls.append(wall)
                cpus.append(cpu)
                progress(f"-j {jobs} run {repeat + 1}: {wall:.2f} s wall, {cpu:.2f} s CPU")
            rows.append((jobs, walls, cpus))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"`canaldsl check -j J` over {args.files} files, {args.repeats} runs each "
        f"(load average {load:.1f} at the end; {os.cpu_count()} cores)\n"
    )
    print("| -j | wall median | wall min | wall max | CPU median (-j 1 only) | speed-up |")
    print("| --- | --- | --- | --- | --- | --- |")
    base = statistics.median(rows[0][1])
    for jobs, walls, cpus in rows:
        middle = statistics.median(walls)
        cpu = f"{statistics.median(cpus):.2f} s" if jobs == 1 else "—"
        print(
            f"| {jobs} | {middle:.2f} s | {min(walls):.2f} s | {max(walls):.2f} s | {cpu} "
            f"| {base / middle:.2f}x |"
        )
    print("\nThe output was the same bytes for every -j.")


if __name__ == "__main__":
    main()
