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
from typing import NoReturn

import click

from canaldsl.cli_options import BUDGET
from canaldsl.games import CommandError, PictureRequest
from canaldsl.statuses import ExitCode, Status


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(ExitCode.ERROR)


def _show(error: CommandError) -> NoReturn:
    for line in error.lines:
        click.echo(line, err=True)
    sys.exit(error.status)


def _write(path: Path, data: bytes) -> None:
    """Write the picture or report whole or not at all (an interrupt never leaves half)."""
    from canaldsl.writing import write_atomically

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
@click.option(
    "--show",
    "show",
    multiple=True,
    help="A game's own answer to draw (Ticket to Ride: longest-route, ticket:A-B); repeatable.",
)
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
    show: tuple[str, ...],
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
    from canaldsl.checking import game_of_name_or_file

    request = PictureRequest(
        file=file,
        turn=turn,
        best_build=best_build,
        best_delivery=best_delivery,
        colour=colour,
        budget=budget,
        focus=focus,
        hex_labels=hex_labels,
        show=show,
    )
    try:
        document = game_of_name_or_file(file).picture(request)
    except CommandError as error:
        _show(error)
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
    sys.exit(ExitCode.OK)


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
    from canaldsl.checking import game_of_name_or_file

    try:
        result = game_of_name_or_file(str(file)).dispute_report(file, output=str(output))
    except CommandError as error:
        _show(error)
    _write(output, result.html.encode("utf-8"))
    click.echo(f"{output}: written ({result.status})")
    sys.exit(ExitCode.FAILED if result.status in (Status.FAILED, Status.ILLEGAL) else ExitCode.OK)
