"""The final deliveries as written: each player's written moves checked in turn.

A file may give the final deliveries as played at the table (a ``final deliveries`` block).
Rule ``end.final-deliveries`` has the players move one cube each, round after round, in the
order of their engineers; a player who cannot move passes. Each player's written moves are
their moves in that order: the first written move of black is black's first final move, and so
on. A written move must be one of the legal moves then (:func:`canaldsl.canalmania.delivery.
deliveries`); a written pass is allowed only when no cube can be moved. canaldsl chooses
(each player's best-scoring move) only where the file says nothing, or in place of a written
move the rules refuse, which is reported with its rule, line and column.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import pairwise

from canaldsl.canalmania import checks_end as end_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.actions_goods import GoodsActions, choose_section
from canaldsl.canalmania.delivery import Delivery
from canaldsl.canalmania.state import GameState
from canaldsl.diagnostics import Span
from canaldsl.rules import rule_id
from canaldsl.verdicts import Violation

FILE = "file"
"""A final move written in the file."""

CANALDSL = "engine"
"""A final move chosen by canaldsl's engine: the player's best-scoring move (JSON says
``engine``, as it did before files could write their final deliveries)."""


@dataclass(frozen=True)
class FinalMove:
    """One player's final move (``delivery`` None: a written pass), who chose it, and where
    the file wrote it (None when the file left it out). ``replaces`` is True when canaldsl
    chose it in place of a written move the rules refuse."""

    colour: str
    delivery: Delivery | None
    chosen_by: str
    span: Span | None = None
    replaces: bool = False

    @property
    def route_text(self) -> str:
        return "pass" if self.delivery is None else " > ".join(self.delivery.route)


def route_words(delivery: Delivery) -> str:
    return " > ".join(delivery.route)


class WrittenMoves:
    """The written final moves, handed out player by player as their turns come."""

    def __init__(self, written: s.FinalDeliveriesDecl | None) -> None:
        self.queues: dict[str, deque[s.FinalMove]] = {}
        for move in written.moves if written is not None else ():
            self.queues.setdefault(move.player.text, deque()).append(move)
        self.moves: list[FinalMove] = []
        self.violations: list[Violation] = []
        self.rule = rule_id(end_rules.delivery_order)

    def turn(
        self,
        state: GameState,
        colour: str,
        legal: tuple[Delivery, ...],
        best: Delivery | None,
    ) -> Delivery | None:
        """``colour``'s final move now: their next written move when it is legal (``legal``
        are every legal move, ``best`` canaldsl's choice among them), else ``best``."""
        queue = self.queues.get(colour)
        written = queue.popleft() if queue else None
        if written is None:
            if best is not None:
                self.moves.append(FinalMove(colour, best, CANALDSL))
            return best
        if written.is_pass:
            if best is None:
                self.moves.append(FinalMove(colour, None, FILE, written.span))
                return None
            self.violations.append(
                Violation(
                    self.rule,
                    f"{colour} passes, but can move a cube (for example {route_words(best)}): "
                    "a player passes only when no cube can be moved",
                    written.span,
                )
            )
        else:
            found = matching(state, colour, written, legal)
            if found is not None:
                self.moves.append(FinalMove(colour, found, FILE, written.span))
                return found
            self.violations.extend(why_refused(state, colour, written, self.rule))
        if best is not None:
            self.moves.append(FinalMove(colour, best, CANALDSL, written.span, replaces=True))
        return best

    def finish(self) -> None:
        """Written moves left once no cube can be moved: each is refused."""
        left = sorted(
            (move for queue in self.queues.values() for move in queue),
            key=lambda m: (m.span.line, m.span.column),
        )
        for move in left:
            what = "passes" if move.is_pass else "moves a cube"
            self.violations.append(
                Violation(
                    self.rule,
                    f"{move.player.text} {what} after the final deliveries are over: no cube "
                    "can be moved by then",
                    move.span,
                )
            )
        self.queues.clear()


def _legs(written: s.FinalMove) -> tuple[mv.Leg, ...]:
    return tuple(
        mv.Leg(
            mv.Named(leg.place.text, leg.place.text, leg.place.span),
            None if leg.owner is None else mv.Named(leg.owner.text, leg.owner.text, leg.owner.span),
        )
        for leg in written.legs
    )


def matching(
    state: GameState, colour: str, written: s.FinalMove, legal: tuple[Delivery, ...]
) -> Delivery | None:
    """The legal move the written one is: the same places in order and, where a leg names
    whose section it used, that owner. Where parallel sections leave a choice, the sections
    a ``move cube`` would use (the mover's own first); else the best-scoring."""
    route = tuple(leg.place.text for leg in written.legs)
    wanted = tuple(leg.owner.text if leg.owner else None for leg in written.legs[1:])
    found = [d for d in legal if d.route == route and _owners_fit(wanted, d.owners)]
    if not found:
        return None
    sections = state.sections()
    preferred = tuple(
        section.owner if section is not None else None
        for section in (
            choose_section(sections, a, b, w, colour, state)
            for (a, b), w in zip(pairwise(route), wanted, strict=True)
        )
    )
    for d in found:
        if d.owners == preferred:
            return d
    return min(found, key=lambda d: (-d.points_for(colour), d.owners))


def _owners_fit(wanted: tuple[str | None, ...], owners: tuple[str, ...]) -> bool:
    return all(w is None or w == o for w, o in zip(wanted, owners, strict=True))


def why_refused(state: GameState, colour: str, written: s.FinalMove, rule: str) -> list[Violation]:
    """Why a written move is none of the legal moves: the goods rules it breaks, as the
    engine judges a ``move cube`` (each at its place), else the final-deliveries rule."""
    span = written.span
    context = GoodsActions(
        state=state.copy(),
        turn=mv.Turn(player=mv.Named(colour, colour, written.player.span), items=(), span=span),
    )
    context.move(mv.MoveCube(span, _legs(written)))
    broken = list(context.referee.violations)
    if broken:
        return broken
    route = " > ".join(leg.place.text for leg in written.legs)
    return [Violation(rule, f"{route} is not one of {colour}'s legal final moves", span)]
