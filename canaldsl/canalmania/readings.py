"""Which switches decided a turn's verdict: each switch the turn's checks read is played the
other way, and named when the verdict changes.

A switch *decided* a verdict when another of its values gives the turn another verdict (legal
where it was illegal, or other rules broken). This is computed, never guessed: the turn is
played again from the same game with only that switch changed. It stays cheap because only
the switches the turn's checks read are tried (:attr:`Verdict.consulted`), and the engine reads
a switch only where its reading could matter. A house rule (:data:`HOUSE_RULES`) is named only
when the file sets it.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.engine import Verdict, run_turn
from canaldsl.canalmania.options import HOUSE_RULES, SET_IN_FILE, SWITCHES
from canaldsl.canalmania.state import GameState
from canaldsl.verdicts import Reading


def _outcome(verdict: Verdict) -> str:
    return "legal" if verdict.legal else f"illegal ({', '.join(verdict.rules)})"


def decided(state: GameState, turn: mv.Turn, verdict: Verdict) -> Verdict:
    """``verdict`` (of ``turn`` played on ``state``) with the switches that decided it."""
    if not verdict.consulted:
        return verdict
    rules = state.rules
    found = []
    for name in verdict.consulted:
        value = rules.options[name]
        source = rules.option_sources.get(name, "")
        if name in HOUSE_RULES and source != SET_IN_FILE:
            continue
        for other in SWITCHES[name].values:
            if other == value:
                continue
            options = MappingProxyType({**rules.options, name: other})
            trial = dataclasses.replace(state, rules=dataclasses.replace(rules, options=options))
            again, _ = run_turn(trial, turn, before=verdict.before)
            if (again.legal, again.rules) != (verdict.legal, verdict.rules):
                found.append(
                    Reading(name, value, source or "value in force", other, _outcome(again))
                )
                break
    if not found:
        return verdict
    return dataclasses.replace(verdict, readings=tuple(found))
