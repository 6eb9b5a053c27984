"""The Python API and the installed command, from any directory."""

from __future__ import annotations

import json
from pathlib import Path

import programs
import pytest

import canaldsl
from canaldsl.canalmania.components import CardKind

GOOD = """
rules first-edition { players 3 }
board tiny {
  map {
    | A . B
  }
  town Aston red marked A
  city Barton blue marked B
  contract "Aston Cut" between Aston and Barton value 2
}
player red { engineer Brindley  hand 1 lock  canal "Aston Cut": Aston }
player white { engineer Rennie }
player black { }
"""


def test_parse_returns_a_checked_scenario() -> None:
    scenario = canaldsl.parse(GOOD, filename="good.canal")
    assert scenario.filename == "good.canal"
    assert scenario.board is not None and set(scenario.board.places) == {"Aston", "Barton"}
    assert scenario.position is not None
    red = scenario.position.player("red")
    assert red.hand == {CardKind.LOCK: 1}
    assert red.open_canals[0].barge == "Aston"
    assert scenario.position.engineers_aside == ("Smeaton", "Jessop", "Telford")


def test_errors_are_value_errors_carrying_every_diagnostic() -> None:
    bad = GOOD.replace("engineer Rennie", "engineer Renny").replace("hand 1 lock", "hand 1 lok")
    with pytest.raises(ValueError) as info:
        canaldsl.parse(bad, filename="bad.canal")
    error = info.value
    assert isinstance(error, canaldsl.SourceError)
    assert sorted(d.code for d in error.diagnostics) == ["E209", "E210"]
    assert error.source == bad
    assert "bad.canal:" in str(error) and "and 1 more error" in str(error)


def test_load_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "good.canal"
    path.write_text(GOOD, encoding="utf-8")
    assert canaldsl.load(path).board is not None


def test_installed_command_works_from_any_directory(tmp_path: Path) -> None:
    # run from a folder outside the checkout, so the installed package (and its bundled
    # grammar and boards) is what gets imported
    result = programs.process("board", "england", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    places = data["places"]
    assert len(places) == 42
    assert sum(p["kind"] == "city" for p in places) == 6
    assert sum(p["kind"] == "town" for p in places) == 36
    by_colour: dict[str, int] = {}
    for p in places:
        by_colour[p["colour"]] = by_colour.get(p["colour"], 0) + 1
    assert by_colour == dict.fromkeys(("red", "yellow", "green", "blue", "black", "purple"), 7)
    colours = {p["name"]: p["colour"] for p in places}
    assert colours["London"] == colours["Burton"] == colours["Peterborough"] == "red"
    assert {colours[n] for n in ("Guildford", "Oxford", "Newark", "Northampton")} == {"black"}
    assert {"hex", "terrain"} <= set(data["hexes"][0])
    assert {"name", "from", "to", "via", "value", "starting"} <= set(data["contracts"][0])
    assert len(data["contracts"]) == 30


def test_board_command_text_and_first_edition() -> None:
    # only the output is tested: the command line's code in this process gives it alike
    result = programs.in_process("board", "england", "--edition", "first")
    assert result.returncode == 0, result.stderr
    assert "england-1st" in result.stdout and "Llangollen" in result.stdout
    unknown = programs.in_process("board", "englnd")
    assert unknown.returncode == 2
    assert "E203" in unknown.stderr and "england" in unknown.stderr
    assert "Traceback" not in unknown.stderr
