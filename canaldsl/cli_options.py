"""Command-line options shared by the commands of several games' modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from canaldsl.budget import DEFAULT_UNITS, Budget, default_wall
from canaldsl.statuses import ENGINE_ALIASES, Engine

TIMINGS = click.option(
    "--timings",
    is_flag=True,
    help="Also print how long the solve took (left out by default, so that the output is "
    "byte-identical from run to run).",
)

BUDGET = click.option(
    "--budget",
    "--time-limit",
    "budget",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_UNITS,
    show_default=True,
    help="Work units the solver may spend before giving its best answer so far, unproven: "
    "CP-SAT's deterministic seconds, and 50,000 steps of an exact search each (about 0.5-1 s "
    "of CPU on the project's machine). The same file gives the same answer on any machine, "
    "idle or loaded. --time-limit is the older name of this option.",
)

WALL_LIMIT = click.option(
    "--wall-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Wall-clock safety limit in seconds (default: 10 s per budget unit, at least 60 s). "
    "An answer it cuts short says TIMEOUT and exits with status 3: it depends on the machine.",
)

_F = TypeVar("_F", bound=Callable[..., Any])


def budget_of(units: float, wall_limit: float | None) -> Budget:
    """The Budget the options ``--budget`` and ``--wall-limit`` ask for."""
    return Budget(units, wall_limit if wall_limit is not None else default_wall(units))


class EngineChoice(click.Choice):  # type: ignore[type-arg]
    """A choice of engine that also takes the older spellings of a name (``aliases``)."""

    def __init__(self, names: list[str], aliases: Mapping[str, str]) -> None:
        super().__init__(names)
        self.aliases = dict(aliases)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value in self.aliases:
            value = self.aliases[value]
        return super().convert(value, param, ctx)


def engine_option(names: list[Engine], default: Engine, help_text: str) -> Callable[[_F], _F]:
    """An ``--engine`` option over ``names`` that accepts the older spellings too."""
    return click.option(
        "--engine",
        type=EngineChoice([e.value for e in names], ENGINE_ALIASES),
        default=default.value,
        show_default=True,
        help=help_text + " (older spellings: exact, exhaustive, cpsat)",
    )
