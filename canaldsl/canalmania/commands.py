"""Canal Mania's own commands: ``best-build``, ``best-delivery`` and ``can-complete``.

Exit status as for the rest of the command line (:class:`~canaldsl.statuses.ExitCode`): 0 when
the answer is proven (or the question decided), 1 when the work budget was spent first, 2 when
the question cannot be asked (the file has errors, no such canal, no such player), 3 when the
wall-clock safety limit stopped it (the answer depends on the machine). The solvers are
imported only when a command runs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from canaldsl.cli_options import (
    BUDGET,
    TIMINGS,
    WALL_LIMIT,
    budget_of,
    engine_option,
)
from canaldsl.diagnostics import Diagnostic
from canaldsl.jsonschemas import error_json, tag
from canaldsl.sources import display_name
from canaldsl.statuses import Engine, ExitCode

_FORMAT = click.Choice(["text", "json"])


def _refuse(
    command: str,
    file: Path,
    output: str,
    message: str | None,
    diagnostics: Sequence[Diagnostic] = (),
) -> NoReturn:
    """Say why the question cannot be asked (the diagnostics, then the message, on standard
    error; with JSON output also the same as JSON on standard output) and exit 2."""
    for diagnostic in diagnostics:
        click.echo(diagnostic.render(), err=True)
    name = display_name(file)
    if message is not None:
        click.echo(f"{name}: {message}", err=True)
    if output == "json":
        why = message if message is not None else "the file has errors"
        click.echo(json.dumps(error_json(command, name, why, diagnostics), indent=2))
    sys.exit(ExitCode.ERROR)


def _playable_scenario(command: str, file: Path, output: str) -> Any:
    """The checked scenario of FILE, with a board and a position; exit 2 (after showing why)
    when it has errors or nothing to play."""
    from canaldsl.canalmania.loading import check_path

    scenario, diagnostics, _ = check_path(file)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        _refuse(command, file, output, None, errors or diagnostics)
    if scenario.position is None or scenario.board is None:
        _refuse(command, file, output, "no position to play", diagnostics)
    return scenario


def _scenario_state(command: str, file: Path, output: str) -> tuple[Any, Any]:
    """The scenario of FILE and the game after its turns (exit 2 when it has errors)."""
    from canaldsl.canalmania.play import state_after_turns

    scenario = _playable_scenario(command, file, output)
    return scenario, state_after_turns(scenario)


def _mover(command: str, file: Path, output: str, state: Any, colour: str | None) -> str:
    mover = colour or state.now
    if mover is None:
        _refuse(command, file, output, "whose turn? give --for COLOUR (the file has no `now`)")
    if not state.has_player(mover):
        _refuse(command, file, output, f"there is no player {mover}")
    return str(mover)


@click.command("best-build")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "colour", default=None, help="Whose build (default: whose turn it is).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@engine_option(
    [Engine.AUTO, Engine.SEARCH, Engine.CP_SAT],
    Engine.AUTO,
    "The exact search, the CP-SAT model, or auto (by the size of the question)",
)
@BUDGET
@WALL_LIMIT
@TIMINGS
def best_build_command(
    file: Path,
    colour: str | None,
    output: str,
    engine: str,
    budget: float,
    wall_limit: float | None,
    timings: bool,
) -> None:
    """The build scoring the most this turn, after the turns of FILE.

    Points: completions now (tile points and, 2nd edition, the contract value) plus the tile
    points added to canals left incomplete. Ties: fewer cards. Exit status 0 when the answer is
    proven optimal, 1 when the work budget was spent first, 2 when the question cannot be
    asked, 3 when the wall-clock safety limit stopped it (the answer depends on the machine).
    """
    from canaldsl.canalmania.bestbuild import best_build
    from canaldsl.canalmania.problem import HandUnknown

    _, state = _scenario_state("best-build", file, output)
    mover = _mover("best-build", file, output, state, colour)
    work = budget_of(budget, wall_limit)
    try:
        plan = best_build(state, mover, engine=engine, budget=work)
    except HandUnknown as exc:
        _refuse("best-build", file, output, f"{exc}: no build can be judged")
    note, rules = None, None
    if not plan.lines and plan.optimal:  # say why nothing is built (minimal_rules)
        from canaldsl.canalmania.minimal_rules import empty_build_note

        note, rules = empty_build_note(state, mover, budget=work)
    if output == "json":
        why = None
        if note is not None:
            why = {"note": note, "rules": rules and rules.to_json(timings=timings)}
        answer = {
            "schema": tag("best-build"),
            "file": display_name(file),
            **plan.to_json(timings=timings),
            "why_empty": why,
        }
        click.echo(json.dumps(answer, indent=2))
    else:
        click.echo(plan.text(timings=timings))
        if note is not None:
            click.echo(f"  why: {note}")
        if plan.lines:
            click.echo("\n" + plan.turn_text())
    if work.wall_hit:
        sys.exit(ExitCode.TIMEOUT)
    sys.exit(ExitCode.OK if plan.optimal else ExitCode.FAILED)


@click.command("best-delivery")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "colour", default=None, help="Who moves (default: whose turn it is).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@BUDGET
@WALL_LIMIT
@engine_option(
    [Engine.SEARCH, Engine.CP_SAT],
    Engine.SEARCH,
    "The exact search over every move (the fast path) or the CP-SAT model (proof with its bound)",
)
@TIMINGS
def best_delivery_command(
    file: Path,
    colour: str | None,
    output: str,
    budget: float,
    wall_limit: float | None,
    engine: str,
    timings: bool,
) -> None:
    """The goods move scoring the most for the mover, after the turns of FILE.

    Every legal move is searched (colour restriction, last section the mover's own, the 2nd
    edition's shortest route); ties: fewer places, then alphabetical (CP-SAT: fewer places).
    Exit status 0 when the answer is proven best, 1 when the work budget was spent first, 2
    when the question cannot be asked, 3 when the wall-clock safety limit stopped it.
    """
    import time

    from canaldsl.canalmania.delivery import search_best_delivery

    _, state = _scenario_state("best-delivery", file, output)
    mover = _mover("best-delivery", file, output, state, colour)
    started = time.monotonic()
    work = budget_of(budget, wall_limit)
    if engine == Engine.CP_SAT:
        from canaldsl.canalmania.deliverymodel import best_delivery_cpsat

        answer = best_delivery_cpsat(state, mover, budget=work)
        best, complete, status = answer.delivery, answer.proven, answer.status
        if answer.stopped == "TIMEOUT":
            status = "TIMEOUT"
        bound = answer.bound
        model = f"{answer.formulation} model, {answer.solves} solves, bound {bound}"
        method = f"{Engine.CP_SAT}: {model}"
    else:
        found = search_best_delivery(state, mover, budget=work)
        best, complete = found.delivery, found.stopped is None
        status = "OPTIMAL" if complete else str(found.stopped)
        bound = (best.points_for(mover) if best else 0) if complete else None
        method = str(Engine.SEARCH)
    seconds = time.monotonic() - started
    if output == "json":
        answer_json = {
            "schema": tag("best-delivery"),
            "file": display_name(file),
            "player": mover,
            "engine": engine,
            "status": status,
            "bound": bound,
            "budget": budget,
            **({"seconds": round(seconds, 6)} if timings else {}),
            "route": list(best.route) if best else None,
            "owners": list(best.owners) if best else None,
            "points": dict(best.points) if best else {},
        }
        click.echo(json.dumps(answer_json, indent=2))
    elif best is None:
        found_text = "no goods move scores" if complete else _not_found(status, budget)
        click.echo(f"best delivery for {mover}: {found_text} ({status})")
    else:
        others = ", ".join(f"{c} {n}" for c, n in best.points if c != mover)
        click.echo(
            f"best delivery for {mover}: {best.points_for(mover)} points: "
            f"move cube {' > '.join(best.route)}"
        )
        if others:
            click.echo(f"  the other owners of its sections score: {others}")
        took = f", {seconds * 1000:.1f} ms" if timings else ""
        click.echo(f"  proof: {status} [{method}{took}]")
    if work.wall_hit:
        sys.exit(ExitCode.TIMEOUT)
    sys.exit(ExitCode.OK if complete else ExitCode.FAILED)


def _not_found(status: str, budget: float) -> str:
    if status == "TIMEOUT":
        return "no goods move found before the wall-clock safety limit"
    return f"no goods move found within the work budget of {budget:g} units"


@click.command("can-complete")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("contract")
@click.option("--for", "colour", default=None, help="Whose canal (default: whoever holds it).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@engine_option(
    [Engine.SEARCH, Engine.CP_SAT],
    Engine.SEARCH,
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

    _, state = _scenario_state("can-complete", file, output)
    if colour is not None and not state.has_player(colour):
        _refuse("can-complete", file, output, f"there is no player {colour}")
    try:
        canal = find_canal(state, contract, colour)
    except NoSuchCanal as exc:
        _refuse("can-complete", file, output, str(exc))
    work = budget_of(budget, wall_limit)
    answer = can_complete(state, canal, engine=engine, budget=work)
    if output == "json":
        answer_json = {
            "schema": tag("can-complete"),
            "file": display_name(file),
            **answer.to_json(timings=timings),
        }
        click.echo(json.dumps(answer_json, indent=2))
    else:
        click.echo(answer.text(timings=timings))
    if work.wall_hit:
        sys.exit(ExitCode.TIMEOUT)
    sys.exit(ExitCode.FAILED if answer.possible is None else ExitCode.OK)


COMMANDS = (best_build_command, best_delivery_command, can_complete_command)
"""The commands Canal Mania adds to ``canaldsl``."""
