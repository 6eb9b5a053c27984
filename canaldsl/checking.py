"""Checking one file, whatever its game: read it, find its game, let the game judge it.

Game-independent. Nothing here raises for a bad file: a file that cannot be read, or whose
``rules`` statement names no game's rules, gets a report of status ``error`` with the
diagnostics saying why.
"""

from __future__ import annotations

from pathlib import Path

from canaldsl.diagnostics import Diagnostic
from canaldsl.games import Game, default_game, game_of_text
from canaldsl.sources import display_name, is_stdin, read_source
from canaldsl.statuses import Status
from canaldsl.verdicts import FileReport


def source_and_game(
    path: Path, *, display: str
) -> tuple[str | None, Game | None, list[Diagnostic]]:
    """A file's text and game, or the diagnostics saying why there is none."""
    display = display_name(path, display)
    text, diagnostics = read_source(path, display=display)
    if text is None:
        return None, None, diagnostics
    game, diagnostics = game_of_text(text, filename=display)
    return text, game, diagnostics


def check_file(path: str | Path, *, display: str | None = None) -> FileReport:
    """Check one file: read, find its game, parse, analyse, play its turns, judge its
    expectations and queries."""
    path = Path(path)
    name = display_name(path, display)
    text, game, diagnostics = source_and_game(path, display=name)
    if text is None or game is None:
        fields = (game or default_game()).report_fields
        return FileReport(
            file=name,
            status=Status.ERROR,
            diagnostics=tuple(diagnostics),
            facts=dict.fromkeys(fields),
            turn_outcomes=(),
        )
    return game.check_source(text, path=path, display=name)


def game_of_name_or_file(name: str) -> Game:
    """The game of a command's argument: a built-in board's name, or a file (the default
    game when the file cannot be read: it then says why itself). CommandError (showing the
    diagnostic) when the file's ``rules`` statement names no game's rules."""
    from canaldsl.games import CommandError, all_games

    path = Path(name)
    if not path.exists() and not is_stdin(name):
        for game in all_games():
            if name in game.board_names():
                return game
        return default_game()
    text, found, diagnostics = source_and_game(path, display=display_name(name))
    if text is None:
        return default_game()
    if found is None:
        raise CommandError(*(d.render() for d in diagnostics))
    return found
