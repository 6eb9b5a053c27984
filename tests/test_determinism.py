"""Determinism: the same files give byte-identical output on every run, whatever the hash seed
and however many cores the process may use.

One transcript (:func:`determinism_transcript.transcript`, a module without pytest) runs every
command that prints an answer (check, play, best-build, best-delivery, fmt, board; text and
JSON) on the same files and concatenates what they print, exit statuses included. It is made
in separate processes with different ``PYTHONHASHSEED`` values and CPU sets (``taskset``);
the transcripts must be equal byte for byte, with nothing masked: the measured time of a solve
is printed only with ``--timings`` (tested below). CP-SAT runs with one worker and a fixed seed
(``canaldsl.solver``), checked here too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import programs
import pytest
from determinism_transcript import TIMES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def _run(hash_seed: str, cpus: str | None) -> str:
    command = [
        sys.executable,
        "-c",
        "import sys; sys.path.insert(0, sys.argv[1]); import determinism_transcript as t; "
        "sys.stdout.write(t.transcript())",
        str(Path(__file__).resolve().parent),
    ]
    if cpus is not None:
        command = ["taskset", "-c", cpus, *command]
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        command, capture_output=True, text=True, env=environment, check=False, timeout=300
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.slow
def test_every_run_prints_the_same_bytes() -> None:
    variants: list[tuple[str, str | None]] = [("0", None), ("4242", None)]
    if shutil.which("taskset") and (os.cpu_count() or 1) >= 2:
        variants = [("0", "0"), ("4242", "0,1"), ("random", None)]
    first, *others = [_run(seed, cpus) for seed, cpus in variants]
    # the transcript really exercised every command and found answers
    for needle in (
        "$ canaldsl best-build",
        "proof: OPTIMAL",
        '"status": "OPTIMAL"',
        "best delivery for",
        "move cube",
        "reformatted",
        "[exit 1]",  # an illegal turn or failed expectation among the examples
        "[exit 0]",
    ):
        assert needle in first, needle
    for other in others:
        assert other == first


def test_the_solver_uses_one_worker_and_a_fixed_seed() -> None:
    pytest.importorskip("ortools")
    from canaldsl import solver
    from canaldsl.budget import Budget

    model = solver.new_model()
    x = model.NewIntVar(0, 10, "x")
    model.Maximize(x)
    result = solver.solve(model, budget=Budget(5.0))
    parameters = result.solver.parameters
    assert parameters.num_workers == 1
    assert parameters.random_seed == solver.SEED
    assert parameters.max_deterministic_time == 5.0  # the budget is in deterministic time
    assert result.status == solver.OPTIMAL and result.value(x) == 10


def test_timings_are_printed_only_when_asked() -> None:
    for command, name in (
        ("best-build", "puzzle-smeaton-lancaster.canal"),
        ("best-delivery", "puzzle-midlands-goods.canal"),
    ):
        example = str(EXAMPLES / name)
        for output in ("text", "json"):
            plain = programs.in_process(command, example, "--format", output)
            timed = programs.in_process(command, example, "--format", output, "--timings")
            assert plain.returncode == timed.returncode == 0, plain.stderr + timed.stderr
            assert not TIMES.search(plain.stdout + plain.stderr)
            assert TIMES.search(timed.stdout + timed.stderr)


def test_a_remembered_parse_checks_the_same_as_a_fresh_one() -> None:
    """``check_text`` remembers the documents of texts that parse (by exact text and file
    name, in one process): the second check of a file shares the first one's document and
    gives the same diagnostics; a text with a syntax error, or another name, is parsed
    again."""
    from canaldsl.canalmania import loading

    text = (EXAMPLES / "game-record-2nd-edition.canal").read_text(encoding="utf-8")
    loading.forget_parses()
    first, diagnostics = loading.check_text(text, filename="a.canal")
    assert first is not None and len(loading._PARSED) == 1
    second, again = loading.check_text(text, filename="a.canal")
    assert second is not None and again == diagnostics
    assert second.document is first.document
    other, elsewhere = loading.check_text(text, filename="b.canal")
    assert other is not None and other.document is not first.document
    assert [d.render() for d in elsewhere] == [
        d.render().replace("a.canal", "b.canal") for d in diagnostics
    ]
    loading.forget_parses()
    fresh, fresh_diagnostics = loading.check_text(text, filename="a.canal")
    assert fresh is not None and fresh.document == first.document
    assert fresh_diagnostics == diagnostics
    broken = text + "\nplayer {\n"
    assert loading.check_text(broken, filename="a.canal")[0] is None
    assert all(key[0] != broken for key in loading._PARSED)


def test_remembered_parses_keep_to_their_size_and_forget_the_oldest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``check_text`` keeps its parses in a bounded :class:`TextMemory` (its bounds are
    tested in test_textmemory.py): with room for three texts, the two oldest of five are
    forgotten."""
    from canaldsl.canalmania import loading
    from canaldsl.textmemory import TextMemory

    text = (EXAMPLES / "game-record-2nd-edition.canal").read_text(encoding="utf-8")
    texts = [text + "#" * n for n in range(5)]
    small: TextMemory[object] = TextMemory(kept=3 * len(text) + 10)
    monkeypatch.setattr(loading, "_PARSED", small)
    for t in texts:
        assert loading.check_text(t, filename="a.canal")[0] is not None
    assert [t for t, _ in small] == texts[2:]
    loading.forget_parses()
    assert len(small) == 0
