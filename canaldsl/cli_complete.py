"""The ``canaldsl can-complete`` command: can a canal still be completed, with how few cards.

Exit status as for the rest of the command line: 0 when the question is decided (yes or no),
1 when the work budget was spent before it was, 2 when it cannot be asked (the file has
errors, no such canal, no such player), 3 when the wall-clock safety limit stopped it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from canaldsl.cli_options import (
    BUDGET,
    EXIT_TIMEOUT,
    TIMINGS,
    WALL_LIMIT,
    budget_of,
    engine_option,
)

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_ERROR = 2


@click.command("can-complete")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("contract")
@click.option("--for", "colour", default=None, help="Whose canal (default: whoever holds it).")
@click.option(
    "--format", "output", type=click.Choice(["text", "json"]), default="text", help="Output format."
)
@engine_option(
    ["search", "cp-sat"],
    "search",
    "The exact search (CP-SAT takes over when it runs out of budget) or the CP-SAT model "
    "alone (they agree; the tests check it)",
)
@BUDGET
@WALL_LIMIT
@TIMINGS
def can_complete_command(
    file: Path,
    contract: str,
    colour: str | None,
    output: str,
    engine: str,
    budget: float,
    wall_limit: float | None,
    timings: bool,
) -> None:
    """Whether CONTRACT's canal can still be completed after the turns of FILE, with the tiles
    left in its player's supply, and the fewest cards that takes (`junction` names a junction
    canal).

    The cards are counted whatever the hand, over any number of turns: each tile's cost for
    the player's engineer (an aqueduct one card with Telford, a tunnel two with Jessop), two
    more on a hex holding another canal's tile; a Smeaton surveyor played as two cards counts
    as two. When it cannot be completed, a minimal set of rules that make it so is named."""
    from canaldsl.canalmania.completion import NoSuchCanal, can_complete, find_canal
    from canaldsl.cli import _scenario_state

    _, state = _scenario_state(file)
    if colour is not None and not state.has_player(colour):
        click.echo(f"{file}: there is no player {colour}", err=True)
        sys.exit(EXIT_ERROR)
    try:
        canal = find_canal(state, contract, colour)
    except NoSuchCanal as exc:
        click.echo(f"{file}: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    work = budget_of(budget, wall_limit)
    answer = can_complete(state, canal, engine=engine, budget=work)
    if output == "json":
        click.echo(json.dumps({"file": str(file), **answer.to_json(timings=timings)}, indent=2))
    else:
        click.echo(answer.text(timings=timings))
    if work.wall_hit:
        sys.exit(EXIT_TIMEOUT)
    sys.exit(EXIT_FAILED if answer.possible is None else EXIT_OK)
