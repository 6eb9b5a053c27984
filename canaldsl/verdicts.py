"""What a referee says of a proposed turn, and what checking a file says of the file.

Game-independent. A game's engine returns its own verdict type (with the position before and
after, the points scored); every one of them carries :class:`Violation` values, so reports, the
JSON output and the command line treat all games alike. A file's expectations and queries are
judged into :class:`Judgement` values, and the whole file into a :class:`FileReport`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from canaldsl.diagnostics import Diagnostic, Span
from canaldsl.statuses import Status


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


@dataclass(frozen=True)
class TurnOutcome:
    """One turn of a file as `check` reports it: its number (from 1, in file order), whose it
    is, where it is written, whether it is legal, and every rule it breaks (at its step)."""

    number: int
    player: str
    span: Span
    violations: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> tuple[str, ...]:
        """The ids of the rules broken, each once, in the order found."""
        return tuple(dict.fromkeys(v.rule for v in self.violations))

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.number,
            "player": self.player,
            "line": self.span.line,
            "column": self.span.column,
            "legal": self.legal,
            "rules": list(self.rules),
            "violations": [v.to_json() for v in self.violations],
        }


@dataclass(frozen=True)
class FinalScores:
    """A position's final scores, after final scoring: each player's score, the players from
    first to last (the game's tie-breaks applied), and, where the game gives one, each
    player's points by source (``breakdown``: player -> source -> points)."""

    file: str
    scores: Mapping[str, int]
    ranking: tuple[str, ...]
    breakdown: Mapping[str, Mapping[str, int]] | None = None

    @property
    def winner(self) -> str | None:
        """The first of the ranking (None without players)."""
        return self.ranking[0] if self.ranking else None

    def __repr__(self) -> str:
        listed = ", ".join(f"{p} {self.scores[p]}" for p in self.ranking)
        return f"<FinalScores {listed}: {self.winner} wins>" if self.ranking else "<FinalScores>"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "scores": {p: self.scores[p] for p in self.ranking},
            "ranking": list(self.ranking),
            "winner": self.winner,
            "breakdown": None if self.breakdown is None else dict(self.breakdown),
        }


@dataclass(frozen=True)
class Judgement:
    """One expectation or query of a file and whether it holds (``passed`` None: it could not
    be evaluated; ``reason`` then says why, never claiming it passed)."""

    line: int
    text: str
    passed: bool | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text, "passed": self.passed, "reason": self.reason}


class TurnVerdict(Protocol):
    """What every game's verdict on a turn says: whether it is legal, and the rules broken."""

    @property
    def legal(self) -> bool: ...

    @property
    def violations(self) -> Sequence[Violation]: ...


VerdictT = TypeVar("VerdictT", bound=TurnVerdict)
StateT = TypeVar("StateT")


@dataclass(frozen=True)
class Evaluation(Generic[VerdictT, StateT]):
    """A file played: each turn's verdict (the game's own type), each expectation and query
    judged, the game's state after the legal turns, the illegal turns no expectation speaks
    of, and whether the wall-clock safety limit stopped a query (its outcome then depends on
    the machine)."""

    verdicts: tuple[VerdictT, ...]
    judgements: tuple[Judgement, ...]
    final_state: StateT | None
    unexpected_illegal: tuple[VerdictT, ...]
    timeout: bool = False

    @property
    def status(self) -> Status:
        """``failed`` when an expectation does not hold, ``illegal`` when a turn no
        expectation speaks of breaks a rule, ``ok`` otherwise."""
        if any(j.passed is False for j in self.judgements):
            return Status.FAILED
        if self.unexpected_illegal:
            return Status.ILLEGAL
        return Status.OK


@dataclass(frozen=True)
class Claim:
    """One claim of a scenario file as the pytest plugin judges it: what the file claims,
    what canaldsl computes, whether they agree (None: not evaluated)."""

    line: int
    claim: str
    computed: str
    agrees: bool | None


@dataclass(frozen=True)
class Reading:
    """A switch that decided a turn's verdict: its value in force, where that value comes from
    (``default of the de rulebook``), and what the turn would be under its other value
    (``legal``, or ``illegal (rule, ...)``): the other value was played, not guessed."""

    switch: str
    value: str
    source: str
    other: str
    otherwise: str

    def text(self) -> str:
        """``read with consecutive-tiles = neighbouring-hexes (default of the de rulebook);
        with next-along-canal it would be legal``."""
        return (
            f"read with {self.switch} = {self.value} ({self.source}); with {self.other} it "
            f"would be {self.otherwise}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "switch": self.switch,
            "value": self.value,
            "source": self.source,
            "other": self.other,
            "otherwise": self.otherwise,
        }


@dataclass(frozen=True)
class TurnNote:
    """One turn explained, whatever the game: where it is, whose it is, legal or not (and the
    rules it breaks), the points it scored by player, and what it paid and changed, each a
    short phrase (``red's hand -1 lock, -1 stretch``)."""

    line: int
    player: str
    legal: bool
    rules: tuple[str, ...] = ()
    points: Mapping[str, int] = field(default_factory=dict)
    changes: tuple[str, ...] = ()
    outcome: str | None = None
    """For a game without points (Canal Grande): what a legal turn changed in the race
    (``number totals Elena 5 (+3), Michele 3; no prize won``), said instead of the points."""
    readings: tuple[Reading, ...] = ()
    """The switches that decided this turn's verdict (empty when none did)."""

    def text(self) -> str:
        """One line: ``turn red: legal; scored red +4; red's hand -1 lock; red built lock R27``."""
        verdict = "legal" if self.legal else f"illegal ({', '.join(self.rules)}), not applied"
        parts = [f"turn {self.player}: {verdict}"]
        scored = ", ".join(f"{c} +{n}" for c, n in self.points.items() if n)
        if self.legal and self.outcome is not None:
            parts.append(self.outcome)
        elif self.legal:
            parts.append(f"scored {scored}" if scored else "no points")
        parts.extend(self.changes)
        parts.extend(r.text() for r in self.readings)
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "line": self.line,
            "player": self.player,
            "legal": self.legal,
            "rules": list(self.rules),
            "points": {c: n for c, n in self.points.items() if n},
            "changes": list(self.changes),
        }
        if self.outcome is not None and self.legal:  # as the text says it (games without points)
            out["outcome"] = self.outcome
        if self.readings:
            out["readings"] = [r.to_json() for r in self.readings]
        return out


@dataclass(frozen=True)
class FileReport:
    """The outcome of checking one file, whatever its game.

    ``status`` is the worst thing found (:class:`~canaldsl.statuses.Status`). ``facts`` are
    the game's own fields of the JSON report, after ``status`` (Canal Mania: ``edition`` and
    ``board``), each None when the file is not understood; ``summary`` the parts of the text
    report's last line (``second-edition, board england-2nd, 2 players``)."""

    file: str
    status: Status
    diagnostics: tuple[Diagnostic, ...]
    expectations: tuple[Judgement, ...] = ()
    turns: int = 0
    facts: Mapping[str, Any] = field(default_factory=dict)
    summary: tuple[str, ...] = ()
    timeout: bool = False
    """Whether the wall-clock safety limit stopped a query (its outcome depends on the
    machine; `canaldsl check` then exits with status 3)."""
    turn_outcomes: tuple[TurnOutcome, ...] | None = None
    """Each turn played, legal or not (empty when the file is not understood; None from a
    game that does not report its turns one by one)."""
    scenario: Any = field(default=None, compare=False)
    """The game's checked file (its own type), when it was understood."""
    turn_notes: tuple[TurnNote, ...] = ()
    """Each turn explained, in file order (empty when the game gives none)."""

    def to_json(self) -> dict[str, Any]:
        from canaldsl.jsonschemas import tag

        return {
            "schema": tag("check"),
            "file": self.file,
            "status": str(self.status),
            **self.facts,
            "turns": self.turns,
            "verdicts": (
                None if self.turn_outcomes is None else [t.to_json() for t in self.turn_outcomes]
            ),
            "diagnostics": [d.to_json() for d in self.diagnostics],
            "expectations": [e.to_json() for e in self.expectations],
            "turn_notes": [n.to_json() for n in self.turn_notes],
        }
