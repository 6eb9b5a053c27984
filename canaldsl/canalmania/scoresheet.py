"""Final scoring shown: the headline answer, each player's points by source, the ties broken
and the final deliveries, as text lines, one summary line, and JSON."""

from __future__ import annotations

from typing import Any

from canaldsl.canalmania.final import FinalResult, PlayerPoints

SOURCES = (
    ("in_play", "in play"),
    ("incomplete_canals", "incomplete canals"),
    ("final_goods", "final goods"),
    ("prolific_bonus", "prolific-builder bonus"),
)
"""The sources of final points, by field of :class:`PlayerPoints` and in words."""

DELIVERIES_NOTE = "chosen by the engine: each player's best-scoring move, in engineer order"
"""How the final deliveries were chosen (rule ``end.final-deliveries``)."""


def headline(final: FinalResult) -> str:
    """The answer first: ``white wins 70-68-63`` (scores in ranking order)."""
    if final.winner is None:
        return "no players"
    scores = "-".join(str(final.scores[c]) for c in final.ranking)
    return f"{final.winner} wins {scores}"


def _parts(entry: PlayerPoints) -> list[str]:
    return [f"{words} {getattr(entry, field)}" for field, words in SOURCES if getattr(entry, field)]


def summary(final: FinalResult) -> str:
    """One line: the headline, each player's total with its non-zero sources, the ties."""
    players = "; ".join(
        f"{e.colour} {e.total} ({', '.join(_parts(e)) or 'nothing'})" for e in final.points
    )
    ties = "".join(f"; tie-break: {t}" for t in final.tie_breaks)
    return f"{headline(final)}: {players}{ties}"


def text_lines(final: FinalResult) -> list[str]:
    """The breakdown for people: headline, one line per player (the sources no player scored
    from left out), tie-breaks, deliveries."""
    width = max((len(e.colour) for e in final.points), default=0)
    lines = [headline(final)]
    shown = [
        (f, w) for f, w in SOURCES if f == "in_play" or any(getattr(e, f) for e in final.points)
    ]
    for rank, entry in enumerate(final.points, start=1):
        sources = " + ".join(f"{getattr(entry, f)} {w}" for f, w in shown)
        lines.append(f"  {rank}. {entry.colour:<{width}} {entry.total:>3} = {sources}")
    lines.extend(f"  tie-break: {t}" for t in final.tie_breaks)
    if final.deliveries:
        lines.append(f"final deliveries ({DELIVERIES_NOTE}):")
        for colour, delivery in final.deliveries:
            points = ", ".join(f"{c} {n}" for c, n in delivery.points if n) or "no points"
            lines.append(f"  {colour}: {' > '.join(delivery.route)} ({points})")
    else:
        lines.append("final deliveries: none (no goods cube can be moved)")
    return lines


def to_json(final: FinalResult) -> dict[str, Any]:
    """The breakdown for programs."""
    return {
        "headline": headline(final),
        "winner": final.winner,
        "ranking": list(final.ranking),
        "scores": dict(final.scores),
        "breakdown": [
            {"player": e.colour, "total": e.total, **{f: getattr(e, f) for f, _ in SOURCES}}
            for e in final.points
        ],
        "tie_breaks": list(final.tie_breaks),
        "final_deliveries": {
            "chosen_by": "engine",
            "moves": [
                {
                    "player": colour,
                    "route": list(d.route),
                    "points": {c: n for c, n in d.points if n},
                }
                for colour, d in final.deliveries
            ],
        },
    }
