"""Command-line options shared by the commands of several games' modules."""

from __future__ import annotations

import click

TIMINGS = click.option(
    "--timings",
    is_flag=True,
    help="Also print how long the solve took (left out by default, so that the output is "
    "byte-identical from run to run).",
)
