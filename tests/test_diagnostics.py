"""Diagnostics: every stable code, where it is reported, and how it reads.

Every code in :data:`canaldsl.canalmania.codes.CODES` has a case here: a small .canal text (or a
small tree of files) that provokes it, with the exact 1-based line and column expected and a
stable part of the message. :func:`test_every_code_has_a_case` keeps the catalogue and the cases
in step. The texts use a small inline board (:data:`BOARD`), never the built-in England boards.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from miniboard import BOARD

import canaldsl
from canaldsl.canalmania.codes import CODES
from canaldsl.canalmania.loading import check_path, check_text
from canaldsl.diagnostics import Diagnostic, Severity, SourceError

# A 6x5 board. Hexes: London A1, Bath F1, York A5, Oxford F5; D1 and D2 are difficult, C3 and
# D3 are sea. Fewest tiles: LB 4 (B1 C1 D1 E1), YO 4 (B5 .. E5), LY 3 (A2 A3 A4).
BOARD_LINES = 17


def board_with(*items: str) -> str:
    """BOARD with extra board items: the first is on line 17, and starts at column 3."""
    return BOARD.removesuffix("}\n") + "".join(f"  {item}\n" for item in items) + "}\n"


def game(*lines: str) -> str:
    """BOARD followed by statements, one a line: the first is on line 18."""
    return BOARD + "".join(f"{line}\n" for line in lines)


# Two players without anything: lines 18 to 21, so the next statement is on line 22.
PLAYERS = ("player red {", "}", "player white {", "}")


def red(*items: str) -> tuple[str, ...]:
    """A red player with items (the first on line 19), then an empty white player."""
    return ("player red {", *(f"  {item}" for item in items), "}", "player white {", "}")


# A board with three towns in a row, one hex apart: Ashby A1, Barford C1, Colby E1.
ROW_BOARD = """\
board row {
  map {
    | A . B . C
  }
  town Ashby red marked A
  town Barford blue marked B
  town Colby green marked C
}
"""


@dataclass(frozen=True)
class Case:
    """A text that provokes one code at one position.

    ``also`` are the other codes the text provokes (a cascade that is expected); the codes found
    must be exactly the case's code and these.
    """

    text: str
    line: int
    column: int
    message: str
    hint: str | None = None
    also: frozenset[str] = frozenset()


CASES: dict[str, Case] = {
    # ------------------------------------------------------------ reading and syntax
    "E110": Case("rules second-edition $\n", 1, 22, "unexpected character '$'"),
    "E111": Case(
        "rules second-edition\nplayer red {\n  score red\n}\n",
        3,
        9,
        "'red'",
        hint="expected number",
    ),
    "E112": Case(
        "rules second-edition\nboard mini {\n  contract LB between London and",
        3,
        33,
        "the file ends in the middle of a statement",
    ),
    "E114": Case(
        "rules second-edition\nplayer red {\n  score 3\nplayer white {\n}\n",
        2,
        12,
        "this '{' is never closed",
        hint="add '}' before line 4 to close the block opened here",
    ),
    "E120": Case(
        BOARD.replace("| L . . ^ . B", "| L .. ^ . B"), 4, 9, "map cell '..' is not one character"
    ),
    "E103": Case(
        "rules second-edition\n# " + "x" * 2000 + "\n", 2, 2001, "2002 characters, more than 2000"
    ),
    "E104": Case(
        game(*red("score 99999999999999999999")),
        19,
        9,
        "the number 99999999999999999999 is larger than 999,999",
    ),
    # ------------------------------------------------------------ names
    "E201": Case(
        board_with("contract LX between Londn and Bath value 4"),
        17,
        23,
        "unknown place 'Londn'",
        hint="did you mean 'London'?",
    ),
    "E202": Case(game(*red("canal LX: London, stretch B1")), 19, 9, "unknown contract 'LX'"),
    "E203": Case("board wales\n", 1, 7, "unknown built-in board 'wales'"),
    "E205": Case(
        "rules second-edition { option undo-scop = previous-turn }\n",
        1,
        31,
        "unknown rules option 'undo-scop'",
        hint="did you mean 'undo-scope'?",
    ),
    "E206": Case(
        "rules second-edition {\n  option undo-scope = never\n}\n",
        2,
        23,
        "takes earlier-turns or previous-turn, not 'never'",
    ),
    "E207": Case(board_with("town Leeds pink at B3"), 17, 14, "unknown place colour 'pink'"),
    "E208": Case(
        game("player red {", "}", "player whte {", "}"),
        20,
        8,
        "unknown player colour 'whte'",
        hint="did you mean 'white'?",
    ),
    "E209": Case(game(*red("hand 2 shovel")), 19, 10, "unknown card kind 'shovel'"),
    "E210": Case(
        game(*red("engineer Telfrd")),
        19,
        12,
        "unknown engineer 'Telfrd'",
        hint="did you mean 'Telford'?",
    ),
    "E211": Case(board_with("hex B2 swamp"), 17, 10, "unknown terrain 'swamp'"),
    "E212": Case(BOARD.replace("| L . . ^ . B", "| L Q . ^ . B"), 4, 9, "unknown map key 'Q'"),
    "E213": Case(
        board_with("town Leeds red marked Z"), 17, 25, "map key 'Z' does not appear on the map"
    ),
    "E215": Case(
        game(*PLAYERS, "display stretch/orange, lock"), 22, 17, "unknown goods symbol 'orange'"
    ),
    "E216": Case(game(*red("supply 3 bridge")), 19, 12, "unknown tile kind 'bridge'"),
    "E217": Case(game(*red("hand 1 lock, 2 lock")), 19, 18, "lock is counted twice"),
    # ------------------------------------------------------------ boards
    "E301": Case(board_with("town London red at B3"), 17, 8, "place 'London' is declared twice"),
    "E214": Case(
        BOARD.replace("| . . . . . .\n    | Y", "| . . . B . .\n    | Y"),
        7,
        13,
        "map key 'B' is used twice",
    ),
    "E302": Case(board_with("hex B2 difficult"), 17, 7, "hex B2 is described twice"),
    "E317": Case(game("basin 20", "basin 20"), 19, 1, "this is stated twice"),
    "E318": Case(
        "board big {\n  grid 100000 x 100000\n}\n",
        2,
        3,
        "a board of 100000 by 100000 hexes is larger than 100 by 100",
    ),
    "E303": Case(board_with("hex G1 clear"), 17, 7, "hex G1 is off the grid"),
    "E319": Case(
        "board vias {\n  grid 20 x 2\n"
        + "".join(f"  town T{i} red at {chr(65 + i)}1\n" for i in range(15))
        + "  contract C between T0 and T1 via "
        + ", ".join(f"T{i}" for i in range(2, 15))
        + " value 99\n}\n",
        18,
        88,
        "contract 'C' names 13 via places, more than 12",
    ),
    "E304": Case(
        board_with("town Leeds red at A1"), 17, 8, "places 'London' and 'Leeds' are both on A1"
    ),
    "E305": Case(board_with("town Leeds red at C3"), 17, 21, "is on a sea hex (C3)"),
    "E306": Case(board_with("hex A0 clear"), 17, 7, "rows are numbered from 1"),
    "E307": Case(
        board_with("contract LB between London and York value 5"),
        17,
        12,
        "contract 'LB' is declared twice",
    ),
    "E308": Case(
        board_with("contract LL between London and London value 5"),
        17,
        34,
        "contract names 'London' more than once",
    ),
    "E309": Case(
        board_with("contract LX between London and Bath value 0"),
        17,
        45,
        "contract value 0 is out of range",
    ),
    "E314": Case(BOARD + "board other {\n}\n", 18, 1, "at most one board"),
    "E315": Case(BOARD + "rules first-edition\n", 18, 1, "at most one `rules` statement"),
    "E316": Case(
        "rules second-edition\nplayer red {\n}\nplayer white {\n}\n",
        2,
        1,
        "names no board",
        hint="add `board england`",
    ),
    "W310": Case(
        board_with("contract LB2 between London and Bath value 3"),
        17,
        46,
        "has value 3 but needs at least 4 tiles",
    ),
    "W311": Case(
        "board isles {\n  map {\n    | A ~ B\n  }\n  town Ayr red marked A\n"
        "  town Bute blue marked B\n  contract AB between Ayr and Bute value 2\n}\n",
        7,
        12,
        "contract 'AB' cannot be completed",
    ),
    # ------------------------------------------------------------ positions
    "E401": Case(game("player red {", "}", "player red {", "}"), 20, 8, "two players are red"),
    "E402": Case(
        game("player red {", "  engineer Jessop", "}", "player white {", "  engineer Jessop", "}"),
        22,
        12,
        "Jessop is held by two players",
    ),
    "E403": Case(
        game(*red("supply 17 stretch")),
        19,
        3,
        "17 in supply, more than the 16 a player owns",
    ),
    "E404": Case(
        game(*PLAYERS, "cubes at London, Bath", "basin 19"),
        23,
        7,
        "2 cubes on the map and 19 in the basin make 21; the second-edition has 20",
    ),
    "E405": Case(
        game(*PLAYERS, "cubes at London, London"), 22, 18, "London holds at most one goods cube"
    ),
    "E406": Case(
        game(*red("canal LB: London, stretch B1, lock C1 barge at B1")),
        19,
        50,
        "the barge of 'LB' stands at the end of its canal, C1, not B1",
    ),
    "E407": Case(
        game(*red("canal LB: London, stretch B1, lock E1")),
        19,
        38,
        "tile E1 is not next to B1",
    ),
    "E408": Case(
        game(*red("canal LB: York, stretch A4")),
        19,
        13,
        "'LB' must start at London or Bath, not York",
    ),
    "E409": Case(
        game(*red("canal LB: London, stretch B1, lock C1, stretch C2, lock C3")),
        19,
        59,
        "no tile may stand on C3: it is sea",
    ),
    "E410": Case(
        game(*red("canal LB: London, stretch B1, lock C1, stretch D1")),
        19,
        42,
        "cannot stand on difficult terrain (D1)",
    ),
    "E411": Case(
        game(
            *red("canal LY: London, stretch B1, lock C1, stretch C2, lock B2, stretch B3, lock A4")
        ),
        19,
        3,
        "'LY' has 6 tiles but its contract value is 5",
    ),
    "E412": Case(
        game(*red("canal LB: London, stretch B1, lock A2, stretch B1")),
        19,
        50,
        "the canal passes B1 twice",
    ),
    "E413": Case(
        game(*red("canal LB: London, stretch B1"), "parliament LB, YO"),
        23,
        12,
        "contract 'LB' is in parliament but held by red",
    ),
    "E414": Case(
        game(
            *red(
                "canal LB: London, stretch B1",
                "canal LY: London, stretch A2",
                "canal YO: York, stretch B5",
            )
        ),
        21,
        3,
        "red has 3 open contracts; a player has at most 2",
    ),
    "E415": Case(
        game(*red("completed LY: London, stretch A2, lock A3")),
        19,
        3,
        "completed 'LY' must end at York",
    ),
    "E416": Case("rules second-edition {\n  players 6\n}\n", 2, 11, "is for 2 to 5 players, not 6"),
    "E417": Case(
        game(*red("junctions 3"), "player black {", "}"),
        19,
        3,
        "red would have 3 junction contracts; each player has 1",
    ),
    "E418": Case(game(*red("hand 8 stretch")), 19, 3, "red holds 8 cards"),
    "E431": Case("rules second-edition {\n  end-mark +15\n}\n", 2, 12, "in steps of 10 points"),
    "E432": Case("rules first-edition {\n  end-mark +10\n}\n", 2, 3, "only the 2nd edition"),
    "E419": Case(
        game(*PLAYERS, "display stretch, lock, lock, tunnel, aqueduct, surveyor"),
        22,
        1,
        "the display holds 5 cards, not 6",
    ),
    "E420": Case(game(*PLAYERS, "now red phase 4"), 22, 15, "a turn has phases 1 to 3, not 4"),
    "E421": Case(
        game(*red("canal LB: London, York, stretch A4")),
        19,
        21,
        "a section needs at least one tile between London and York",
    ),
    "E422": Case(
        game(*red("canal LY: London, stretch A2, lock A3, stretch A4, York")),
        19,
        3,
        "'LY' has reached York, its far endpoint, so it is complete",
        hint="write it as `completed`",
    ),
    "E425": Case(
        ROW_BOARD
        + "player red {\n  canal junction: Ashby, stretch B1, Barford, lock D1, Colby\n}\n"
        "player white {\n}\n",
        10,
        3,
        "a junction canal joins exactly two places",
        # an open junction canal that reached a second place is also complete (E422)
        also=frozenset({"E422"}),
    ),
    "E427": Case(
        game(*red("engineer Rennie"), "engineers aside Rennie, Telford"),
        23,
        17,
        "Rennie is set aside but also held by a player",
    ),
    "E428": Case(
        game(*PLAYERS, "deck 201"), 22, 6, "a pile of 201 cards is more than the 200 a game could"
    ),
    "W424": Case(game("player white {", "}", "player red {", "}"), 18, 8, "the first player"),
    "W430": Case(
        game(*red("canal LB: London, stretch B1, stretch C1")),
        19,
        3,
        "stretch tiles at B1 and C1 are next to each other",
    ),
    # ------------------------------------------------------------ turns, expectations, queries
    "E501": Case(
        game(*PLAYERS, "turn whit {", "  phase 1:", "  pass", "}"),
        22,
        6,
        "unknown player 'whit'",
        hint="did you mean 'white'?",
    ),
    "E502": Case(
        game(*PLAYERS, "turn red {", "  phase 2:", "  pass", "  phase 1:", "  pass", "}"),
        25,
        9,
        "phase 1 comes after phase 2",
    ),
    "E503": Case(
        game(*PLAYERS, "turn red {", "  draw", "  phase 1:", "  pass", "}"),
        23,
        3,
        "this action is not inside a phase",
        hint="start it with `phase 1:`",
    ),
    "E505": Case(
        game(*PLAYERS, "query best-build LB for red"),
        22,
        18,
        "best-build asks about a player, not a contract",
    ),
    "E506": Case(
        game("turn red {", "  phase 1:", "  pass", "}"), 18, 1, "a turn needs players to play it"
    ),
    "E507": Case(
        game(*PLAYERS, "final deliveries {", "}", "final deliveries {", "}"),
        24,
        1,
        "a second `final deliveries` block",
        hint="write every final delivery in the block of line 22",
    ),
    "E508": Case(
        game(*PLAYERS, "final deliveries {", "}", "turn red {", "  phase 1:", "  pass", "}"),
        22,
        1,
        "the final deliveries come before a turn",
        hint="move the block after the last turn (line 24)",
    ),
    # ------------------------------------------------------------ rulebook examples
    "E601": Case(
        'rulebook FR section "Contrats" example medway\n',
        1,
        10,
        "unknown rulebook translation 'FR'",
        hint="did you mean 'fr'?",
    ),
    "E602": Case(
        'rules first-edition\nrulebook fr section "Contrats" example medway\n',
        2,
        1,
        "the `rulebook` statement must come first",
    ),
    "E603": Case(
        'rulebook fr section "Contrats" example medway\n'
        'rulebook it section "Contratti" example medway\n',
        2,
        1,
        "a file is the example of one rulebook only",
    ),
    "E604": Case(
        'rulebook de section "Verträge" example medway\nrules first-edition\n',
        2,
        7,
        "the German rulebook is the second-edition, not the first-edition",
    ),
    "E605": Case(
        'rulebook fr section "Restriction des couleurs" example peterborough\n'
        "rules first-edition { option colour-restriction-start = included }\n",
        2,
        57,
        "the French text reads colour-restriction-start = excluded",
    ),
    "E606": Case(
        game(*PLAYERS, 'known-error "the total is wrong"'),
        22,
        1,
        "`known-error` marks a rulebook example",
    ),
}


def _diagnostics(text: str) -> list[Diagnostic]:
    _, diagnostics = check_text(text, filename="case.canal")
    return diagnostics


def _find(diagnostics: list[Diagnostic], code: str, line: int, column: int) -> Diagnostic:
    at = [d for d in diagnostics if (d.code, d.line, d.column) == (code, line, column)]
    shown = [(d.code, d.line, d.column, d.message) for d in diagnostics]
    assert len(at) == 1, f"expected one {code} at {line}:{column}, got {shown}"
    return at[0]


@pytest.mark.parametrize("code", sorted(CASES))
def test_code(code: str) -> None:
    case = CASES[code]
    diagnostics = _diagnostics(case.text)
    found = _find(diagnostics, code, case.line, case.column)
    assert case.message in found.message
    if case.hint is not None:
        assert found.hint is not None and case.hint in found.hint
    assert {d.code for d in diagnostics} == {code, *case.also}
    expected = Severity.WARNING if code.startswith("W") else Severity.ERROR
    assert found.severity is expected
    assert found.file == "case.canal"
    assert found.source_line == case.text.split("\n")[case.line - 1]


def test_the_board_and_a_full_game_are_clean() -> None:
    """The texts above differ from good ones only where the case says."""
    assert BOARD.count("\n") == BOARD_LINES
    text = game(
        *red("engineer Brindley", "canal LB: London, stretch B1, lock C1 barge at C1"),
        "cubes at Bath",
        "basin 19",
        "turn red {",
        "  phase 1:",
        "  pass",
        "}",
        "expect legal",
    )
    scenario, diagnostics = check_text(text, filename="case.canal")
    assert diagnostics == []
    assert scenario is not None and scenario.board is not None
    assert scenario.board.name == "mini"
    assert sorted(scenario.board.places) == ["Bath", "London", "Oxford", "York"]


# ---------------------------------------------------------------- codes needing files


@dataclass(frozen=True)
class FileCase:
    """Files to write under tmp_path, and what checking ``games/main.canal`` reports."""

    files: Callable[[Path], None]
    line: int
    column: int
    message: str


def _main(board_ref: str) -> str:
    return f'rules second-edition\nboard "{board_ref}"\nplayer red {{\n}}\nplayer white {{\n}}\n'


BOARD_FILE = BOARD.split("\n", 1)[1]  # the board statement alone, without `rules`


def _write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


def _absolute(root: Path) -> None:
    _write(root / "games" / "mini.canal", BOARD_FILE)
    _write(root / "games" / "main.canal", _main(str(root / "games" / "mini.canal")))


def _missing(root: Path) -> None:
    _write(root / "games" / "main.canal", _main("nowhere.canal"))


def _two_boards(root: Path) -> None:
    _write(root / "games" / "two.canal", BOARD_FILE + BOARD_FILE.replace("mini", "other"))
    _write(root / "games" / "main.canal", _main("two.canal"))


FILE_CASES: dict[str, FileCase] = {
    "E100": FileCase(lambda root: None, 1, 1, "cannot read the file"),
    "E101": FileCase(
        lambda root: _write(
            root / "games" / "main.canal", b'rules second-edition\nboard x {\n  title "ab\xff"\n}\n'
        ),
        3,
        12,
        "byte 0xff is not UTF-8 text",
    ),
    "E311": FileCase(_absolute, 2, 7, "not an absolute path"),
    "E312": FileCase(_missing, 2, 7, "board file 'nowhere.canal' not found"),
    "E313": FileCase(_two_boards, 2, 7, "must hold exactly one `board NAME { ... }`"),
    "E102": FileCase(
        lambda root: _write(root / "games" / "main.canal", b"#" * (8 * 1024 * 1024 + 1)),
        1,
        1,
        "the file is larger than 8 MiB",
    ),
}


@pytest.mark.parametrize("code", sorted(FILE_CASES))
def test_code_from_files(code: str, tmp_path: Path) -> None:
    case = FILE_CASES[code]
    case.files(tmp_path)
    _, diagnostics, _ = check_path(tmp_path / "games" / "main.canal")
    found = _find(diagnostics, code, case.line, case.column)
    assert case.message in found.message
    assert [d.code for d in diagnostics] == [code]
    assert found.is_error


VERDICT_CODES = {"V001"}  # verdicts on turns: tested in test_cli_check and the rule tests
GAME_CHOICE_CODES = {"E113"}  # the core's, before a game is chosen: tested in test_games


def test_every_code_has_a_case() -> None:
    assert not set(CASES) & set(FILE_CASES)
    assert set(CASES) | set(FILE_CASES) | VERDICT_CODES | GAME_CHOICE_CODES == set(CODES)


# ---------------------------------------------------------------- several errors at once


MANY_ERRORS = board_with("hex G1 clear") + "".join(  # hex G1 is off the grid: 17:7
    f"{line}\n"
    for line in (
        "player red {",  # 19 (the board ends on line 18)
        "  engineer Jessop",
        "  canal LB: London, stretch B1, lock E1",  # 21: E1 is not next to B1
        "}",
        "player red {",  # 23: red twice
        "}",
        "player white {",
        "  engineer Jessop",  # 26: Jessop held twice
        "}",
        "cubes at Londn",  # 28: unknown place
        "turn white {",
        "  draw",  # 30: outside a phase
        "}",
    )
)
MANY_EXPECTED = {
    ("E303", 17, 7),
    ("E407", 21, 38),
    ("E401", 23, 8),
    ("E402", 26, 12),
    ("E201", 28, 10),
    ("E503", 30, 3),
}


def test_several_errors_are_reported_at_once() -> None:
    diagnostics = _diagnostics(MANY_ERRORS)
    assert {(d.code, d.line, d.column) for d in diagnostics} == MANY_EXPECTED
    assert len(diagnostics) == len(MANY_EXPECTED)
    # in source order
    assert [(d.line, d.column) for d in diagnostics] == sorted(
        (d.line, d.column) for d in diagnostics
    )


def test_several_syntax_errors_are_reported_at_once() -> None:
    text = (
        "rules second-edition\n"
        "player red {\n"
        "  score red\n"  # 3: a name where a number is due
        "}\n"
        "player white {\n"
        '  engineer "Jessop\n'  # 6: unterminated string
        "}\n"
        "basin $\n"  # 8: not a character of the language
    )
    scenario, diagnostics = check_text(text, filename="case.canal")
    assert scenario is None
    assert [(d.code, d.line, d.column) for d in diagnostics] == [
        ("E111", 3, 9),
        ("E110", 6, 12),
        ("E110", 8, 7),
    ]
    assert "unterminated string" in diagnostics[1].message


def test_source_error_carries_every_diagnostic() -> None:
    with pytest.raises(SourceError) as caught:
        canaldsl.parse(MANY_ERRORS, filename="many.canal")
    error = caught.value
    assert isinstance(error, ValueError)
    assert {(d.code, d.line, d.column) for d in error.diagnostics} == MANY_EXPECTED
    assert all(d.file == "many.canal" for d in error.diagnostics)
    assert str(error).startswith("many.canal:17:7: [E303] hex G1 is off the grid")
    assert "(and 5 more errors)" in str(error)
    assert error.source == MANY_ERRORS
    assert error.render().count("error[") == len(MANY_EXPECTED)


def test_source_error_for_a_syntax_error() -> None:
    with pytest.raises(ValueError, match=r"case\.canal:1:22: \[E110\]") as caught:
        canaldsl.parse(CASES["E110"].text, filename="case.canal")
    assert isinstance(caught.value, SourceError)
    assert [d.code for d in caught.value.diagnostics] == ["E110"]


def test_warnings_do_not_stop_a_file_from_being_understood() -> None:
    scenario = canaldsl.parse(CASES["W424"].text)
    assert [w.code for w in scenario.warnings] == ["W424"]
    assert all(not w.is_error for w in scenario.warnings)


def test_check_text_never_raises() -> None:
    for case in CASES.values():
        check_text(case.text)
    scenario, diagnostics = check_text("}}}\x00\n", filename="junk.canal")
    assert scenario is None
    assert diagnostics and all(d.code in CODES for d in diagnostics)


# ---------------------------------------------------------------- did you mean


@pytest.mark.parametrize(
    ("text", "code", "hint"),
    [
        (board_with("contract LX between Londn and Bath value 4"), "E201", "London"),
        (game(*PLAYERS, "cubes at Londn"), "E201", "London"),
        (game(*red("canal LB: Londn, stretch B1")), "E201", "London"),
        (game(*PLAYERS, "parliament LBB"), "E202", "LB"),
        ("board englnd\n", "E203", "england"),
        ("rules second-edition { option undo-scop = previous-turn }\n", "E205", "undo-scope"),
        (game("player red {", "}", "player whte {", "}"), "E208", "white"),
        (game(*red("engineer Telfrd")), "E210", "Telford"),
        (game(*red("hand 2 stretchh")), "E209", "stretch"),
        (game(*red("supply 2 tunel")), "E216", "tunnel"),
        (game(*PLAYERS, "now whit"), "E501", "white"),
    ],
)
def test_did_you_mean(text: str, code: str, hint: str) -> None:
    diagnostics = [d for d in _diagnostics(text) if d.code == code]
    assert len(diagnostics) == 1
    assert diagnostics[0].hint == f"did you mean {hint!r}?"


def test_no_hint_when_nothing_is_close() -> None:
    (diagnostic,) = _diagnostics(board_with("contract LX between Zzyzx and Bath value 4"))
    assert diagnostic.code == "E201"
    assert diagnostic.hint is None


# ---------------------------------------------------------------- reading files


def test_missing_file(tmp_path: Path) -> None:
    scenario, diagnostics, text = check_path(tmp_path / "missing.canal")
    assert scenario is None and text is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E100", 1, 1)
    assert "cannot read the file" in diagnostic.message
    assert diagnostic.file == str(tmp_path / "missing.canal")


def test_folder_instead_of_a_file(tmp_path: Path) -> None:
    scenario, diagnostics, text = check_path(tmp_path, display="games")
    assert scenario is None and text is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E100", 1, 1)
    assert diagnostic.message == "this is a folder, not a file"
    assert diagnostic.file == "games"
    assert diagnostic.render() == "games:1:1: error[E100]: this is a folder, not a file"


def test_load_raises_for_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        canaldsl.load(tmp_path / "missing.canal")
    assert [d.code for d in caught.value.diagnostics] == ["E100"]


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"\xffrules second-edition\n", 1, 1),
        (b'rules second-edition\nboard x {\n  title "ab\xff"\n}\n', 3, 12),
        (b"rules second-edition\n\n\n# caf\xe9\n", 4, 6),  # Latin-1, not UTF-8
        (b"rules second-edition\nboard mini\xc3\n", 2, 11),  # truncated sequence
    ],
)
def test_not_utf8(tmp_path: Path, data: bytes, line: int, column: int) -> None:
    path = tmp_path / "latin.canal"
    path.write_bytes(data)
    scenario, diagnostics, text = check_path(path)
    assert scenario is None and text is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E101", line, column)
    assert "is not UTF-8 text" in diagnostic.message
    # the line with the bad byte is shown, the byte as U+FFFD under the caret
    shown = data.decode("utf-8", "replace").splitlines()[line - 1]
    assert diagnostic.source_line.rstrip("\n") == shown
    assert shown[column - 1] == "\ufffd"
    assert diagnostic.hint is not None and "UTF-8" in diagnostic.hint


def test_not_utf8_column_counts_characters(tmp_path: Path) -> None:
    # `é` is two bytes in UTF-8 but one character: the bad byte is the 14th character of line 3.
    path = tmp_path / "cafe.canal"
    path.write_bytes('rules second-edition\nboard x {\n  title "Café'.encode() + b'\xff"\n}\n')
    _, diagnostics, _ = check_path(path)
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E101", 3, 14)


def test_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.canal"
    path.write_bytes(b"\xef\xbb\xbf" + BOARD.encode())
    scenario, diagnostics, _ = check_path(path)
    assert diagnostics == []
    assert scenario is not None and scenario.board is not None


# ---------------------------------------------------------------- board files


def _games(tmp_path: Path, board_ref: str) -> tuple[list[Diagnostic], object]:
    main = tmp_path / "games" / "main.canal"
    _write(main, _main(board_ref))
    scenario, diagnostics, _ = check_path(main)
    board = scenario.board if scenario is not None else None
    return diagnostics, board


def _only(diagnostics: list[Diagnostic]) -> tuple[str, int, int]:
    assert len(diagnostics) == 1, [(d.code, d.message) for d in diagnostics]
    d = diagnostics[0]
    return d.code, d.line, d.column


def test_board_file_in_the_same_folder(tmp_path: Path) -> None:
    _write(tmp_path / "games" / "mini.canal", BOARD_FILE)
    diagnostics, board = _games(tmp_path, "mini.canal")
    assert diagnostics == []
    assert getattr(board, "name", None) == "mini"


def test_board_file_in_a_subfolder(tmp_path: Path) -> None:
    _write(tmp_path / "games" / "boards" / "mini.canal", BOARD_FILE)
    diagnostics, board = _games(tmp_path, "boards/mini.canal")
    assert diagnostics == []
    assert getattr(board, "name", None) == "mini"


def test_board_file_by_absolute_path(tmp_path: Path) -> None:
    _write(tmp_path / "games" / "mini.canal", BOARD_FILE)
    diagnostics, board = _games(tmp_path, str(tmp_path / "games" / "mini.canal"))
    assert _only(diagnostics) == ("E311", 2, 7)
    assert "not an absolute path" in diagnostics[0].message
    assert board is None


def test_board_file_escaping_the_folder_with_dotdot(tmp_path: Path) -> None:
    _write(tmp_path / "shared" / "mini.canal", BOARD_FILE)
    diagnostics, board = _games(tmp_path, "../shared/mini.canal")
    assert _only(diagnostics) == ("E311", 2, 7)
    assert "lies outside this file's folder" in diagnostics[0].message
    assert diagnostics[0].hint == "keep shared boards in this folder or below it"
    assert board is None


def test_board_file_in_a_sibling_folder_with_a_common_prefix(tmp_path: Path) -> None:
    # `games2` starts with the text `games` but is not inside `games`.
    _write(tmp_path / "games2" / "mini.canal", BOARD_FILE)
    diagnostics, _ = _games(tmp_path, "../games2/mini.canal")
    assert _only(diagnostics) == ("E311", 2, 7)


def test_board_file_dotdot_that_stays_inside(tmp_path: Path) -> None:
    _write(tmp_path / "games" / "mini.canal", BOARD_FILE)
    (tmp_path / "games" / "boards").mkdir()
    diagnostics, board = _games(tmp_path, "boards/../mini.canal")
    assert diagnostics == []
    assert getattr(board, "name", None) == "mini"


def _symlink(link: Path, target: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.symlink(target, link)
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links are not available here")


def test_board_file_symlink_pointing_outside(tmp_path: Path) -> None:
    _write(tmp_path / "shared" / "mini.canal", BOARD_FILE)
    _symlink(tmp_path / "games" / "mini.canal", tmp_path / "shared" / "mini.canal")
    diagnostics, board = _games(tmp_path, "mini.canal")
    assert _only(diagnostics) == ("E311", 2, 7)
    assert "lies outside this file's folder" in diagnostics[0].message
    assert board is None


def test_board_file_symlink_pointing_inside(tmp_path: Path) -> None:
    _write(tmp_path / "games" / "boards" / "mini.canal", BOARD_FILE)
    _symlink(tmp_path / "games" / "mini.canal", tmp_path / "games" / "boards" / "mini.canal")
    diagnostics, board = _games(tmp_path, "mini.canal")
    assert diagnostics == []
    assert getattr(board, "name", None) == "mini"


def test_board_file_missing(tmp_path: Path) -> None:
    diagnostics, board = _games(tmp_path, "nowhere.canal")
    assert _only(diagnostics) == ("E312", 2, 7)
    assert diagnostics[0].message == "board file 'nowhere.canal' not found"
    assert board is None


def test_board_file_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "games" / "boards").mkdir(parents=True)
    diagnostics, _ = _games(tmp_path, "boards")
    assert _only(diagnostics) == ("E312", 2, 7)
    assert "is not a file" in diagnostics[0].message


@pytest.mark.parametrize(
    "content",
    [
        BOARD_FILE + BOARD_FILE.replace("mini", "other"),  # two boards
        BOARD,  # a board and a rules statement
        BOARD_FILE + "player red {\n}\n",  # a board and a player
        "board england\n",  # a name, not a board
        "# nothing\n",  # no board at all
    ],
    ids=["two-boards", "with-rules", "with-player", "named-board", "empty"],
)
def test_board_file_without_exactly_one_board(tmp_path: Path, content: str) -> None:
    _write(tmp_path / "games" / "b.canal", content)
    diagnostics, board = _games(tmp_path, "b.canal")
    assert _only(diagnostics) == ("E313", 2, 7)
    assert "must hold exactly one `board NAME { ... }` and nothing else" in diagnostics[0].message
    assert board is None


def test_errors_inside_a_board_file_name_that_file(tmp_path: Path) -> None:
    bad_board = BOARD_FILE.replace("between London and York", "between London and Yrok")
    _write(tmp_path / "games" / "mini.canal", bad_board)
    diagnostics, _ = _games(tmp_path, "mini.canal")
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E201", 15, 34)
    assert Path(diagnostic.file) == tmp_path / "games" / "mini.canal"
    assert diagnostic.hint == "did you mean 'York'?"
    assert diagnostic.source_line == "  contract LY between London and Yrok value 5"


def test_syntax_error_inside_a_board_file(tmp_path: Path) -> None:
    _write(tmp_path / "games" / "mini.canal", "board mini {\n  grid 3 x\n}\n")
    diagnostics, _ = _games(tmp_path, "mini.canal")
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E111", 3, 1)
    assert Path(diagnostic.file) == tmp_path / "games" / "mini.canal"


# ---------------------------------------------------------------- rendering


def test_render_with_caret_and_hint() -> None:
    diagnostic = _find(_diagnostics(CASES["E201"].text), "E201", 17, 23)
    assert diagnostic.render() == (
        "case.canal:17:23: error[E201]: unknown place 'Londn'\n"
        "   |\n"
        "17 |   contract LX between Londn and Bath value 4\n"
        "   |                       ^^^^^\n"
        "  = help: did you mean 'London'?"
    )


def test_render_warning() -> None:
    diagnostic = _find(_diagnostics(CASES["W310"].text), "W310", 17, 46)
    assert diagnostic.render() == (
        "case.canal:17:46: warning[W310]: contract 'LB2' has value 3 but needs at least 4 tiles\n"
        "   |\n"
        "17 |   contract LB2 between London and Bath value 3\n"
        "   |                                              ^"
    )


def test_render_end_of_file() -> None:
    (diagnostic,) = _diagnostics("player red { score")
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E112", 1, 19)
    assert diagnostic.render().split("\n")[1:4] == [
        "  |",
        "1 | player red { score",
        "  |                   ^",
    ]


def test_a_block_left_open_at_the_end_is_shown_where_it_opens() -> None:
    (diagnostic,) = _diagnostics("rules second-edition\nplayer red {\n  score 3\n")
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E114", 2, 12)
    assert diagnostic.hint == "add '}' at the end of the file to close the block opened here"


def test_the_innermost_open_block_is_the_one_shown() -> None:
    text = (
        "rules second-edition\nboard england\nplayer red {\n  engineer Brindley\n}\n"
        'now red phase 2\nturn red {\n  phase 2: build { "Medway": lock R27\n'
        "expect legal\n"
    )
    (diagnostic,) = _diagnostics(text)
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E114", 8, 18)
    assert diagnostic.hint == "add '}' before line 9 to close the block opened here"


def test_a_multi_word_name_gets_the_quoted_fix() -> None:
    text = (
        "rules second-edition\nboard england\n"
        "player red {\n  canal Medway Navigation: Tonbridge\n}\n"
    )
    (diagnostic,) = _diagnostics(text)
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E111", 4, 16)
    assert diagnostic.hint is not None
    assert diagnostic.hint.startswith(
        'write a name of several words in quotes: "Medway Navigation"'
    )


def test_a_lower_case_hex_gets_the_capitalised_fix() -> None:
    text = (
        "rules second-edition\nboard england\nplayer red {\n  engineer Brindley\n}\n"
        'now red phase 2\nturn red {\n  phase 2: build "Medway": lock r27\n}\n'
    )
    (diagnostic,) = _diagnostics(text)
    assert (diagnostic.code, diagnostic.line) == ("E111", 8)
    assert diagnostic.hint is not None
    assert diagnostic.hint.startswith("hex labels are written in capitals: R27")


def test_render_unterminated_string() -> None:
    (diagnostic,) = _diagnostics('rules second-edition\nboard "mini\n')
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E110", 2, 7)
    assert diagnostic.render().split("\n")[:4] == [
        "case.canal:2:7: error[E110]: unterminated string (a string must close on the same line)",
        "  |",
        '2 | board "mini',
        "  |       ^",
    ]


def test_render_with_a_tab() -> None:
    (diagnostic,) = _diagnostics("rules second-edition\n\tboard wales\n")
    assert (diagnostic.line, diagnostic.column) == (2, 8)
    assert diagnostic.render().split("\n")[2:4] == ["2 |  board wales", "  |        ^^^^^"]


def test_render_crlf_file() -> None:
    (diagnostic,) = _diagnostics("rules second-edition\r\nboard wales\r\n")
    assert (diagnostic.line, diagnostic.column) == (2, 7)
    assert "\r" not in diagnostic.render()


def test_json_form() -> None:
    diagnostic = _find(_diagnostics(CASES["E201"].text), "E201", 17, 23)
    assert diagnostic.to_json() == {
        "code": "E201",
        "severity": "error",
        "rule": None,
        "message": "unknown place 'Londn'",
        "hint": "did you mean 'London'?",
        "file": "case.canal",
        "line": 17,
        "column": 23,
        "end_line": 17,
        "end_column": 28,
    }


def test_wrong_terrain_message_is_good_english() -> None:
    diagnostic = _find(_diagnostics(CASES["E410"].text), "E410", 19, 42)
    assert "a aqueduct" not in diagnostic.message
