"""`canaldsl render --turn` for Ticket to Ride: the position before the turn, the track it
claims as a band (green legal, dashed red illegal), its verdict in the legend; every turn
numbered with `--turn` alone; refusals."""

from __future__ import annotations

import re
from pathlib import Path

import programs
import pytest

from canaldsl.games import CommandError, PictureRequest
from canaldsl.tickettoride.drawing import picture
from canaldsl.tickettoride.picture import ILLEGAL_GLOW, LEGAL_GLOW

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "tickettoride"
GREY = str(EXAMPLES / "claim-grey-route-mixed-colours.canal")
BLUE = str(EXAMPLES / "claim-montreal-new-york-three-blue.canal")
RECORD = str(EXAMPLES / "game-record-2-players.canal")


def _draw(file: str, turn: int | None, **options: object) -> str:
    return picture(PictureRequest(file=file, turn=turn, **options))  # type: ignore[arg-type]


def _bands(svg: str) -> list[tuple[str, str, bool]]:
    """Each turn band: (track, colour, dashed)."""
    group = re.search(r'<g data-kind="turn">(.*?)</g>', svg, re.S)
    if group is None:
        return []
    bands = []
    for tag in re.findall(r"<path [^>]*>", group.group(1)):
        track = re.search(r'data-track="([^"]+)"', tag)
        colour = re.search(r'stroke="([^"]+)"', tag)
        assert track and colour, tag
        bands.append((track.group(1), colour.group(1), "stroke-dasharray" in tag))
    return bands


def _words(svg: str) -> str:
    """The picture's text, its wrapped lines joined."""
    return " ".join(re.findall(r"<text [^>]*>([^<]*)</text>", svg))


def _owner(svg: str, track: str) -> str | None:
    found = re.search(rf'<g data-kind="track" data-track="{track}"( data-owner="(\w+)")?', svg)
    assert found, track
    return found.group(2)


def test_an_illegal_claim_is_a_dashed_red_band_with_the_rule_broken() -> None:
    svg = _draw(GREY, 1)
    assert _bands(svg) == [("Montreal-Toronto", ILLEGAL_GLOW, True)]
    assert "breaks claim.grey-one-colour (line 12, column 34)" in _words(svg)
    assert "turn 1 of 2" in svg
    assert "illegal" in svg
    second = _draw(GREY, 2)
    assert "breaks claim.cards-in-hand (line 14, column" in _words(second)
    assert "claim.grey-one-colour" not in second


def test_a_legal_claim_is_green_on_the_position_before_it() -> None:
    svg = _draw(BLUE, 1)
    assert _bands(svg) == [("Montreal-New York", LEGAL_GLOW, False)]
    assert _owner(svg, "Montreal-New York") is None  # before the turn: still free
    assert "Montreal-New York with 3 blue: 4 points; 42 trains left" in _words(svg)
    after = picture(PictureRequest(file=BLUE))
    assert _owner(after, "Montreal-New York") == "red"


def test_every_turn_numbered_on_the_position_before_the_first() -> None:
    svg = _draw(GREY, 0)
    numbers = re.findall(r'data-kind="turn-number"[^>]*>(\d+)<', svg)
    assert numbers == ["1", "2"]
    assert "Turn 1 (blue): illegal" in _words(svg)
    assert "Turn 2 (blue): illegal" in _words(svg)
    assert "every turn (2 in all)" in svg


def test_a_draw_has_its_verdict_and_no_band() -> None:
    svg = _draw(RECORD, 40)
    assert _bands(svg) == []
    assert "The turn (red): legal" in _words(svg)
    assert "red draws train cards" in _words(svg)


def test_the_record_turn_by_turn_matches_the_positions_between() -> None:
    """Turn N+1 is drawn on the position turn N leaves: every track owned in the picture of
    turn N+1 is owned in the picture of turn N or claimed by turn N (legal)."""
    for turn in (10, 11):
        before = _draw(RECORD, turn)
        after = _draw(RECORD, turn + 1)
        owned_before = set(re.findall(r'data-track="([^"]+)" data-owner=', before))
        owned_after = set(re.findall(r'data-track="([^"]+)" data-owner=', after))
        claimed = {track for track, colour, _ in _bands(before) if colour == LEGAL_GLOW}
        assert owned_after == owned_before | claimed


@pytest.mark.parametrize(
    ("file", "turn", "options", "message"),
    [
        (GREY, 3, {}, "there is no turn 3 (the file has 2)"),
        ("usa", 1, {}, "usa is a bare board: it has no turns"),
        (GREY, 1, {"show": ("longest-route",)}, "give --turn or --show, not both"),
    ],
)
def test_refusals(file: str, turn: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(CommandError) as refused:
        _draw(file, turn, **options)
    assert message in str(refused.value.args)


def test_render_turn_png_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "turn.png"
    # the command line's code in this process: the option and the file written are tested
    result = programs.in_process("render", GREY, "--turn", "1", "-o", out, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


FILES = sorted(EXAMPLES.glob("*.canal")) + sorted(
    (ROOT / "scenarios" / "tickettoride").rglob("*.canal")
)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_ticket_to_ride_file_with_turns_renders_them(path: Path) -> None:
    """--turn (every turn) on every Ticket to Ride file that has a turn; files without one
    are refused with a message, never a traceback."""
    try:
        svg = _draw(str(path), 0)
    except CommandError as refused:
        assert "no turn to draw" in str(refused.args) or "no position" in str(refused.args)
        return
    assert svg.startswith("<?xml") and "every turn (" in _words(svg)
