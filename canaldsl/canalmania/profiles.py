"""What each translated rulebook states, wherever the three texts can differ.

A :class:`Profile` per translation (``it`` and ``fr``: 1st edition; ``de``: 2nd edition) records
the text as it is printed, not as we think the game should be:

* its edition and the numbers it states (:class:`StatedNumbers`);
* the value of every switch of :mod:`canaldsl.canalmania.options` as the text states it (where
  the text says nothing, the edition's default);
* a :class:`Statement` for every point where the three texts read differently: a stable key, a
  short comparable reading, a one-line paraphrase in our words, the section as printed, and
  where the same text contradicts itself, how;
* the names of places, contracts and engineers as the text prints them (:class:`NameUse`).

A scenario that starts with ``rulebook X`` is checked under X's edition and switches. The
statements and names feed ``canaldsl crosscheck``. Nothing here quotes a rulebook: paraphrases
and section titles only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal

from canaldsl.canalmania.components import Edition, TileKind
from canaldsl.canalmania.options import SWITCHES

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


def _switches(**stated: str) -> Mapping[str, str]:
    """Every switch by its name: the value given, which must be one the switch takes."""
    values = {name.replace("_", "-"): value for name, value in stated.items()}
    if set(values) != set(SWITCHES):
        raise ValueError(f"a profile sets every switch, not {sorted(values)}")
    for name, value in values.items():
        if value not in SWITCHES[name].values:
            raise ValueError(f"switch {name} takes {SWITCHES[name].values}, not {value!r}")
    return MappingProxyType(values)


_TILES = MappingProxyType(
    {TileKind.STRETCH: 16, TileKind.LOCK: 12, TileKind.AQUEDUCT: 4, TileKind.TUNNEL: 3}
)
_POINTS = MappingProxyType({TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3})
_CARDS = MappingProxyType(
    {TileKind.STRETCH: 1, TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3}
)
_FIRST_THRESHOLD = MappingProxyType({3: 60, 4: 50, 5: 40})
_FIRST_BONUS = MappingProxyType({3: (10, 6, 2), 4: (10, 7, 4, 1), 5: (10, 8, 6, 4, 2)})


def _first_edition_numbers(*, tiles_listed: bool) -> StatedNumbers:
    return StatedNumbers(
        cubes=15,
        players=(3, 5),
        end_threshold=_FIRST_THRESHOLD,
        parliament_end_trigger=True,
        contract_value_scored=False,
        prolific_builder_bonus=_FIRST_BONUS,
        junctions_per_player=MappingProxyType({}),
        tiles_per_player=_TILES if tiles_listed else None,
        tile_points=_POINTS,
        cards_per_tile=_CARDS,
        overbuild_extra_cards=2,
        hand_limit=7,
        display_size=5,
        parliament_size=5,
        cards_taken=3,
        max_open_contracts=2,
    )


# ---------------------------------------------------------------------------- Italian

_IT_GOODS = "I cubi merce si muovono"

ITALIAN = Profile(
    translation="it",
    language="Italian",
    title="Regolamento (1st edition), Italian translation by Morpheus, version 1.1, 2006",
    edition=Edition.FIRST,
    numbers=_first_edition_numbers(tiles_listed=False),
    number_sections=MappingProxyType(
        {
            "cubes": "Componenti > 4. Altri componenti; Preparazione",
            "players": "Fine della partita > 1. Round finale",
            "end_threshold": "Fine della partita > 1. Round finale",
            "parliament_end_trigger": "Fine della partita > 1. Round finale",
            "contract_value_scored": "Costruire canali > 3. Canali completati",
            "prolific_builder_bonus": "Fine della partita > 2. Punteggio finale",
            "junctions_per_player": "Contratti",
            "tiles_per_player": "Componenti > 2. Le tessere",
            "tile_points": "Costruire canali > 3. Canali completati",
            "cards_per_tile": "Costruire canali > 2. Giocare carte costruzione",
            "overbuild_extra_cards": "Costruire canali > 4. Regole di costruzione",
            "hand_limit": "Carte costruzione > 1. Prendere carte costruzione",
            "display_size": "Preparazione",
            "parliament_size": "Preparazione",
            "cards_taken": "Carte costruzione > 1. Prendere carte costruzione",
            "max_open_contracts": "Contratti > Prendere un contratto",
        }
    ),
    options=_switches(
        colour_restriction_start="included",
        undo_scope="earlier-turns",
        cube_removal_order="as-listed",
        rennie_display_draw_goods="placed",
        skip_phase="allowed",
    ),
    statements=(
        Statement(
            key="setup.first-player",
            reading="takes the red tiles and ... (the sentence is cut off)",
            paraphrase=(
                "Setup step 5: the player whose engineer was born first starts and takes the "
                "red tiles; the sentence breaks off before naming the rest."
            ),
            section="Preparazione (step 5)",
        ),
        Statement(
            key="contracts.via-places",
            reading="one town",
            paraphrase="A contract may name one further town the canal must pass through.",
            section="Componenti > 3. Le carte; Contratti > In Generale",
        ),
        Statement(
            key="goods.symbol-colours",
            reading="red, yellow, green, blue, black, purple",
            paraphrase="Goods symbols come in six colours.",
            section="Carte costruzione > 2. Piazzare cubi merci",
        ),
        Statement(
            key="goods.basin-empty",
            reading="remove cubes from the map: cases 4, 3, then 2",
            paraphrase=(
                "With the basin empty, cubes first come off the map: towns without a canal, "
                "then cities without a canal, then towns with a canal."
            ),
            section="Carte costruzione > Rimuovere cubi merce",
            contradiction=(
                "The text calls this order the reverse of the placement order, but lists only "
                "three of the four placement cases: cities with a canal are never removed."
            ),
            switch="cube-removal-order",
        ),
        Statement(
            key="build.consecutive-tiles",
            reading="consecutive hexes",
            paraphrase="Two tiles of one kind may not stand on consecutive hexes of one section.",
            section="Costruire canali > 4. Regole di costruzione (Tessere Consecutive)",
        ),
        Statement(
            key="undo.scope",
            reading="earlier-turns",
            paraphrase="A player may take back any tiles built in an earlier turn.",
            section="Costruire canali > 5. Cattiva amministrazione del canale",
            switch="undo-scope",
        ),
        Statement(
            key="build.wrong-build-noticed-late",
            reading="stays as built",
            paraphrase=("A wrongly built canal stays as it is once its builder's turn is over."),
            section="Costruire canali > 5. Cattiva amministrazione del canale",
        ),
        Statement(
            key="goods.points",
            reading="a point per town of each owner's sections",
            paraphrase=(
                "A point for every town the cube visits, start and destination included; "
                "the next paragraph (other players' canals) gives each section's owner the "
                "towns of its sections, so the mover scores only those of its own."
            ),
            section=f"{_IT_GOODS}; Canali di altri giocatori",
        ),
        Statement(
            key="goods.unfinished-canal",
            reading=NOT_STATED,
            paraphrase="Whether a cube may use a finished section of an unfinished canal.",
            section=_IT_GOODS,
        ),
        Statement(
            key="goods.colour-restriction-start",
            reading="included",
            paraphrase="The place the cube starts from counts for the colour restriction.",
            section=f"{_IT_GOODS} > Limitazione del colore",
            switch="colour-restriction-start",
        ),
        Statement(
            key="goods.shortest-route",
            reading=NOT_STATED,
            paraphrase="Nothing obliges a player to take the shortest of several routes.",
            section=_IT_GOODS,
        ),
        Statement(
            key="barge.start-endpoint",
            reading=NOT_STATED,
            paraphrase=(
                "Whether the barge may move to the contract's other endpoint before building."
            ),
            section="Contratti > Piazzamento della chiatta",
        ),
        Statement(
            key="winner.tie-break",
            reading="engineer born last (highest number)",
            paraphrase=(
                "On equal scores, the player whose engineer was born last (highest number) wins."
            ),
            section="Fine della partita > 3. Vincere a Canal Mania; Ingegneri",
        ),
        Statement(
            key="end.variable-length",
            reading="none",
            paraphrase="No variant moves the score that starts the end.",
            section="Fine della partita > 1. Round finale",
        ),
    ),
    names=(
        *(
            NameUse(place, "place")
            for place in (
                "Arundel",
                "Basingstoke",
                "Bath",
                "Birmingham",
                "Bristol",
                "Burton",
                "Chester",
                "Coventry",
                "Gloucester",
                "Goole",
                "Guildford",
                "Huddersfield",
                "Lancaster",
                "Leeds",
                "Leighton Buzzard",
                "Liverpool",
                "London",
                "Maidstone",
                "Manchester",
                "Northampton",
                "Nottingham",
                "Oxford",
                "Peterborough",
                "Preston",
                "Reading",
                "Sheffield",
                "Skipton",
                "Stoke",
                "Taunton",
                "Tonbridge",
                "Weybridge",
                "Worcester",
            )
        ),
        NameUse("Bridgewater", "place", ("I cubi merce si muovono",)),
        *(
            NameUse(contract, "contract")
            for contract in (
                "Medway Navigation",
                "Leeds & Liverpool",
                "Shropshire Union",
                "Wey & Arun",
                "Kennet & Avon",
                "Lancaster",
                "Huddersfield Narrow Canal",
                "Rochdale e Calder, Hebble, Aire Navigations",
            )
        ),
        *(
            NameUse(engineer, "engineer")
            for engineer in ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")
        ),
    ),
)

# ---------------------------------------------------------------------------- French

_FR_GOODS = "Le transport des marchandises"

FRENCH = Profile(
    translation="fr",
    language="French",
    title="Règles du jeu (1st edition), French translation by LudiGaume, version 1.1",
    edition=Edition.FIRST,
    numbers=_first_edition_numbers(tiles_listed=True),
    number_sections=MappingProxyType(
        {
            "cubes": "Contenu > 4. Autres composants; Mise en place",
            "players": "Fin du jeu > I. Les derniers tours",
            "end_threshold": "Fin du jeu > I. Les derniers tours",
            "parliament_end_trigger": "Fin du jeu > I. Les derniers tours",
            "contract_value_scored": "Construction des canaux > 3. Compléter un canal",
            "prolific_builder_bonus": "Fin du jeu > 2. Score final",
            "junctions_per_player": "Contrats",
            "tiles_per_player": "Contenu > 2. Les tuiles",
            "tile_points": "Construction des canaux > 3. Compléter un canal",
            "cards_per_tile": "Construction des canaux > 2. Jouer des cartes Construction",
            "overbuild_extra_cards": (
                "Construction des canaux > 4. Réglementation des constructions"
            ),
            "hand_limit": "Cartes Construction > 1. Prendre des cartes Construction",
            "display_size": "Mise en place",
            "parliament_size": "Mise en place",
            "cards_taken": "Cartes Construction > 1. Prendre des cartes Construction",
            "max_open_contracts": "Contrats > Prendre un contrat",
        }
    ),
    options=_switches(
        colour_restriction_start="excluded",
        undo_scope="earlier-turns",
        cube_removal_order="as-listed",
        rennie_display_draw_goods="placed",
        skip_phase="allowed",
    ),
    statements=(
        Statement(
            key="setup.first-player",
            reading="takes the red tiles and barges",
            paraphrase=(
                "Setup step 5: the player whose engineer was born first starts and takes the "
                "red tiles and barges."
            ),
            section="Mise en place (step 5)",
        ),
        Statement(
            key="contracts.via-places",
            reading="any towns",
            paraphrase="A contract shows any towns the canal must connect on its way.",
            section="Contenu > 3. Les cartes; Contrats > Généralités",
        ),
        Statement(
            key="goods.symbol-colours",
            reading="red, yellow, blue, black, purple",
            paraphrase="Goods symbols are listed in five colours, green missing.",
            section="Cartes Construction > 2. Placer des marchandises",
            contradiction=(
                "Green is missing from the list, yet the example just below places the cubes "
                "of a green goods symbol."
            ),
        ),
        Statement(
            key="goods.basin-empty",
            reading="remove cubes from the map: cases 4, 3, then 2",
            paraphrase=(
                "With the basin empty, cubes first come off the map: towns without a canal, "
                "then cities without a canal, then towns with a canal."
            ),
            section="Cartes Construction > Retirer des marchandises",
            contradiction=(
                "The text calls this order the reverse of the placement order, but lists only "
                "three of the four placement cases: cities with a canal are never removed."
            ),
            switch="cube-removal-order",
        ),
        Statement(
            key="build.consecutive-tiles",
            reading="adjacent hexes",
            paraphrase="Two tiles of one kind may not stand on adjacent hexes of one section.",
            section="Construction des canaux > 4. Réglementation des constructions "
            "(Tuiles consécutives)",
        ),
        Statement(
            key="undo.scope",
            reading="earlier-turns",
            paraphrase="A player may take back tiles built in an earlier turn.",
            section="Construction des canaux > 5. Mauvaise gestion de canal",
            switch="undo-scope",
        ),
        Statement(
            key="build.wrong-build-noticed-late",
            reading="stays as built",
            paraphrase="A wrongly built canal stays as it is once its builder's turn is over.",
            section="Construction des canaux > 5. Mauvaise gestion de canal",
        ),
        Statement(
            key="goods.points",
            reading="a point per town of each owner's sections",
            paraphrase=(
                "A point for every town the cube visits, start and destination included; "
                "the next paragraph (other players' canals) gives each section's owner the "
                "towns of its sections, so the mover scores only those of its own."
            ),
            section=f"{_FR_GOODS}; Les canaux des autres joueurs",
        ),
        Statement(
            key="goods.unfinished-canal",
            reading=NOT_STATED,
            paraphrase="Whether a cube may use a finished section of an unfinished canal.",
            section=_FR_GOODS,
        ),
        Statement(
            key="goods.colour-restriction-start",
            reading="excluded",
            paraphrase=(
                "The text says the place the cube starts from does not count for the colour "
                "restriction."
            ),
            section=f"{_FR_GOODS} > Restriction des couleurs",
            contradiction=(
                "Its own example right below (a cube at Peterborough cannot go past Leighton "
                "Buzzard, as Peterborough and London are both red) needs the starting place to "
                "count."
            ),
            switch="colour-restriction-start",
        ),
        Statement(
            key="goods.shortest-route",
            reading=NOT_STATED,
            paraphrase="Nothing obliges a player to take the shortest of several routes.",
            section=_FR_GOODS,
        ),
        Statement(
            key="barge.start-endpoint",
            reading=NOT_STATED,
            paraphrase=(
                "Whether the barge may move to the contract's other endpoint before building."
            ),
            section="Contrats > Placer une barge",
        ),
        Statement(
            key="winner.tie-break",
            reading="engineer with the oldest birth date, said to be the highest number",
            paraphrase=(
                "On equal scores, the player whose engineer has the oldest birth date wins; "
                "the text puts 'highest number on the card' in brackets."
            ),
            section="Fin du jeu > 3. Gagner à Canal Mania",
            contradiction=(
                "The oldest birth date is the lowest number, not the highest; the Ingénieurs "
                "section of the same text gives ties to the latest birth date (highest number)."
            ),
        ),
        Statement(
            key="end.variable-length",
            reading="none",
            paraphrase="No variant moves the score that starts the end.",
            section="Fin du jeu > I. Les derniers tours",
        ),
    ),
    names=(
        *(
            NameUse(place, "place")
            for place in (
                "Arundel",
                "Basingstoke",
                "Bath",
                "Birmingham",
                "Bristol",
                "Burton",
                "Chester",
                "Coventry",
                "Gloucester",
                "Goole",
                "Guildford",
                "Huddersfield",
                "Lancaster",
                "Leeds",
                "Leighton Buzzard",
                "Liverpool",
                "London",
                "Maidstone",
                "Manchester",
                "Northampton",
                "Nottingham",
                "Oxford",
                "Peterborough",
                "Preston",
                "Reading",
                "Sheffield",
                "Skipton",
                "Stoke",
                "Taunton",
                "Weybridge",
                "Worcester",
            )
        ),
        NameUse(
            "Tombridge",
            "place",
            ("Contrats > Généralités", "Construction des canaux > 4. (Tuiles consécutives)"),
        ),
        NameUse("Stocke", "place", ("Contrats > Généralités",)),
        NameUse("Londres", "place", (_FR_GOODS,)),
        NameUse("Bridgewater", "place", (_FR_GOODS,)),
        NameUse("Guilford", "place", (f"{_FR_GOODS} > Restriction des couleurs",)),
        *(
            NameUse(contract, "contract")
            for contract in (
                "The Medway Navigation",
                "The Leeds & Liverpool Canal",
                "The Shropshire Union Canal",
                "Wey & Arun Canal",
                "Kennet & Avon",
                "Lancaster Canal",
                "Huddersfield Narrow",
            )
        ),
        NameUse(
            "Rochdal et Calder, Hebble, Aire Navigations",
            "contract",
            ("Construction des canaux > 4. (Intégrité du canal)",),
        ),
        *(
            NameUse(engineer, "engineer")
            for engineer in ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")
        ),
        NameUse("Tedford", "engineer", ("Contenu > 3. Les cartes",)),
    ),
)

# ---------------------------------------------------------------------------- German

_DE_GOODS = "Die Güterbewegung"

GERMAN = Profile(
    translation="de",
    language="German",
    title="Spielregeln (2nd edition), German rules by Ferdinand Köther, 2006",
    edition=Edition.SECOND,
    numbers=StatedNumbers(
        cubes=20,
        players=(2, 5),
        end_threshold=MappingProxyType({2: 80, 3: 70, 4: 60, 5: 50}),
        parliament_end_trigger=False,
        contract_value_scored=True,
        prolific_builder_bonus=MappingProxyType({}),
        junctions_per_player=MappingProxyType({2: 2, 3: 1, 4: 1, 5: 1}),
        tiles_per_player=_TILES,
        tile_points=_POINTS,
        cards_per_tile=_CARDS,
        overbuild_extra_cards=2,
        hand_limit=7,
        display_size=5,
        parliament_size=5,
        cards_taken=3,
        max_open_contracts=2,
    ),
    number_sections=MappingProxyType(
        {
            "cubes": "Spielmaterial > 4. Sonstiges Spielmaterial; Spielaufbau",
            "players": "Spielaufbau (step 2)",
            "end_threshold": "Spielaufbau (step 2); Spielende > 1. Die Schlussrunden",
            "parliament_end_trigger": "Spielende > 1. Die Schlussrunden",
            "contract_value_scored": "Kanalbau > 3. Fertigstellung eines Kanals",
            "prolific_builder_bonus": "Spielende > 2. Endwertung",
            "junctions_per_player": "Spielaufbau (step 4); Verträge > Anschlussverträge",
            "tiles_per_player": "Spielmaterial > 2. Die Kanalplättchen",
            "tile_points": "Kanalbau > 3. Fertigstellung eines Kanals",
            "cards_per_tile": "Kanalbau > 2. Bauarten spielen",
            "overbuild_extra_cards": "Kanalbau > 4. Baubestimmungen",
            "hand_limit": "Baukarten > 1. Baukarten aufnehmen",
            "display_size": "Spielaufbau (step 6)",
            "parliament_size": "Spielaufbau (step 5)",
            "cards_taken": "Baukarten > 1. Baukarten aufnehmen",
            "max_open_contracts": "Verträge > Einen Vertrag nehmen",
        }
    ),
    number_contradictions=MappingProxyType(
        {
            "tile_points": (
                "The Leeds & Liverpool example in the same section gives each of its two locks "
                "2 points, yet its total of 7 canal points counts them at 1 each."
            )
        }
    ),
    options=_switches(
        colour_restriction_start="included",
        undo_scope="previous-turn",
        cube_removal_order="as-listed",
        rennie_display_draw_goods="placed",
        skip_phase="allowed",
    ),
    statements=(
        Statement(
            key="setup.first-player",
            reading="takes the red tiles and barges",
            paraphrase=(
                "Setup step 7: the player whose engineer was born first starts and takes the "
                "red tiles and barges."
            ),
            section="Spielaufbau (step 7)",
        ),
        Statement(
            key="contracts.via-places",
            reading="any towns",
            paraphrase="A contract names, where there are any, the town or towns to pass through.",
            section="Spielmaterial > 3. Die Karten",
        ),
        Statement(
            key="goods.symbol-colours",
            reading="red, yellow, green, blue, black, purple",
            paraphrase="Goods symbols come in six colours.",
            section="Baukarten > 2. Gütermarker einsetzen",
        ),
        Statement(
            key="goods.basin-empty",
            reading="place no more cubes",
            paraphrase=(
                "Once all 20 cubes are on the map no further cube is placed; none is removed."
            ),
            section="Baukarten > 2. Gütermarker einsetzen",
        ),
        Statement(
            key="build.consecutive-tiles",
            reading="adjacent hexes",
            paraphrase=(
                "Two tiles of one kind may not stand on neighbouring hexes of one section."
            ),
            section="Kanalbau > 4. Baubestimmungen (Benachbarte Plättchen)",
        ),
        Statement(
            key="undo.scope",
            reading="previous-turn",
            paraphrase="A player may take back tiles built in his own previous turn only.",
            section="Kanalbau > 5. Fehlplanung (Unvorhergesehene Probleme)",
            switch="undo-scope",
        ),
        Statement(
            key="build.wrong-build-noticed-late",
            reading="stays as built, then completed by the shortest route",
            paraphrase=(
                "A wrongly built canal noticed after another player has begun a turn stays, "
                "and must then be completed by the shortest possible route."
            ),
            section="Kanalbau > 5. Fehlplanung (Verletzung der Baubestimmungen)",
        ),
        Statement(
            key="goods.points",
            reading="a point per town of each owner's sections",
            paraphrase=(
                "The mover scores a point for every town on its own canal sections that the "
                "cube passes, start and destination included."
            ),
            section=_DE_GOODS,
        ),
        Statement(
            key="goods.unfinished-canal",
            reading="allowed",
            paraphrase="A cube may travel along a finished section of a canal not yet complete.",
            section=_DE_GOODS,
        ),
        Statement(
            key="goods.colour-restriction-start",
            reading="included",
            paraphrase="The place the cube starts from counts for the colour restriction.",
            section=f"{_DE_GOODS} > Die Farbbeschränkung",
            switch="colour-restriction-start",
        ),
        Statement(
            key="goods.shortest-route",
            reading="shortest route on own canals",
            paraphrase=(
                "When every possible route runs on the mover's own canals only, the shortest "
                "must be taken."
            ),
            section=f"{_DE_GOODS} > Alternative Streckenwahl",
        ),
        Statement(
            key="barge.start-endpoint",
            reading="building starts where the barge was put",
            paraphrase=(
                "Building starts at the endpoint where the barge was put; the barge may not "
                "move to the other endpoint first."
            ),
            section="Verträge > Kanalboot einsetzen",
        ),
        Statement(
            key="winner.tie-break",
            reading=(
                "most canals completed, then highest contract value, then engineer born last "
                "(highest number)"
            ),
            paraphrase=(
                "On equal scores: most canals completed, then the highest total contract "
                "value, then the engineer born last (highest number)."
            ),
            section="Spielende > 3. Spielsieger; Die Ingenieure",
        ),
        Statement(
            key="end.variable-length",
            reading="end mark may move by 10 points",
            paraphrase="For a longer or shorter game the end marker may be moved by 10 points.",
            section="Verschiedenes > 1. Variable Spiellänge",
        ),
    ),
    names=(
        *(
            NameUse(place, "place")
            for place in (
                "Arundel",
                "Basingstoke",
                "Bath",
                "Birmingham",
                "Bristol",
                "Burton",
                "Chester",
                "Coventry",
                "Gloucester",
                "Goole",
                "Guildford",
                "Huddersfield",
                "Lancaster",
                "Leeds",
                "Leicester",
                "Liverpool",
                "London",
                "Maidstone",
                "Manchester",
                "Newark",
                "Northampton",
                "Nottingham",
                "Oxford",
                "Preston",
                "Reading",
                "Sheffield",
                "Skipton",
                "Stoke",
                "Taunton",
                "Tonbridge",
                "Weybridge",
                "Worcester",
            )
        ),
        NameUse("Bridgewater", "place", (_DE_GOODS,)),
        *(
            NameUse(contract, "contract")
            for contract in (
                "The Medway Navigation",
                "The Leeds & Liverpool Canal",
                "The Shropshire Union Canal",
                "Lancaster Canal",
                "Wey und Arun Canal",
                "Kennet and Avon Canal",
                "Huddersfield Narrow Canal",
                "Rochdale Canal and Calder, Hebble, Aire Navigations",
            )
        ),
        *(
            NameUse(engineer, "engineer")
            for engineer in ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")
        ),
    ),
)

ILLUSTRATED_BY: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "contracts.via-places": ("contract-via-leeds-liverpool",),
        "goods.symbol-colours": ("goods-green-symbol-two-towns",),
        "goods.basin-empty": ("goods-removal-empty-basin",),
        "build.consecutive-tiles": (
            "consecutive-tiles-medway-lock-stretch",
            "consecutive-tiles-across-town",
        ),
        "goods.points": ("goods-taunton-bridgwater", "goods-basingstoke-arundel"),
        "goods.colour-restriction-start": ("colour-restriction-start-place",),
        "goods.shortest-route": ("shortest-route-huddersfield-sheffield",),
        "number.end-threshold": ("endgame-trigger-second-player",),
        "end.variable-length": ("variable-game-length",),
        "number.contract-value-scored": (
            "completion-score-leeds-liverpool",
            "contract-termini-medway",
        ),
        "number.tile-points": ("completion-score-leeds-liverpool",),
        "number.cubes": ("goods-removal-empty-basin",),
        "number.junctions-per-player": (
            "junction-canal-huddersfield-sheffield",
            "junctions-two-player-game",
        ),
        "number.prolific-builder-bonus": ("prolific-builder-tie-contract-values",),
        "number.cards-per-tile": ("cards-goole-sheffield",),
        "number.tiles-per-player": ("tile-supply-no-tunnels-left",),
    }
)
"""The worked examples (by id) that illustrate each point, in whichever texts have them."""

PROFILES: Final[Mapping[str, Profile]] = MappingProxyType(
    {p.translation: p for p in (ITALIAN, FRENCH, GERMAN)}
)
"""Every translation's profile by its code (``it``, ``fr``, ``de``)."""


def profile(translation: str) -> Profile:
    """The profile of a translation by its code; KeyError for an unknown code."""
    return PROFILES[translation]
