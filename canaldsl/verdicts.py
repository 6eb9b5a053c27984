"""What a referee says of a proposed turn: the rules it breaks, each at the step that breaks it.

Game-independent. A game's engine returns its own verdict type (with the position before and
after, the points scored); every one of them carries :class:`Violation` values, so reports, the
JSON output and the command line treat all games alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canaldsl.diagnostics import Span


@dataclass(frozen=True)
class Violation:
    """A rule broken by a step of a turn: the rule's local id, why, and where."""

    rule: str
    message: str
    span: Span

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
            "line": self.span.line,
            "column": self.span.column,
        }
