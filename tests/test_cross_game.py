"""What holds across games: a game's own command refuses another game's file with one line,
every game's ``score --format json`` validates against the one score schema, and a Canal
Grande turn note says what the turn changed in the race (the game has no points)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from canaldsl.cli import main
from canaldsl.jsonschemas import schema
from canaldsl.statuses import ExitCode
from canaldsl.verdicts import TurnNote

ROOT = Path(__file__).resolve().parent.parent
MANIA = "examples/medway-first-build.canal"
GRANDE = "examples/canalgrande/puzzle-vote-san-marco.canal"
GRANDE_WON = "examples/canalgrande/fourth-san-marco-wins.canal"


@pytest.mark.parametrize(
    ("args", "file", "mine", "theirs"),
    [
        (["best-build", GRANDE], GRANDE, "Canal Mania", "Canal Grande"),
        (["best-delivery", GRANDE], GRANDE, "Canal Mania", "Canal Grande"),
        (["can-complete", GRANDE, "Birmingham-Coventry"], GRANDE, "Canal Mania", "Canal Grande"),
        (["vote", MANIA, "--for", "red"], MANIA, "Canal Grande", "Canal Mania"),
        (["best-split", MANIA], MANIA, "Canal Grande", "Canal Mania"),
        (["can-win", MANIA, "--for", "red"], MANIA, "Canal Grande", "Canal Mania"),
    ],
)
def test_a_game_s_command_on_another_game_s_file_says_whose_file_and_whose_command(
    monkeypatch: pytest.MonkeyPatch, args: list[str], file: str, mine: str, theirs: str
) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == ExitCode.ERROR, result.output
    first = result.stderr.splitlines()[0]
    assert first == f"error: {file} is a {theirs} file; {args[0]} is a {mine} command"
    assert result.stderr.splitlines()[1].startswith("help: ")
    # one line and its hint: none of the other game's syntax errors
    assert "[E" not in result.stderr and result.stdout == ""


def test_the_refusal_is_json_with_format_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["best-build", GRANDE, "--format", "json"])
    assert result.exit_code == ExitCode.ERROR
    answer = json.loads(result.stdout)
    jsonschema.validate(answer, schema("best-build"))
    assert answer["error"]["message"] == (
        f"{GRANDE} is a Canal Grande file; best-build is a Canal Mania command"
    )


def test_a_game_s_command_on_its_own_game_s_file_still_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["vote", GRANDE, "--for", "Elena"])
    assert result.exit_code == ExitCode.OK, result.output
    assert "wins the vote" in result.stdout
    missing = CliRunner().invoke(main, ["vote", "no-such-file.canal", "--for", "Anna"])
    assert missing.exit_code == ExitCode.ERROR and "no-such-file.canal" in missing.stderr


@pytest.mark.parametrize("file", [MANIA, GRANDE, GRANDE_WON])
def test_every_game_s_score_json_validates_and_names_its_game(
    monkeypatch: pytest.MonkeyPatch, file: str
) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["score", file, "--format", "json"])
    assert result.exit_code == ExitCode.OK, result.output
    answer = json.loads(result.stdout)
    jsonschema.Draft202012Validator(schema("score")).validate(answer)
    assert answer["game"] == ("canalgrande" if "canalgrande" in file else "canalmania")


def test_score_json_of_canal_grande_says_who_won_and_the_prizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    answer = json.loads(CliRunner().invoke(main, ["score", GRANDE_WON, "--format", "json"]).stdout)
    assert answer["winner"] == "Anna" and answer["ranking"] == ["Anna", "Bruno"]
    assert answer["scores"] == {"Anna": 4, "Bruno": 1}
    assert answer["prizes"]["Anna"]["San Marco"] == 4
    assert answer["headline"] == f"{GRANDE_WON}: Anna has won the game"


def test_the_score_schema_keeps_each_game_s_required_parts() -> None:
    validator = jsonschema.Draft202012Validator(schema("score"))
    base = {"schema": "canaldsl/score/1", "file": "f.canal", "winner": None}
    # a document without `game` is Canal Mania's (written before the field): its parts needed
    assert not validator.is_valid(base)
    assert not validator.is_valid(base | {"game": "canalmania"})
    assert not validator.is_valid(base | {"game": "canalgrande"})
    grande = {"headline": "f.canal: nobody has won yet", "ranking": ["A", "B"]}
    grande |= {"scores": {"A": 0, "B": 0}, "prizes": {"A": {}, "B": {}}}
    assert validator.is_valid(base | {"game": "canalgrande"} | grande)
    assert not validator.is_valid(base | {"game": "Canal Grande"} | grande)
    # a game with no part of its own in the schema yet needs only the common fields
    assert validator.is_valid(base | {"game": "tickettoride"})


def test_a_legal_canal_grande_turn_note_says_what_changed_in_the_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check", "examples/canalgrande/spy-draws-a-traitor.canal"])
    notes = [line for line in result.stdout.splitlines() if ": turn Bruno: legal" in line]
    assert len(notes) == 1
    assert "no points" not in notes[0]
    assert "legal; number totals Anna 5 (+5), Bruno 1 (+1); no prize won; " in notes[0]
    won = CliRunner().invoke(main, ["check", GRANDE_WON]).stdout
    assert "number totals Anna 0, Bruno 0; Anna won 1 San Marco prize; Anna wins the game" in won


def test_a_turn_note_without_an_outcome_still_speaks_of_points() -> None:
    assert TurnNote(3, "red", True).text() == "turn red: legal; no points"
    assert TurnNote(3, "red", True, points={"red": 4}).text() == "turn red: legal; scored red +4"
    said = TurnNote(3, "A", True, outcome="number totals A 2 (+2), B 0; no prize won")
    assert said.text() == "turn A: legal; number totals A 2 (+2), B 0; no prize won"
    assert "number totals" not in TurnNote(3, "A", False, ("x.y",), outcome="n").text()
