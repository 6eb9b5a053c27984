"""``canaldsl crosscheck [DIR]``: the rulebooks' worked examples against the rules engine.

Game-independent: the game whose examples are played is the one whose name is a folder of
DIR's path (``scenarios/canalmania``), else the default game, Canal Mania. Exit status: 0 when
the report is made and every example agrees with its rulebook or is marked ``known-error``; 1
when an example disagrees without that mark, or a marked error no longer shows; 2 when the
folder is missing or a rulebook example cannot be understood.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from canaldsl.games import CommandError, Game, all_games, default_game


def game_of_folder(folder: Path | None) -> Game:
    """The game named by a folder of ``folder``'s path, else the default game."""
    if folder is not None:
        parts = {*folder.parts, folder.resolve().name}
        for game in all_games():
            if game.name in parts:
                return game
    return default_game()


@click.command("crosscheck")
@click.argument(
    "folder",
    required=False,
    type=click.Path(file_okay=False, path_type=Path),
)
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    help="Output format (markdown: a report a translator can read without the tool).",
)
def crosscheck_command(folder: Path | None, output: str) -> None:
    """Play every rulebook example in FOLDER under its translation's rules and compare the
    translations (default: the examples shipped with canaldsl)."""
    try:
        text, status = game_of_folder(folder).crosscheck(folder, output=output)
    except CommandError as error:
        for line in error.lines:
            click.echo(line, err=True)
        sys.exit(error.status)
    click.echo(text, nl=False)
    sys.exit(status)
