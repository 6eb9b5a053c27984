"""The ``canaldsl render`` and ``canaldsl report`` commands: pictures and dispute reports.

Exit status as for the rest of the command line: ``render`` exits 0 when the picture is
written and 2 when the file (or the command line) cannot be understood; ``report`` writes
the report and then exits as ``canaldsl check`` would (0 ok, 1 an illegal turn or a failed
expectation), or 2 without writing when the file cannot be understood. The drawing library
and the rasteriser are imported only here, when a picture is asked for.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from canaldsl.budget import Budget
from canaldsl.cli_options import BUDGET

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_ERROR = 2

BUILTIN_NAMES = ("england", "england-1st", "england-2nd")


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _checked(file: Path) -> tuple[Any, str]:
    """The checked scenario of FILE and its text; exit 2 (after showing why) on errors."""
    from canaldsl.canalmania.loading import check_path

    scenario, diagnostics, text = check_path(file, display=str(file))
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors or text is None:
        for diagnostic in errors or diagnostics:
            click.echo(diagnostic.render(), err=True)
        click.echo(f"{file}: not drawn: the file has errors", err=True)
        sys.exit(EXIT_ERROR)
    return scenario, text


def _write(path: Path, data: bytes) -> None:
    """Write the picture or report whole or not at all (an interrupt never leaves half)."""
    from canaldsl.cli import write_atomically

    try:
        write_atomically(path, data)
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")


@click.command()
@click.argument("file")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The picture to write: OUT.svg or OUT.png.",
)
@click.option(
    "--turn",
    "turn",
    type=click.IntRange(min=0),
    is_flag=False,
    flag_value=0,
    default=None,
    help="Draw the file's turns on top (--turn N: only the N-th).",
)
@click.option("--best-build", is_flag=True, help="Draw the best build (after the file's turns).")
@click.option(
    "--best-delivery", is_flag=True, help="Draw the best goods move (after the file's turns)."
)
@click.option("--for", "colour", default=None, help="Whose answer (default: whose turn it is).")
@BUDGET
@click.option("--focus", is_flag=True, help="Draw only the part of the map the turn touches.")
@click.option("--hex-labels", is_flag=True, help="Write every hex's label in it.")
@click.option(
    "--scale",
    type=click.FloatRange(min=0.25, max=8),
    default=1.5,
    show_default=True,
    help="PNG only: pixels per SVG pixel.",
)
def render(
    file: str,
    output: Path,
    turn: int | None,
    best_build: bool,
    best_delivery: bool,
    colour: str | None,
    budget: float,
    focus: bool,
    hex_labels: bool,
    scale: float,
) -> None:
    """Draw FILE's position as a picture (SVG or PNG, by OUTPUT's suffix).

    FILE is a .canal file, or a built-in board (england, england-1st, england-2nd) to draw
    the bare board. The picture shows the hexes and their terrain, towns and cities, every
    tile (owner's colour, kind, direction), barges, goods cubes and a legend with the
    players' scores, hands and tiles left. --turn draws the turns on top (green: legal, red:
    breaks a rule, with the rule id); --best-build and --best-delivery draw the solver's
    answer for the position after the file's turns.
    """
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        _fail(f"{output}: the picture's name must end in .svg or .png")
    if best_build and best_delivery:
        _fail("give --best-build or --best-delivery, not both")
    if turn is not None and (best_build or best_delivery):
        _fail("--turn draws the file's turns; the solver's answers are drawn without it")
    document = _picture(
        file,
        turn=turn,
        best_build=best_build,
        best_delivery=best_delivery,
        colour=colour,
        budget=budget,
        focus=focus,
        hex_labels=hex_labels,
    )
    if suffix == ".svg":
        data = document.encode("utf-8")
    else:
        from canaldsl.draw.raster import RasterError, png_from_svg

        try:
            data = png_from_svg(document, scale=scale)
        except RasterError as exc:
            _fail(str(exc))
    _write(output, data)
    click.echo(f"{output}: written ({len(data):,} bytes)")
    sys.exit(EXIT_OK)


def _picture(
    file: str,
    *,
    turn: int | None,
    best_build: bool,
    best_delivery: bool,
    colour: str | None,
    budget: float,
    focus: bool,
    hex_labels: bool,
) -> str:
    """The SVG document ``render`` writes."""
    from canaldsl.canalmania import picture

    path = Path(file)
    if file in BUILTIN_NAMES and not path.exists():
        return _builtin(
            file, hex_labels=hex_labels, asked=turn is not None or best_build or best_delivery
        )
    scenario, _ = _checked(path)
    if scenario.board is None:
        _fail(f"{file}: the file describes no board to draw")
    overlays: list[Any] = []
    position = scenario.position
    title = path.name
    if turn is not None:
        if position is None:
            _fail(f"{file}: there is no position, so no turn to draw")
        from canaldsl.canalmania.overlays import turn_overlays

        played = turn_overlays(scenario)
        if not played:
            _fail(f"{file}: the file has no turn to draw")
        if turn > len(played):
            _fail(f"{file}: there is no turn {turn} (the file has {len(played)})")
        if turn:
            _, verdict, overlay = played[turn - 1]
            overlays, position = [overlay], verdict.before
        else:
            overlays = [overlay for _, _, overlay in played]
    elif best_build or best_delivery:
        overlays, position = _answer(scenario, file, best_build, colour, budget)
        title += " (after its turns)"
    return picture.svg(
        scenario.board,
        position,
        rules=scenario.rules,
        title=title,
        overlays=overlays,
        focus=picture.focus_hexes(scenario.board, overlays) if focus else (),
        hex_labels=hex_labels,
    )


def _builtin(name: str, *, hex_labels: bool, asked: bool) -> str:
    from canaldsl.canalmania import picture
    from canaldsl.canalmania.boardinfo import find_board

    if asked:
        _fail(f"{name} is a bare board: it has no turns and no position to solve")
    board, diagnostics = find_board(name)
    for diagnostic in diagnostics:
        click.echo(diagnostic.render(), err=True)
    if board is None:
        sys.exit(EXIT_ERROR)
    return picture.svg(board, None, title=board.title or board.name, hex_labels=hex_labels)


def _answer(
    scenario: Any, file: str, build: bool, colour: str | None, budget: float
) -> tuple[list[Any], Any]:
    """The solver's answer as an overlay, and the position it answers (after the turns)."""
    from canaldsl.canalmania.bestbuild import best_build
    from canaldsl.canalmania.overlays import build_overlay, delivery_overlay
    from canaldsl.canalmania.play import state_after_turns

    if scenario.position is None:
        _fail(f"{file}: there is no position to solve")
    state = state_after_turns(scenario)
    mover = colour or state.now
    if mover is None:
        _fail(f"{file}: whose turn? give --for COLOUR (the file has no `now`)")
    if not state.has_player(mover):
        _fail(f"{file}: there is no player {mover}")
    position = state.to_position()
    if build:
        from canaldsl.canalmania.problem import HandUnknown

        try:
            plan = best_build(state, mover, budget=Budget.of(budget))
        except HandUnknown as exc:
            _fail(f"{file}: {exc}: no build can be judged")
        return [build_overlay(plan, position, scenario.board)], position
    from canaldsl.canalmania.delivery import search_best_delivery

    found = search_best_delivery(state, mover, budget=Budget.of(budget))
    if found.stopped is not None:
        _fail(f"{file}: the best goods move was not found within the work budget")
    return [delivery_overlay(found.delivery, mover)], position


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The report to write (one HTML file).",
)
def report(file: Path, output: Path) -> None:
    """Write a dispute report on FILE: one self-contained HTML page.

    It shows the verdict, the question the file's opening comment asks, the position drawn,
    each turn as written with every rule it breaks (id, explanation, rulebook sections) and
    a picture of it, the expectations, and the commands that check it again. Exit status as
    `canaldsl check`: 0 ok, 1 an illegal turn or a failed expectation (the report is written
    either way), 2 when the file cannot be understood (nothing is written).
    """
    from canaldsl.canalmania.dispute import FAILED, ILLEGAL, dispute_report

    scenario, text = _checked(file)
    if scenario.board is None or scenario.position is None:
        _fail(f"{file}: the file has no position to report on")
    result = dispute_report(scenario, text, path=str(file), output=str(output))
    _write(output, result.html.encode("utf-8"))
    click.echo(f"{output}: written ({result.status})")
    sys.exit(EXIT_FAILED if result.status in (FAILED, ILLEGAL) else EXIT_OK)
