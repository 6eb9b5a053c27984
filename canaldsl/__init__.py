"""canaldsl: a language and toolkit that settles questions about the board game Canal Mania.

>>> import canaldsl
>>> scenario = canaldsl.parse("rules second-edition\\nboard england\\n")
>>> scenario.board.name
'england-2nd'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canaldsl.diagnostics import Diagnostic, Severity, SourceError, Span

if TYPE_CHECKING:
    from canaldsl.canalmania.loading import load, parse
    from canaldsl.canalmania.semantics import Scenario

__all__ = ["Diagnostic", "Scenario", "Severity", "SourceError", "Span", "load", "parse"]
__version__ = "0.1.0"

# The language (lark, the parser, the checks) is imported on first use of these names, not
# with the package: the command line imports this package first, and `canaldsl --help` or
# `--version` need none of it.
_LAZY = {
    "load": "canaldsl.canalmania.loading",
    "parse": "canaldsl.canalmania.loading",
    "Scenario": "canaldsl.canalmania.semantics",
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
