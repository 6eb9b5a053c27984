"""The `canaldsl check` and `canaldsl fmt` commands, run as a user runs them.

Most tests run the command line's own code in this process (:func:`canaldsl`, click's runner:
the same arguments, exit status, stdout and stderr, about 0.3 s of CPU less a test than a new
process); the process itself (start-up, held output, exit status) is what
:func:`test_good_file_exits_0`, :func:`test_bad_file_exits_2` and
:func:`test_good_file_is_already_formatted` run, and what they compare with the in-process run.

Exit status of `check`: 0 when every file is understood, 2 when any file cannot be understood.
Until the rules engine exists, expectations are reported as not evaluated (``passed`` null),
never as passed. `fmt --check` exits 1 when a file would change; `fmt` rewrites files in place,
is idempotent, and leaves a file it cannot parse untouched (exit 2).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import programs
import pytest

# A 5x3 board: Ashby A1, Barford E1, Colby A3; C1 is difficult.
BOARD = """\
rules second-edition

board tiny {
  map {
    | A . ^ . B
    |  . . . . .
    | C . . . .
  }
  town Ashby red marked A
  town Barford blue marked B
  town Colby green marked C
  contract AB between Ashby and Barford value 4
  contract AC between Ashby and Colby value 3
}
"""

GOOD = (
    BOARD
    + """\

player red "Ann" {
  engineer Brindley
  canal AB: Ashby, stretch B1, aqueduct C1 barge at C1
}

player white {
  engineer Smeaton
}

cubes at Barford
basin 19

turn red {
  phase 1: pass
}

expect legal
expect score red 0
query best-build for white
"""
)
GOOD_EXPECTATIONS = [
    (32, "expect legal"),
    (33, "expect score red 0"),
    (34, "query best-build for white"),
]

BAD = BOARD + "player red {\n}\nplayer red {\n}\n"  # E401 at 17:8

# GOOD, written carelessly: odd spacing, statements on one line, no blank lines.
UNFORMATTED = (
    BOARD.replace("rules second-edition", "rules   second-edition")
    + 'player red "Ann" { engineer Brindley\n'
    + "canal AB: Ashby,stretch B1 , aqueduct C1 barge at C1 }\n"
    + "player white {   engineer Smeaton }\n"
    + "cubes at Barford   basin 19\n"
    + "turn red {\n  phase 1:\n  pass\n}\n"
    + "expect legal  # still to be settled\n"
)


def program(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``canaldsl ARGS`` run as a user runs it: a new process (:func:`programs.process`)."""
    return programs.process(*args, timeout=60)


def canaldsl(
    *args: str | Path, stdin: str | bytes | None = None
) -> subprocess.CompletedProcess[str]:
    """``canaldsl ARGS``, the command line's own code run in this process
    (:func:`programs.in_process`, click's runner): its exit status, stdout and stderr as the
    process gives them (:func:`program`; the tests that run both compare them). An exception
    raised is what the program would show as a traceback: it fails the test."""
    return programs.in_process(*args, stdin=stdin)


HERE = ("-j", "1")
"""Several files checked in this process, one after another: with the default (a worker per
core) each run started a pool of two new worker processes (about 0.7 s of CPU) for three small
files. What these tests check (exit status, the JSON) is the same with any number of workers:
that is tests/test_batch.py's comparison, with the workers."""


def same_in_process(done: subprocess.CompletedProcess[str]) -> None:
    """The process's answer is the in-process run's, byte for byte."""
    here = canaldsl(*done.args[3:])
    assert (here.returncode, here.stdout, here.stderr) == (
        done.returncode,
        done.stdout,
        done.stderr,
    )


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.canal"
    path.write_text(GOOD, encoding="utf-8")
    return path


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.canal"
    path.write_text(BAD, encoding="utf-8")
    return path


# ---------------------------------------------------------------- check: exit status


def test_good_file_exits_0(good: Path) -> None:
    result = program("check", good)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert f"{good}: ok (second-edition, board tiny, 2 players, 1 turn)" in result.stdout
    same_in_process(result)


def test_bad_file_exits_2(bad: Path) -> None:
    result = program("check", bad)
    assert result.returncode == 2
    assert f"{bad}:17:8: error[E401]: two players are red" in result.stderr
    assert "17 | player red {" in result.stderr
    assert f"{bad}: error (1 problem)" in result.stderr
    same_in_process(result)


@pytest.mark.parametrize("order", ["bad-first", "bad-last"])
def test_any_bad_file_among_several_exits_2(good: Path, bad: Path, order: str) -> None:
    files = [bad, good, good] if order == "bad-first" else [good, good, bad]
    result = canaldsl("check", *HERE, "--format", "json", *files)
    assert result.returncode == 2
    reports = json.loads(result.stdout)
    assert [r["file"] for r in reports] == [str(f) for f in files]
    assert [r["status"] for r in reports] == ["error" if f == bad else "ok" for f in files]


def test_missing_file_exits_2(tmp_path: Path, good: Path) -> None:
    missing = tmp_path / "missing.canal"
    result = canaldsl("check", *HERE, "--format", "json", good, missing)
    assert result.returncode == 2
    reports = json.loads(result.stdout)
    assert reports[1]["status"] == "error"
    assert [(d["code"], d["line"], d["column"]) for d in reports[1]["diagnostics"]] == [
        ("E100", 1, 1)
    ]


def test_folder_exits_2(tmp_path: Path) -> None:
    result = canaldsl("check", tmp_path)
    assert result.returncode == 2


def test_warnings_alone_do_not_fail(tmp_path: Path) -> None:
    path = tmp_path / "warn.canal"
    path.write_text(
        BOARD.replace(
            "Colby value 3", "Colby value 3\n  contract AB2 between Ashby and Barford value 1"
        ),
        encoding="utf-8",
    )
    result = canaldsl("check", "--format", "json", path)
    assert result.returncode == 0, result.stdout
    (report,) = json.loads(result.stdout)
    assert report["status"] == "ok"
    assert [(d["code"], d["severity"], d["line"], d["column"]) for d in report["diagnostics"]] == [
        ("W310", "warning", 14, 48)
    ]


# ---------------------------------------------------------------- check: JSON


def test_json_shape(good: Path, bad: Path) -> None:
    result = canaldsl("check", *HERE, "--format", "json", good, bad)
    reports = json.loads(result.stdout)
    assert isinstance(reports, list) and len(reports) == 2
    for report in reports:
        assert {"file", "status", "diagnostics", "expectations"} <= set(report)
        assert isinstance(report["file"], str)
        assert report["status"] in {"ok", "error", "failed", "illegal"}
        assert isinstance(report["diagnostics"], list)
        assert isinstance(report["expectations"], list)
        for diagnostic in report["diagnostics"]:
            assert {"code", "rule", "message", "line", "column"} <= set(diagnostic)
            assert isinstance(diagnostic["code"], str)
            assert diagnostic["rule"] is None or isinstance(diagnostic["rule"], str)
            assert isinstance(diagnostic["message"], str)
            assert isinstance(diagnostic["line"], int) and diagnostic["line"] >= 1
            assert isinstance(diagnostic["column"], int) and diagnostic["column"] >= 1
        for expectation in report["expectations"]:
            assert {"line", "text", "passed"} <= set(expectation)
            assert isinstance(expectation["line"], int)
            assert isinstance(expectation["text"], str)
            assert expectation["passed"] in (None, True, False)

    good_report, bad_report = reports
    assert good_report["file"] == str(good)
    assert good_report["status"] == "ok"
    assert good_report["diagnostics"] == []
    assert bad_report["file"] == str(bad)
    assert bad_report["status"] == "error"
    assert bad_report["expectations"] == []
    (diagnostic,) = bad_report["diagnostics"]
    assert diagnostic["code"] == "E401"
    assert diagnostic["rule"] is None
    assert diagnostic["message"] == "two players are red"
    assert (diagnostic["line"], diagnostic["column"]) == (17, 8)
    assert diagnostic["file"] == str(bad)


def test_expectations_are_evaluated(good: Path) -> None:
    result = canaldsl("check", "--format", "json", good)
    (report,) = json.loads(result.stdout)
    assert [(e["line"], e["text"]) for e in report["expectations"]] == GOOD_EXPECTATIONS
    legal, score, query = report["expectations"]
    assert legal["passed"] is True and score["passed"] is True
    # white's hand is not stated, so best-build cannot be answered: never shown as passed
    assert query["passed"] is None and query["reason"].startswith("not evaluated")


def test_text_output_marks_each_expectation(good: Path) -> None:
    result = canaldsl("check", good)
    assert result.returncode == 0
    assert f"{good}:32: passed: expect legal" in result.stdout
    assert f"{good}:34: not evaluated: query best-build for white" in result.stdout


def test_failed_expectation_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "wrong.canal"
    path.write_text(GOOD.replace("expect score red 0", "expect score red 5"), encoding="utf-8")
    result = canaldsl("check", "--format", "json", path)
    assert result.returncode == 1
    (report,) = json.loads(result.stdout)
    assert report["status"] == "failed"
    assert report["expectations"][1]["passed"] is False
    assert report["expectations"][1]["reason"] == "red has 0"


def test_illegal_turn_exits_1_and_names_rule_and_step(tmp_path: Path) -> None:
    path = tmp_path / "illegal.canal"
    text = GOOD.replace("  phase 1: pass\n", "  phase 3: move cube Barford > Ashby\n").replace(
        "expect legal\n", ""
    )
    path.write_text(text, encoding="utf-8")
    result = canaldsl("check", "--format", "json", path)
    assert result.returncode == 1, result.stdout
    (report,) = json.loads(result.stdout)
    assert report["status"] == "illegal"
    violations = [d for d in report["diagnostics"] if d["severity"] == "illegal"]
    assert {d["code"] for d in violations} == {"V001"}
    rules = {d["rule"] for d in violations}
    assert "goods.completed-sections" in rules
    line = text.splitlines().index("  phase 3: move cube Barford > Ashby") + 1
    assert all(d["line"] == line for d in violations)


# ---------------------------------------------------------------- fmt


def test_fmt_check_reports_an_unformatted_file(tmp_path: Path) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(UNFORMATTED, encoding="utf-8")
    result = canaldsl("fmt", "--check", path)
    assert result.returncode == 1
    assert f"{path}: would be reformatted" in result.stdout
    assert path.read_text(encoding="utf-8") == UNFORMATTED  # --check writes nothing

    result = canaldsl("fmt", path)
    assert result.returncode == 0
    assert f"{path}: reformatted" in result.stdout
    assert path.read_text(encoding="utf-8") != UNFORMATTED

    result = canaldsl("fmt", "--check", path)
    assert result.returncode == 0
    assert result.stdout == ""


def test_fmt_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(UNFORMATTED, encoding="utf-8")
    assert canaldsl("fmt", path).returncode == 0
    once = path.read_bytes()
    result = canaldsl("fmt", path)
    assert result.returncode == 0
    assert result.stdout == ""  # nothing to do
    assert path.read_bytes() == once
    assert "# still to be settled" in once.decode()  # comments survive


def test_fmt_keeps_the_meaning(tmp_path: Path) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(UNFORMATTED, encoding="utf-8")
    before = json.loads(canaldsl("check", "--format", "json", path).stdout)[0]
    assert canaldsl("fmt", path).returncode == 0
    after = json.loads(canaldsl("check", "--format", "json", path).stdout)[0]
    assert before["status"] == after["status"] == "ok"
    assert [e["text"] for e in before["expectations"]] == [e["text"] for e in after["expectations"]]


def test_good_file_is_already_formatted(good: Path) -> None:
    result = program("fmt", "--check", good)
    assert result.returncode == 0, result.stdout
    same_in_process(result)


def test_fmt_leaves_a_file_with_a_syntax_error_untouched(tmp_path: Path) -> None:
    path = tmp_path / "broken.canal"
    text = UNFORMATTED.replace("basin 19", "basin nineteen")
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    for args in (("fmt",), ("fmt", "--check")):
        result = canaldsl(*args, path)
        assert result.returncode == 2
        assert "error[E111]" in result.stderr
        assert f"{path}: not formatted: it cannot be parsed" in result.stderr
        assert path.read_text(encoding="utf-8") == text
        assert path.stat().st_mtime_ns == stat.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.canal"]  # no temporary file


def test_fmt_of_several_files_reports_the_worst(tmp_path: Path, good: Path) -> None:
    broken = tmp_path / "broken.canal"
    broken.write_text("rules second-edition\nbasin\n", encoding="utf-8")
    messy = tmp_path / "messy.canal"
    messy.write_text(UNFORMATTED, encoding="utf-8")
    result = canaldsl("fmt", broken, messy, good)
    assert result.returncode == 2
    assert canaldsl("fmt", "--check", messy, good).returncode == 0  # the others were formatted
