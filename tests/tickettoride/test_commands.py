"""Ticket to Ride through the command line, as a user runs it: `board usa` against the
reference files, `score`, the game's own solver commands with both engines, `render` of every
Ticket to Ride file, `report` opened in headless Chromium, `crosscheck`.

Most commands run in this process (:func:`in_process`: click's runner, the command line's own
code, from the repository's root), where the process itself is not what is tested: a real
process costs about a second of start-up (Python, CP-SAT's import) and the answers are the
same. One or two of each kind still run as a user runs them, a ``canaldsl`` process
(:func:`canaldsl`): `score` (text), a solver command on a file with errors (exit status 2),
`render` to SVG and to PNG, `report` (its headline; the report opened in Chromium is made in
this process, the browser is the process that test is about)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import programs
import pytest

from canaldsl.jsonschemas import schema

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "tickettoride"
FILES = sorted(EXAMPLES.glob("*.canal")) + sorted(
    (ROOT / "scenarios" / "tickettoride").rglob("*.canal")
)
REFERENCE = next(
    (
        p
        for p in (ROOT.parent / "shared" / "reference", Path("/work/shared/reference"))
        if (p / "ticket-to-ride-usa-routes.txt").exists()
    ),
    None,
)


def canaldsl(*args: str) -> subprocess.CompletedProcess[str]:
    """``canaldsl ARGS`` as a user runs it, a process, from the repository's root."""
    return programs.process(*args, cwd=ROOT)


def in_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line's own code in this process (click's runner) from the repository's
    root, as :func:`canaldsl` runs it in a process; an exception (what a process would show
    as a traceback) fails the test."""
    return programs.in_process(*args, cwd=ROOT)


def _validate(command: str, answer: object) -> None:
    import jsonschema

    jsonschema.validate(answer, schema(command))


def _rows(name: str) -> list[str]:
    assert REFERENCE is not None
    text = (REFERENCE / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.skipif(REFERENCE is None, reason="the shared reference files are not here")
@pytest.mark.parametrize(("board", "tickets"), [("usa", 30), ("usa-1910", 65)])
def test_board_usa_json_matches_the_reference_files(board: str, tickets: int) -> None:
    result = in_process("board", board, "--format", "json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    _validate("board", answer)
    counts = answer["counts"]
    assert (counts["cities"], counts["tracks"], counts["spaces"]) == (36, 100, 309)
    assert (counts["routes"], counts["double_routes"], counts["tickets"]) == (78, 22, tickets)
    routes = {}
    for row in _rows("ticket-to-ride-usa-routes.txt"):
        pair, length, colours = row.rsplit(" ", 2)
        a, b = pair.split("-", 1)
        routes[frozenset((a, b))] = (int(length), sorted(colours.split("/")))
    listed = {
        frozenset(r["name"].split("-", 1)): (r["length"], sorted(r["tracks"]))
        for r in answer["routes"]
    }
    assert listed == routes
    cities = {row.split(";")[0].strip() for row in _rows("ticket-to-ride-usa-cities.txt")}
    assert {c["name"] for c in answer["cities"]} == cities
    files = ["ticket-to-ride-usa-tickets.txt"]
    if board == "usa-1910":
        files.append("ticket-to-ride-usa-1910-tickets.txt")
    from canaldsl.tickettoride.usa import usa_board

    names = usa_board()  # spelling variants (Saint Louis, Montréal, Sault St Marie) to canonical
    wanted = []
    for name in files:
        for row in _rows(name):
            pair, points = row.rsplit(" ", 1)
            a, b = re.split("[-\u2013]", pair, maxsplit=1)
            wanted.append((frozenset((names.canonical(a), names.canonical(b))), int(points)))
    got = [(frozenset((t["from"], t["to"])), t["points"]) for t in answer["tickets"]]
    assert len(got) == tickets
    assert sorted(got, key=repr) == sorted(wanted, key=repr)


def test_score_text_and_json() -> None:
    path = str(EXAMPLES / "winner-tie-most-tickets.canal")
    text = canaldsl("score", path)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("red wins 18-18 (after winner.tie-tickets)")
    answer = json.loads(in_process("score", path, "--format", "json").stdout)  # text: a process
    _validate("score", answer)
    assert answer["winner"] == "red" and answer["scores"] == {"red": 18, "blue": 18}


@pytest.mark.parametrize("engine", ["search", "cp-sat"])
def test_solver_commands_answer_alike_with_both_engines(engine: str) -> None:
    loop = str(EXAMPLES / "puzzle-longest-route-through-a-city-twice.canal")
    result = in_process("longest-route", loop, "--engine", engine, "--format", "json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    _validate("longest-route", answer)
    red = next(p for p in answer["players"] if p["player"] == "red")
    assert red["length"] == 12 and red["proven"]
    assert red["cities"].count("Dallas") == 2
    tickets = str(EXAMPLES / "puzzle-three-tickets-eleven-trains.canal")
    result = in_process(
        "fewest-trains", tickets, "--for", "red", "--engine", engine, "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    _validate("fewest-trains", answer)
    assert answer["status"] == "none-within-limit"
    result = in_process(
        "fewest-trains",
        tickets,
        "--for",
        "red",
        "--limit",
        "45",
        "--engine",
        engine,
        "--format",
        "json",
    )
    assert json.loads(result.stdout)["trains"] == 12
    best = str(EXAMPLES / "puzzle-best-claim-this-turn.canal")
    result = in_process("best-claim", best, "--for", "red", "--engine", engine, "--format", "json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    _validate("best-claim", answer)
    assert answer["points"] == 12
    last = str(EXAMPLES / "puzzle-last-turns.canal")
    result = in_process("last-turns", last, "--engine", engine, "--format", "json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    _validate("last-turns", answer)
    totals = {s["player"]: s["total"] for s in answer["scores"]["scores"]}
    assert totals == {"red": 36, "blue": 8}


def test_a_solver_command_on_a_file_with_errors_exits_2() -> None:
    with tempfile.TemporaryDirectory() as folder:
        bad = Path(folder) / "bad.canal"
        bad.write_text("rules ticket-to-ride\nboard usb\n", encoding="utf-8")
        result = canaldsl("longest-route", str(bad))
        assert result.returncode == 2
        assert "E702" in result.stderr and "Traceback" not in result.stderr
        # the JSON answer in this process (the exit status 2 of a process: just above)
        result = in_process("fewest-trains", str(bad), "--format", "json")
        assert result.returncode == 2
        answer = json.loads(result.stdout)
        _validate("fewest-trains", answer)
        assert answer["error"]["diagnostics"][0]["code"] == "E702"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_ticket_to_ride_file_renders(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    result = in_process("render", str(path), "-o", str(out), "--show", "longest-route")
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8").startswith("<?xml") or "<svg" in out.read_text()


@pytest.mark.slow  # a process: 1.1 s of CPU
def test_a_ticket_to_ride_file_renders_in_a_process(tmp_path: Path) -> None:
    """`render` as a user runs it (the other files are drawn in this process): the same
    picture, byte for byte."""
    path = EXAMPLES / "last-round-to-final-scores.canal"
    out, again = tmp_path / "map.svg", tmp_path / "again.svg"
    result = canaldsl("render", str(path), "-o", str(out), "--show", "longest-route")
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8").startswith("<?xml")
    assert (
        in_process("render", str(path), "-o", str(again), "--show", "longest-route").returncode == 0
    )
    assert out.read_bytes() == again.read_bytes()


def test_render_png_with_a_ticket_path(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    path = str(EXAMPLES / "puzzle-three-tickets-eleven-trains.canal")
    result = canaldsl(
        "render", path, "-o", str(out), "--for", "red", "--show", "ticket:Chicago-New Orleans"
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    refused = in_process("render", path, "-o", str(out), "--show", "best-build")  # PNG: a process
    assert refused.returncode == 2 and "longest-route or ticket:A-B" in refused.stderr


def test_report_headline_is_the_answer(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    path = str(EXAMPLES / "double-route-three-players.canal")
    result = canaldsl("report", path, "-o", str(out))
    assert result.returncode == 0, result.stderr
    html = out.read_text(encoding="utf-8")
    assert "Illegal: red&#x27;s turn breaks route.double-small-game" in html
    assert "Controllare una Linea (Nota Importante)" in html
    assert "<svg" in html


@pytest.mark.skipif(
    not (shutil.which("chromium") or shutil.which("chromium-browser")),
    reason="Chromium is not installed (Debian package `chromium`; .ci/run installs it)",
)
def test_a_ticket_to_ride_report_opens_in_headless_chromium(tmp_path: Path) -> None:
    from PIL import Image
    from test_report import CHROMIUM_FLAGS

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium is not None
    report = tmp_path / "report.html"
    path = str(EXAMPLES / "last-round-to-final-scores.canal")
    # the report made in this process (a report made by a process: the headline test above)
    assert in_process("report", path, "-o", str(report)).returncode == 0
    shot = tmp_path / "shot.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={shot}",
                "--window-size=1280,2400",
                report.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
            env={**os.environ, "HOME": profile},
        )
    image = Image.open(shot).convert("RGB")
    assert image.size == (1280, 2400)
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None
    assert len(colours) > 50  # a map, not a blank page


def test_crosscheck_reports_the_italian_examples_and_findings() -> None:
    result = in_process("crosscheck", "scenarios/tickettoride", "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    answer = json.loads(result.stdout)
    _validate("crosscheck", answer)
    ids = {e["id"] for e in answer["examples"]}
    assert {"montreal-new-york", "montreal-toronto", "double-route-note"} <= ids
    assert all(e["agrees"] for e in answer["examples"])
    subjects = " ".join(f["summary"] for f in answer["findings"])
    for fact in ("240 trains", "225", "69 tickets", "65", "purple"):
        assert fact in subjects


def test_crosscheck_report_md_is_current() -> None:
    result = in_process("crosscheck", "scenarios/tickettoride", "--format", "markdown")
    assert result.returncode == 0
    kept = (ROOT / "scenarios" / "tickettoride" / "REPORT.md").read_text(encoding="utf-8")
    assert kept == result.stdout, (
        "run: canaldsl crosscheck scenarios/tickettoride --format markdown "
        "> scenarios/tickettoride/REPORT.md"
    )


def test_the_public_api_checks_and_scores_ticket_to_ride() -> None:
    import canaldsl

    path = EXAMPLES / "winner-tie-most-tickets.canal"
    result = canaldsl.check(path)
    assert result.ok and result.game is not None and result.game.name == "tickettoride"
    scores = canaldsl.final_scores(path)
    assert scores.winner == "red" and dict(scores.scores) == {"red": 18, "blue": 18}
    assert scores.breakdown is not None
    assert scores.breakdown["blue"] == {"routes": 8, "tickets": 0, "longest_route": 10}
    text = path.read_text(encoding="utf-8")
    assert canaldsl.final_scores(canaldsl.check(text)).ranking == ("red", "blue")
    unknown = "rules ticket-to-ride\nboard usa\nplayer red { tickets 2 }\nplayer blue {}\n"
    with pytest.raises(canaldsl.ScoringError, match="winner not known"):
        canaldsl.final_scores(unknown)
