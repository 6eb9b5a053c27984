"""The same solver question gives the same bytes and exit status on an idle and a loaded machine.

Every solver limit is a work budget counted in deterministic units (:mod:`canaldsl.budget`):
CP-SAT's deterministic time and the exact searches' steps. So an answer cut short by its budget
is the same answer however busy the machine is. This test asks questions whose budget cuts them
short (and one that finishes) once on an idle machine and once while other processes keep both
cores busy, in fresh processes, and compares stdout and the exit status byte for byte.

With wall-clock limits (before issue 11) the loaded run cut the solves at other points: other
answers, bounds and exit codes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HARD = """\
rules second-edition { players 3 }
board england
player red {
  engineer Brindley
  hand 4 tunnel, 5 stretch, 3 lock, 4 aqueduct, 2 surveyor
  canal "Kennet & Avon Canal": Bristol
}
player white { }
player black { }
now red phase 2
query best-build for red: 22 points
query can-complete "Kennet & Avon Canal" for red
"""

BIG = """\
rules second-edition { players 2 }
board big {
  grid 40 x 30
  town Start red at A21
  town End blue at U21
  contract Long between Start and End value 40
}
player red {
  engineer Rennie
  hand 2 stretch, 2 lock, 1 surveyor
  canal Long: Start
}
player yellow {
  engineer Telford
}
now red phase 2
"""

QUESTIONS = [
    ["best-build", "--engine", "cp-sat", "--budget", "0.05", "{hard}"],  # cut: UNKNOWN
    ["best-build", "--engine", "search", "--budget", "0.2", "{hard}"],  # cut: UNKNOWN
    ["best-build", "--format", "json", "{hard}"],  # finishes: OPTIMAL
    ["best-delivery", "--engine", "cp-sat", "--budget", "0.001", "{hard}"],
    ["can-complete", "{big}", "Long", "--budget", "0.5"],  # the search cut, then CP-SAT cut
    ["can-complete", "{big}", "Long", "--budget", "3"],  # the search answers
    ["check", "{hard}"],  # the queries of a file, with their budgets
]


def run(arguments: list[str]) -> tuple[int, bytes]:
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "canaldsl", *arguments],
        capture_output=True,
        env=environment,
        timeout=600,
    )
    return done.returncode, done.stdout


def commands(folder: Path) -> list[list[str]]:
    files = {"hard": folder / "hard.canal", "big": folder / "big.canal"}
    files["hard"].write_text(HARD, encoding="utf-8")
    files["big"].write_text(BIG, encoding="utf-8")
    return [[a.format(**{k: str(v) for k, v in files.items()}) for a in q] for q in QUESTIONS]


@pytest.mark.slow
def test_answers_are_the_same_idle_and_under_full_load(tmp_path: Path) -> None:
    asked = commands(tmp_path)
    idle = [run(arguments) for arguments in asked]
    assert any(b"UNKNOWN" in out for _, out in idle)  # budgets really cut some answers
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(2 * (os.cpu_count() or 2))
    ]
    try:
        loaded = [run(arguments) for arguments in asked]
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()
    for arguments, before, after in zip(asked, idle, loaded, strict=True):
        assert before == after, arguments
