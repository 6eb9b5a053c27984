"""``canaldsl score`` and ``canaldsl.final_scores`` for Canal Grande.

The game has no points: it is won by the first player with a prize of every district or four
prizes of one district ("Fine del gioco"). The score sheet says who won (or that nobody has
yet) and each player's prizes by district; :func:`final_scores` answers only for a finished
game, each player's "score" being the number of prizes held, the winner first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from canaldsl.canalgrande.cards import District
from canaldsl.canalgrande.position import Position
from canaldsl.canalgrande.reading import Scenario
from canaldsl.games import CommandError
from canaldsl.verdicts import FinalScores


def _prizes(position: Position) -> dict[str, dict[str, int]]:
    return {p.name: {str(d): p.prizes[d] for d in District} for p in position.players}


def _final(scenario: Scenario) -> Position:
    from canaldsl.canalgrande.evaluate import evaluate
    from canaldsl.diagnostics import SourceText

    text = ""
    result = evaluate(scenario, SourceText(text, scenario.filename))
    if result.final is None:
        raise CommandError(f"error: {scenario.filename}: the file has no position to score")
    return result.final


def final_scores(checked: Any) -> FinalScores:
    """The finished game's result: prizes held, the winner first."""
    scenario: Scenario = checked
    position = _final(scenario)
    if position.winner is None:
        counts = ", ".join(f"{p.name} {len(p.prizes)}" for p in position.players)
        raise CommandError(
            f"error: {scenario.filename}: nobody has won yet (prizes held: {counts}); the game "
            "is won by a prize of every district or four prizes of one district"
        )
    scores = {p.name: len(p.prizes) for p in position.players}
    winner = position.name(position.winner)
    ranking = (winner, position.name(1 - position.winner))
    return FinalScores(scenario.filename, scores, ranking, breakdown=_prizes(position))


def _headline(display: str, position: Position, winner: str | None) -> str:
    return f"{display}: " + (f"{winner} has won the game" if winner else "nobody has won yet")


def score_sheet(text: str, *, display: str, as_json: bool) -> str:
    from canaldsl.canalgrande.loading import check_text

    scenario, diagnostics = check_text(text, filename=display)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        raise CommandError(*(d.render() for d in errors), diagnostics=errors)
    position = _final(scenario)
    winner = position.name(position.winner) if position.winner is not None else None
    if as_json:
        from canaldsl.jsonschemas import tag

        scores = {p.name: len(p.prizes) for p in position.players}
        ranking = sorted(scores, key=lambda name: (name != winner, -scores[name]))
        answer = {
            "schema": tag("score"),
            "file": display,
            "game": "canalgrande",
            "headline": _headline(display, position, winner),
            "winner": winner,
            "ranking": ranking,
            "scores": scores,
            "prizes": _prizes(position),
        }
        return json.dumps(answer, indent=2, ensure_ascii=False)
    lines = [_headline(display, position, winner)]
    for player in position.players:
        held = ", ".join(f"{n} {d}" for d, n in player.prizes.items()) or "no prizes"
        lines.append(f"  {player.name}: {held}; number total {player.total}")
    return "\n".join(lines) + "\n"


__all__ = ["Path", "final_scores", "score_sheet"]
