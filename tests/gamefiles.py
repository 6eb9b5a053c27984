"""Which game a repository .canal file is written for, for tests that are about one game's
language (Canal Mania's formatter and pictures) and must skip the other games' files."""

from __future__ import annotations

from pathlib import Path

from canaldsl.games import DEFAULT_GAME, game_of_text


def game_name(path: Path) -> str:
    """The name of the game ``path`` is written for (the default game when it names none)."""
    game, _ = game_of_text(path.read_text(encoding="utf-8"), filename=str(path))
    return game.name if game is not None else DEFAULT_GAME


def is_canal_mania(path: Path) -> bool:
    return game_name(path) == "canalmania"
