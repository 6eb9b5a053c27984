"""Benchmark of the Canal Mania language: parse speed and command-line start-up.

Run from a checkout with canaldsl installed (standard library only, plus canaldsl)::

    python bench/bench_language.py            # the full benchmark (about two minutes)
    python bench/bench_language.py --quick    # a smoke run: smaller files, fewer runs

Progress goes to stderr; the results go to stdout as Markdown tables, ready for
bench/README.md. See bench/README.md for what each figure means.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PARSE_TARGET_LINES_PER_S = 20_000
STARTUP_TARGET_S = 0.25
FULL_SIZES = (10_000, 30_000, 100_000)
QUICK_SIZES = (2_000, 6_000, 20_000)
HEAVY_MODULES = ("ortools", "constraint")  # the optional solvers; `check` must not load them


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- the large file
#
# A board of 40 x 60 hexes with 150 places on a lattice (every 4th column of every 4th row),
# contracts between neighbouring lattice places, five players with canals built along the
# lattice rows, a position, then turns (every kind of step) each followed by expectations and
# now and then a query, until the file has the wanted number of lines. The text is written in
# the formatter's canonical layout and is meant to be free of semantic errors too.

COLUMNS, ROWS, SPACING = 40, 60, 4
PLAYERS = ("red", "white", "black", "green", "yellow")
ENGINEERS = ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")
PLACE_COLOURS = ("red", "yellow", "green", "blue", "black", "purple")
_FIRST = ("Ash", "Brad", "Castle", "Dun", "Elm", "Fen", "Glen", "Hart", "Iron", "Kings", "Lang")
_FIRST += ("Mill", "North", "Oak", "Pen")
_SECOND = ("ford", "by", "ton", "wick", "ham", "field", "bridge", "port", "stow", "mouth")


def hex_label(col: int, row: int) -> str:
    letters = chr(65 + col) if col < 26 else chr(65 + (col - 26) // 26) + chr(65 + (col - 26) % 26)
    return f"{letters}{row + 1}"


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name or "&" in name else name


@dataclass
class _Lattice:
    names: dict[tuple[int, int], str]  # (col, row) of a place -> its name as written
    horizontal: dict[tuple[int, int], str]  # west end -> contract to the place 4 columns east
    vertical: dict[tuple[int, int], str]  # north end -> contract to the place 4 rows south


def _terrain(col: int, row: int) -> str:
    if row % SPACING == 0:
        return "."  # lattice rows stay clear: places and canals are there
    if row >= ROWS - 2 and col >= COLUMNS - 3:
        return "-"
    if row % SPACING == 2 and (col + row) % 17 == 0:
        return "~"
    return "^" if (col * 7 + row * 3) % 11 == 0 else "."


def _board(out: list[str]) -> _Lattice:
    lattice_cols = range(0, COLUMNS - 3, SPACING)
    lattice_rows = range(0, ROWS - 3, SPACING)
    names: dict[tuple[int, int], str] = {}
    for i, (c, r) in enumerate((c, r) for r in lattice_rows for c in lattice_cols):
        name = _FIRST[i // len(_SECOND) % len(_FIRST)] + _SECOND[i % len(_SECOND)]
        names[(c, r)] = f"Upper {name}" if i % 7 == 3 else name
    out += ["board bench {", '  title "Benchmark board, 40 x 60 hexes"']
    out.append("  map {")
    for r in range(ROWS):
        cells = " ".join(_terrain(c, r) for c in range(COLUMNS))
        out.append(("    | " + (" " if r % 2 else "") + cells).rstrip())
    out.append("  }")
    for i, ((c, r), name) in enumerate(names.items()):
        kind = "city" if i % 5 == 0 else "town"
        colour = PLACE_COLOURS[(i * 7 + i // 10) % len(PLACE_COLOURS)]
        out.append(f"  {kind} {_quoted(name)} {colour} at {hex_label(c, r)}")
    horizontal: dict[tuple[int, int], str] = {}
    vertical: dict[tuple[int, int], str] = {}
    for i, ((c, r), name) in enumerate(names.items()):
        a = name.replace("Upper ", "")
        east, south, far = names.get((c + 4, r)), names.get((c, r + 4)), names.get((c + 8, r))
        if east:
            contract = f"{a} & {east.replace('Upper ', '')} Canal" if i % 4 == 0 else f"{a}_Cut"
            horizontal[(c, r)] = contract
            starting = " starting" if i % 9 == 0 else ""
            out.append(
                f"  contract {_quoted(contract)} between {_quoted(name)} and {_quoted(east)}"
                f" value 5{starting}"
            )
        if south:
            contract = f"{a}_Navigation"
            vertical[(c, r)] = contract
            out.append(
                f"  contract {contract} between {_quoted(name)} and {_quoted(south)} value 7"
            )
        if far and east and c % 8 == 0 and r % 8 == 0:
            out.append(
                f"  contract {a}_Grand_Union between {_quoted(name)} and {_quoted(far)}"
                f" via {_quoted(east)} value 9"
            )
    out += ["}", ""]
    return _Lattice(names, horizontal, vertical)


def _tiles(col: int, row: int, count: int) -> list[str]:
    kinds = ("stretch", "lock")
    return [f"{kinds[i % 2]} {hex_label(col + 1 + i, row)}" for i in range(count)]


def _players(out: list[str], lat: _Lattice) -> dict[str, list[tuple[str, int, int]]]:
    """Five players; returns each player's open canals as (contract, col, row of last tile)."""
    open_canals: dict[str, list[tuple[str, int, int]]] = {}
    for p, colour in enumerate(PLAYERS):
        out.append(f'player {colour} "Player {p + 1}" {{')
        out.append(f"  engineer {ENGINEERS[p]}")
        out.append(f"  score {10 + 3 * p}")
        out.append("  hand 2 stretch, 1 lock, 1 surveyor")
        done_row, open_row = 8 * p, 8 * p + 4
        for c in (0, 4, 8):
            route = [_quoted(lat.names[(c, done_row)]), *_tiles(c, done_row, 3)]
            route.append(_quoted(lat.names[(c + 4, done_row)]))
            out.append(f"  completed {_quoted(lat.horizontal[(c, done_row)])}: {', '.join(route)}")
        open_canals[colour] = []
        for c in (0, 16):
            contract = lat.horizontal[(c, open_row)]
            route = [_quoted(lat.names[(c, open_row)]), *_tiles(c, open_row, 2)]
            barge = hex_label(c + 2, open_row)
            out.append(f"  canal {_quoted(contract)}: {', '.join(route)} barge at {barge}")
            open_canals[colour].append((contract, c + 2, open_row))
        out += ["}", ""]
    return open_canals


def _position(out: list[str], lat: _Lattice) -> list[str]:
    parliament = [_quoted(lat.vertical[(c, 44)]) for c in (0, 4, 8, 12, 16)]
    cubes = [_quoted(lat.names[(c, r)]) for c in (20, 24, 28, 32) for r in (40, 44, 48)]
    out.append("parliament " + ", ".join(parliament))
    out.append("contract-deck 120")
    out.append("display stretch/red, lock/blue, aqueduct/white, tunnel, surveyor")
    out.append("deck 40")
    out.append("discard-pile 6")
    out.append("cubes at " + ", ".join(cubes))
    out.append(f"basin {20 - len(cubes)}")
    out.append("now red phase 1")
    out.append("round 4")
    return cubes


def _turn(n: int, lat: _Lattice, open_canals: dict[str, list[tuple[str, int, int]]]) -> list[str]:
    colour = PLAYERS[n % len(PLAYERS)]
    other = PLAYERS[(n + 1) % len(PLAYERS)]
    (contract, col, row), (contract2, col2, row2) = open_canals[colour]
    k = n // len(PLAYERS)
    lc, lr = (4 * (k % 9), 4 * (k % 14))  # a lattice place that moves around
    here, east, south = lat.names[(lc, lr)], lat.names[(lc + 4, lr)], lat.names[(lc, lr + 4)]
    variant = n % 4
    lines = [f"# Turn {n + 1}: {colour}, variant {variant}", f"turn {colour} {{"]
    if variant == 0:
        lines += [
            "  phase 1:",
            "    take stretch/red, lock/blue from display",
            "    refill tunnel/green, stretch/white",
            "  phase 2:",
            "    build {",
            f"      {_quoted(contract)}: stretch {hex_label(col + 1, row)} (stretch),"
            f" lock {hex_label(col + 2, row)} (lock, surveyor@1)",
            f"      {_quoted(contract2)}: lock {hex_label(col2 + 1, row2)} (lock)",
            "    }",
            f"    place {PLACE_COLOURS[n % 6]} at {_quoted(here)}, {_quoted(east)}",
            "  phase 3:",
            f"    move cube {_quoted(here)} > {_quoted(east)}[{colour}] > {_quoted(south)}",
            "    discard lock/green",
        ]
    elif variant == 1:
        lines += [
            "  discard stretch/white",
            "  phase 1:",
            "    draw",
            "    draw stretch/red announce",
            "    draw from display",
            f"  phase 2: build {_quoted(contract)}: lock {hex_label(col + 1, row)} (lock)",
            "  phase 3:",
            f"    remove cube from {_quoted(here)}",
            "    pass",
        ]
    elif variant == 2:
        lines += [
            f"  remove tiles {_quoted(contract2)}: {hex_label(col2, row2)}",
            "  phase 1:",
            f"    take contract {_quoted(lat.vertical[(lc, lr)])} barge at {_quoted(here)}"
            f" then {_quoted(lat.horizontal[(lc, lr)])} barge at {_quoted(east)}",
            f"    reveal {_quoted(lat.vertical[(lc, lr)])}, {_quoted(lat.horizontal[(lc, lr)])}",
            "  phase 2:",
            f"    build junction: stretch {hex_label(lc + 1, lr)} (stretch), {_quoted(east)}",
            "    discard display",
            "  phase 3: pass",
        ]
    else:
        lines += [
            "  phase 1:",
            f"    take junction barge at {_quoted(here)}",
            f"    exchange engineer with {other}",
            "  phase 2:",
            "    exchange engineer for Jessop",
            f"    build {_quoted(contract)}: stretch {hex_label(col + 1, row)}"
            " (stretch@1, surveyor@2)",
            f"  phase 3: place {PLACE_COLOURS[(n + 2) % 6]} at {_quoted(south)}",
        ]
    lines.append("}")
    return lines


def _expectations(n: int, lat: _Lattice, cubes: list[str]) -> list[str]:
    colour = PLAYERS[n % len(PLAYERS)]
    other = PLAYERS[(n + 2) % len(PLAYERS)]
    lines = [
        "expect legal" if n % 5 else "expect illegal build.consecutive-tiles",
        f"expect score {colour} {12 + n % 40}",
        f"expect hand {other} {1 + n % 3} stretch, 1 lock",
        f"expect supply {colour} 8 stretch, 7 lock, 4 aqueduct, 3 tunnel",
        "expect cubes at " + ", ".join(cubes[: 1 + n % len(cubes)]),
        f"expect basin {8 + n % 3}",
    ]
    if n % 3 == 0:
        lines.append(f"query best-build for {colour}: {n % 17} points")
    if n % 7 == 0:
        c, r = 4 * (n % 9), 4 * (n % 14)
        lines.append(
            f"query can-complete {_quoted(lat.horizontal[(c, r)])} for {other}: yes with 3 cards"
        )
    if n % 11 == 0:
        lines.append(f"query best-delivery for {other}: {n % 9} points unique")
    return lines


def _wrap(line: str, width: int = 100) -> list[str]:
    """A long line broken after commas, continuation lines indented two levels deeper.

    The same layout as the formatter's, so that formatting the generated file changes nothing.
    """
    if len(line) <= width or ", " not in line or line.lstrip().startswith("#"):
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    first, *rest = line.split(", ")  # the generated names hold no ", "
    out, current = [], first
    for part in rest:
        if len(current) + 2 + len(part) > width:
            out.append(current + ",")
            current = indent + "    " + part
        else:
            current += ", " + part
    return [*out, current]


def generate(min_lines: int) -> str:
    """A valid Canal Mania file of at least ``min_lines`` lines."""
    out = [
        f"# Generated by bench/bench_language.py: at least {min_lines} lines.",
        "rules second-edition {",
        "  players 5",
        "  option undo-scope = previous-turn",
        "}",
        "",
    ]
    lattice = _board(out)
    open_canals = _players(out, lattice)
    cubes = _position(out, lattice)
    n = 0
    final = [
        "expect winner red",
        "expect final scores red 61, white 55, black 40, green 38, yellow 12",
    ]
    out = [wrapped for line in out for wrapped in _wrap(line)]
    while len(out) + len(final) < min_lines:
        chunk = ["", *_turn(n, lattice, open_canals), "", *_expectations(n, lattice, cubes)]
        out += [wrapped for line in chunk for wrapped in _wrap(line)]
        n += 1
    out += final
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- timing


@dataclass(frozen=True)
class Timing:
    runs: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def low(self) -> float:
        return min(self.runs)

    @property
    def high(self) -> float:
        return max(self.runs)


def time_runs(action: Callable[[], object], runs: int, *, pause_gc: bool = False) -> Timing:
    """Wall time of ``runs`` calls; garbage from the previous run is collected before each.

    With ``pause_gc`` the cyclic garbage collector is off during the call (only to show how
    much of the time it takes: canaldsl itself leaves it on).
    """
    times = []
    for _ in range(runs):
        gc.collect()
        if pause_gc:
            gc.disable()
        try:
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return Timing(tuple(times))


@dataclass(frozen=True)
class SizeResult:
    lines: int
    parse: Timing
    parse_no_gc: Timing
    check: Timing
    fmt: Timing


def bench_parsing(
    sizes: tuple[int, ...], runs: int, folder: Path
) -> tuple[list[SizeResult], dict[str, object]]:
    from canaldsl.canalmania.formatter import format_document
    from canaldsl.canalmania.loading import check_text
    from canaldsl.canalmania.parser import parse_document

    parse_document("rules second-edition\n")  # build (or load) the parser outside the timings
    results = []
    facts: dict[str, object] = {}
    fixed = generate(0)  # only what every size shares: rules, board, players, position
    fixed_check = time_runs(lambda: check_text(fixed), runs)
    fixed_note = (
        f"{fixed.count(chr(10))} lines shared by every size (rules, a board of 150 places and"
        f" {fixed.count(chr(10) + '  contract ')} contracts, 5 players, the position) take"
        f" {_s(fixed_check.median)} to parse and check"
    )
    for size in sizes:
        text = generate(size)
        path = folder / f"bench-{size}.canal"
        path.write_text(text, encoding="utf-8")
        lines = text.count("\n")
        progress(f"parsing {path.name}: {lines} lines, {len(text) / 1e6:.1f} MB, {runs} runs each")
        document, diagnostics = parse_document(text, filename=path.name)
        if document is None or diagnostics:
            shown = "; ".join(d.render() for d in diagnostics[:3])
            raise SystemExit(f"the generated file does not parse: {shown}")
        if size == sizes[-1]:
            _, all_diagnostics = check_text(text, filename=path.name)
            errors = [d for d in all_diagnostics if d.is_error]
            facts["statements"] = len(document.statements)
            facts["semantic errors"] = len(errors)
            facts["warnings"] = len(all_diagnostics) - len(errors)
            facts["formatted text equals input"] = format_document(document) == text
            for d in errors[:5]:
                progress("  semantic error in the generated file: " + d.render().splitlines()[0])
        parse = time_runs(lambda text=text: parse_document(text, filename="bench.canal"), runs)
        parse_no_gc = time_runs(
            lambda text=text: parse_document(text, filename="bench.canal"), runs, pause_gc=True
        )
        check = time_runs(lambda text=text: check_text(text, filename="bench.canal"), runs)
        fmt = time_runs(lambda document=document: format_document(document), runs)
        del document
        results.append(SizeResult(lines, parse, parse_no_gc, check, fmt))
        progress(
            f"  parse {lines / parse.median:,.0f} lines/s,"
            f" check {lines / check.median:,.0f} lines/s,"
            f" format {lines / fmt.median:,.0f} lines/s"
        )
    facts["fixed part"] = fixed_note
    return results, facts


# --------------------------------------------------------------------------- start-up

SMALL_EXAMPLE = """\
# Two players early in a second-edition game.
rules second-edition {
  players 2
}

BOARD

player red "Ann" {
  engineer Brindley
  score 2
  hand 2 stretch, 1 lock
  canal RED_CANAL
}

player white "Bob" {
  engineer Telford
  hand 3 stretch, 1 surveyor
  canal WHITE_CANAL
}

cubes at CUBES
now red

turn red {
  phase 1: take stretch/red, lock/blue from display
  phase 2: build RED_BUILD
  phase 3: pass
}

expect legal
expect score red 2
expect hand white 3 stretch, 1 surveyor
expect cubes at CUBES
"""

ENGLAND = {
    "BOARD": "board england",
    "RED_CANAL": '"Lancaster Canal": Preston, stretch D5',
    "WHITE_CANAL": '"Bridgewater Canal": Manchester, stretch E8',
    "RED_BUILD": '"Lancaster Canal": lock D4 (lock)',
    "CUBES": "London, Leeds, Bristol",
}

INLINE_BOARD = {
    "BOARD": """board mini {
  title "Mini"

  map {
    | . . . . . .
    |  . ^ . . ^ .
    | L . . . . M
    |  . . ^ . . .
    | . . . . B .
  }

  city Leeds red marked L
  city Manchester blue marked M
  town Bolton green marked B
  contract LeedsManchester between Leeds and Manchester value 7
  contract LeedsBolton between Leeds and Bolton value 6
}""",
    "RED_CANAL": "LeedsManchester: Leeds, stretch B3, lock C3",
    "WHITE_CANAL": "LeedsBolton: Leeds, stretch A4",
    "RED_BUILD": "LeedsManchester: stretch D3 (stretch)",
    "CUBES": "Manchester, Bolton",
}


def canaldsl_command() -> list[str]:
    script = shutil.which("canaldsl", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "canaldsl"]


def pick_example(folder: Path, requested: str | None) -> tuple[Path, str]:
    """The small file whose check is timed, and a note on where it comes from."""
    command = canaldsl_command()
    if requested:
        return Path(requested), "given with --example"
    examples = sorted(
        REPO.glob("examples/*.canal"), key=lambda p: (p.read_text().count("\n"), p.name)
    )
    usable = [
        p
        for p in examples
        if subprocess.run([*command, "check", str(p)], capture_output=True).returncode < 2
    ]
    if usable:
        chosen = usable[len(usable) // 2]  # the median-sized one
        return chosen, f"examples/{chosen.name} (median size of {len(usable)} examples)"
    from canaldsl.canalmania.analysis_board import BUILTIN_BOARDS, builtin_board_path

    builtin = builtin_board_path(BUILTIN_BOARDS["england-2nd"]).is_file()
    text = SMALL_EXAMPLE
    for key, value in (ENGLAND if builtin else INLINE_BOARD).items():
        text = text.replace(key, value)
    path = folder / "small.canal"
    path.write_text(text, encoding="utf-8")
    board = (
        "the built-in board england" if builtin else "a small inline board (england-2nd is missing)"
    )
    return path, f"a generated file on {board} (examples/ is empty)"


def run_times(
    command: list[str], runs: int, env: dict[str, str], *, fresh_cache: bool = False
) -> Timing:
    times = []
    for _ in range(runs):
        run_env = env
        if fresh_cache:  # an empty cache folder: the parser is built as on a first run
            run_env = {**env, "XDG_CACHE_HOME": tempfile.mkdtemp(prefix="canal-cold-")}
        start = time.perf_counter()
        done = subprocess.run(
            command, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        times.append(time.perf_counter() - start)
        if fresh_cache:
            shutil.rmtree(run_env["XDG_CACHE_HOME"], ignore_errors=True)
        if done.returncode >= 2:
            raise SystemExit(f"{' '.join(command)} failed with exit status {done.returncode}")
    return Timing(tuple(times))


def environments(folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The environments for the start-up runs: with and without a bytecode (.pyc) cache.

    Both use a parser cache folder of their own (warmed by a first, untimed run), so the
    benchmark never reads or writes the user's cache or the checkout's __pycache__ folders.
    """
    base = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
    with_pyc = {k: v for k, v in base.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with_pyc["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    without_pyc = {k: v for k, v in base.items() if k != "PYTHONPYCACHEPREFIX"}
    without_pyc["PYTHONDONTWRITEBYTECODE"] = "1"
    return with_pyc, without_pyc


def import_times(code: str, env: dict[str, str]) -> tuple[float, list[tuple[str, float, float]]]:
    """Total import time and every module's (name, self, cumulative) times, in seconds."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "[us]" in line:
            continue
        own, cumulative, name = line[len("import time:") :].split("|")
        rows.append((name.strip(), int(own) / 1e6, int(cumulative) / 1e6))
    total = sum(own for _, own, _ in rows)
    return total, sorted(rows, key=lambda row: -row[2])


HEAVY_PROBE = """
import importlib.util, json, sys

HEAVY = {heavy!r}
attempts = []


class Recorder:  # notes every attempt to import a solver, installed or not
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.split(".")[0] in HEAVY:
            attempts.append(name)
        return None


sys.meta_path.insert(0, Recorder)
from canaldsl.cli import main

try:
    main(["check", sys.argv[1]])
except SystemExit:
    pass
sys.meta_path.remove(Recorder)
print(json.dumps({{
    "loaded": sorted(m for m in sys.modules if m.split(".")[0] in HEAVY),
    "attempted": sorted(set(attempts)),
    "installed": sorted(m for m in HEAVY if importlib.util.find_spec(m) is not None),
    "modules": len(sys.modules),
}}))
"""


def heavy_modules(example: Path, env: dict[str, str]) -> dict[str, list[str] | int]:
    """Which solver modules `canaldsl check` imports or tries to import (run in a subprocess)."""
    code = HEAVY_PROBE.format(heavy=sorted(HEAVY_MODULES))
    done = subprocess.run(
        [sys.executable, "-c", code, str(example)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, list[str] | int] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@dataclass(frozen=True)
class StartupResult:
    rows: list[tuple[str, Timing]]
    example_note: str
    heavy: dict[str, list[str] | int]
    cli_imports: tuple[float, list[tuple[str, float, float]]]
    check_imports: tuple[float, list[tuple[str, float, float]]]
    target: Timing


def bench_startup(runs: int, cold_runs: int, folder: Path, requested: str | None) -> StartupResult:
    example, note = pick_example(folder, requested)
    progress(f"start-up: canaldsl check on {note}, {runs} runs each")
    with_pyc, without_pyc = environments(folder)
    command = canaldsl_command()
    check = [*command, "check", str(example)]
    rows: list[tuple[str, Timing]] = []
    for env in (with_pyc, without_pyc):  # untimed: fill the bytecode and parser caches
        run_times(check, 1, env)
    rows.append(
        (
            "`python -c pass` (the interpreter alone)",
            run_times([sys.executable, "-c", "pass"], runs, with_pyc),
        )
    )
    rows.append(("`canaldsl --version`", run_times([*command, "--version"], runs, with_pyc)))
    target = run_times(check, runs, with_pyc)
    rows.append(("`canaldsl check` (bytecode cached, parser cached)", target))
    rows.append(
        ("`canaldsl check` (no bytecode cache, parser cached)", run_times(check, runs, without_pyc))
    )
    rows.append(
        (
            "`canaldsl check` first run (bytecode cached, no parser cache yet)",
            run_times(check, cold_runs, with_pyc, fresh_cache=True),
        )
    )
    heavy = heavy_modules(example, with_pyc)
    cli_imports = import_times("import canaldsl.cli", with_pyc)
    check_imports = import_times("import canaldsl.cli, canaldsl.canalmania.report", with_pyc)
    return StartupResult(rows, note, heavy, cli_imports, check_imports, target)


# --------------------------------------------------------------------------- report


def _s(seconds: float) -> str:
    return f"{seconds:.3f} s" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"


def _rate(lines: int, seconds: float) -> str:
    return f"{lines / seconds:,.0f}"


def report(
    sizes: list[SizeResult],
    facts: dict[str, object],
    startup: StartupResult,
    runs: int,
    quick: bool,
) -> Iterator[str]:
    import lark

    import canaldsl

    largest, smallest = sizes[-1], sizes[0]
    yield f"## Results{' (--quick: smaller files and fewer runs)' if quick else ''}"
    yield ""
    yield (
        f"Machine: {os.cpu_count()} CPUs, {platform.processor() or platform.machine()},"
        f" {platform.system()}; Python {platform.python_version()}"
        f" ({platform.python_implementation()}); lark {lark.__version__};"
        f" canaldsl {canaldsl.__version__}."
    )
    yield ""
    yield f"### Parse speed ({largest.lines:,}-line file, {runs} runs each)"
    yield ""
    yield "| Step | Median | Min | Max | Lines/s (median) |"
    yield "|---|---|---|---|---|"
    for label, timing in (
        ("(a) parse to the syntax tree (`parse_document`)", largest.parse),
        ("(b) parse + semantic analysis (`check_text`)", largest.check),
        ("(c) format the syntax tree (`format_document`)", largest.fmt),
    ):
        yield (
            f"| {label} | {_s(timing.median)} | {_s(timing.low)} | {_s(timing.high)}"
            f" | {_rate(largest.lines, timing.median)} |"
        )
    yield ""
    parse_rate = largest.lines / largest.parse.median
    verdict = "met" if parse_rate >= PARSE_TARGET_LINES_PER_S else "MISSED"
    yield (
        f"Target: parsing at >= {PARSE_TARGET_LINES_PER_S:,} lines/s: **{verdict}**"
        f" ({parse_rate:,.0f} lines/s)."
    )
    yield ""
    shown = ", ".join(f"{key} {value}" for key, value in facts.items() if key != "fixed part")
    yield f"The generated file: {shown}."
    yield ""
    yield "### Growth with file size (median time per 1,000 lines)"
    yield ""
    yield "| Lines | Parse | Parse, GC paused | Parse + check | Format |"
    yield "|---|---|---|---|---|"
    names = ("parse", "parse_no_gc", "check", "fmt")
    for size in sizes:
        per = [getattr(size, name).median / size.lines * 1000 for name in names]
        yield f"| {size.lines:,} | " + " | ".join(f"{p * 1000:.1f} ms" for p in per) + " |"
    ratios = []
    for name in names:
        big = getattr(largest, name).median / largest.lines
        small = getattr(smallest, name).median / smallest.lines
        ratios.append(f"{big / small:.2f}")
    yield f"| ratio {largest.lines:,} : {smallest.lines:,} lines | " + " | ".join(ratios) + " |"
    yield ""
    yield (
        "A ratio near 1.00 means time grows linearly with the number of lines. The"
        f" {facts['fixed part']}: a cost that does not grow with the file, so parse + check"
        " costs more per line in the smallest file."
    )
    yield ""
    yield f"### Start-up (whole process, wall time, {len(startup.target.runs)} runs)"
    yield ""
    yield f"File checked: {startup.example_note}."
    yield ""
    yield "| Command | Median | Max | Runs |"
    yield "|---|---|---|---|"
    for label, timing in startup.rows:
        yield f"| {label} | {_s(timing.median)} | {_s(timing.high)} | {len(timing.runs)} |"
    yield ""
    verdict = "met" if startup.target.median < STARTUP_TARGET_S else "MISSED"
    yield (
        f"Target: `canaldsl check` under {STARTUP_TARGET_S} s (median): **{verdict}**"
        f" ({_s(startup.target.median)})."
    )
    yield ""

    def names(key: str) -> str:
        found = startup.heavy[key]
        return ", ".join(found) if isinstance(found, list) and found else "none"

    yield (
        f"Solver modules imported by `canaldsl check`: {names('loaded')};"
        f" attempted imports: {names('attempted')}"
        f" (of {', '.join(HEAVY_MODULES)}; installed here: {names('installed')};"
        f" {startup.heavy['modules']} modules loaded in all)."
    )
    for title, (total, rows) in (
        ('`python -X importtime -c "import canaldsl.cli"`', startup.cli_imports),
        (
            "imports of `canaldsl check` (`canaldsl.cli` + `canaldsl.canalmania.report`)",
            startup.check_imports,
        ),
    ):
        yield ""
        yield f"### Top 10 imports: {title} (total {_s(total)})"
        yield ""
        yield "| Module | Cumulative | Self |"
        yield "|---|---|---|"
        for name, own, cumulative in rows[:10]:
            yield f"| {name} | {_s(cumulative)} | {_s(own)} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller files and fewer runs")
    parser.add_argument("--example", help="the small .canal file whose check is timed")
    args = parser.parse_args()
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    runs = 3 if args.quick else 5
    startup_runs, cold_runs = (10, 3) if args.quick else (20, 5)
    if importlib.util.find_spec("canaldsl") is None:
        raise SystemExit("canaldsl is not installed in this Python; see bench/README.md")
    with tempfile.TemporaryDirectory(prefix="canal-bench-") as temp:
        folder = Path(temp)
        results, facts = bench_parsing(sizes, runs, folder)
        startup = bench_startup(startup_runs, cold_runs, folder, args.example)
        print("\n".join(report(results, facts, startup, runs, args.quick)))


if __name__ == "__main__":
    main()
