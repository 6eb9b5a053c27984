"""Rules of build cards outside building (checks_cards.py): taking face-up cards, refilling and
discarding the display, drawing the top card, announcing symbols, Rennie, exchanging engineers.

Board: the Vale (see rulecases.VALE). Sections: IT "Il turno", "Carte costruzione",
"Ingegneri"; FR "Le tour", "Cartes Construction", "Divers"; DE "Spielzug", "Baukarten", "Die
Ingenieure".
"""

from __future__ import annotations

from rulecases import assert_breaks, assert_legal, breaks, game, holds, verdict

from canaldsl.canalmania.components import CardKind
from canaldsl.canalmania.position import Card

DISPLAY = "lock/red, stretch, tunnel, surveyor, aqueduct"


def card_game(
    steps: str,
    *,
    engineer: str = "Smeaton",
    hand: str = "1 stretch",
    display: str = DISPLAY,
    deck: str = "30",
    phase: int = 2,
    extra: str = "",
    edition: int = 2,
    options: dict[str, str] | None = None,
) -> str:
    """Red, holding ``hand``, plays ``steps`` from ``phase`` on."""
    others = [e for e in ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie") if e != engineer]
    return game(
        f"""
player red {{
  engineer {engineer}
  hand {hand}
  canal "Gor Navigation": Gor
}}
player white {{
  engineer {others[0]}
}}
player black {{
  engineer {others[1]}
}}
display {display}
deck {deck}
{extra}
now red phase {phase}

turn red {{
  phase {phase}:
    {steps}
}}
""",
        edition=edition,
        options=options,
    )


# ------------------------------------------------------------------------------- cards.take-three


@holds("cards.take-three", "cards.in-display", "display.refill")
def test_three_face_up_cards_are_taken_and_three_turned_up() -> None:
    text = card_game("take stretch, tunnel, surveyor from display\n    refill lock, lock, tunnel")
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert red.hand == {CardKind.STRETCH: 2, CardKind.TUNNEL: 1, CardKind.SURVEYOR: 1}
    assert v.after.display == (
        Card(CardKind.LOCK, "red"),
        Card(CardKind.AQUEDUCT),
        Card(CardKind.LOCK),
        Card(CardKind.LOCK),
        Card(CardKind.TUNNEL),
    )
    assert v.after.deck == 27


@holds("cards.take-three")
def test_with_seven_cards_in_hand_fewer_than_three_may_be_taken() -> None:
    text = card_game(
        "take stretch from display\n    refill lock\n    discard stretch",
        hand="4 stretch, 3 lock",
    )
    assert_legal(verdict(text))


@holds("cards.take-three", "engineer.rennie")
def test_rennie_takes_four_face_up_cards() -> None:
    text = card_game(
        "take stretch, tunnel, surveyor, aqueduct from display\n    refill lock, lock, lock, lock",
        engineer="Rennie",
    )
    v = verdict(text)
    assert_legal(v)
    assert sum(v.after.player("red").hand.values()) == 5


@breaks("cards.take-three")
def test_fewer_than_three_cards_with_a_small_hand_is_illegal() -> None:
    text = card_game("take stretch, tunnel from display\n    refill lock, lock")
    found = assert_breaks(verdict(text), "cards.take-three", text, "take stretch")
    assert "this hand had 1" in found.message


@breaks("cards.take-three")
def test_four_cards_without_rennie_is_illegal() -> None:
    text = card_game(
        "take stretch, tunnel, surveyor, aqueduct from display\n    refill lock, lock, lock, lock"
    )
    assert_breaks(verdict(text), "cards.take-three", text, "take stretch")


@breaks("cards.take-three")
def test_five_cards_even_with_rennie_is_illegal() -> None:
    text = card_game(
        "take lock/red, stretch, tunnel, surveyor, aqueduct from display\n"
        "    refill lock, lock, lock, lock, lock\n    place red at Dale, Isle",
        engineer="Rennie",
    )
    assert_breaks(verdict(text), "cards.take-three", text, "take lock/red")


# ------------------------------------------------------------------------------- cards.in-display


@breaks("cards.in-display")
def test_a_card_not_in_the_display_cannot_be_taken() -> None:
    text = card_game("take stretch, tunnel, lock from display\n    refill lock, lock, lock")
    found = assert_breaks(verdict(text), "cards.in-display", text, "lock from")
    assert "lock/red" in found.message


@breaks("cards.in-display")
def test_a_card_is_taken_once() -> None:
    text = card_game("take stretch, stretch, tunnel from display\n    refill lock, lock, lock")
    assert_breaks(verdict(text), "cards.in-display", text, "stretch", nth=2)


# -------------------------------------------------------------------------------- display.refill


@holds("display.refill")
def test_a_known_deck_refills_the_display_with_its_top_cards() -> None:
    text = card_game(
        "take stretch, tunnel, surveyor from display\n    refill lock, stretch, lock/green",
        deck="lock, stretch, lock/green, tunnel",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.deck == (Card(CardKind.TUNNEL),)


@breaks("display.refill")
def test_three_cards_taken_are_replaced_by_three() -> None:
    text = card_game("take stretch, tunnel, surveyor from display\n    refill lock, lock")
    found = assert_breaks(verdict(text), "display.refill", text, "refill")
    assert "with 3 cards, not 2" in found.message


@breaks("display.refill")
def test_the_cards_turned_up_are_the_top_of_a_known_deck() -> None:
    text = card_game(
        "take stretch, tunnel, surveyor from display\n    refill lock, lock, lock",
        deck="lock, stretch, lock/green, tunnel",
    )
    found = assert_breaks(verdict(text), "display.refill", text, "refill")
    assert "lock, stretch, lock/green" in found.message


@holds("display.refill")
def test_an_empty_deck_is_reshuffled_from_the_discards_to_refill_the_display() -> None:
    # IT/FR/DE: when the deck runs out the discard pile is shuffled into a new deck. One card is
    # left; the other two come from the reshuffled discards, in an order nobody knows.
    text = card_game(
        "take stretch, tunnel, surveyor from display\n    refill lock, aqueduct, stretch",
        deck="lock",
        extra="discard-pile 12",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.deck == 12 - 2


@holds("display.refill", "display.discard")
def test_discarding_the_display_reshuffles_when_the_deck_runs_out() -> None:
    text = card_game(
        "discard display\n    refill stretch, lock/red, tunnel, surveyor, lock",
        deck="stretch, lock/red, tunnel",
        extra="discard-pile 0",
        phase=1,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.display is not None and len(v.after.display) == 5


# ------------------------------------------------------------------------------- display.discard


@holds("display.discard")
def test_the_whole_display_is_discarded_and_five_new_cards_turned_up() -> None:
    text = card_game(
        "discard display\n    refill stretch, lock/red, tunnel/white, surveyor, lock/blue",
        phase=1,
        extra="discard-pile 4",
    )
    v = verdict(text)
    assert_legal(v)  # the new cards' symbols are ignored
    assert v.after.discard_pile == 4 + 5
    assert v.after.deck == 30 - 5
    assert v.after.cubes == frozenset()


@breaks("display.discard")
def test_discarding_a_display_of_four_cards_is_illegal() -> None:
    text = card_game(
        "discard display\n    refill stretch, lock, tunnel, surveyor, lock",
        display="lock/red, stretch, tunnel, surveyor",
        phase=1,
    )
    assert_breaks(verdict(text), "display.discard", text, "discard display")


@breaks("turn.action-in-phase")
def test_the_display_is_discarded_in_phase_one_only() -> None:
    text = card_game("discard display\n    refill stretch, lock, tunnel, surveyor, lock")
    assert_breaks(verdict(text), "turn.action-in-phase", text, "discard display")


# -------------------------------------------------------------------------------- draw.top-card


@holds("draw.top-card")
def test_drawing_takes_the_top_card_of_a_known_deck() -> None:
    text = card_game("draw stretch", deck="stretch, lock/red, tunnel")
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {CardKind.STRETCH: 2}
    assert v.after.deck == (Card(CardKind.LOCK, "red"), Card(CardKind.TUNNEL))


@holds("draw.top-card")
def test_drawing_may_replace_the_action_of_every_phase() -> None:
    text = card_game("draw\n  phase 2: draw\n  phase 3: draw", deck="10", phase=1)
    v = verdict(text)
    assert_legal(v)
    assert v.after.deck == 7
    assert v.after.player("red").hand is None  # the cards drawn are not known


@breaks("draw.top-card")
def test_drawing_a_card_that_is_not_on_top_is_illegal() -> None:
    text = card_game("draw lock", deck="stretch, lock/red, tunnel")
    found = assert_breaks(verdict(text), "draw.top-card", text, "draw lock")
    assert "is stretch, not lock" in found.message


# -------------------------------------------------------------------------------- draw.announce


@holds("draw.announce", "goods.symbol-placement")
def test_a_drawn_symbol_announced_places_two_cubes() -> None:
    text = card_game(
        "draw lock/red announce\n    place red at Dale, Isle", deck="lock/red, stretch"
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == {"Dale", "Isle"}


@holds("draw.announce")
def test_a_drawn_symbol_may_be_kept_quiet() -> None:
    text = card_game("draw lock/red", deck="lock/red, stretch")
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == frozenset()


@breaks("draw.announce")
def test_announcing_a_card_without_a_symbol_is_illegal() -> None:
    text = card_game("draw stretch announce", deck="stretch, lock/red")
    assert_breaks(verdict(text), "draw.announce", text, "draw stretch")


@breaks("goods.symbol-placement")
def test_an_announced_symbol_must_place_its_cubes() -> None:
    text = card_game("draw lock/red announce", deck="lock/red, stretch")
    assert_breaks(verdict(text), "goods.symbol-placement", text, "draw lock/red")


# ------------------------------------------------------------------------------- engineer.rennie


@holds("engineer.rennie")
def test_rennie_draws_a_face_up_card_instead_of_the_top_card() -> None:
    text = card_game(
        "draw lock/red from display\n    refill stretch\n    place red at Dale, Isle",
        engineer="Rennie",
        deck="stretch, tunnel",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").hand == {CardKind.STRETCH: 1, CardKind.LOCK: 1}
    assert v.after.display is not None and Card(CardKind.STRETCH) in v.after.display
    assert v.after.cubes == {"Dale", "Isle"}


@holds("engineer.rennie")
def test_with_the_option_ignored_rennies_face_up_draw_brings_no_cubes() -> None:
    text = card_game(
        "draw lock/red from display\n    refill stretch",
        engineer="Rennie",
        deck="stretch, tunnel",
        options={"rennie-display-draw-goods": "ignored"},
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == frozenset()


@breaks("engineer.rennie")
def test_only_rennie_draws_a_face_up_card() -> None:
    text = card_game("draw surveyor from display\n    refill stretch", engineer="Telford")
    assert_breaks(verdict(text), "engineer.rennie", text, "draw surveyor")


# ----------------------------------------------------------------------------- engineer.exchange


@holds("engineer.exchange")
def test_engineers_are_exchanged_with_another_player_willing_or_not() -> None:
    text = card_game("exchange engineer with white", phase=1)
    v = verdict(text)
    assert_legal(v)
    assert (v.after.player("red").engineer, v.after.player("white").engineer) == (
        "Brindley",
        "Smeaton",
    )


@holds("engineer.exchange")
def test_an_engineer_beside_the_board_may_be_taken_in_exchange() -> None:
    text = card_game("exchange engineer for Rennie", phase=1, extra="engineers aside Rennie")
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").engineer == "Rennie"
    assert v.after.engineers_aside == ("Smeaton",)


@breaks("engineer.exchange")
def test_an_engineer_held_by_a_player_is_not_beside_the_board() -> None:
    text = card_game("exchange engineer for Brindley", phase=1, extra="engineers aside Rennie")
    assert_breaks(verdict(text), "engineer.exchange", text, "exchange engineer")


@breaks("turn.action-in-phase")
def test_engineers_are_exchanged_in_phase_one_only() -> None:
    text = card_game("exchange engineer with white", phase=2)
    assert_breaks(verdict(text), "turn.action-in-phase", text, "exchange engineer")
