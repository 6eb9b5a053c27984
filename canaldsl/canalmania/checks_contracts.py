"""Rules of contracts (phase 1): taking them, the extra contract, barges, junction contracts."""

from __future__ import annotations

from canaldsl.canalmania.board import Contract
from canaldsl.canalmania.components import MAX_OPEN_CONTRACTS, PARLIAMENT_SIZE, Edition
from canaldsl.canalmania.rulebase import SECOND, rule


@rule(
    "contract.mandatory",
    title="A player without a contract must take one",
    it="Contratti > Prendere un contratto",
    fr="Contrats > Prendre un contrat",
    de="Verträge > Einen Vertrag nehmen",
    differences="At the end of the game, with no contract left to take, the player chooses "
    "another phase 1 action (IT/FR: may; DE: must).",
)
def mandatory(*, open_contracts: int, took: bool, available: bool) -> str | None:
    """A player with no open contract must take one in phase 1, when one can be taken."""
    if open_contracts == 0 and not took and available:
        return "a player with no open contract must take one in phase 1"
    return None


@rule(
    "contract.none-left-other-action",
    title="No contract left: another phase 1 action (2nd edition)",
    it=None,
    fr=None,
    de="Spielende > 1. Die Schlussrunden",
    editions=SECOND,
    differences="IT and FR say such a player may choose another action; DE says must. "
    "Switch no-contract-left (default of the de text: other-action).",
)
def none_left_other_action(*, acted: bool, reading: str) -> str | None:
    """2nd edition: a player with no open contract when none can be taken (parliament empty,
    no junction contract left) chooses another phase 1 action instead. Switch
    no-contract-left: ``other-action`` (the DE text's must) makes that action compulsory,
    even where a phase may otherwise pass; ``may-skip`` leaves it to skip-phase."""
    if not acted and reading == "other-action":
        return (
            "with no contract to take and none open, this player must choose another phase 1 action"
        )
    return None


@rule(
    "contract.max-open",
    title="At most two open contracts",
    it="Contratti > Prendere un contratto",
    fr="Contrats > Prendre un contrat",
    de="Verträge > Einen Vertrag nehmen",
)
def max_open(*, open_after: int) -> str | None:
    """A player never has more than two open (face-up, uncompleted) contracts; contracts are
    never discarded."""
    if open_after > MAX_OPEN_CONTRACTS:
        return f"this would make {open_after} open contracts; a player may have at most 2"
    return None


@rule(
    "contract.from-parliament",
    title="Contracts come from parliament",
    it="Il turno; Contratti > Prendere un contratto",
    fr="Le tour; Contrats > Prendre un contrat",
    de="Spielzug; Verträge > Einen Vertrag nehmen",
)
def from_parliament(
    *, contract: str, parliament: list[str] | None, holder: str | None
) -> str | None:
    """A contract is taken from the face-up contracts of parliament."""
    if holder is not None:
        return f"{contract!r} is already held by {holder}"
    if parliament is not None and contract not in parliament:
        shown = ", ".join(parliament) or "nothing"
        return f"{contract!r} is not in parliament (parliament holds: {shown})"
    return None


@rule(
    "contract.extra",
    title="Taking a second contract in the same action",
    it="Contratti > Prendere un contratto extra",
    fr="Contrats > Prendre un contrat supplémentaire",
    de="Verträge > Zwei Verträge gleichzeitig nehmen",
)
def extra(*, parliament_before: int | None, second_from_reveal: bool) -> str | None:
    """Two contracts may be taken as one action only when parliament holds two (take both) or
    one (take it, turn up five new ones, take one of those), and never beyond two open ones."""
    if parliament_before is None:
        return None
    if parliament_before == 2 and not second_from_reveal:
        return None
    if parliament_before == 1 and second_from_reveal:
        return None
    if parliament_before in (1, 2):
        return (
            "with one contract left, the second comes from the five newly turned up; with two "
            "left, both come from parliament"
        )
    return (
        f"a second contract may be taken only when parliament holds one or two; it held "
        f"{parliament_before}"
    )


@rule(
    "contract.barge",
    title="The barge goes on an endpoint",
    it="Contratti > Piazzamento della chiatta",
    fr="Contrats > Placer une barge",
    de="Verträge > Kanalboot einsetzen",
    differences="DE adds that building must start there: the barge may not be moved to the "
    "other endpoint before building.",
)
def barge(*, contract: Contract, place: str) -> str | None:
    """On taking a contract the player at once puts a barge on one of its two endpoints (several
    barges may share a place)."""
    if place not in contract.endpoints:
        a, b = contract.endpoints
        return f"the barge of {contract.name!r} goes on {a} or {b}, not {place}"
    return None


@rule(
    "contract.parliament-refill",
    title="An empty parliament is refilled with five",
    it="Il turno; Contratti > Prendere un contratto extra",
    fr="Le tour; Contrats > Prendre un contrat supplémentaire",
    de="Spielzug; Verträge > Zwei Verträge gleichzeitig nehmen",
)
def parliament_refill(*, revealed: int, available: int | None) -> str | None:
    """When the last contract is taken from parliament, five new contracts are turned face up
    from the contract deck (fewer only if the deck holds fewer)."""
    wanted = PARLIAMENT_SIZE if available is None else min(PARLIAMENT_SIZE, available)
    if revealed != wanted:
        return f"parliament is refilled with {wanted} contracts, not {revealed}"
    return None


@rule(
    "contract.junction",
    title="Junction contracts (2nd edition)",
    it=None,
    fr=None,
    de="Verträge > Anschlussverträge",
    editions=SECOND,
    differences="Only the 2nd edition has junction contracts.",
)
def junction(
    *,
    has_card: bool,
    as_extra: bool,
    edition: Edition = Edition.SECOND,
    completed_at: str | None = None,
    double_possible: bool = False,
    reading: str = "second-contract-only",
) -> str | None:
    """Once per game (per junction card held) a player may take their junction contract instead
    of one from parliament, never as the second contract of a double take; its barge goes on
    any town or city. A junction canal has value 2 and is complete on reaching a second place,
    so it never joins three. Switch junction-double-take: ``whenever-two-possible`` (the DE
    text's in no case) also refuses it whenever the player could take two contracts at once
    (``double_possible``: parliament holds one or two, the player has no open contract)."""
    if completed_at is not None:
        return (
            f"a junction canal joins two places only: it was complete on reaching "
            f"{completed_at}, so nothing more is built on it"
        )
    if edition is Edition.FIRST:
        return "junction contracts exist only in the 2nd edition"
    if not has_card:
        return "this player has no junction contract left"
    if as_extra:
        return "a junction contract is never taken as the second contract of one action"
    if double_possible and reading == "whenever-two-possible":
        return (
            "this player could take two contracts at once, so the junction contract cannot be "
            "taken now"
        )
    return None
