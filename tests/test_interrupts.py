"""Ctrl-C (SIGINT) and SIGTERM end any command cleanly: no answer, no traceback, one line.

Each test runs the real program in a subprocess and signals it at a chosen moment: while a
CP-SAT solve runs (``tests/interrupt_driver.py`` makes every solve long), once the command has
its answer but before it is written, while the answer is being written (a full pipe, or the
first byte), and at the start. An interrupted command must exit 130 (SIGINT) or 143 (SIGTERM),
write exactly one line on stderr saying so, and write nothing on stdout, or, when the signal
came while the finished answer was being written, the whole answer, exactly as an
uninterrupted run writes it; never a part of it, never a traceback.
"""

from __future__ import annotations

import fcntl
import io
import os
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import programs
import pytest

from canaldsl import interrupts
from canaldsl.heldoutput import HeldOutput

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DRIVER = Path(__file__).resolve().parent / "interrupt_driver.py"
SIGNALS = {"INT": signal.SIGINT, "TERM": signal.SIGTERM}
STATUS = {"INT": 130, "TERM": 143}

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def interrupted_line(name: str) -> bytes:
    return f"canaldsl: interrupted (SIG{name})\n".encode()


def program(*arguments: str) -> list[str]:
    return programs.command(*arguments)


def driven(moment: str, name: str, marker: Path, *arguments: str) -> list[str]:
    return [sys.executable, str(DRIVER), moment, name, str(marker), *arguments]


def start(command: Sequence[str], cwd: Path = ROOT) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, like a terminal's foreground job
    )


def finish(process: subprocess.Popen[bytes], timeout: float = 60) -> tuple[int, bytes, bytes]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    return process.returncode, out, err


def assert_interrupted(outcome: tuple[int, bytes, bytes], name: str) -> None:
    status, out, err = outcome
    assert b"Traceback" not in err, err.decode()
    assert (status, out, err) == (STATUS[name], b"", interrupted_line(name))


def wait_for(condition: object, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def catches_sigterm(pid: int) -> bool:
    """Whether the process has its SIGTERM handler in place: the program has taken over the
    signals (Linux; elsewhere, after a pause)."""
    status = Path(f"/proc/{pid}/status")
    if not status.parent.exists():
        time.sleep(0.5)
        return True
    try:
        caught = next(
            int(line.split()[1], 16)
            for line in status.read_text().splitlines()
            if line.startswith("SigCgt:")
        )
    except (OSError, StopIteration):
        return False
    return bool(caught & (1 << (signal.SIGTERM - 1)))


SOLVING = [  # each makes at least one CP-SAT solve
    ("best-build", "puzzle-kennet-length-limit.canal"),
    ("best-delivery", "--engine", "cpsat", "puzzle-midlands-goods.canal"),
    (
        "can-complete",
        "--engine",
        "cp-sat",
        "can-complete-fewest-cards.canal",
        "Leeds & Liverpool Canal",
    ),
    ("check", "puzzle-kennet-length-limit.canal"),
    ("render", "--best-build", "-o", "{tmp}/answer.svg", "puzzle-kennet-length-limit.canal"),
]


def arguments(template: Sequence[str], tmp: Path) -> list[str]:
    out = []
    for argument in template:
        if argument.endswith(".canal") and "/" not in argument:
            out.append(str(EXAMPLES / argument))
        else:
            out.append(argument.replace("{tmp}", str(tmp)))
    return out


def interrupt_a_solve(template: Sequence[str], name: str, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    started = start(driven("solve", name, marker, *arguments(template, tmp_path)))
    wait_for(lambda: marker.exists() or started.poll() is not None)
    assert marker.exists(), f"no CP-SAT solve: {finish(started)}"
    # the marker was written by the solve itself, its search started (it takes seconds)
    signalled = time.monotonic()
    started.send_signal(SIGNALS[name])
    outcome = finish(started)
    assert time.monotonic() - signalled < 10  # the solve stopped at once, not at its limit
    assert_interrupted(outcome, name)
    assert not (tmp_path / "answer.svg").exists()


@pytest.mark.parametrize("name", ["INT", "TERM"])
@pytest.mark.slow
def test_a_solve_is_interrupted(name: str, tmp_path: Path) -> None:
    interrupt_a_solve(SOLVING[0], name, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("template", "name"),
    [(t, "TERM" if n % 2 else "INT") for n, t in enumerate(SOLVING[1:])],  # both, over them
    ids=lambda t: t[0] if isinstance(t, tuple) else t,
)
def test_every_solving_command_is_interrupted(
    template: Sequence[str], name: str, tmp_path: Path
) -> None:
    interrupt_a_solve(template, name, tmp_path)


def commands(tmp: Path) -> dict[str, list[str]]:
    """One run of every command, each on a file of its own in ``tmp``."""
    record = tmp / "record.canal"
    shutil.copy(EXAMPLES / "game-record-2nd-edition.canal", record)
    messy = tmp / "messy.canal"
    messy.write_text("rules second-edition{players 3}\nboard   england\n", encoding="utf-8")
    example = str(EXAMPLES / "puzzle-smeaton-lancaster.canal")
    return {
        "check": ["check", str(EXAMPLES / "medway-two-locks.canal")],
        "check-json": ["check", "--format", "json", example],
        "play": ["play", str(record)],
        "best-build": ["best-build", example],
        "best-delivery": ["best-delivery", str(EXAMPLES / "puzzle-midlands-goods.canal")],
        "can-complete": [
            "can-complete",
            str(EXAMPLES / "can-complete-fewest-cards.canal"),
            "Leeds",
        ],
        "render": ["render", example, "-o", str(tmp / "picture.png")],
        "report": ["report", example, "-o", str(tmp / "report.html")],
        # the test fixtures' five examples (a 24 kB answer, 0.4 s of CPU), not the default
        # folder's hundred (31 kB, 1.1 s): the same command, its answer made and written alike
        "crosscheck": ["crosscheck", str(ROOT / "tests" / "data" / "crosscheck")],
        "fmt": ["fmt", str(messy)],
        "board": ["board", "england", "--format", "json"],
        "rules": ["rules"],
        "explain": ["explain", "build.consecutive-tiles"],
    }


QUICK = ("best-build", "fmt")


@pytest.mark.parametrize(
    "command",
    [c if c in QUICK else pytest.param(c, marks=pytest.mark.slow) for c in commands(Path())],
)
def test_an_answer_made_but_not_yet_written_is_never_written(command: str, tmp_path: Path) -> None:
    name = "TERM" if len(command) % 2 else "INT"  # both signals, over the commands
    run = commands(tmp_path)[command]
    outcome = finish(start(driven("finished", name, tmp_path / "marker", *run)))
    assert_interrupted(outcome, name)
    if command == "fmt":  # replaced whole before the signal was taken: formatted, complete
        assert (
            (tmp_path / "messy.canal")
            .read_text(encoding="utf-8")
            .startswith("rules second-edition {")
        )
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    "command",
    [
        "rules",
        pytest.param("crosscheck", marks=pytest.mark.slow),
        pytest.param("check-json", marks=pytest.mark.slow),
    ],
)
def test_an_answer_being_written_is_written_whole(command: str, tmp_path: Path) -> None:
    run = commands(tmp_path)[command]
    reference = subprocess.run(program(*run), cwd=ROOT, capture_output=True, check=False)
    assert reference.stdout and not reference.stderr
    outcome = finish(start(driven("output", "INT", tmp_path / "marker", *run)))
    assert outcome == (130, reference.stdout, interrupted_line("INT"))


def pipe_bytes(process: subprocess.Popen[bytes]) -> int:
    assert process.stdout is not None
    raw = fcntl.ioctl(process.stdout.fileno(), termios.FIONREAD, b"\0\0\0\0")
    return int(struct.unpack("i", raw)[0])


def long_answer(tmp: Path) -> list[str]:
    """A check whose answer is long (about 90 kB) and quick to make."""
    players = "".join(f"player {c} {{ engineer {e} }}\n" for c, e in PLAYERS)
    expectations = "expect score red 0\n" * 1400
    path = tmp / "long.canal"
    path.write_text(f"rules second-edition\nboard england\n{players}{expectations}", "utf-8")
    return ["check", str(path)]


PLAYERS = (("red", "Brindley"), ("white", "Telford"), ("black", "Jessop"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux pipe sizes")
def test_a_signal_while_a_long_answer_waits_on_a_full_pipe(tmp_path: Path) -> None:
    """The answer is larger than the pipe (64 kB): the program is stopped in the middle of
    writing it until the test reads; the signal comes then."""
    run = long_answer(tmp_path)
    reference = subprocess.run(program(*run), cwd=ROOT, capture_output=True, check=False)
    assert reference.returncode == 0 and not reference.stderr
    process = start(program(*run))
    assert process.stdout is not None
    capacity = fcntl.fcntl(process.stdout.fileno(), 1032)  # F_GETPIPE_SZ
    assert len(reference.stdout) > capacity
    wait_for(lambda: pipe_bytes(process) >= capacity)
    time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    assert finish(process) == (130, reference.stdout, interrupted_line("INT"))


@pytest.mark.parametrize("name", ["INT", pytest.param("TERM", marks=pytest.mark.slow)])
def test_a_signal_at_the_start_gives_no_traceback(name: str, tmp_path: Path) -> None:
    """As soon as the program has taken over the signals (within milliseconds of its start:
    before that, Python's own start is all there is)."""
    run = commands(tmp_path)["best-build"]
    process = start(program(*run))
    wait_for(lambda: catches_sigterm(process.pid) or process.poll() is not None)
    process.send_signal(SIGNALS[name])
    assert_interrupted(finish(process), name)


def session_processes(session: int) -> list[str]:
    """The live (not zombie) processes of a session, by their status lines."""
    found = []
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(status.parent.name)
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("name", "whole_group"),
    [("INT", True), pytest.param("TERM", False, marks=pytest.mark.slow)],
    ids=["ctrl-c-to-the-terminal-group", "sigterm-to-the-program"],
)
def test_a_batch_check_is_interrupted_and_its_workers_end(
    name: str, whole_group: bool, tmp_path: Path
) -> None:
    process = start(program("check", "-j", "2", str(ROOT / "scenarios"), str(EXAMPLES)))
    # The program, the fork server and two workers.
    wait_for(lambda: len(session_processes(process.pid)) >= 4 or process.poll() is not None)
    if whole_group:  # Ctrl-C: the terminal signals every process of the group
        os.killpg(process.pid, SIGNALS[name])
    else:
        process.send_signal(SIGNALS[name])
    assert_interrupted(finish(process), name)
    wait_for(lambda: not session_processes(process.pid), timeout=10)


def _formatted(text: str) -> str:
    from canaldsl.canalmania.formatter import format_document
    from canaldsl.canalmania.parser import parse_document

    document, _ = parse_document(text)
    assert document is not None
    return format_document(document)


@pytest.mark.parametrize("moment", ["midway", "start"])
def test_fmt_interrupted_leaves_every_file_whole(moment: str, tmp_path: Path) -> None:
    """Each file is its old text or its formatted text, never a part; nothing is left beside.
    The signal comes at the start, or once the first file is replaced (midway)."""
    messy = "rules second-edition{players 3}\nboard   england\nplayer red{engineer Jessop}\n"
    paths = []
    for number in range(40):
        path = tmp_path / f"messy-{number:02d}.canal"
        path.write_text(messy + f"# {'x' * 80}\n" * 40 * number, encoding="utf-8")
        paths.append(path)
    originals = {p: p.read_text(encoding="utf-8") for p in paths}
    formatted = {p: _formatted(text) for p, text in originals.items()}
    process = start(program("fmt", *map(str, paths)))
    if moment == "start":
        wait_for(lambda: catches_sigterm(process.pid) or process.poll() is not None)
    else:
        first = paths[0]
        wait_for(lambda: first.read_text("utf-8") != originals[first] or process.poll() is not None)
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert b"Traceback" not in err
    whole = [f"{p}: reformatted".encode() for p in paths]
    if status == 143:  # nothing, or (the signal came as it was written) the whole answer
        assert err == interrupted_line("TERM")
        assert out in (b"", b"\n".join(whole) + b"\n")
    else:  # it had finished before the signal
        assert (status, err, out.splitlines()) == (0, b"", whole)
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert text in (originals[path], formatted[path]), path
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)


# ------------------------------------------------------------------ the pieces, in this process

needs_main_thread = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals: main thread"
)


def test_held_output_is_written_whole_in_the_order_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    both = io.BytesIO()
    shared = io.TextIOWrapper(both, encoding="utf-8", write_through=True)
    monkeypatch.setattr(sys, "stdout", shared)
    monkeypatch.setattr(sys, "stderr", shared)
    held = HeldOutput().start()
    print("answer 1")
    print("a problem", file=sys.stderr)
    print("answer 2 é")
    assert both.getvalue() == b""  # nothing yet
    held.release()
    assert sys.stdout is shared and sys.stderr is shared
    assert both.getvalue() == "answer 1\na problem\nanswer 2 é\n".encode()
    discarded = HeldOutput().start()
    print("never shown")
    discarded.discard()
    assert both.getvalue() == "answer 1\na problem\nanswer 2 é\n".encode()


@needs_main_thread
def test_an_interrupt_is_held_back_until_the_block_ends() -> None:
    reached = []
    with (
        interrupts.handling(),
        pytest.raises(interrupts.Interrupted) as raised,
        interrupts.deferred(),
    ):
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):  # plenty of Python instructions for the handler to run
            reached.append(1)
        assert interrupts.pending() == signal.SIGTERM
    assert len(reached) == 1000
    assert raised.value.exit_status == 143 and raised.value.name == "SIGTERM"


@needs_main_thread
def test_a_solve_is_stopped_by_the_interrupt_not_by_its_limit() -> None:
    from interrupt_driver import hard_model

    from canaldsl import solver
    from canaldsl.budget import Budget

    model = hard_model()  # first: the signal must reach the solve, not the solver's import
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    try:
        with interrupts.handling(), pytest.raises(interrupts.Interrupted):
            timer.start()
            solver.solve(model, budget=Budget.of(30, wall_seconds=30))
    finally:
        timer.cancel()  # a failure must not leave a SIGINT on its way to the next test
    assert time.monotonic() - started < 5  # not 30 s
    timer.join()


class _SignalsWhenCollected:
    """An object whose ``__del__`` sends a signal: its handler then runs inside ``__del__``,
    where Python swallows whatever is raised (as it does in a weak reference's callback)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum

    def __del__(self) -> None:
        os.kill(os.getpid(), self.signum)
        for _ in range(100):  # Python instructions for the handler to run on, inside __del__
            pass


@needs_main_thread
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_swallowed_by_python_is_raised_again(
    signum: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A signal taken in a place whose exceptions Python ignores (a ``__del__``, the import
    lock's weak reference callback) is not lost, and no "Exception ignored" traceback shows."""
    outside_handling = sys.unraisablehook
    reached_after = False
    with interrupts.handling(), pytest.raises(interrupts.Interrupted) as raised:
        doomed = _SignalsWhenCollected(signum)
        del doomed  # __del__ runs here and swallows the first Interrupted
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            time.sleep(0.001)
        reached_after = True
    assert not reached_after
    assert raised.value.signum == signum
    assert "Exception ignored" not in capsys.readouterr().err
    assert sys.unraisablehook is outside_handling


STRAGGLER = """
import atexit, sys
from ortools.sat.python import cp_model
import click
from canaldsl import interrupts, process
from interrupt_driver import hard_model

interrupts._STOP_GRACE = 0.2  # the call below ignores the stop: no need to wait 2 s for it


@click.command()
@click.argument("marker")
def command(marker):
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    solver.parameters.log_search_progress = True
    solver.parameters.log_to_stdout = False
    started = []

    def log(line):  # CP-SAT calls into Python from its own thread
        if not started:
            started.append(line)
            open(marker, "w").write("solving")

    solver.log_callback = log
    model = hard_model()
    atexit.register(lambda: sys.stderr.write("interpreter torn down\\n"))
    interrupts.call_interruptibly(lambda: solver.Solve(model), stop=lambda: None)
    click.echo("answer")


process.run_command(lambda: command, sys.argv[1:])
"""


@pytest.mark.parametrize("name", ["TERM"])
def test_a_solve_that_ignores_the_stop_still_ends_with_the_interrupt_status(
    name: str, tmp_path: Path
) -> None:
    """A call into C that does not stop within its grace period (here a CP-SAT solve whose
    stop request is ignored, logging through a Python callback from its own thread) must not
    be torn down with the interpreter: that aborted the process (SIGABRT, "terminate called
    without an active exception") about one time in three. The process ends at once instead:
    the interrupt's status and line, no interpreter shutdown (no exit handler runs)."""
    marker = tmp_path / "marker"
    process = start(
        [sys.executable, "-c", STRAGGLER, str(marker)], cwd=Path(__file__).resolve().parent
    )
    wait_for(lambda: marker.exists() or process.poll() is not None)
    os.kill(process.pid, SIGNALS[name])
    assert_interrupted(finish(process), name)


CUT_IMPORT = """
import sys
from canaldsl import interrupts, process

def load():
    try:
        raise interrupts.Interrupted(int(sys.argv[1]))
    except interrupts.Interrupted as cut:
        raise ImportError("initialization failed") from cut

process.run_command(load, [])
"""


@pytest.mark.parametrize("name", ["INT", "TERM"])
def test_an_import_cut_by_the_signal_is_an_interrupt(name: str) -> None:
    """A C extension whose import is cut by the signal raises ImportError from the interrupt
    (pybind11 does): the process still says interrupted, exit 130 or 143, no traceback."""
    signum = getattr(signal, f"SIG{name}")
    process = start([sys.executable, "-c", CUT_IMPORT, str(int(signum))])
    assert_interrupted(finish(process), name)
