"""What the engine carries through one turn: the switches in force, the referee collecting
violations, the rules left unchecked, the notes on choices made."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from canaldsl.diagnostics import Span
from canaldsl.rules import Referee, rule_id
from canaldsl.tickettoride.verdict import Unchecked


@dataclass
class Context:
    """The state of the referee during one turn."""

    switches: Mapping[str, str]
    referee: Referee = field(default_factory=Referee)
    unchecked: list[Unchecked] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def skip(self, check: Callable[..., Any], span: Span, reason: str) -> None:
        """Record that the rule of ``check`` was not checked at ``span``, and why."""
        self.unchecked.append(Unchecked(rule_id(check), span, reason))

    @property
    def broken(self) -> bool:
        return bool(self.referee.violations)
