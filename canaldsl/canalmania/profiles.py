"""What each translated rulebook states, wherever the three texts can differ.

A :class:`Profile` per translation (``it`` and ``fr``: 1st edition; ``de``: 2nd edition) records
the text as it is printed, not as we think the game should be:

* its edition and the numbers it states (:class:`StatedNumbers`);
* the value of every switch of :mod:`canaldsl.canalmania.options` as the text states it (the
  switch's default for this translation, kept there with its reason; where the text says
  nothing, the edition's default);
* a :class:`Statement` for every point where the three texts read differently: a stable key, a
  short comparable reading, a one-line paraphrase in our words, the section as printed, and
  where the same text contradicts itself, how;
* the names of places, contracts and engineers as the text prints them (:class:`NameUse`).

The profiles are data: ``data/profiles/<translation>.toml``, read by :func:`load_profile` (and
the examples illustrating each point, ``data/profiles/illustrated-by.toml``). A scenario that
starts with ``rulebook X`` is checked under X's edition and switches. The statements and names
feed ``canaldsl crosscheck``. Nothing here quotes a rulebook: paraphrases and section titles
only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal

from canaldsl.canalmania.components import Edition, TileKind
from canaldsl.canalmania.options import resolve
from canaldsl.datafiles import read_toml

NameKind = Literal["place", "contract", "engineer"]

NOT_STATED: Final = "not stated"
"""The reading of a point a text says nothing about."""


@dataclass(frozen=True)
class Statement:
    """How one text states one point of the rules.

    ``reading`` is short and comparable across texts (two texts differ on a point exactly when
    their readings differ); ``paraphrase`` says it in a line of our own words; ``section`` is
    where the text says it, titles as printed. ``contradiction`` says how the same text
    contradicts this statement elsewhere (an example, another section), if it does. ``switch``
    names the engine switch that follows this point, if there is one.
    """

    key: str
    reading: str
    paraphrase: str
    section: str
    contradiction: str | None = None
    switch: str | None = None


@dataclass(frozen=True)
class NameUse:
    """A name as a text prints it, and the sections where that spelling appears."""

    text: str
    kind: NameKind
    sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class StatedNumbers:
    """The numbers a text states; None where it states none (the list is missing)."""

    cubes: int
    players: tuple[int, int]
    end_threshold: Mapping[int, int]
    parliament_end_trigger: bool
    contract_value_scored: bool
    prolific_builder_bonus: Mapping[int, tuple[int, ...]]
    junctions_per_player: Mapping[int, int]
    tiles_per_player: Mapping[TileKind, int] | None
    tile_points: Mapping[TileKind, int]
    cards_per_tile: Mapping[TileKind, int]
    overbuild_extra_cards: int
    hand_limit: int
    display_size: int
    parliament_size: int
    cards_taken: int
    max_open_contracts: int


_NUMBER_WORDS: Final = MappingProxyType(
    {
        "cubes": "goods cubes in the game",
        "players": "players (fewest, most)",
        "end_threshold": "score that starts the end, by number of players",
        "parliament_end_trigger": "turning up the last five contracts starts the end",
        "contract_value_scored": "a completed contract scores its value",
        "prolific_builder_bonus": "prolific builder bonus, by number of players",
        "junctions_per_player": "junction contracts per player, by number of players",
        "tiles_per_player": "tiles in a player's set",
        "tile_points": "points for a tile when its canal is scored",
        "cards_per_tile": "cards paid for a tile",
        "overbuild_extra_cards": "extra cards to build on top of another tile",
        "hand_limit": "cards a hand may hold at the end of a turn",
        "display_size": "build cards on display",
        "parliament_size": "contracts in parliament",
        "cards_taken": "build cards taken from the display",
        "max_open_contracts": "open contracts a player may hold",
    }
)


def _number_reading(value: object) -> str:
    """A number, a table or a flag in one comparable line."""
    if value is None:
        return NOT_STATED
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " to ".join(str(v) for v in value)
    if isinstance(value, Mapping):
        if not value:
            return "none"
        parts = []
        for key, item in value.items():
            label = key.value if isinstance(key, TileKind) else f"{key} players"
            shown = "/".join(str(i) for i in item) if isinstance(item, tuple) else str(item)
            parts.append(f"{label}: {shown}")
        return ", ".join(parts)
    return str(value)


@dataclass(frozen=True)
class Profile:
    """One translation's text: edition, numbers, switches, statements and printed names."""

    translation: str
    language: str
    title: str
    edition: Edition
    numbers: StatedNumbers
    number_sections: Mapping[str, str]
    options: Mapping[str, str]
    statements: tuple[Statement, ...]
    names: tuple[NameUse, ...]
    number_contradictions: Mapping[str, str] = field(default_factory=dict)

    def number_statements(self) -> tuple[Statement, ...]:
        """The stated numbers as statements (key ``number.FIELD``), comparable across texts."""
        out = []
        for name, words in _NUMBER_WORDS.items():
            reading = _number_reading(getattr(self.numbers, name))
            out.append(
                Statement(
                    key=f"number.{name.replace('_', '-')}",
                    reading=reading,
                    paraphrase=f"{words}: {reading}",
                    section=self.number_sections.get(name, ""),
                    contradiction=self.number_contradictions.get(name),
                )
            )
        return tuple(out)

    def all_statements(self) -> Mapping[str, Statement]:
        """Every statement of this text by key: the numbers, then the rule statements."""
        return MappingProxyType(
            {st.key: st for st in (*self.number_statements(), *self.statements)}
        )


# ---------------------------------------------------------------------------- the data files


def _table(data: Mapping[str, Any]) -> Mapping[Any, Any]:
    """A TOML table of numbers by number of players or by tile kind, in its Python form."""
    converted: dict[Any, Any] = {}
    for key, value in data.items():
        typed_key: object = int(key) if key.isdigit() else TileKind(key)
        converted[typed_key] = tuple(value) if isinstance(value, list) else value
    return MappingProxyType(converted)


def _numbers(data: Mapping[str, Any]) -> StatedNumbers:
    fields: dict[str, Any] = {}
    for item in dataclasses.fields(StatedNumbers):
        value = data.get(item.name)
        if isinstance(value, dict):
            value = _table(value)
        elif isinstance(value, list):
            value = tuple(value)
        fields[item.name] = value
    return StatedNumbers(**fields)


def load_profile(translation: str) -> Profile:
    """The profile of a translation, read from ``data/profiles/<translation>.toml``."""
    data = read_toml(
        __package__ or "canaldsl.canalmania", "data", "profiles", f"{translation}.toml"
    )
    return Profile(
        translation=data["translation"],
        language=data["language"],
        title=data["title"],
        edition=Edition(data["edition"]),
        numbers=_numbers(data["numbers"]),
        number_sections=MappingProxyType(data["number_sections"]),
        options=resolve(Edition(data["edition"]), {}, data["translation"]),
        statements=tuple(Statement(**st) for st in data["statements"]),
        names=tuple(
            NameUse(n["text"], n["kind"], tuple(n.get("sections", ()))) for n in data["names"]
        ),
        **(
            {"number_contradictions": MappingProxyType(data["number_contradictions"])}
            if "number_contradictions" in data
            else {}
        ),
    )


TRANSLATIONS: Final = ("it", "fr", "de")
"""The translations profiled: Italian and French (1st edition), German (2nd edition)."""

PROFILES: Final[Mapping[str, Profile]] = MappingProxyType(
    {code: load_profile(code) for code in TRANSLATIONS}
)
"""Every translation's profile by its code (``it``, ``fr``, ``de``)."""

ILLUSTRATED_BY: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        point: tuple(examples)
        for point, examples in read_toml(
            __package__ or "canaldsl.canalmania", "data", "profiles", "illustrated-by.toml"
        )["illustrated_by"].items()
    }
)
"""The worked examples (by id) that illustrate each point, in whichever texts have them."""


def profile(translation: str) -> Profile:
    """The profile of a translation by its code; KeyError for an unknown code."""
    return PROFILES[translation]
