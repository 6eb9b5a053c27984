"""Rules of goods cubes (checks_goods.py): placing cubes when symbols come up, and moving them.

Placement cases use the Vale (red: Dale city, Ashby and Isle towns; blue: Brook only) or the
Crowd board (21 towns, enough for every cube); moving cases use the Midlands, whose places are
those of the rulebooks' examples. Sections: IT "Piazzare cubi merci", "I cubi merce si
muovono"; FR "Placer des marchandises", "Le transport des marchandises"; DE "Gütermarker
einsetzen", "Die Güterbewegung".
"""

from __future__ import annotations

from rulecases import (
    CROWD,
    MIDLANDS,
    assert_breaks,
    assert_legal,
    breaks,
    game,
    holds,
    scores,
    verdict,
)

from canaldsl.canalmania.checks_goods import delivery_points

# ------------------------------------------------------------------------------ placing cubes


def take_game(
    steps: str,
    *,
    display: str = "lock/red, stretch, tunnel, surveyor, aqueduct",
    red: str = 'canal "Gor Navigation": Gor',
    white: str = "",
    black: str = "",
    cubes: str = "none",
    edition: int = 2,
    extra: str = "",
    board: str | None = None,
    phase: int = 2,
) -> str:
    """Red takes cards from the display in phase 2 (the deck's cards are not known)."""
    kwargs = {"board": board} if board is not None else {}
    return game(
        f"""
player red {{
  engineer Smeaton
  hand 1 stretch
  {red}
}}
player white {{
  engineer Telford
  {white}
}}
player black {{
  engineer Jessop
  {black}
}}
display {display}
deck 30
cubes {cubes}
{extra}
now red phase {phase}

turn red {{
  phase {phase}:
    {steps}
}}
""",
        edition=edition,
        **kwargs,
    )


TAKE = "take lock/red, stretch, tunnel from display\n    refill lock, lock, lock"


@holds("goods.symbol-placement", "goods.symbol-colour", "goods.placement-priority")
def test_a_symbol_taken_from_the_display_places_two_cubes() -> None:
    # Red city and towns empty and unconnected: the city first (case 3), then a town (case 4).
    text = take_game(f"{TAKE}\n    place red at Dale, Isle")
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == {"Dale", "Isle"}
    assert v.after.basin == 20 - 2
    assert v.after.player("red").hand is not None


@holds("goods.symbol-placement", "display.refill")
def test_cubes_placed_before_the_display_is_refilled_as_the_readme_writes_it() -> None:
    text = take_game(
        "take lock/red, stretch, tunnel from display\n    place red at Dale, Isle\n"
        "    refill lock, lock, lock"
    )
    assert_legal(verdict(text))


@holds("goods.symbol-placement")
def test_each_symbol_places_its_own_two_cubes() -> None:
    text = take_game(
        "take lock/red, stretch/green, tunnel from display\n    refill lock, lock, lock\n"
        "    place red at Dale, Ashby\n    place green at Elm",
        display="lock/red, stretch/green, tunnel, surveyor, aqueduct",
    )
    v = verdict(text)
    assert_legal(v)  # green has one place on the Vale: one cube only
    assert v.after.cubes == {"Dale", "Ashby", "Elm"}


@holds("goods.symbol-placement")
def test_symbols_turned_up_by_discarding_the_display_are_ignored() -> None:
    text = take_game(
        "discard display\n"
        "    refill lock/red, stretch/blue, tunnel/white, lock/green, surveyor/black",
        phase=1,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == frozenset()


@breaks("goods.symbol-placement")
def test_a_symbol_with_one_cube_placed_is_illegal() -> None:
    text = take_game(f"{TAKE}\n    place red at Dale")
    found = assert_breaks(verdict(text), "goods.symbol-placement", text, "place red")
    assert "places 2 cubes, not 1" in found.message


@breaks("goods.symbol-placement")
def test_a_symbol_with_no_cube_placed_is_illegal() -> None:
    text = take_game(TAKE)
    assert_breaks(verdict(text), "goods.symbol-placement", text, "lock/red")


@breaks("goods.symbol-placement")
def test_cubes_placed_without_a_symbol_are_illegal() -> None:
    text = take_game(
        "take lock, stretch, tunnel from display\n    refill lock, lock, lock\n"
        "    place red at Dale, Isle",
        display="lock, stretch, tunnel, surveyor, aqueduct",
    )
    assert_breaks(verdict(text), "goods.symbol-placement", text, "place red")


# ---------------------------------------------------------------------------- goods.symbol-colour


@holds("goods.symbol-colour", "goods.full-colour")
def test_a_white_symbol_places_cubes_of_the_colour_chosen() -> None:
    # Blue has one place on the Vale, Brook: one cube, the other stays in the basin.
    text = take_game(
        "take lock/white, stretch, tunnel from display\n    refill lock, lock, lock\n"
        "    place blue at Brook",
        display="lock/white, stretch, tunnel, surveyor, aqueduct",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == {"Brook"}


@breaks("goods.symbol-colour")
def test_a_cube_on_a_place_of_another_colour_is_illegal() -> None:
    text = take_game(f"{TAKE}\n    place red at Dale, Brook")
    assert_breaks(verdict(text), "goods.symbol-colour", text, "Brook")


@breaks("goods.symbol-colour")
def test_cubes_of_another_colour_than_the_symbol_are_illegal() -> None:
    text = take_game(f"{TAKE}\n    place green at Elm")
    assert_breaks(
        verdict(text), "goods.symbol-colour", text, "Elm", only=["goods.symbol-placement"]
    )


# ---------------------------------------------------------------------------- goods.one-per-place


@holds("goods.one-per-place")
def test_cubes_go_to_the_free_places_of_the_colour() -> None:
    text = take_game(f"{TAKE}\n    place red at Ashby, Isle", cubes="at Dale", extra="basin 19")
    v = verdict(text)
    assert_legal(v)
    assert v.after.cubes == {"Dale", "Ashby", "Isle"}


@breaks("goods.one-per-place")
def test_a_second_cube_on_one_place_is_illegal() -> None:
    text = take_game(f"{TAKE}\n    place red at Dale, Ashby", cubes="at Dale", extra="basin 19")
    assert_breaks(verdict(text), "goods.one-per-place", text, "Dale")


# ---------------------------------------------------------------------- goods.placement-priority

# Red's "Short Cut" has a tile next to Ashby: Ashby is a town with a canal (the Burton case).
CONNECTED = 'canal "Short Cut": Ashby, stretch A2'


@holds("goods.placement-priority")
def test_a_town_with_a_canal_comes_before_the_city_without_one() -> None:
    # IT/FR/DE example: if Burton were connected, the first cube goes there (case 2) and the
    # second to London (case 3).
    text = take_game(f"{TAKE}\n    place red at Ashby, Dale", red=CONNECTED)
    assert_legal(verdict(text))


@breaks("goods.placement-priority")
def test_a_town_before_the_city_when_neither_has_a_canal_is_illegal() -> None:
    text = take_game(f"{TAKE}\n    place red at Ashby, Dale")
    found = assert_breaks(verdict(text), "goods.placement-priority", text, "Ashby")
    assert "a city without a canal" in found.message


@breaks("goods.placement-priority")
def test_a_town_without_a_canal_before_the_city_is_illegal() -> None:
    text = take_game(f"{TAKE}\n    place red at Ashby, Isle", red=CONNECTED)
    assert_breaks(verdict(text), "goods.placement-priority", text, "Isle")


# ---------------------------------------------------------------------------- goods.full-colour


@holds("goods.full-colour")
def test_one_free_place_of_the_colour_takes_one_cube() -> None:
    text = take_game(
        f"{TAKE}\n    place red at Isle", cubes="at Dale, Ashby", extra="basin 13", edition=1
    )
    v = verdict(text)
    assert_legal(v)
    assert v.after.basin == 13 - 1


@holds("goods.full-colour")
def test_a_colour_with_every_place_full_takes_no_cube() -> None:
    text = take_game(TAKE, cubes="at Dale, Ashby, Isle", extra="basin 17")
    v = verdict(text)
    assert_legal(v)
    assert v.after.basin == 17


@breaks("goods.full-colour")
def test_a_colour_with_one_free_place_does_not_ask_for_two_cubes() -> None:
    text = take_game(TAKE, cubes="at Dale, Ashby", extra="basin 18")
    found = assert_breaks(verdict(text), "goods.symbol-placement", text, "lock/red")
    assert "places 1 cube, not 0" in found.message


# --------------------------------------------------------------------------- goods.removal-order

# 1st edition, 15 cubes: 14 on the Midlands, 1 in the basin. Red cubes are wanted and three red
# towns are free; Manchester and Stoke have a canal (white's), Birmingham is a city without one.
FULL_MIDLANDS = (
    "at Manchester, Stoke, Birmingham, Coventry, Northampton, Leicester, Gloucester, Newark, "
    "Weybridge, Guildford, Arundel, Huddersfield, Leeds, Sheffield"
)
MERSEY = 'completed "Trent and Mersey": Manchester, stretch B1, Stoke'


def removal_game(steps: str, *, edition: int = 1, cubes: str = FULL_MIDLANDS) -> str:
    return take_game(
        steps,
        red='canal "Basingstoke Canal": Basingstoke',
        white=MERSEY,
        cubes=cubes,
        edition=edition,
        board=MIDLANDS,
    )


@holds("goods.removal-order")
def test_an_empty_basin_is_refilled_from_a_town_without_a_canal_first() -> None:
    text = removal_game(f"{TAKE}\n    remove cube from Leeds\n    place red at Worcester, Goole")
    v = verdict(text)
    assert_legal(v)
    assert "Leeds" not in v.after.cubes and {"Worcester", "Goole"} <= v.after.cubes
    assert v.after.basin == 0


# Every town holding a cube has a canal; Birmingham, the city, has none.
CANALS_EVERYWHERE = {
    "white": MERSEY
    + "\n  "
    + 'completed "Leicester Line": Newark, stretch I4, Leicester, lock I2, Northampton'
    + "\n  "
    + 'completed "Wey and Arun": Weybridge, stretch D7, Guildford, lock F7, Arundel'
    + "\n  "
    + 'canal "Coventry Canal": Northampton, stretch H1, Coventry',
    "black": 'completed "Broad Canal": Huddersfield, stretch B9, Leeds\n'
    '  completed "Dearne Canal": Goole, stretch B11, Sheffield\n'
    '  canal "Gloucester Canal": Gloucester, stretch E4',
}


def connected_removal_game(steps: str) -> str:
    return take_game(
        steps,
        red='canal "Basingstoke Canal": Basingstoke',
        white=CANALS_EVERYWHERE["white"],
        black=CANALS_EVERYWHERE["black"],
        cubes=FULL_MIDLANDS,
        edition=1,
        board=MIDLANDS,
    )


@holds("goods.removal-order")
def test_the_city_without_a_canal_comes_before_towns_with_one() -> None:
    text = connected_removal_game(
        f"{TAKE}\n    remove cube from Birmingham\n    place red at Goole, Worcester"
    )
    assert_legal(verdict(text))


@breaks("goods.removal-order")
def test_a_town_with_a_canal_before_the_city_without_one_is_illegal() -> None:
    text = connected_removal_game(
        f"{TAKE}\n    remove cube from Leeds\n    place red at Goole, Worcester"
    )
    found = assert_breaks(verdict(text), "goods.removal-order", text, "Leeds")
    assert "a city without a canal" in found.message


@breaks("goods.removal-order")
def test_placing_without_taking_cubes_off_the_map_first_is_illegal() -> None:
    text = removal_game(f"{TAKE}\n    place red at Worcester, Goole")
    found = assert_breaks(verdict(text), "goods.removal-order", text, "place red")
    assert "take 1 off the map first" in found.message


@breaks("goods.removal-order")
def test_a_cube_off_a_city_while_towns_without_canal_have_cubes_is_illegal() -> None:
    text = removal_game(
        f"{TAKE}\n    remove cube from Birmingham\n    place red at Worcester, Goole"
    )
    assert_breaks(verdict(text), "goods.removal-order", text, "Birmingham")


@breaks("goods.removal-order")
def test_a_cube_off_a_town_with_a_canal_comes_last() -> None:
    text = removal_game(f"{TAKE}\n    remove cube from Stoke\n    place red at Worcester, Goole")
    assert_breaks(verdict(text), "goods.removal-order", text, "Stoke")


@breaks("goods.removal-order")
def test_no_cube_comes_off_the_map_while_the_basin_has_enough() -> None:
    text = take_game(
        f"{TAKE}\n    remove cube from Fen\n    place red at Dale, Isle", cubes="at Fen", edition=1
    )
    assert_breaks(verdict(text), "goods.removal-order", text, "Fen")


# ---------------------------------------------------------------------------- goods.no-more-cubes

ALL_BUT_21 = "at " + ", ".join(f"Town{n}" for n in range(1, 21))
ALL_BUT_15_21 = "at " + ", ".join(f"Town{n}" for n in range(1, 21) if n != 15)
TAKE_GREEN = "take lock/green, stretch, tunnel from display\n    refill lock, lock, lock"
GREEN = "lock/green, stretch, tunnel, surveyor, aqueduct"


def crowd_game(steps: str, cubes: str, edition: int = 2) -> str:
    return take_game(steps, display=GREEN, red="", cubes=cubes, edition=edition, board=CROWD)


@holds("goods.no-more-cubes")
def test_with_every_cube_on_the_map_no_cube_is_placed() -> None:
    text = crowd_game(TAKE_GREEN, ALL_BUT_21)
    v = verdict(text)
    assert_legal(v)
    assert v.after.basin == 0 and len(v.after.cubes) == 20


@holds("goods.no-more-cubes")
def test_the_last_cube_in_the_basin_is_placed_alone() -> None:
    text = crowd_game(f"{TAKE_GREEN}\n    place green at Town15", ALL_BUT_15_21)
    v = verdict(text)
    assert_legal(v)
    assert v.after.basin == 0


@breaks("goods.no-more-cubes")
def test_placing_a_cube_that_is_not_there_is_illegal() -> None:
    text = crowd_game(f"{TAKE_GREEN}\n    place green at Town21", ALL_BUT_21)
    found = assert_breaks(verdict(text), "goods.symbol-placement", text, "place green")
    assert "places 0 cubes, not 1" in found.message


@breaks("goods.no-more-cubes")
def test_one_cube_in_the_basin_places_one_not_two() -> None:
    text = crowd_game(f"{TAKE_GREEN}\n    place green at Town15, Town21", ALL_BUT_15_21)
    found = assert_breaks(verdict(text), "goods.symbol-placement", text, "place green")
    assert "places 1 cube, not 2" in found.message


# ------------------------------------------------------------------------------ moving cubes


def move_game(
    move: str,
    *,
    red: str = "",
    white: str = "",
    third: str = "black",
    third_canals: str = "",
    mover: str = "red",
    cubes: str,
    edition: int = 2,
    options: dict[str, str] | None = None,
) -> str:
    """``mover`` plays ``move`` in phase 3 on the Midlands."""
    return game(
        f"""
player red {{
  engineer Brindley
  {red}
}}
player white {{
  engineer Smeaton
  {white}
}}
player {third} {{
  engineer Jessop
  {third_canals}
}}
cubes at {cubes}
now {mover} phase 3

turn {mover} {{
  phase 3: {move}
}}
""",
        edition=edition,
        options=options,
        board=MIDLANDS,
    )


BASINGSTOKE = 'completed "Basingstoke Canal": Basingstoke, stretch B7, Weybridge'
WEY = 'completed "Wey and Arun": Weybridge, stretch D7, Guildford, lock F7, Arundel'


@holds("goods.cube-at-start", "goods.completed-sections", "goods.last-section-own")
def test_a_cube_moves_along_own_completed_sections() -> None:
    text = move_game(
        "move cube Weybridge > Guildford > Arundel", white=WEY, mover="white", cubes="Weybridge"
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"white": 3}
    assert v.after.cubes == frozenset() and v.after.basin == 20  # the cube goes back


@breaks("goods.cube-at-start")
def test_a_move_from_a_place_without_a_cube_is_illegal() -> None:
    text = move_game("move cube Guildford > Arundel", white=WEY, mover="white", cubes="Weybridge")
    assert_breaks(verdict(text), "goods.cube-at-start", text, "Guildford")


# ---------------------------------------------------------------------- goods.completed-sections


@holds("goods.completed-sections")
def test_a_finished_section_carries_goods_before_its_canal_is_complete() -> None:
    # DE says so outright: "Coventry Canal" reaches Coventry but not yet Northampton.
    text = move_game(
        "move cube Birmingham > Coventry",
        red='canal "Coventry Canal": Birmingham, stretch F1, Coventry',
        cubes="Birmingham",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"red": 2}


@breaks("goods.completed-sections")
def test_a_section_still_being_built_carries_no_goods() -> None:
    text = move_game(
        "move cube Birmingham > Coventry",
        red='canal "Coventry Canal": Birmingham, stretch F1',
        cubes="Birmingham",
    )
    assert_breaks(
        verdict(text), "goods.completed-sections", text, "Coventry", only=["goods.last-section-own"]
    )


@breaks("goods.completed-sections")
def test_a_section_named_for_the_wrong_player_is_illegal() -> None:
    text = move_game(
        "move cube Birmingham > Coventry[white]",
        red='canal "Coventry Canal": Birmingham, stretch F1, Coventry',
        cubes="Birmingham",
    )
    assert_breaks(
        verdict(text),
        "goods.completed-sections",
        text,
        "Coventry[",
        only=["goods.last-section-own"],
    )


# ------------------------------------------------------------------------ goods.last-section-own


@holds("goods.last-section-own")
def test_other_players_sections_may_lead_to_the_movers_own() -> None:
    text = move_game(
        "move cube Basingstoke > Weybridge > Guildford",
        red=BASINGSTOKE,
        white=WEY,
        mover="white",
        cubes="Basingstoke",
    )
    assert_legal(verdict(text))


@breaks("goods.last-section-own")
def test_a_move_ending_on_another_players_section_is_illegal() -> None:
    text = move_game(
        "move cube Weybridge > Guildford > Arundel", white=WEY, mover="red", cubes="Weybridge"
    )
    found = assert_breaks(verdict(text), "goods.last-section-own", text, "Arundel")
    assert "white" in found.message


# --------------------------------------------------------------------- goods.colour-restriction

# Green's "Leicester Line" joins Newark (black) - Leicester (blue) - Northampton (black): the DE
# example (IT/FR: the same with Peterborough and London, both red).
LEICESTER = 'completed "Leicester Line": Newark, stretch I4, Leicester, lock I2, Northampton'


@holds("goods.colour-restriction")
def test_a_cube_stops_before_a_second_place_of_its_starting_colour() -> None:
    text = move_game(
        "move cube Newark > Leicester",
        third="green",
        third_canals=LEICESTER,
        mover="green",
        cubes="Newark",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"green": 2}


@breaks("goods.colour-restriction")
def test_a_route_through_two_places_of_one_colour_is_illegal() -> None:
    text = move_game(
        "move cube Newark > Leicester > Northampton",
        third="green",
        third_canals=LEICESTER,
        mover="green",
        cubes="Newark",
    )
    found = assert_breaks(verdict(text), "goods.colour-restriction", text, "move cube")
    assert "Newark and Northampton are both black" in found.message


@holds("goods.colour-restriction")
def test_the_french_reading_leaves_the_starting_place_out() -> None:
    text = move_game(
        "move cube Newark > Leicester > Northampton",
        third="green",
        third_canals=LEICESTER,
        mover="green",
        cubes="Newark",
        options={"colour-restriction-start": "excluded"},
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"green": 3}


@breaks("goods.colour-restriction")
def test_the_restriction_covers_the_places_passed_on_the_way() -> None:
    # IT/FR/DE Arundel example: having passed Guildford, the cube cannot go on to Oxford (both
    # black). Here Coventry and Leicester are both blue; the starting place does not matter.
    text = move_game(
        "move cube Birmingham > Coventry > Northampton > Leicester",
        red='completed "Coventry Canal": Birmingham, stretch F1, Coventry, lock H1, Northampton',
        third="green",
        third_canals=LEICESTER,
        mover="green",
        cubes="Birmingham",
        options={"colour-restriction-start": "excluded"},
    )
    found = assert_breaks(verdict(text), "goods.colour-restriction", text, "move cube")
    assert "Coventry and Leicester are both blue" in found.message


# ---------------------------------------------------------------------- goods.each-place-once


@holds("goods.each-place-once")
def test_a_route_through_distinct_places_passes_each_once() -> None:
    text = move_game(
        "move cube Newark > Leicester > Northampton",
        third="green",
        third_canals=LEICESTER,
        mover="green",
        cubes="Newark",
        options={"colour-restriction-start": "excluded"},
    )
    assert_legal(verdict(text))


@breaks("goods.each-place-once")
def test_a_cube_may_not_come_back_to_its_starting_place() -> None:
    # With the starting place left out of the colour restriction (the FR reading), only this
    # rule stops a cube going out and back along the same two sections.
    text = move_game(
        "move cube Newark > Leicester > Newark",
        third="green",
        third_canals=LEICESTER,
        mover="green",
        cubes="Newark",
        options={"colour-restriction-start": "excluded"},
    )
    found = assert_breaks(verdict(text), "goods.each-place-once", text, "move cube")
    assert "passes Newark twice" in found.message


# ------------------------------------------------------------------------ goods.shortest-route

# Green owns a ring of four sections: Huddersfield - Leeds - Goole - Sheffield - Huddersfield.
RING = (
    'completed "Broad Canal": Huddersfield, stretch B9, Leeds\n'
    '  completed "Aire Navigation": Leeds, stretch C10, Goole\n'
    '  completed "Dearne Canal": Goole, stretch B11, Sheffield\n'
    '  completed "Narrow Canal": Sheffield, stretch A10, Huddersfield'
)


@holds("goods.shortest-route")
def test_on_own_canals_the_shortest_route_is_taken() -> None:
    # DE example: Huddersfield to Sheffield directly, for 2 points.
    text = move_game(
        "move cube Huddersfield > Sheffield",
        third="green",
        third_canals=RING,
        mover="green",
        cubes="Huddersfield",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"green": 2}


@holds("goods.shortest-route")
def test_the_first_edition_has_no_shortest_route_rule() -> None:
    text = move_game(
        "move cube Huddersfield > Leeds > Goole > Sheffield",
        third="green",
        third_canals=RING,
        mover="green",
        cubes="Huddersfield",
        edition=1,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"green": 4}


@breaks("goods.shortest-route")
def test_the_long_way_round_on_own_canals_is_illegal() -> None:
    # DE example: not by Leeds and Goole for 4 points.
    text = move_game(
        "move cube Huddersfield > Leeds > Goole > Sheffield",
        third="green",
        third_canals=RING,
        mover="green",
        cubes="Huddersfield",
    )
    assert_breaks(verdict(text), "goods.shortest-route", text, "move cube")


# ------------------------------------------------------------------------------- score.delivery


@holds("score.delivery")
def test_one_point_per_place_on_own_sections() -> None:
    # IT/FR/DE: Taunton to Bridgwater, 2 points; Chester by Stoke and Burton to Nottingham, 4.
    assert delivery_points(route=["Taunton", "Bridgwater"], owners=["red"]) == {"red": 2}
    assert delivery_points(
        route=["Chester", "Stoke", "Burton", "Nottingham"], owners=["white"] * 3
    ) == {"white": 4}


@holds("score.delivery")
def test_the_basingstoke_example() -> None:
    # White moves Basingstoke > Weybridge > Guildford > Arundel: red 2 (Basingstoke,
    # Weybridge), white 3 (Weybridge, Guildford, Arundel).
    text = move_game(
        "move cube Basingstoke > Weybridge > Guildford > Arundel",
        red="score 10\n  " + BASINGSTOKE,
        white="score 20\n  " + WEY,
        mover="white",
        cubes="Basingstoke",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"red": 2, "white": 3}
    assert scores(v.after) == {"red": 12, "white": 23, "black": 0}


@holds("score.delivery")
def test_the_coventry_example() -> None:
    # Yellow moves Coventry > Birmingham > Worcester > Gloucester: 2 each for red, white, yellow.
    text = move_game(
        "move cube Coventry > Birmingham > Worcester > Gloucester",
        red='canal "Coventry Canal": Birmingham, stretch F1, Coventry',
        white='completed "Worcester Canal": Birmingham, stretch E2, Worcester',
        third="yellow",
        third_canals='completed "Gloucester Canal": Worcester, lock E4, Gloucester',
        mover="yellow",
        cubes="Coventry",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"red": 2, "white": 2, "yellow": 2}


MANCHESTER = {
    "red": 'completed "Trent and Mersey": Manchester, stretch B1, Stoke\n'
    '  completed "Coventry Canal": Birmingham, stretch F1, Coventry, lock H1, Northampton',
    "third_canals": 'completed "Stoke Branch": Stoke, lock D1, Birmingham',
}


@holds("score.delivery")
def test_the_manchester_example_first_edition() -> None:
    # IT/FR: red moves Manchester > Stoke > Birmingham > Coventry > Northampton: red 2
    # (Manchester, Stoke), black 2 (Stoke, Birmingham), red 3 more (Birmingham, Coventry,
    # Northampton).
    text = move_game(
        "move cube Manchester > Stoke > Birmingham > Coventry > Northampton",
        cubes="Manchester",
        edition=1,
        **MANCHESTER,
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"red": 5, "black": 2}


@holds("score.delivery")
def test_the_manchester_example_second_edition() -> None:
    # DE: the same move ending at Coventry: red 2, black 2, red 2 more.
    text = move_game(
        "move cube Manchester > Stoke > Birmingham > Coventry", cubes="Manchester", **MANCHESTER
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"red": 4, "black": 2}


@breaks("score.delivery")
def test_a_change_of_owner_scores_the_place_between_for_both() -> None:
    # Not one point per place to whoever owns the hop into it: the place where the cube
    # changes from red's section to black's scores for both players.
    points = delivery_points(
        route=["Manchester", "Stoke", "Birmingham", "Coventry", "Northampton"],
        owners=["red", "black", "red", "red"],
    )
    assert points == {"red": 5, "black": 2}
    assert sum(points.values()) == 5 + 2  # five places, two changes of owner


@breaks("score.delivery")
def test_two_canals_of_one_owner_do_not_score_the_place_between_twice() -> None:
    # IT/FR/DE: Guildford > Weybridge > London on two of white's canals scores 3, not 4.
    assert delivery_points(
        route=["Guildford", "Weybridge", "London"], owners=["white", "white"]
    ) == {"white": 3}
    text = move_game(
        "move cube Arundel > Guildford > Weybridge > Basingstoke",
        white=WEY + "\n  " + BASINGSTOKE,
        mover="white",
        cubes="Arundel",
    )
    v = verdict(text)
    assert_legal(v)
    assert v.points == {"white": 4}
