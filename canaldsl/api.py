"""The Python API every game shares: a text or file in, the game's checked file out.

Game-independent: the game is the one the text's ``rules`` statement names
(:mod:`canaldsl.games`). Both functions raise :class:`~canaldsl.diagnostics.SourceError` (a
``ValueError``) carrying every diagnostic when the input has an error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from canaldsl.checking import source_and_game
from canaldsl.diagnostics import SourceError
from canaldsl.games import game_of_text
from canaldsl.sources import display_name


def parse(text: str, *, filename: str | None = None) -> Any:
    """The checked file a text describes (Canal Mania: a ``Scenario``)."""
    name = filename or "<string>"
    game, diagnostics = game_of_text(text, filename=name)
    if game is None:
        raise SourceError(diagnostics, source=text)
    return game.parse_source(text, filename=name, path=None)


def load(path: str | Path) -> Any:
    """The checked file at ``path`` (Canal Mania: a ``Scenario``)."""
    path = Path(path)
    name = display_name(path)
    text, game, diagnostics = source_and_game(path, display=name)
    if text is None or game is None:
        raise SourceError(diagnostics, source=text)
    return game.parse_source(text, filename=name, path=path)
