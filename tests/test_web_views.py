"""What the page shows, for any game: the views of canaldsl.web.views, called directly.

A game with none of the page's own hooks (tests/tinygame: BaseGame's defaults) still gets a
page: its text highlighted by its grammar's keywords, its diagnostics placed, its verdicts;
no picture, no palette, and a click refused saying why.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import tinygame

from canaldsl.pagehooks import PageEdit, scan_tokens
from canaldsl.web.views import Source, answer_view, check_view, edit_view, report_view

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture
def tiny() -> Iterator[tinygame.TinyRace]:
    yield tinygame.install()
    tinygame.uninstall()


def _source(text: str) -> Source:
    return Source(text, "page.canal", str(Path.cwd() / "page.canal"))


def test_a_game_without_page_hooks_still_gets_a_page(tiny: tinygame.TinyRace) -> None:
    text = "rules tiny-race\npile 2\nturn red { take 3 }\n"
    view = check_view(_source(text))
    assert view["game"]["name"] == "tinygame"
    assert view["status"] == "illegal"
    kinds = {text[s:e]: kind for s, e, kind in view["tokens"]}
    assert kinds["rules"] == "kw" and kinds["turn"] == "kw" and kinds["2"] == "num"
    (diagnostic,) = view["diagnostics"]
    assert diagnostic["rule"] == "take.from-the-pile"
    assert view["rules"][0]["id"] == "take.from-the-pile"
    assert view["picture"] is None and "no pictures" in view["picture_note"]
    assert view["palette"] == {"groups": [], "modes": []} and view["questions"] == []
    refused = edit_view(_source(text), PageEdit("tile", "A1"))
    assert refused["refused"] == "tinygame has no editing by click"
    assert refused["text"] == text
    assert "no answer" in answer_view(_source(text), "best-build", 1.0)["error"]
    assert report_view(_source(text)) == (None, "error: tinygame has no dispute reports")


def test_a_text_naming_no_game() -> None:
    view = check_view(_source("rules chess\n"))
    assert view["status"] == "error" and view["game"] is None
    assert [d["code"] for d in view["diagnostics"]] == ["E113"]
    assert view["tokens"]  # still highlighted


def test_offsets_count_as_javascript_does() -> None:
    """A character outside the BMP is two UTF-16 units: the underline stays on its word."""
    text = (EXAMPLES / "medway-two-locks.canal").read_text(encoding="utf-8")
    wide = "# 🚢🚢\n" + text
    view = check_view(_source(wide))
    (diagnostic,) = view["diagnostics"]
    units = wide.encode("utf-16-le")
    start, end = diagnostic["start"], diagnostic["end"]
    assert units[2 * start : 2 * end].decode("utf-16-le") == "lock"


def test_the_scan_never_fails_and_covers_only_the_text() -> None:
    for text in ("", '"unclosed', "#", "a\u0000b", "||| {{{ 12ab -3 x.y-z"):
        tokens = list(scan_tokens(text, keywords=frozenset({"a"})))
        assert all(0 <= t.start < t.end <= len(text) for t in tokens)
        assert [t.start for t in tokens] == sorted(t.start for t in tokens)


def test_the_serve_command_without_the_web_extra_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    from click.testing import CliRunner

    from canaldsl.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    result = CliRunner().invoke(main, ["serve", "--no-browser"])
    assert result.exit_code == 2
    assert "pip install 'canaldsl[web]'" in result.output
    assert "Traceback" not in result.output
