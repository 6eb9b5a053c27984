"""What `canaldsl check` says about one Canal Mania file: status, diagnostics, expectations,
and each turn explained (:mod:`canaldsl.canalmania.turnnotes`).

Turns are played by the rules engine; each broken rule becomes a diagnostic of severity
``illegal`` (code V001) naming the rule and the step. Expectations the engine cannot answer yet
are reported with ``passed`` None and say so, never as passed. The report is the core's
:class:`~canaldsl.verdicts.FileReport`.
"""

from __future__ import annotations

from pathlib import Path

from canaldsl.canalmania.engine import Verdict
from canaldsl.canalmania.loading import check_path, check_text
from canaldsl.canalmania.options import SWITCHES
from canaldsl.canalmania.semantics import Scenario
from canaldsl.diagnostics import Diagnostic, Severity, SourceText, sort_diagnostics
from canaldsl.statuses import Status
from canaldsl.verdicts import FileReport, TurnOutcome, Violation

REPORT_FIELDS = ("edition", "board")
"""Canal Mania's fields of a JSON file report."""


def check_file(path: str | Path, *, display: str | None = None) -> FileReport:
    """Check one file: read, parse, analyse, play its turns and judge its expectations."""
    name = display or str(path)
    scenario, diagnostics, text = check_path(path, display=name)
    return _report(name, scenario, diagnostics, text or "")


def check_source(text: str, *, path: Path | None, display: str) -> FileReport:
    """Check a file's text (``path`` locates the files it includes)."""
    scenario, diagnostics = check_text(text, filename=display, path=path)
    return _report(display, scenario, diagnostics, text)


def _read_with(verdict: Verdict, violation: Violation) -> str:
    """`` (read with SWITCH = VALUE, SOURCE)`` when a switch reading this rule decided the
    verdict; empty otherwise."""
    said = [
        f"{r.switch} = {r.value}, {r.source}"
        for r in verdict.readings
        if violation.rule in SWITCHES[r.switch].rules
    ]
    return f" (read with {'; '.join(said)})" if said else ""


def _report(
    name: str, scenario: Scenario | None, diagnostics: list[Diagnostic], text: str
) -> FileReport:
    from canaldsl.canalmania.evaluate import evaluate, status_of
    from canaldsl.canalmania.turnnotes import turn_note

    if scenario is None or any(d.is_error for d in diagnostics):
        return FileReport(
            file=name,
            status=Status.ERROR,
            diagnostics=tuple(diagnostics),
            facts=dict.fromkeys(REPORT_FIELDS),
            turn_outcomes=(),
        )
    evaluation = evaluate(scenario)
    source = SourceText(text, name)
    verdicts = [
        source.diagnostic(
            "V001",
            f"{verdict.player}'s turn is illegal: {violation.message}"
            + _read_with(verdict, violation),
            violation.span,
            severity=Severity.ILLEGAL,
            rule=violation.rule,
        )
        for verdict in evaluation.verdicts
        for violation in verdict.violations
    ]
    if evaluation.final_deliveries is not None:
        verdicts.extend(
            source.diagnostic(
                "V001",
                f"a final delivery is illegal: {violation.message}",
                violation.span,
                severity=Severity.ILLEGAL,
                rule=violation.rule,
            )
            for violation in evaluation.final_deliveries.violations
        )
    results = evaluation.judgements
    status = status_of(evaluation)
    board = scenario.board
    summary = [scenario.rules.edition.value]
    if board is not None:
        summary.append(f"board {board.name}")
    if scenario.position is not None:
        summary.append(f"{len(scenario.position.players)} players")
    return FileReport(
        file=name,
        status=status,
        diagnostics=tuple(sort_diagnostics([*diagnostics, *verdicts])),
        expectations=results,
        turns=len(evaluation.verdicts),
        facts={"edition": scenario.rules.edition.value, "board": board.name if board else None},
        summary=tuple(summary),
        timeout=evaluation.timeout,
        turn_outcomes=tuple(
            TurnOutcome(number, verdict.player, verdict.span, tuple(verdict.violations))
            for number, verdict in enumerate(evaluation.verdicts, start=1)
        ),
        scenario=scenario,
        turn_notes=tuple(turn_note(v) for v in evaluation.verdicts),
    )
