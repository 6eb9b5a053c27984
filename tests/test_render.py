"""Pictures: every file in the repository draws, the SVG is well-formed and shows what the
position holds, turns and answers are marked, PNG is a real PNG, and names are escaped.

The SVG is read back with the standard library's XML parser, and its elements are found by
the ``data-`` attributes the picture gives each thing it draws (``data-kind="tile"``, ...).
"""

from __future__ import annotations

import math
import random
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import programs
import pytest
from gamefiles import is_canal_mania
from sampling import spread

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.bestbuild import best_build
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.delivery import best_delivery
from canaldsl.canalmania.loading import check_path, check_text
from canaldsl.canalmania.overlays import build_overlay, delivery_overlay, turn_overlays
from canaldsl.canalmania.picture import focus_hexes, scenario_svg, svg
from canaldsl.canalmania.play import state_after_turns
from canaldsl.canalmania.semantics import Scenario
from canaldsl.draw.hexes import HexLayout
from canaldsl.draw.placement import Box, Placer
from canaldsl.draw.raster import PNG_SIGNATURE, png_from_svg
from canaldsl.draw.text import text_width, wrap, xml_safe
from canaldsl.hexgrid import Hex

ROOT = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"
FILES = sorted(
    path.relative_to(ROOT)
    for folder in ("examples", "scenarios", "tests/data")
    for path in (ROOT / folder).rglob("*.canal")
    if is_canal_mania(path)
)

EVIL_PLACE = "<script>alert(1)</script>"
EVIL_CITY = "Tom & 'Jerry' ]]> \x01"
EVIL = f"""\
rules second-edition {{ players 2 }}
board evil {{
  title "<b>board</b> &amp;"
  map {{
    | A . . B
    |  . ^ . .
  }}
  town "{EVIL_PLACE}" red marked A
  city "{EVIL_CITY}" blue marked B
  contract "<i>Cut</i>" between "{EVIL_PLACE}" and "{EVIL_CITY}" value 4 starting
}}
player red "</text><script>x</script>" {{
  engineer Brindley
  hand 2 stretch
  canal "<i>Cut</i>": "{EVIL_PLACE}"
}}
player white {{
  engineer Telford
}}
cubes at "{EVIL_PLACE}"
now red phase 2
turn red {{
  phase 2: build "<i>Cut</i>": stretch B1 (stretch), stretch C1 (stretch), "{EVIL_CITY}"
}}
"""


def load(path: Path | str) -> Scenario:
    scenario, diagnostics, _ = check_path(ROOT / path)
    assert scenario is not None, [d.render() for d in diagnostics]
    assert not [d for d in diagnostics if d.is_error], [d.render() for d in diagnostics]
    return scenario


def parse(document: str) -> ET.Element:
    assert document.startswith("<?xml")
    root = ET.fromstring(document.encode("utf-8"))
    assert root.tag == f"{SVG_NS}svg"
    return root


def drawn(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG_NS}g") if e.get("data-kind") == kind]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{SVG_NS}text")]


def on_grid(hex: Hex, board: Board) -> bool:
    """Whether a hex is within the board's rows and columns (a hex or not)."""
    return hex.col < board.columns and hex.row < board.rows


def test_every_file_is_found() -> None:
    assert len([f for f in FILES if f.parts[0] == "examples"]) >= 20
    assert Path("tests/data/constructs.canal") in FILES


@pytest.mark.parametrize("path", spread(FILES, every=5), ids=str)
def test_every_file_draws_what_its_position_holds(path: Path) -> None:
    scenario = load(path)
    if scenario.board is None:
        with pytest.raises(ValueError, match="no board"):
            scenario_svg(scenario)
        return
    played = turn_overlays(scenario)
    board, position = scenario.board, scenario.position
    overlays = [overlay for _, _, overlay in played]
    root = parse(svg(board, position, rules=scenario.rules, title=str(path), overlays=overlays))
    for _, verdict, overlay in played:  # every broken rule is on a mark or in the notes
        notes = " ".join(overlay.notes)
        assert all(violation.rule in notes for violation in verdict.violations)
        assert set(overlay.broken) <= set(verdict.rules)
        assert overlay.legal == verdict.legal
    marked = {r for e in root.iter(f"{SVG_NS}g") for r in (e.get("data-rules") or "").split()}
    assert marked == {r for overlay in overlays for r in overlay.broken}
    place_names = {e.get("data-name") for e in drawn(root, "place")}
    assert place_names == set(board.places)
    labels = [
        t for e in root.iter(f"{SVG_NS}text") if e.get("data-label") == "place" for t in [e.text]
    ]
    assert sorted(labels) == sorted(board.places)
    hexes = [e for e in root.iter(f"{SVG_NS}path") if e.get("data-hex")]
    assert len(hexes) == len(board.terrain)
    tiles = drawn(root, "tile")
    if position is None:
        assert tiles == []
        return
    expected = sorted((t.hex.label, t.kind.value, t.owner) for t in position.tiles)
    assert sorted((e.get("data-hex"), e.get("data-tile"), e.get("data-owner")) for e in tiles) == (
        expected
    )
    barges = [c for p in position.players for c in p.open_canals if c.barge is not None]
    assert len(drawn(root, "barge")) == len(barges)
    assert sorted(e.get("data-place") for e in drawn(root, "cube")) == sorted(position.cubes)
    proposed = [
        item
        for turn in scenario.events
        if isinstance(turn, s.TurnDecl)
        for step in turn.items
        if isinstance(step, s.Build)
        for line in step.lines
        for item in line.items
        if isinstance(item, s.BuildTile) and on_grid(Hex.parse(item.hex.text), board)
    ]
    assert len(drawn(root, "proposed-tile")) == len(proposed)
    legend = " ".join(texts(root))
    for player in position.players:
        assert f"{player.score} points" in legend


def test_the_bare_built_in_boards_draw() -> None:
    from canaldsl.canalmania.boardinfo import find_board

    for name in ("england-1st", "england-2nd"):
        board, _ = find_board(name)
        assert board is not None
        root = parse(svg(board, title=board.title))
        assert {e.get("data-name") for e in drawn(root, "place")} == set(board.places)
        assert drawn(root, "tile") == []
        terrains = {e.get("data-terrain") for e in root.iter(f"{SVG_NS}path")}
        assert {"clear", "difficult", "sea"} <= terrains


def test_an_illegal_turn_is_marked_tile_by_tile_with_its_rule() -> None:
    scenario = load("examples/medway-two-locks.canal")
    root = parse(scenario_svg(scenario, turns=True))
    status = {
        e.get("data-hex"): (e.get("data-status"), e.get("data-rules"))
        for e in drawn(root, "proposed-tile")
    }
    assert status == {
        "R27": ("legal", ""),
        "R26": ("illegal", "build.consecutive-tiles"),
    }
    labels = drawn(root, "rule-label")
    assert [e.get("data-rules") for e in labels] == ["build.consecutive-tiles"]
    assert [t for t in texts(labels[0]) if t] == ["R26:", "build.consecutive-tiles"]
    reached = drawn(root, "reached-place")
    assert [(e.get("data-name"), e.get("data-status")) for e in reached] == [("Maidstone", "legal")]
    assert any("build.consecutive-tiles" in t for t in texts(root))


def test_a_turn_alone_and_the_focus() -> None:
    scenario = load("examples/overbuild-another-players-tile.canal")
    played = turn_overlays(scenario)
    assert [verdict.legal for _, verdict, _ in played] == [False, True]
    _, verdict, overlay = played[0]
    assert scenario.board is not None
    focus = focus_hexes(scenario.board, [overlay])
    assert Hex.parse("N27") in focus and Hex.parse("M27") in focus
    root = parse(
        svg(scenario.board, verdict.before, overlays=[overlay], focus=focus, rules=scenario.rules)
    )
    shown = {
        Hex.parse(e.get("data-hex", "")) for e in root.iter(f"{SVG_NS}path") if e.get("data-hex")
    }
    assert focus <= shown
    assert len(shown) < len(scenario.board.terrain) / 3
    assert all(abs(h.col - Hex.parse("N27").col) <= 8 for h in shown)
    assert {e.get("data-status") for e in drawn(root, "proposed-tile")} == {"legal", "illegal"}
    assert [e.get("data-rules") for e in drawn(root, "rule-label")] == ["build.overbuild"]


def test_the_best_build_is_drawn_as_its_route() -> None:
    import dataclasses

    scenario = load("tests/data/constructs.canal")
    state = state_after_turns(scenario)
    # read with next-along-canal: under the 2nd edition's default (neighbouring-hexes) every
    # lock red could build touches the lock on A2, and the best build is empty
    options = {**state.rules.options, "consecutive-tiles": "next-along-canal"}
    state.rules = dataclasses.replace(state.rules, options=options)
    plan = best_build(state, "red", budget=10)
    assert plan.lines
    position = state.to_position()
    assert scenario.board is not None
    overlay = build_overlay(plan, position, scenario.board)
    root = parse(svg(scenario.board, position, overlays=[overlay]))
    marked = [
        (e.get("data-hex"), e.get("data-tile"), e.get("data-status"))
        for e in drawn(root, "proposed-tile")
    ]
    planned = [(t.hex.label, t.kind.value, "answer") for line in plan.lines for t in line.tiles]
    assert marked == planned
    badges = [e for e in root.iter(f"{SVG_NS}circle") if e.get("data-kind") == "badge"]
    assert len(badges) == len(planned)
    assert f"Best build for red: {plan.points} points" in " ".join(texts(root))
    # each tile continues from its neighbour before it (a tile, a place, or the barge's hex)
    for tile in overlay.tiles:
        assert tile.previous is not None
        assert tile.previous.is_neighbour(tile.hex)
    assert overlay.tiles[0].previous == Hex.parse("A3")


def test_the_best_delivery_is_drawn_as_its_route() -> None:
    scenario = load("examples/game-record-1st-edition.canal")
    state = state_after_turns(scenario)
    assert state.now is not None
    delivery = best_delivery(state, state.now)
    assert delivery is not None
    assert scenario.board is not None
    root = parse(
        svg(scenario.board, state.to_position(), overlays=[delivery_overlay(delivery, state.now)])
    )
    routes = drawn(root, "goods-route")
    assert len(routes) == 1
    title = routes[0].find(f"{SVG_NS}title")
    assert title is not None and title.text == "goods move " + " > ".join(delivery.route)
    assert f"move cube {' > '.join(delivery.route)}" in " ".join(texts(root))


def test_names_from_the_file_are_escaped() -> None:
    scenario, diagnostics = check_text(EVIL, filename="evil.canal")
    assert scenario is not None and not [d for d in diagnostics if d.is_error]
    document = scenario_svg(scenario, turns=True)
    assert "<script" not in document and "<b>" not in document and "<i>" not in document
    root = parse(document)
    assert not [e for e in root.iter() if not e.tag.startswith(SVG_NS)]
    assert [e for e in root.iter(f"{SVG_NS}script")] == []
    shown = texts(root)
    assert EVIL_PLACE in shown
    assert xml_safe(EVIL_CITY) in shown and "\x01" not in document
    assert {e.get("data-name") for e in drawn(root, "place")} == {EVIL_PLACE, xml_safe(EVIL_CITY)}
    assert any("</text><script>x</script>" in t for t in shown)
    assert any("<i>Cut</i>" in t for t in shown)
    assert "<b>board</b> &amp;" in " ".join(shown)
    titles = [e.text or "" for e in root.iter(f"{SVG_NS}title")]
    assert any(EVIL_PLACE in t for t in titles)


def test_png_is_a_real_png_of_the_pictures_size() -> None:
    scenario = load("examples/medway-two-locks.canal")
    document = scenario_svg(scenario, turns=True, focus=True)
    root = parse(document)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    png = png_from_svg(document, scale=1.5)
    assert png.startswith(PNG_SIGNATURE)
    assert png[12:16] == b"IHDR"
    png_width, png_height = struct.unpack(">II", png[16:24])
    assert abs(png_width - width * 1.5) <= 1 and abs(png_height - height * 1.5) <= 1
    assert 600 <= png_width <= 4000 and 400 <= png_height <= 4000
    assert len(png) > 20_000


# ------------------------------------------------------------------ the command


def run(*args: str) -> tuple[int, str]:
    """``canaldsl ARGS`` in this process: its exit status, and its stdout and stderr."""
    result = programs.in_process(*args)
    return result.returncode, result.stdout + result.stderr


def test_render_writes_svg_and_png(tmp_path: Path) -> None:
    example = str(ROOT / "examples/medway-two-locks.canal")
    code, output = run("render", example, "-o", str(tmp_path / "a.svg"), "--turn", "--focus")
    assert code == 0, output
    root = parse((tmp_path / "a.svg").read_text(encoding="utf-8"))
    assert len(drawn(root, "proposed-tile")) == 2
    code, output = run("render", example, "-o", str(tmp_path / "a.png"), "--scale", "1")
    assert code == 0, output
    assert (tmp_path / "a.png").read_bytes().startswith(PNG_SIGNATURE)
    code, output = run("render", "england", "-o", str(tmp_path / "board.svg"), "--hex-labels")
    assert code == 0, output
    board = parse((tmp_path / "board.svg").read_text(encoding="utf-8"))
    assert "P25" in texts(board)


@pytest.mark.parametrize("answer", ["--best-build", "--best-delivery"])
@pytest.mark.slow
def test_render_draws_the_solvers_answers(tmp_path: Path, answer: str) -> None:
    example = str(ROOT / "examples/game-record-1st-edition.canal")
    for suffix in ("svg", "png"):
        out = tmp_path / f"answer.{suffix}"
        code, output = run("render", example, answer, "-o", str(out), "--time-limit", "5")
        assert code == 0, output
    root = parse((tmp_path / "answer.svg").read_text(encoding="utf-8"))
    kind = "proposed-tile" if answer == "--best-build" else "goods-route"
    assert drawn(root, kind)
    assert (tmp_path / "answer.png").read_bytes().startswith(PNG_SIGNATURE)


def test_render_picks_one_turn(tmp_path: Path) -> None:
    example = str(ROOT / "examples/overbuild-another-players-tile.canal")
    code, _ = run("render", example, "--turn", "2", "-o", str(tmp_path / "t.svg"))
    assert code == 0
    root = parse((tmp_path / "t.svg").read_text(encoding="utf-8"))
    assert {e.get("data-status") for e in drawn(root, "proposed-tile")} == {"legal"}
    assert drawn(root, "goods-route")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["examples/medway-two-locks.canal", "-o", "x.jpg"], "must end in .svg or .png"),
        (["examples/medway-two-locks.canal", "-o", "x.svg", "--turn", "3"], "no turn 3"),
        (
            ["examples/medway-two-locks.canal", "-o", "x.svg", "--best-build", "--best-delivery"],
            "not both",
        ),
        (
            ["examples/medway-two-locks.canal", "-o", "x.svg", "--turn", "--best-build"],
            "without it",
        ),
        (
            ["examples/medway-first-build.canal", "-o", "x.svg", "--best-build", "--for", "white"],
            "not known",
        ),
        (["england", "-o", "x.svg", "--turn"], "bare board"),
        (["tests/broken/unknown-place.canal.broken", "-o", "x.svg"], "error"),
    ],
)
def test_render_refuses_what_it_cannot_draw(tmp_path: Path, args: list[str], message: str) -> None:
    args = [str(ROOT / a) if a.endswith((".canal", ".broken")) else a for a in args]
    args = [str(tmp_path / a) if a.startswith("x.") else a for a in args]
    code, output = run("render", *args)
    assert code == 2
    assert message in output
    assert "Traceback" not in output
    assert not list(tmp_path.iterdir())


def test_importing_the_package_does_not_import_the_drawing_library() -> None:
    code = (
        "import sys, canaldsl, canaldsl.cli; "
        "scenario = canaldsl.load('examples/medway-two-locks.canal'); "
        "assert 'drawsvg' not in sys.modules and 'cairosvg' not in sys.modules; "
        "document = scenario._repr_svg_(); "
        "assert document.startswith('<?xml') and 'drawsvg' in sys.modules; "
        "assert 'cairosvg' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)  # a fresh interpreter


def test_a_file_without_a_board_has_no_svg_repr() -> None:
    scenario, _ = check_text("rules first-edition\n", filename="bare.canal")
    assert scenario is not None
    assert scenario._repr_svg_() is None


# ------------------------------------------------------------------ drawing helpers


def test_the_hex_layout_agrees_with_the_grid() -> None:
    layout = HexLayout(20.0, (5.0, 7.0))
    for hex in (Hex(0, 0), Hex(3, 1), Hex(4, 4), Hex(7, 9)):
        x, y = layout.centre(hex)
        for neighbour in hex.neighbours():
            nx, ny = layout.centre(neighbour)
            assert math.isclose(math.hypot(nx - x, ny - y), layout.width)
        for other in (Hex(hex.col + 2, hex.row), Hex(hex.col, hex.row + 2)):
            ox, oy = layout.centre(other)
            assert math.hypot(ox - x, oy - y) > layout.width * 1.5
    width, height = layout.extent(20, 31)
    right = max(layout.centre(Hex(19, r))[0] for r in (0, 1)) + layout.width / 2 - 5.0
    assert math.isclose(width, right)
    assert math.isclose(height, layout.centre(Hex(0, 30))[1] + 20.0 - 7.0)


def test_text_is_wrapped_to_its_width() -> None:
    text = "build.consecutive-tiles (line 30:56): a lock at R26 would follow a lock"
    lines = wrap(text, 12, 150)
    assert " ".join(lines) == text
    assert all(text_width(line, 12) <= 150 for line in lines if " " in line)
    assert text_width("mmm", 10, bold=True) > text_width("iii", 10, bold=True)
    assert xml_safe("a\x00b\x1fc\ud800d") == "a\ufffdb\ufffdc\ufffdd"


@pytest.mark.slow
def test_the_same_file_draws_the_same_bytes_whatever_the_hash_seed(tmp_path: Path) -> None:
    pictures = []
    for seed in ("0", "4242"):
        out = tmp_path / f"seed-{seed}.svg"
        picture = "examples/game-record-2nd-edition.canal"
        done = programs.process(
            "render", picture, "--turn", "-o", out, cwd=ROOT, env={"PYTHONHASHSEED": seed}
        )
        assert done.returncode == 0, done.stderr
        pictures.append(out.read_bytes())
    assert pictures[0] == pictures[1]


def test_a_boards_ground_is_drawn_once_and_written_the_same() -> None:
    """The terrain layer (and the places) are remembered by the canvas after the first
    picture of a board (``Canvas.remembered_group``): a picture drawn from the remembered
    text has the same bytes as one drawn afresh, and another window of the map is
    remembered apart."""
    from canaldsl.draw import canvas

    scenario = load("examples/medway-two-locks.canal")
    assert scenario.board is not None

    def grounds() -> int:
        return sum(1 for key in canvas._REMEMBERED if key[0][0] == "canalmania-ground")

    canvas.forget_remembered()
    fresh = scenario_svg(scenario, turns=True)
    assert grounds() == 1
    assert scenario_svg(scenario, turns=True) == fresh
    assert grounds() == 1
    focused = scenario_svg(scenario, turns=True, focus=True)
    assert grounds() == 2
    canvas.forget_remembered()
    assert scenario_svg(scenario, turns=True, focus=True) == focused
    assert 'data-layer="terrain"' in fresh and fresh.count("data-terrain=") == len(
        scenario.board.terrain
    )


def test_a_group_that_needs_definitions_is_drawn_each_time() -> None:
    """A group whose SVG refers to definitions (a gradient) is not remembered: its ids
    depend on the rest of the document."""
    import drawsvg

    from canaldsl.draw import canvas

    canvas.forget_remembered()
    gradient = drawsvg.LinearGradient(0, 0, 10, 0)
    gradient.add_stop(0, "red")
    gradient.add_stop(1, "blue")
    pictures = []
    for _ in range(2):
        drawing = canvas.Canvas(20, 20)
        drawing.remembered_group(
            ("gradient",), lambda d=drawing: d.rect(0, 0, 10, 10, fill=gradient), data_x="1"
        )
        pictures.append(drawing.svg())
    assert not len(canvas._REMEMBERED)
    assert pictures[0] == pictures[1]
    assert "<linearGradient" in pictures[0] and 'fill="url(#' in pictures[0]


def _some_box(rng: random.Random) -> Box:
    """A box anywhere about an 800 x 600 area, some on the placer's square edges, some empty
    or of a negative width."""
    x = rng.choice([rng.uniform(-50, 850), 64.0 * rng.randint(-1, 13)])
    width = rng.choice([rng.uniform(0, 140), 64.0, 0.0, -rng.uniform(0, 20)])
    return Box(x, rng.uniform(-50, 650), width, rng.uniform(0, 40))


def test_the_placer_finds_the_same_free_boxes_as_testing_every_taken_one() -> None:
    """The placer files taken boxes under squares (:class:`canaldsl.draw.placement.Placer`);
    its answers are those of testing a candidate against every box taken, on random boxes of
    every size, at the squares' edges, outside the area, and of a negative side."""
    rng = random.Random(11)
    for _ in range(10):
        placer = Placer(800.0, 600.0)
        taken: list[Box] = []
        for _ in range(120):
            candidates = [_some_box(rng) for _ in range(rng.randint(1, 6))]
            for box in candidates:
                expected = box.inside(800.0, 600.0) and not any(box.overlaps(t) for t in taken)
                assert placer.is_free(box) == expected
            if rng.random() < 0.3:
                placer.block(candidates[0])
                taken.append(candidates[0])
            else:
                chosen = placer.place(candidates)
                free = [
                    b
                    for b in candidates
                    if b.inside(800.0, 600.0) and not any(b.overlaps(t) for t in taken)
                ]
                assert chosen == (free[0] if free else candidates[0])
                taken.append(chosen)
        assert placer.taken == taken
