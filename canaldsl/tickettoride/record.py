"""A whole game record: turns played one after the other from a position, to final scores.

Each turn is judged on the position left by the turns before it; an illegal turn is reported
and changes nothing (the next turn may be another attempt at the same turn).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from canaldsl.tickettoride.engine import play
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.scoring import FinalScores, final_scores
from canaldsl.tickettoride.turns import Turn
from canaldsl.tickettoride.verdict import Verdict


@dataclass(frozen=True)
class Replay:
    """The verdict on every turn, the final position and its final scores."""

    verdicts: tuple[Verdict, ...]
    final: Position
    scores: FinalScores

    @property
    def illegal(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.legal)


def replay(start: Position, turns: Iterable[Turn]) -> Replay:
    """Play ``turns`` from ``start`` and score the position they lead to."""
    position = start
    verdicts: list[Verdict] = []
    for turn in turns:
        verdict = play(position, turn)
        verdicts.append(verdict)
        position = verdict.after
    return Replay(tuple(verdicts), position, final_scores(position))
