"""`canaldsl check` over many files: folders, and -j N worker processes.

A folder stands for every .canal file under it, in one fixed order; with any number of worker
processes the output (text or JSON, stdout and stderr, in their interleaving) and the exit
status are those of one process checking the files one after another.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import programs
import pytest
from batchwork import checked, checked_json, fails_on_three
from test_cli_check import BAD, GOOD

from canaldsl.batch import NoFilesError, default_jobs, files_to_check, map_in_order
from canaldsl.cli import check_outcome

ROOT = Path(__file__).resolve().parent.parent
ILLEGAL = (ROOT / "examples" / "medway-two-locks.canal").read_text(encoding="utf-8")
FAILED = GOOD.replace("expect score red 0", "expect score red 5")


def folder_of_outcomes(root: Path) -> Path:
    """A folder with files of every outcome (ok, illegal, failed, error), some nested, some
    hidden, and one of another kind."""
    folder = root / "files"
    (folder / "b-nested" / "deeper").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    texts = {
        "a-good.canal": GOOD,
        "b-nested/deeper/z-bad.canal": BAD,
        "b-nested/illegal.canal": ILLEGAL,
        "b.canal": FAILED,
        "c-bad.canal": BAD,
        ".hidden/ignored.canal": BAD,
        ".ignored.canal": BAD,
        "notes.txt": "not a canal file",
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_folder_is_its_canal_files_in_sorted_order(tmp_path: Path) -> None:
    folder = folder_of_outcomes(tmp_path)
    found = [p.relative_to(folder).as_posix() for p in files_to_check([folder], suffix=".canal")]
    assert found == [
        "a-good.canal",
        "b-nested/deeper/z-bad.canal",
        "b-nested/illegal.canal",
        "b.canal",
        "c-bad.canal",
    ]


def test_files_are_kept_as_given_and_folders_expanded_in_place(tmp_path: Path) -> None:
    folder = folder_of_outcomes(tmp_path)
    missing = tmp_path / "missing.canal"
    given = [folder / "c-bad.canal", missing, folder / "b-nested"]
    assert files_to_check(given, suffix=".canal") == [
        folder / "c-bad.canal",
        missing,
        folder / "b-nested" / "deeper" / "z-bad.canal",
        folder / "b-nested" / "illegal.canal",
    ]


def test_a_folder_without_canal_files_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(NoFilesError, match=r"holds no \.canal file"):
        files_to_check([tmp_path], suffix=".canal")
    result = programs.in_process("check", tmp_path)
    assert result.returncode == 2
    assert "holds no .canal file" in result.stdout + result.stderr


def test_the_default_is_the_cores_this_process_may_use() -> None:
    assert 1 <= default_jobs() <= (__import__("os").cpu_count() or 1)


def test_jobs_must_be_positive(tmp_path: Path) -> None:
    result = programs.in_process("check", "-j", "0", tmp_path)
    assert result.returncode == 2
    assert "-j" in result.stdout + result.stderr


def test_workers_give_results_in_order_and_their_errors() -> None:
    numbers = list(range(12))
    assert list(map_in_order(fails_on_three, [1, 2, 4], jobs=2)) == [1, 4, 16]
    with pytest.raises(ValueError, match="three"):
        list(map_in_order(fails_on_three, numbers, jobs=2))
    assert list(map_in_order(fails_on_three, [5], jobs=8)) == [25]  # one item: no pool


def test_a_failing_item_ends_the_pool_with_no_error_in_its_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An item's error ends the pool (workers killed, pending items dropped) and nothing goes
    wrong in the pool's own threads: cancelling futures while the pool's manager thread marks
    them failed raised InvalidStateError there (printed as a traceback by a program), in about
    half of the runs; ten runs let such a race show."""
    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    for _ in range(10):
        with pytest.raises(ValueError, match="three"):
            list(map_in_order(fails_on_three, list(range(12)), jobs=2))
    time.sleep(0.2)  # the manager thread ends after the pool's shutdown returns
    assert errors == []


def test_a_file_checked_in_a_worker_says_what_it_says_here(tmp_path: Path) -> None:
    paths = files_to_check([folder_of_outcomes(tmp_path)], suffix=".canal")
    for as_json in (False, True):
        here = [check_outcome(path, as_json=as_json) for path in paths]
        assert list(map_in_order(checked_json if as_json else checked, paths, jobs=2)) == here


def run_check(*arguments: str | Path) -> tuple[int, bytes]:
    """The exit status and the output of ``canaldsl check ARGUMENTS``, a new process (the
    workers are what is tested), stdout and stderr in one stream (their order kept)."""
    result = programs.process("check", *arguments, merged=True, text=False, cwd=ROOT)
    return result.returncode, result.stdout


@pytest.mark.slow
def test_two_workers_print_the_bytes_of_one(tmp_path: Path) -> None:
    folder = folder_of_outcomes(tmp_path)
    for output in ("text", "json"):
        one = run_check("--format", output, "-j", "1", folder)
        two = run_check("--format", output, "-j", "2", folder)
        assert one == two
        assert one[0] == 2  # a file with errors
    text = one[1]
    files = [r["file"] for r in json.loads(text)]
    assert [Path(f).name for f in files] == [
        "a-good.canal",
        "z-bad.canal",
        "illegal.canal",
        "b.canal",
        "c-bad.canal",
    ]


def repository_files() -> list[str]:
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in ROOT.rglob("*.canal")
        if not any(part.startswith(".") for part in p.relative_to(ROOT).parts)
    )


@pytest.mark.slow
def test_every_repository_file_checked_by_two_workers_gives_the_bytes_of_one() -> None:
    """Text: its diagnostics go to stderr, its verdicts to stdout, in one order (JSON is
    compared on the folder above).

    The two workers are a new process; the one-process reference is the command line's code
    run in this one (that a process and this give the same bytes for ``check`` is
    test_cli_check's comparison, and the test above compares two processes): it saves a
    process's start, and in the full suite the CP-SAT answers of this worker's earlier tests
    of the same files are recalled (``canaldsl.solver.solve_or_recall``: the minimal rule set
    of can-complete-out-of-tiles.canal, half of a run, is found by its golden and scenario
    tests, run just before this one by the root conftest.py's LONGEST_FIRST)."""
    files = repository_files()
    assert len(files) > 100
    here = programs.in_process("check", "-j", "1", *files, cwd=ROOT, text=False, merged=True)
    one = (here.returncode, here.stdout)
    two = run_check("-j", "2", *files)
    assert one == two
    assert one[1].count(b"\n") > len(files)
