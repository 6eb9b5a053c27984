"""Every rule of Ticket to Ride, registered: the rule book with all its checks and effects."""

from __future__ import annotations

from collections.abc import Mapping

from canaldsl.rules import Rule, RuleBook
from canaldsl.tickettoride import (  # noqa: F401  (importing them registers the rules)
    checks_claim,
    checks_draw,
    checks_tickets,
    checks_turn,
    effects,
)
from canaldsl.tickettoride.rulebook import BOOK


def all_rules() -> Mapping[str, Rule]:
    """Every rule, by id."""
    return BOOK.rules


def rule_book() -> RuleBook:
    """The game's rule book with every rule registered."""
    return BOOK
