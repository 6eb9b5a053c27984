"""Apparent problems of the texts that are proven harmless, so the cross-check does not report
them as findings.

A text may look self-contradictory on a case that can never arise, or print a name the board
spells otherwise while every text agrees on it. Each proof here is computed from the game's
numbers, not written by hand, and the report lists every dismissal with its proof, so a reader
can check it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from canaldsl.canalmania.analysis_board import builtin_board
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import CUBES_PER_SYMBOL, Edition
from canaldsl.canalmania.profiles import Profile

REMOVAL_CASES = (4, 3, 2)
"""The placement cases the 1st-edition texts empty first when the basin is short (reverse
order: towns without a canal, cities without, towns with one); case 1 (a city on a canal) is
the one they leave out."""


@dataclass(frozen=True)
class Dismissal:
    """A would-be finding, and why it is not one."""

    kind: str
    subject: str
    translations: tuple[str, ...]
    proof: str


def case_one_removal_reachable(*, cubes: int, cities: int, needed: int = CUBES_PER_SYMBOL) -> bool:
    """Whether emptying the basin can ever force a cube off a city on a canal (case 1).

    Cubes come off the map only while the basin holds fewer than ``needed``: with ``b`` in the
    basin, ``cubes - b`` are on the map and ``needed - b`` must come off. A place holds at most
    one cube, so at most ``cities`` of them sit in cities and at least ``cubes - b - cities`` in
    towns, which cases 4 and 2 reach first. Case 1 is reached only if that is fewer than
    ``needed - b`` for some ``b``, that is when ``cubes - cities < needed``.
    """
    return any(cubes - b - cities < needed - b for b in range(needed))


def _board(edition: Edition) -> Board:
    return builtin_board("england-1st" if edition is Edition.FIRST else "england-2nd")


def basin_case_proof(profile: Profile) -> str | None:
    """The proof that the removal order's missing case cannot arise, for a text with the
    1st edition's removal rule; None when it can arise."""
    cubes = profile.numbers.cubes
    if not isinstance(cubes, int):
        return None
    cities = sum(1 for place in _board(profile.edition).places.values() if place.is_city)
    if case_one_removal_reachable(cubes=cubes, cities=cities):
        return None
    return (
        f"with {cubes} cubes, {cities} cities and at most one cube a place, a basin short of "
        f"the {CUBES_PER_SYMBOL} cubes needed leaves at least {cubes - CUBES_PER_SYMBOL + 1} "
        f"on the map, at most {cities} of them in cities, so at least "
        f"{cubes - CUBES_PER_SYMBOL + 1 - cities} in towns: removal never reaches case 1 (a "
        "city on a canal), and cases 4, 3, 2 are the reverse of every case that can occur"
    )


PROVEN_CONTRADICTIONS = {"goods.basin-empty": basin_case_proof}
"""Self-contradictions that a computed proof may show cannot arise, by statement key."""


def contradiction_dismissed(key: str, profile: Profile) -> str | None:
    """Why a text's apparent self-contradiction on ``key`` is none, or None if it stands."""
    prove = PROVEN_CONTRADICTIONS.get(key)
    return prove(profile) if prove is not None else None


def name_dismissed(
    text: str, printing: tuple[str, ...], profiles: Mapping[str, Profile], likely: str | None
) -> str | None:
    """Why a printed name missing from the board is no translation error: every text prints
    it the same way (then the texts agree, and only canaldsl's board spells it otherwise)."""
    if set(printing) != set(profiles):
        return None
    board = f"; the board writes {likely!r}" if likely else ""
    return f"every text prints {text!r}: the texts agree, so it is no translation error{board}"
