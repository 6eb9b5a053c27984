"""``canaldsl render --turn`` for Ticket to Ride: a file's turns drawn on the position before
them, as Canal Mania draws its turns.

``--turn N``: the position before the N-th turn, the track it claims as a band (green: legal;
dashed red: it breaks a rule), and in the legend its verdict: the cards drawn or paid, the
points, the trains left, or each rule broken with its line, column and why. ``--turn`` alone:
every turn on the position before the first, each claim numbered, each turn in the legend.
A turn that claims nothing (a draw of cards or tickets) has its verdict in the legend only.
"""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.tickettoride.board import Board, UnknownRouteError
from canaldsl.tickettoride.evaluate import Played
from canaldsl.tickettoride.formatter import statement_lines
from canaldsl.tickettoride.picture import TurnMark
from canaldsl.tickettoride.syntax import replace_comments
from canaldsl.tickettoride.turns import Claim


def claimed_tracks(board: Board, played: Played) -> tuple[int, ...]:
    """The tracks a turn claims: the one the referee took (legal), else the written route's
    track of the written colour, or every track of the route when no colour says which."""
    taken: list[int] = []
    if played.verdict.legal and played.verdict.report.track is not None:
        labels = {board.track_label(t.index): t.index for t in board.tracks}
        index = labels.get(played.verdict.report.track)
        if index is not None:
            return (index,)
    for action in played.event.turn.actions:
        if not isinstance(action, Claim):
            continue
        try:
            taken.append(board.track_of(action.route, action.colour))
        except UnknownRouteError:
            taken.extend(action.route.tracks)
        else:
            if action.colour is None:
                taken.extend(t for t in action.route.tracks if t not in taken)
    return tuple(dict.fromkeys(taken))


def verdict_lines(played: Played) -> tuple[str, ...]:
    """The legend's lines for a turn: what it did (legal), or what it tried and every rule
    it breaks, with where and why."""
    verdict = played.verdict
    if verdict.legal:
        return (verdict.report.summary(),)
    decl = played.event.decl
    written = statement_lines(replace_comments(decl))[0].strip()
    lines = [f"line {decl.span.line}: {written}"]
    for violation in verdict.violations:
        span = violation.span
        lines.append(
            f"breaks {violation.rule} (line {span.line}, column {span.column}): {violation.message}"
        )
    return tuple(lines)


def turn_marks(board: Board, played: Sequence[Played], *, numbered: bool) -> tuple[TurnMark, ...]:
    """A mark for each played turn (numbered from 1 in file order when ``numbered``)."""
    return tuple(
        TurnMark(
            number=p.event.number if numbered else None,
            player=p.event.turn.player,
            tracks=claimed_tracks(board, p),
            legal=p.verdict.legal,
            lines=verdict_lines(p),
        )
        for p in played
    )
