"""Dispute reports: one self-contained HTML page with the verdict, each broken rule (id,
explanation, rulebook sections), the turn as written, pictures and the commands that check it
again; names escaped; exit status as `canaldsl check`; and the page opened in a real browser.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import programs
import pytest

from canaldsl.canalmania.dispute import dispute_report
from canaldsl.canalmania.loading import check_path, check_text
from canaldsl.canalmania.rulebook import RULEBOOKS, all_rules
from canaldsl.htmlpage import Page, element, escape

ROOT = Path(__file__).resolve().parent.parent
DISPUTE = "examples/medway-two-locks.canal"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


class _Page(HTMLParser):
    """Tags, attributes and visible text of a page, as a browser's parser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("style", "title"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)

    @property
    def words(self) -> str:
        return " ".join("".join(self.text).split())


def read_page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def report_of(path: str) -> tuple[str, str]:
    scenario, _, text = check_path(ROOT / path, display=path)
    assert scenario is not None and text is not None
    result = dispute_report(scenario, text, path=path, output="report.html")
    return result.html, result.status


def assert_self_contained(page: _Page) -> None:
    names = {tag for tag, _ in page.tags}
    assert not names & {"script", "link", "img", "iframe", "object", "embed", "base", "form"}
    for tag, attrs in page.tags:
        for name, value in attrs.items():
            assert name not in ("src", "xlink:href", "srcset", "action"), (tag, name)
            assert name != "href" or (value or "").startswith("#"), (tag, value)  # same page
            assert not name.startswith("on"), (tag, name)
            assert "url(" not in (value or "") or tag == "meta", (tag, name, value)
    policy = [a.get("content") for t, a in page.tags if a.get("http-equiv")]
    assert policy == ["default-src 'none'; style-src 'unsafe-inline'; img-src data:"]


def test_a_dispute_report_shows_verdict_rules_and_commands() -> None:
    html, status = report_of(DISPUTE)
    assert status == "ok"  # the file expects the turn to be illegal, and it is
    page = read_page(html)
    assert_self_contained(page)
    words = page.words
    rule = all_rules()["build.consecutive-tiles"]
    assert "The turn (black, line 29) is illegal: breaks build.consecutive-tiles" in words
    assert "The turn: black (line 29) is illegal" in words
    assert "build.consecutive-tiles: " + rule.title in words
    assert "Line 30, column 56: a lock at R26 would follow a lock in the same section" in words
    assert " ".join(rule.text.split()) in words
    for key, book in RULEBOOKS.items():
        assert f"{book}: {rule.sections[key] or '(not in this rulebook)'}" in words
    assert 'build "Medway Navigation": lock R27 (lock), lock R26 (lock), Maidstone' in words
    assert "Black says a lock may follow a lock if the player pays for both." in words
    assert f"canaldsl check {DISPUTE}" in words
    assert "canaldsl explain build.consecutive-tiles" in words
    assert "expect illegal build.consecutive-tiles" in words
    svgs = [attrs for tag, attrs in page.tags if tag == "svg"]
    assert len(svgs) == 2  # the position, and the turn on it
    kinds = [attrs.get("data-kind") for tag, attrs in page.tags if tag == "g"]
    assert kinds.count("proposed-tile") == 2
    assert kinds.count("rule-label") == 1


def test_a_legal_file_reports_every_turn_legal() -> None:
    html, status = report_of("examples/medway-first-build.canal")
    assert status == "ok"
    words = read_page(html).words
    assert "The turn: red" in words and "is legal" in words and "LEGAL No rule is broken." in words
    assert "illegal" not in words.replace("expect illegal", "")


def headline_of(html: str) -> str:
    page = read_page(html)
    first = next((tag, attrs) for tag, attrs in page.tags if tag == "p")
    assert first[1].get("class") == "headline"  # the answer comes before any detail
    start = html.index('<p class="headline">') + len('<p class="headline">')
    return " ".join(read_page(html[start : html.index("</p>", start)]).words.split())


@pytest.mark.parametrize(
    ("path", "headline"),
    [
        ("examples/game-record-2nd-edition.canal", "Red wins 98-98-86"),
        ("examples/game-record-1st-edition.canal", "White wins 82-71-70"),
        (
            DISPUTE,
            "Illegal: a lock at R26 would follow a lock in the same section "
            "(build.consecutive-tiles, black, line 30, column 56)",
        ),
        ("examples/medway-first-build.canal", "Legal: red's turn breaks no rule and scores red +4"),
    ],
)
def test_the_report_headline_is_the_answer(path: str, headline: str) -> None:
    html, _ = report_of(path)
    assert headline_of(html) == headline


def test_names_in_the_report_are_escaped() -> None:
    from test_render import EVIL, EVIL_PLACE

    scenario, _ = check_text(EVIL, filename="evil.canal")
    assert scenario is not None
    result = dispute_report(scenario, EVIL, path="<evil>.canal")
    assert result.status == "illegal"
    assert "<script" not in result.html and "<i>" not in result.html
    page = read_page(result.html)
    assert_self_contained(page)
    assert EVIL_PLACE in page.words
    assert "Canal Mania: <evil>.canal" in page.words
    assert "canaldsl check '<evil>.canal'" in page.words


def test_the_page_builder_escapes_everything_but_markup() -> None:
    page = Page("<T>")
    page.paragraph("a < b & c", element("b", "<i>"))
    page.source("</pre><script>")
    page.table(["<h>"], [["<d>"]])
    html = page.html()
    assert "<script>" not in html and "<i>" not in html and "<h>" not in html
    assert "&lt;T&gt;" in html and "a &lt; b &amp; c<b>&lt;i&gt;</b>" in html
    assert escape(escape("<")) == "&lt;"


def test_report_exit_status_follows_check(tmp_path: Path) -> None:
    out = tmp_path / "ok.html"
    result = programs.in_process("report", ROOT / DISPUTE, "-o", out)
    assert result.returncode == 0, result.stdout + result.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")

    evil = tmp_path / "evil.canal"
    from test_render import EVIL

    evil.write_text(EVIL, encoding="utf-8")
    result = programs.in_process("report", evil, "-o", tmp_path / "evil.html")
    assert result.returncode == 1, result.stdout + result.stderr
    assert (tmp_path / "evil.html").exists()

    broken = ROOT / "tests/broken/unknown-place.canal.broken"
    result = programs.in_process("report", broken, "-o", tmp_path / "no.html")
    assert result.returncode == 2
    assert "error" in result.stdout + result.stderr  # no traceback: programs.in_process
    assert not (tmp_path / "no.html").exists()


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(
    _chromium() is None,
    reason="Chromium is not installed (Debian package `chromium`; .ci/run installs it)",
)
@pytest.mark.slow
def test_a_dispute_report_opens_in_headless_chromium(tmp_path: Path) -> None:
    from PIL import Image

    chromium = _chromium()
    assert chromium is not None
    report = tmp_path / "dispute.html"
    html, _ = report_of(DISPUTE)
    report.write_text(html, encoding="utf-8")
    shot = tmp_path / "shot.png"
    width, height = 1280, 2600
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={shot}",
                f"--window-size={width},{height}",
                report.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
            env={**os.environ, "HOME": profile},
        )
    if os.environ.get("CANALDSL_KEEP_SCREENSHOT"):
        shutil.copy(shot, os.environ["CANALDSL_KEEP_SCREENSHOT"])
    image = Image.open(io.BytesIO(shot.read_bytes())).convert("RGB")
    assert image.size == (width, height)
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None

    def pixels(target: tuple[int, int, int], tolerance: int = 12) -> int:
        return sum(
            count
            for count, rgb in colours
            if all(abs(a - b) <= tolerance for a, b in zip(rgb, target, strict=True))
        )

    assert pixels((0xEF, 0xE7, 0xCC)) > 20_000  # the map's clear hexes: the position is drawn
    assert pixels((0xD7, 0x00, 0x1B)) > 1_000  # the red of the broken rule and its mark
    assert pixels((0x10, 0xA0, 0x38)) > 300  # the green of the expectation that holds
    assert pixels((0x1C, 0x1C, 0x1C), tolerance=40) > 5_000  # text
