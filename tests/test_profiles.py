"""`rulebook` and `known-error`, and the translations' profiles rulebook examples obey."""

from __future__ import annotations

import pytest

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.loading import parse
from canaldsl.canalmania.options import SWITCHES
from canaldsl.canalmania.parser import parse_syntax
from canaldsl.canalmania.profiles import PROFILES

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
