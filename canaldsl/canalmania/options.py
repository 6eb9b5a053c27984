"""Named switches for the points where the rulebooks' readings differ.

A file sets one with ``option NAME = VALUE`` inside its ``rules`` block. Every switch has a
default, which may depend on the edition, and a short account of the texts behind it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from canaldsl.canalmania.components import Edition


@dataclass(frozen=True)
class Switch:
    """One named reading of an unclear or inconsistent rule."""

    name: str
    values: tuple[str, ...]
    first_edition_default: str
    second_edition_default: str
    summary: str
    sources: str

    def default(self, edition: Edition) -> str:
        if edition is Edition.FIRST:
            return self.first_edition_default
        return self.second_edition_default


SWITCHES: Final[Mapping[str, Switch]] = MappingProxyType(
    {
        s.name: s
        for s in (
            Switch(
                name="colour-restriction-start",
                values=("included", "excluded"),
                first_edition_default="included",
                second_edition_default="included",
                summary=(
                    "Whether the place a goods cube starts from counts for the rule that a "
                    "route never holds two places of one colour."
                ),
                sources=(
                    "IT and DE say the starting place counts; the FR text says it does not, "
                    "but the FR example beneath it only works if it counts."
                ),
            ),
            Switch(
                name="undo-scope",
                values=("earlier-turns", "previous-turn"),
                first_edition_default="earlier-turns",
                second_edition_default="previous-turn",
                summary=(
                    "Which of a player's tiles may be taken back: any built in an earlier "
                    "turn, or only those built in that player's previous turn."
                ),
                sources=(
                    "IT and FR (Cattiva amministrazione / Mauvaise gestion) allow tiles of any "
                    "earlier turn; DE (Fehlplanung) speaks of the previous turn only."
                ),
            ),
            Switch(
                name="cube-removal-order",
                values=("as-listed", "reverse-placement"),
                first_edition_default="as-listed",
                second_edition_default="as-listed",
                summary=(
                    "1st edition, empty basin: cubes come off towns without a canal, then "
                    "cities without a canal, then towns with a canal (as listed), or also "
                    "from cities with a canal last (the full reverse of the placement order)."
                ),
                sources=(
                    "IT and FR list three cases (4, 3, 2) yet call it the reverse of the "
                    "four-case placement order."
                ),
            ),
            Switch(
                name="rennie-display-draw-goods",
                values=("placed", "ignored"),
                first_edition_default="placed",
                second_edition_default="placed",
                summary=(
                    "Whether a face-up card Rennie takes instead of the top card of the deck "
                    "brings goods cubes as any face-up card does."
                ),
                sources="No text says; a face-up card with a symbol brings cubes when taken.",
            ),
            Switch(
                name="skip-phase",
                values=("allowed", "forbidden"),
                first_edition_default="allowed",
                second_edition_default="allowed",
                summary=(
                    "Whether a player may take no action in a phase (apart from the "
                    "contract a player without one must take)."
                ),
                sources="All three texts say a player may take one action in each phase.",
            ),
        )
    }
)


def resolve(edition: Edition, settings: Mapping[str, str]) -> Mapping[str, str]:
    """Every switch's value: the file's setting where given, else the edition's default."""
    return MappingProxyType(
        {name: settings.get(name, switch.default(edition)) for name, switch in SWITCHES.items()}
    )
