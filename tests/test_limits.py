"""Limits on untrusted files: each is refused just past its value with its own diagnostic,
accepted at its value, and nothing a file says can make canaldsl hang, read outside the
including file's folder, or blow up in memory or time.

The codes themselves (E102, E103, E104, E318, E428) have their cases in test_diagnostics.py;
here are the boundaries and the ways around them.
"""

from __future__ import annotations

import json
import os
import re
import time
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from miniboard import BOARD

import canaldsl.limits as limits
from canaldsl.canalmania.analysis_boarddecl import MAX_GRID_SIDE
from canaldsl.canalmania.analysis_position import MAX_PILE_CARDS
from canaldsl.canalmania.loading import check_path, check_text
from canaldsl.cli import main
from canaldsl.diagnostics import Diagnostic

PLAYERS = "player red {\n}\nplayer white {\n}\n"


def codes(diagnostics: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in diagnostics]


# ---------------------------------------------------------------- file size and line length


def test_a_file_at_the_size_limit_is_read_and_one_byte_more_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.canal"
    path.write_bytes(b"# comment line\n" * 66 + b"#" * 10)  # 1000 bytes
    assert os.path.getsize(path) == 1000
    scenario, diagnostics, _ = check_path(path)
    assert diagnostics == [] and scenario is not None
    path.write_bytes(path.read_bytes() + b"\n")
    scenario, diagnostics, text = check_path(path)
    assert scenario is None and text is None
    assert codes(diagnostics) == [("E102", 1, 1)]


def test_text_given_directly_is_held_to_the_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1000)
    scenario, diagnostics = check_text("# x\n" * 300)
    assert scenario is None and codes(diagnostics) == [("E102", 1, 1)]


def test_a_line_at_the_length_limit_is_read_and_one_more_character_is_not() -> None:
    at_limit = "#" * limits.MAX_LINE_CHARS
    assert check_text(f"rules second-edition\n{at_limit}\n")[1] == []
    _, diagnostics = check_text(f"rules second-edition\n{at_limit}x\n")
    assert codes(diagnostics) == [("E103", 2, limits.MAX_LINE_CHARS + 1)]


def test_a_device_that_never_ends_is_refused_at_once() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    started = time.monotonic()
    scenario, diagnostics, _ = check_path("/dev/zero")
    assert scenario is None
    assert codes(diagnostics) == [("E100", 1, 1)]
    assert "not a regular file" in diagnostics[0].message
    assert time.monotonic() - started < 5


def test_a_pipe_nobody_writes_to_does_not_hang(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    pipe = tmp_path / "pipe.canal"
    os.mkfifo(pipe)
    _, diagnostics, _ = check_path(pipe)
    assert codes(diagnostics) == [("E100", 1, 1)]
    (tmp_path / "main.canal").write_text('board "pipe.canal"\n', encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "main.canal")
    assert codes(diagnostics) == [("E312", 1, 7)]  # not a file


def test_the_command_line_refuses_a_long_line_without_a_traceback(tmp_path: Path) -> None:
    # A 5000-digit number once raised ValueError from int() (Python's digit limit).
    path = tmp_path / "digits.canal"
    path.write_text(f"rules second-edition {{ players {'9' * 5000} }}\n", encoding="utf-8")
    for command in (["check"], ["fmt"], ["play"]):
        result = CliRunner().invoke(main, [*command, str(path)])
        assert result.exit_code == 2, result.output
        assert "E103" in result.output and "Traceback" not in result.output


# ---------------------------------------------------------------- numbers and counts


def test_the_largest_number_is_accepted_and_the_next_is_not() -> None:
    limit = limits.MAX_NUMBER
    red = "player red {{\n  score {}\n}}\nplayer white {{\n}}\n"
    assert check_text(BOARD + red.format(limit))[1] == []
    _, diagnostics = check_text(BOARD + red.format(limit + 1))
    assert codes(diagnostics) == [("E104", 19, 9)]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("round 1000000", 7),
        ("basin 99999999999999999999999", 7),
        ("now red phase 1000000", 15),
        ("engineers aside Rennie\nexpect score red 1000000", 18),
    ],
)
def test_huge_numbers_anywhere_are_refused(line: str, column: int) -> None:
    _, diagnostics = check_text(BOARD + PLAYERS + line + "\n")
    assert ("E104", 22 + line.count("\n"), column) in codes(diagnostics)


def test_grid_at_the_limit_is_built_and_one_more_is_refused() -> None:
    side = MAX_GRID_SIDE
    started = time.monotonic()
    scenario, diagnostics = check_text(f"board big {{\n  grid {side} x {side}\n}}\n")
    assert diagnostics == [] and scenario is not None and scenario.board is not None
    assert len(scenario.board.terrain) == side * side
    assert time.monotonic() - started < 10
    for grid in (f"{side + 1} x 1", f"1 x {side + 1}", "100000 x 100000", "999999 x 999999"):
        scenario, diagnostics = check_text(f"board big {{\n  grid {grid}\n}}\n")
        assert codes(diagnostics) == [("E318", 2, 3)]
        assert scenario is not None and scenario.board is None


def test_a_map_too_wide_or_too_tall_is_refused() -> None:
    wide = "| " + " ".join("." * 1 for _ in range(MAX_GRID_SIDE + 1))
    _, diagnostics = check_text(f"board wide {{\n  map {{\n    {wide}\n  }}\n}}\n")
    assert codes(diagnostics) == [("E318", 2, 3)]
    tall = "".join("    | . .\n" for _ in range(MAX_GRID_SIDE + 1))
    _, diagnostics = check_text(f"board tall {{\n  map {{\n{tall}  }}\n}}\n")
    assert codes(diagnostics) == [("E318", 2, 3)]


@pytest.mark.parametrize("pile", ["deck", "discard-pile"])
def test_card_piles_at_the_limit_and_past_it(pile: str) -> None:
    assert check_text(BOARD + PLAYERS + f"{pile} {MAX_PILE_CARDS}\n")[1] == []
    _, diagnostics = check_text(BOARD + PLAYERS + f"{pile} {MAX_PILE_CARDS + 1}\n")
    assert codes(diagnostics) == [("E428", 22, len(pile) + 2)]
    cards = ", ".join(["stretch"] * (MAX_PILE_CARDS + 1))
    _, diagnostics = check_text(BOARD + PLAYERS + f"{pile} {cards}\n")
    assert codes(diagnostics) == [("E428", 22, 1)]


def test_players_tiles_and_hands_have_their_bounds() -> None:
    # players: the edition's range and the five colours; tiles: a player's supply; cards in a
    # hand: the hand limit. Each is a diagnostic, whatever the number.
    _, diagnostics = check_text("rules second-edition { players 999999 }\n")
    assert codes(diagnostics) == [("E416", 1, 32)]
    _, diagnostics = check_text(BOARD + PLAYERS + "player purple {\n}\n")
    assert [d.code for d in diagnostics] == ["E208"]
    _, diagnostics = check_text(BOARD + PLAYERS.replace("{\n", "{ supply 999999 stretch\n", 1))
    assert [d.code for d in diagnostics] == ["E403"]
    _, diagnostics = check_text(BOARD + PLAYERS.replace("{\n", "{ hand 999999 lock\n", 1))
    assert [d.code for d in diagnostics] == ["E418"]


# ---------------------------------------------------------------- includes


def test_a_board_file_cannot_include_another_so_includes_never_nest(tmp_path: Path) -> None:
    (tmp_path / "self.canal").write_text('board "self.canal"\n', encoding="utf-8")
    (tmp_path / "main.canal").write_text('board "self.canal"\n', encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "main.canal")
    assert codes(diagnostics) == [("E313", 1, 7)]
    _, diagnostics, _ = check_path(tmp_path / "self.canal")  # itself, directly
    assert codes(diagnostics) == [("E313", 1, 7)]


def test_a_symbolic_link_loop_is_refused(tmp_path: Path) -> None:
    try:
        os.symlink(tmp_path / "loop.canal", tmp_path / "loop.canal")
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links are not available here")
    (tmp_path / "main.canal").write_text('board "loop.canal"\n', encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "main.canal")
    assert codes(diagnostics) == [("E312", 1, 7)]


@pytest.mark.parametrize(
    "reference",
    [
        "../outside.canal",
        "inner/../../outside.canal",
        "/etc/passwd",
        "//etc/passwd",
        "C:/outside.canal",
        "link/outside.canal",
    ],
)
def test_no_reference_reaches_outside_the_folder(tmp_path: Path, reference: str) -> None:
    games = tmp_path / "games"
    (games / "inner").mkdir(parents=True)
    (tmp_path / "outside.canal").write_text("board b {\n  grid 2 x 2\n}\n", encoding="utf-8")
    try:
        os.symlink(tmp_path, games / "link")
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links are not available here")
    (games / "main.canal").write_text(f'board "{reference}"\n', encoding="utf-8")
    scenario, diagnostics, _ = check_path(games / "main.canal")
    assert [d.code for d in diagnostics] in (["E311"], ["E312"])
    assert scenario is not None and scenario.board is None


def test_a_board_file_over_the_size_limit_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100)
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "big.canal").write_text("#" * 50 + "\n" + "#" * 50, encoding="utf-8")
    (tmp_path / "main.canal").write_text('board "boards/big.canal"\n', encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "main.canal", display="main.canal")
    assert [(d.code, d.file, d.line) for d in diagnostics] == [("E102", "boards/big.canal", 1)]


def test_a_board_file_with_a_long_line_names_that_file(tmp_path: Path) -> None:
    board = 'board b {\n  title "' + "x" * limits.MAX_LINE_CHARS + '"\n}\n'
    (tmp_path / "b.canal").write_text(board, encoding="utf-8")
    (tmp_path / "main.canal").write_text('board "b.canal"\n', encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "main.canal", display="main.canal")
    assert [(d.code, d.file, d.line) for d in diagnostics] == [("E103", "b.canal", 2)]


# ---------------------------------------------------------------- 100,000 lines


def _lines(count: int) -> str:
    """A file of ``count`` lines: a board, two players, then comments and expectations."""
    head = BOARD + PLAYERS
    body = "# a remark about the position\nexpect score red 0\n" * count
    lines = head.count("\n")
    return head + "".join(body.splitlines(keepends=True)[: count - lines])


@pytest.mark.slow
def test_a_100000_line_file_is_checked_in_linear_time() -> None:
    small, large = _lines(10_000), _lines(100_000)
    assert large.count("\n") == 100_000
    timings = []
    for text in (small, large):
        started = time.perf_counter()
        scenario, diagnostics = check_text(text)
        timings.append(time.perf_counter() - started)
        assert scenario is not None and diagnostics == []
    # Ten times the lines: linear is ten times the time; allow a generous factor 25.
    assert timings[1] < 25 * timings[0] + 1.0, timings


@pytest.mark.slow
def test_memory_grows_linearly_with_the_file() -> None:
    peaks = []
    for count in (1_000, 10_000):
        text = _lines(count)
        tracemalloc.start()
        try:
            check_text(text)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    assert peaks[1] < 25 * peaks[0], peaks
    assert peaks[1] < 2_000 * len(_lines(10_000)), peaks  # far from a blow-up


# ---------------------------------------------------------------- solver time

HARD = """\
rules second-edition { players 3 }
board england
player red {
  engineer Brindley
  hand 4 tunnel, 5 stretch, 3 lock, 4 aqueduct, 2 surveyor
  canal "Kennet & Avon Canal": Bristol
}
player white { }
player black { }
now red phase 2
"""


@pytest.mark.parametrize(("output", "option"), [("text", "--budget"), ("json", "--time-limit")])
def test_a_solver_out_of_budget_says_unknown_with_its_bound(
    tmp_path: Path, output: str, option: str
) -> None:
    path = tmp_path / "hard.canal"
    path.write_text(HARD, encoding="utf-8")
    started = time.monotonic()
    result = CliRunner().invoke(
        main, ["best-build", option, "0.001", "--format", output, str(path)]
    )
    assert time.monotonic() - started < 30  # the budget is kept, give or take the model's build
    assert result.exit_code == 1, result.output
    if output == "json":
        answer = json.loads(result.output)
        assert answer["status"] == "UNKNOWN"
        assert answer["bound"] >= answer["points"] >= 0
        assert answer["budget"] == 0.001
    else:
        assert re.search(
            r"UNKNOWN: the work budget of 0.001 units was spent; best found \d+, bound \d+",
            result.output,
        ), result.output
    again = CliRunner().invoke(main, ["best-build", option, "0.001", "--format", output, str(path)])
    assert again.output == result.output  # the same cut every run: a budget is not a clock
    full = CliRunner().invoke(main, ["best-build", "--format", "json", str(path)])
    assert full.exit_code == 0 and json.loads(full.output)["status"] == "OPTIMAL"


def test_the_wall_clock_safety_limit_says_timeout_and_exits_3(tmp_path: Path) -> None:
    path = tmp_path / "hard.canal"
    path.write_text(HARD, encoding="utf-8")
    arguments = ["best-build", "--engine", "cp-sat", "--wall-limit", "1e-9", str(path)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 3, result.output
    assert "TIMEOUT: stopped by the wall-clock safety limit" in result.output
    assert "depends on the machine" in result.output


def test_the_queries_of_a_file_share_a_work_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import canaldsl.canalmania.evaluate as evaluation
    from canaldsl.budget import Budget

    text = HARD + "query best-build for red\nquery best-build for red\n"
    scenario, diagnostics = check_text(text)
    assert scenario is not None and not [d for d in diagnostics if d.is_error]
    first, second = evaluation.evaluate(scenario, budget=Budget(1e-9)).judgements
    assert first.passed is None and "UNKNOWN: the work budget" in first.reason
    assert second.passed is None
    assert second.reason == (
        "not evaluated: the queries of a file may spend 1e-09 work units together"
    )
    both = evaluation.evaluate(scenario).judgements  # the default budget answers both
    assert all(j.reason.startswith("best ") for j in both)


def test_a_delivery_search_out_of_budget_says_unknown() -> None:
    game = str(Path(__file__).resolve().parent.parent / "examples/game-record-2nd-edition.canal")
    for engine in ("exhaustive", "search"):  # the older name is still accepted
        arguments = ["best-delivery", "--engine", engine, "--format", "json", game]
        result = CliRunner().invoke(main, [*arguments[:-1], "--budget", "0.000001", game])
        assert result.exit_code == 1, result.output
        assert json.loads(result.output)["status"] == "UNKNOWN"
        full = CliRunner().invoke(main, arguments)
        assert full.exit_code == 0 and json.loads(full.output)["status"] == "OPTIMAL"


def test_a_query_cut_by_the_wall_clock_says_so_and_check_exits_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import canaldsl.budget
    import canaldsl.canalmania.evaluate as evaluation
    from canaldsl.budget import Budget

    text = HARD + "query best-build for red\nquery best-build for red\n"
    scenario, _ = check_text(text)
    assert scenario is not None
    result = evaluation.evaluate(scenario, budget=Budget(60.0, wall_seconds=1e-9))
    first, second = result.judgements
    assert result.timeout and first.passed is None and second.passed is None
    assert "TIMEOUT: stopped by the wall-clock safety limit" in first.reason
    assert second.reason == "not evaluated: the wall-clock safety limit stopped an earlier query"
    path = tmp_path / "hard.canal"
    path.write_text(text, encoding="utf-8")
    assert CliRunner().invoke(main, ["check", str(path)]).exit_code == 0  # within its budget
    monkeypatch.setattr(canaldsl.budget, "WALL_MINIMUM", 0.0)  # a safety limit of nothing
    monkeypatch.setattr(canaldsl.budget, "WALL_FACTOR", 1e-12)
    done = CliRunner().invoke(main, ["check", str(path)])
    assert done.exit_code == 3, done.output
    assert "wall-clock safety limit" in done.output
