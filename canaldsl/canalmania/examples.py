"""``canaldsl crosscheck`` for Canal Mania: the rulebooks' worked examples against the rules.

Exit status: 0 when the report is made and every example agrees with its rulebook or is marked
``known-error``; 1 when an example disagrees without that mark, or a marked error no longer
shows; 2 when the folder is missing or a rulebook example cannot be understood.
"""

from __future__ import annotations

import json
from pathlib import Path

from canaldsl.games import CommandError
from canaldsl.jsonschemas import tag
from canaldsl.statuses import ExitCode


def default_folder() -> Path:
    """The rulebook examples shipped with canaldsl (installed), or those of the checkout."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (
        package / "scenarios" / "canalmania",
        package.parent / "scenarios" / "canalmania",
    ):
        if candidate.is_dir():
            return candidate
    return package.parent / "scenarios" / "canalmania"


def crosscheck_report(folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
    """The report on every example in FOLDER (default: the shipped ones) as text, JSON or
    markdown, and the exit status."""
    from canaldsl.canalmania.crosscheck import crosscheck
    from canaldsl.canalmania.crosscheck_report import render_markdown, render_text, to_json

    target = folder if folder is not None else default_folder()
    if not target.is_dir():
        raise CommandError(f"error: {target} is not a folder")
    result = crosscheck(target)
    if not result.examples:
        raise CommandError(
            f"error: {target} holds no rulebook examples (files starting with `rulebook`)"
        )
    if output == "json":
        answer = {"schema": tag("crosscheck"), **to_json(result)}
        text = json.dumps(answer, indent=2, ensure_ascii=False) + "\n"
    elif output == "markdown":
        text = render_markdown(result)
    else:
        text = render_text(result)
    if result.unreadable:
        return text, ExitCode.ERROR
    return text, ExitCode.FAILED if result.failed else ExitCode.OK
