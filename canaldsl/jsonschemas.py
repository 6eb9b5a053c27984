"""The JSON every command prints: one versioned JSON Schema per command, shipped in the package.

Game-independent. Every JSON object a command prints at the top level (``check`` and
``rules``: each element of the top-level array) carries a ``schema`` field naming its schema and
version, ``canaldsl/COMMAND/VERSION`` (:func:`tag`); the schema itself is
``canaldsl/schemas/COMMAND.json`` (:func:`schema`). Within a version, fields may be added but
none is removed, renamed or given another type: such a change raises the version.

A command that cannot answer (the file has errors, or the question cannot be asked) still prints
JSON when asked for it: an object with ``schema``, ``file`` and ``error`` (:func:`error_json`:
a message and the diagnostics), and exits with status 2 as in text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from canaldsl.diagnostics import Diagnostic

VERSIONS: dict[str, int] = {
    "check": 1,
    "rules": 1,
    "board": 1,
    "best-build": 1,
    "best-delivery": 1,
    "can-complete": 1,
    "crosscheck": 1,
    "score": 1,
    # Canal Grande's own commands
    "vote": 1,
    "best-split": 1,
    "can-win": 1,
    # Ticket to Ride's own commands
    "longest-route": 1,
    "fewest-trains": 1,
    "best-claim": 1,
    "last-turns": 1,
}
"""Each command printing JSON, and the version of its schema."""


class UnknownSchemaError(ValueError):
    """A command that prints no JSON (so has no schema)."""


def tag(command: str) -> str:
    """The ``schema`` field of ``command``'s JSON: ``canaldsl/COMMAND/VERSION``."""
    if command not in VERSIONS:
        raise UnknownSchemaError(f"the command {command!r} prints no JSON")
    return f"canaldsl/{command}/{VERSIONS[command]}"


@cache
def _schema_text(command: str) -> str:
    tag(command)  # an unknown command raises
    folder = resources.files("canaldsl") / "schemas"
    return (folder / f"{command}.json").read_text(encoding="utf-8")


def schema(command: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``command``'s JSON output (a fresh copy)."""
    loaded: dict[str, Any] = json.loads(_schema_text(command))
    return loaded


def error_json(
    command: str, file: str, message: str, diagnostics: Iterable[Diagnostic] = ()
) -> dict[str, Any]:
    """What a command prints as JSON when it cannot answer: the message and diagnostics."""
    return {
        "schema": tag(command),
        "file": file,
        "error": {"message": message, "diagnostics": [d.to_json() for d in diagnostics]},
    }


__all__ = ["VERSIONS", "UnknownSchemaError", "error_json", "schema", "tag"]
