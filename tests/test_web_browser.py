"""The page of `canaldsl serve` in a real browser: headless Chromium driven by Playwright.

Playwright drives the system's Chromium (``executable_path``: never a browser of its own).
Each game with a page gives a scenario (:data:`SCENARIOS`): a file to serve, a typo to type
and its fix, and the clicks that set up a turn; the test types the position, sees the typo
underlined with its diagnostic, fixes it by typing, clicks hexes and sees the verdict change,
opens the dispute report, shares the file as a link and opens it again. Screenshots are taken
at each step and checked for the expected elements (and colours); set
``CANALDSL_SCREENSHOTS=FOLDER`` to keep them. The report's own screenshot, from which nothing
is read (the report is checked by its content), is taken only then: a full page of the report
(1500 x 3300 pixels) cost about 1.5 s of CPU in Chromium and Pillow per game.
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from webserver import Server, running_server, web_libraries_missing

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.skipif(web_libraries_missing() is not None, reason=str(web_libraries_missing())),
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="Chromium is not installed (Debian package `chromium`; .ci/run installs it)",
    ),
]

EXAMPLES = Path(__file__).parent.parent / "examples"
TIMEOUT_MS = 60_000


@dataclass(frozen=True)
class Scenario:
    """One game's walk through the page."""

    game: str
    text: str  # the position, with no turn yet
    typo: str  # a word of ``text`` misspelt, which the page must underline
    fix: tuple[int, str]  # where in the typo to type, and what, to fix it
    first: tuple[str, str, str]  # (target, palette kind, what the text then holds): legal
    second: tuple[str, str, str]  # the same: makes the turn illegal
    rule: str  # the rule the second click breaks
    third: tuple[str, str, str]  # the same: the turn legal again
    card: tuple[str, str] | None  # a card button of the palette, what the text then holds
    click: Callable[[Any, str, str], None] = field(default=lambda p, t, k: _click_hex(p, t, k))
    # how a target is clicked with a palette kind (Canal Mania: a hex label)
    named: str | None = None  # the word the diagnostic names, when not the whole typo


def _canal_mania() -> Scenario:
    text = (EXAMPLES / "medway-first-build.canal").read_text(encoding="utf-8")
    text = text[: text.index("turn red {")] + "expect legal\n"
    return Scenario(
        game="canalmania",
        text=text,
        typo="Brindly",
        fix=(6, "e"),
        first=("R27", "lock", "lock R27"),
        second=("R26", "lock", "lock R27, lock R26"),
        rule="build.consecutive-tiles",
        third=("R26", "", "lock R27\n"),
        card=("tunnel", "1 surveyor, 1 tunnel"),
    )


def _canal_grande() -> Scenario:
    # the worked vote of the text, Michele's last raise short of a Dorsoduro
    text = (EXAMPLES / "canalgrande" / "vote-equal-count-is-not-enough.canal").read_text(
        encoding="utf-8"
    )
    text = text[: text.index("  Elena passes\n")] + "}\n\nexpect legal\n"
    assert "Michele plays gondola, Dorsoduro\n}" in text and "2 Dorsoduro" in text
    return Scenario(
        game="canalgrande",
        text=text,
        typo="Canaregio",
        fix=(2, "n"),
        first=("play:Michele", "Dorsoduro", "Michele plays gondola, 2 Dorsoduro"),
        second=("play:Michele", "Dorsoduro", "Michele plays gondola, 3 Dorsoduro"),
        rule="vote.cards-in-hand",
        third=("hand:Michele", "Dorsoduro", "3 Dorsoduro, Santa Croce"),
        card=None,
        click=_click_player,
    )


def _ticket_to_ride() -> Scenario:
    # red's hand pays Montreal-New York (3 blue): the claim scores the 4 the file expects
    text = (EXAMPLES / "tickettoride" / "claim-montreal-new-york-three-blue.canal").read_text(
        encoding="utf-8"
    )
    text = text[: text.index("turn red")].replace("Montréal", "Montreal")
    text += "expect score red 4\n"
    assert "tickets Atlanta-Montreal" in text
    return Scenario(
        game="tickettoride",
        text=text,
        typo="Atlanta-Montral",
        fix=(13, "e"),
        first=("Montreal-New York", "blue", "turn red claim Montreal-New York with 3 blue"),
        second=("Boston-Montreal grey 1", "green", "  claim Boston-Montreal grey 1 with 2 green"),
        rule="claim.one-route",
        third=("Boston-Montreal grey 1", "green", "turn red claim Montreal-New York with 3 blue\n"),
        card=("pink", "2 green, locomotive, pink"),
        click=_click_route,
        named="'Montral'",  # the diagnostic underlines the ticket, names the city
    )


SCENARIOS = {
    "canalmania": _canal_mania,
    "canalgrande": _canal_grande,
    "tickettoride": _ticket_to_ride,
}
"""Each game's scenario."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the file's tests (starting one costs about a second of CPU); each
    test's pages are new, each in a context of its own (``new_page``): no cookie, storage or
    cache is shared between tests."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """One ``canaldsl serve`` for the file's tests (a server, its fork server and two workers
    cost about a second of CPU to start): each test empties the served file first, so each
    starts from a file as new as its own server gave it; the pages are new too."""
    file = tmp_path_factory.mktemp("served") / "position.canal"
    file.write_text("", encoding="utf-8")
    with running_server(file) as server:
        yield server, file


def _shot(page: Any, folder: Path, name: str) -> Any:
    """A screenshot of the whole page, kept when asked, as a Pillow image."""
    from PIL import Image

    data = page.screenshot(full_page=True)
    keep = os.environ.get("CANALDSL_SCREENSHOTS")
    for target in (folder, Path(keep) if keep else None):
        if target is not None:
            target.mkdir(parents=True, exist_ok=True)
            (target / f"{name}.png").write_bytes(data)
    return Image.open(io.BytesIO(data)).convert("RGB")


def _pixels(image: Any, target: tuple[int, int, int], tolerance: int = 14) -> int:
    colours = image.getcolors(maxcolors=1 << 22)
    assert colours is not None
    return sum(
        n
        for n, rgb in colours
        if all(abs(a - b) <= tolerance for a, b in zip(rgb, target, strict=True))
    )


def _click_hex(page: Any, hex_label: str, kind: str) -> None:
    """Choose the kind in the palette, then click the middle of the hex, as a player does
    (whatever is drawn on it: a tile, a turn's mark)."""
    page.click(f'#palette [data-group="tile"] [data-choice="{kind}"]')
    polygon = page.locator(f'#board svg [data-terrain][data-hex="{hex_label}"]')
    polygon.scroll_into_view_if_needed()
    box = polygon.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _click_player(page: Any, target: str, kind: str) -> None:
    """Canal Grande: choose the mode (``play`` or ``hand``) and the card in the palette,
    then click the player's panel in the picture."""
    mode, player = target.split(":")
    page.click(f'#palette [data-mode="{mode}"]')
    page.click(f'#palette [data-group="tile"] [data-choice="{kind}"]')
    panel = page.locator(f'#board svg [data-player="{player}"] > rect').first
    panel.scroll_into_view_if_needed()
    box = panel.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 20)


def _click_route(page: Any, route: str, colour: str) -> None:
    """Ticket to Ride: choose the colour to pay with, then click a car of the route's track."""
    page.click(f'#palette [data-group="tile"] [data-choice="{colour}"]')
    car = page.locator(f'#board svg [data-route="{route}"] path').first
    car.scroll_into_view_if_needed()
    box = car.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _wait_for_text(page: Any, needle: str) -> None:
    # predicates are functions, never bare expressions: Playwright re-runs an expression
    # through eval(), which the page's policy (no 'unsafe-eval') rightly refuses
    page.wait_for_function(
        "needle => document.getElementById('source').value.includes(needle)",
        arg=needle,
        timeout=TIMEOUT_MS,
    )


def _wait_for_status(page: Any, status: str) -> None:
    page.wait_for_selector(f'#status[data-status="{status}"]', timeout=TIMEOUT_MS)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_type_fix_click_and_report_in_chromium(
    game: str, browser: Any, served: tuple[Server, Path], tmp_path: Path
) -> None:
    scenario = SCENARIOS[game]()
    server, file = served
    file.write_text("", encoding="utf-8")
    shots = tmp_path / "shots"
    assert server.process.poll() is None
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda message: problems.append(message.text) if message.type == "error" else None,
    )
    page.goto(server.url)
    page.wait_for_selector("#status[data-status]", timeout=TIMEOUT_MS)

    # type a position with a typo: the typo is underlined, its diagnostic says the fix
    wrong = scenario.text.replace(_fixed(scenario), scenario.typo)
    page.fill("#source", wrong)
    _wait_for_status(page, "error")
    page.wait_for_selector("#diagnostics li.error", timeout=TIMEOUT_MS)
    underlined = page.inner_text("#highlight .d-error")
    assert underlined == scenario.typo
    diagnostic = page.inner_text("#diagnostics li.error")
    assert (scenario.named or scenario.typo) in diagnostic and "fix:" in diagnostic
    image = _shot(page, shots, "1-typo")
    assert _pixels(image, (0xFF, 0xF6, 0xF6)) > 500  # the diagnostic's box

    # fix it by typing at the typo
    at = page.evaluate("t => document.getElementById('source').value.indexOf(t)", scenario.typo)
    where = at + scenario.fix[0]
    page.evaluate(f"document.getElementById('source').setSelectionRange({where}, {where})")
    page.focus("#source")
    page.keyboard.type(scenario.fix[1])
    _wait_for_status(page, "failed")  # understood; `expect legal` has no turn yet
    page.wait_for_selector("#board svg", timeout=TIMEOUT_MS)
    assert page.locator("#diagnostics li.error").count() == 0
    assert page.input_value("#source") == scenario.text

    # a first click: a turn is written (Canal Mania) or completed (Canal Grande), legal
    hex_label, kind, holds = scenario.first
    scenario.click(page, hex_label, kind)
    _wait_for_text(page, holds)
    page.wait_for_selector('#verdict .turn[data-legal="true"]', timeout=TIMEOUT_MS)
    _wait_for_status(page, "ok")

    # a second click breaks a rule: the verdict changes, the rule cited with its sections
    hex_label, kind, holds = scenario.second
    scenario.click(page, hex_label, kind)
    _wait_for_text(page, holds)
    page.wait_for_selector('#verdict .turn[data-legal="false"]', timeout=TIMEOUT_MS)
    _wait_for_status(page, "failed")  # the file expects the turn legal
    rule = page.locator(f'#verdict .rule[data-rule="{scenario.rule}"]')
    assert rule.count() == 1
    assert rule.locator("li").count() >= 1  # a rulebook section per rulebook
    assert page.locator("#highlight .d-illegal").count() >= 1
    image = _shot(page, shots, "2-illegal")
    assert _pixels(image, (0xD7, 0x00, 0x1B)) > 300  # the red of the broken rule

    # the dispute report, one click away, in a new tab
    with page.context.expect_page() as opened:
        page.click("#open-report")
    report = opened.value
    report.wait_for_load_state()
    assert scenario.rule in report.content()
    assert report.locator("svg").count() >= 1
    if os.environ.get("CANALDSL_SCREENSHOTS"):  # a record for people: nothing is read from it
        _shot(report, shots, "3-report")
    report.close()

    # a third click makes it legal again (Canal Mania: the same hex takes the tile out)
    hex_label, kind, holds = scenario.third
    scenario.click(page, hex_label, kind)
    _wait_for_text(page, holds)
    page.wait_for_selector('#verdict .turn[data-legal="true"]', timeout=TIMEOUT_MS)
    _wait_for_status(page, "ok")

    # a card from the palette goes into the hand
    if scenario.card is not None:
        choice, holds = scenario.card
        page.click(f'#palette [data-group="card"] [data-choice="{choice}"]')
        _wait_for_text(page, holds)
        _wait_for_status(page, "ok")
    final_text = page.input_value("#source")

    # share: the link carries the whole file; opening it restores the text
    page.click("#share")
    page.wait_for_function(
        "() => document.getElementById('share-link').value.includes('#text=')",
        timeout=TIMEOUT_MS,
    )
    link = page.input_value("#share-link")
    shared = browser.new_page(viewport={"width": 1500, "height": 1000})
    shared.goto(link)
    _wait_for_status(shared, "ok")
    assert shared.input_value("#source") == final_text
    image = _shot(shared, shots, "4-shared")
    assert _pixels(image, (0x10, 0xA0, 0x38)) > 200  # the green of a legal verdict
    shared.close()

    # the served file is untouched until saved
    assert file.read_text(encoding="utf-8") == ""
    page.click("#save")
    page.wait_for_function(
        "() => document.getElementById('message').textContent.startsWith('saved')",
        timeout=TIMEOUT_MS,
    )
    assert file.read_text(encoding="utf-8") == final_text
    assert problems == []
    page.close()  # and its context: nothing of it stays open beside the next test's page


def _fixed(scenario: Scenario) -> str:
    """The typo with its fix typed in: the word the text holds."""
    at, typed = scenario.fix
    return scenario.typo[:at] + typed + scenario.typo[at:]
