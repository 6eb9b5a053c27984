"""canaldsl: a language and toolkit that settles questions about the board game Canal Mania.

>>> import canaldsl
>>> scenario = canaldsl.parse("rules second-edition\nboard england\n")
>>> scenario.board.name
'england-2nd'
"""

from canaldsl.canalmania.loading import load, parse
from canaldsl.canalmania.semantics import Scenario
from canaldsl.diagnostics import Diagnostic, Severity, SourceError, Span

__all__ = ["Diagnostic", "Scenario", "Severity", "SourceError", "Span", "load", "parse"]
__version__ = "0.1.0"
