"""The formatter: canonical, idempotent, and losing nothing (comments included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.formatter import format_document, quote
from canaldsl.canalmania.parser import parse_syntax

ROOT = Path(__file__).resolve().parent.parent
CANAL_FILES = sorted(
    p
    for folder in ("examples", "scenarios", "tests", "canaldsl")
    for p in (ROOT / folder).rglob("*.canal")
    if "broken" not in p.parts and "tickettoride" not in p.parts  # its own: tests/tickettoride
)


def test_there_are_files_to_check() -> None:
    assert any(p.name == "constructs.canal" for p in CANAL_FILES)


@pytest.mark.parametrize("path", CANAL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_round_trip_keeps_the_model_and_is_idempotent(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document = parse_syntax(text, filename=str(path))
    formatted = format_document(document)
    again = parse_syntax(formatted, filename=str(path))
    assert again == document
    assert format_document(again) == formatted


@pytest.mark.parametrize("path", CANAL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_repository_files_are_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_document(parse_syntax(text)) == text, f"run: canaldsl fmt {path}"


MESSY = """
# leading comment
rules   first-edition{players 4 option undo-scope=previous-turn}  # trailing
board b { map { | . A
|  . . }  town A red marked A  town "B x" blue at A2
contract "A to B" between A and "B x" value 2 }
player red{score 3 hand 1 lock canal "A to B":A,lock B2}
turn red{phase 1:pass phase 2:
 # about the build
 build{"A to B":stretch B2(stretch),"B x"}
}
expect legal   # why
# closing words
"""


def test_messy_layout_is_normalised_without_loss() -> None:
    document = parse_syntax(MESSY)
    formatted = format_document(document)
    assert parse_syntax(formatted) == document
    assert format_document(parse_syntax(formatted)) == formatted
    assert (
        "rules first-edition {\n  players 4  # trailing\n  option undo-scope = previous-turn\n}"
        in (formatted)
    )
    assert "    # about the build\n    build {" in formatted
    assert formatted.count("#") == MESSY.count("#")
    assert formatted.endswith("# closing words\n")


def test_comments_are_part_of_the_model() -> None:
    with_comment = parse_syntax("expect legal  # a\n")
    without = parse_syntax("expect legal\n")
    assert with_comment != without
    (st,) = with_comment.statements
    assert st.comments == s.Comments(trailing="# a")


def test_positions_are_not_part_of_the_model() -> None:
    assert parse_syntax("expect  legal\n") == parse_syntax("\n\nexpect legal\n")


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ("London", "London"),
        ("Leighton Buzzard", '"Leighton Buzzard"'),
        ("display", '"display"'),  # a keyword
        ("A1", '"A1"'),  # looks like a hex
        ('Say "hi"', '"Say \\"hi\\""'),
        ("King's Lynn", "King's"[:0] + '"King\'s Lynn"'),
    ],
)
def test_names_are_quoted_only_when_needed(name: str, written: str) -> None:
    assert quote(name) == written


def test_quoted_names_survive_a_round_trip() -> None:
    text = 'board b {\n  town "display" red at A1\n  town "A1" blue at B1\n}\n'
    document = parse_syntax(text)
    assert format_document(document) == text
    places = [i for i in document.statements[0].items or () if isinstance(i, s.PlaceDecl)]  # type: ignore[union-attr]
    assert [p.name.text for p in places] == ["display", "A1"]


def test_long_lines_wrap_outside_quotes() -> None:
    names = ", ".join(f'"Contract, number {i}"' for i in range(8))
    document = parse_syntax(f"parliament {names}\n")
    formatted = format_document(document)
    assert max(len(line) for line in formatted.splitlines()) <= 100
    assert parse_syntax(formatted) == document
