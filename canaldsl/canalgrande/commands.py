"""Canal Grande's own commands: ``vote``, ``best-split`` and ``can-win``.

Each reads a file, plays its turns and votes, and asks the solver about the position after
them. Exit status: 0 when the answer is proven, 1 when the node budget was spent first
(S701/S702/S704: never a guess), 2 when the question cannot be asked (errors in the file, a
hand or deck not known). Budgets are node counts: the same answer on every machine.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from canaldsl.canalgrande import codes
from canaldsl.jsonschemas import error_json, tag
from canaldsl.sources import display_name
from canaldsl.statuses import ExitCode

_FORMAT = click.Choice(["text", "json"])
_NODES = click.option(
    "--nodes",
    type=click.IntRange(1),
    default=None,
    help="The search's work budget in nodes (default: the solver's; the same answer on "
    "every machine). Past it the answer is S701/S702/S704, exit status 1.",
)
LIMIT_CODES = (codes.VOTE_LIMIT, codes.SPLIT_LIMIT, codes.WIN_LIMIT)


def _refuse(command: str, file: Path, output: str, lines: tuple[str, ...], code: str) -> NoReturn:
    for line in lines:
        click.echo(line, err=True)
    if output == "json":
        click.echo(json.dumps(error_json(command, display_name(file), lines[0]), indent=2))
    sys.exit(ExitCode.FAILED if code in LIMIT_CODES else ExitCode.ERROR)


def _position(command: str, file: Path, output: str) -> tuple[Any, Any]:
    """The scenario and the position after the file's turns (exit 2 with why, if none). A
    file written for another game never gets here: the command line refuses it first
    (``canaldsl.cli``, for every game's own commands)."""
    from canaldsl.canalgrande.drawing import checked
    from canaldsl.games import CommandError

    try:
        scenario, result, _ = checked(file)
    except CommandError as error:
        _refuse(command, file, output, error.lines, "")
    return scenario, result.final


def _emit(output: str, answer: dict[str, Any], lines: list[str]) -> None:
    if output == "json":
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(lines))


@click.command("vote")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "owner", required=True, help="Whose doge calls the vote.")
@click.option("--on", "district", default=None, help="The district (default: the best one).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_NODES
def vote_command(
    file: Path, owner: str, district: str | None, output: str, nodes: int | None
) -> None:
    """Solve the vote OWNER's doge calls after FILE's turns, both hands known: who wins with
    best play, the fewest cards the winner needs, and a winning line."""
    from canaldsl.canalgrande.cards import UnknownNameError, district_named
    from canaldsl.canalgrande.queries import QueryProblem, _rename, line_text, vote_answer

    scenario, position = _position("vote", file, output)
    try:
        chosen = district_named(district) if district is not None else None
        answer, challenger, defender = vote_answer(
            position, owner, chosen, scenario.readings, nodes
        )
    except UnknownNameError as exc:
        _refuse("vote", file, output, (f"error: {exc}",), "")
    except QueryProblem as exc:
        _refuse(
            "vote",
            file,
            output,
            (f"error[{exc.code}]: {exc.message}", f"help: {exc.hint}"),
            exc.code,
        )
    winner = challenger if answer.winner == "challenger" else defender
    line = line_text(_rename(answer.line, (challenger, defender)))
    by_district = [
        {"district": str(d), "winner": challenger if w == "challenger" else defender, "cards": c}
        for d, w, c in answer.by_district
    ]
    result = {
        "schema": tag("vote"),
        "file": display_name(file),
        "challenger": challenger,
        "defender": defender,
        "district": str(answer.district),
        "winner": winner,
        "cards": answer.cards,
        "line": line,
        "by_district": by_district,
        "nodes": answer.nodes,
    }
    lines = [
        f"{display_name(file)}: {winner} wins the vote over {answer.district} "
        f"({challenger} challenges, {defender} defends), putting down {answer.cards} card(s) "
        "at fewest",
        f"best line: {line}",
        *(f"  over {d['district']}: {d['winner']} wins, {d['cards']} card(s)" for d in by_district),
        f"proof: exact game-tree search, {answer.nodes} nodes",
    ]
    _emit(output, result, lines)


@click.command("best-split")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--objective", type=click.Choice(["prizes", "numbers"]), default="prizes",
    help="prizes: prizes won this turn, then the number race; numbers: the race alone.",
)  # fmt: skip
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_NODES
def best_split_command(file: Path, objective: str, output: str, nodes: int | None) -> None:
    """The splitter's best split of the cards turned up after FILE's turns, against a chooser
    who answers optimally, with the proof table of every split."""
    from canaldsl.canalgrande.queries import QueryProblem, split_answer, split_table

    scenario, position = _position("best-split", file, output)
    try:
        answer = split_answer(position, objective, scenario.readings, nodes)
    except QueryProblem as exc:
        _refuse(
            "best-split",
            file,
            output,
            (f"error[{exc.code}]: {exc.message}", f"help: {exc.hint}"),
            exc.code,
        )
    splits = [
        {
            "offers": [line.offers[0].describe(), line.offers[1].describe()],
            "reply": line.reply + 1,
            "prizes": line.value.prizes,
            "numbers": line.value.numbers,
            "exact": line.exact,
        }
        for line in answer.splits
    ]
    best = answer.best
    result = {
        "schema": tag("best-split"),
        "file": display_name(file),
        "splitter": position.name(position.splitter),
        "objective": objective,
        "best": {
            "offers": [best.offers[0].describe(), best.offers[1].describe()],
            "reply": best.reply + 1,
            "prizes": best.value.prizes,
            "numbers": best.value.numbers,
        },
        "splits": splits,
        "nodes": answer.nodes,
    }
    lines = [f"{display_name(file)}: {position.name(position.splitter)} splits", *answer.describe()]
    lines += ["proof table (each split, the chooser's best reply):", *split_table(answer)]
    _emit(output, result, lines)


@click.command("can-win")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "player", required=True, help="The player who wants to win.")
@click.option("--turns", type=click.IntRange(1, 4), default=1, help="Turns ahead (1 to 4).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@_NODES
def can_win_command(file: Path, player: str, turns: int, output: str, nodes: int | None) -> None:
    """Whether PLAYER can force a win within N turns after FILE's turns (every card known):
    yes, no, or undecided (when it depends on cards not known, such as a reshuffle)."""
    from canaldsl.canalgrande.queries import QueryProblem, win_answer

    scenario, position = _position("can-win", file, output)
    try:
        answer = win_answer(position, player, turns, scenario.readings, nodes)
    except QueryProblem as exc:
        _refuse(
            "can-win",
            file,
            output,
            (f"error[{exc.code}]: {exc.message}", f"help: {exc.hint}"),
            exc.code,
        )
    split = None
    if answer.split is not None:
        split = [answer.split[0].describe(), answer.split[1].describe()]
    result = {
        "schema": tag("can-win"),
        "file": display_name(file),
        "player": player,
        "turns": turns,
        "outcome": answer.outcome.value,
        "split": split,
        "nodes": answer.nodes,
    }
    _emit(output, result, [f"{display_name(file)}: {answer.describe()}"])


COMMANDS = (vote_command, best_split_command, can_win_command)
