"""Canal Grande on the page of `canaldsl serve`: highlighting, the picture's clickable parts,
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

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples" / "canalgrande"
GAME = game_named("canalgrande")
HERE = Path("walk.canal")

WALK = """\
# Michele raises with a gondola and one Dorsoduro: enough?
rules canal-grande

player Elena {
  hand 2 San Marco, gondola, San Polo, Cannaregio
  doges 1
}

player Michele {
  hand San Marco, 2 gondola, Castello, Dorsoduro, Santa Croce
}

vote by Elena on San Marco {
  Elena plays San Marco
  Michele plays San Marco, gondola, Castello
  Elena plays San Marco, gondola, San Polo
  Michele plays gondola, Dorsoduro
}
"""


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _verdict(text: str) -> tuple[bool, tuple[str, ...]]:
    turn = canaldsl.check(text).turns[-1]
    return turn.legal, tuple(turn.rules)


def test_two_clicks_make_michele_s_raise_go_past_elena_and_the_vote_legal() -> None:
    assert _verdict(WALK) == (False, ("vote.reinforcement-more",))
    # a card more in Michele's hand: only his hand line changes, the verdict stays
    held = GAME.page_edit(WALK, PageEdit("hand", "Michele", "Dorsoduro"))
    assert held == WALK.replace(", Dorsoduro, Santa Croce", ", 2 Dorsoduro, Santa Croce")
    assert _verdict(held) == (False, ("vote.reinforcement-more",))
    # the Dorsoduro played in his last play: three cards past Elena's, legal
    played = GAME.page_edit(held, PageEdit("play", "Michele", "Dorsoduro"))
    assert played.splitlines()[-2] == "  Michele plays gondola, 2 Dorsoduro"
    assert _verdict(played) == (True, ())
    # without the card in hand, the same play breaks another rule: the hand is checked
    assert _verdict(GAME.page_edit(WALK, PageEdit("play", "Michele", "Dorsoduro")))[1] == (
        "vote.cards-in-hand",
    )


def test_a_play_by_the_other_player_is_a_new_line_of_the_last_vote() -> None:
    text = GAME.page_edit(WALK, PageEdit("play", "Elena", "Cannaregio"))
    assert text.endswith("  Michele plays gondola, Dorsoduro\n  Elena plays Cannaregio\n}\n")
    assert text.replace("  Elena plays Cannaregio\n", "") == WALK


def test_with_no_vote_a_click_writes_a_disputed_vote_on_the_card_s_district() -> None:
    text = _example("puzzle-vote-san-marco.canal")
    new = GAME.page_edit(text, PageEdit("play", "Elena", "San Marco"))
    assert new == text + "vote by Elena on San Marco {\n  Elena plays San Marco\n}\n"
    assert _verdict(new)[0] is True
    with pytest.raises(EditRefused, match=r"opens with a district card.*choose a district"):
        GAME.page_edit(text, PageEdit("play", "Elena", "gondola"))


def test_hand_clicks_add_a_card_count_a_new_card_a_hand_line_and_numbers() -> None:
    text = _example("puzzle-split-number-race.canal")
    more = GAME.page_edit(text, PageEdit("hand", "Anna", "gondola"))
    assert len(more.splitlines()) == len(text.splitlines())
    assert canaldsl.check(more).status in ("ok", "failed")
    empty = "rules canal-grande\n\nplayer A {\n  numbers none\n}\n\nplayer B {\n}\n"
    assert GAME.page_edit(empty, PageEdit("hand", "B", "spy")) == empty.replace(
        "player B {\n}", "player B {\n  hand spy\n}"
    )
    assert "numbers 2\n" in GAME.page_edit(empty, PageEdit("hand", "A", "2"))
    assert "  numbers 3\n}" in GAME.page_edit(empty, PageEdit("hand", "B", "3"))
    one_line = "rules canal-grande\nplayer A { hand spy }\nplayer B { hand doge }\n"
    changed = GAME.page_edit(one_line, PageEdit("hand", "A", "spy"))
    assert "player A { hand 2 spy }" in changed


def test_a_turned_up_card_goes_into_the_offer_clicked_and_the_rest_into_the_other() -> None:
    text = _example("puzzle-split-with-a-doge.canal")
    turned = "turned up: [doge, San Marco, gondola, Castello, San Polo, 1, 2, 3]"
    assert turned in text
    split = GAME.page_edit(text, PageEdit("offer", "2", "San Marco"))
    offers = "offers: [doge, gondola, Castello, San Polo, 1, 2, 3] [San Marco]"
    assert split == text.replace(turned, offers)
    # a card in the other offer moves; a number card goes after the action cards
    back = GAME.page_edit(split, PageEdit("offer", "1", "San Marco"))
    assert "offers: [doge, gondola, Castello, San Polo, San Marco, 1, 2, 3] []" in back
    number = GAME.page_edit(split, PageEdit("offer", "2", "3"))
    assert "offers: [doge, gondola, Castello, San Polo, 1, 2] [San Marco, 3]" in number
    # the offers made, the file reads (its best-split query asks of a turn not split yet)
    without_query = number.replace("query best-split for prizes: value -1\n", "")
    assert canaldsl.check(without_query).status == "ok"
    with pytest.raises(EditRefused, match="no spy among the cards turned up; choose one"):
        GAME.page_edit(text, PageEdit("offer", "1", "spy"))


def test_with_neither_offers_nor_cards_turned_up_the_click_writes_the_offers() -> None:
    text = _example("puzzle-vote-san-marco.canal")
    new = GAME.page_edit(text, PageEdit("offer", "1", "spy"))
    # after the last position statement (Michele's block), before the query
    assert new == text.replace("}\n\nquery", "}\noffers: [spy] []\n\nquery")
    assert new.index("offers:") < new.index("query")


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (PageEdit("hand", "Nobody", "spy"), r"no `player Nobody \{ \.\.\. \}`; click a player"),
        (PageEdit("hand", "Anna", "Rialto"), "choose a card in the palette"),
        (PageEdit("hand", "Anna", ""), "no card chosen; choose a card"),
        (PageEdit("hand", "Anna", "2"), "given as a `total`; write them as `numbers"),
        (PageEdit("offer", "3", "spy"), "no offer '3'; click offer 1 or offer 2"),
        (PageEdit("play", "Anna", "1"), "never played in a vote; choose a district"),
        (PageEdit("build", "Anna", "spy"), "unknown action 'build'; the actions are"),
    ],
)
def test_a_click_that_cannot_be_made_says_why_and_what_to_do(edit: PageEdit, why: str) -> None:
    text = _example("puzzle-split-with-a-doge.canal")
    with pytest.raises(EditRefused, match=why):
        GAME.page_edit(text, edit)


def test_a_text_with_syntax_errors_is_not_edited() -> None:
    with pytest.raises(EditRefused, match="syntax errors; fix them first"):
        GAME.page_edit(
            WALK.replace("plays San Marco", "plyas San Marco"), PageEdit("hand", "Elena", "spy")
        )


def test_tokens_classify_districts_cards_players_and_rule_ids() -> None:
    text = WALK + "expect illegal vote.reinforcement-more\n"
    found = {(text[t.start : t.end], t.kind) for t in GAME.page_tokens(text)}
    assert {("San", "kind"), ("Marco", "kind"), ("gondola", "kind"), ("Dorsoduro", "kind")} <= found
    assert {("Elena", "who"), ("Michele", "who"), ("vote", "kw"), ("plays", "kw")} <= found
    assert ("vote.reinforcement-more", "rule") in found and ("1", "num") in found
    assert GAME.page_tokens('player {{{ "unclosed') is not None  # never fails


def test_the_picture_carries_players_and_offers_for_the_clicks() -> None:
    svg = GAME.page_picture(WALK, path=HERE, display="walk.canal")
    assert set(re.findall(r'data-player="([^"]+)"', svg)) == {"Elena", "Michele"}
    assert sorted(set(re.findall(r'data-offer="([^"]+)"', svg))) == ["1", "2"]
    turned = GAME.page_picture(
        _example("puzzle-split-with-a-doge.canal"), path=HERE, display="d.canal"
    )
    assert "the cards turned up, not split yet" in turned and 'data-card="doge"' in turned
    with pytest.raises(CommandError):
        GAME.page_picture("rules canal-grande\nplayer A {\n", path=HERE, display="x.canal")


def test_an_illegal_vote_is_drawn_refused_and_a_legal_one_with_its_winner() -> None:
    """The walk's vote is illegal (Michele's last raise does not go past Elena): the page's
    picture shows its plays, "refused" with the rule and where, and no winner or prize; made
    legal by two clicks, the same vote shows Michele winning the San Marco prize."""
    svg = GAME.page_picture(WALK, path=HERE, display="walk.canal")
    assert "vote over San Marco (refused)" in svg
    assert "refused: vote.reinforcement-more (line 17, column 3)" in svg
    assert "wins and takes" not in svg and "4. Michele" in svg  # the plays are drawn
    held = GAME.page_edit(WALK, PageEdit("hand", "Michele", "Dorsoduro"))
    legal = GAME.page_edit(held, PageEdit("play", "Michele", "Dorsoduro"))
    drawn = GAME.page_picture(legal, path=HERE, display="walk.canal")
    assert "Michele wins and takes a San Marco prize" in drawn and "refused" not in drawn


def test_the_palette_offers_every_card_and_three_modes() -> None:
    palette = GAME.page_palette()
    (cards,) = palette.groups
    assert cards.name == "tile" and {"San Marco", "gondola", "doge", "1", "3"} <= set(cards.choices)
    assert [(m.name, m.attribute) for m in palette.modes] == [
        ("hand", "data-player"), ("offer", "data-offer"), ("play", "data-player"),
    ]  # fmt: skip


def test_the_page_s_views_judge_the_edited_text() -> None:
    source = Source(WALK, "walk.canal", "walk.canal")
    before = check_view(source)
    assert before["status"] == "illegal"
    once = edit_view(source, PageEdit("hand", "Michele", "Dorsoduro"))
    twice = edit_view(Source(once["text"], "walk.canal", "walk.canal"),
                      PageEdit("play", "Michele", "Dorsoduro"))  # fmt: skip
    assert twice["status"] == "ok" and "no points" not in str(twice["turns"])
    refused = edit_view(source, PageEdit("play", "Michele", "1"))
    assert "never played in a vote" in refused["refused"]


def test_the_questions_answer_with_their_proof_status() -> None:
    assert [q.name for q in GAME.page_questions()] == ["vote", "best-split", "can-win"]
    vote = GAME.page_answer(_example("puzzle-vote-san-marco.canal"), "vote", path=HERE, budget=10)
    assert vote.proven and vote.status == "OPTIMAL"
    assert vote.lines[0].startswith("Elena's doge: Michele wins the vote over San Marco")
    assert "6 card(s)" in vote.lines[0]
    split = GAME.page_answer(
        _example("puzzle-split-with-a-doge.canal"), "best-split", path=HERE, budget=10
    )
    assert split.proven and any("proof table" in line for line in split.lines)
    short = GAME.page_answer(
        _example("puzzle-split-with-a-doge.canal"), "best-split", path=HERE, budget=1e-9
    )
    assert not short.proven and short.status.startswith("UNKNOWN (S702")
    win = GAME.page_answer(
        _example("puzzle-can-win-this-turn.canal"), "can-win", path=HERE, budget=10
    )
    assert win.lines and win.status in ("OPTIMAL", "UNDECIDED (it depends on cards not known)")
    with pytest.raises(CommandError, match="E812"):
        GAME.page_answer(
            _example("puzzle-split-with-a-doge.canal"), "can-win", path=HERE, budget=10
        )


def test_the_report_of_the_text_is_the_dispute_report() -> None:
    outcome = GAME.page_report(WALK, path=HERE, display="walk.canal")
    assert "Illegal: vote.reinforcement-more" in outcome.html
    assert str(outcome.status) in ("illegal", "Status.ILLEGAL")
