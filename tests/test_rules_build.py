"""Rules of building canals (checks_build.py): each rule holds in one case and is broken in another.

Board: the Vale (see rulecases.VALE). Red builds in phase 2 of its turn (`now red phase 2`).
Rulebook sections: IT/FR "Costruire canali" / "Construction des canaux", DE "Kanalbau".
"""

from __future__ import annotations

import pytest
from rulecases import (
    assert_breaks,
    assert_legal,
    breaks,
    evaluation,
    game,
    holds,
    scores,
    verdict,
    verdicts,
    where,
)

from canaldsl.canalmania.checks_build import completion_points
from canaldsl.canalmania.components import CardKind, Edition, TileKind

ENGINEERS = ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")


def build_game(
    steps: str,
    *,
    engineer: str = "Smeaton",
    hand: str = "2 stretch, 2 lock",
    red: str = 'canal "Ashby Cut": Ashby',
    white: str = "",
    edition: int = 2,
    phase: int = 2,
) -> str:
    """Red (with ``engineer``, ``hand`` and the canals in ``red``) plays ``steps`` in phase 2."""
    others = [e for e in ENGINEERS if e != engineer]
    return game(
        f"""
player red {{
  engineer {engineer}
  hand {hand}
  {red}
}}
player white {{
  engineer {others[0]}
  {white}
}}
player black {{
  engineer {others[1]}
}}
now red phase {phase}

turn red {{
  {steps}
}}
""",
        edition=edition,
    )


# ------------------------------------------------------------------------------ build.own-contract


@holds("build.own-contract", "build.start-at-barge", "build.connected", "pay.not-in-hand")
def test_building_the_players_own_open_contract_is_legal() -> None:
    text = build_game('phase 2: build "Ashby Cut": lock B1 (lock), stretch C1 (stretch)')
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert red.hand == {CardKind.STRETCH: 1, CardKind.LOCK: 1}
    assert [t.hex.label for t in red.canals[0].tiles] == ["B1", "C1"]


@breaks("build.own-contract")
def test_building_another_players_contract_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": stretch B3 (stretch)', white='canal "Dale Canal": Dale'
    )
    assert_breaks(verdict(text), "build.own-contract", text, '"Dale Canal"')


@breaks("build.own-contract")
def test_building_on_a_completed_contract_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Short Cut": stretch A2 (stretch)',
        red='canal "Ashby Cut": Ashby\n  completed "Short Cut": Ashby, lock A2, Dale',
    )
    assert_breaks(verdict(text), "build.own-contract", text, '"Short Cut"')


# ---------------------------------------------------------------------------- build.start-at-barge


@holds("build.start-at-barge")
def test_building_resumes_next_to_the_last_tile_of_an_earlier_build() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": stretch C1 (stretch), Brook',
        red='canal "Ashby Cut": Ashby, lock B1',
    )
    assert_legal(verdict(text))


@holds("build.start-at-barge", "build.connected")
def test_building_resumes_next_to_the_town_the_canal_reached() -> None:
    # Kennet & Avon example: a stretch up to Bath, then a lock on the other side of Bath.
    text = build_game(
        'phase 2: build "Dale Canal": lock E3 (lock)',
        red='canal "Dale Canal": Dale, stretch B3, lock C3, Elm',
    )
    assert_legal(verdict(text))


@breaks("build.start-at-barge")
def test_building_away_from_the_barge_is_illegal() -> None:
    # C1 touches Brook, the other endpoint: the barge is at Ashby and building starts there
    # (DE: Kanalboot einsetzen; the barge may not move to the other endpoint before building).
    text = build_game('phase 2: build "Ashby Cut": stretch C1 (stretch)')
    assert_breaks(verdict(text), "build.start-at-barge", text, "C1")


@breaks("build.start-at-barge")
def test_building_resumes_at_the_barge_not_elsewhere_along_the_canal() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": lock B4 (lock)',
        red='canal "Dale Canal": Dale, stretch B3, lock C3, Elm',
    )
    # B4 touches B3, a tile of the canal, but the barge stands at Elm
    assert_breaks(verdict(text), "build.start-at-barge", text, "B4", only=["build.completable"])


# ------------------------------------------------------------------------------- build.connected


@holds("build.connected")
def test_the_next_section_may_start_on_any_hex_next_to_the_town() -> None:
    # IT/FR/DE: once a town is connected, the next tile goes on any hex next to that town.
    text = build_game(
        'phase 2: build "Dale Canal": stretch D4 (stretch)',
        red='canal "Dale Canal": Dale, stretch B3, lock C3, Elm',
    )
    assert_legal(verdict(text))


@breaks("build.connected")
def test_a_tile_not_next_to_the_previous_one_is_illegal() -> None:
    text = build_game('phase 2: build "Ashby Cut": stretch B1 (stretch), lock C2 (lock)')
    assert_breaks(verdict(text), "build.connected", text, "C2")


@breaks("build.connected")
def test_reaching_a_town_not_next_to_the_last_tile_is_illegal() -> None:
    text = build_game('phase 2: build "Ashby Cut": stretch B1 (stretch), Brook')
    assert_breaks(verdict(text), "build.connected", text, "Brook")


# --------------------------------------------------------------------------------- build.terrain


@holds("build.terrain", "pay.wrong-count", "pay.wrong-kind")
def test_difficult_terrain_takes_an_aqueduct_and_a_tunnel() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct, aqueduct), '
        "tunnel F1 (tunnel, tunnel, surveyor), Cole",
        hand="2 aqueduct, 2 tunnel, 1 surveyor",
        red='canal "Brook Line": Brook',
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}


@breaks("build.terrain")
def test_a_stretch_on_difficult_terrain_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Brook Line": stretch E1 (stretch)', red='canal "Brook Line": Brook'
    )
    assert_breaks(verdict(text), "build.terrain", text, "stretch E1")


@breaks("build.terrain")
def test_an_aqueduct_on_clear_terrain_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": aqueduct B1 (aqueduct, aqueduct)', hand="2 aqueduct"
    )
    assert_breaks(verdict(text), "build.terrain", text, "aqueduct B1")


@breaks("build.terrain")
def test_a_tile_at_sea_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": stretch C4 (stretch)',
        red='canal "Dale Canal": Dale, stretch B3, lock C3',
    )
    found = assert_breaks(verdict(text), "build.terrain", text, "stretch C4")
    assert "sea" in found.message


@breaks("build.terrain")
def test_a_tile_on_a_town_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Short Cut": stretch A2 (stretch), lock A3 (lock)',
        red='canal "Short Cut": Ashby',
    )
    found = assert_breaks(
        verdict(text), "build.terrain", text, "lock A3", only=["build.completable"]
    )
    assert "Dale" in found.message


# ------------------------------------------------------------------------------- pay.wrong-count


@breaks("pay.wrong-count")
def test_an_aqueduct_paid_with_three_cards_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct, aqueduct, aqueduct)',
        hand="3 aqueduct",
        red='canal "Brook Line": Brook',
    )
    found = assert_breaks(verdict(text), "pay.wrong-count", text, "E1")
    assert found.message == "too many cards: this aqueduct costs 2 cards, not 3"


@breaks("pay.wrong-count")
def test_a_tunnel_paid_with_one_card_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct, aqueduct), tunnel F1 (tunnel)',
        hand="2 aqueduct, 1 tunnel",
        red='canal "Brook Line": Brook',
    )
    found = assert_breaks(verdict(text), "pay.wrong-count", text, "F1")
    assert found.message == (
        "too few cards: this tunnel costs 3 cards, not 1 (two tunnel cards are enough only "
        "with Jessop)"
    )


# -------------------------------------------------------------------------------- pay.wrong-kind


@holds("pay.wrong-kind")
def test_a_surveyor_stands_in_for_any_card() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (surveyor), stretch C1 (surveyor)',
        hand="2 surveyor",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}


@breaks("pay.wrong-kind")
def test_a_stretch_paid_with_a_tunnel_card_is_illegal() -> None:
    text = build_game('phase 2: build "Ashby Cut": stretch B1 (tunnel)', hand="1 tunnel")
    found = assert_breaks(verdict(text), "pay.wrong-kind", text, "B1")
    assert found.message == "a stretch is paid with 1 stretch card (or surveyors); 0 paid"


@breaks("pay.wrong-kind")
def test_a_stretch_paid_with_a_lock_card_is_the_same_mistake_as_the_other_way_round() -> None:
    # issue 13: formerly build.card-kind one way and engineer.brindley the other
    text = build_game('phase 2: build "Ashby Cut": stretch B1 (lock)', hand="1 lock")
    assert_breaks(verdict(text), "pay.wrong-kind", text, "B1")


@breaks("pay.wrong-kind")
def test_an_aqueduct_needs_both_cards_of_its_kind() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct, tunnel)',
        hand="1 aqueduct, 1 tunnel",
        red='canal "Brook Line": Brook',
    )
    assert_breaks(verdict(text), "pay.wrong-kind", text, "E1")


# ------------------------------------------------------------------------------- pay.not-in-hand


@holds("pay.not-in-hand")
def test_cards_not_written_are_taken_from_the_hand() -> None:
    text = build_game('phase 2: build "Ashby Cut": lock B1, stretch C1', hand="1 lock, 1 stretch")
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}


@breaks("pay.not-in-hand")
def test_paying_with_a_card_not_in_hand_is_illegal() -> None:
    text = build_game('phase 2: build "Ashby Cut": lock B1 (lock)', hand="1 stretch")
    assert_breaks(verdict(text), "pay.not-in-hand", text, "lock)")


@breaks("pay.not-in-hand")
def test_a_hand_too_small_for_the_tiles_is_illegal() -> None:
    text = build_game('phase 2: build "Ashby Cut": lock B1, stretch C1', hand="1 lock")
    assert_breaks(verdict(text), "pay.not-in-hand", text, "C1")


# ------------------------------------------------------------------------------------ engineers


@holds("pay.wrong-kind")
def test_brindley_builds_a_lock_with_a_stretch_card() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (stretch)', engineer="Brindley", hand="1 stretch"
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").canals[0].tiles[0].kind is TileKind.LOCK


@breaks("pay.wrong-kind")
def test_only_brindley_builds_a_lock_with_a_stretch_card() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (stretch)', engineer="Telford", hand="1 stretch"
    )
    found = assert_breaks(verdict(text), "pay.wrong-kind", text, "B1")
    assert found.message == (
        "a lock is paid with 1 lock card (or surveyors); 0 paid; a stretch card pays for a lock "
        "only with Brindley"
    )


@breaks("build.consecutive-tiles")
def test_brindley_still_cannot_build_two_locks_in_a_row() -> None:
    # IT/FR/DE Brindley: the ability does not allow two consecutive locks in one section.
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (stretch), lock C1 (stretch)',
        engineer="Brindley",
        hand="2 stretch",
    )
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "lock C1")


@holds("pay.wrong-count")
def test_jessop_builds_a_tunnel_with_two_cards() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct, aqueduct), tunnel F1 (tunnel, '
        "tunnel), Cole",
        engineer="Jessop",
        hand="2 aqueduct, 2 tunnel",
        red='canal "Brook Line": Brook',
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}


@breaks("pay.wrong-count")
def test_only_jessop_builds_a_tunnel_with_two_cards() -> None:
    text = build_game(
        'phase 2: build "Brook Line": tunnel E1 (tunnel, tunnel)',
        engineer="Telford",
        hand="2 tunnel",
        red='canal "Brook Line": Brook',
    )
    found = assert_breaks(verdict(text), "pay.wrong-count", text, "E1")
    assert "two tunnel cards are enough only with Jessop" in found.message


@holds("pay.wrong-count")
def test_telford_builds_an_aqueduct_with_one_card() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct)',
        engineer="Telford",
        hand="1 aqueduct",
        red='canal "Brook Line": Brook',
    )
    assert_legal(verdict(text))


@breaks("pay.wrong-count")
def test_only_telford_builds_an_aqueduct_with_one_card() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct)',
        engineer="Jessop",
        hand="1 aqueduct",
        red='canal "Brook Line": Brook',
    )
    found = assert_breaks(verdict(text), "pay.wrong-count", text, "E1")
    assert "one aqueduct card is enough only with Telford" in found.message


@holds("engineer.smeaton")
def test_smeaton_plays_one_surveyor_as_two_cards_in_a_row() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (surveyor@1), stretch C1 (surveyor@1), Brook',
        engineer="Smeaton",
        hand="1 surveyor",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}
    assert v.points["red"] == 1 + 3  # a lock, and the contract value (2nd edition)


@holds("engineer.smeaton")
def test_smeaton_plays_one_surveyor_as_both_cards_of_an_aqueduct() -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (surveyor@s, surveyor@s)',
        engineer="Smeaton",
        hand="1 surveyor",
        red='canal "Brook Line": Brook',
    )
    assert_legal(verdict(text))


@breaks("engineer.smeaton")
def test_only_smeaton_plays_one_surveyor_as_two_cards() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (surveyor@1), stretch C1 (surveyor@1)',
        engineer="Brindley",
        hand="1 surveyor",
    )
    assert_breaks(verdict(text), "engineer.smeaton", text, "@1", nth=2)


@breaks("engineer.smeaton")
def test_smeaton_surveyor_halves_must_be_played_one_after_the_other() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": stretch B3 (surveyor@1), lock C3 (lock), Elm, '
        "stretch E3 (surveyor@1)",
        engineer="Smeaton",
        hand="1 surveyor, 1 lock",
        red='canal "Dale Canal": Dale',
    )
    found = assert_breaks(verdict(text), "engineer.smeaton", text, "@1", nth=2)
    assert "one straight after the other" in found.message


@breaks("engineer.smeaton")
def test_smeaton_surveyor_halves_must_be_played_on_one_canal() -> None:
    text = build_game(
        'phase 2: build {\n    "Ashby Cut": stretch B1 (surveyor@1)\n'
        '    "Dale Canal": stretch B3 (surveyor@1)\n  }',
        engineer="Smeaton",
        hand="1 surveyor",
        red='canal "Ashby Cut": Ashby\n  canal "Dale Canal": Dale',
    )
    assert_breaks(verdict(text), "engineer.smeaton", text, "@1", nth=2)


@breaks("engineer.smeaton")
def test_a_smeaton_surveyor_stands_for_two_cards_not_three() -> None:
    text = build_game(
        'phase 2: build "Brook Line": tunnel E1 (surveyor@1, surveyor@1, surveyor@1)',
        engineer="Smeaton",
        hand="1 surveyor",
        red='canal "Brook Line": Brook',
    )
    assert_breaks(verdict(text), "engineer.smeaton", text, "@1", nth=2)


@breaks("build.consecutive-tiles")
def test_smeaton_still_cannot_build_two_locks_in_a_row() -> None:
    # IT/FR/DE Smeaton example: every building rule still applies.
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (surveyor@1), lock C1 (surveyor@1)',
        engineer="Smeaton",
        hand="1 surveyor",
    )
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "lock C1")


# ----------------------------------------------------------------------- build.consecutive-tiles


@holds("build.consecutive-tiles")
def test_tiles_of_one_kind_may_stand_on_either_side_of_a_town() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": lock E3 (lock), stretch F3 (stretch), Fen',
        red='canal "Dale Canal": Dale, stretch B3, lock C3, Elm',
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points["red"] == 2 + 6  # two locks, and the contract value


@breaks("build.consecutive-tiles")
def test_two_locks_in_a_row_are_illegal() -> None:
    # The Medway example: after a lock, the second hex can only take a stretch.
    text = build_game('phase 2: build "Ashby Cut": lock B1 (lock), lock C1 (lock)')
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "lock C1")


@breaks("build.consecutive-tiles")
def test_two_stretches_in_a_row_across_two_turns_are_illegal() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": stretch C1 (stretch)',
        red='canal "Ashby Cut": Ashby, stretch B1',
    )
    assert_breaks(verdict(text), "build.consecutive-tiles", text, "stretch C1")


# ------------------------------------------------------------------------------- build.overbuild

# White's "Ashby Cut" runs Ashby - A2 - ...; red's "Short Cut" (Ashby - A2 - Dale) must cross A2.
OVER = 'canal "Ashby Cut": Ashby, stretch A2'


@holds("build.overbuild")
def test_building_on_another_tile_costs_two_more_cards_of_any_kind() -> None:
    text = build_game(
        'phase 2: build "Short Cut": lock A2 (lock, tunnel, stretch), Dale',
        hand="1 lock, 1 tunnel, 1 stretch",
        red='canal "Short Cut": Ashby',
        white=OVER,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}
    assert v.points["red"] == 1 + 2


@holds("build.overbuild")
def test_the_two_extra_cards_are_taken_from_the_hand_when_not_written() -> None:
    text = build_game(
        'phase 2: build "Short Cut": stretch A2, Dale',
        hand="1 stretch, 2 lock",
        red='canal "Short Cut": Ashby',
        white=OVER,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {}


@breaks("build.overbuild")
def test_building_on_another_tile_for_the_usual_cost_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Short Cut": lock A2 (lock), Dale',
        hand="1 lock",
        red='canal "Short Cut": Ashby',
        white=OVER,
    )
    found = assert_breaks(verdict(text), "build.overbuild", text, "A2")
    assert "2 more cards of any kind (1 paid)" in found.message


@breaks("build.overbuild")
def test_a_hand_without_the_two_extra_cards_cannot_overbuild() -> None:
    text = build_game(
        'phase 2: build "Short Cut": stretch A2, Dale',
        hand="1 stretch, 1 lock",
        red='canal "Short Cut": Ashby',
        white=OVER,
    )
    assert_breaks(verdict(text), "pay.not-in-hand", text, "A2")


# ------------------------------------------------------------------------- build.canal-integrity


@holds("build.canal-integrity")
def test_a_canal_may_run_next_to_its_own_tiles_without_reusing_them() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": stretch D4 (stretch), lock E3 (lock)',
        red='canal "Dale Canal": Dale, stretch B3, lock C3, Elm',
    )
    assert_legal(verdict(text))


@breaks("build.canal-integrity")
def test_a_canal_cannot_return_to_a_place_it_has_passed() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": Dale',
        red='canal "Dale Canal": Dale, stretch B3',
    )
    assert_breaks(verdict(text), "build.canal-integrity", text, "Dale", nth=2)


@breaks("build.canal-integrity")
def test_a_canal_cannot_pass_one_hex_twice() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": stretch C3 (stretch)',
        red='canal "Dale Canal": Dale, stretch B3, lock C3, Elm',
    )
    assert_breaks(verdict(text), "build.canal-integrity", text, "C3", only=["build.completable"])


# ---------------------------------------------------------------------------- build.tile-supply


@holds("build.tile-supply")
def test_the_last_tile_of_a_kind_may_be_built() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (lock)',
        red='supply 16 stretch, 1 lock, 4 aqueduct, 3 tunnel\n  canal "Ashby Cut": Ashby',
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").supply[TileKind.LOCK] == 0


@breaks("build.tile-supply")
def test_no_tile_of_a_kind_once_all_are_built() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (lock)',
        red='supply 16 stretch, 0 lock, 4 aqueduct, 3 tunnel\n  canal "Ashby Cut": Ashby',
    )
    assert_breaks(verdict(text), "build.tile-supply", text, "lock B1")


# ------------------------------------------------------------------------ build.contract-length


@holds("build.contract-length")
def test_a_canal_may_have_as_many_tiles_as_its_value() -> None:
    # "Ashby Cut" has value 3: a detour by A2 makes three tiles, the most it may have.
    text = build_game(
        'phase 2: build "Ashby Cut": stretch A2 (stretch), lock B1 (lock), stretch C1 '
        "(stretch), Brook",
        hand="2 stretch, 1 lock",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points["red"] == 1 + 3


@breaks("build.contract-length")
def test_a_canal_longer_than_its_value_is_illegal() -> None:
    # "Short Cut" (value 2) by B1, B2 and B3: the third tile is one too many.
    text = build_game(
        'phase 2: build "Short Cut": stretch B1 (stretch), aqueduct B2 (aqueduct, aqueduct), '
        "stretch B3 (stretch), Dale",
        hand="2 stretch, 2 aqueduct",
        red='canal "Short Cut": Ashby',
    )
    assert_breaks(verdict(text), "build.contract-length", text, "B3")


# ---------------------------------------------------------------------------- build.via-places


@holds("build.via-places", "score.completion")
def test_a_canal_through_its_via_place_is_completed() -> None:
    text = build_game(
        'phase 2: build "Dale Canal": stretch B3 (stretch), lock C3 (lock), Elm, '
        "lock E3 (lock), stretch F3 (stretch), Fen",
        hand="2 stretch, 2 lock",
        red='canal "Dale Canal": Dale',
    )
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert red.completed_contracts == ("Dale Canal",)
    assert v.points["red"] == 2 + 6


@breaks("build.via-places")
def test_reaching_the_far_endpoint_without_the_via_place_is_illegal() -> None:
    # Dale - A2 - B2 - C2 - D2 - E2 - F2 - Fen: six tiles (the value), but not through Elm.
    text = build_game(
        'phase 2: build "Dale Canal": stretch A2 (stretch), aqueduct B2 (surveyor, surveyor), '
        "stretch C2 (stretch), lock D2 (lock), stretch E2 (stretch), lock F2 (lock), Fen",
        hand="3 stretch, 2 lock, 2 surveyor",
        red='canal "Dale Canal": Dale',
        phase=2,
    )
    v = verdict(text)
    # reaching Fen without Elm also leaves the canal impossible to complete correctly
    assert_breaks(v, "build.via-places", text, "Fen", only=["build.completable"])
    assert not v.after.player("red").completed_contracts


# --------------------------------------------------------------------------- build.completable


@holds("build.completable")
def test_a_build_that_leaves_the_canal_completable_is_legal() -> None:
    # "Short Cut" (value 2) through B1: A2 then Dale is still possible.
    text = build_game(
        'phase 2: build "Short Cut": stretch B1 (stretch)', red='canal "Short Cut": Ashby'
    )
    assert_legal(verdict(text))


@breaks("build.completable")
def test_a_build_that_makes_completion_impossible_is_illegal() -> None:
    text = build_game(
        'phase 2: build "Short Cut": stretch B1 (stretch), lock C1 (lock)',
        red='canal "Short Cut": Ashby',
    )
    assert_breaks(verdict(text), "build.completable", text, '"Short Cut": stretch')


@breaks("build.completable")
def test_a_build_that_can_no_longer_pass_the_via_place_is_illegal() -> None:
    # "Dale Canal" (value 6) heading east along row 2 can reach Elm only by doubling back.
    text = build_game(
        'phase 2: build "Dale Canal": stretch A2 (stretch), aqueduct B2 (surveyor, surveyor), '
        "stretch C2 (stretch), lock D2 (lock), stretch E2 (stretch)",
        hand="3 stretch, 1 lock, 2 surveyor",
        red='canal "Dale Canal": Dale',
    )
    found = assert_breaks(verdict(text), "build.completable", text, '"Dale Canal": stretch')
    assert "Elm" in found.message


# ------------------------------------------------------------------------------------ build.undo


@holds("build.undo")
def test_tiles_of_an_earlier_turn_come_back_from_the_end_first_edition() -> None:
    # IT/FR: any number of tiles built in an earlier turn (undo-scope = earlier-turns).
    text = build_game(
        'remove tiles "Ashby Cut": C1, B1\n  phase 2: pass',
        red='canal "Ashby Cut": Ashby, lock B1, stretch C1',
        edition=1,
    )
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert red.canals[0].route == ("Ashby",)
    assert red.supply[TileKind.STRETCH] == 16 and red.supply[TileKind.LOCK] == 12


@holds("build.undo")
def test_tiles_of_the_previous_turn_come_back_second_edition() -> None:
    text = build_game(
        'remove tiles "Ashby Cut": C1\n  phase 2: build "Ashby Cut": lock C1 (lock), Brook',
        red='canal "Ashby Cut": Ashby, stretch B1 recent, stretch C1 recent',
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points["red"] == 1 + 3


@breaks("build.undo")
def test_tiles_come_back_from_the_end_of_the_canal_only() -> None:
    text = build_game(
        'remove tiles "Ashby Cut": B1\n  phase 2: pass',
        red='canal "Ashby Cut": Ashby, lock B1, stretch C1',
        edition=1,
    )
    assert_breaks(verdict(text), "build.undo", text, "B1")


@breaks("build.undo")
def test_second_edition_takes_back_only_the_previous_turns_tiles() -> None:
    # DE (Unvorhergesehene Probleme): tiles built in the player's previous turn only.
    text = build_game(
        'remove tiles "Ashby Cut": C1\n  phase 2: pass',
        red='canal "Ashby Cut": Ashby, lock B1, stretch C1',
    )
    assert_breaks(verdict(text), "build.undo", text, "C1")


@breaks("build.undo")
def test_tiles_built_this_turn_are_not_taken_back() -> None:
    text = build_game(
        'phase 2: build "Ashby Cut": lock B1 (lock)\n  remove tiles "Ashby Cut": B1',
        red='canal "Ashby Cut": Ashby',
        edition=1,
    )
    assert_breaks(verdict(text), "build.undo", text, "B1", nth=2)


# ----------------------------------------------------------------------------- score.completion


@holds("score.completion")
@pytest.mark.parametrize(("edition", "points"), [(Edition.FIRST, 7), (Edition.SECOND, 15)])
def test_the_leeds_and_liverpool_example(edition: Edition, points: int) -> None:
    # IT/FR: three stretches, two locks, an aqueduct and a tunnel score 7. DE adds the value 8.
    kinds = [TileKind.STRETCH] * 3 + [TileKind.LOCK] * 2 + [TileKind.AQUEDUCT, TileKind.TUNNEL]
    assert completion_points(kinds=kinds, value=8, edition=edition) == points


@holds("score.completion")
@pytest.mark.parametrize(("edition", "points"), [(1, 5), (2, 7)])
def test_completing_a_canal_scores_its_aqueduct_and_tunnel(edition: int, points: int) -> None:
    text = build_game(
        'phase 2: build "Brook Line": aqueduct E1 (aqueduct), tunnel F1 (tunnel, tunnel, '
        "tunnel), Cole",
        engineer="Telford",
        hand="1 aqueduct, 3 tunnel",
        red='score 10\n  canal "Brook Line": Brook',
        edition=edition,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"red": points}
    red = v.after.player("red")
    assert red.score == 10 + points
    assert red.completed_contracts == ("Brook Line",)
    assert red.canals[0].barge is None  # the barge leaves the map


@breaks("score.completion")
def test_only_the_second_edition_scores_the_contract_value() -> None:
    body = 'phase 2: build "Short Cut": stretch A2 (stretch), Dale'
    red = 'canal "Short Cut": Ashby'
    first = verdict(build_game(body, red=red, edition=1))
    second = verdict(build_game(body, red=red, edition=2))
    assert_legal(first)
    assert_legal(second)
    # a stretch scores nothing: the 1st edition gives 0, the 2nd the contract's value, 2
    assert scores(first.after)["red"] == 0
    assert scores(second.after)["red"] == 2


@breaks("score.completion")
def test_an_unfinished_canal_scores_nothing_when_built() -> None:
    text = build_game('phase 2: build "Ashby Cut": lock B1 (lock)')
    v = verdict(text)
    assert_legal(v)
    assert dict(v.points) == {}
    assert scores(v.after)["red"] == 0


def test_an_illegal_build_is_not_applied() -> None:
    text = build_game('phase 2: build "Ashby Cut": lock B1 (lock), lock C1 (lock)')
    (first,) = verdicts(text)
    assert not first.legal
    state = evaluation(text).final_state
    assert state is not None
    assert state.player("red").canals[0].route == ["Ashby"]
    assert where(text, "lock C1")[0] == first.violations[0].span.line
