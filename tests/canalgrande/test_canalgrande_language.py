"""The Canal Grande language: grammar, every diagnostic at its line and column with a caret
and a hint stating the fix (all problems in one run), the formatter, play, the Game object."""

from __future__ import annotations

from pathlib import Path

import lark
import pytest

from canaldsl import games
from canaldsl.canalgrande.formatter import format_document
from canaldsl.canalgrande.gameobject import GAME
from canaldsl.canalgrande.parser import parse_document
from canaldsl.diagnostics import Diagnostic
from canaldsl.statuses import Status

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    [*(ROOT / "examples" / "canalgrande").glob("*.canal"),
     *(ROOT / "scenarios" / "canalgrande").rglob("*.canal")]
)  # fmt: skip

TURNED = "splitter Elena\nturned up: [San Marco, 1]\n"
HEAD = """rules canal-grande
player Elena {
  hand 2 San Marco, gondola, San Polo
  doges 1
}
player Michele {
  hand San Marco, gondola, 2 Castello
}
"""


def check(text: str) -> tuple[Status, list[Diagnostic]]:
    report = GAME.check_source(text, path=Path("t.canal"), display="t.canal")
    return report.status, list(report.diagnostics)


def test_grammar_is_conflict_free_lalr() -> None:
    path = ROOT / "grammar" / "canalgrande.lark"
    lark.Lark(path.read_text(), parser="lalr", strict=True, import_paths=[path.parent])


def test_the_game_is_registered_and_found_by_its_rules_statement() -> None:
    assert isinstance(GAME, games.Game)
    game, diagnostics = games.game_of_text("rules canal-grande\n", filename="x")
    assert game is not None and game.name == "canalgrande" and not diagnostics
    assert games.game_named("canalgrande").title == "Canal Grande"


def test_at_least_twelve_disputes_and_six_puzzles() -> None:
    names = [p.name for p in (ROOT / "examples" / "canalgrande").glob("*.canal")]
    assert len([n for n in names if n.startswith("puzzle-")]) >= 6
    assert len([n for n in names if not n.startswith("puzzle-")]) >= 12


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_passes_and_formats_idempotently(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    status, diagnostics = check(text)
    assert status is Status.OK, [d.render() for d in diagnostics]
    formatted, _ = GAME.format_source(text, filename=path.name)
    assert formatted is not None
    again, _ = GAME.format_source(formatted, filename=path.name)
    assert again == formatted
    assert formatted == text, f"run: canaldsl fmt {path}"
    assert check(formatted)[0] is Status.OK
    comments = [line.strip() for line in text.splitlines() if line.strip().startswith("#")]
    assert [
        line.strip() for line in formatted.splitlines() if line.strip().startswith("#")
    ] == comments


def test_comments_inside_blocks_and_after_code_are_kept() -> None:
    text = HEAD + (
        "# the vote\nvote by Elena on San Marco {  # Elena's doge\n"
        "  # she opens\n  Elena plays San Marco\n  Michele passes  # no answer\n}\n"
        "expect legal\n"
    )
    parsed = parse_document(text, filename="t")
    assert parsed.document is not None
    out = format_document(parsed.document)
    for comment in ("# the vote", "# Elena's doge", "# she opens", "# no answer"):
        assert comment in out
    assert "  Michele passes  # no answer" in out
    assert "  # she opens\n  Elena plays San Marco" in out


def test_district_names_accented_lower_case_and_the_text_s_spellings_are_accepted() -> None:
    text = (
        "rules canal-grande\nplayer A {\n  hand Cannareggio, san Marco, Sàn Pòlo, SANTA CROCE\n"
        "  doges 1\n}\nplayer B {\n  hand none\n}\n"
        "vote by A on san marco {\n  A plays San Marco\n  B passes\n}\nexpect legal\n"
        "expect hand A: Cannaregio, San Polo, Santa Croce\n"
    )
    status, diagnostics = check(text)
    assert status is Status.OK, [d.render() for d in diagnostics]


# (code, text, line, column, words the hint holds)
CASES = [
    ("E801", HEAD.replace("San Polo", "San Pollo"), 3, 30, "did you mean San Polo"),
    ("E801", HEAD.replace("gondola, San", "gondolla, San"), 3, 21, "did you mean gondola"),
    ("E802", HEAD + "vote by Elna on San Marco {\n}\n", 9, 9, "did you mean Elena"),
    ("E803", "rules canal-grande {\n  option vote.repeat = forbidden\n}\n", 2, 10,
     "did you mean vote.repeat-district"),
    ("E804", "rules canal-grande {\n  option vote.repeat-district = never\n}\n", 2, 33,
     "allowed, forbidden"),
    ("E805", HEAD.replace("gondola, San Polo", "spy, San Polo"), 3, 21, "district cards"),
    ("E806", HEAD + TURNED + "turn {\n  Michele takes offer 3\n}\n",
     12, 23, "takes offer 1"),
    ("E807", "rules canal-grande {\n  number cards 5 ones, 5 twos, 3 threes\n}\n", 2, 3,
     "add up to 14"),
    ("E808", HEAD + "player Third {\n  hand none\n}\n", 9, 1, "four-player"),
    ("E809", HEAD + "vote by Elena on gondola {\n}\n", 9, 18, "six districts"),
    ("E810", HEAD + "expect legal\n", 9, 1, "after a `turn"),
    ("E811", HEAD + TURNED + "turn {\n  Elena splits: [San Marco] [1]\n"
     "  Michele takes offer 1\n  Elena {\n  }\n  Michele {\n  }\n}\n", 14, 3, "before Elena's"),
    ("E812", HEAD.replace("2 Castello", "2 unknown") + "query vote for Elena\n", 9, 1,
     "whole hand"),
    ("E813", HEAD + "splitter Elena\nturned up: [San Marco, 4]\n", 10, 24, "1, 2 or 3"),
    ("E814", HEAD.replace("  doges 1\n", "  doges 1\n  hand gondola\n"), 5, 3, "give hand once"),
    ("E815", HEAD + "vote by Elena on San Marco {\n  Elena plays San Marco\n  Michele passes\n}\n"
     "expect illegal vote.more-card\n", 13, 16, "did you mean vote.more-cards"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("code", "text", "line", "column", "hint"), CASES, ids=[c[0] for c in CASES]
)
def test_each_diagnostic_at_its_line_and_column_with_a_caret_and_a_fix(
    code: str, text: str, line: int, column: int, hint: str
) -> None:
    status, diagnostics = check(text)
    assert status is Status.ERROR
    found = [d for d in diagnostics if d.code == code]
    assert found, [d.render() for d in diagnostics]
    first = found[0]
    assert (first.line, first.column) == (line, column), first.render()
    assert first.hint is not None and hint in first.hint, first.hint
    rendered = first.render()
    assert "^" in rendered and "= help:" in rendered


def test_every_problem_is_reported_in_one_run() -> None:
    text = HEAD.replace("San Polo", "San Pollo") + "player Elena { hand ??? }\nvote by Elna {\n}\n"
    status, diagnostics = check(text)
    codes = sorted(d.code for d in diagnostics)
    assert status is Status.ERROR
    assert "E801" in codes and "E802" in codes and any(c.startswith("E11") for c in codes), codes


def test_a_broken_rule_is_an_illegal_verdict_at_its_step() -> None:
    text = HEAD + (
        "vote by Elena on San Marco {\n  Elena plays San Marco\n  Michele plays San Marco\n"
        "  Elena passes\n}\n"
    )
    report = GAME.check_source(text, path=Path("t.canal"), display="t.canal")
    assert report.status is Status.ILLEGAL
    (verdict,) = [d for d in report.diagnostics if d.code == "V001"]
    assert (verdict.rule, verdict.line, verdict.column) == ("vote.more-cards", 11, 3)
    assert report.turn_outcomes is not None and not report.turn_outcomes[0].legal


def test_play_writes_a_position_check_reads_back_to_the_same_position(tmp_path: Path) -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        played = GAME.play_source(text, path=path, display=path.name)
        status, diagnostics = check(played.text)
        assert status is Status.OK, (path.name, [d.render() for d in diagnostics])
        again = GAME.play_source(played.text, path=tmp_path / "p.canal", display="p.canal")
        assert again.text == played.text, path.name


def test_the_worked_example_is_explained_and_michele_wins() -> None:
    path = ROOT / "scenarios" / "canalgrande" / "it" / "worked-vote-elena-michele.canal"
    report = GAME.check_source(path.read_text(encoding="utf-8"), path=path, display="w")
    (note,) = report.turn_notes
    assert note.legal
    assert any("Michele wins (Elena 3, Michele 4)" in change for change in note.changes)
    assert all(j.passed for j in report.expectations)


EXAMPLES = ROOT / "examples" / "canalgrande"


@pytest.mark.parametrize(
    ("code", "name", "kind"),
    [
        ("S701", "puzzle-vote-twelve-cards.canal", "vote"),
        ("S702", "puzzle-split-with-a-doge.canal", "best-split"),
        ("S704", "puzzle-can-win-this-turn.canal", "can-win"),
    ],
)
def test_a_solver_over_its_node_budget_says_so_at_the_query(
    code: str, name: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canaldsl.canalgrande import queries

    monkeypatch.setitem(queries.NODE_BUDGETS, kind, 1)
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row.startswith("query"))
    status, diagnostics = check(text)
    assert status is Status.ERROR
    (found,) = [d for d in diagnostics if d.code == code]
    assert (found.line, found.column) == (line, 1)
    assert found.hint and "^" in found.render()
    assert "nodes" in found.message or "budget" in found.message  # said, never a guess


def test_a_spy_past_the_known_deck_is_s703_at_the_query() -> None:
    text = (
        HEAD
        + "splitter Elena\nturned up: [spy, San Marco, gondola, Castello, Dorsoduro, 1, 2, 3]\n"
    )
    text += "deck in order: San Polo\nquery best-split\n"
    status, diagnostics = check(text)
    (found,) = [d for d in diagnostics if d.code == "S703"]
    assert status is Status.ERROR and (found.line, found.column) == (12, 1)
    assert found.hint is not None and "deck" in found.hint
