"""Rules of the turn (checks_turn.py): whose turn, the phases in order, one action each, the
hand limit.

Board: the Vale (see rulecases.VALE). Sections: IT "Il turno", "Prendere carte costruzione";
FR "Le tour", "Prendre des cartes Construction"; DE "Spielzug", "Baukarten aufnehmen".
"""

from __future__ import annotations

from rulecases import (
    assert_breaks,
    assert_legal,
    breaks,
    game,
    holds,
    verdict,
    verdicts,
)

from canaldsl.canalmania.components import CardKind

POSITION = """
player red {{
  engineer Smeaton
  hand {hand}
  canal "Ashby Cut": Ashby
}}
player white {{
  engineer Telford
  hand 1 lock
  canal "Gor Navigation": Gor
}}
player black {{
  engineer Jessop
  canal "Hale Cut": Hale
}}
display lock, stretch, tunnel, surveyor, aqueduct
deck 30
{now}
"""


def turn_game(
    turns: str,
    *,
    hand: str = "1 stretch, 1 lock",
    now: str = "now red",
    options: dict[str, str] | None = None,
) -> str:
    return game(POSITION.format(hand=hand, now=now) + "\n" + turns, options=options)


# ---------------------------------------------------------------------------- turn.player-order


@holds("turn.player-order", "turn.one-action-per-phase", "turn.action-in-phase")
def test_turns_go_round_in_seating_order() -> None:
    text = turn_game(
        """
turn red {
  phase 1: discard display
  phase 2: build "Ashby Cut": lock B1 (lock)
  phase 3: draw
}

turn white {
  phase 1: pass
}

turn black {
  phase 2: draw
}

turn red {
  phase 3: pass
}
"""
    )
    assert all(v.legal for v in verdicts(text)), [v.violations for v in verdicts(text)]


@breaks("turn.player-order")
def test_a_player_out_of_turn_is_illegal() -> None:
    text = turn_game("turn white {\n  phase 1: pass\n}\n")
    found = assert_breaks(verdict(text), "turn.player-order", text, "white {")
    assert "it is red's turn" in found.message


@breaks("turn.player-order")
def test_a_player_cannot_play_two_turns_in_a_row() -> None:
    text = turn_game("turn red {\n  phase 1: pass\n}\n\nturn red {\n  phase 1: pass\n}\n")
    first, second = verdicts(text)
    assert_legal(first)
    assert_breaks(second, "turn.player-order", text, "red {", nth=2)


# ----------------------------------------------------------------------------- turn.phase-order


@holds("turn.phase-order")
def test_a_position_written_mid_turn_goes_on_from_its_phase() -> None:
    text = turn_game(
        'turn red {\n  phase 2: build "Ashby Cut": lock B1 (lock)\n  phase 3: pass\n}\n',
        now="now red phase 2",
    )
    assert_legal(verdict(text))


@breaks("turn.phase-order")
def test_a_phase_already_over_cannot_be_played() -> None:
    text = turn_game(
        "turn red {\n  phase 1: discard display\n  phase 3: pass\n}\n", now="now red phase 3"
    )
    assert_breaks(verdict(text), "turn.phase-order", text, "discard display")


# --------------------------------------------------------------------- turn.one-action-per-phase


@breaks("turn.one-action-per-phase")
def test_two_actions_in_one_phase_are_illegal() -> None:
    text = turn_game(
        "turn red {\n  phase 2:\n    take lock, stretch, tunnel from display\n"
        "    refill lock, lock, lock\n"
        '    build "Ashby Cut": lock B1 (lock)\n}\n',
        now="now red phase 2",
    )
    found = assert_breaks(verdict(text), "turn.one-action-per-phase", text, "build")
    assert "action number 2" in found.message


@breaks("turn.one-action-per-phase")
def test_drawing_counts_as_the_phases_action() -> None:
    text = turn_game("turn red {\n  phase 3:\n    draw\n    draw\n}\n", now="now red phase 3")
    assert_breaks(verdict(text), "turn.one-action-per-phase", text, "draw", nth=2)


# ------------------------------------------------------------------------- turn.action-in-phase


@holds("turn.action-in-phase")
def test_drawing_may_replace_any_phases_action() -> None:
    text = turn_game("turn red {\n  phase 1: draw\n  phase 2: draw\n  phase 3: draw\n}\n")
    assert_legal(verdict(text))


@breaks("turn.action-in-phase")
def test_building_in_phase_one_is_illegal() -> None:
    text = turn_game('turn red {\n  phase 1: build "Ashby Cut": lock B1 (lock)\n}\n')
    found = assert_breaks(verdict(text), "turn.action-in-phase", text, "build")
    assert "phase 1" in found.message


@breaks("turn.action-in-phase")
def test_taking_cards_in_phase_three_is_illegal() -> None:
    text = turn_game(
        "turn red {\n  phase 3:\n    take lock, stretch, tunnel from display\n"
        "    refill lock, lock, lock\n}\n",
        now="now red phase 3",
    )
    assert_breaks(verdict(text), "turn.action-in-phase", text, "take lock")


@breaks("turn.action-in-phase")
def test_moving_a_cube_in_phase_two_is_illegal() -> None:
    text = turn_game("turn red {\n  phase 2: move cube Ashby > Brook\n}\n", now="now red phase 2")
    assert_breaks(verdict(text), "turn.action-in-phase", text, "move cube")


# -------------------------------------------------------------------------- turn.phase-skipped


@holds("turn.phase-skipped")
def test_by_default_a_phase_may_pass_without_action() -> None:
    text = turn_game("turn red {\n  phase 2: pass\n}\n")
    assert_legal(verdict(text))


@breaks("turn.phase-skipped")
def test_with_skip_phase_forbidden_every_phase_needs_an_action() -> None:
    text = turn_game(
        "turn red {\n  phase 1: discard display\n  phase 2: draw\n}\n",
        options={"skip-phase": "forbidden"},
    )
    found = assert_breaks(verdict(text), "turn.phase-skipped", text, "turn red")
    assert "phase 3" in found.message


@breaks("turn.phase-skipped")
def test_with_skip_phase_forbidden_an_empty_phase_is_reported_at_its_mark() -> None:
    text = turn_game(
        "turn red {\n  phase 1: discard display\n  phase 2:\n  phase 3: draw\n}\n",
        options={"skip-phase": "forbidden"},
    )
    assert_breaks(verdict(text), "turn.phase-skipped", text, "phase 2")


# ----------------------------------------------------------------------------------- hand.limit


@holds("hand.limit")
def test_the_excess_over_seven_is_discarded_at_the_end_of_the_turn() -> None:
    text = turn_game(
        "turn red {\n  phase 2:\n    take lock, stretch, tunnel from display\n"
        "    refill lock, lock, lock\n  discard tunnel\n}\n",
        hand="3 stretch, 2 lock",
        now="now red phase 2",
    )
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert red.hand == {CardKind.STRETCH: 4, CardKind.LOCK: 3}


@holds("hand.limit")
def test_more_than_seven_cards_during_the_turn_is_fine() -> None:
    text = turn_game(
        "turn red {\n  phase 2:\n    take lock, stretch, tunnel from display\n"
        "    refill lock, lock, lock\n"
        "  phase 3: pass\n}\n\nturn white {\n  phase 1: pass\n}\n",
        hand="2 stretch, 2 lock",
        now="now red phase 2",
    )
    assert all(v.legal for v in verdicts(text))


@breaks("hand.limit")
def test_ending_the_turn_with_eight_cards_is_illegal() -> None:
    text = turn_game(
        "turn red {\n  phase 2:\n    take lock, stretch, tunnel from display\n"
        "    refill lock, lock, lock\n}\n",
        hand="3 stretch, 2 lock",
        now="now red phase 2",
    )
    found = assert_breaks(verdict(text), "hand.limit", text, "turn red")
    assert "discard 1 to keep 7" in found.message


@breaks("hand.limit")
def test_only_the_excess_is_discarded() -> None:
    text = turn_game(
        "turn red {\n  phase 2:\n    take lock, stretch, tunnel from display\n"
        "    refill lock, lock, lock\n  discard tunnel, lock\n}\n",
        hand="3 stretch, 2 lock",
        now="now red phase 2",
    )
    found = assert_breaks(verdict(text), "hand.limit", text, "turn red")
    assert "1 too many were discarded" in found.message
