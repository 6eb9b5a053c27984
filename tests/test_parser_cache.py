"""The parser cache (``~/.cache/canaldsl``) is safe when many processes build it at once.

Test runs in parallel (pytest-xdist) and `check -j N` start several processes that may all find
the cache empty and build the parser together: each must get a working parser, and the cache
must end with one complete file and no temporary file beside it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

PARSE_AFTER_GO = """
import sys, time
from pathlib import Path
from canaldsl import lalr
from canaldsl.canalmania.parser import parse_syntax
grammar = lalr.grammar_texts("canalmania")
Path(sys.argv[1], "ready-" + sys.argv[2]).touch()
while not Path(sys.argv[1], "go").exists():  # all start together
    time.sleep(0.005)
found = lalr._load_cached("canalmania", grammar) is not None
parse_syntax("rules second-edition\\nboard england\\n")
print("loaded" if found else "built")
"""


def run_together(cache: Path, count: int) -> list[str]:
    """What each of ``count`` processes did (``built`` or ``loaded``), all started at once."""
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache / "cache")}
    gate = cache / "gate"
    gate.mkdir(exist_ok=True)
    for old in gate.iterdir():
        old.unlink()
    started = [
        subprocess.Popen(
            [sys.executable, "-c", PARSE_AFTER_GO, str(gate), str(n)],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(count)
    ]
    deadline = time.monotonic() + 60
    while len(list(gate.glob("ready-*"))) < count and time.monotonic() < deadline:
        time.sleep(0.005)
    (gate / "go").touch()
    said = []
    for process in started:
        out, err = process.communicate(timeout=120)
        assert (process.returncode, err) == (0, ""), err
        said.append(out.strip())
    return said


@pytest.mark.slow
def test_processes_building_the_cache_at_once_leave_one_complete_file(tmp_path: Path) -> None:
    built = run_together(tmp_path, 3)
    assert built.count("built") >= 2, built  # at least two found it empty and built it at once
    files = [p.name for p in (tmp_path / "cache" / "canaldsl").iterdir()]
    assert len(files) == 1 and files[0].endswith(".lark-parser"), files
    assert run_together(tmp_path, 2) == ["loaded"] * 2
