"""Rules of contracts (checks_contracts.py): taking them in phase 1, the extra contract, barges,
refilling parliament, and the 2nd edition's junction contracts.

Board: the Vale (see rulecases.VALE). Sections: IT/FR "Contratti" / "Contrats", DE "Verträge".
"""

from __future__ import annotations

from rulecases import assert_breaks, assert_legal, breaks, game, holds, verdict, verdicts

REVEAL_FIVE = 'reveal "Brook Line", "Dale Canal", "Gor Navigation", "Hale Cut", "Short Cut"'


def contract_game(
    steps: str,
    *,
    red: str = "",
    white: str = "",
    parliament: str = '"Ashby Cut", "Brook Line"',
    deck: str = "10",
    edition: int = 2,
    phase: int = 1,
) -> str:
    """Red plays ``steps`` from phase 1 with this parliament and contract deck."""
    return game(
        f"""
player red {{
  engineer Smeaton
  hand 2 stretch, 1 lock
  {red}
}}
player white {{
  engineer Telford
  {white}
}}
player black {{
  engineer Jessop
}}
parliament {parliament}
contract-deck {deck}
now red phase {phase}

turn red {{
  {steps}
}}
""",
        edition=edition,
    )


# ---------------------------------------------------------------------------- contract.mandatory


@holds("contract.mandatory", "contract.from-parliament", "contract.barge", "contract.max-open")
def test_a_player_without_a_contract_takes_one_and_puts_its_barge_down() -> None:
    text = contract_game('phase 1: take contract "Ashby Cut" barge at Ashby')
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert [(c.contract, c.barge) for c in red.canals] == [("Ashby Cut", "Ashby")]
    assert v.after.parliament == ("Brook Line",)


@holds("contract.mandatory")
def test_a_player_with_a_contract_may_do_something_else_in_phase_one() -> None:
    text = contract_game("phase 1: discard display", red='canal "Gor Navigation": Gor')
    assert_legal(verdict(text))


@holds("contract.mandatory")
def test_with_no_contract_left_to_take_another_action_is_chosen() -> None:
    # IT/FR Fine della partita: all contracts taken, a player without one picks another action.
    text = contract_game("phase 1: discard display", parliament="", deck="0", edition=1)
    assert_legal(verdict(text))


@holds("contract.mandatory")
def test_once_every_contract_is_taken_the_next_player_may_do_something_else() -> None:
    # IT/FR Fine della partita: all contracts may be taken; a player without one then chooses
    # another phase 1 action.
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby',
        parliament='"Ashby Cut"',
        deck="0",
        edition=1,
    )
    text += "\nturn white {\n  phase 1: discard display\n}\n"
    first, second = verdicts(text)
    assert_legal(first)
    assert first.after.parliament == ()
    assert_legal(second)


@breaks("contract.mandatory")
def test_a_player_without_a_contract_who_takes_none_breaks_the_rule() -> None:
    text = contract_game("phase 1: pass\n  phase 2: pass")
    assert_breaks(verdict(text), "contract.mandatory", text, "phase 1")


@breaks("contract.mandatory")
def test_drawing_instead_of_taking_the_compulsory_contract_breaks_the_rule() -> None:
    text = contract_game("phase 1: draw")
    assert_breaks(verdict(text), "contract.mandatory", text, "phase 1")


@holds("contract.mandatory")
def test_second_edition_with_parliament_empty_and_the_junction_used() -> None:
    # DE Spielende: all contracts taken, a player without one must choose another action.
    text = contract_game("phase 1: discard display", red="junctions 0", parliament="", deck="0")
    assert_legal(verdict(text))


# ----------------------------------------------------------------------------- contract.max-open


@holds("contract.max-open")
def test_a_second_open_contract_may_be_taken() -> None:
    text = contract_game(
        'phase 1: take contract "Brook Line" barge at Cole', red='canal "Gor Navigation": Gor'
    )
    v = verdict(text)
    assert_legal(v)
    assert len(v.after.player("red").open_canals) == 2


@breaks("contract.max-open")
def test_a_third_open_contract_is_illegal() -> None:
    text = contract_game(
        'phase 1: take contract "Brook Line" barge at Cole',
        red='canal "Gor Navigation": Gor\n  canal "Hale Cut": Hale',
    )
    assert_breaks(verdict(text), "contract.max-open", text, '"Brook Line"')


@breaks("contract.max-open")
def test_an_extra_contract_beyond_two_open_ones_is_illegal() -> None:
    # IT/FR/DE: never an extra contract if it makes more than two open contracts.
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby then "Brook Line" barge at Brook',
        red='canal "Gor Navigation": Gor',
    )
    assert_breaks(verdict(text), "contract.max-open", text, '"Brook Line"')


# ------------------------------------------------------------------------ contract.from-parliament


@breaks("contract.from-parliament")
def test_a_contract_not_in_parliament_cannot_be_taken() -> None:
    text = contract_game('phase 1: take contract "Dale Canal" barge at Dale')
    found = assert_breaks(verdict(text), "contract.from-parliament", text, '"Dale Canal"')
    assert "not in parliament" in found.message


@breaks("contract.from-parliament")
def test_a_contract_another_player_holds_cannot_be_taken() -> None:
    text = contract_game(
        'phase 1: take contract "Dale Canal" barge at Dale', white='canal "Dale Canal": Dale'
    )
    found = assert_breaks(verdict(text), "contract.from-parliament", text, '"Dale Canal"')
    assert "white" in found.message


@breaks("contract.from-parliament")
def test_a_completed_contract_is_never_taken_again() -> None:
    text = contract_game(
        'phase 1: take contract "Short Cut" barge at Ashby',
        white='completed "Short Cut": Ashby, stretch A2, Dale',
        parliament='"Ashby Cut"',
    )
    assert_breaks(verdict(text), "contract.from-parliament", text, '"Short Cut"')


# ------------------------------------------------------------------------------- contract.extra


@holds("contract.extra")
def test_with_two_contracts_in_parliament_both_may_be_taken() -> None:
    text = contract_game(
        'phase 1:\n    take contract "Ashby Cut" barge at Ashby then "Brook Line" barge at Cole\n'
        f"    {REVEAL_FIVE.replace('Brook Line', 'Isle Canal')}",
        deck="5",
    )
    v = verdict(text)
    assert_legal(v)
    assert [c.contract for c in v.after.player("red").canals] == ["Ashby Cut", "Brook Line"]
    assert v.after.parliament == (
        "Isle Canal",
        "Dale Canal",
        "Gor Navigation",
        "Hale Cut",
        "Short Cut",
    )


@holds("contract.extra", "contract.parliament-refill")
def test_with_one_contract_left_take_it_turn_up_five_and_take_one_more() -> None:
    text = contract_game(
        'phase 1:\n    take contract "Ashby Cut" barge at Ashby then "Dale Canal" barge at Dale\n'
        f"    {REVEAL_FIVE}",
        parliament='"Ashby Cut"',
        deck="6",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.parliament == ("Brook Line", "Gor Navigation", "Hale Cut", "Short Cut")
    assert v.after.contract_deck == 1


@holds("contract.extra")
def test_the_second_contract_may_come_from_five_new_ones_not_written_down() -> None:
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby then "Dale Canal" barge at Dale',
        parliament='"Ashby Cut"',
        deck="6",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.parliament is None  # parliament is no longer known


@breaks("contract.extra")
def test_an_extra_contract_from_a_fuller_parliament_is_illegal() -> None:
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby then "Brook Line" barge at Cole',
        parliament='"Ashby Cut", "Brook Line", "Isle Canal"',
    )
    found = assert_breaks(verdict(text), "contract.extra", text, '"Brook Line"')
    assert "it held 3" in found.message


# ------------------------------------------------------------------------------- contract.barge


@holds("contract.barge")
def test_the_barge_may_go_on_either_endpoint() -> None:
    text = contract_game('phase 1: take contract "Ashby Cut" barge at Brook')
    v = verdict(text)
    assert_legal(v)
    assert v.after.player("red").canals[0].barge == "Brook"


@breaks("contract.barge")
def test_the_barge_on_a_place_that_is_no_endpoint_is_illegal() -> None:
    text = contract_game('phase 1: take contract "Ashby Cut" barge at Dale')
    assert_breaks(verdict(text), "contract.barge", text, "Dale")


@breaks("contract.barge")
def test_the_barge_on_the_via_place_is_illegal() -> None:
    text = contract_game(
        'phase 1: take contract "Dale Canal" barge at Elm', parliament='"Dale Canal"'
    )
    assert_breaks(verdict(text), "contract.barge", text, "Elm")


# --------------------------------------------------------------------- contract.parliament-refill


@holds("contract.parliament-refill")
def test_a_short_contract_deck_refills_parliament_with_what_it_has() -> None:
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby\n    reveal "Dale Canal", "Hale Cut"',
        parliament='"Ashby Cut"',
        deck="2",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.parliament == ("Dale Canal", "Hale Cut")


@holds("contract.parliament-refill")
def test_a_known_contract_deck_gives_its_top_five() -> None:
    text = contract_game(
        f'phase 1: take contract "Ashby Cut" barge at Ashby\n    {REVEAL_FIVE}',
        parliament='"Ashby Cut"',
        deck='"Brook Line", "Dale Canal", "Gor Navigation", "Hale Cut", "Short Cut", "Isle Canal"',
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.contract_deck == ("Isle Canal",)


@breaks("contract.parliament-refill")
def test_parliament_is_refilled_with_five_not_four() -> None:
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby\n'
        '    reveal "Brook Line", "Dale Canal", "Gor Navigation", "Hale Cut"',
        parliament='"Ashby Cut"',
        deck="10",
    )
    found = assert_breaks(verdict(text), "contract.parliament-refill", text, "reveal")
    assert "5 contracts, not 4" in found.message


@breaks("contract.parliament-refill")
def test_the_contracts_turned_up_are_the_top_of_the_deck() -> None:
    text = contract_game(
        f'phase 1: take contract "Ashby Cut" barge at Ashby\n    {REVEAL_FIVE}',
        parliament='"Ashby Cut"',
        deck='"Isle Canal", "Brook Line", "Dale Canal", "Gor Navigation", "Hale Cut", "Short Cut"',
    )
    found = assert_breaks(verdict(text), "contract.parliament-refill", text, "reveal")
    assert found.message.startswith("the next contracts of the contract deck are Isle Canal")


# ---------------------------------------------------------------------------- contract.junction


THREE_IN_PARLIAMENT = '"Ashby Cut", "Brook Line", "Hale Cut"'
"""With three contracts in parliament a player takes one or the junction: the DE text
(junction-double-take = whenever-two-possible, the 2nd edition's default) allows the junction."""


@holds("contract.junction", "score.completion")
def test_the_junction_contract_is_complete_on_reaching_a_second_place() -> None:
    # DE Anschlussverträge: barge on any town; value 2; complete on reaching a second place.
    text = contract_game(
        "phase 1: take junction barge at Elm\n"
        "  phase 2: build junction: stretch E3 (stretch), lock F3 (lock), Fen",
        parliament=THREE_IN_PARLIAMENT,  # two could not be taken at once (DE: no junction)
    )
    v = verdict(text)
    assert_legal(v)
    red = v.after.player("red")
    assert red.junctions == 0
    assert red.completed_contracts == ("junction",)
    assert v.points == {"red": 1 + 2}  # a lock, and the junction contract's value


@breaks("contract.junction")
def test_the_junction_contract_is_taken_once() -> None:
    text = contract_game("phase 1: take junction barge at Elm", red="junctions 0")
    assert_breaks(verdict(text), "contract.junction", text, "take junction")


@breaks("contract.junction")
def test_the_first_edition_has_no_junction_contracts() -> None:
    text = contract_game("phase 1: take junction barge at Elm", edition=1)
    assert_breaks(verdict(text), "contract.junction", text, "take junction")


@breaks("contract.junction")
def test_a_junction_canal_goes_no_further_than_its_second_place() -> None:
    # DE Anschlussverträge: complete on reaching a second place, so it never joins a third.
    # The build going on past Fen breaks the junction's own rule, not build.own-contract.
    text = contract_game(
        "phase 1: take junction barge at Elm\n"
        "  phase 2: build junction: stretch E3 (stretch), lock F3 (lock), Fen, stretch G3",
        parliament=THREE_IN_PARLIAMENT,
    )
    found = assert_breaks(verdict(text), "contract.junction", text, "G3")
    assert found.message == (
        "a junction canal joins two places only: it was complete on reaching Fen, so nothing "
        "more is built on it"
    )


@breaks("contract.junction")
def test_the_junction_contract_is_never_the_extra_contract() -> None:
    # DE Anschlussverträge: when a player may take a second contract at once, that second one
    # may never be the junction contract. Written `then junction`, it is judged by that rule
    # (it used to be an unknown contract, E202).
    text = contract_game(
        'phase 1: take contract "Ashby Cut" barge at Ashby then junction barge at Elm'
    )
    found = assert_breaks(verdict(text), "contract.junction", text, "junction barge at Elm")
    assert (
        found.message == "a junction contract is never taken as the second contract of one action"
    )


@breaks("build.contract-length")
def test_a_junction_canal_has_at_most_two_tiles() -> None:
    text = contract_game(
        "phase 2: build junction: stretch E3 (stretch), lock F3 (lock), stretch F2 (stretch)",
        red="canal junction: Elm",
        phase=2,
    )
    assert_breaks(verdict(text), "build.contract-length", text, "F2", only=["build.completable"])


@holds("contract.junction")
def test_a_second_open_junction_canal_is_built_from_its_own_barge() -> None:
    # 2nd edition, two players: each holds two junction contracts, and both may be open; a
    # build line names "junction" and continues the one whose barge is next to its first tile.
    text = """rules second-edition { players 2 }
board england
player red {
  engineer Rennie
  hand 2 stretch, 2 lock
  junctions 0
  canal junction: Leeds
  canal junction: Tonbridge
}
player white { }
now red phase 2
turn red {
  phase 2: build junction: lock R28 (lock)
}
"""
    v = verdict(text)
    assert_legal(v)
    canals = v.after.player("red").canals
    assert [len(c.tiles) for c in canals] == [0, 1]
