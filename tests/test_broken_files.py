"""Every file in tests/broken/ is reported by `canaldsl check` exactly as its header says.

Each broken file starts with one or more comment lines ``# expect: CODE LINE:COLUMN``, one per
diagnostic that checking it must report. ``canaldsl check --format json FILE`` must exit with
status 2, report exactly those diagnostics, and never show a Python traceback. Each file is
checked by the command line's own code in this process (click's runner: a subprocess per file
cost 0.45 s of CPU, mostly Python's start and imports); the program itself, as a user runs it
(a subprocess), checks all of them at once and must print the same bytes.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import programs
import pytest

from canaldsl.canalmania.codes import CODES

BROKEN = Path(__file__).resolve().parent / "broken"
FILES = sorted(BROKEN.glob("*.broken"))  # not .canal: every .canal file is valid
EXPECT = re.compile(r"^# expect: ([EW][0-9]{3}) ([0-9]+):([0-9]+)$")


def expectations(path: Path) -> set[tuple[str, int, int]]:
    """The (code, line, column) triples in the `# expect:` lines that open a file."""
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = EXPECT.match(line)
        if match is None:
            break
        code, number, column = match.groups()
        found.add((code, int(number), int(column)))
    return found


def run_check(*paths: Path) -> subprocess.CompletedProcess[str]:
    """``canaldsl check --format json -j 1 PATHS``, the command line's code run in this
    process (an exception, what the program would show as a traceback, fails the test); one
    worker: the real program below checks the files with its default workers, and its bytes
    must equal these."""
    return programs.in_process("check", "--format", "json", "-j", "1", *paths)


def test_the_program_reports_every_broken_file_as_checked_here() -> None:
    program = programs.process("check", "--format", "json", *FILES, timeout=120)  # no traceback
    assert program.returncode == 2, program.stderr
    here = run_check(*FILES)
    assert (program.returncode, program.stdout, program.stderr) == (
        here.returncode,
        here.stdout,
        here.stderr,
    )
    assert [report["file"] for report in json.loads(program.stdout)] == list(map(str, FILES))


def test_there_are_enough_broken_files() -> None:
    assert len(FILES) >= 12
    for path in FILES:
        expected = expectations(path)
        assert expected, f"{path.name} has no `# expect: CODE LINE:COLUMN` first line"
        assert {code for code, _, _ in expected} <= set(CODES), path.name


def test_broken_files_cover_syntax_and_meaning() -> None:
    codes = {code for path in FILES for code, _, _ in expectations(path)}
    # syntax: unterminated string / stray character, unexpected token, end of file, map cell
    assert {"E110", "E111", "E112", "E120"} <= codes
    # meaning: unknown place, duplicate hex, tiles not joined, wrong terrain, too many tiles,
    # barge not at the end, duplicate colour, engineer held twice, too many cubes, three open
    # contracts
    assert {"E201", "E302", "E407", "E410", "E403", "E406", "E401", "E402", "E404"} <= codes
    assert "E414" in codes


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_broken_file(path: Path) -> None:
    result = run_check(path)
    assert "Traceback" not in result.stdout
    assert "Traceback" not in result.stderr
    assert result.returncode == 2, result.stderr
    reports = json.loads(result.stdout)
    assert len(reports) == 1
    (report,) = reports
    assert report["file"] == str(path)
    assert report["status"] == "error"
    found = [(d["code"], d["line"], d["column"]) for d in report["diagnostics"]]
    assert len(found) == len(set(found)), "a diagnostic is reported twice"
    assert set(found) == expectations(path)
    for diagnostic in report["diagnostics"]:
        assert diagnostic["file"] == str(path)
        assert diagnostic["message"]
        assert diagnostic["severity"] == ("warning" if diagnostic["code"][0] == "W" else "error")


# ---------------------------------------------------------------- every error in one run

BEGINNER_FILES = sorted(BROKEN.glob("beginner_*.broken"))
EXAMPLES = sorted((BROKEN.parent.parent / "examples").glob("*.canal"))
STATEMENT = re.compile(r"^(player|turn|expect|cubes|now|query|round)\b")


def test_beginner_files_get_syntax_and_meaning_errors_in_one_run() -> None:
    # Each was written with four or more independent mistakes, of both kinds: a user who fixes
    # what one run reports must not meet a second wave (the test above checks the exact list).
    assert len(BEGINNER_FILES) >= 4
    for path in BEGINNER_FILES:
        codes = [code for code, _, _ in expectations(path)]
        assert len(codes) >= 4, path.name
        assert any(code.startswith("E11") for code in codes), path.name
        assert any(not code.startswith("E1") for code in codes), path.name


@pytest.mark.parametrize("path", EXAMPLES[::3], ids=lambda p: p.stem)
def test_a_syntax_error_invents_no_other_error(path: Path) -> None:
    # Breaking one statement of a correct file leaves the others correct: whatever is said
    # next to the syntax error must not be a consequence of it.
    from canaldsl.canalmania.loading import check_text

    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if STATEMENT.match(line)]
    for index in starts[:: max(1, len(starts) // 4)]:
        broken = [*lines]
        broken[index] = broken[index] + " $"
        _, diagnostics = check_text("\n".join(broken) + "\n", filename=path.name)
        errors = [(d.code, d.line) for d in diagnostics if d.is_error]
        assert errors and errors[0][0] in {"E110", "E114"}, (path.name, index + 1, errors)
        assert all(code.startswith("E11") for code, _ in errors), (path.name, index + 1, errors)
