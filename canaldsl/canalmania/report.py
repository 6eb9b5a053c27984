"""What `canaldsl check` says about one file: status, diagnostics and expectations.

Until the rules engine exists, turns and expectations are understood but not evaluated: each
expectation is reported with ``passed`` None and says so, never as passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.formatter import statement_text
from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.semantics import Scenario
from canaldsl.diagnostics import Diagnostic

NOT_EVALUATED = "not evaluated: the rules engine that answers this is not built yet"


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
    """Check one file: read, parse, analyse, and report its expectations."""
    name = display or str(path)
    scenario, diagnostics, _ = check_path(path, display=name)
    if scenario is None or any(d.is_error for d in diagnostics):
        return FileReport(file=name, status="error", diagnostics=tuple(diagnostics))
    results = []
    turns = 0
    for event in scenario.events:
        if isinstance(event, s.TurnDecl):
            turns += 1
            continue
        results.append(
            ExpectationResult(
                line=event.span.line,
                text=statement_text(event),
                passed=None,
                reason=NOT_EVALUATED,
            )
        )
    return FileReport(
        file=name,
        status="ok",
        diagnostics=tuple(diagnostics),
        expectations=tuple(results),
        turns=turns,
        scenario=scenario,
    )
