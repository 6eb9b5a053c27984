"""Ticket to Ride's part of the page of ``canaldsl serve``: the ``page_*`` hooks of
:class:`canaldsl.games.Game`, each working on the text being edited (never on a file).

- tokens: the core's lexical scan with the grammar's keywords; card and track colours
  (``kind``), city names (``hex``, the places of this game), the player colours the text
  declares (``who``) and rule ids (``rule``);
- the picture: the position after the file's legal turns, each track's group carrying
  ``data-route`` (its label), which a click sends;
- the palette and the edits (:mod:`canaldsl.tickettoride.pageedits`);
- the answers: longest route, best claim, fewest trains for the player's tickets, with their
  proof status, within a deterministic budget (the page's work units scale the fewest-trains
  search's step budget).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from canaldsl.games import CommandError, DisputeOutcome
from canaldsl.pagehooks import (
    EditRefused,
    PageAnswer,
    PageEdit,
    PageQuestion,
    Palette,
    PaletteGroup,
    PaletteMode,
    Token,
    scan_tokens,
)

_RULE_ID = re.compile(r"[a-z]+(\.[a-z][a-z0-9-]*)+")
_PLAYER = re.compile(r"^\s*player\s+([A-Za-z]+)", re.MULTILINE)

QUESTIONS = (
    PageQuestion("longest-route", "Longest route"),
    PageQuestion("best-claim", "Best claim"),
    PageQuestion("fewest-trains", "Fewest trains for the tickets"),
)
DEFAULT_BUDGET = 10.0
"""The page's default work units: the fewest-trains search's own step budget."""


def tokens(text: str) -> Sequence[Token]:
    """The text's tokens with their highlighting classes (never fails)."""
    from canaldsl.lalr import grammar_keywords
    from canaldsl.tickettoride.boardinfo import find_board
    from canaldsl.tickettoride.colours import Colour

    keywords = grammar_keywords("tickettoride")
    colours = {c.value for c in Colour} | {"locomotives", "gray", "purple"}
    words = {w for city in find_board("usa").cities for w in re.split(r"[\s-]+", city.name)}
    players = {p.casefold() for p in _PLAYER.findall(text)}

    def classify(word: str) -> str | None:
        if word.casefold() in players and word.islower():
            return "who"
        if word.casefold() in colours:
            return "kind"
        parts = [p.rstrip(".") for p in word.split("-") if p]
        if parts and all(p in words for p in parts):
            return "hex"
        if _RULE_ID.fullmatch(word):
            return "rule"
        return None

    return list(scan_tokens(text, keywords=keywords, classify=classify))


def _after(text: str, display: str) -> tuple[Any, Any, tuple[Any, ...]]:
    from canaldsl.tickettoride.commands import _scenario_after

    return _scenario_after(text, display)


def picture(text: str, *, path: Path, display: str) -> str:
    """The position after the file's legal turns; each track clickable by ``data-route``."""
    from canaldsl.tickettoride.picture import svg

    _, position, played = _after(text, display)
    title = f"{display}: after {len(played)} turns" if played else display
    return svg(position.board, position, title=title, clickable=True)


def report(text: str, *, path: Path, display: str) -> DisputeOutcome:
    """The dispute report of the text, as ``canaldsl report`` writes it."""
    from canaldsl.tickettoride.dispute import report_of_text

    return report_of_text(text, name=display)


def palette() -> Palette:
    from canaldsl.tickettoride.pageedits import CARD_COLOURS

    return Palette(
        groups=(
            PaletteGroup("tile", "Pay with", CARD_COLOURS),
            PaletteGroup("card", "Add to the hand", CARD_COLOURS),
        ),
        modes=(PaletteMode("claim", "claim the route in the turn", "data-route"),),
    )


def edit(text: str, change: PageEdit) -> str:
    """The text changed by one click (EditRefused: why not, and what to do)."""
    from canaldsl.tickettoride import pageedits
    from canaldsl.tickettoride import syntax as s
    from canaldsl.tickettoride.loading import check_text
    from canaldsl.tickettoride.parser import parse_document

    document, _, whole = parse_document(text, filename="page")
    if document is None or not whole:
        raise EditRefused("the text has syntax errors; fix them first (they are underlined)")
    scenario, _ = check_text(text, filename="page")
    if scenario is None or scenario.position is None:
        raise EditRefused("the text has no position; write `board usa` and the players first")
    position = scenario.position
    turns = [st for st in document.statements if isinstance(st, s.TurnDecl)]
    mover = turns[-1].player.text if turns else str(position.to_move)
    if change.action == "card":
        colour = pageedits.card_colour(change.target)
        return pageedits.add_card(text, document, mover=mover, colour=colour)
    if change.action != "claim":
        raise EditRefused(f"unknown action {change.action!r}; click a route or a card button")
    board = position.board
    labels = {board.track_label(t.index): t.index for t in board.tracks}
    track = labels.get(change.target)
    if track is None:
        raise EditRefused(f"no track {change.target!r} on this map; click a route of the map")
    colour = pageedits.card_colour(change.kind)
    last = turns[-1].actions if turns else ()
    claimed = [_resolve(board, a.track) for a in last if isinstance(a, s.ClaimAction)]
    return pageedits.claim(
        text,
        document,
        track=track,
        label=board.track_label(track),
        length=board.tracks[track].length,
        mover=mover,
        colour=colour,
        claimed=claimed,
    )


def _resolve(board: Any, ref: Any) -> int | None:
    """The track a claim names, when it names one the click can match (else None)."""
    from canaldsl.tickettoride.board import BoardError

    if ref is None or not hasattr(ref, "pair"):
        return None
    try:
        route = board.route(ref.pair.text)
    except BoardError:
        return None
    fits = list(route.tracks)
    if ref.colour is not None:
        fits = [t for t in fits if board.tracks[t].colour.value == ref.colour.text.casefold()]
    if ref.slot is not None and 1 <= ref.slot.value <= len(fits):
        fits = [fits[ref.slot.value - 1]]
    return fits[0] if len(fits) == 1 else None


def answer(text: str, question: str, *, path: Path, budget: float) -> PageAnswer:
    """Longest route, best claim or fewest trains after the file's turns, within ``budget``
    work units (the fewest-trains search's steps times budget/10: the same on any machine)."""
    if question not in {q.name for q in QUESTIONS}:
        raise CommandError(f"error: no question {question!r}")
    _, position, _ = _after(text, path.name)
    if question == "longest-route":
        return _longest(position)
    if question == "best-claim":
        return _best_claim(position)
    return _fewest(position, budget)


def _longest(position: Any) -> PageAnswer:
    from canaldsl.tickettoride.longest import longest_routes
    from canaldsl.tickettoride.picture import svg

    board = position.board
    routes = longest_routes(position)
    holders = ", ".join(map(str, routes.holders)) or "nobody"
    lines = [f"longest route: {holders} (+10)"]
    for colour, trail in routes.trails:
        path = "-".join(board.city_name(c) for c in trail.cities)
        note = "" if trail.proven else f" (not proven; at most {trail.bound})"
        lines.append(f"{colour}: {trail.length}{note}" + (f" {path}" if path else ""))
    lines.append("proof: exact trail search per player")
    shown = routes.holders[0] if routes.holders else position.to_move
    drawing = svg(board, position, longest=shown, title=f"longest route of {shown}")
    status = "OPTIMAL" if routes.proven else "UNKNOWN (a trail search's budget was spent first)"
    return PageAnswer("longest-route", tuple(lines), status, routes.proven, drawing)


def _best_claim(position: Any) -> PageAnswer:
    from canaldsl.tickettoride.claims import HandUnknownError, best_claim, claim_options
    from canaldsl.tickettoride.picture import svg

    board = position.board
    player = position.to_move
    try:
        options = claim_options(position, player)
        best = best_claim(position, player)
    except HandUnknownError as exc:
        raise CommandError(f"error: {exc}; write {player}'s hand card by card") from None
    if best is None:
        lines = [f"{player}: no legal claim with this hand"]
        drawing = None
    else:
        done = f", completes {', '.join(map(str, best.completes))}" if best.completes else ""
        lines = [
            f"{player}: {board.track_label(best.track)} with {best.cards}: "
            f"{best.points} points{done}"
        ]
        drawing = svg(board, position, path=(best.track,), title=f"best claim of {player}")
    lines.append(f"proof: every legal claim compared ({len(options)} claims)")
    return PageAnswer("best-claim", tuple(lines), "OPTIMAL", True, drawing)


def _fewest(position: Any, budget: float) -> PageAnswer:
    from canaldsl.tickettoride.forest import Status
    from canaldsl.tickettoride.picture import svg
    from canaldsl.tickettoride.tickets import FOREST_BUDGET, fewest_trains, ticket_states

    board = position.board
    player = position.to_move
    states = ticket_states(position, player)
    if states is None:
        raise CommandError(
            f"error: {player}'s tickets are not known; write them (`tickets A-B, C-D`)"
        )
    wanted = [x.ticket for x in states if not x.completed]
    steps = max(1, round(FOREST_BUDGET * budget / DEFAULT_BUDGET))
    plan = fewest_trains(position, player, wanted, budget=steps)
    names = ", ".join(t.name for t in wanted) or "no ticket left to complete"
    lines = [f"{player}, {names}: {plan.describe(board)}"]
    drawing = None
    if plan.status is Status.FOUND and plan.tracks:
        drawing = svg(board, position, path=plan.tracks, tickets=wanted, title=names)
    if plan.proven:
        status = "OPTIMAL"
        lines.append("proof: exact Steiner forest search")
    else:
        status = f"UNKNOWN (the search budget of {steps} steps was spent first)"
    return PageAnswer(
        "fewest-trains", tuple(lines), status, plan.proven, drawing, facts={"steps": steps}
    )


__all__ = ["QUESTIONS", "answer", "edit", "palette", "picture", "report", "tokens"]
