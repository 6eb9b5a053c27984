#!/usr/bin/env python3
"""Coverage-guided fuzzing of canaldsl with atheris: any bytes in, a verdict or diagnostics out.

Run by ``fuzz/run.sh`` (which builds the seed corpus and keeps the minimised one); by hand:
``python fuzz/fuzz_check.py CORPUS_DIR -max_total_time=60``. The promises checked are those of
``tests/fuzzoracle.py``; a crash is written by libFuzzer as ``crash-*`` and becomes a regression
test in ``tests/test_fuzz_regressions.py`` (input in ``tests/data/fuzz/``).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

with atheris.instrument_imports(include=["canaldsl", "lark", "fuzzoracle"]):
    import fuzzoracle

WORKDIR = Path(tempfile.mkdtemp(prefix="canaldsl-fuzz-"))


def test_one_input(data: bytes) -> None:
    fuzzoracle.exercise(data, workdir=WORKDIR)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
