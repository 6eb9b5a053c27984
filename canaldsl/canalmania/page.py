"""Canal Mania's part of the page of ``canaldsl serve``: the hooks of
:class:`canaldsl.games.Game` named ``page_*``, each working on the text being edited (never
on a file: the page's text may not be saved yet).

- tokens: the core's lexical scan (:func:`canaldsl.pagehooks.scan_tokens`) with this game's
  keywords (from its grammar) and its own classes: hex labels, tile and card kinds, players'
  colours, rule ids;
- the picture: the position with the file's turns drawn on top (as ``render --turn``); every
  hex carries ``data-hex`` (and places ``data-name``), which the page's clicks read;
- the palette and the edits (:mod:`canaldsl.canalmania.pageedits`);
- the answers: best build and best delivery for the player whose turn it is, after the
  file's turns, within a deterministic work budget, with their proof status and picture.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from canaldsl.budget import Budget
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

_HEX = re.compile(r"[A-Z]{1,2}[0-9]{1,2}")
_RULE_ID = re.compile(r"[a-z]+(\.[a-z][a-z0-9-]*)+")
_COLOURS = frozenset({"red", "white", "black", "blue", "green", "yellow"})
_EDITIONS = frozenset({"first-edition", "second-edition"})

QUESTIONS = (
    PageQuestion("best-build", "Best build"),
    PageQuestion("best-delivery", "Best delivery"),
)


def tokens(text: str) -> Sequence[Token]:
    """The text's tokens with their highlighting classes."""
    from canaldsl.canalmania.components import CardKind
    from canaldsl.lalr import grammar_keywords

    kinds = frozenset(k.value for k in CardKind)
    keywords = grammar_keywords("canalmania") | _EDITIONS

    def classify(word: str) -> str | None:
        if word in kinds:
            return "kind"
        if word in _COLOURS:
            return "who"
        if _HEX.fullmatch(word):
            return "hex"
        if _RULE_ID.fullmatch(word):
            return "rule"
        return None

    return list(scan_tokens(text, keywords=keywords, classify=classify))


def _scenario(text: str, *, path: Path, display: str) -> Any:
    from canaldsl.canalmania.loading import check_text

    scenario, diagnostics = check_text(text, filename=display, path=path)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        raise CommandError(*(d.render() for d in errors), f"{display}: the file has errors")
    if scenario.board is None:
        raise CommandError(f"{display}: the file describes no board to draw")
    return scenario


def picture(text: str, *, path: Path, display: str) -> str:
    """The position drawn with the file's turns on top (green legal, red illegal)."""
    from canaldsl.canalmania import picture as drawing
    from canaldsl.canalmania.overlays import turn_overlays

    scenario = _scenario(text, path=path, display=display)
    overlays = []
    if scenario.position is not None:
        overlays = [overlay for _, _, overlay in turn_overlays(scenario)]
    return drawing.svg(
        scenario.board,
        scenario.position,
        rules=scenario.rules,
        title=display,
        overlays=overlays,
        hex_labels=True,
    )


def report(text: str, *, path: Path, display: str) -> DisputeOutcome:
    """The dispute report of the text, as ``canaldsl report`` writes it."""
    from canaldsl.canalmania.dispute import dispute_report

    scenario = _scenario(text, path=path, display=display)
    if scenario.position is None:
        raise CommandError(f"error: {display}: the file has no position to report on")
    name = Path(display).stem + "-report.html"
    result = dispute_report(scenario, text, path=display, output=name)
    return DisputeOutcome(result.html, result.status)


def palette() -> Palette:
    from canaldsl.canalmania.components import CardKind, TileKind

    return Palette(
        groups=(
            PaletteGroup("tile", "Tile", ("", *(k.value for k in TileKind))),
            PaletteGroup("card", "Add a card to the hand", tuple(k.value for k in CardKind)),
        ),
        modes=(
            PaletteMode("tile", "build a tile", "data-hex"),
            PaletteMode("start", "start a canal", "data-name"),
        ),
    )


def edit(text: str, change: PageEdit) -> str:
    """The text changed by one click (EditRefused: why not)."""
    from canaldsl.canalmania.loading import check_text
    from canaldsl.canalmania.pageedits import edit_text
    from canaldsl.canalmania.parser import parse_document

    document, _ = parse_document(text)
    if document is None:
        raise EditRefused("the text has syntax errors: fix them first (they are underlined)")
    scenario, diagnostics = check_text(text)
    if any(d.is_error for d in diagnostics):
        scenario = None
    return edit_text(text, scenario, document, change)


def answer(text: str, question: str, *, path: Path, budget: float) -> PageAnswer:
    """The best build or best delivery for the player whose turn it is, after the file's
    turns, within ``budget`` work units (deterministic: the same answer on any machine)."""
    from canaldsl.canalmania.play import state_after_turns

    if question not in {q.name for q in QUESTIONS}:
        raise CommandError(f"error: no question {question!r}")
    scenario = _scenario(text, path=path, display=path.name)
    if scenario.position is None:
        raise CommandError("error: the file has no position to solve")
    state = state_after_turns(scenario)
    mover = state.now
    if mover is None:
        raise CommandError("error: whose turn? the file has no `now`")
    if question == "best-build":
        return _best_build(scenario, state, mover, budget)
    return _best_delivery(scenario, state, mover, budget)


def _best_build(scenario: Any, state: Any, mover: str, budget: float) -> PageAnswer:
    from canaldsl.canalmania import picture as drawing
    from canaldsl.canalmania.bestbuild import best_build
    from canaldsl.canalmania.overlays import build_overlay
    from canaldsl.canalmania.problem import HandUnknown

    try:
        plan = best_build(state, mover, budget=Budget.of(budget))
    except HandUnknown as exc:
        raise CommandError(f"error: {exc}: no build can be judged") from None
    lines = [*plan.text().splitlines()]
    if plan.lines:
        lines += ["", *plan.turn_text().splitlines()]
    position = state.to_position()
    overlay = build_overlay(plan, position, scenario.board)
    svg = drawing.svg(scenario.board, position, rules=scenario.rules, overlays=[overlay])
    return PageAnswer("best-build", tuple(lines), plan.status, plan.optimal, svg)


def _best_delivery(scenario: Any, state: Any, mover: str, budget: float) -> PageAnswer:
    from canaldsl.canalmania import picture as drawing
    from canaldsl.canalmania.delivery import search_best_delivery
    from canaldsl.canalmania.overlays import delivery_overlay

    found = search_best_delivery(state, mover, budget=Budget.of(budget))
    proven = found.stopped is None
    status = "OPTIMAL" if proven else str(found.stopped)
    best = found.delivery
    if best is None:
        said = "no goods move scores" if proven else "no goods move found within the budget"
        return PageAnswer("best-delivery", (f"best delivery for {mover}: {said}",), status, proven)
    lines = [
        f"best delivery for {mover}: {best.points_for(mover)} points: "
        f"move cube {' > '.join(best.route)}"
    ]
    others = ", ".join(f"{c} {n}" for c, n in best.points if c != mover)
    if others:
        lines.append(f"the other owners of its sections score: {others}")
    position = state.to_position()
    overlay = delivery_overlay(best, mover)
    svg = drawing.svg(scenario.board, position, rules=scenario.rules, overlays=[overlay])
    return PageAnswer("best-delivery", tuple(lines), status, proven, svg)


__all__ = ["QUESTIONS", "answer", "edit", "palette", "picture", "report", "tokens"]
