"""Ticket to Ride on the page of `canaldsl serve`: highlighting, the map's clickable routes,
clicks that edit the TEXT (the rest of the file as written; what `canaldsl check` then
judges), refusals that say why and what to do, the solvers' answers, the report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import canaldsl
from canaldsl.games import CommandError, game_named
from canaldsl.pagehooks import EditRefused, PageEdit
from canaldsl.web.views import Source, check_view, edit_view

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples" / "tickettoride"
GAME = game_named("tickettoride")
HERE = Path("walk.canal")

POSITION = """\
# Red claims Montreal-New York: legal, and what does it score?
rules ticket-to-ride
board usa
player red {
  hand 3 blue, 2 green, locomotive
  tickets Atlanta-Montreal
}
player blue {
  hand 4 cards
  tickets 2
}
"""
WALK = POSITION + "expect score red 4\n"
ONE = POSITION + "turn red claim Montreal-New York with 3 blue\nexpect score red 4\n"
TWO = POSITION + (
    "turn red {\n"
    "  claim Montreal-New York with 3 blue\n"
    "  claim Boston-Montreal grey 1 with 2 green\n"
    "}\n"
    "expect score red 4\n"
)


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _verdict(text: str) -> tuple[bool, tuple[str, ...]]:
    turn = canaldsl.check(text).turns[-1]
    return turn.legal, tuple(turn.rules)


def test_two_route_clicks_write_a_turn_then_break_one_route_a_turn() -> None:
    first = GAME.page_edit(WALK, PageEdit("claim", "Montreal-New York", "blue"))
    assert first == ONE
    assert _verdict(first) == (True, ())
    second = GAME.page_edit(first, PageEdit("claim", "Boston-Montreal grey 1", "green"))
    assert second == TWO
    assert _verdict(second) == (False, ("claim.one-route",))
    # the same route again takes its claim out: the one-claim turn is written on one line
    assert GAME.page_edit(second, PageEdit("claim", "Boston-Montreal grey 1", "green")) == ONE
    # and the only claim out: the turn is gone
    assert GAME.page_edit(ONE, PageEdit("claim", "Montreal-New York", "pink")) == WALK


def test_a_claim_pays_the_track_s_length_in_the_chosen_colour_and_a_third_claim_adds() -> None:
    paid = GAME.page_edit(WALK, PageEdit("claim", "Atlanta-Raleigh grey 2", "locomotive"))
    assert "turn red claim Atlanta-Raleigh grey 2 with 2 locomotive\nexpect" in paid
    three = GAME.page_edit(TWO, PageEdit("claim", "Montreal-Toronto", "blue"))
    assert three == TWO.replace("2 green\n}", "2 green\n  claim Montreal-Toronto with 3 blue\n}")


def test_a_card_button_adds_the_card_to_the_mover_s_hand() -> None:
    more = GAME.page_edit(ONE, PageEdit("card", "blue"))
    assert more == ONE.replace("hand 3 blue", "hand 4 blue")
    single = GAME.page_edit(ONE, PageEdit("card", "locomotive"))
    assert single == ONE.replace("green, locomotive", "green, 2 locomotive")
    new = GAME.page_edit(ONE, PageEdit("card", "pink"))
    assert new == ONE.replace("green, locomotive", "green, locomotive, pink")
    assert _verdict(new) == (True, ())
    # a player with no hand line gets one
    bare = WALK.replace("  hand 3 blue, 2 green, locomotive\n", "")
    assert GAME.page_edit(bare, PageEdit("card", "red")) == bare.replace(
        "player red {", "player red {\n  hand red"
    )


@pytest.mark.parametrize(
    ("text", "edit", "why"),
    [
        (WALK, PageEdit("claim", "Montreal-Miami", "blue"), "no track 'Montreal-Miami'"),
        (WALK, PageEdit("claim", "Montreal-New York", ""), "choose the cards to pay with"),
        (WALK, PageEdit("claim", "Montreal-New York", "grey"), "not of cards"),
        (WALK, PageEdit("claim", "Montreal-New York", "mauve"), "no train card"),
        (WALK, PageEdit("wave", "x"), "unknown action 'wave'"),
        (WALK + "turn red {\n", PageEdit("card", "blue"), "syntax errors"),
        ("rules ticket-to-ride\n", PageEdit("card", "blue"), "no position"),
        (
            POSITION + "turn blue claim Seattle-Portland with 1 red\n",
            PageEdit("card", "blue"),
            "not written card by card",
        ),
    ],
)
def test_refusals_say_why_and_what_to_do(text: str, edit: PageEdit, why: str) -> None:
    with pytest.raises(EditRefused) as refused:
        GAME.page_edit(text, edit)
    assert why in str(refused.value) and ";" in str(refused.value)


def test_tokens_class_cities_colours_players_and_rules() -> None:
    text = TWO + "expect illegal claim.one-route\n"
    found = {(text[t.start : t.end], t.kind) for t in GAME.page_tokens(text)}
    assert {("Boston-Montreal", "hex"), ("York", "hex"), ("green", "kind")} <= found
    assert {("red", "who"), ("blue", "who")} <= found  # declared players: their colour
    assert {("claim", "kw"), ("turn", "kw"), ("claim.one-route", "rule")} <= found
    assert GAME.page_tokens('player {{{ "unclosed') is not None  # never fails


def test_the_picture_carries_data_route_on_every_track() -> None:
    svg = GAME.page_picture(ONE, path=HERE, display="walk.canal")
    routes = re.findall(r'data-route="([^"]+)"', svg)
    assert len(routes) == len(set(routes)) == 100  # the USA map's 100 tracks
    assert {"Montreal-New York", "Boston-Montreal grey 1", "Boston-Montreal grey 2"} <= set(routes)
    assert "after 1 turns" in svg
    # the command line's picture is unchanged (no data-route there)
    assert "data-route" not in canaldsl_render(ONE)
    with pytest.raises(CommandError):
        GAME.page_picture("rules ticket-to-ride\n", path=HERE, display="x.canal")


def canaldsl_render(text: str) -> str:
    from canaldsl.tickettoride.commands import _scenario_after
    from canaldsl.tickettoride.picture import svg

    _, position, _ = _scenario_after(text, "x.canal")
    return svg(position.board, position)


def test_the_palette_pays_with_a_colour_and_adds_cards() -> None:
    palette = GAME.page_palette()
    pay, cards = palette.groups
    assert pay.name == "tile" and cards.name == "card"
    assert pay.choices == cards.choices and "locomotive" in pay.choices
    assert "grey" not in pay.choices and len(pay.choices) == 9
    assert [(m.name, m.attribute) for m in palette.modes] == [("claim", "data-route")]


def test_the_page_s_views_judge_the_edited_text() -> None:
    source = Source(WALK, "walk.canal", "walk.canal")
    assert check_view(source)["status"] == "failed"  # no claim yet: red scored 0
    once = edit_view(source, PageEdit("claim", "Montreal-New York", "blue"))
    assert once["status"] == "ok"
    twice = edit_view(
        Source(once["text"], "walk.canal", "walk.canal"),
        PageEdit("claim", "Boston-Montreal grey 1", "green"),
    )
    assert twice["status"] == "failed" and "claim.one-route" in str(twice["turns"])
    refused = edit_view(source, PageEdit("claim", "Montreal-Miami", "blue"))
    assert "click a route" in refused["refused"]


def test_the_questions_answer_with_their_proof_status() -> None:
    assert [q.name for q in GAME.page_questions()] == [
        "longest-route",
        "best-claim",
        "fewest-trains",
    ]
    puzzle = _example("puzzle-best-claim-this-turn.canal")
    best = GAME.page_answer(puzzle, "best-claim", path=HERE, budget=10)
    assert best.proven and best.status == "OPTIMAL" and best.picture is not None
    assert best.lines[0].startswith("red: Las Vegas-Salt Lake City with")  # the file's answer
    assert "12 points" in best.lines[0]
    longest = GAME.page_answer(ONE, "longest-route", path=HERE, budget=10)
    assert longest.proven and longest.lines[:2] == (
        "longest route: red (+10)",
        "red: 3 Montreal-New York",
    )
    fewest = GAME.page_answer(
        _example("puzzle-fewest-trains-new-york-seattle.canal"), "fewest-trains", path=HERE,
        budget=10,
    )  # fmt: skip
    assert fewest.proven and "20 trains" in fewest.lines[0]
    short = GAME.page_answer(puzzle, "fewest-trains", path=HERE, budget=1e-6)
    assert not short.proven and short.status.startswith("UNKNOWN (the search budget")
    with pytest.raises(CommandError, match="hand is not known"):
        GAME.page_answer(ONE, "best-claim", path=HERE, budget=10)
    with pytest.raises(CommandError, match="no question"):
        GAME.page_answer(ONE, "weather", path=HERE, budget=10)


def test_the_report_of_the_text_is_the_dispute_report() -> None:
    outcome = GAME.page_report(TWO, path=HERE, display="walk.canal")
    assert re.search(r"Illegal: red.{1,6}s turn breaks claim\.one-route", outcome.html)
    assert "<svg" in outcome.html


def test_the_kept_label_places_draw_the_same_picture_as_placing_them_anew() -> None:
    from canaldsl.tickettoride import picture

    picture._PLACED.clear()
    fresh = GAME.page_picture(TWO, path=HERE, display="walk.canal")
    assert len(picture._PLACED) == 1
    assert GAME.page_picture(TWO, path=HERE, display="walk.canal") == fresh
