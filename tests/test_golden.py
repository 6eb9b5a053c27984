"""Every command's output on every .canal file of the repository is unchanged.

The outputs were recorded by ``tests/goldenfiles.py --update`` (see its docstring); a golden
file changes only in a commit that says why. The solvers' and pictures' cases are marked slow
(the full suite runs them; the quick subset compares ``check``, ``fmt`` and ``play`` on one
file in six).
"""

from __future__ import annotations

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


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=c.name, marks=[] if c.name in QUICK else [pytest.mark.slow])
        for c in CASES
    ],
)
def test_output_is_unchanged(case: Case, tmp_path: Path) -> None:
    problems = goldenfiles.compare(case, tmp_path)
    assert not problems, f"{case.name}: the output changed\n" + "\n".join(problems)
