"""What a picture draws on top of a position: a proposed turn, or a solver's answer.

An :class:`Overlay` lists the tiles a turn (or a best build) puts down, in order, each with
the hex it continues from, the places its build lines reach, and the goods routes it moves,
each with the rule ids it breaks. Turns are read from the file's syntax (so a tile is drawn
even when the engine could not lay it), and each broken rule is placed at the step whose
text it points at: the rule's span falls within a tile's text (its kind, hex and cards), a
place's name or a goods move. A rule pointing at a whole build line (``build.completable``,
``build.own-contract``) is placed at the line's last tile or place. Nothing here draws.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import TileKind
from canaldsl.canalmania.engine import Verdict, Violation
from canaldsl.canalmania.play import play_turns
from canaldsl.canalmania.position import Position
from canaldsl.diagnostics import Span
from canaldsl.hexgrid import Hex

if TYPE_CHECKING:
    from canaldsl.canalmania.bestbuild import BuildPlan
    from canaldsl.canalmania.delivery import Delivery
    from canaldsl.canalmania.semantics import Scenario

TURN = "turn"
ANSWER = "answer"


@dataclass(frozen=True)
class MarkedTile:
    """A tile put down by a turn or an answer; ``previous`` is the hex it continues from,
    ``tag`` its place in the order of the turn's (or answer's) tiles, from "1"."""

    hex: Hex
    kind: TileKind
    owner: str
    previous: Hex | None
    tag: str
    broken: tuple[str, ...] = ()


@dataclass(frozen=True)
class MarkedPlace:
    """A place a build line reaches, from the hex ``previous``."""

    place: str
    previous: Hex | None
    broken: tuple[str, ...] = ()


@dataclass(frozen=True)
class MarkedRoute:
    """A goods cube's route through ``places``, in order."""

    places: tuple[str, ...]
    broken: tuple[str, ...] = ()


@dataclass(frozen=True)
class Overlay:
    """A turn or an answer to draw: ``kind`` is ``"turn"`` or ``"answer"``; ``legal`` is
    None for an answer. ``notes`` are the lines a legend shows under ``heading``."""

    heading: str
    kind: str
    legal: bool | None
    tiles: tuple[MarkedTile, ...] = ()
    places: tuple[MarkedPlace, ...] = ()
    routes: tuple[MarkedRoute, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def broken(self) -> tuple[str, ...]:
        """Every rule id the overlay's marks carry, once each, in order."""
        ids = [r for t in self.tiles for r in t.broken]
        ids += [r for p in self.places for r in p.broken]
        ids += [r for m in self.routes for r in m.broken]
        return tuple(dict.fromkeys(ids))


# ------------------------------------------------------------------ turns


def turn_overlays(
    scenario: Scenario, verdicts: Sequence[Verdict] | None = None
) -> tuple[tuple[s.TurnDecl, Verdict, Overlay], ...]:
    """Every turn of the file with its verdict and its overlay on the position before it.

    ``verdicts``: the turns' verdicts when the file was already evaluated; otherwise the turns
    are played here, in order, an illegal one changing nothing (no expectation or query is
    judged, so no solver runs)."""
    if scenario.board is None or scenario.position is None:
        return ()
    turns = [e for e in scenario.events if isinstance(e, s.TurnDecl)]
    if verdicts is None:
        verdicts = played(scenario, turns)
    many = len(turns) > 1
    return tuple(
        (
            turn,
            verdict,
            turn_overlay(turn, verdict, scenario.board, number=n if many else None),
        )
        for n, (turn, verdict) in enumerate(zip(turns, verdicts, strict=True), start=1)
    )


def played(scenario: Scenario, turns: Sequence[s.TurnDecl]) -> list[Verdict]:
    """The verdicts of ``turns`` played in order from the file's position."""
    return [p.verdict for p in play_turns(scenario, turns) if p.verdict is not None]


def turn_overlay(
    turn: s.TurnDecl, verdict: Verdict, board: Board, *, number: int | None = None
) -> Overlay:
    """The overlay of one played turn: its tiles, places reached and goods moves, each with
    the rules it breaks (from ``verdict``)."""
    owner = turn.player.text
    placed: set[int] = set()
    tiles: list[MarkedTile] = []
    places: list[MarkedPlace] = []
    routes: list[MarkedRoute] = []
    barges = _barges_taken(turn, board)
    steps = [item for item in turn.items if not isinstance(item, s.PhaseMark)]
    for step in steps:
        if isinstance(step, s.Build):
            for line in step.lines:
                line_tiles, line_places = _build_line(
                    line, verdict, board, owner, len(tiles), barges, placed
                )
                tiles += line_tiles
                places += line_places
        elif isinstance(step, s.MoveCube):
            broken = _broken_within(verdict.violations, step.span, placed)
            routes.append(MarkedRoute(tuple(leg.place.text for leg in step.legs), broken))
    notes = tuple(_violation_note(v) for v in verdict.violations)
    state = "legal" if verdict.legal else "illegal"
    title = f"turn {number}" if number is not None else "the turn"
    heading = f"{title.capitalize()} ({owner}, line {turn.span.line}): {state}"
    if verdict.legal:
        notes = (_legal_note(tiles, places, routes, verdict),)
    return Overlay(heading, TURN, verdict.legal, tuple(tiles), tuple(places), tuple(routes), notes)


def _build_line(
    line: s.BuildLine,
    verdict: Verdict,
    board: Board,
    owner: str,
    count: int,
    barges: dict[str | None, Hex],
    placed: set[int],
) -> tuple[list[MarkedTile], list[MarkedPlace]]:
    name = line.canal.text if line.canal is not None else None
    first = next((Hex.parse(i.hex.text) for i in line.items if isinstance(i, s.BuildTile)), None)
    previous = _canal_end(verdict.before, board, owner, name, first)
    if previous is None:
        previous = barges.get(name)
    tiles: list[MarkedTile] = []
    places: list[MarkedPlace] = []
    order: list[MarkedTile | MarkedPlace] = []
    for item in line.items:
        if isinstance(item, s.BuildTile):
            hex = Hex.parse(item.hex.text)
            refs = [item.kind, item.hex]
            for card in item.payment or ():
                refs += [card.kind] + ([card.label] if card.label is not None else [])
            broken = _broken_within(verdict.violations, _extent(refs), placed)
            tile = MarkedTile(
                hex,
                TileKind(item.kind.text),
                owner,
                previous,
                str(count + len(tiles) + 1),
                broken,
            )
            tiles.append(tile)
            order.append(tile)
            previous = hex
        else:
            broken = _broken_within(verdict.violations, item.name.span, placed)
            reached = MarkedPlace(item.name.text, previous, broken)
            places.append(reached)
            order.append(reached)
            place = board.places.get(item.name.text)
            previous = place.hex if place is not None else previous
    line_broken = _broken_within(verdict.violations, line.span, placed)
    if line.canal is not None:
        line_broken += _broken_within(verdict.violations, line.canal.span, placed)
    if line.canal is None:
        line_broken += _broken_within(verdict.violations, line.junction_span, placed)
    if line_broken and order:
        last = order[-1]
        merged = tuple(dict.fromkeys((*last.broken, *line_broken)))
        if isinstance(last, MarkedTile):
            tiles[-1] = MarkedTile(last.hex, last.kind, last.owner, last.previous, last.tag, merged)
        else:
            places[-1] = MarkedPlace(last.place, last.previous, merged)
    return tiles, places


def _extent(refs: Sequence[s.Ref]) -> Span:
    start = min((r.span.line, r.span.column) for r in refs)
    end = max((r.span.end_line, r.span.end_column) for r in refs)
    return Span(start[0], start[1], end[0], end[1])


def _broken_within(
    violations: Sequence[Violation], span: Span, placed: set[int]
) -> tuple[str, ...]:
    """The rule ids of violations starting within ``span`` not placed yet (now placed)."""
    start = (span.line, span.column)
    end = (span.end_line, span.end_column)
    found: list[str] = []
    for index, violation in enumerate(violations):
        at = (violation.span.line, violation.span.column)
        if index not in placed and start <= at < end:
            placed.add(index)
            found.append(violation.rule)
    return tuple(dict.fromkeys(found))


def _canal_end(
    position: Position, board: Board, owner: str, name: str | None, first: Hex | None
) -> Hex | None:
    """Where the canal a build line names ends before the turn (its barge's hex)."""
    players = [p for p in position.players if p.colour == owner]
    if not players:
        return None
    canals = [
        c
        for c in players[0].open_canals
        if (c.contract == name if name is not None else c.is_junction)
    ]
    ends: list[Hex] = []
    for canal in canals:
        barge = canal.barge
        if isinstance(barge, Hex):
            ends.append(barge)
        elif isinstance(barge, str) and barge in board.places:
            ends.append(board.places[barge].hex)
    if first is not None:
        for end in ends:
            if end.is_neighbour(first):
                return end
    return ends[0] if ends else None


def _barges_taken(turn: s.TurnDecl, board: Board) -> dict[str | None, Hex]:
    """Barges placed by the turn's own ``take contract`` / ``take junction`` steps."""
    out: dict[str | None, Hex] = {}
    for item in turn.items:
        if isinstance(item, s.TakeContract):
            for choice in item.choices:
                place = board.places.get(choice.barge.text)
                if place is not None:
                    out[choice.contract.text] = place.hex
        elif isinstance(item, s.TakeJunction):
            place = board.places.get(item.barge.text)
            if place is not None:
                out[None] = place.hex
    return out


def _violation_note(violation: Violation) -> str:
    span = violation.span
    return f"\u2717 {violation.rule} (line {span.line}:{span.column}): {violation.message}"


def _legal_note(
    tiles: Sequence[MarkedTile],
    places: Sequence[MarkedPlace],
    routes: Sequence[MarkedRoute],
    verdict: Verdict,
) -> str:
    parts = []
    if tiles:
        parts.append(", ".join(f"{t.kind.value} {t.hex.label}" for t in tiles))
    if places:
        parts.append("reaches " + ", ".join(p.place for p in places))
    for route in routes:
        parts.append("cube " + " > ".join(route.places))
    points = ", ".join(f"{c} +{n}" for c, n in verdict.points.items() if n)
    if points:
        parts.append(f"scores {points}")
    return "\u2713 legal" + (": " + "; ".join(parts) if parts else "")


# ------------------------------------------------------------------ answers


def build_overlay(plan: BuildPlan, position: Position, board: Board) -> Overlay:
    """The overlay of a best build: its tiles in order and the places its lines reach."""
    tiles: list[MarkedTile] = []
    places: list[MarkedPlace] = []
    for line in plan.lines:
        name = None if line.canal == "junction" else line.canal
        first = line.tiles[0].hex if line.tiles else None
        previous = _canal_end(position, board, plan.player, name, first)
        for item in line.items:
            if isinstance(item, str):
                places.append(MarkedPlace(item, previous))
                place = board.places.get(item)
                previous = place.hex if place is not None else previous
                continue
            tiles.append(
                MarkedTile(item.hex, item.kind, plan.player, previous, str(len(tiles) + 1))
            )
            previous = item.hex
    heading = (
        f"Best build for {plan.player}: {plan.points} points, {plan.cards} cards ({plan.status})"
    )
    notes = [line.text() for line in plan.lines] or ["no build scores anything"]
    notes.append(f"proof: {plan.proof()}")
    return Overlay(heading, ANSWER, None, tuple(tiles), tuple(places), (), tuple(notes))


def delivery_overlay(delivery: Delivery | None, mover: str, *, complete: bool = True) -> Overlay:
    """The overlay of a best delivery: the cube's route (none when no move scores)."""
    status = "OPTIMAL" if complete else "UNKNOWN"
    if delivery is None:
        return Overlay(f"Best delivery for {mover}: no goods move scores ({status})", ANSWER, None)
    points = ", ".join(f"{c} {n}" for c, n in delivery.points)
    hops = ", ".join(
        f"{a} > {b} on {owner}'s section"
        for (a, b), owner in zip(itertools.pairwise(delivery.route), delivery.owners, strict=False)
    )
    return Overlay(
        f"Best delivery for {mover}: {delivery.points_for(mover)} points ({status})",
        ANSWER,
        None,
        routes=(MarkedRoute(delivery.route),),
        notes=(f"move cube {' > '.join(delivery.route)}", f"scores: {points}", hops),
    )
