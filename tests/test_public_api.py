"""The public Python API: canaldsl.check and canaldsl.final_scores, their typed results, short
reprs and notebook pictures."""

from __future__ import annotations

import json
from pathlib import Path

import programs
import pytest

import canaldsl
from canaldsl.statuses import Status

ROOT = Path(__file__).resolve().parent.parent
MEDWAY = ROOT / "examples" / "medway-two-locks.canal"

# A 5x3 board: Ashby A1, Barford E1, Colby A3; no canal built, no goods to move.
TWO_PLAYERS = """\
rules second-edition

board tiny {
  map {
    | A . . . B
    |  . . . . .
    | C . . . .
  }
  town Ashby red marked A
  town Barford blue marked B
  town Colby green marked C
  contract AB between Ashby and Barford value 4
}

player red {
  engineer Brindley
  score 12
}

player white {
  engineer Smeaton
  score 15
}
"""


def test_check_a_file_gives_the_same_as_the_command_line() -> None:

    result = canaldsl.check(MEDWAY)
    assert result.status == Status.OK and result.ok
    assert [t.rules for t in result.turns] == [("build.consecutive-tiles",)]
    assert [t.legal for t in result.turns] == [False]
    assert result.illegal_turns == result.turns
    assert [e.passed for e in result.expectations] == [True]
    ran = programs.in_process("check", "--format", "json", MEDWAY)
    assert json.loads(ran.stdout) == [result.to_json()]


def test_check_takes_a_path_as_a_string_or_the_text_itself() -> None:
    by_name = canaldsl.check(str(MEDWAY))
    by_text = canaldsl.check(MEDWAY.read_text(encoding="utf-8"))
    assert by_name.file == str(MEDWAY) and by_text.file == "<string>"
    assert by_name.turns == by_text.turns
    assert by_name.status == by_text.status


def test_check_never_raises_for_a_bad_file() -> None:
    result = canaldsl.check("rules second-edition\nboard england\nturn red { bogus }\n")
    assert result.status == Status.ERROR and not result.ok
    assert [d.code for d in result.errors] == ["E111"]
    assert result.turns == () and result.checked is None
    assert repr(result) == "<CheckResult <string>: error, 1 error>"
    missing = canaldsl.check(Path("no/such/file.canal"))
    assert [d.code for d in missing.errors] == ["E100"]


def test_reprs_are_short() -> None:
    result = canaldsl.check(MEDWAY)
    assert repr(result) == (f"<CheckResult {MEDWAY}: ok, 1 turn (1 illegal), claims: 1 of 1 hold>")
    assert repr(result.checked) == (
        f"<Scenario {MEDWAY}: first-edition, board england-1st, 3 players, 1 turn>"
    )
    assert len(repr(canaldsl.load(MEDWAY))) < 200


def test_notebook_pictures() -> None:
    result = canaldsl.check(MEDWAY)
    svg = result._repr_svg_()
    assert svg is not None and svg.lstrip().startswith("<?xml") and "</svg>" in svg
    page = result._repr_html_()
    assert "build.consecutive-tiles" in page and "<svg" in page and "holds" in page
    broken = canaldsl.check("rules second-edition\nboard england\nturn red { bogus }\n")
    assert broken._repr_svg_() is None
    assert "E111" in broken._repr_html_() and "<svg" not in broken._repr_html_()


def test_final_scores_of_a_position_with_nothing_left_to_score() -> None:
    """Worked by hand: no canal, no goods cube, 2nd edition (no bonus): the final scores are
    the scores written, and white leads."""
    scores = canaldsl.final_scores(TWO_PLAYERS)
    assert dict(scores.scores) == {"red": 12, "white": 15}
    assert scores.ranking == ("white", "red") and scores.winner == "white"
    assert repr(scores) == "<FinalScores white 15, red 12: white wins>"
    assert scores.to_json()["winner"] == "white"


def test_final_scores_agree_with_the_game_whatever_the_input() -> None:
    from canaldsl.canalmania.final import final_scoring
    from canaldsl.canalmania.play import state_after_turns

    path = ROOT / "examples" / "game-record-2nd-edition.canal"
    expected = final_scoring(state_after_turns(canaldsl.load(path)))
    for source in (path, str(path), path.read_text(encoding="utf-8"), canaldsl.check(path)):
        scores = canaldsl.final_scores(source)
        assert dict(scores.scores) == expected.scores
        assert scores.ranking == expected.ranking


def test_final_scores_break_down_by_source() -> None:
    """Worked by hand (the record's header): red 93 in play + 1 incomplete canal + 4 final
    goods = 98; black 83 + 1 + 2 = 86; the sources add up to each score."""
    scores = canaldsl.final_scores(ROOT / "examples" / "game-record-2nd-edition.canal")
    assert scores.breakdown is not None
    assert dict(scores.breakdown["red"]) == {
        "in_play": 93,
        "incomplete_canals": 1,
        "final_goods": 4,
        "prolific_bonus": 0,
    }
    assert scores.breakdown["black"]["final_goods"] == 2
    for player, total in scores.scores.items():
        assert sum(scores.breakdown[player].values()) == total


def test_final_scores_refuse_what_cannot_be_scored() -> None:
    with pytest.raises(canaldsl.SourceError):
        canaldsl.final_scores("rules second-edition\nboard england\nturn red { bogus }\n")
    with pytest.raises(canaldsl.SourceError):
        canaldsl.final_scores(canaldsl.check("rules second-edition\nboard nowhere\n"))
    with pytest.raises(canaldsl.ScoringError, match="no position to score"):
        canaldsl.final_scores("rules second-edition\nboard england\n")
    assert issubclass(canaldsl.ScoringError, ValueError)
