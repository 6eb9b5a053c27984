"""What `canaldsl check` says of one Ticket to Ride file: status, diagnostics, each turn
explained (cards paid, points, trains left, tickets completed), expectations judged.

Each broken rule becomes a diagnostic of severity ``illegal`` (code V001) naming the rule, at
the step that broke it; rules that could not be checked for want of information are listed in
the turn's notes. The report is the core's :class:`~canaldsl.verdicts.FileReport`.
"""

from __future__ import annotations

from canaldsl.diagnostics import Severity, SourceText, sort_diagnostics
from canaldsl.games import ClaimsOutcome
from canaldsl.statuses import Status
from canaldsl.tickettoride.evaluate import Played, evaluate, turn_note
from canaldsl.tickettoride.loading import check_text
from canaldsl.verdicts import Claim, FileReport, TurnOutcome

REPORT_FIELDS = ("board",)
"""Ticket to Ride's fields of a JSON file report."""


def check_source(text: str, *, display: str) -> FileReport:
    """Check a file's text: read, analyse, play its turns and judge its expectations."""
    scenario, diagnostics = check_text(text, filename=display)
    if scenario is None or any(d.is_error for d in diagnostics):
        return FileReport(
            file=display,
            status=Status.ERROR,
            diagnostics=tuple(diagnostics),
            facts=dict.fromkeys(REPORT_FIELDS),
            turn_outcomes=(),
        )
    source = SourceText(text, display)
    evaluation = None
    played: tuple[Played, ...] = ()
    if scenario.position is not None:
        evaluation, played = evaluate(scenario)
    verdicts = [
        source.diagnostic(
            "V001",
            f"{p.event.turn.player}'s turn is illegal: {violation.message}",
            violation.span,
            severity=Severity.ILLEGAL,
            rule=violation.rule,
        )
        for p in played
        for violation in p.verdict.violations
    ]
    status = Status.OK if evaluation is None else evaluation.status
    board = scenario.board_name
    summary = ["ticket-to-ride"]
    if board is not None:
        summary.append(f"board {board}")
    if scenario.position is not None:
        summary.append(f"{len(scenario.position.players)} players")
    return FileReport(
        file=display,
        status=status,
        diagnostics=tuple(sort_diagnostics([*diagnostics, *verdicts])),
        expectations=() if evaluation is None else evaluation.judgements,
        turns=len(played),
        facts={"board": board},
        summary=tuple(summary),
        turn_outcomes=tuple(
            TurnOutcome(
                p.event.number,
                str(p.event.turn.player),
                p.event.decl.span,
                tuple(p.verdict.violations),
            )
            for p in played
        ),
        scenario=scenario,
        turn_notes=tuple(turn_note(p) for p in played),
    )


def judge_claims(text: str, *, display: str) -> ClaimsOutcome:
    """Every claim (``expect``, ``query``) of a scenario file judged, for the pytest plugin and
    the rulebook cross-check."""
    scenario, diagnostics = check_text(text, filename=display)
    errors = tuple(d for d in diagnostics if d.is_error)
    if scenario is None or errors:
        return ClaimsOutcome(errors=errors)
    if scenario.position is None:
        return ClaimsOutcome(errors=())
    evaluation, _ = evaluate(scenario)
    claims = tuple(Claim(j.line, j.text, j.reason, j.passed) for j in evaluation.judgements)
    rulebook = scenario.rulebook
    if rulebook is None:
        return ClaimsOutcome(errors=(), claims=claims)
    where = f" ({rulebook.translation.text} rulebook, section {rulebook.section.text!r})"
    return ClaimsOutcome((), claims, scenario.known_error, where)
