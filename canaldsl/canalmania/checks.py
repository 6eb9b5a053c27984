"""Imports every module that registers rules, so that the registry is complete."""

from canaldsl.canalmania import (  # noqa: F401
    checks_build,
    checks_cards,
    checks_contracts,
    checks_end,
    checks_goods,
    checks_turn,
)
