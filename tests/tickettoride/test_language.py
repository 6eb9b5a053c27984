"""The Ticket to Ride language: the grammar, every diagnostic at its line and column with a
hint, every problem in one run, the formatter (idempotent, comments kept), play (the position
written back re-reads as the same position)."""

from __future__ import annotations

from pathlib import Path

import lark
import pytest

from canaldsl.diagnostics import SourceText
from canaldsl.tickettoride.formatter import format_document
from canaldsl.tickettoride.game import GAME
from canaldsl.tickettoride.loading import check_text
from canaldsl.tickettoride.parser import parse_document
from canaldsl.tickettoride.semantics import analyse

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = ROOT / "grammar" / "tickettoride.lark"
EXAMPLES = sorted((ROOT / "examples" / "tickettoride").glob("*.canal"))
SCENARIOS = sorted((ROOT / "scenarios" / "tickettoride").rglob("*.canal"))

HEAD = "rules ticket-to-ride\nboard usa\n"
TWO = HEAD + "player red { hand 2 red }\nplayer blue {}\n"


def test_the_grammar_is_conflict_free_lalr() -> None:
    lark.Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        strict=True,
        import_paths=[GRAMMAR.parent],
    )


# (source, code, line, column, words of the hint)
CASES = [
    (
        "rules ticket-to-ride { option small-game-doubles = both-track }\n",
        "E701",
        1,
        52,
        "one-track, both-tracks",
    ),
    ("rules ticket-to-ride { option colour-x = y }\n", "E701", 1, 31, "the options are"),
    ("rules ticket-to-ride\nboard usb\n", "E702", 2, 7, "did you mean usa"),
    (
        'rules ticket-to-ride\nboard "M" {\n  city Ash\n  city Elm\n  route Ash-Oak 2 red\n}\n',
        "E703",
        5,
        3,
        "write a city line",
    ),
    (HEAD + "player red { tickets Seatle-New York }\n", "E704", 3, 22, "did you mean Seattle"),
    (HEAD + "player red { routes Denver-Miami }\n", "E705", 3, 21, "did you mean"),
    (HEAD + "player red { routes Seattle-Portland green }\n", "E705", 3, 38, "grey"),
    (HEAD + "player red { tickets Denver-Miami }\n", "E706", 3, 22, "did you mean"),
    (HEAD + "player red { hand 2 pnk }\n", "E707", 3, 21, "write pink"),
    (HEAD + "player purple {}\n", "E708", 3, 8, "players are"),
    (HEAD + "player red {}\nplayer red {}\n", "E709", 4, 8, "write each player once"),
    (HEAD + "player red { trains 45 routes Denver-Omaha }\n", "E710", 3, 1, "correct"),
    ("rules ticket-to-ride\nplayer red {}\n", "E711", 2, 1, "board usa"),
    (TWO + "turn green draw blind, blind\n", "E712", 5, 6, "the players are red, blue"),
    (
        "rules ticket-to-ride { players 3 }\nboard usa\nplayer red {}\nplayer blue {}\n"
        "turn red draw blind, blind\n",
        "E713",
        1,
        32,
        "write players 2",
    ),
    (TWO + "expect legal\n", "E714", 5, 1, "write the turn first"),
    (TWO + "query winner Denver-Omaha\n", "E715", 5, 14, "only fewest-trains"),
    (
        HEAD + "player red { routes Seattle-Portland grey 1 }\n"
        "player blue { routes Seattle-Portland grey 1 }\n",
        "E716",
        4,
        22,
        "a track has one owner",
    ),
    (TWO + "face-up red, red, red, red, red, red\n", "E717", 5, 1, "at most 5"),
    (HEAD + "player red { trains 50 }\n", "E717", 3, 21, "at most 45"),
    (HEAD + "player red { hand 2 unknown }\n", "E718", 3, 21, "hand 5 cards"),
    ("rules ticket-to-ride\nboard usa { tickets 1911 }\n", "E719", 2, 21, "tickets 1910"),
    (HEAD + "turn red draw blind, blind\n", "E720", 3, 1, "write each player first"),
    (TWO + "turn red draw blind, blind\nplayer green {}\n", "E721", 6, 1, "above the first"),
    (TWO + "turn red claim seattle-portland\n", "E111", 5, 16, "Seattle-Portland"),
]


@pytest.mark.parametrize(("source", "code", "line", "column", "hint"), CASES)
def test_each_diagnostic_at_its_line_and_column_with_a_hint(
    source: str, code: str, line: int, column: int, hint: str
) -> None:
    report = GAME.check_source(source, path=Path("case.canal"), display="case.canal")
    found = [d for d in report.diagnostics if d.code == code]
    assert found, [d.render() for d in report.diagnostics]
    first = found[0]
    assert (first.line, first.column) == (line, column), first.render()
    assert first.hint and hint in first.hint, first.render()
    assert "^" in first.render()
    assert str(report.status) == "error"


def test_every_code_of_the_game_is_tested_here() -> None:
    from canaldsl.tickettoride.codes import CODES

    own = {code for code in CODES if code.startswith("E7")}
    assert own == {case[1] for case in CASES if case[1].startswith("E7")}


def test_every_problem_is_reported_in_one_run() -> None:
    source = (
        "rules ticket-to-ride { option small-game-doubles = both-track }\n"
        "board usa\n"
        "player red {\n"
        "  hand 2 rde, locomotive\n"
        "  tickets Seatle-New York\n"
        "  routes Seattle-Portland green, Denver-Miami\n"
        "}\n"
        "player purple {}\n"
        "player blue {}\n"
        "turn red claim Denver-Omaha with 4 pnk\n"
        "turn red draw face-up blue blind\n"
        "turn green draw blind, blind\n"
    )
    report = GAME.check_source(source, path=Path("x.canal"), display="x.canal")
    codes = [(d.code, d.line) for d in report.diagnostics]
    assert codes == [
        ("E701", 1),
        ("E707", 4),
        ("E704", 5),
        ("E705", 6),
        ("E705", 6),
        ("E708", 8),
        ("E707", 10),
        ("E111", 11),
        ("E712", 12),
    ]


def test_city_spellings_of_the_reference_file_are_all_accepted() -> None:
    source = TWO.replace("player blue {}", "player blue { tickets Atlanta-Montréal }") + (
        "turn red tickets keep Nashville-Sault St Marie, Oklahoma City-Sault St. Marie\n"
        "turn blue claim Saint Louis-Chicago green with 2 locomotive\n"
    )
    scenario, diagnostics = check_text(source, filename="x")
    assert not diagnostics, [d.render() for d in diagnostics]
    assert scenario is not None


@pytest.mark.parametrize("path", EXAMPLES + SCENARIOS, ids=lambda p: p.name)
def test_fmt_is_idempotent_keeps_comments_and_means_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document, diagnostics, whole = parse_document(text, filename=path.name)
    assert document is not None and whole, diagnostics
    formatted = format_document(document)
    again, _, _ = parse_document(formatted, filename=path.name)
    assert again == document
    assert format_document(again) == formatted
    comments = [line.strip() for line in text.splitlines() if line.strip().startswith("#")]
    for comment in comments:
        assert comment in formatted


def test_fmt_keeps_comments_inside_blocks() -> None:
    source = (
        "# the question\nrules ticket-to-ride\nboard usa\nplayer red {  # first\n"
        "  # the hand\n  hand 2   red,blue   # known\n}\nplayer blue {}\n# the end\n"
    )
    document, _, _ = parse_document(source)
    assert document is not None
    assert format_document(document) == (
        "# the question\nrules ticket-to-ride\nboard usa\nplayer red {  # first\n"
        "  # the hand\n  hand 2 red, blue  # known\n}\nplayer blue {}\n# the end\n"
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_play_writes_a_position_that_reads_back_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    played = GAME.play_source(text, path=path, display=path.name)
    scenario, diagnostics = check_text(played.text, filename="played")
    assert scenario is not None and not diagnostics, [d.render() for d in diagnostics]
    from canaldsl.tickettoride.evaluate import evaluate

    original, _ = check_text(text, filename=path.name)
    assert original is not None
    after, _ = evaluate(original)
    assert _same(scenario.position, after.final_state)
    assert GAME.play_source(played.text, path=path, display="again").text == played.text


def _same(a: object, b: object) -> bool:
    """Positions equal but for how an empty pile is known (``deck 0``)."""
    from dataclasses import replace

    from canaldsl.tickettoride.position import Deck, Position, TicketDeck

    assert isinstance(a, Position) and isinstance(b, Position)

    def plain(p: Position) -> tuple[object, ...]:
        deck = Deck(size=p.deck.size) if p.deck.size == 0 else p.deck
        tickets = TicketDeck(size=p.ticket_deck.size) if p.ticket_deck.size == 0 else p.ticket_deck
        board = p.board
        shape = (board.name, board.cities, board.routes, board.tracks, board.tickets)
        return (shape, replace(p, board=a.board, deck=deck, ticket_deck=tickets))

    return plain(a) == plain(b)


def test_a_map_of_ones_own_is_first_class() -> None:
    source = (
        'rules ticket-to-ride\nboard "Tri" {\n  city Ash at 45.5 -100 also "Frêne"\n'
        "  city Oak\n  city Elm\n  route Ash-Oak 2 red grey\n  route Oak-Elm 3 blue\n"
        "  ticket Ash-Elm 6\n}\nplayer red { hand 2 red, 3 blue tickets Ash-Elm }\n"
        "player blue {}\n"
        "turn red claim Frêne-Oak red with 2 red\nexpect legal\n"
        "turn blue draw blind, blind\n"
        "turn red claim Oak-Elm with 3 blue\nexpect legal\n"
        "expect completed red Ash-Elm\nquery longest-route for red: 5\n"
    )
    report = GAME.check_source(source, path=Path("x"), display="x")
    assert str(report.status) == "ok", [j.to_json() for j in report.expectations]
    scenario, _ = analyse(
        parse_document(source)[0],  # type: ignore[arg-type]
        SourceText(source, "x"),
    )
    assert scenario.board is not None and scenario.board.spaces == 7


def test_turn_notes_explain_cards_points_trains_and_tickets() -> None:
    source = (
        HEAD + "player red { hand 3 blue tickets Montreal-New Orleans, Atlanta-Montreal }\n"
        "player blue { hand 4 cards }\n"
        "turn red claim Montreal-New York with 3 blue\n"
        "turn blue tickets keep 1 of 3\n"
    )
    report = GAME.check_source(source, path=Path("x"), display="x")
    first, second = report.turn_notes
    assert first.points == {"red": 4}
    assert "claimed Montreal-New York with 3 blue" in first.changes
    assert "42 trains left" in first.changes
    assert "kept 1 of 3 tickets" in second.changes
    assert any("not checked: tickets.none-left" in c for c in second.changes)


@pytest.mark.parametrize("path", EXAMPLES + SCENARIOS, ids=lambda p: p.name)
def test_repository_files_are_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    formatted, _ = GAME.format_source(text, filename=path.name)
    assert formatted == text, f"run: canaldsl fmt {path.relative_to(ROOT)}"


def test_an_empty_block_stays_on_one_line() -> None:
    formatted, _ = GAME.format_source("rules ticket-to-ride\nplayer blue {\n}\n", filename="x")
    assert formatted == "rules ticket-to-ride\nplayer blue {}\n"
