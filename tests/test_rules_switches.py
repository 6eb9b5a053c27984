"""The readings the texts leave open (issue 14): each switch holds and breaks on each side, the
defaults of each text, the 2nd edition's rules of a wrongly built canal and of an empty
parliament, and `check` naming the switch that decided a turn.

Board: the Vale (see rulecases.VALE). Switch defaults and their reasons: canalmania/options.py.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import programs
import pytest
from rulecases import (
    assert_breaks,
    assert_legal,
    breaks,
    final,
    game,
    holds,
    load,
    verdict,
)

from canaldsl.canalmania.options import SWITCHES, resolve
from canaldsl.canalmania.profiles import PROFILES
from canaldsl.canalmania.report import check_source
from canaldsl.jsonschemas import schema

OTHERS = """
player white {
  engineer Brindley
}
player black {
  engineer Jessop
}
"""


def red_game(
    red: str,
    steps: str,
    *,
    options: dict[str, str] | None = None,
    edition: int = 2,
    phase: int = 2,
    extra: str = "",
) -> str:
    """Red (Smeaton, holding ``red``) plays ``steps`` from ``phase``."""
    body = f"""
player red {{
  engineer Smeaton
  {red}
}}
{OTHERS}
{extra}
now red phase {phase}

turn red {{
  {steps}
}}
"""
    return game(body, edition=edition, options=options)


# ------------------------------------------------------------------ consecutive-tiles
# Dale Canal: Dale A3, lock A4, stretch B4, then lock B3: B3 touches the lock on A4 in the
# same section (Dale to Elm) without following it.

DOUBLING_BACK = 'hand 1 lock, 2 stretch\n  canal "Dale Canal": Dale, lock A4, stretch B4'
LOCK_NEXT_TO_LOCK = 'phase 2: build "Dale Canal": lock B3 (lock), stretch C3 (stretch), Elm'


@holds("build.consecutive-tiles")
def test_next_along_the_canal_lets_two_locks_touch_when_not_consecutive() -> None:
    text = red_game(
        DOUBLING_BACK, LOCK_NEXT_TO_LOCK, options={"consecutive-tiles": "next-along-canal"}
    )
    assert_legal(verdict(text))


@breaks("build.consecutive-tiles")
def test_the_2nd_editions_default_refuses_two_locks_touching_in_one_section() -> None:
    # the 2nd edition's only text is DE: neighbouring-hexes is the edition's default
    text = red_game(DOUBLING_BACK, LOCK_NEXT_TO_LOCK)
    assert load(text).rules.option_sources["consecutive-tiles"] == "default of the 2nd edition"
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "lock B3")


@breaks("build.consecutive-tiles")
def test_neighbouring_hexes_refuses_two_locks_touching_in_one_section() -> None:
    text = red_game(
        DOUBLING_BACK, LOCK_NEXT_TO_LOCK, options={"consecutive-tiles": "neighbouring-hexes"}
    )
    found = assert_breaks(verdict(text), "build.consecutive-tiles", text, "lock B3")
    assert "A4" in found.message


@holds("build.consecutive-tiles")
def test_neighbouring_hexes_still_allows_touching_tiles_of_other_kinds() -> None:
    text = red_game(
        DOUBLING_BACK,
        'phase 2: build "Dale Canal": lock C3 (lock), Elm',
        options={"consecutive-tiles": "neighbouring-hexes"},
    )
    assert_legal(verdict(text))


@breaks("build.consecutive-tiles")
def test_next_along_the_canal_still_refuses_two_locks_in_a_row() -> None:
    text = red_game(
        DOUBLING_BACK,
        'phase 2: build "Dale Canal": stretch B3 (stretch)',
        options={"consecutive-tiles": "next-along-canal"},
    )
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "stretch B3")


# ------------------------------------------------------------------ junction-double-take

PARLIAMENT_OF_TWO = 'parliament "Ashby Cut", "Brook Line"\ncontract-deck 10'
PARLIAMENT_OF_THREE = 'parliament "Ashby Cut", "Brook Line", "Hale Cut"\ncontract-deck 10'


@holds("contract.junction")
def test_second_contract_only_allows_the_junction_with_two_in_parliament() -> None:
    text = red_game(
        "",
        "phase 1: take junction barge at Elm",
        phase=1,
        extra=PARLIAMENT_OF_TWO,
        options={"junction-double-take": "second-contract-only"},
    )
    assert_legal(verdict(text))


@breaks("contract.junction")
def test_the_2nd_editions_default_refuses_the_junction_with_two_in_parliament() -> None:
    text = red_game("", "phase 1: take junction barge at Elm", phase=1, extra=PARLIAMENT_OF_TWO)
    assert_breaks(verdict(text), "contract.junction", text, "take junction")


@breaks("contract.junction")
def test_whenever_two_possible_refuses_the_junction_with_two_in_parliament() -> None:
    text = red_game(
        "",
        "phase 1: take junction barge at Elm",
        phase=1,
        extra=PARLIAMENT_OF_TWO,
        options={"junction-double-take": "whenever-two-possible"},
    )
    assert_breaks(verdict(text), "contract.junction", text, "take junction")


@holds("contract.junction")
def test_whenever_two_possible_allows_the_junction_with_three_in_parliament() -> None:
    text = red_game(
        "",
        "phase 1: take junction barge at Elm",
        phase=1,
        extra=PARLIAMENT_OF_THREE,
        options={"junction-double-take": "whenever-two-possible"},
    )
    assert_legal(verdict(text))


@breaks("contract.junction")
def test_second_contract_only_still_refuses_the_junction_as_second_contract() -> None:
    text = red_game(
        "",
        'phase 1: take contract "Ashby Cut" barge at Ashby then junction barge at Elm',
        phase=1,
        extra=PARLIAMENT_OF_TWO,
        options={"junction-double-take": "second-contract-only"},
    )
    assert_breaks(verdict(text), "contract.junction", text, "junction barge")


# ------------------------------------------------------------------ no-contract-left

EMPTY = "parliament\ncontract-deck 0"
NO_CONTRACT = "junctions 0\n  hand 1 stretch"


@holds("contract.none-left-other-action")
def test_may_skip_lets_phase_one_pass_with_no_contract_left() -> None:
    text = red_game(
        NO_CONTRACT,
        "phase 2: draw",
        phase=1,
        extra=EMPTY + "\ndeck 20",
        options={"no-contract-left": "may-skip"},
    )
    assert_legal(verdict(text))


@breaks("contract.none-left-other-action")
def test_the_2nd_editions_default_refuses_an_empty_phase_one_with_no_contract_left() -> None:
    text = red_game(NO_CONTRACT, "phase 2: draw", phase=1, extra=EMPTY + "\ndeck 20")
    assert_breaks(verdict(text), "contract.none-left-other-action", text, "turn red")


@breaks("contract.none-left-other-action")
def test_other_action_refuses_an_empty_phase_one_with_no_contract_left() -> None:
    text = red_game(
        NO_CONTRACT,
        "phase 2: draw",
        phase=1,
        extra=EMPTY + "\ndeck 20",
        options={"no-contract-left": "other-action"},
    )
    assert_breaks(verdict(text), "contract.none-left-other-action", text, "turn red")


@holds("contract.none-left-other-action")
def test_other_action_is_met_by_another_phase_one_action() -> None:
    text = red_game(
        NO_CONTRACT,
        "phase 1: draw",
        phase=1,
        extra=EMPTY + "\ndeck 20",
        options={"no-contract-left": "other-action"},
    )
    assert_legal(verdict(text))


@holds("contract.none-left-other-action")
def test_other_action_asks_nothing_of_a_player_with_an_open_contract() -> None:
    text = red_game(
        'junctions 0\n  canal "Ashby Cut": Ashby',
        "phase 2: draw",
        phase=1,
        extra=EMPTY + "\ndeck 20",
        options={"no-contract-left": "other-action"},
    )
    assert_legal(verdict(text))


# ------------------------------------------------------------------ winner-tie-engineer

TIE = """
player red {
  engineer Smeaton
  score 30
  completed "Gor Navigation"
}
player white {
  engineer Rennie
  score 30
  completed "Ashby Cut"
}
player black {
  engineer Jessop
  score 30
}
"""
# red and white: 30 points, one canal of value 3 each; Rennie (white) has the higher number.


@holds("end.winner")
def test_highest_number_gives_the_tie_to_the_younger_engineer() -> None:
    text = game(TIE, options={"winner-tie-engineer": "highest-number"})
    assert final(text).ranking[:2] == ("white", "red")


@holds("end.winner")
def test_lowest_number_gives_the_tie_to_the_older_engineer() -> None:
    text = game(TIE, options={"winner-tie-engineer": "lowest-number"})
    assert final(text).ranking[:2] == ("red", "white")


@pytest.mark.parametrize("reading", ["highest-number", "lowest-number"])
def test_the_winner_expectation_fails_under_the_other_reading(reading: str) -> None:
    expected = "white" if reading == "lowest-number" else "red"
    text = game(TIE + f"\nexpect winner {expected}\n", options={"winner-tie-engineer": reading})
    report = check_source(text, path=None, display="tie.canal")
    assert [e.passed for e in report.expectations] == [False]


# ------------------------------------------------------------------ build.shortest-completion
# Hale Cut (Hale D5 to Isle G5, value 2) built Hale, stretch D6: no correct completion is left
# (two more tiles make three), so the canal is wrongly built; the fewest more tiles are 2.

WRONG = 'hand 2 lock, 2 stretch\n  canal "Hale Cut": Hale, stretch D6'


@holds("build.shortest-completion", "score.completion")
def test_a_wrongly_built_canal_is_finished_the_shortest_way_beyond_its_value() -> None:
    text = red_game(WRONG, 'phase 2: build "Hale Cut": lock E6 (lock), stretch F6 (stretch), Isle')
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").completed_contracts == ("Hale Cut",)


@holds("build.shortest-completion")
def test_a_wrongly_built_canal_may_be_built_on_partly_along_a_shortest_way() -> None:
    text = red_game(WRONG, 'phase 2: build "Hale Cut": lock E5 (lock)')
    assert_legal(verdict(text))


@breaks("build.shortest-completion")
def test_a_wrongly_built_canal_may_not_take_a_longer_way() -> None:
    text = red_game(
        WRONG,
        'phase 2: build "Hale Cut": lock E6 (lock), stretch F6 (stretch), lock G6 (lock), Isle',
    )
    found = assert_breaks(verdict(text), "build.shortest-completion", text, '"Hale Cut"')
    assert "2 more tiles" in found.message


@breaks("build.completable")
def test_the_first_edition_refuses_any_build_on_a_wrongly_built_canal() -> None:
    text = red_game(WRONG, 'phase 2: build "Hale Cut": lock E5 (lock)', edition=1)
    v = verdict(text)
    assert "build.completable" in v.rules and "build.shortest-completion" not in v.rules


# ------------------------------------------------------------------ defaults per text


def test_every_text_default_is_a_value_of_its_switch_with_a_reason() -> None:
    for switch in SWITCHES.values():
        for key, value in switch.profile_defaults.items():
            assert key in PROFILES and value in switch.values
            assert switch.reasons.get(key), (switch.name, key)
        for rule_set in switch.defaults:
            assert switch.reasons.get(rule_set), (switch.name, rule_set)


def test_the_de_text_reads_its_own_way() -> None:
    de = PROFILES["de"].options
    assert de["consecutive-tiles"] == "neighbouring-hexes"
    assert de["junction-double-take"] == "whenever-two-possible"
    assert de["no-contract-left"] == "other-action"
    assert PROFILES["fr"].options["colour-restriction-start"] == "excluded"
    assert PROFILES["it"].options["consecutive-tiles"] == "next-along-canal"


def test_the_2nd_editions_defaults_are_the_de_readings() -> None:
    # the DE rulebook is the 2nd edition's only text; the 1st edition keeps IT's and FR's
    from canaldsl.canalmania.components import Edition
    from canaldsl.canalmania.options import SWITCHES

    second = resolve(Edition.SECOND, {})
    assert second == resolve(Edition.SECOND, {}, "de")
    assert second["consecutive-tiles"] == "neighbouring-hexes"
    assert second["junction-double-take"] == "whenever-two-possible"
    assert second["no-contract-left"] == "other-action"
    assert second["winner-tie-engineer"] == "highest-number"
    first = resolve(Edition.FIRST, {})
    assert first["consecutive-tiles"] == "next-along-canal"
    assert first["no-contract-left"] == "may-skip"
    for name in ("consecutive-tiles", "junction-double-take", "no-contract-left"):
        assert "only text" in SWITCHES[name].reasons["second-edition"], name


@breaks("build.consecutive-tiles")
def test_option_rulebook_takes_the_texts_defaults() -> None:
    text = red_game(DOUBLING_BACK, LOCK_NEXT_TO_LOCK, options={"rulebook": "de"})
    scenario = load(text)
    assert scenario.rules.options["consecutive-tiles"] == "neighbouring-hexes"
    assert scenario.rules.option_sources["consecutive-tiles"] == "default of the de rulebook"
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "lock B3")


def test_an_option_set_in_the_file_outranks_the_texts_default() -> None:
    text = red_game(
        DOUBLING_BACK,
        LOCK_NEXT_TO_LOCK,
        options={"rulebook": "de", "consecutive-tiles": "next-along-canal"},
    )
    assert load(text).rules.option_sources["consecutive-tiles"] == "set in the file"
    assert_legal(verdict(text))


@pytest.mark.parametrize(
    ("value", "code"), [("xx", "E205"), ("it", "E604")], ids=["unknown", "other-edition"]
)
def test_option_rulebook_names_a_text_of_the_files_edition(value: str, code: str) -> None:
    from canaldsl.canalmania.loading import check_text

    text = red_game(DOUBLING_BACK, LOCK_NEXT_TO_LOCK, options={"rulebook": value})
    _, diagnostics = check_text(text, filename="case.canal")
    assert [d.code for d in diagnostics if d.is_error] == [code]


# ------------------------------------------------------------------ check names the reading


def test_check_names_the_switch_that_decided_an_illegal_turn() -> None:
    text = red_game(DOUBLING_BACK, LOCK_NEXT_TO_LOCK, options={"rulebook": "de"})
    report = check_source(text, path=None, display="case.canal")
    (note,) = report.turn_notes
    (reading,) = note.readings
    assert reading.text() == (
        "read with consecutive-tiles = neighbouring-hexes (default of the de rulebook); with "
        "next-along-canal it would be legal"
    )
    illegal = next(d for d in report.diagnostics if d.code == "V001")
    assert illegal.message.endswith(
        "(read with consecutive-tiles = neighbouring-hexes, default of the de rulebook)"
    )
    assert report.to_json()["turn_notes"][0]["readings"] == [
        {
            "switch": "consecutive-tiles",
            "value": "neighbouring-hexes",
            "source": "default of the de rulebook",
            "other": "next-along-canal",
            "otherwise": "legal",
        }
    ]


def test_check_names_the_switch_that_decided_a_legal_turn() -> None:
    text = red_game(DOUBLING_BACK, LOCK_NEXT_TO_LOCK, edition=1)
    (note,) = check_source(text, path=None, display="case.canal").turn_notes
    assert note.legal
    assert [r.text() for r in note.readings] == [
        "read with consecutive-tiles = next-along-canal (default of the 1st edition); with "
        "neighbouring-hexes it would be illegal (build.consecutive-tiles)"
    ]


def test_check_names_no_switch_when_the_other_reading_agrees() -> None:
    text = red_game(
        DOUBLING_BACK,
        'phase 2: build "Dale Canal": lock C3 (lock), Elm',
        options={"rulebook": "de"},
    )
    (note,) = check_source(text, path=None, display="case.canal").turn_notes
    assert note.readings == ()
    assert "readings" not in note.to_json()


def test_a_house_rule_left_at_its_default_is_not_named_but_named_when_set() -> None:
    steps = 'phase 2: build "Dale Canal": lock B3 (lock), stretch C3 (stretch), Elm'
    quiet = red_game(
        DOUBLING_BACK.replace("lock A4", "stretch A4").replace("stretch B4", "lock B4"), steps
    )
    (note,) = check_source(quiet, path=None, display="case.canal").turn_notes
    assert note.readings == ()
    loud = red_game(
        DOUBLING_BACK.replace("lock A4", "stretch A4").replace("stretch B4", "lock B4"),
        "phase 1: draw\n  phase 2: draw",
        phase=1,
        options={"skip-phase": "forbidden"},
        extra="deck 20",
    )
    (note,) = check_source(loud, path=None, display="case.canal").turn_notes
    assert [r.switch for r in note.readings] == ["skip-phase"]
    assert note.readings[0].source == "set in the file"


# ------------------------------------------------------------------ rules --switches


def _canaldsl(*args: str) -> subprocess.CompletedProcess[str]:
    """Only what the commands print is tested: the command line's code in this process."""
    return programs.in_process(*args)


def test_rules_switches_lists_every_switch_with_its_defaults() -> None:
    result = _canaldsl("rules", "--switches")
    assert result.returncode == 0, result.stderr
    for name in SWITCHES:
        assert f"{name} = " in result.stdout
    assert "default for the de text: neighbouring-hexes (DE says neighbouring" in result.stdout


def test_rules_switches_json_follows_the_rules_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    result = _canaldsl("rules", "--switches", "--format", "json")
    listed = json.loads(result.stdout)
    jsonschema.validate(listed, schema("rules"))
    by_name = {e["switch"]: e for e in listed if e.get("game", "canalmania") == "canalmania"}
    assert by_name["consecutive-tiles"]["text_defaults"]["de"] == "neighbouring-hexes"
    assert by_name["consecutive-tiles"]["defaults"]["second-edition"] == "neighbouring-hexes"
    assert by_name["consecutive-tiles"]["defaults"]["first-edition"] == "next-along-canal"
    jsonschema.validate(json.loads(_canaldsl("rules", "--format", "json").stdout), schema("rules"))


def test_explain_shows_the_switches_reading_a_rule() -> None:
    result = _canaldsl("explain", "contract.junction")
    assert "junction-double-take = second-contract-only | whenever-two-possible" in result.stdout
    assert "default for the de text: whenever-two-possible" in result.stdout


def test_every_example_of_a_switch_deciding_a_dispute_says_so() -> None:
    root = Path(__file__).resolve().parent.parent / "examples"
    for name in ("switch-consecutive-tiles-medway.canal",):
        path = root / name
        report = check_source(path.read_text(encoding="utf-8"), path=path, display=name)
        assert any(n.readings for n in report.turn_notes), name
