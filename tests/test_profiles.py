"""`rulebook` and `known-error`, and the translations' profiles rulebook examples obey."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis_board import builtin_board
from canaldsl.canalmania.components import (
    CARDS_PER_TILE,
    CARDS_TAKEN,
    DISPLAY_SIZE,
    HAND_LIMIT,
    MAX_OPEN_CONTRACTS,
    OVERBUILD_EXTRA_CARDS,
    PARLIAMENT_SIZE,
    TILE_POINTS,
    TILES_PER_PLAYER,
    Edition,
    facts,
)
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.loading import parse
from canaldsl.canalmania.options import SWITCHES
from canaldsl.canalmania.parser import parse_syntax
from canaldsl.canalmania.profiles import ILLUSTRATED_BY, NOT_STATED, PROFILES

HEADER = """\
# FR, colour restriction (a paraphrase would go here)
rulebook fr section "Restriction des couleurs" example colour-restriction-peterborough
known-error "the text says the start does not count; its example counts it"
"""

GAME = """\
board england
player red {
}
player white {
}
player black {
}
expect score red 0
"""


def test_rulebook_and_known_error_parse_into_their_nodes() -> None:
    document = parse_syntax(HEADER + GAME)
    rulebook, known = document.statements[:2]
    assert isinstance(rulebook, s.RulebookDecl)
    assert (rulebook.translation.text, rulebook.section.text, rulebook.example.text) == (
        "fr",
        "Restriction des couleurs",
        "colour-restriction-peterborough",
    )
    assert rulebook.comments.leading == ("# FR, colour restriction (a paraphrase would go here)",)
    assert isinstance(known, s.KnownErrorDecl)
    assert known.reason.text == "the text says the start does not count; its example counts it"


def test_rulebook_statements_format_canonically_and_round_trip() -> None:
    messy = (
        'rulebook   de section\n"Die Farbbeschränkung"   example  colour-restriction-newark'
        '  # DE\nknown-error   "reason with \\"quotes\\""\n' + GAME
    )
    document = parse_syntax(messy)
    formatted = format_document(document)
    assert formatted.startswith(
        'rulebook de section "Die Farbbeschränkung" example colour-restriction-newark  # DE\n'
        'known-error "reason with \\"quotes\\""\n'
    )
    assert parse_syntax(formatted) == document
    assert format_document(parse_syntax(formatted)) == formatted


@pytest.mark.parametrize("translation", sorted(PROFILES))
def test_a_rulebook_example_is_checked_under_its_profile(translation: str) -> None:
    scenario = parse(f'rulebook {translation} section "S" example e\n' + GAME)
    profile = PROFILES[translation]
    assert scenario.rules.edition is profile.edition
    assert dict(scenario.rules.options) == dict(profile.options)
    assert scenario.board is not None
    expected_board = "england-1st" if profile.edition is Edition.FIRST else "england-2nd"
    assert scenario.board.name == expected_board
    assert scenario.rulebook is not None
    assert (scenario.rulebook.translation, scenario.rulebook.example) == (translation, "e")
    assert scenario.rulebook.known_error is None


def test_the_french_profile_reads_the_colour_restriction_without_the_start() -> None:
    scenario = parse(HEADER + "rules first-edition { players 3 }\n" + GAME)
    assert scenario.rules.options["colour-restriction-start"] == "excluded"
    assert scenario.rules.players == 3
    assert scenario.rulebook is not None
    assert scenario.rulebook.known_error is not None


def test_an_option_agreeing_with_the_profile_is_allowed() -> None:
    scenario = parse(
        HEADER + "rules first-edition { option colour-restriction-start = excluded }\n" + GAME
    )
    assert scenario.rules.options["colour-restriction-start"] == "excluded"


def test_a_file_without_rulebook_keeps_its_own_options() -> None:
    scenario = parse("rules first-edition { option colour-restriction-start = excluded }\n" + GAME)
    assert scenario.rulebook is None
    assert scenario.rules.options["colour-restriction-start"] == "excluded"
    assert set(scenario.rules.options) == set(SWITCHES)


# ---------------------------------------------------------------------------- the profiles

RULEBOOKS = Path(__file__).resolve().parent.parent.parent / "shared" / "rulebooks"
RULEBOOK_FILES = {
    "it": "canal-mania-1st-edition-it.txt",
    "fr": "canal-mania-1st-edition-fr.txt",
    "de": "canal-mania-2nd-edition-de.txt",
}


def test_there_is_a_profile_per_translation_with_its_edition() -> None:
    assert {t: p.edition for t, p in PROFILES.items()} == {
        "it": Edition.FIRST,
        "fr": Edition.FIRST,
        "de": Edition.SECOND,
    }


@pytest.mark.parametrize("translation", sorted(PROFILES))
def test_stated_numbers_are_the_engines_numbers_for_that_edition(translation: str) -> None:
    profile = PROFILES[translation]
    numbers = profile.numbers
    edition = facts(profile.edition)
    assert numbers.cubes == edition.cubes
    assert numbers.players == (edition.min_players, edition.max_players)
    assert dict(numbers.end_threshold) == dict(edition.end_threshold)
    assert numbers.parliament_end_trigger == edition.parliament_end_trigger
    assert numbers.contract_value_scored == edition.contract_value_scored
    assert dict(numbers.prolific_builder_bonus) == dict(edition.prolific_builder_bonus)
    assert dict(numbers.junctions_per_player) == dict(edition.junctions_per_player)
    if numbers.tiles_per_player is not None:
        assert dict(numbers.tiles_per_player) == dict(TILES_PER_PLAYER)
    points = {kind: n for kind, n in TILE_POINTS.items() if n}
    assert dict(numbers.tile_points) == points
    assert dict(numbers.cards_per_tile) == dict(CARDS_PER_TILE)
    assert numbers.overbuild_extra_cards == OVERBUILD_EXTRA_CARDS
    assert numbers.hand_limit == HAND_LIMIT
    assert numbers.display_size == DISPLAY_SIZE
    assert numbers.parliament_size == PARLIAMENT_SIZE
    assert numbers.cards_taken == CARDS_TAKEN
    assert numbers.max_open_contracts == MAX_OPEN_CONTRACTS


@pytest.mark.parametrize("translation", sorted(PROFILES))
def test_statements_with_a_switch_agree_with_the_profiles_switches(translation: str) -> None:
    profile = PROFILES[translation]
    checked = 0
    for statement in profile.statements:
        if statement.switch is None:
            continue
        assert statement.switch in SWITCHES
        if statement.reading in SWITCHES[statement.switch].values:
            assert profile.options[statement.switch] == statement.reading, statement.key
            checked += 1
    assert checked >= 2


def test_every_text_speaks_to_every_point_and_cites_a_section() -> None:
    keys = {t: set(p.all_statements()) for t, p in PROFILES.items()}
    assert keys["it"] == keys["fr"] == keys["de"]
    for profile in PROFILES.values():
        for statement in profile.all_statements().values():
            assert statement.section, (profile.translation, statement.key)
            assert statement.paraphrase and statement.reading


def test_number_statements_are_comparable_lines() -> None:
    it, de = PROFILES["it"].all_statements(), PROFILES["de"].all_statements()
    assert it["number.cubes"].reading == "15" and de["number.cubes"].reading == "20"
    assert it["number.end-threshold"].reading == "3 players: 60, 4 players: 50, 5 players: 40"
    assert it["number.junctions-per-player"].reading == "none"
    assert it["number.tiles-per-player"].reading == NOT_STATED
    assert de["number.parliament-end-trigger"].reading == "no"
    assert de["number.tile-points"].contradiction is not None


@pytest.mark.parametrize("translation", sorted(RULEBOOK_FILES))
def test_recorded_names_are_printed_in_the_text(translation: str) -> None:
    path = RULEBOOKS / RULEBOOK_FILES[translation]
    if not path.is_file():
        pytest.skip("the rulebooks are not beside this checkout")
    text = " ".join(path.read_text(encoding="utf-8").split())  # names may break across lines
    for name in PROFILES[translation].names:
        assert name.text in text, name


@pytest.mark.parametrize("translation", sorted(RULEBOOK_FILES))
def test_every_board_place_the_text_prints_is_recorded(translation: str) -> None:
    path = RULEBOOKS / RULEBOOK_FILES[translation]
    if not path.is_file():
        pytest.skip("the rulebooks are not beside this checkout")
    text = path.read_text(encoding="utf-8")
    board = builtin_board("england-1st" if translation != "de" else "england-2nd")
    printed = {p for p in board.places if re.search(rf"\b{re.escape(p)}\b", text)}
    recorded = {n.text for n in PROFILES[translation].names if n.kind == "place"}
    assert printed <= recorded


def test_the_examples_illustrating_a_point_exist_and_the_points_are_the_profiles() -> None:
    scenarios = Path(__file__).resolve().parent.parent / "scenarios" / "canalmania"
    present = {p.stem for p in scenarios.glob("*/*.canal")}
    keys = set(PROFILES["it"].all_statements())
    for key, ids in ILLUSTRATED_BY.items():
        assert key in keys, key
        assert set(ids) <= present, (key, set(ids) - present)
