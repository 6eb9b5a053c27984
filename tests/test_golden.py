"""Every command's output on every .canal file of the repository is unchanged.

The outputs were recorded by ``tests/goldenfiles.py --update`` (see its docstring); a golden
file changes only in a commit that says why. The solvers' and pictures' cases are marked slow
(the full suite runs them; the quick subset compares ``check``, ``fmt`` and ``play`` on one
file in six).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import goldenfiles
import pytest
from goldenfiles import Case

CASES = goldenfiles.load_cases()


def test_every_canal_file_has_its_golden_outputs() -> None:
    """A .canal file added (or removed) since the outputs were recorded: record them again."""
    assert goldenfiles.canal_files() == goldenfiles.recorded_files(), (
        "the repository's .canal files are not those of tests/golden/cases.json: run "
        "`.venv/bin/python tests/goldenfiles.py --update` and commit the new golden files, "
        "saying why"
    )


def test_every_case_has_a_golden_file() -> None:
    missing = [case.name for case in CASES if not case.path.is_file()]
    assert not missing


def _quick_cases() -> set[str]:
    """The quick subset compares one in six of the ``check``, ``fmt`` and ``play`` cases (and
    every case of no file): 12.8 s of CPU for all 255 of them, measured on 2026-11-27."""
    candidates = [c.name for c in CASES if not c.slow]
    return {n for i, n in enumerate(candidates) if i % 6 == 0 or n.startswith("commands/")}


QUICK = _quick_cases()

MEMORY = Path("/dev/shm")
"""A folder in memory (tmpfs), where the commands' pictures, reports and reformatted files are
written when it exists."""


@pytest.fixture
def scratch(request: pytest.FixtureRequest) -> Iterator[Path]:
    """The folder the commands write to: in memory when the system has one (tmpfs), else
    pytest's temporary folder. The product writes each file as it always does (a temporary
    file, ``fsync``, a rename: :func:`canaldsl.writing.write_atomically`), and the test reads
    back the same bytes; on tmpfs the ``fsync`` and the removal of the last output cost no
    disk wait. On this machine's disk (ext4) they took 7.5 ms and 3 ms of wall time, about 6 s
    of the golden test's 846 written files (measured on 2026-11-27), while a core stood idle.
    pytest's ``tmp_path`` (a folder made on disk for each test) is made only when needed."""
    if MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
        with tempfile.TemporaryDirectory(dir=MEMORY, prefix="canaldsl-golden-") as folder:
            yield Path(folder)
    else:
        yield request.getfixturevalue("tmp_path")


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=c.name, marks=[] if c.name in QUICK else [pytest.mark.slow])
        for c in CASES
    ],
)
def test_output_is_unchanged(case: Case, scratch: Path) -> None:
    problems = goldenfiles.compare(case, scratch)
    assert not problems, f"{case.name}: the output changed\n" + "\n".join(problems)
