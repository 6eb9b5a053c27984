"""canaldsl: a language and toolkit that settles questions about board games (Canal Mania).

>>> import canaldsl
>>> scenario = canaldsl.parse("rules second-edition\\nboard england\\n")
>>> scenario.board.name
'england-2nd'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canaldsl.api import CheckResult, ScoringError, check, final_scores, load, parse
    from canaldsl.diagnostics import Diagnostic, Severity, SourceError, Span
    from canaldsl.verdicts import FinalScores

__all__ = [
    "CheckResult",
    "Diagnostic",
    "FinalScores",
    "ScoringError",
    "Severity",
    "SourceError",
    "Span",
    "check",
    "final_scores",
    "load",
    "parse",
]
__version__ = "0.1.0"

# Every name is imported on first use, not with the package: the command line imports this
# package first; `canaldsl --help` or `--version` need none of the language (lark, the parser,
# the checks), and the program takes over Ctrl-C only once this package is imported
# (canaldsl.process), which should be within milliseconds of its start. `load` and `parse`
# hand the text to its game (canaldsl.games); a game's own types (Canal Mania's Scenario) are
# imported from the game's package, which the core never imports.
_LAZY = {
    "Diagnostic": "canaldsl.diagnostics",
    "Severity": "canaldsl.diagnostics",
    "SourceError": "canaldsl.diagnostics",
    "Span": "canaldsl.diagnostics",
    "load": "canaldsl.api",
    "parse": "canaldsl.api",
    "check": "canaldsl.api",
    "final_scores": "canaldsl.api",
    "CheckResult": "canaldsl.api",
    "ScoringError": "canaldsl.api",
    "FinalScores": "canaldsl.verdicts",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
