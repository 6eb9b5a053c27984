"""The determinism test's transcript (tests/test_determinism.py), in a module of its own.

The transcript is made in fresh processes (other hash seeds and CPU sets), each of which
imports this module: the test module imports pytest, about 0.14 s of CPU in each of those
processes, for nothing they use. The commands, files and checks are those the test had.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import programs

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

SOLVE = """\
rules second-edition { players 3 }
board england
player red {
  engineer Brindley
  hand 2 tunnel, 3 stretch, 2 lock, 2 aqueduct, 1 surveyor
  canal "Kennet & Avon Canal": Bristol
}
player white { }
player black { }
now red phase 2
query best-build for red
"""
MESSY = "rules   second-edition{players 2}\nboard england  # the built-in board  \nplayer red{}\n"

CHECKED = (
    "game-record-1st-edition",
    "game-record-2nd-edition",
    "medway-first-build",
    "goods-across-three-players",
    "colour-restriction-peterborough",
    "shortest-route-huddersfield-sheffield",
    "puzzle-two-canals-one-lock",
    "can-complete-fewest-cards",
)
"""Examples checked: turns, goods, expectations and solver queries (not all 30-odd: the
transcript is made three times)."""

TIMES = re.compile(r"\d+(\.\d+)? ms\b|\"seconds\": [0-9.e-]+")
"""What a measured solve time looks like; it must not appear in the transcript."""


def transcript() -> str:
    """Everything the commands print for the example files, in one text (each command's
    stdout, then its stderr; run in this process, :func:`programs.in_process`)."""
    runs: list[list[str]] = []
    examples = [str(EXAMPLES / f"{name}.canal") for name in CHECKED]
    with tempfile.TemporaryDirectory() as folder:
        solve = Path(folder) / "solve.canal"
        solve.write_text(SOLVE, encoding="utf-8")
        messy = Path(folder) / "messy.canal"
        messy.write_text(MESSY, encoding="utf-8")
        goods = str(EXAMPLES / "game-record-2nd-edition.canal")
        runs += [["check", *examples], ["check", "--format", "json", *examples]]
        runs += [["check", str(solve)], ["check", "--format", "json", str(solve)]]
        runs += [["play", goods], ["play", str(EXAMPLES / "game-record-1st-edition.canal")]]
        runs += [["best-build", str(solve)], ["best-build", "--format", "json", str(solve)]]
        runs += [["best-delivery", goods], ["best-delivery", "--format", "json", goods]]
        runs += [["board", "england"], ["board", "--format", "json", "england-1st"]]
        runs += [["fmt", "--check", str(messy)], ["fmt", str(messy)]]
        out = []
        for arguments in runs:
            result = programs.in_process(*arguments)
            shown = " ".join(a.replace(folder, "TMP").replace(str(ROOT), "ROOT") for a in arguments)
            printed = result.stdout + result.stderr
            out.append(f"$ canaldsl {shown}\n[exit {result.returncode}]\n{printed}")
        out.append(f"formatted:\n{messy.read_text(encoding='utf-8')}")
        text = "\n".join(out).replace(folder, "TMP")
        assert not TIMES.search(text), "a measured time was printed without --timings"
        return text
