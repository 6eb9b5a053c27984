"""Final scoring answered (issue 13): points by source, tie-breaks said in words, ``query
final-scores`` / ``query winner``, the breakdown in ``expect winner`` / ``expect final scores``,
and ``canaldsl score`` (text and JSON, through the game protocol).

The expected numbers are the hand-worked final scorings written in the headers of
``examples/game-record-1st-edition.canal`` and ``examples/game-record-2nd-edition.canal``."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import programs
import pytest
import tinygame

from canaldsl.canalmania import scoresheet
from canaldsl.canalmania.checks_end import Standing
from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.final import FinalResult, final_scoring, tie_breaks
from canaldsl.canalmania.loading import check_text

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FIRST = EXAMPLES / "game-record-1st-edition.canal"
SECOND = EXAMPLES / "game-record-2nd-edition.canal"


def run(*args: str) -> tuple[int, str, str]:
    """The command line's code in this process (:func:`programs.in_process`): exit status
    and output; an exception raised fails the test."""
    result = programs.in_process(*args)
    return result.returncode, result.stdout, result.stderr


def final_of(text: str) -> FinalResult:
    scenario, diagnostics = check_text(text, filename="t.canal", path=None)
    assert scenario is not None and not [d for d in diagnostics if d.is_error], diagnostics
    played = evaluate(scenario)
    assert played.final_state is not None
    return final_scoring(played.final_state)


def by_source(final: FinalResult) -> dict[str, tuple[int, int, int, int]]:
    return {
        e.colour: (e.in_play, e.incomplete_canals, e.final_goods, e.prolific_bonus)
        for e in final.points
    }


# ------------------------------------------------------------------ hand-worked examples


def test_second_edition_record_breakdown_matches_the_hand_worked_scoring() -> None:
    final = final_of(SECOND.read_text(encoding="utf-8"))
    # red 93 + 1 + 4 = 98; white 98; black 83 + 1 + 2 = 86 (the file's header)
    assert by_source(final) == {
        "red": (93, 1, 4, 0),
        "white": (98, 0, 0, 0),
        "black": (83, 1, 2, 0),
    }
    assert final.ranking == ("red", "white", "black")
    # 4 completed canals each, then contract values 17 against 16
    assert final.tie_breaks == (
        "red ahead of white on 98 points: higher total contract value (17 to 16)",
    )
    assert scoresheet.headline(final) == "red wins 98-98-86"


def test_first_edition_record_breakdown_matches_the_hand_worked_scoring() -> None:
    final = final_of(FIRST.read_text(encoding="utf-8"))
    # red 61 + 3 + 4 + 2 = 70; white 70 + 2 + 10 = 82; black 65 + 6 = 71 (the file's header)
    assert by_source(final) == {
        "white": (70, 0, 2, 10),
        "black": (65, 0, 0, 6),
        "red": (61, 3, 4, 2),
    }
    assert final.tie_breaks == ()
    assert scoresheet.headline(final) == "white wins 82-71-70"


@pytest.mark.parametrize("path", [FIRST, SECOND], ids=["1st", "2nd"])
def test_sources_add_up_and_goods_are_the_deliveries_points(path: Path) -> None:
    final = final_of(path.read_text(encoding="utf-8"))
    for entry in final.points:
        assert entry.total == final.scores[entry.colour]
    delivered: Counter[str] = Counter()
    for _, delivery in final.deliveries:
        delivered.update(dict(delivery.points))
    assert {e.colour: e.final_goods for e in final.points} == {
        c: delivered[c] for c in final.scores
    }


# ------------------------------------------------------------------ tie-breaks in words


def standing(colour: str, score: int, completed: int, value: int, engineer: int) -> Standing:
    return Standing(colour, score, completed, value, engineer)


def test_tie_breaks_name_the_deciding_criterion_of_each_edition() -> None:
    red = standing("red", 50, 4, 17, 2)
    white = standing("white", 50, 5, 12, 3)
    black = standing("black", 40, 1, 2, 5)
    second = [white, red, black]
    assert tie_breaks(second, first_edition=False) == (
        "white ahead of red on 50 points: more canals completed (5 to 4)",
    )
    assert tie_breaks([white, red, black], first_edition=True) == (
        "white ahead of red on 50 points: the younger engineer (card 3 to 2)",
    )
    level = [standing("red", 9, 1, 2, 4), standing("blue", 9, 1, 2, 4)]
    assert tie_breaks(level, first_edition=False) == ("red and blue level on every tie-break",)
    assert tie_breaks([red, black], first_edition=False) == ()


def _random_standings(rng: random.Random) -> list[Standing]:
    colours = ["red", "white", "black", "yellow", "purple"][: rng.randint(2, 5)]
    engineers = rng.sample(range(1, 6), len(colours))
    return [
        standing(c, rng.randint(60, 62), rng.randint(0, 2), rng.randint(0, 3), e)
        for c, e in zip(colours, engineers, strict=True)
    ]


@pytest.mark.parametrize("first_edition", [True, False])
def test_tie_breaks_agree_with_an_independent_ranking(first_edition: bool) -> None:
    """The words name the first criterion that differs; an independent comparison from the
    rulebooks (END: winner; ties by engineer in the 1st edition, by canals completed, contract
    value, then engineer in the 2nd) must rank the pair the same way."""
    rng = random.Random(13)
    for _ in range(300):
        ranked = _random_standings(rng)

        def key(st: Standing) -> tuple[int, ...]:
            if first_edition:
                return (st.score, st.engineer)
            return (st.score, st.completed, st.contract_value, st.engineer)

        ranked.sort(key=key, reverse=True)
        said = tie_breaks(ranked, first_edition=first_edition)
        ties = [(a, b) for a, b in pairwise(ranked) if a.score == b.score]
        assert len(said) == len(ties)
        for (a, b), words in zip(ties, said, strict=True):
            assert words.startswith(f"{a.colour} ahead of {b.colour}") or "level" in words


# ------------------------------------------------------------------ queries and expectations

TAIL = "\nquery final-scores\nquery winner\n"


def test_query_final_scores_and_winner_answer_with_the_breakdown(tmp_path: Path) -> None:
    path = tmp_path / "g.canal"
    path.write_text(SECOND.read_text(encoding="utf-8") + TAIL, encoding="utf-8")
    status, out, _ = run("check", str(path))
    assert status == 0, out
    lines = out.splitlines()
    for query in ("query final-scores", "query winner"):
        (at,) = [i for i, line in enumerate(lines) if line.endswith(f"passed: {query}")]
        assert lines[at + 1] == (
            "    red wins 98-98-86: red 98 (in play 93, incomplete canals 1, final goods 4); "
            "white 98 (in play 98); black 86 (in play 83, incomplete canals 1, final goods 2); "
            "tie-break: red ahead of white on 98 points: higher total contract value (17 to 16); "
            "final deliveries chosen by canaldsl"
        )


def test_a_wrong_winner_fails_and_shows_the_answer(tmp_path: Path) -> None:
    path = tmp_path / "g.canal"
    text = SECOND.read_text(encoding="utf-8").replace("expect winner red", "expect winner white")
    path.write_text(text, encoding="utf-8")
    status, out, _ = run("check", str(path))
    assert status == 1
    assert "FAILED: expect winner white\n    red wins 98-98-86: red 98 (" in out


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("query winner for red", "winner is about every player: leave out `for`"),
        ("query final-scores: 98 points", "final-scores takes no answer"),
    ],
)
def test_score_queries_take_no_player_and_no_answer(
    tmp_path: Path, query: str, message: str
) -> None:
    path = tmp_path / "g.canal"
    path.write_text(SECOND.read_text(encoding="utf-8") + query + "\n", encoding="utf-8")
    status, out, err = run("check", str(path))
    assert status == 2
    assert "error[E505]" in out + err and message in out + err


# ------------------------------------------------------------------ canaldsl score


def test_score_command_prints_the_answer_first_then_the_breakdown() -> None:
    status, out, _ = run("score", str(SECOND))
    assert status == 0
    assert out.splitlines()[:6] == [
        f"{SECOND}: final scoring after 9 legal turns (1 illegal turn not applied)",
        "red wins 98-98-86",
        "  1. red    98 = 93 in play + 1 incomplete canals + 4 final goods",
        "  2. white  98 = 98 in play + 0 incomplete canals + 0 final goods",
        "  3. black  86 = 83 in play + 1 incomplete canals + 2 final goods",
        "  tie-break: red ahead of white on 98 points: higher total contract value (17 to 16)",
    ]
    assert "final deliveries (chosen by canaldsl" in out
    assert "  black: Leicester > Nottingham (black 2)" in out


def test_score_command_json_gives_the_breakdown() -> None:
    status, out, _ = run("score", "--format", "json", str(FIRST))
    assert status == 0
    document = json.loads(out)
    assert document["winner"] == "white"
    assert document["headline"] == "white wins 82-71-70"
    assert document["breakdown"][2] == {
        "player": "red",
        "total": 70,
        "in_play": 61,
        "incomplete_canals": 3,
        "final_goods": 4,
        "prolific_bonus": 2,
    }
    assert document["final_deliveries"]["chosen_by"] == "engine"
    assert document["final_deliveries"]["moves"][0] == {
        "player": "red",
        "route": ["Banbury", "Coventry", "Birmingham", "Stratford-upon-Avon"],
        "points": {"red": 4},
        "chosen_by": "engine",
        "line": None,
        "replaces_illegal": False,
    }


def test_score_command_on_a_file_with_errors_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "bad.canal"
    path.write_text("board england\nplayer red { score x }\n", encoding="utf-8")
    status, out, err = run("score", str(path))
    assert status == 2 and out == "" and "error" in err


@pytest.fixture
def tiny() -> Iterator[tinygame.TinyRace]:
    yield tinygame.install()
    tinygame.uninstall()


def test_a_game_without_final_scoring_says_so(tiny: tinygame.TinyRace, tmp_path: Path) -> None:
    path = tmp_path / "t.canal"
    path.write_text("rules tiny-race\npile 5\n", encoding="utf-8")
    status, _, err = run("score", str(path))
    assert (status, err) == (2, "error: tinygame has no final scoring\n")
