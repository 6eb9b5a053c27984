"""Setting up a Canal Mania position by clicking: each click edits the TEXT, the rest of the
file stays as written, and the result is what `canaldsl check` then judges."""

from __future__ import annotations

from pathlib import Path

import pytest

import canaldsl
from canaldsl.games import game_named
from canaldsl.pagehooks import EditRefused, PageEdit

EXAMPLES = Path(__file__).parent.parent / "examples"
GAME = game_named("canalmania")


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _turn_line(text: str) -> str:
    return next(line for line in text.splitlines() if "build " in line).strip()


def test_clicking_a_built_hex_takes_its_tile_out_and_the_verdict_changes() -> None:
    text = _example("medway-two-locks.canal")
    assert not canaldsl.check(text).turns[0].legal
    changed = GAME.page_edit(text, PageEdit("tile", "R26"))
    assert _turn_line(changed) == 'phase 2: build "Medway Navigation": lock R27 (lock), Maidstone'
    # only the turn's line changed: the comments and everything else are as written
    assert changed.replace(", lock R26 (lock)", "") == text.replace(", lock R26 (lock)", "")
    rules = canaldsl.check(changed).turns[0].rules
    assert "build.consecutive-tiles" not in rules  # now Maidstone is out of reach instead
    assert rules


def test_a_tile_goes_before_the_place_the_build_reaches_with_the_palettes_kind() -> None:
    text = _example("medway-first-build.canal")
    without = GAME.page_edit(text, PageEdit("tile", "R26"))
    assert "lock R27 (lock), Maidstone" in without
    again = GAME.page_edit(without, PageEdit("tile", "R26", "stretch"))
    assert _turn_line(again) == (
        'phase 2: build "Medway Navigation": lock R27 (lock), stretch R26, Maidstone'
    )
    result = canaldsl.check(again)
    assert result.turns[0].legal and result.ok


def test_the_terrains_natural_kind_when_the_palette_names_none() -> None:
    text = _example("medway-first-build.canal")
    without = GAME.page_edit(text, PageEdit("tile", "R26"))
    again = GAME.page_edit(without, PageEdit("tile", "R26"))  # clear terrain: a stretch
    assert "stretch R26, Maidstone" in again


def test_a_click_with_no_turn_writes_one_for_the_player_whose_turn_it_is() -> None:
    text = _example("medway-first-build.canal")
    start = text.index("turn red {")
    end = text.index("}", start) + 2
    no_turn = text[:start] + text[end:]
    changed = GAME.page_edit(no_turn, PageEdit("tile", "R27", "lock"))
    assert 'turn red {\n  phase 2: build "Medway Navigation": lock R27\n}\n' in changed
    assert changed.index("turn red") < changed.index("expect legal")
    assert canaldsl.check(changed).turns[0].legal


NO_CANAL = """rules second-edition {
  players 3
}

board england

player red {
  engineer Brindley
  hand 1 stretch, 1 lock
}

player white {
  engineer Telford
}

player black {
  engineer Jessop
}

parliament "Medway Navigation", "Ripon Canal"
now red phase 1
"""


def test_a_canal_started_and_built_by_clicks_only() -> None:
    text = GAME.page_edit(NO_CANAL, PageEdit("start", "Tonbridge"))
    assert 'take contract "Medway Navigation" barge at Tonbridge' in text
    for edit in (PageEdit("tile", "R27", "lock"), PageEdit("tile", "R26"), PageEdit("tile", "S26")):
        text = GAME.page_edit(text, edit)
    assert text.endswith(
        "turn red {\n"
        '  phase 1: take contract "Medway Navigation" barge at Tonbridge\n'
        '  phase 2: build "Medway Navigation": lock R27, stretch R26, Maidstone\n'
        "}\n"
    )
    result = canaldsl.check(text)
    assert result.ok and result.turns[0].legal
    assert "red completed Medway Navigation" in result.to_json()["turn_notes"][0]["changes"]
    # a second click on the town takes it out again
    assert GAME.page_edit(text, PageEdit("tile", "S26")).count("Maidstone") == 0


def test_a_card_from_the_palette_goes_into_the_movers_hand() -> None:
    text = _example("medway-first-build.canal")
    once = GAME.page_edit(text, PageEdit("card", "lock"))
    assert "hand 1 stretch, 2 lock, 1 surveyor" in once
    twice = GAME.page_edit(once, PageEdit("card", "tunnel"))
    assert "hand 1 stretch, 2 lock, 1 surveyor, 1 tunnel" in twice


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (PageEdit("tile", "Z99"), "no tile can stand"),
        (PageEdit("tile", "R27; rm"), "no hex label"),
        (PageEdit("tile", "R25", "bridge"), "unknown tile kind"),
        (PageEdit("card", "gold"), "unknown card"),
        (PageEdit("start", "Atlantis"), "no town or city"),
        (PageEdit("fly", "R25"), "unknown action"),
    ],
)
def test_a_click_that_cannot_change_the_text_says_why(edit: PageEdit, why: str) -> None:
    with pytest.raises(EditRefused, match=why):
        GAME.page_edit(_example("medway-first-build.canal"), edit)


def test_no_edit_on_a_text_with_syntax_errors() -> None:
    with pytest.raises(EditRefused, match="syntax errors"):
        GAME.page_edit("rules first-edition {\nboard england\n", PageEdit("tile", "R26"))
