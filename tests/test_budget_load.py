"""The same solver question gives the same bytes and exit status on an idle and a loaded machine.

Every solver limit is a work budget counted in deterministic units (:mod:`canaldsl.budget`):
CP-SAT's deterministic time and the exact searches' steps. So an answer cut short by its budget
is the same answer however busy the machine is. This test asks questions whose budget cuts them
short (and one that finishes) once on an idle machine and once while other processes keep both
cores busy, in fresh processes, and compares stdout and the exit status byte for byte.

Each phase is one fresh process that asks the seven questions one after the other (click's runner,
the command line's own code): a process per question spent most of its time starting Python and
importing CP-SAT (about 0.45 s of CPU each), which only made the loaded phase, and the burners
that load the cores meanwhile, last longer. The process imports the command line, the games
and CP-SAT before it is given the questions (and before the burners start, for the loaded
phase): the burners run while the answers are made, not while Python starts (about 1 s of
the process's CPU, 2.5 s of wall under the burners, 4 s of the burners' CPU saved).

With wall-clock limits (before issue 11) the loaded run cut the solves at other points: other
answers, bounds and exit codes.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
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


ASK_ALL = """\
import json, sys, traceback
from click.testing import CliRunner
from canaldsl.cli import main
from canaldsl.games import all_games
from ortools.sat.python import cp_model
import canaldsl.canalmania.report
all_games()
print("ready", flush=True)
for arguments in json.loads(sys.stdin.readline()):
    result = CliRunner().invoke(main, arguments)
    print(json.dumps([result.exit_code, result.stdout_bytes.decode("latin-1")]))
    sys.stderr.write(f"{arguments[0]}: exit {result.exit_code}\\n{result.stderr}")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        traceback.print_exception(result.exception, file=sys.stderr)
"""


@contextlib.contextmanager
def asking() -> Iterator[Callable[[list[list[str]]], tuple[list[tuple[int, bytes]], str]]]:
    """A fresh process, started and its imports done; what it gives is the function that
    asks it the questions (once): every question's exit status and stdout, in order, and what
    the process wrote on stderr (each command's, and the traceback of any exception)."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    process = subprocess.Popen(
        [sys.executable, "-c", ASK_ALL],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
    )
    assert process.stdout is not None and process.stdin is not None

    def ask(questions: list[list[str]]) -> tuple[list[tuple[int, bytes]], str]:
        out, err = process.communicate(json.dumps(questions).encode("utf-8") + b"\n", timeout=600)
        said = err.decode("utf-8", "replace")
        assert process.returncode == 0, said
        answers = [json.loads(line) for line in out.decode("utf-8").splitlines()]
        assert len(answers) == len(questions), said
        return [(status, text.encode("latin-1")) for status, text in answers], said

    try:
        ready = process.stdout.readline()  # the imports are done
        assert ready == b"ready\n", ready + process.stderr.read() if process.stderr else ready
        yield ask
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def run_all(questions: list[list[str]]) -> tuple[list[tuple[int, bytes]], str]:
    """Every question's exit status and stdout, asked in one fresh process, in order; and
    what the process wrote on stderr."""
    with asking() as ask:
        return ask(questions)


def commands(folder: Path) -> list[list[str]]:
    files = {"hard": folder / "hard.canal", "big": folder / "big.canal"}
    files["hard"].write_text(HARD, encoding="utf-8")
    files["big"].write_text(BIG, encoding="utf-8")
    return [[a.format(**{k: str(v) for k, v in files.items()}) for a in q] for q in QUESTIONS]


@pytest.mark.slow
def test_answers_are_the_same_idle_and_under_full_load(tmp_path: Path) -> None:
    asked = commands(tmp_path)
    idle, idle_err = run_all(asked)
    assert len({status for status, _ in idle}) > 1  # cut and finished answers: other statuses
    assert any(b"UNKNOWN" in out for _, out in idle)  # budgets really cut some answers
    with asking() as ask:
        burners = [  # one busy loop per core keeps every core busy
            subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(os.cpu_count() or 2)
        ]
        try:
            loaded, loaded_err = ask(asked)
        finally:
            for burner in burners:
                burner.kill()
            for burner in burners:
                burner.wait()
    for arguments, before, after in zip(asked, idle, loaded, strict=True):
        assert before == after, (arguments, idle_err, loaded_err)
