"""Golden outputs: what every command prints for every .canal file of the repository.

The outputs are recorded under ``tests/golden/`` and compared by ``tests/test_golden.py``, so
that a change of what a user sees is always deliberate: a golden file changes only in a commit
that says why.

    .venv/bin/python tests/goldenfiles.py            # compare, and list what differs
    .venv/bin/python tests/goldenfiles.py --update   # record the outputs again

The cases (which commands, with which options, on which files) are found once, when the outputs
are recorded, and kept in ``tests/golden/cases.json``: finding them needs the commands' own
answers (which canals are open, whether the file has a position), and a case must not appear or
disappear because of the code it checks. A test checks that every .canal file of the repository
has its cases.

Each golden file holds the commands run on one input file (``files/PATH.GROUP.txt``: groups
``check``, ``solve`` and ``draw``) or one command of no file (``commands/NAME.txt``), each with
its exit status, its standard output and its standard error. Commands run in this process
(click's runner) from the repository's root. Pictures and reports are large (about 170 kB an
SVG): their golden line is the SHA-256 digest of the file written, and a few of them are kept
whole beside it (``*.svg``) so that a change can be seen.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import programs

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
CASES = GOLDEN / "cases.json"

SLOW_SECONDS = 2.0
"""A case measured slower than this (CPU time, when recorded) is marked slow, and so are the
solvers' and pictures' cases of every file: the quick subset (``-m "not slow"``) compares what
``check``, ``fmt`` and ``play`` print for every file; the full suite compares everything."""

WHOLE_PICTURES = {
    "examples/medway-two-locks.canal",
    "examples/puzzle-midlands-goods.canal",
}
"""Input files whose pictures are kept whole, not only as digests."""

ENGINE_VARIANTS_UNDER = "examples/"
"""Files under this folder also run the solvers with every engine and JSON output."""


@dataclasses.dataclass(frozen=True)
class Run:
    """One command line, and what of its output is recorded."""

    argv: tuple[str, ...]
    writes: str | None = None
    """The suffix of the file the command writes (``.svg``, ``.html``, ``.canal``), if any."""
    whole: bool = False
    """Keep the written file whole beside the golden file (else its digest only)."""
    copy: str | None = None
    """``fmt`` rewrites this input file: the run works on a copy of it, by the same name."""


@dataclasses.dataclass(frozen=True)
class Case:
    """The runs of one golden file."""

    name: str
    runs: tuple[Run, ...]
    slow: bool = False

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.name}.txt"


def canal_files() -> list[str]:
    """Every .canal file in the repository (tracked by git), as posix paths from the root."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "*.canal", "*.broken"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")
    return sorted(p for p in listed.split("\0") if p)


# ------------------------------------------------------------------ running


@dataclasses.dataclass(frozen=True)
class Outcome:
    status: int
    stdout: str
    stderr: str
    written: bytes | None


def run(command: Run, scratch: Path) -> Outcome:
    """Run one command line in this process, from the repository's root (an exception is
    recorded as part of the outcome, :func:`programs.in_process`'s ``note_exception``)."""
    argv = list(command.argv)
    target: Path | None = None
    if command.copy is not None:
        target = scratch / command.copy
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / command.copy, target)
        argv = [str(target) if a == command.copy else a for a in argv]
    elif command.writes is not None:
        target = scratch / f"out{command.writes}"
        target.unlink(missing_ok=True)
        argv = [str(target) if a == "OUT" else a for a in argv]
    result = programs.in_process(*argv, cwd=ROOT, note_exception=True)
    stdout, stderr = result.stdout, result.stderr
    written = target.read_bytes() if target is not None and target.exists() else None
    shown = str(scratch) + os.sep
    if written is not None:  # a report names its own file
        written = written.replace(shown.encode("utf-8"), b"$OUT/")
    return Outcome(
        result.returncode, stdout.replace(shown, "$OUT/"), stderr.replace(shown, "$OUT/"), written
    )


def render_case(case: Case, scratch: Path) -> tuple[str, dict[str, bytes]]:
    """The text of a case's golden file, and the whole files kept beside it."""
    parts: list[str] = []
    kept: dict[str, bytes] = {}
    for number, command in enumerate(case.runs, start=1):
        outcome = run(command, scratch)
        shown = [a if a != "OUT" else f"$OUT/out{command.writes}" for a in command.argv]
        parts.append(f"$ canaldsl {' '.join(_quote(a) for a in shown)}")
        parts.append(f"exit status: {outcome.status}")
        parts.append("--- stdout")
        parts.append(outcome.stdout.rstrip("\n"))
        parts.append("--- stderr")
        parts.append(outcome.stderr.rstrip("\n"))
        if command.writes is not None:
            parts.append(f"--- written ({command.writes})")
            data = outcome.written
            if data is None:
                parts.append("nothing")
            elif command.copy is not None:
                parts.append(data.decode("utf-8").rstrip("\n"))
            else:
                digest = hashlib.sha256(data).hexdigest()
                parts.append(f"sha256 {digest} ({len(data)} bytes)")
                if command.whole:
                    kept[f"{case.name}.{number}{command.writes}"] = data
        parts.append("")
    return "\n".join(parts) + "\n", kept


def _quote(argument: str) -> str:
    return argument if re.fullmatch(r"[\w./@:=+-]+", argument) else json.dumps(argument)


# ------------------------------------------------------------------ finding the cases


def find_cases() -> list[Case]:
    """Every case, found from the repository's files and the commands' own answers."""
    cases = list(_command_cases())
    for path in canal_files():
        cases.extend(_file_cases(path))
    return cases


def _command_cases() -> Iterator[Case]:
    yield Case("commands/help", _help_runs())
    yield Case("commands/rules", (Run(("rules",)), Run(("rules", "--format", "json"))))
    with tempfile.TemporaryDirectory() as folder:
        listed = run(Run(("rules", "--format", "json")), Path(folder))
    ids = [entry["id"] for entry in json.loads(listed.stdout)]
    explained = [Run(("explain", rule)) for rule in ids]
    explained += [Run(("explain", "build.consecutive-tile")), Run(("explain", "no-such-rule"))]
    yield Case("commands/explain", tuple(explained))
    boards: list[Run] = []
    for name in ("england", "england-1st", "england-2nd"):
        boards += [Run(("board", name)), Run(("board", "--format", "json", name))]
    boards += [Run(("board", "--edition", "first")), Run(("board", "no-such-board"))]
    boards += [
        Run(("board", "examples/medway-two-locks.canal")),
        Run(("board", "examples/game-record-1st-edition.canal")),
    ]
    for name in ("usa", "usa-1910"):  # Ticket to Ride's maps
        boards += [Run(("board", name)), Run(("board", "--format", "json", name))]
    yield Case("commands/board", tuple(boards))
    crosschecks: list[Run] = []
    for folder_args in ((), ("tests/data/crosscheck",)):
        for output in ("text", "json", "markdown"):
            crosschecks.append(Run(("crosscheck", *folder_args, "--format", output)))
    crosschecks.append(Run(("crosscheck", "no/such/folder")))
    for output in ("text", "json", "markdown"):
        crosschecks.append(Run(("crosscheck", "scenarios/tickettoride", "--format", output)))
    yield Case("commands/crosscheck", tuple(crosschecks))
    pictures = [
        Run(("render", "england", "-o", "OUT"), writes=".svg", whole=True),
        Run(("render", "england-1st", "-o", "OUT"), writes=".svg"),
        Run(("render", "england-2nd", "--hex-labels", "-o", "OUT"), writes=".svg"),
        Run(("render", "england", "--turn", "-o", "OUT"), writes=".svg"),
        Run(("render", "england", "-o", "picture.gif")),
        Run(("render", "usa", "-o", "OUT"), writes=".svg"),
    ]
    yield Case("commands/render", tuple(pictures))
    folders = [
        Run(("check", "-j", "1", "tests/data")),
        Run(("check", "-j", "1", "--format", "json", "tests/data")),
        Run(("check", "no/such/file.canal")),
        Run(("check", "-j", "1", "tests/broken")),
    ]
    yield Case("commands/check", tuple(folders))
    grande = "examples/canalgrande/"
    yield Case(
        "commands/canalgrande",
        (
            Run(("vote", f"{grande}puzzle-vote-san-marco.canal", "--for", "Elena")),
            Run(
                (
                    "vote",
                    "--format",
                    "json",
                    f"{grande}puzzle-vote-best-district.canal",
                    "--for",
                    "Anna",
                )
            ),
            Run(
                (
                    "vote",
                    "--nodes",
                    "1",
                    "--format",
                    "json",
                    f"{grande}puzzle-vote-twelve-cards.canal",
                    "--for",
                    "Bruno",
                )
            ),
            Run(
                ("best-split", f"{grande}puzzle-split-number-race.canal", "--objective", "numbers")
            ),
            Run(("best-split", "--format", "json", f"{grande}puzzle-split-with-a-doge.canal")),
            Run(("can-win", f"{grande}puzzle-can-win-this-turn.canal", "--for", "Anna")),
            Run(
                (
                    "can-win",
                    "--format",
                    "json",
                    f"{grande}puzzle-can-win-this-turn.canal",
                    "--for",
                    "Anna",
                )
            ),
            Run(("vote", "examples/medway-first-build.canal", "--for", "red")),
            Run(("score", "--format", "json", "examples/game-record-2nd-edition.canal")),
            Run(("score", f"{grande}fourth-san-marco-wins.canal")),
        ),
    )


def _help_runs() -> tuple[Run, ...]:
    from canaldsl.cli import main

    runs = [Run(("--help",))]
    import click

    names = main.list_commands(click.Context(main))  # every game's commands too
    runs += [Run((name, "--help")) for name in sorted(names)]
    return tuple(runs)


def _file_cases(path: str) -> Iterator[Case]:
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        played = run(Run(("play", path)), scratch)
    checks = [
        Run(("check", path)),
        Run(("check", "--format", "json", path)),
        Run(("fmt", "--check", path)),
        Run(("fmt", path), writes=".canal", copy=path),
    ]
    if path.endswith(".canal"):
        if _own_board(path):
            checks += [Run(("board", path)), Run(("board", "--format", "json", path))]
        checks.append(Run(("play", path)))
        if played.status in (0, 1):  # a position to score (issue 13: `score`, text and JSON)
            checks += [Run(("score", path)), Run(("score", "--format", "json", path))]
    yield Case(f"files/{path}.check", tuple(checks))
    if played.status not in (0, 1):
        return
    if _ticket_to_ride(path):
        yield Case(f"files/{path}.solve", tuple(_ticket_to_ride_solve_runs(path, played.stdout)))
        yield Case(f"files/{path}.draw", tuple(_ticket_to_ride_draw_runs(path)))
        return
    yield Case(f"files/{path}.solve", tuple(_solve_runs(path, played.stdout)))
    yield Case(f"files/{path}.draw", tuple(_draw_runs(path, played.stdout)))


def _ticket_to_ride(path: str) -> bool:
    text = (ROOT / path).read_text(encoding="utf-8", errors="replace")
    return re.search(r"^rules\s+ticket-to-ride\b", text, flags=re.M) is not None


def _ticket_to_ride_solve_runs(path: str, position: str) -> Iterator[Run]:
    """Ticket to Ride's own solver commands (the player to move, and the first player)."""
    every = path.startswith(ENGINE_VARIANTS_UNDER)
    first = re.findall(r"^player (\w+)", position, flags=re.M)[:1]
    movers: list[tuple[str, ...]] = [()] + [("--for", colour) for colour in first]
    yield Run(("score", path))
    yield Run(("score", "--format", "json", path))
    yield Run(("longest-route", path))
    yield Run(("longest-route", "--format", "json", path))
    yield Run(("last-turns", path))
    for mover in movers:
        yield Run(("best-claim", *mover, path))
        yield Run(("fewest-trains", *mover, path))
    if every:
        yield Run(("longest-route", "--engine", "cp-sat", path))
        yield Run(("best-claim", "--engine", "cp-sat", "--format", "json", path))
        yield Run(("fewest-trains", "--engine", "cp-sat", "--format", "json", path))
        yield Run(("last-turns", "--format", "json", path))


def _ticket_to_ride_draw_runs(path: str) -> Iterator[Run]:
    yield Run(("render", path, "-o", "OUT"), writes=".svg")
    yield Run(("render", path, "--show", "longest-route", "-o", "OUT"), writes=".svg")
    yield Run(("report", path, "-o", "OUT"), writes=".html")


def _own_board(path: str) -> bool:
    """Whether a file describes its board or includes one (not only names a built-in one)."""
    text = (ROOT / path).read_text(encoding="utf-8", errors="replace")
    return re.search(r'^board\s+("|[\w-]+\s*\{)', text, flags=re.M) is not None


def _solve_runs(path: str, position: str) -> Iterator[Run]:
    every = path.startswith(ENGINE_VARIANTS_UNDER)
    players = re.findall(r"^player (\w+)", position, flags=re.M)
    whose = [] if re.search(r"^now ", position, flags=re.M) or not players else players[:1]
    movers: list[tuple[str, ...]] = [()] + [("--for", colour) for colour in whose]
    for mover in movers:
        yield Run(("best-build", *mover, path))
        yield Run(("best-build", *mover, "--format", "json", path))
        yield Run(("best-delivery", *mover, path))
        yield Run(("best-delivery", *mover, "--format", "json", path))
        if every:
            yield Run(("best-build", *mover, "--engine", "search", path))
            yield Run(("best-build", *mover, "--engine", "cp-sat", path))
            yield Run(("best-delivery", *mover, "--engine", "cp-sat", path))
            yield Run(("best-delivery", *mover, "--engine", "cp-sat", "--format", "json", path))
    contracts = re.findall(r'^\s*canal ("[^"]*"|[\w\']+|junction)', position, flags=re.M)
    for contract in dict.fromkeys(contracts):
        name = contract.strip('"')
        yield Run(("can-complete", path, name))
        if every:
            yield Run(("can-complete", "--format", "json", path, name))
            yield Run(("can-complete", "--engine", "cp-sat", path, name))


def _draw_runs(path: str, position: str) -> Iterator[Run]:
    whole = path in WHOLE_PICTURES
    yield Run(("render", path, "-o", "OUT"), writes=".svg", whole=whole)
    yield Run(("render", path, "--turn", "-o", "OUT"), writes=".svg", whole=whole)
    if path.startswith(ENGINE_VARIANTS_UNDER):
        yield Run(("render", path, "--turn", "1", "--focus", "-o", "OUT"), writes=".svg")
        yield Run(("render", path, "--best-build", "-o", "OUT"), writes=".svg", whole=whole)
        yield Run(("render", path, "--best-delivery", "-o", "OUT"), writes=".svg")
        yield Run(("render", path, "--hex-labels", "-o", "OUT"), writes=".svg")
    yield Run(("report", path, "-o", "OUT"), writes=".html")


# ------------------------------------------------------------------ the manifest


def _case_json(case: Case) -> dict[str, object]:
    return {
        "name": case.name,
        "slow": case.slow,
        "runs": [
            {
                key: value
                for key, value in dataclasses.asdict(command).items()
                if value not in (None, False)
            }
            for command in case.runs
        ],
    }


def load_cases() -> list[Case]:
    """The cases recorded in ``tests/golden/cases.json``."""
    data = json.loads(CASES.read_text(encoding="utf-8"))
    return [
        Case(
            entry["name"],
            tuple(
                Run(
                    tuple(r["argv"]),
                    writes=r.get("writes"),
                    whole=r.get("whole", False),
                    copy=r.get("copy"),
                )
                for r in entry["runs"]
            ),
            slow=entry["slow"],
        )
        for entry in data["cases"]
    ]


def recorded_files() -> list[str]:
    """The input files the manifest was made from."""
    return list(json.loads(CASES.read_text(encoding="utf-8"))["files"])


def compare(case: Case, scratch: Path) -> list[str]:
    """What differs between a case's golden files and the outputs now (empty: nothing)."""
    text, kept = render_case(case, scratch)
    problems = []
    if not case.path.is_file():
        return [f"{case.path.relative_to(ROOT)} is missing"]
    expected = case.path.read_text(encoding="utf-8")
    if text != expected:
        import difflib

        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2
        )
        problems.append("\n".join(list(diff)[:80]))
    for name, data in kept.items():
        whole = GOLDEN / name
        if not whole.is_file() or whole.read_bytes() != data:
            problems.append(f"{whole.relative_to(ROOT)} differs")
    return problems


def update(cases: Sequence[Case]) -> None:
    """Record every case's outputs (and the manifest), measuring each case's CPU time."""
    for old in GOLDEN.glob("**/*"):
        if old.is_file():
            old.unlink()
    measured: list[Case] = []
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for case in cases:
            started = time.process_time()
            text, kept = render_case(case, scratch)
            seconds = time.process_time() - started
            case.path.parent.mkdir(parents=True, exist_ok=True)
            case.path.write_text(text, encoding="utf-8")
            for name, data in kept.items():
                (GOLDEN / name).write_bytes(data)
            heavy = seconds > SLOW_SECONDS or case.name.endswith((".solve", ".draw"))
            measured.append(dataclasses.replace(case, slow=heavy))
            print(f"{seconds:7.2f} s  {case.name}", flush=True)
    manifest = {"files": canal_files(), "cases": [_case_json(c) for c in measured]}
    CASES.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="record the outputs again")
    parser.add_argument("names", nargs="*", help="compare only cases whose name contains these")
    options = parser.parse_args(argv)
    if options.update:
        update(find_cases())
        return 0
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for case in load_cases():
            if options.names and not any(n in case.name for n in options.names):
                continue
            problems = compare(case, Path(folder))
            if problems:
                failed += 1
                print(f"--- {case.name}\n" + "\n".join(problems))
    print(f"{failed} golden file(s) differ" if failed else "every golden output is unchanged")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
