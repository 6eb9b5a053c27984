"""Benchmark of finding a file's game: the lexical pre-scan for ``rules NAME`` and the
registry's first use (reading the entry points), in CPU time (``time.process_time``).

    python bench/bench_games.py

The pre-scan reads a file until the first ``rules`` word followed by a game's name; a file
with none is scanned whole, so its worst case is a file at the size limit (8 MiB) with no
``rules`` statement, and one full of ``rules`` words that name no game. Both are measured
here, with a typical file. Results go to stdout as a Markdown table.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from canaldsl.games import game_of_text
from canaldsl.limits import MAX_FILE_BYTES

REPO = Path(__file__).resolve().parent.parent
RUNS = 7


def cpu(work: Callable[[], object]) -> float:
    """The median CPU seconds of ``work`` over RUNS runs (after one to warm up)."""
    work()
    times = []
    for _ in range(RUNS):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return statistics.median(times)


def fill(line: str) -> str:
    """``line`` repeated up to the file size limit."""
    return line * (MAX_FILE_BYTES // len(line.encode("utf-8")))


def main() -> None:
    typical = (REPO / "examples" / "game-record-2nd-edition.canal").read_text(encoding="utf-8")
    cases = {
        "typical file (examples/game-record-2nd-edition.canal)": typical,
        "8 MiB, no rules statement (player blocks and comments)": fill(
            'player red { engineer Brindley hand 1 lock canal "Aston Cut": Aston } # note\n'
        ),
        "8 MiB, every line `cubes at rules, rules` (no game's name)": fill(
            "cubes at rules, rules\n"
        ),
        "8 MiB, every line `rules nothing` (E113 at the first)": fill("rules nothing\n"),
    }
    print("| input | size | CPU, median of 7 |")
    print("| --- | --- | --- |")
    for name, text in cases.items():
        seconds = cpu(lambda text=text: game_of_text(text, filename="bench"))
        size = len(text.encode("utf-8"))
        print(f"| {name} | {size / 1024:,.0f} KiB | {seconds * 1000:,.1f} ms |")
    code = (
        "import time; t = time.process_time(); from canaldsl import games; "
        "games.all_games(); print(time.process_time() - t)"
    )
    firsts = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(RUNS)
    ]  # fmt: skip
    print(
        f"| the registry's first use (import, entry points, Canal Mania's game object), "
        f"in a fresh process | | {statistics.median(firsts) * 1000:,.1f} ms |"
    )


if __name__ == "__main__":
    main()
