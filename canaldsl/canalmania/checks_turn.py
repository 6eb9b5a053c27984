"""Rules of the turn: whose turn, the three phases, one action each, the hand limit.

Each function is one rule; it returns None when the rule holds, or a sentence saying what was
needed when it is broken.
"""

from __future__ import annotations

from canaldsl.canalmania.components import HAND_LIMIT
from canaldsl.canalmania.rulebase import rule

PHASE_ACTIONS = {
    1: ("take contract", "take junction", "exchange engineer", "discard display", "draw", "pass"),
    2: ("take cards", "build", "draw", "pass"),
    3: ("move cube", "draw", "pass"),
}


@rule(
    "turn.player-order",
    title="Turns go clockwise",
    it="Il turno",
    fr="Le tour",
    de="Spielzug",
)
def player_order(*, expected: str | None, player: str) -> str | None:
    """Players take turns one after another in seating order (clockwise), starting with the
    first player; a turn is played by the player whose turn it is."""
    if expected is not None and player != expected:
        return f"it is {expected}'s turn, not {player}'s"
    return None


@rule(
    "turn.phase-order",
    title="Phases come in order",
    it="Il turno",
    fr="Le tour",
    de="Spielzug",
)
def phase_passed(*, phase: int, current: int) -> str | None:
    """The three phases of a turn come in order, each once: once a later phase has begun, an
    earlier one cannot be played."""
    if phase < current:
        return f"the position is already in phase {current}; phase {phase} is over"
    return None


@rule(
    "turn.one-action-per-phase",
    title="One action in each phase",
    it="Il turno",
    fr="Le tour",
    de="Spielzug",
)
def one_action_per_phase(*, phase: int, actions: int) -> str | None:
    """A turn has three phases and in each the player carries out at most one of the actions
    that phase offers (drawing the top card counts as that phase's action)."""
    if actions > 1:
        return f"phase {phase} allows one action, and this is action number {actions}"
    return None


@rule(
    "turn.action-in-phase",
    title="Each action belongs to its phase",
    it="Il turno",
    fr="Le tour",
    de="Spielzug",
)
def action_in_phase(*, phase: int, action: str) -> str | None:
    """Phase 1 offers taking a contract, exchanging engineers or discarding the display;
    phase 2 taking display cards or building; phase 3 moving a goods cube. Drawing the top card
    of the deck may replace the action of any phase."""
    if action not in PHASE_ACTIONS[phase]:
        allowed = ", ".join(a for a in PHASE_ACTIONS[phase] if a != "pass")
        return f"'{action}' is not an action of phase {phase} (phase {phase} allows: {allowed})"
    return None


@rule(
    "turn.phase-skipped",
    title="Doing nothing in a phase",
    it="Il turno",
    fr="Le tour",
    de="Spielzug",
    differences="No text says outright whether a phase may pass without action; the switch "
    "skip-phase decides (default: allowed).",
)
def phase_skipped(*, phase: int, skip_allowed: bool) -> str | None:
    """Each phase offers one action; by default a player may also let a phase pass without
    one (option skip-phase = forbidden makes an action compulsory)."""
    if not skip_allowed:
        return f"phase {phase} needs an action (option skip-phase = forbidden)"
    return None


@rule(
    "hand.limit",
    title="Seven cards at the end of the turn",
    it="Carte costruzione > 1. Prendere carte costruzione",
    fr="Cartes Construction > 1. Prendre des cartes Construction",
    de="Baukarten > 1. Baukarten aufnehmen",
)
def hand_limit(*, size: int, discarded: int) -> str | None:
    """During a turn a hand may hold any number of cards, but at the end of the turn its owner
    keeps at most seven and discards the excess, and only the excess."""
    if size > HAND_LIMIT:
        return f"the turn ends with {size} cards in hand; discard {size - HAND_LIMIT} to keep 7"
    if discarded and size < HAND_LIMIT:
        return (
            f"only cards over the limit of {HAND_LIMIT} are discarded; this leaves {size}, "
            f"so {HAND_LIMIT - size} too many were discarded"
        )
    return None
