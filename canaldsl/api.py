"""The Python API every game shares: a text or a file in; the checked file, its verdicts, its
final scores out.

Game-independent: the game is the one the text's ``rules`` statement names
(:mod:`canaldsl.games`).

* :func:`check` never raises for a bad file: its :class:`CheckResult` says what is wrong,
  as ``canaldsl check`` would (status, diagnostics, a verdict per turn, each expectation).
* :func:`parse`, :func:`load` and :func:`final_scores` raise
  :class:`~canaldsl.diagnostics.SourceError` (a ``ValueError``) carrying every diagnostic
  when the input has an error; :func:`final_scores` raises :class:`ScoringError` when there
  is nothing to score.

Every result has a short ``repr``; in a notebook a :class:`CheckResult` shows as a table
(``_repr_html_``) with its position drawn (``_repr_svg_``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from canaldsl.checking import source_and_game
from canaldsl.diagnostics import Diagnostic, SourceError
from canaldsl.games import CommandError, Game, game_of_text
from canaldsl.sources import display_name
from canaldsl.statuses import Status
from canaldsl.verdicts import FileReport, FinalScores, Judgement, TurnOutcome

TEXT_NAME = "<string>"
"""The name a text given as a string has in diagnostics."""


class ScoringError(ValueError):
    """A file whose position cannot be scored (it has none, or its game has no scoring)."""


def parse(text: str, *, filename: str | None = None) -> Any:
    """The checked file a text describes (Canal Mania: a ``Scenario``)."""
    name = filename or TEXT_NAME
    game, diagnostics = game_of_text(text, filename=name)
    if game is None:
        raise SourceError(diagnostics, source=text)
    return game.parse_source(text, filename=name, path=None)


def load(path: str | Path) -> Any:
    """The checked file at ``path`` (Canal Mania: a ``Scenario``; ``-``: standard input)."""
    text, game, name = _read(Path(path))
    return game.parse_source(text, filename=name, path=Path(path))


@dataclass(frozen=True)
class CheckResult:
    """What checking a file found: ``status`` (``ok``, ``illegal``, ``failed``, ``error``), every
    diagnostic, a verdict per turn played, and each expectation and query judged."""

    file: str
    status: Status
    diagnostics: tuple[Diagnostic, ...]
    turns: tuple[TurnOutcome, ...]
    expectations: tuple[Judgement, ...]
    checked: Any = field(default=None, repr=False, compare=False)
    """The game's checked file (Canal Mania: a ``Scenario``), None when not understood."""
    game: Game | None = field(default=None, repr=False, compare=False)
    """The file's game, None when it names none."""
    _report: FileReport | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """Understood, every turn legal or expected illegal, every expectation holding."""
        return self.status == Status.OK

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The diagnostics that stop the file from being understood."""
        return tuple(d for d in self.diagnostics if d.is_error)

    @property
    def illegal_turns(self) -> tuple[TurnOutcome, ...]:
        return tuple(t for t in self.turns if not t.legal)

    def to_json(self) -> dict[str, Any]:
        """The same JSON as ``canaldsl check --format json`` gives for the file."""
        assert self._report is not None
        return self._report.to_json()

    def __repr__(self) -> str:
        parts = [str(self.status)]
        if self.errors:
            parts.append(_count(len(self.errors), "error"))
        else:
            turns = _count(len(self.turns), "turn")
            illegal = len(self.illegal_turns)
            parts.append(f"{turns} ({illegal} illegal)" if illegal else turns)
            held = sum(1 for e in self.expectations if e.passed)
            if self.expectations:
                parts.append(f"claims: {held} of {len(self.expectations)} hold")
        return f"<CheckResult {self.file}: {', '.join(parts)}>"

    def _repr_svg_(self) -> str | None:
        """The position drawn with the file's turns on top (None when there is none)."""
        picture = getattr(self.checked, "_repr_svg_", None)
        return picture() if picture is not None else None

    def _repr_html_(self) -> str:
        """A table of the verdicts and claims, the diagnostics, and the position drawn."""
        rows = [f"<tr><th>file</th><td>{_h(self.file)}</td></tr>"]
        rows.append(f"<tr><th>status</th><td><b>{_h(str(self.status))}</b></td></tr>")
        for turn in self.turns:
            verdict = "legal" if turn.legal else "illegal: " + ", ".join(turn.rules)
            where = f"turn {turn.number} ({turn.player}, line {turn.span.line})"
            rows.append(f"<tr><th>{_h(where)}</th><td>{_h(verdict)}</td></tr>")
        for claim in self.expectations:
            mark = {True: "holds", False: "FAILS", None: "not evaluated"}[claim.passed]
            reason = f" ({claim.reason})" if claim.reason else ""
            rows.append(
                f"<tr><th>line {claim.line}</th><td>{_h(claim.text)}: {mark}{_h(reason)}</td></tr>"
            )
        shown = "".join(f"<pre>{_h(d.render())}</pre>" for d in self.diagnostics)
        picture = self._repr_svg_() if not self.errors else None
        return f"<table>{''.join(rows)}</table>{shown}{picture or ''}"


def check(source: str | Path) -> CheckResult:
    """Check a file, or a text: as ``canaldsl check`` does, without raising for a bad file.

    ``source`` is a file when it is a :class:`~pathlib.Path`, or a string of one line naming
    a file that exists (``-``: standard input); any other string is the text itself."""
    if _is_path(source):
        path = Path(source)
        name = display_name(path)
        text, game, diagnostics = source_and_game(path, display=name)
    else:
        path, name, text = Path(TEXT_NAME), TEXT_NAME, str(source)
        game, diagnostics = game_of_text(text, filename=name)
    if text is None or game is None:
        report = FileReport(
            file=name, status=Status.ERROR, diagnostics=tuple(diagnostics), turn_outcomes=()
        )
    else:
        report = game.check_source(text, path=path, display=name)
    return CheckResult(
        file=report.file,
        status=report.status,
        diagnostics=report.diagnostics,
        turns=report.turn_outcomes or (),
        expectations=report.expectations,
        checked=report.scenario,
        game=game,
        _report=report,
    )


def final_scores(source: str | Path | CheckResult) -> FinalScores:
    """The final scores of the position after a file's turns (a file, a text as for
    :func:`check`, or a :class:`CheckResult`): final scoring as the game defines it, the
    players ranked with its tie-breaks. SourceError when the file has errors; ScoringError
    when it has no position to score."""
    if isinstance(source, CheckResult):
        if source.errors or source.checked is None or source.game is None:
            raise SourceError(list(source.errors or source.diagnostics))
        checked, game = source.checked, source.game
    elif _is_path(source):
        text, game, name = _read(Path(source))
        checked = game.parse_source(text, filename=name, path=Path(source))
    else:
        found, diagnostics = game_of_text(str(source), filename=TEXT_NAME)
        if found is None:
            raise SourceError(diagnostics, source=str(source))
        game = found
        checked = game.parse_source(str(source), filename=TEXT_NAME, path=None)
    try:
        return game.final_scores(checked)
    except CommandError as exc:
        raise ScoringError(str(exc).removeprefix("error: ")) from None


def _read(path: Path) -> tuple[str, Game, str]:
    name = display_name(path)
    text, game, diagnostics = source_and_game(path, display=name)
    if text is None or game is None:
        raise SourceError(diagnostics, source=text)
    return text, game, name


def _is_path(source: str | Path) -> bool:
    if isinstance(source, Path):
        return True
    return "\n" not in source and (source == "-" or Path(source).is_file())


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _h(text: str) -> str:
    return html.escape(text, quote=False)


__all__ = ["CheckResult", "ScoringError", "check", "final_scores", "load", "parse"]
