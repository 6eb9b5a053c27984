"""``canaldsl check`` for a Canal Grande file: a :class:`~canaldsl.verdicts.FileReport`.

Each broken rule is a diagnostic of severity ``illegal`` (V001, naming the rule); each turn
and disputed vote a :class:`~canaldsl.verdicts.TurnOutcome` and a
:class:`~canaldsl.verdicts.TurnNote` (the turn explained line by line when legal).
"""

from __future__ import annotations

from pathlib import Path

from canaldsl.canalgrande.evaluate import Evaluated, evaluate, illegal_diagnostics
from canaldsl.canalgrande.loading import check_text
from canaldsl.canalgrande.position import Position
from canaldsl.canalgrande.reading import Scenario
from canaldsl.diagnostics import SourceText, sort_diagnostics
from canaldsl.games import ClaimsOutcome
from canaldsl.statuses import Status
from canaldsl.verdicts import Claim, FileReport, TurnNote, TurnOutcome

FIELDS = ("rules", "players")


def claims_of(text: str, display: str) -> ClaimsOutcome:
    """Every claim (expect, query) of a file judged, for the pytest plugin and crosscheck."""
    scenario, result, diagnostics = played(text, display)
    errors = tuple(d for d in diagnostics if d.is_error)
    if scenario is None or result is None or errors:
        return ClaimsOutcome(errors=errors)
    claims = tuple(Claim(j.line, j.text, j.reason, j.passed) for j in result.judgements)
    rulebook = scenario.rulebook
    if rulebook is None:
        return ClaimsOutcome((), claims)
    where = f" ({rulebook.translation.text} rulebook, section {rulebook.section.text!r})"
    known = scenario.known_error.reason.text if scenario.known_error is not None else None
    return ClaimsOutcome((), claims, known, where)


def played(text: str, display: str) -> tuple[Scenario | None, Evaluated | None, list]:  # type: ignore[type-arg]
    """The scenario, its evaluation, and every diagnostic (errors first found)."""
    scenario, diagnostics = check_text(text, filename=display)
    if scenario is None or any(d.is_error for d in diagnostics):
        return scenario, None, diagnostics
    source = SourceText(text, display)
    result = evaluate(scenario, source)
    return (
        scenario,
        result,
        sort_diagnostics([*diagnostics, *result.diagnostics, *illegal_diagnostics(result, source)]),
    )


def race_change(before: Position, after: Position) -> str:
    """What a legal turn or vote changed in the race, for its turn note (the game has no
    points): each number total with its gain, the prizes won, the winner if the game ended.
    ``number totals Elena 5 (+3), Michele 3; Michele won 1 San Marco prize``."""
    totals = []
    won = []
    for old, new in zip(before.players, after.players, strict=True):
        gain = new.total - old.total
        totals.append(f"{new.name} {new.total}" + (f" (+{gain})" if gain > 0 else ""))
        gained = [(d, n - old.prizes[d]) for d, n in new.prizes.items() if n > old.prizes[d]]
        if gained:
            prizes = ", ".join(f"{n} {d}" for d, n in gained)
            won.append(
                f"{new.name} won {prizes} prize{'s' if sum(n for _, n in gained) > 1 else ''}"
            )
    parts = ["number totals " + ", ".join(totals), "; ".join(won) or "no prize won"]
    if after.winner is not None and before.winner is None:
        parts.append(f"{after.name(after.winner)} wins the game")
    return "; ".join(parts)


def check_source(text: str, *, path: Path, display: str) -> FileReport:
    scenario, result, diagnostics = played(text, display)
    if result is None or scenario is None or any(d.is_error for d in diagnostics):
        return FileReport(
            display, Status.ERROR, tuple(diagnostics), facts=dict.fromkeys(FIELDS),
            turn_outcomes=(), scenario=scenario,
        )  # fmt: skip
    position = scenario.position
    players = [p.name for p in position.players] if position is not None else []
    status = Status.OK
    if any(j.passed is False for j in result.judgements):
        status = Status.FAILED
    elif result.unexpected_illegal or result.position_violations:
        status = Status.ILLEGAL
    outcomes = tuple(
        TurnOutcome(v.number, v.player, v.span, tuple(v.violations)) for v in result.verdicts
    )
    notes = tuple(
        TurnNote(
            v.span.line,
            v.player,
            v.legal,
            tuple(dict.fromkeys(x.rule for x in v.violations)),
            changes=tuple(v.lines) if v.legal else (),
            outcome=race_change(v.before, v.after) if v.legal else None,
        )
        for v in result.verdicts
    )
    summary = ["canal-grande", " and ".join(players) or "no players"]
    return FileReport(
        display,
        status,
        tuple(diagnostics),
        tuple(result.judgements),
        len(result.verdicts),
        facts={"rules": "canal-grande", "players": players},
        summary=tuple(summary),
        turn_outcomes=outcomes,
        scenario=scenario,
        turn_notes=notes,
    )
