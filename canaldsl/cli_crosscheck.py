"""``canaldsl crosscheck [DIR]``: the rulebooks' worked examples against the rules engine.

Exit status: 0 when the report is made and every example agrees with its rulebook or is marked
``known-error``; 1 when an example disagrees without that mark, or a marked error no longer
shows; 2 when the folder is missing or a rulebook example cannot be understood.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_ERROR = 2


def default_folder() -> Path:
    """The rulebook examples shipped with canaldsl (installed), or those of the checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "scenarios" / "canalmania", here.parent / "scenarios" / "canalmania"):
        if candidate.is_dir():
            return candidate
    return here.parent / "scenarios" / "canalmania"


@click.command("crosscheck")
@click.argument(
    "folder",
    required=False,
    type=click.Path(file_okay=False, path_type=Path),
)
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    help="Output format (markdown: a report a translator can read without the tool).",
)
def crosscheck_command(folder: Path | None, output: str) -> None:
    """Play every rulebook example in FOLDER under its translation's rules and compare the
    translations (default: the examples shipped with canaldsl)."""
    from canaldsl.canalmania.crosscheck import crosscheck
    from canaldsl.canalmania.crosscheck_report import render_markdown, render_text, to_json

    target = folder if folder is not None else default_folder()
    if not target.is_dir():
        click.echo(f"error: {target} is not a folder", err=True)
        sys.exit(EXIT_ERROR)
    result = crosscheck(target)
    if not result.examples:
        click.echo(
            f"error: {target} holds no rulebook examples (files starting with `rulebook`)", err=True
        )
        sys.exit(EXIT_ERROR)
    if output == "json":
        click.echo(json.dumps(to_json(result), indent=2, ensure_ascii=False))
    elif output == "markdown":
        click.echo(render_markdown(result), nl=False)
    else:
        click.echo(render_text(result), nl=False)
    if result.unreadable:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FAILED if result.failed else EXIT_OK)
