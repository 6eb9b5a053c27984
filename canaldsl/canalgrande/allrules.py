"""Every rule of Canal Grande, registered: import this module to have the whole rule book.

The rule modules register their checks and effects on :data:`RULEBOOK` when imported; this
module imports them all, so ``RULEBOOK.rules`` is complete after ``import allrules``.
"""

from __future__ import annotations

from canaldsl.canalgrande import (  # noqa: F401  (importing registers the rules)
    checks_actions,
    checks_round,
    checks_setup,
    checks_turn,
    checks_vote,
    effects,
)
from canaldsl.canalgrande.rulebook import RULEBOOK

__all__ = ["RULEBOOK"]
