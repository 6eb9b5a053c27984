"""Ticket to Ride's own commands (``longest-route``, ``fewest-trains``, ``best-claim``,
``last-turns``) and what ``play`` and ``score`` ask of a file.

Exit status as for the rest of the command line (:class:`~canaldsl.statuses.ExitCode`): 0 when
the answer is proven, 1 when a solver's work budget was spent first, 2 when the question cannot
be asked (the file has errors, no position, no such player or ticket).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from canaldsl.diagnostics import Diagnostic
from canaldsl.games import CommandError, Played
from canaldsl.jsonschemas import error_json, tag
from canaldsl.sources import display_name
from canaldsl.statuses import ExitCode
from canaldsl.verdicts import FinalScores as CoreFinalScores

_FORMAT = click.Choice(["text", "json"])
_ENGINE = click.option(
    "--engine",
    type=click.Choice(["search", "cp-sat"]),
    default="search",
    show_default=True,
    help="The exact search written for this game, or the CP-SAT model (same answers).",
)
_BUDGET = click.option(
    "--budget",
    type=click.FloatRange(min=1),
    default=None,
    help="Work budget, counted in work not time (the same answer on any machine): search "
    "steps (search) or CP-SAT deterministic time (cp-sat); default: the solver's own. An "
    "answer cut short says not proven (exit 1).",
)


def _scenario_after(text: str, display: str) -> tuple[Any, Any, tuple[Any, ...]]:
    """The scenario of a text, the position after its legal turns and the turns played;
    CommandError when it has errors or no position."""
    from canaldsl.tickettoride.evaluate import evaluate
    from canaldsl.tickettoride.loading import check_text
    from canaldsl.tickettoride.registry import all_rules

    all_rules()
    scenario, diagnostics = check_text(text, filename=display)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        raise CommandError(*(d.render() for d in errors or diagnostics), diagnostics=errors)
    if scenario.position is None:
        raise CommandError(
            f"error: {display}: the file has no position (write board usa and the players)"
        )
    evaluation, played = evaluate(scenario)
    return scenario, evaluation.final_state, played


def play_source(text: str, *, display: str) -> Played:
    """The position after the file's legal turns, in the language."""
    from canaldsl.tickettoride.writer import write_position

    scenario, position, played = _scenario_after(text, display)
    written = write_position(
        position, name=scenario.board_name or "usa", tickets_1910=scenario.tickets_1910
    )
    violations = tuple(v for p in played for v in p.verdict.violations)
    return Played(written, violations)


def score_json(scores: Any, *, file: str, legal: int, illegal: int) -> dict[str, Any]:
    """``score --format json`` for Ticket to Ride (schema ``score``, the Ticket to Ride form)."""
    from canaldsl.jsonschemas import tag

    ranked = sorted(scores.scores, key=lambda x: -(x.total or 0))
    winners = [] if scores.winners is None else [str(w) for w in scores.winners]
    ranking = winners + [str(x.player) for x in ranked if str(x.player) not in winners]
    return {
        "schema": tag("score"),
        "file": file,
        "game": "tickettoride",
        "legal_turns": legal,
        "illegal_turns": illegal,
        "headline": scores.headline(),
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "ranking": ranking,
        "scores": {str(x.player): x.total for x in ranked if x.total is not None},
        "breakdown": [x.to_json() for x in ranked],
        "longest_route_holders": [str(p) for p in scores.longest_holders],
        "tie_breaks": list(scores.decided_by),
    }


def score_text(scores: Any, board: Any) -> str:
    lines = [scores.headline()]
    for x in sorted(scores.scores, key=lambda x: -(x.total or 0)):
        total = "?" if x.total is None else str(x.total)
        lines.append(f"{x.player}: {total}")
        lines.append(f"  routes: {x.route_points} ({x.routes} route{'' if x.routes == 1 else 's'})")
        if x.tickets is None:
            lines.append("  tickets: not known")
        for t in x.tickets or ():
            sign = "+" if t.points >= 0 else ""
            done = "completed" if t.completed else "not completed"
            lines.append(f"  ticket {t.ticket.name} ({t.ticket.points}): {done} {sign}{t.points}")
        proven = "" if x.longest.proven else " (not proven)"
        path = "-".join(board.city_name(c) for c in x.longest.cities)
        lines.append(
            f"  longest route: {x.longest.length}{proven}"
            + (f" {path}" if path else "")
            + (f": +{x.bonus}" if x.bonus else "")
        )
    if len(scores.decided_by) > 1:
        lines.append("ties broken by " + ", ".join(scores.decided_by[1:]))
    return "\n".join(lines) + "\n"


def score_source(text: str, *, display: str, as_json: bool) -> str:
    from canaldsl.tickettoride.scoring import final_scores

    _, position, played = _scenario_after(text, display)
    scores = final_scores(position)
    if as_json:
        illegal = sum(1 for p in played if not p.verdict.legal)
        answer = score_json(scores, file=display, legal=len(played) - illegal, illegal=illegal)
        return json.dumps(answer, indent=2, ensure_ascii=False) + "\n"
    return score_text(scores, position.board)


def core_final_scores(checked: Any) -> CoreFinalScores:
    """The core's FinalScores of a checked scenario (``canaldsl.final_scores``)."""
    from canaldsl.tickettoride.evaluate import evaluate
    from canaldsl.tickettoride.scoring import final_scores

    if checked.position is None:
        raise CommandError(f"error: {checked.filename}: the file has no position to score")
    evaluation, _ = evaluate(checked)
    assert evaluation.final_state is not None
    scores = final_scores(evaluation.final_state)
    if scores.winners is None:
        raise CommandError(f"error: {checked.filename}: {scores.headline()}")
    ranked = sorted(scores.scores, key=lambda x: -(x.total or 0))
    winners = [str(w) for w in scores.winners]
    ranking = tuple(winners + [str(x.player) for x in ranked if str(x.player) not in winners])
    breakdown = {
        str(x.player): {
            "routes": x.route_points,
            "tickets": x.ticket_points or 0,
            "longest_route": x.bonus,
        }
        for x in ranked
    }
    totals = {str(x.player): x.total or 0 for x in ranked}
    return CoreFinalScores(checked.filename, totals, ranking, breakdown=breakdown)


# ------------------------------------------------------------------ solver commands


def _refuse(command: str, file: Path, output: str, error: CommandError) -> NoReturn:
    for line in error.lines:
        click.echo(line, err=True)
    if output == "json":
        message = "\n".join(error.lines)
        diagnostics: Sequence[Diagnostic] = error.diagnostics
        answer = error_json(command, display_name(file), message, diagnostics)
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
    sys.exit(error.status)


def _load(command: str, file: Path, output: str) -> tuple[Any, Any]:
    from canaldsl.sources import read_source

    text, problems = read_source(file)
    if text is None:
        error = CommandError(*(d.render() for d in problems), diagnostics=problems)
        _refuse(command, file, output, error)
    try:
        scenario, position, _ = _scenario_after(text, display_name(file))
    except CommandError as error:
        _refuse(command, file, output, error)
    return scenario, position


def _player(command: str, file: Path, output: str, position: Any, colour: str | None) -> Any:
    from canaldsl.tickettoride.colours import ColourError, parse_player

    if colour is None:
        return position.to_move
    try:
        player = parse_player(colour)
    except ColourError as exc:
        _refuse(command, file, output, CommandError(f"error: {exc}"))
    if all(p.colour is not player for p in position.players):
        _refuse(command, file, output, CommandError(f"error: {player} does not play"))
    return player


def _emit(output: str, answer: dict[str, Any], text: str, proven: bool) -> NoReturn:
    if output == "json":
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
    else:
        click.echo(text)
    sys.exit(ExitCode.OK if proven else ExitCode.FAILED)


@click.command("longest-route")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_ENGINE
@_BUDGET
def longest_route_command(file: Path, output: str, engine: str, budget: float | None) -> None:
    """Every player's longest continuous route after FILE's turns (a trail: a city may be
    passed twice, a track never), and who holds the 10-point bonus."""
    from canaldsl.tickettoride.longest import Method, longest_routes

    _, position = _load("longest-route", file, output)
    routes = longest_routes(position, method=Method(engine), budget=budget)
    board = position.board
    lines, players = [], []
    for colour, trail in routes.trails:
        path = "-".join(board.city_name(c) for c in trail.cities)
        proven = "" if trail.proven else f" (not proven; at most {trail.bound})"
        lines.append(f"{colour}: {trail.length}{proven}" + (f" {path}" if path else ""))
        players.append(
            {
                "player": str(colour),
                "length": trail.length,
                "proven": trail.proven,
                "cities": [board.city_name(c) for c in trail.cities],
                "tracks": [board.track_label(t) for t in trail.tracks],
            }
        )
    holders = [str(h) for h in routes.holders]
    unproven = "" if routes.proven else " (not proven: a trail search spent its budget)"
    lines.insert(0, f"longest route: {', '.join(holders) or 'nobody'} (+10){unproven}")
    answer = {
        "schema": tag("longest-route"),
        "file": display_name(file),
        "engine": engine,
        "holders": holders,
        "players": players,
        "proven": routes.proven,
    }
    _emit(output, answer, "\n".join(lines), routes.proven)


@click.command("fewest-trains")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "colour", default=None, help="Whose tickets (default: whose turn).")
@click.option(
    "--ticket",
    "tickets",
    multiple=True,
    help="A ticket (A-B; repeat for several); default: the player's incomplete tickets.",
)
@click.option("--limit", type=int, default=None, help="Trains available (default: trains left).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_ENGINE
@_BUDGET
def fewest_trains_command(
    file: Path,
    colour: str | None,
    tickets: tuple[str, ...],
    limit: int | None,
    output: str,
    engine: str,
    budget: float | None,
) -> None:
    """The fewest trains (and cards by colour) to complete tickets at once with the routes
    still open to the player: a Steiner forest, proven by both engines."""
    from canaldsl.tickettoride.board import BoardError
    from canaldsl.tickettoride.forest import Status
    from canaldsl.tickettoride.longest import Method
    from canaldsl.tickettoride.tickets import fewest_trains, ticket_states

    _, position = _load("fewest-trains", file, output)
    player = _player("fewest-trains", file, output, position, colour)
    board = position.board
    try:
        wanted = [board.ticket(t) for t in tickets]
    except BoardError as exc:
        _refuse("fewest-trains", file, output, CommandError(f"error: {exc}"))
    if not wanted:
        states = ticket_states(position, player)
        if states is None:
            _refuse(
                "fewest-trains",
                file,
                output,
                CommandError(f"error: {player}'s tickets are not known: give --ticket A-B"),
            )
        wanted = [x.ticket for x in states if not x.completed]
    plan = fewest_trains(
        position, player, wanted, limit=limit, method=Method(engine), budget=budget
    )
    text = f"{player}, {', '.join(t.name for t in wanted) or 'no ticket'}: {plan.describe(board)}"
    answer = {
        "schema": tag("fewest-trains"),
        "file": display_name(file),
        "engine": engine,
        "player": str(player),
        "tickets": [str(t) for t in wanted],
        "status": plan.status.value,
        "trains": plan.trains,
        "limit": plan.limit,
        "tracks": [board.track_label(t) for t in plan.tracks],
        "cards": {str(c): n for c, n in plan.cards},
        "grey": list(plan.grey),
        "proven": plan.proven,
    }
    _emit(output, answer, text, plan.status is not Status.UNKNOWN)


@click.command("best-claim")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "colour", default=None, help="Whose hand (default: whose turn).")
@click.option("--all", "show_all", is_flag=True, help="List every legal claim.")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_ENGINE
@_BUDGET
def best_claim_command(
    file: Path, colour: str | None, show_all: bool, output: str, engine: str, budget: float | None
) -> None:
    """The claim scoring most this turn with the player's hand: the route's points plus the
    values of the player's known tickets it completes (incomplete before, complete after).
    Ties: fewest locomotives, then the lowest track. The search lists every claim (a finite
    enumeration: no budget needed); --budget bounds CP-SAT."""
    from canaldsl.tickettoride.claims import (
        HandUnknownError,
        best_claim,
        best_claim_cpsat,
        claim_options,
    )

    _, position = _load("best-claim", file, output)
    player = _player("best-claim", file, output, position, colour)
    board = position.board
    try:
        options = claim_options(position, player)
        best = best_claim(position, player)
        points: int | None = best.points if best is not None else 0
        proven = True
        if engine == "cp-sat":
            model = best_claim_cpsat(position, player, **({"budget": budget} if budget else {}))
            best, proven = model.option, model.proven
            points = model.points if model.points is not None else (0 if proven else None)
    except HandUnknownError as exc:
        _refuse("best-claim", file, output, CommandError(f"error: {exc}"))

    def described(option: Any) -> dict[str, Any]:
        return {
            "track": board.track_label(option.track),
            "cards": {str(c): n for c, n in option.cards.items()},
            "route_points": option.route_points,
            "completes": [str(t) for t in option.completes],
            "points": option.points,
        }

    if not proven:
        found = "" if best is None else f"; best found {board.track_label(best.track)}"
        text = f"{player}: not proven within the budget{found}"
    elif best is None:
        text = f"{player}: no legal claim"
    else:
        done = f", completes {', '.join(map(str, best.completes))}" if best.completes else ""
        text = (
            f"{player}: {board.track_label(best.track)} with {best.cards}: "
            f"{best.points} points{done} ({len(options)} legal claims)"
        )
    if show_all:
        text += "\n" + "\n".join(
            f"  {board.track_label(o.track)} with {o.cards}: {o.points}" for o in options
        )
    answer = {
        "schema": tag("best-claim"),
        "file": display_name(file),
        "engine": engine,
        "player": str(player),
        "best": None if best is None else described(best),
        "points": points,
        "claims": len(options),
        "options": [described(o) for o in options] if show_all else None,
        "proven": proven,
    }
    _emit(output, answer, text, proven)


@click.command("last-turns")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_ENGINE
@_BUDGET
def last_turns_command(file: Path, output: str, engine: str, budget: float | None) -> None:
    """Final scores when every player still to play takes their best last turn (the claim
    that raises their own final total most, on the position the earlier ones leave)."""
    from canaldsl.tickettoride.lastturn import best_last_turns
    from canaldsl.tickettoride.longest import Method

    _, position = _load("last-turns", file, output)
    board = position.board
    result = best_last_turns(position, method=Method(engine), budget=budget)
    lines = []
    for turn in result.turns:
        if not turn.known:
            lines.append(f"{turn.player}: not known ({turn.reason})")
        elif turn.claim is None:
            lines.append(f"{turn.player}: no claim raises the total ({turn.total_before})")
        else:
            lines.append(
                f"{turn.player}: {board.track_label(turn.claim.track)} with {turn.claim.cards}: "
                f"{turn.total_before} -> {turn.total_after}"
            )
    if result.scores is not None:
        lines.insert(0, result.scores.headline())
    if not result.proven:
        lines.insert(0, "not proven: a longest-route search spent its budget")
    answer = {
        "schema": tag("last-turns"),
        "file": display_name(file),
        "engine": engine,
        "turns": [
            {
                "player": str(t.player),
                "claim": None if t.claim is None else board.track_label(t.claim.track),
                "total_before": t.total_before,
                "total_after": t.total_after,
                "known": t.known,
            }
            for t in result.turns
        ],
        "scores": None if result.scores is None else result.scores.to_json(),
        "proven": result.proven,
    }
    _emit(output, answer, "\n".join(lines), result.scores is not None and result.proven)


COMMANDS = (
    longest_route_command,
    fewest_trains_command,
    best_claim_command,
    last_turns_command,
)
