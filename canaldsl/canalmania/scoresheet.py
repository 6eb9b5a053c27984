"""Final scoring shown: the headline answer, each player's points by source, the ties broken
and the final deliveries, as text lines, one summary line, and JSON."""

from __future__ import annotations

from typing import Any

from canaldsl.canalmania.final import FinalResult, PlayerPoints
from canaldsl.canalmania.finalmoves import CANALDSL, FinalMove

SOURCES = (
    ("in_play", "in play"),
    ("incomplete_canals", "incomplete canals"),
    ("final_goods", "final goods"),
    ("prolific_bonus", "prolific-builder bonus"),
)
"""The sources of final points, by field of :class:`PlayerPoints` and in words."""

DELIVERIES_NOTE = "chosen by canaldsl: each player's best-scoring move, in engineer order"
"""How the final deliveries were chosen when the file writes none (rule
``end.final-deliveries``)."""

WRITTEN_NOTE = "as written, in engineer order"
"""The final deliveries when the file writes them (each move canaldsl chose is marked)."""


def chosen_by(final: FinalResult) -> str:
    """Who chose the final deliveries (JSON): ``file`` (every move written), ``engine``
    (none written: canaldsl chose them all) or ``mixed``."""
    if not final.written:
        return CANALDSL
    if all(m.chosen_by != CANALDSL for m in final.moves):
        return "file"
    return "mixed"


def move_line(move: FinalMove) -> str:
    """One final move for people: ``black: Leicester > Nottingham (black 3)``, marked when
    canaldsl chose it in a file that writes its deliveries."""
    if move.delivery is None:
        return f"{move.colour}: pass"
    points = ", ".join(f"{c} {n}" for c, n in move.delivery.points if n) or "no points"
    return f"{move.colour}: {move.route_text} ({points})"


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
    return f"{headline(final)}: {players}{ties}; {deliveries_said(final)}"


def deliveries_said(final: FinalResult) -> str:
    """Who chose the final deliveries, in a phrase: every move canaldsl chose is named."""
    if not final.written:
        return "final deliveries chosen by canaldsl" if final.moves else "no final deliveries"
    chosen = [m for m in final.moves if m.chosen_by == CANALDSL]
    written = len(final.moves) - len(chosen)
    said = f"final deliveries: {written} as written"
    if chosen:
        moves = ", ".join(f"{m.colour} {m.route_text}" for m in chosen)
        said += f", {len(chosen)} chosen by canaldsl ({moves})"
    if final.violations:
        said += f", {len(final.violations)} written move(s) illegal"
    return said


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
    if final.written:
        lines.append(f"final deliveries ({WRITTEN_NOTE}):")
        for move in final.moves:
            lines.append(f"  {move_line(move)}{_mark(move)}")
        if not final.moves:
            lines.append("  none (no goods cube can be moved)")
        lines.extend(
            f"  illegal: {v.message} ({v.rule}, line {v.span.line}, column {v.span.column})"
            for v in final.violations
        )
    elif final.deliveries:
        lines.append(f"final deliveries ({DELIVERIES_NOTE}):")
        lines.extend(f"  {move_line(move)}" for move in final.moves)
    else:
        lines.append("final deliveries: none (no goods cube can be moved)")
    return lines


def _mark(move: FinalMove) -> str:
    if move.chosen_by != CANALDSL:
        return ""
    if move.replaces and move.span is not None:
        return f"  [chosen by canaldsl in place of the illegal move of line {move.span.line}]"
    return "  [chosen by canaldsl: not written]"


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
            "chosen_by": chosen_by(final),
            "moves": [_move_json(move) for move in final.moves],
            "violations": [v.to_json() for v in final.violations],
        },
    }


def _move_json(move: FinalMove) -> dict[str, Any]:
    d = move.delivery
    return {
        "player": move.colour,
        "route": list(d.route) if d is not None else None,
        "points": {c: n for c, n in d.points if n} if d is not None else {},
        "chosen_by": move.chosen_by,
        "line": move.span.line if move.span is not None else None,
        "replaces_illegal": move.replaces,
    }
