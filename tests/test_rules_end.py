"""Rules of the end of the game (checks_end.py, final.py): the trigger, the final rounds,
incomplete canals, the last deliveries, the most prolific builders and the winner.

Boards: the Vale and the Midlands (see rulecases). Sections: IT "Fine della partita", FR "Fin du
jeu", DE "Spielende"; the engineers' numbers: IT/FR/DE "Ingegneri" / "Ingénieurs" / "Die
Ingenieure".
"""

from __future__ import annotations

import pytest
from rulecases import (
    MIDLANDS,
    assert_breaks,
    assert_legal,
    breaks,
    evaluation,
    final,
    game,
    holds,
    verdict,
    verdicts,
)

from canaldsl.canalmania.checks_end import threshold
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.final import FinalResult

# ---------------------------------------------------------------------------------- end.trigger


@holds("end.trigger")
@pytest.mark.parametrize(
    ("edition", "marks"),
    [
        (Edition.FIRST, {3: 60, 4: 50, 5: 40}),
        (Edition.SECOND, {2: 80, 3: 70, 4: 60, 5: 50}),
    ],
)
def test_the_end_scores_for_each_number_of_players(edition: Edition, marks: dict[int, int]) -> None:
    for players, mark in marks.items():
        assert threshold(edition=edition, players=players) == mark


def trigger_game(score: int, *, edition: int, players: int = 3) -> str:
    """Red, at ``score``, completes "Short Cut" with a lock: +1 (1st edition) or +3 (2nd)."""
    extra = "".join(
        f"player {colour} {{\n  engineer {engineer}\n}}\n"
        for colour, engineer in (("green", "Telford"), ("yellow", "Rennie"))[: players - 3]
    )
    return game(
        f"""
player red {{
  engineer Smeaton
  score {score}
  hand 1 lock
  canal "Short Cut": Ashby
}}
player white {{
  engineer Brindley
}}
player black {{
  engineer Jessop
}}
{extra}
round 4
now red phase 2

turn red {{
  phase 2: build "Short Cut": lock A2 (lock), Dale
}}
""",
        edition=edition,
    )


@holds("end.trigger")
@pytest.mark.parametrize(
    ("edition", "players", "score"),
    [(1, 3, 59), (1, 4, 49), (1, 5, 39), (2, 3, 67), (2, 4, 57), (2, 5, 47)],
)
def test_reaching_the_mark_starts_the_end(edition: int, players: int, score: int) -> None:
    v = verdict(trigger_game(score, edition=edition, players=players))
    assert_legal(v)
    assert v.after.endgame_triggered
    assert v.after.endgame_round == 4


@breaks("end.trigger")
@pytest.mark.parametrize(
    ("edition", "players", "score"),
    [(1, 3, 58), (2, 3, 66), (2, 3, 59), (2, 4, 50), (2, 5, 40)],
)
def test_one_point_short_or_the_other_editions_mark_does_not(
    edition: int, players: int, score: int
) -> None:
    # 59 + 3 = 62 and 50 + 3, 40 + 3 pass the 1st edition's marks but not the 2nd's.
    v = verdict(trigger_game(score, edition=edition, players=players))
    assert_legal(v)
    assert not v.after.endgame_triggered


def moved_mark(text: str, shift: str) -> str:
    """The same file with the end mark moved (the 2nd edition's variable game length)."""
    header = "rules second-edition {\n"
    assert text.startswith(header)
    return header + f"  end-mark {shift}\n" + text[len(header) :]


@holds("end.trigger")
@pytest.mark.parametrize(("shift", "score"), [("+10", 77), ("-10", 57), ("+20", 87)])
def test_a_moved_end_mark_starts_the_end_where_it_stands(shift: str, score: int) -> None:
    # DE "Verschiedenes > 1. Variable Spiellaenge": the mark may be moved by tens of points.
    v = verdict(moved_mark(trigger_game(score, edition=2), shift))
    assert_legal(v)
    assert v.after.endgame_triggered


@breaks("end.trigger")
@pytest.mark.parametrize(("shift", "score"), [("+10", 70), ("-10", 56), ("+20", 80)])
def test_below_a_moved_end_mark_the_game_goes_on(shift: str, score: int) -> None:
    # 70 + 3 reaches the printed 3-player mark (70) but not one moved to 80.
    v = verdict(moved_mark(trigger_game(score, edition=2), shift))
    assert_legal(v)
    assert not v.after.endgame_triggered


def parliament_game(edition: int) -> str:
    return game(
        """
player red {
  engineer Smeaton
}
player white {
  engineer Brindley
}
player black {
  engineer Jessop
}
parliament "Ashby Cut"
contract-deck 5
round 2
now red

turn red {
  phase 1:
    take contract "Ashby Cut" barge at Ashby
    reveal "Brook Line", "Dale Canal", "Gor Navigation", "Hale Cut", "Short Cut"
}
""",
        edition=edition,
    )


@holds("end.trigger")
def test_turning_up_the_last_five_contracts_starts_the_end_first_edition() -> None:
    v = verdict(parliament_game(1))
    assert_legal(v)
    assert v.after.endgame_triggered and v.after.endgame_round == 2


@breaks("end.trigger")
def test_the_last_five_contracts_do_not_start_the_end_second_edition() -> None:
    v = verdict(parliament_game(2))
    assert_legal(v)
    assert not v.after.endgame_triggered


# -------------------------------------------------------------------------------- end.game-over

ROUNDS = """
player red {
  engineer Smeaton
  canal "Ashby Cut": Ashby
}
player white {
  engineer Brindley
  score 66
  canal "Gor Navigation": Gor, stretch B5, lock C5
  canal "Hale Cut": Hale
}
player black {
  engineer Jessop
  canal "Dale Canal": Dale
}
round 1
now white phase 2

turn white {
  phase 2: build "Gor Navigation": Hale
}
"""


@holds("end.game-over", "end.trigger")
def test_the_round_is_played_out_and_then_two_more() -> None:
    # The rulebooks' example: in a 3-player game the second player reaches the mark; the second
    # and third players finish the round, then two final rounds are played.
    turns = "".join(
        f"\nturn {colour} {{\n  phase 1: pass\n}}\n"
        for colour in ["black"] + ["red", "white", "black"] * 2
    )
    text = game(ROUNDS + turns)
    played = verdicts(text)
    assert len(played) == 8
    for v in played:
        assert_legal(v)
    assert played[0].after.endgame_triggered and played[0].after.endgame_round == 1
    assert played[-1].after.round == 4


@breaks("end.game-over")
def test_no_turn_after_the_two_final_rounds() -> None:
    turns = "".join(
        f"\nturn {colour} {{\n  phase 1: pass\n}}\n"
        for colour in ["black"] + ["red", "white", "black"] * 2 + ["red"]
    )
    text = game(ROUNDS + turns)
    played = verdicts(text)
    assert all(v.legal for v in played[:-1])
    found = assert_breaks(played[-1], "end.game-over", text, "red {", nth=3)
    assert "ended after round 3" in found.message


@breaks("end.game-over")
def test_a_position_past_the_final_rounds_takes_no_turn() -> None:
    text = game(
        """
player red {
  engineer Smeaton
  canal "Ashby Cut": Ashby
}
player white {
  engineer Brindley
}
player black {
  engineer Jessop
}
round 6
endgame triggered in round 3
now red

turn red {
  phase 1: pass
}
"""
    )
    assert_breaks(verdict(text), "end.game-over", text, "red {")


# ------------------------------------------------------------------------ end.incomplete-canals


def final_game(players: str, *, edition: int = 2, board: str | None = None, extra: str = "") -> str:
    kwargs = {"board": board} if board is not None else {}
    return game(players + "\n" + extra, edition=edition, **kwargs)


@holds("end.incomplete-canals")
@pytest.mark.parametrize("edition", [1, 2])
def test_incomplete_canals_score_their_locks_aqueducts_and_tunnels(edition: int) -> None:
    text = final_game(
        """
player red {
  engineer Smeaton
  score 20
  canal "Brook Line": Brook, aqueduct E1
  canal "Dale Canal": Dale, stretch B3, lock C3, Elm, lock E3
}
player white {
  engineer Brindley
  score 5
  canal "Ashby Cut": Ashby, stretch B1
}
player black {
  engineer Jessop
}
""",
        edition=edition,
    )
    result = final(text)
    # 1st edition: nobody completed a contract, so the engineers rank the prolific builders:
    # Jessop (black, 3) 10, Smeaton (red, 2) 6, Brindley (white, 1) 2.
    bonus = {"red": 6, "white": 2, "black": 10} if edition == 1 else {c: 0 for c in result.scores}
    # red: an aqueduct 2 and two locks 2; white: a stretch, nothing; no contract value
    assert result.scores == {
        "red": 20 + 4 + bonus["red"],
        "white": 5 + bonus["white"],
        "black": bonus["black"],
    }


@breaks("end.incomplete-canals")
def test_an_incomplete_canal_scores_no_contract_value() -> None:
    # Unlike a completed canal in the 2nd edition, "Dale Canal" (value 6) brings only its lock.
    text = final_game(
        """
player red {
  engineer Smeaton
  canal "Dale Canal": Dale, stretch B3, lock C3
}
player white {
  engineer Brindley
}
player black {
  engineer Jessop
}
"""
    )
    assert final(text).scores == {"red": 1, "white": 0, "black": 0}


# ------------------------------------------------------------------------ end.final-deliveries

# One cube at Stoke: red could carry it to Manchester, white to Birmingham, 2 points either way.
DELIVERY = """
player red {{
  engineer {red}
  completed "Trent and Mersey": Manchester, stretch B1, Stoke
}}
player white {{
  engineer {white}
  completed "Stoke Branch": Stoke, stretch D1, Birmingham
}}
player black {{
  engineer Jessop
}}
cubes at {cubes}
"""


@holds("end.final-deliveries")
def test_the_oldest_engineer_moves_first() -> None:
    text = final_game(
        DELIVERY.format(red="Rennie", white="Brindley", cubes="Stoke"), board=MIDLANDS
    )
    result = final(text)
    assert result.scores == {"red": 0, "white": 2, "black": 0}
    assert [colour for colour, _ in result.deliveries] == ["white"]


@breaks("end.final-deliveries")
def test_the_last_deliveries_do_not_follow_seating_order() -> None:
    # Red sits first, but with Telford (4) red is younger than white's Smeaton (2).
    text = final_game(
        DELIVERY.format(red="Telford", white="Smeaton", cubes="Stoke"), board=MIDLANDS
    )
    assert final(text).scores["red"] == 0
    # ... and with the engineers the other way round, red moves first.
    text = final_game(
        DELIVERY.format(red="Smeaton", white="Telford", cubes="Stoke"), board=MIDLANDS
    )
    assert final(text).scores == {"red": 2, "white": 0, "black": 0}


@holds("end.final-deliveries")
def test_deliveries_go_on_round_after_round_until_no_cube_can_move() -> None:
    text = final_game(
        DELIVERY.format(red="Rennie", white="Brindley", cubes="Stoke, Manchester, Coventry"),
        board=MIDLANDS,
    )
    result = final(text)
    # white: Stoke > Birmingham; red: Manchester > Stoke; nobody can move Coventry's cube.
    assert [colour for colour, _ in result.deliveries] == ["white", "red"]
    assert result.scores == {"red": 2, "white": 2, "black": 0}


def written_final(text: str) -> FinalResult:
    """The written final deliveries of the text checked (its ``final deliveries`` block)."""
    written = evaluation(text).final_deliveries
    assert written is not None
    return written


@holds("end.final-deliveries")
def test_written_final_deliveries_in_engineer_order_are_played_as_written() -> None:
    # red's line comes first, but white (Brindley) is older than red (Rennie) and moves first
    text = (
        final_game(
            DELIVERY.format(red="Rennie", white="Brindley", cubes="Stoke, Manchester"),
            board=MIDLANDS,
        )
        + "final deliveries {\n  red: Manchester > Stoke\n  white: Stoke > Birmingham\n}\n"
    )
    result = written_final(text)
    assert result.legal
    assert [(m.colour, m.route_text) for m in result.moves] == [
        ("white", "Stoke > Birmingham"),
        ("red", "Manchester > Stoke"),
    ]


@breaks("end.final-deliveries")
def test_a_written_pass_when_a_cube_can_move_is_illegal() -> None:
    text = (
        final_game(DELIVERY.format(red="Rennie", white="Brindley", cubes="Stoke"), board=MIDLANDS)
        + "final deliveries {\n  white: pass\n}\n"
    )
    result = written_final(text)
    assert [v.rule for v in result.violations] == ["end.final-deliveries"]
    line = text.splitlines().index("  white: pass") + 1
    assert (result.violations[0].span.line, result.violations[0].span.column) == (line, 3)


# ------------------------------------------------------------------------ end.prolific-builder

PROLIFIC = """
player red {{
  engineer Smeaton
  {red}
}}
player white {{
  engineer Rennie
  {white}
}}
player black {{
  engineer Jessop
  {black}
}}
"""


@holds("end.prolific-builder")
def test_most_contracts_completed_scores_ten_six_two() -> None:
    text = final_game(
        PROLIFIC.format(
            red='completed "Short Cut"',
            white='completed "Gor Navigation"\n  completed "Hale Cut"',
            black="",
        ),
        edition=1,
    )
    assert final(text).scores == {"red": 6, "white": 10, "black": 2}


@holds("end.prolific-builder")
def test_a_tie_goes_to_the_higher_total_contract_value() -> None:
    # IT/FR example: white and black have six contracts each, totals 33 and 31: white wins.
    text = final_game(
        PROLIFIC.format(
            red='completed "Dale Canal"',  # value 6
            white='completed "Gor Navigation"',  # value 3
            black='completed "Short Cut"',  # value 2
        ),
        edition=1,
    )
    assert final(text).scores == {"red": 10, "white": 6, "black": 2}


@holds("end.prolific-builder")
def test_a_tie_on_value_too_goes_to_the_younger_engineer() -> None:
    # "Gor Navigation" and "Ashby Cut" both have value 3; Rennie (5) is younger than Jessop (3).
    text = final_game(
        PROLIFIC.format(
            red="",
            white='completed "Gor Navigation"',
            black='completed "Ashby Cut"',
        ),
        edition=1,
    )
    assert final(text).scores == {"red": 2, "white": 10, "black": 6}


@holds("end.prolific-builder")
def test_four_and_five_players_score_their_own_ladders() -> None:
    four = final_game(
        PROLIFIC.format(red='completed "Short Cut"', white="", black="")
        + "player green {\n  engineer Telford\n}\n",
        edition=1,
    )
    # red 1 contract; then by engineer: Rennie 5, Telford 4, Jessop 3
    assert final(four).scores == {"red": 10, "white": 7, "green": 4, "black": 1}
    five = final_game(
        PROLIFIC.format(red="", white="", black="")
        + "player green {\n  engineer Telford\n}\nplayer yellow {\n  engineer Brindley\n}\n",
        edition=1,
    )
    assert final(five).scores == {"red": 4, "white": 10, "black": 6, "green": 8, "yellow": 2}


@breaks("end.prolific-builder")
def test_the_second_edition_has_no_prolific_builder_bonus() -> None:
    text = final_game(PROLIFIC.format(red='completed "Short Cut"', white="", black=""), edition=2)
    assert final(text).scores == {"red": 0, "white": 0, "black": 0}


# ---------------------------------------------------------------------------------- end.winner


@holds("end.winner")
def test_the_most_points_win() -> None:
    text = final_game(
        PROLIFIC.format(red="score 30", white="score 29", black="score 31"),
        extra="expect winner black\nexpect final scores red 30, white 29, black 31",
    )
    result = final(text)
    assert result.winner == "black"
    assert result.ranking == ("black", "red", "white")


@holds("end.winner")
def test_a_first_edition_tie_goes_to_the_younger_engineer() -> None:
    # red 20 + 10 (one contract); white 24 + 6 (no contract, Rennie beats Jessop); black 18 + 2.
    text = final_game(
        PROLIFIC.format(
            red='score 20\n  completed "Short Cut"', white="score 24", black="score 18"
        ),
        edition=1,
        extra="expect winner white\nexpect final scores red 30, white 30, black 20",
    )
    result = final(text)
    assert result.scores == {"red": 30, "white": 30, "black": 20}
    assert result.winner == "white"
    assert [j.passed for j in evaluation(text).judgements] == [True, True]


@holds("end.winner")
def test_a_second_edition_tie_goes_to_more_canals_completed() -> None:
    text = final_game(
        PROLIFIC.format(
            red='score 30\n  completed "Short Cut"\n  completed "Hale Cut"',
            white='score 30\n  completed "Dale Canal"',
            black="score 10",
        ),
        extra="expect winner red",
    )
    assert final(text).winner == "red"
    assert evaluation(text).judgements[0].passed is True


@holds("end.winner")
def test_a_second_edition_tie_then_goes_to_the_higher_contract_value() -> None:
    text = final_game(
        PROLIFIC.format(
            red='score 30\n  completed "Short Cut"',
            white='score 30\n  completed "Dale Canal"',
            black="score 10",
        )
    )
    assert final(text).winner == "white"


@holds("end.winner")
def test_a_second_edition_tie_finally_goes_to_the_younger_engineer() -> None:
    text = final_game(
        PROLIFIC.format(
            red='score 30\n  completed "Gor Navigation"',
            white='score 30\n  completed "Ashby Cut"',
            black="score 30",
        )
    )
    # red and white: one canal of value 3 each; Rennie (white) is younger than Smeaton (red).
    assert final(text).ranking[:2] == ("white", "red")


@breaks("end.winner")
def test_the_first_edition_does_not_count_canals_to_break_a_tie() -> None:
    # The same tie as in the 2nd edition case: red has more canals, white the younger engineer.
    # 1st edition: prolific builders first (red 10, white 6), so start white 4 points ahead.
    text = final_game(
        PROLIFIC.format(
            red='score 30\n  completed "Short Cut"\n  completed "Hale Cut"',
            white='score 34\n  completed "Dale Canal"',
            black="score 10",
        ),
        edition=1,
    )
    result = final(text)
    assert result.scores["red"] == result.scores["white"] == 40
    assert result.winner == "white"


@breaks("end.winner")
def test_a_wrong_winner_expectation_fails() -> None:
    text = final_game(
        PROLIFIC.format(red="score 30", white="score 29", black="score 31"),
        extra="expect winner red",
    )
    (judgement,) = evaluation(text).judgements
    assert judgement.passed is False
    assert judgement.reason.startswith("black wins 31-30-29: ")


def test_a_legal_turn_then_the_final_scores() -> None:
    text = trigger_game(40, edition=2)
    v = verdict(text)
    assert_legal(v)
    assert final(text).scores["red"] == 43
