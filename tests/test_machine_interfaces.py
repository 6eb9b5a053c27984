"""Machine interfaces of the command line: `-` reads standard input on every command that reads
a file (named ``<stdin>`` in the output); `fmt --diff`; CRLF files keep their line endings
through `fmt`. Run in this process with the command line's own code (click's runner: the same
exit status, stdout and stderr), but for the tests of standard input itself (text and bytes
that are not UTF-8) and of what `fmt -` prints, which run the program as a user runs it (a
subprocess)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import programs
import pytest

ROOT = Path(__file__).resolve().parents[1]
ILLEGAL = ROOT / "examples" / "medway-two-locks.canal"
PUZZLE = ROOT / "examples" / "puzzle-fens-on-top.canal"
MESSY = "rules second-edition{players 3}\nboard   england\n"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``canaldsl ARGS`` with ``stdin``, in this process (from the repository's root)."""
    return programs.in_process(*args, stdin=stdin, cwd=ROOT)


def program(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``canaldsl ARGS`` with ``stdin``, a new process (from the repository's root)."""
    return programs.process(*args, stdin=stdin, cwd=ROOT)


def test_check_reads_stdin_and_names_it() -> None:
    done = program("check", "-", stdin=ILLEGAL.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    assert "<stdin>:30:56: illegal[V001] (build.consecutive-tiles)" in done.stdout
    assert "<stdin>: ok" in done.stdout
    assert run("check", "-", stdin=ILLEGAL.read_text(encoding="utf-8")).stdout == done.stdout
    as_file = run("check", str(ILLEGAL.relative_to(ROOT)))  # the process: test_cli_check
    name = str(ILLEGAL.relative_to(ROOT))
    assert done.stdout == as_file.stdout.replace(name, "<stdin>")


def test_check_json_from_stdin() -> None:
    done = run("check", "--format", "json", "-", stdin=ILLEGAL.read_text(encoding="utf-8"))
    (report,) = json.loads(done.stdout)
    assert report["file"] == "<stdin>"


def test_errors_on_stdin_are_named_stdin() -> None:
    done = run("check", "-", stdin="rules second-edition\nboard england\nturn red { bogus }\n")
    assert done.returncode == 2
    assert "<stdin>:3:12: error[E111]" in done.stderr


def test_not_utf8_on_stdin() -> None:
    done = programs.process(
        "check", "-", stdin=b"rules second-edition\n\xff\n", text=False, cwd=ROOT
    )
    assert done.returncode == 2
    assert b"<stdin>:2:1: error[E101]" in done.stderr


@pytest.mark.parametrize(
    ("args", "source", "expected"),
    [
        (("play", "-"), ILLEGAL, "now black phase 2"),
        (("board", "-"), PUZZLE, "The Fens"),
        (("best-build", "-"), PUZZLE, "best build for red"),
        (("fmt", "-"), ILLEGAL, "# Two locks side by side"),
    ],
)
def test_commands_read_stdin(args: tuple[str, ...], source: Path, expected: str) -> None:
    done = run(*args, stdin=source.read_text(encoding="utf-8"))
    assert expected in done.stdout, done.stderr


def test_render_and_report_read_stdin(tmp_path: Path) -> None:
    text = ILLEGAL.read_text(encoding="utf-8")
    svg = tmp_path / "x.svg"
    assert run("render", "-", "-o", str(svg), stdin=text).returncode == 0
    assert svg.read_text(encoding="utf-8").startswith("<?xml")
    page = tmp_path / "x.html"
    assert run("report", "-", "-o", str(page), stdin=text).returncode == 0
    assert "&lt;stdin&gt;" in page.read_text(encoding="utf-8")


def test_fmt_stdin_prints_the_formatted_text() -> None:
    done = program("fmt", "-", stdin=MESSY)
    assert done.returncode == 0
    assert done.stdout == "rules second-edition {\n  players 3\n}\n\nboard england\n"


def test_fmt_diff_changes_nothing_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")
    done = run("fmt", "--diff", str(path))
    assert done.returncode == 1
    assert path.read_text(encoding="utf-8") == MESSY
    assert "-board   england\n" in done.stdout
    assert "+board england\n" in done.stdout
    assert done.stdout.startswith(f"--- {path} (as written)\n+++ {path} (formatted)\n")


def test_fmt_diff_of_a_formatted_file_is_empty() -> None:
    done = run("fmt", "--diff", str(ILLEGAL))
    assert (done.returncode, done.stdout) == (0, "")


def test_fmt_keeps_crlf(tmp_path: Path) -> None:
    path = tmp_path / "crlf.canal"
    path.write_bytes(MESSY.replace("\n", "\r\n").encode())
    assert run("fmt", str(path)).returncode == 0
    data = path.read_bytes()
    assert data == b"rules second-edition {\r\n  players 3\r\n}\r\n\r\nboard england\r\n"
    assert run("fmt", "--check", str(path)).returncode == 0


def test_fmt_keeps_lf(tmp_path: Path) -> None:
    path = tmp_path / "lf.canal"
    path.write_bytes(MESSY.encode())
    assert run("fmt", str(path)).returncode == 0
    assert b"\r" not in path.read_bytes()
