"""A board in its own file, included by a path relative to the including file."""

from __future__ import annotations

from pathlib import Path

from canaldsl.canalmania.loading import check_path
from canaldsl.hexgrid import Hex

BOARD = """board fens {
  map {
    | A . . B
  }
  town Ely red marked A
  city Lynn blue marked B
  contract "Ouse Navigation" between Ely and Lynn value 3
}
"""

GAME = """rules second-edition { players 2 }
board "boards/fens.canal"
player red { canal "Ouse Navigation": Ely, stretch B1 }
player white { }
"""


def test_a_board_file_in_a_subfolder_is_included(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "fens.canal").write_text(BOARD, encoding="utf-8")
    (tmp_path / "game.canal").write_text(GAME, encoding="utf-8")
    scenario, diagnostics, _ = check_path(tmp_path / "game.canal")
    assert [d.render() for d in diagnostics] == []
    assert scenario is not None and scenario.board is not None
    assert scenario.board.name == "fens"
    assert scenario.position is not None
    assert scenario.position.player("red").open_canals[0].barge == Hex.parse("B1")


def test_problems_in_the_included_file_name_that_file(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    broken = BOARD.replace("city Lynn blue", "city Lynn bleu")
    (tmp_path / "boards" / "fens.canal").write_text(broken, encoding="utf-8")
    (tmp_path / "game.canal").write_text(GAME, encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "game.canal", display="game.canal")
    errors = [d for d in diagnostics if d.is_error]
    assert [(d.code, d.file, d.line, d.column) for d in errors] == [
        ("E207", "boards/fens.canal", 6, 13)
    ]
    assert "did you mean 'blue'" in (errors[0].hint or "")


def test_a_board_file_may_not_hold_a_game(tmp_path: Path) -> None:
    (tmp_path / "other.canal").write_text(BOARD + "player red { }\n", encoding="utf-8")
    (tmp_path / "game.canal").write_text('board "other.canal"\n', encoding="utf-8")
    _, diagnostics, _ = check_path(tmp_path / "game.canal")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("E313", 1, 7)]
