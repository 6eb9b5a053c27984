"""Property-based fuzzing of the language: whatever a file holds, the answer is a verdict or
diagnostics with a line and a column, never a traceback.

Inputs: well-formed files made from the grammar's statements (:func:`well_formed_files`),
realistic positions and turns (``randompositions.make_case``) and the repository's own files;
then mutated (tokens deleted, repeated or swapped, random bytes, huge numbers, deep nesting,
non-UTF-8 bytes, very long lines, empty files). Each goes through ``fuzzoracle.exercise``
(reading, checking, formatting, playing, writing the position back) and through the command
line (exit status 0, 1 or 2, and no traceback). The examples are derandomised, so every run
(and CI) tries the same inputs; the whole file takes well under a minute.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from fuzzoracle import exercise
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from miniboard import BOARD
from randompositions import make_case

from canaldsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
REPOSITORY_FILES = sorted(
    p for folder in ("examples", "tests", "canaldsl") for p in (ROOT / folder).rglob("*.canal")
)

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ---------------------------------------------------------------- well-formed files

PLACES = ("London", "Bath", "York", "Oxford", "Leeds")
CONTRACTS = ("LB", "YO", "LY", "junction")
COLOURS = ("red", "white", "black", "green", "yellow")
CARDS = ("stretch", "lock", "aqueduct", "tunnel", "surveyor", "wild")
TILES = ("stretch", "lock", "aqueduct", "tunnel")
ENGINEERS = ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")
HEXES = tuple(f"{c}{r}" for c in "ABCDEFG" for r in range(1, 7))

place = st.sampled_from(PLACES)
contract = st.sampled_from(CONTRACTS)
colour = st.sampled_from(COLOURS)
hex_label = st.sampled_from(HEXES)
small = st.integers(0, 12)


def listed(element: st.SearchStrategy[str], most: int = 4) -> st.SearchStrategy[str]:
    return st.lists(element, min_size=1, max_size=most).map(", ".join)


card = st.sampled_from(CARDS) | st.tuples(st.sampled_from(CARDS), colour).map("/".join)
counts = listed(st.tuples(small, st.sampled_from(CARDS)).map(lambda c: f"{c[0]} {c[1]}"))
tile = st.tuples(st.sampled_from(TILES), hex_label).map(" ".join)
route = st.tuples(place, st.lists(tile | place, max_size=5)).map(lambda r: ", ".join((r[0], *r[1])))
player_item = st.one_of(
    st.sampled_from(ENGINEERS).map("engineer {}".format),
    small.map("score {}".format),
    counts.map("hand {}".format),
    counts.map("supply {}".format),
    small.map("junctions {}".format),
    st.tuples(contract, route, st.none() | hex_label).map(
        lambda c: f"canal {c[0]}: {c[1]}{f' barge at {c[2]}' if c[2] else ''}"
    ),
    st.tuples(contract, route).map(lambda c: f"completed {c[0]}: {c[1]}"),
)
build_line = st.tuples(
    contract,
    listed(
        st.tuples(tile, st.none() | listed(st.sampled_from(CARDS), 2)).map(
            lambda t: t[0] + (f" ({t[1]})" if t[1] else "")
        )
        | place,
        3,
    ),
).map(lambda b: f"{b[0]}: {b[1]}")
step = st.one_of(
    st.tuples(contract, place).map(lambda c: f"take contract {c[0]} barge at {c[1]}"),
    listed(contract, 2).map("reveal {}".format),
    colour.map("exchange engineer with {}".format),
    st.just("discard display"),
    listed(card, 3).map("take {} from display".format),
    listed(card, 3).map("refill {}".format),
    st.just("draw"),
    st.tuples(st.sampled_from(("red", "blue", "green")), listed(place, 2)).map(
        lambda c: f"place {c[0]} at {c[1]}"
    ),
    place.map("remove cube from {}".format),
    build_line.map("build {}".format),
    st.lists(place, min_size=2, max_size=4).map(lambda p: "move cube " + " > ".join(p)),
    st.tuples(contract, listed(hex_label, 2)).map(lambda c: f"remove tiles {c[0]}: {c[1]}"),
    listed(card, 2).map("discard {}".format),
    st.just("pass"),
)
turn = st.tuples(colour, st.lists(st.tuples(st.integers(1, 3), st.lists(step, max_size=3)))).map(
    lambda t: (
        f"turn {t[0]} {{\n"
        + "".join(f"  phase {p}:\n" + "".join(f"    {s}\n" for s in steps) for p, steps in t[1])
        + "}"
    )
)
statement = st.one_of(
    st.tuples(colour, st.lists(player_item, max_size=5)).map(
        lambda p: f"player {p[0]} {{\n" + "".join(f"  {i}\n" for i in p[1]) + "}"
    ),
    listed(contract).map("parliament {}".format),
    listed(contract).map("contract-deck {}".format),
    listed(card).map("display {}".format),
    small.map("deck {}".format),
    listed(card).map("discard-pile {}".format),
    listed(place).map("cubes at {}".format),
    small.map("basin {}".format),
    listed(st.sampled_from(ENGINEERS), 2).map("engineers aside {}".format),
    st.tuples(colour, st.integers(1, 3)).map(lambda n: f"now {n[0]} phase {n[1]}"),
    small.map("round {}".format),
    turn,
    st.sampled_from(("expect legal", "expect illegal", "expect cubes none", "expect winner red")),
    st.tuples(colour, small).map(lambda e: f"expect score {e[0]} {e[1]}"),
    st.tuples(colour, counts).map(lambda e: f"expect supply {e[0]} {e[1]}"),
    colour.map("query best-delivery for {}".format),
    contract.map("query can-complete {}: yes".format),
)


def well_formed_files() -> st.SearchStrategy[str]:
    """A small board, then statements of every kind in random order."""
    return st.lists(statement, max_size=8).map(lambda lines: BOARD + "\n".join(lines) + "\n")


realistic_files = st.integers(0, 10**6).map(lambda i: make_case(900 + i % 97, i).text)
repository_files = st.sampled_from(REPOSITORY_FILES).map(lambda p: p.read_text("utf-8"))

# ---------------------------------------------------------------- mutations

TOKEN = re.compile(r"\s+|[^\s]+")


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[str]) -> bytes:
    """A file with one to three mutations, as bytes (possibly not UTF-8)."""
    tokens = TOKEN.findall(draw(base))
    for _ in range(draw(st.integers(1, 3))):
        if not tokens:
            tokens = [""]
        at = draw(st.integers(0, len(tokens) - 1))
        kind = draw(
            st.sampled_from(
                ("delete", "repeat", "swap", "text", "number", "nesting", "long line", "cut")
            )
        )
        if kind == "delete":
            del tokens[at : at + draw(st.integers(1, 4))]
        elif kind == "repeat":
            tokens[at:at] = tokens[at : at + draw(st.integers(1, 3))] * draw(st.integers(1, 40))
        elif kind == "swap":
            other = draw(st.integers(0, len(tokens) - 1))
            tokens[at], tokens[other] = tokens[other], tokens[at]
        elif kind == "text":
            tokens.insert(at, draw(st.text(max_size=12)))
        elif kind == "number":
            tokens[at] = str(draw(st.sampled_from((10**6, 10**20, -1, 0))) + draw(small))
        elif kind == "nesting":
            depth = draw(st.integers(1, 5000))
            tokens.insert(at, draw(st.sampled_from(("{", "(", "[", "{ phase 1:"))) * depth)
        elif kind == "long line":
            tokens.insert(at, "# " + "x" * draw(st.sampled_from((1990, 2100, 50_000))))
        else:
            tokens = tokens[:at]
    data = "".join(tokens).encode("utf-8")
    if draw(st.booleans()) and data:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
    return data


any_file = st.one_of(
    well_formed_files().map(str.encode),
    mutated(well_formed_files()),
    mutated(realistic_files),
    mutated(repository_files),
    st.binary(max_size=200),
    st.sampled_from((b"", b"\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\r\n" * 10, b"{" * 100_000)),
)


# ---------------------------------------------------------------- properties


def test_the_generators_make_files_the_checker_understands() -> None:
    # Not every generated file is free of errors, but the generator must reach the engine.
    outcomes = {exercise(make_case(900, i).text.encode()) for i in range(3)}
    assert outcomes == {"understood"}
    assert exercise(BOARD.encode() + b"player red {\n}\nplayer white {\n}\n") == "understood"


@pytest.mark.slow
@settings(FUZZ, max_examples=200)
@given(well_formed_files())
def test_well_formed_files_parse_and_keep_every_promise(text: str) -> None:
    assert exercise(text.encode()) != "syntax"


@pytest.mark.slow
@settings(FUZZ, max_examples=500)
@given(any_file)
def test_any_bytes_give_a_verdict_or_diagnostics(data: bytes) -> None:
    exercise(data)


@settings(FUZZ, max_examples=150)
@given(
    any_file, st.sampled_from(("check", "check-json", "fmt", "play", "board", "delivery", "build"))
)
@pytest.mark.slow
def test_the_command_line_never_shows_a_traceback(data: bytes, command: str) -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "fuzz.canal")
        Path(path).write_bytes(data)
        arguments = {
            "check": ["check", path],
            "check-json": ["check", "--format", "json", path],
            "fmt": ["fmt", path],
            "play": ["play", path],
            "board": ["board", path],
            "delivery": ["best-delivery", "--time-limit", "2", path],
            "build": ["best-build", "--time-limit", "0.5", path],
        }[command]
        result = runner.invoke(main, arguments)
        if command == "fmt" and result.exit_code == 0:  # formatted in place: still the model
            exercise(Path(path).read_bytes())
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
