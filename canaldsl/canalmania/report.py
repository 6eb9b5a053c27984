"""What `canaldsl check` says about one file: status, diagnostics and expectations.

Turns are played by the rules engine; each broken rule becomes a diagnostic of severity
``illegal`` (code V001) naming the rule and the step. Expectations the engine cannot answer yet
(best-build) are reported with ``passed`` None and say so, never as passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.semantics import Scenario
from canaldsl.diagnostics import Diagnostic, Severity, SourceText, sort_diagnostics


@dataclass(frozen=True)
class ExpectationResult:
    line: int
    text: str
    passed: bool | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text, "passed": self.passed, "reason": self.reason}


@dataclass(frozen=True)
class FileReport:
    """The outcome of checking one file.

    ``status`` is ``error`` (not understood), ``illegal`` (a proposed turn breaks a rule),
    ``failed`` (an expectation does not hold) or ``ok``.
    """

    file: str
    status: str
    diagnostics: tuple[Diagnostic, ...]
    expectations: tuple[ExpectationResult, ...] = ()
    turns: int = 0
    scenario: Scenario | None = field(default=None, compare=False)
    timeout: bool = False
    """Whether the wall-clock safety limit stopped a query (its outcome depends on the
    machine; `canaldsl check` then exits with status 3)."""

    def to_json(self) -> dict[str, Any]:
        board = self.scenario.board if self.scenario else None
        return {
            "file": self.file,
            "status": self.status,
            "edition": self.scenario.rules.edition.value if self.scenario else None,
            "board": board.name if board else None,
            "turns": self.turns,
            "diagnostics": [d.to_json() for d in self.diagnostics],
            "expectations": [e.to_json() for e in self.expectations],
        }


def check_file(path: str | Path, *, display: str | None = None) -> FileReport:
    """Check one file: read, parse, analyse, play its turns and judge its expectations."""
    from canaldsl.canalmania.evaluate import evaluate

    name = display or str(path)
    scenario, diagnostics, text = check_path(path, display=name)
    if scenario is None or any(d.is_error for d in diagnostics):
        return FileReport(file=name, status="error", diagnostics=tuple(diagnostics))
    evaluation = evaluate(scenario)
    source = SourceText(text or "", name)
    verdicts = [
        source.diagnostic(
            "V001",
            f"{verdict.player}'s turn is illegal: {violation.message}",
            violation.span,
            severity=Severity.ILLEGAL,
            rule=violation.rule,
        )
        for verdict in evaluation.verdicts
        for violation in verdict.violations
    ]
    results = tuple(
        ExpectationResult(line=j.line, text=j.text, passed=j.passed, reason=j.reason)
        for j in evaluation.judgements
    )
    if any(r.passed is False for r in results):
        status = "failed"
    elif evaluation.unexpected_illegal:
        status = "illegal"
    else:
        status = "ok"
    return FileReport(
        file=name,
        status=status,
        diagnostics=tuple(sort_diagnostics([*diagnostics, *verdicts])),
        expectations=results,
        turns=len(evaluation.verdicts),
        scenario=scenario,
        timeout=evaluation.timeout,
    )
