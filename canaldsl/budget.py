"""Work budgets that do not depend on the machine or its load; nothing here knows any game.

A solver question is given a budget of **work units**. CP-SAT measures its own work in
*deterministic time* (its parameter ``max_deterministic_time``), and one unit is one of those
deterministic seconds; an exact search in Python counts its steps (nodes visited, table cells
filled), :data:`STEPS_PER_UNIT` to a unit. Both counts depend only on the question, never on
the clock, so the same question with the same budget does the same work and gives the same
answer, status and exit code on any machine, idle or fully loaded. On the project's machine a
unit is about half a second to a second of CPU time (measured: see the README, Performance).

Several solves may share one budget (the deletion pass of a minimal set of rules, the queries
of one file): each is given what is left and charges what it used.

A **wall-clock safety limit** may be set besides (``wall_seconds``): it only guards against
work the units do not count. When it stops a solve the answer depends on the machine and its
load, so it is marked apart (:attr:`Budget.wall_hit`, status TIMEOUT in the answers) and never
passes for the budgeted answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Final

STEPS_PER_UNIT: Final = 50_000
"""Steps of an exact search (a node visited, a cell of a bound table filled) per work unit.
Measured on the project's machine: the best-build search visits about 80,000 nodes per CPU
second, and CP-SAT does about 1.7 deterministic seconds per CPU second on the build model."""

DEFAULT_UNITS: Final = 10.0
"""The budget of one question when none is given (``--budget``)."""

WALL_FACTOR: Final = 10.0
WALL_MINIMUM: Final = 60.0
"""The default wall-clock safety limit: WALL_FACTOR seconds per unit, at least WALL_MINIMUM
seconds; far more than a budget takes even on a loaded machine."""

UNKNOWN: Final = "UNKNOWN"
"""Status of an answer cut short by its budget: the same on every machine."""
TIMEOUT: Final = "TIMEOUT"
"""Status of an answer cut short by the wall-clock safety limit: machine-dependent."""


def default_wall(units: float | None) -> float | None:
    """The default wall-clock safety limit for a budget of ``units`` (None: none)."""
    if units is None:
        return None
    return max(WALL_MINIMUM, WALL_FACTOR * units)


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent (caught by the search itself)."""


class WallClockHit(Exception):
    """Raised inside a search when the wall-clock safety limit is reached."""


@dataclass
class Budget:
    """Work units a question may spend (None: no limit) and an optional wall-clock limit.

    ``spent`` grows as solves charge it; :meth:`left` is what the next solve may use. The wall
    clock starts when the budget is made."""

    units: float | None = DEFAULT_UNITS
    wall_seconds: float | None = None
    spent: float = 0.0
    wall_hit: bool = False
    started: float = field(default_factory=time.monotonic, compare=False, repr=False)

    @classmethod
    def of(cls, units: float | None, *, wall_seconds: float | None = -1.0) -> Budget:
        """A budget of ``units`` with the default wall-clock limit (or ``wall_seconds``;
        None: no wall-clock limit)."""
        wall = (
            default_wall(units) if wall_seconds is not None and wall_seconds < 0 else wall_seconds
        )
        return cls(units, wall)

    @classmethod
    def unlimited(cls) -> Budget:
        return cls(None, None)

    # ------------------------------------------------------------ units
    def left(self) -> float | None:
        """Units left (never below 0), or None without a limit."""
        if self.units is None:
            return None
        return max(self.units - self.spent, 0.0)

    @property
    def exhausted(self) -> bool:
        left = self.left()
        return left is not None and left <= 0.0

    def charge(self, units: float) -> None:
        """Count ``units`` of work done."""
        self.spent += max(units, 0.0)

    def steps_left(self) -> int | None:
        """Steps an exact search may still take (None: no limit)."""
        left = self.left()
        return None if left is None else int(left * STEPS_PER_UNIT)

    def charge_steps(self, steps: int) -> None:
        self.charge(steps / STEPS_PER_UNIT)

    def part(self, units: float | None) -> Budget:
        """A budget for one part of the work: at most ``units`` and at most what is left
        here, with the same wall clock. Charge what it spent back with :meth:`absorb`."""
        left = self.left()
        if units is None:
            mine = left
        elif left is None:
            mine = units
        else:
            mine = min(units, left)
        return Budget(mine, self.wall_seconds, 0.0, False, self.started)

    def absorb(self, part: Budget) -> None:
        """Charge what ``part`` spent (and its wall-clock stop, if any) to this budget."""
        self.charge(part.spent)
        self.wall_hit = self.wall_hit or part.wall_hit

    # ------------------------------------------------------------ wall clock
    def wall_left(self) -> float | None:
        """Seconds left before the wall-clock safety limit (None: no limit)."""
        if self.wall_seconds is None:
            return None
        return max(self.wall_seconds - (time.monotonic() - self.started), 0.0)

    def wall_expired(self) -> bool:
        """Whether the wall-clock safety limit has been reached (remembered once it has)."""
        left = self.wall_left()
        if left is not None and left <= 0.0:
            self.wall_hit = True
        return self.wall_hit

    def stop_reason(self) -> str | None:
        """TIMEOUT when the wall clock stopped the work, UNKNOWN when the units ran out."""
        if self.wall_hit:
            return TIMEOUT
        if self.exhausted:
            return UNKNOWN
        return None


def as_budget(budget: Budget | float | None) -> Budget:
    """A budget from what a caller gives: a Budget as it is, a number of units (with the
    default wall-clock limit), or None (no limit at all)."""
    if isinstance(budget, Budget):
        return budget
    if budget is None:
        return Budget.unlimited()
    return Budget.of(float(budget))


class StepCounter:
    """Counts the steps of one exact search against a budget: :meth:`step` raises OutOfBudget
    when the steps are spent and WallClockHit (checked every 1,024 steps) when the wall clock
    is; :meth:`close` charges the steps taken."""

    def __init__(self, budget: Budget | None) -> None:
        self.budget = budget
        self.steps = 0
        self.limit = None if budget is None else budget.steps_left()
        self.closed = False

    def step(self, count: int = 1) -> None:
        self.steps += count
        if self.limit is not None and self.steps > self.limit:
            raise OutOfBudget
        if self.budget is not None and self.steps & 1023 < count and self.budget.wall_expired():
            raise WallClockHit

    def narrow(self, share: float) -> None:
        """From now on, take at most ``share`` of the steps still left."""
        if self.limit is not None:
            self.limit = self.steps + int(share * max(self.limit - self.steps, 0))

    def close(self) -> None:
        """Charge the steps to the budget (once)."""
        if self.budget is not None and not self.closed:
            self.closed = True
            steps = self.steps if self.limit is None else min(self.steps, self.limit)
            self.budget.charge_steps(steps)


__all__ = [
    "DEFAULT_UNITS",
    "STEPS_PER_UNIT",
    "TIMEOUT",
    "UNKNOWN",
    "Budget",
    "OutOfBudget",
    "StepCounter",
    "WallClockHit",
    "as_budget",
    "default_wall",
]
