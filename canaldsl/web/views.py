"""What the page shows, computed from a text: JSON-ready values, for any game.

Game-independent. Each function here runs in a worker process (:mod:`canaldsl.web.workers`)
and never raises for a bad text: what is wrong is part of the answer. Offsets sent to the page
are in UTF-16 code units, as JavaScript counts them.

- :func:`check_view`: the highlighted tokens, every diagnostic at its place with its message
  and hint, the verdict (status, each turn explained with the rules it breaks and their
  rulebook sections), the expectations, the final scores and winner, and the position drawn;
- :func:`edit_view`: one click applied to the text by the game, then :func:`check_view`;
- :func:`answer_view`: a solver's answer within a deterministic work budget;
- :func:`report_view`: the dispute report, as ``canaldsl report`` writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canaldsl.diagnostics import Diagnostic
from canaldsl.games import CommandError, Game, game_of_text
from canaldsl.pagehooks import EditRefused, PageEdit, Token, scan_tokens


@dataclass(frozen=True)
class Source:
    """The text being edited, the name it is shown under, and the path that locates the
    files it may include (the served file, or a name in the folder the server started in)."""

    text: str
    display: str
    path: str


class _Offsets:
    """Line and column (1-based, in characters) and character offsets to UTF-16 offsets."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self.starts.append(index + 1)
        self.wide = any(ord(c) > 0xFFFF for c in text)

    def utf16(self, offset: int) -> int:
        offset = max(0, min(offset, len(self.text)))
        if not self.wide:
            return offset
        return offset + sum(1 for c in self.text[:offset] if ord(c) > 0xFFFF)

    def at(self, line: int, column: int) -> int:
        line = max(1, min(line, len(self.starts)))
        start = self.starts[line - 1]
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return self.utf16(min(start + max(column, 1) - 1, end))


def _tokens(game: Game | None, text: str) -> list[list[Any]]:
    offsets = _Offsets(text)
    found: Sequence[Token]
    try:
        found = game.page_tokens(text) if game is not None else ()
    except Exception:  # highlighting is never worth a failed answer
        found = ()
    if not found:
        found = list(scan_tokens(text, keywords=frozenset({"rules"})))
    return [[offsets.utf16(t.start), offsets.utf16(t.end), t.kind] for t in found]


def _diagnostic(d: Diagnostic, offsets: _Offsets) -> dict[str, Any]:
    start = offsets.at(d.span.line, d.span.column)
    end = offsets.at(d.span.end_line, d.span.end_column)
    if end <= start:
        end = start + 1
    return {**d.to_json(), "start": start, "end": end, "rendered": d.render()}


def _rules_cited(game: Game, rule_ids: Sequence[str]) -> list[dict[str, Any]]:
    """Each rule broken, once: its title, what it says and where each rulebook says it."""
    book = game.rule_book()
    cited: list[dict[str, Any]] = []
    for rule_id in dict.fromkeys(rule_ids):
        rule = book.rules.get(rule_id)
        if rule is None:
            cited.append({"id": rule_id, "title": "", "text": "", "sections": []})
            continue
        sections = [
            {"rulebook": name, "section": rule.sections.get(key)}
            for key, name in book.rulebooks.items()
        ]
        cited.append({"id": rule.id, "title": rule.title, "text": rule.text, "sections": sections})
    return cited


def _final_scores(game: Game, checked: Any, source: Source) -> dict[str, Any] | None:
    """The final scores if the game ended now (None when the game cannot say)."""
    try:
        if checked is None:
            checked = game.parse_source(
                source.text, filename=source.display, path=Path(source.path)
            )
        return game.final_scores(checked).to_json()
    except (CommandError, ValueError):
        return None


def _picture(game: Game, source: Source) -> tuple[str | None, str | None]:
    try:
        return game.page_picture(source.text, path=Path(source.path), display=source.display), None
    except CommandError as exc:
        return None, exc.lines[-1] if exc.lines else str(exc)


def check_view(source: Source) -> dict[str, Any]:
    """Everything the page shows about a text (see the module's docstring)."""
    text = source.text
    offsets = _Offsets(text)
    game, problems = game_of_text(text, filename=source.display)
    view: dict[str, Any] = {
        "text": text,
        "file": source.display,
        "tokens": _tokens(game, text),
        "game": None,
    }
    if game is None:
        view |= {
            "status": "error",
            "diagnostics": [_diagnostic(d, offsets) for d in problems],
            "turns": [],
            "expectations": [],
            "rules": [],
            "final": None,
            "picture": None,
            "picture_note": "the file names no game's rules",
            "palette": {"groups": [], "modes": []},
            "questions": [],
        }
        return view
    report = game.check_source(text, path=Path(source.path), display=source.display)
    broken = [rule for note in report.turn_notes for rule in note.rules]
    broken += [d.rule for d in report.diagnostics if d.rule]
    ok_to_draw = report.status != "error"
    picture, note = _picture(game, source) if ok_to_draw else (None, "the file has errors")
    view |= {
        "game": {"name": game.name, "title": game.title},
        **_offers(game),
        "status": str(report.status),
        "summary": list(report.summary),
        "diagnostics": [_diagnostic(d, offsets) for d in report.diagnostics],
        "turns": [n.to_json() | {"text": n.text()} for n in report.turn_notes],
        "expectations": [e.to_json() for e in report.expectations],
        "rules": _rules_cited(game, broken),
        "final": _final_scores(game, report.scenario, source) if ok_to_draw else None,
        "picture": picture,
        "picture_note": note,
    }
    return view


def _offers(game: Game) -> dict[str, Any]:
    """What the page offers for a game: its palette and its questions."""
    questions = [{"name": q.name, "label": q.label} for q in game.page_questions()]
    return {"palette": game.page_palette().to_json(), "questions": questions}


def edit_view(source: Source, edit: PageEdit) -> dict[str, Any]:
    """One click applied to the text by its game, and the new text's view; ``refused`` says
    why when the click changes nothing."""
    game, _ = game_of_text(source.text, filename=source.display)
    if game is None:
        return check_view(source) | {"refused": "the file names no game's rules"}
    try:
        changed = game.page_edit(source.text, edit)
    except (EditRefused, CommandError) as exc:
        return check_view(source) | {"refused": str(exc).removeprefix("error: ")}
    return check_view(Source(changed, source.display, source.path)) | {"refused": None}


def answer_view(source: Source, question: str, budget: float) -> dict[str, Any]:
    """A solver's answer for the page (``error`` says why there is none)."""
    game, _ = game_of_text(source.text, filename=source.display)
    if game is None:
        return {"question": question, "error": "the file names no game's rules"}
    try:
        answer = game.page_answer(source.text, question, path=Path(source.path), budget=budget)
    except CommandError as exc:
        return {"question": question, "error": "\n".join(exc.lines).removeprefix("error: ")}
    return answer.to_json() | {"error": None, "budget": budget}


def report_view(source: Source) -> tuple[str | None, str]:
    """The dispute report's HTML, or None with why there is none."""
    game, _ = game_of_text(source.text, filename=source.display)
    if game is None:
        return None, "the file names no game's rules"
    try:
        outcome = game.page_report(source.text, path=Path(source.path), display=source.display)
    except CommandError as exc:
        return None, "\n".join(exc.lines)
    return outcome.html, str(outcome.status)


__all__ = ["Source", "answer_view", "check_view", "edit_view", "report_view"]
