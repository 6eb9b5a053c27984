"""Bad input never gives a traceback: random damage to every Canal Grande file (characters
deleted, duplicated, swapped, words replaced by others of the language) is checked, formatted
and played; each run ends in diagnostics or verdicts, never an exception."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest

from canaldsl.canalgrande.gameobject import GAME
from canaldsl.games import CommandError

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    [
        *(ROOT / "examples" / "canalgrande").glob("*.canal"),
        *(ROOT / "scenarios" / "canalgrande").rglob("*.canal"),
    ]
)
WORDS = [
    "San Marco", "gondola", "spy", "traitor", "doge", "unknown", "none", "0", "99", "4", "[", "]",
    "{", "}", ",", ":", "vote", "plays", "passes", "by", "on", "turn", "takes", "offer",
    "round end", "draws", "steals", "expect", "query", "winner", "Nobody", "Cannareggio",
    "option", "number cards", "3 unknown", "Sàn Pòlo", "\t", "\n", "#", '"',
]  # fmt: skip


def _damage(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        at = rng.randrange(len(chars))
        roll = rng.random()
        if roll < 0.3:
            del chars[at]
        elif roll < 0.5:
            chars.insert(at, chars[at])
        elif roll < 0.6 and at + 1 < len(chars):
            chars[at], chars[at + 1] = chars[at + 1], chars[at]
        else:
            chars.insert(at, " " + rng.choice(WORDS) + " ")
    return "".join(chars)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_damaged_files_give_diagnostics_never_an_exception(path: Path) -> None:
    rng = random.Random(path.name)
    text = path.read_text(encoding="utf-8")
    for _ in range(25):
        damaged = _damage(text, rng)
        report = GAME.check_source(damaged, path=path, display="fuzz.canal")
        for diagnostic in report.diagnostics:
            assert diagnostic.line >= 1 and diagnostic.column >= 1
            diagnostic.render()
        GAME.format_source(damaged, filename="fuzz.canal")
        with contextlib.suppress(CommandError):
            GAME.play_source(damaged, path=path, display="fuzz.canal")
