"""Rules of building canals: where tiles go, what they cost, and what a canal may become."""

from __future__ import annotations

from canaldsl.canalmania.board import TileSite
from canaldsl.canalmania.components import (
    CARDS_PER_TILE,
    OVERBUILD_EXTRA_CARDS,
    TERRAIN_TILES,
    TILE_POINTS,
    Edition,
    Terrain,
    TileKind,
)
from canaldsl.canalmania.rulebase import SECOND, rule
from canaldsl.rules import RuleKind


@rule(
    "build.own-contract",
    title="Build only on your own open contracts",
    it="Costruire canali > 1. In generale (Chiatte, Canali multipli)",
    fr="Construction des canaux > 1. Généralités (Barges, Canaux multiples)",
    de="Kanalbau > 1. Allgemeines (Kanalboote, Mehrfacher Kanalbau)",
)
def own_contract(*, contract: str, open_canal: bool) -> str | None:
    """Tiles are built for one of the player's open contracts (one or both, in one action)."""
    if not open_canal:
        return f"{contract!r} is not an open contract of this player"
    return None


@rule(
    "build.start-at-barge",
    title="Building starts next to the barge",
    it="Costruire canali > 1. In generale (Chiatte)",
    fr="Construction des canaux > 1. Généralités (Barges)",
    de="Kanalbau > 1. Allgemeines (Kanalboote)",
)
def start_at_barge(*, hex_label: str, barge: str, adjacent: bool) -> str | None:
    """A build on a canal starts on a hex next to its barge, which stands on an endpoint (before
    the first tile), on the canal's last tile, or on the town that last tile reaches."""
    if not adjacent:
        return f"building starts next to the barge at {barge}; {hex_label} is not next to it"
    return None


@rule(
    "build.connected",
    title="Each tile joins the one before",
    it="Costruire canali > 1. In generale (Tessere costruzione, Sezioni di canali)",
    fr="Construction des canaux > 1. Généralités (Tuiles Construction, Section de canal)",
    de="Kanalbau > 1. Allgemeines (Kanalplättchen, Kanalabschnitte)",
)
def connected(*, what: str, previous: str, adjacent: bool, section_tiles: int) -> str | None:
    """Tiles are built one at a time, each joining the previous one; a tile leading into a town
    connects it, ending a section (tiles are never built on towns), and the next section starts
    on any hex next to that town. A section has at least one tile."""
    if not adjacent:
        return f"{what} is not next to {previous}, the end of the canal"
    if section_tiles == 0:
        return f"{what} cannot follow {previous} directly: a section has at least one tile"
    return None


@rule(
    "build.terrain",
    title="Tiles suit the terrain",
    it="Costruire canali > 2. Giocare carte costruzione",
    fr="Construction des canaux > 2. Jouer des cartes Construction",
    de="Kanalbau > 2. Bauarten spielen",
)
def terrain(
    *, hex_label: str, kind: TileKind, site: TileSite, terrain: Terrain | None, place: str | None
) -> str | None:
    """Clear terrain takes a stretch or a lock; difficult terrain an aqueduct or a tunnel. No
    tile is ever built on a town or city, at sea or off the map."""
    # ``site`` is the board's judgement (Board.tile_site); ``terrain`` and ``place`` only name
    # what is there, for the message.
    if site is TileSite.PLACE:
        return f"no tile is built on a town: {place} is at {hex_label}"
    if site is TileSite.OFF_MAP or terrain is None:
        return f"{hex_label} is not on the map"
    if site is TileSite.UNBUILDABLE:
        return f"nothing may be built on {hex_label}: it is {terrain.value}"
    if site is TileSite.WRONG_TERRAIN:
        names = " or ".join(_article(k.value) for k in TERRAIN_TILES[terrain])
        return (
            f"{hex_label} is {terrain.value} terrain: it takes {names}, not {_article(kind.value)}"
        )
    return None


# -- payment: one rule per mistake, named for what was wrong (issue 13). The former ids
# (build.card-cost, build.card-kind, build.cards-in-hand, engineer.brindley, engineer.jessop,
# engineer.telford) are aliases of these (canaldsl.canalmania.rulebook).

_CHEAPER = {
    TileKind.TUNNEL: ("Jessop", "two tunnel cards are enough only with Jessop"),
    TileKind.AQUEDUCT: ("Telford", "one aqueduct card is enough only with Telford"),
}
"""The engineers who build a tile kind with fewer cards, and the exception in words."""


@rule(
    "pay.wrong-count",
    title="A tile is paid with the cards it costs",
    it="Costruire canali > 2. Giocare carte costruzione (Carte ispettore); Ingegneri "
    "(Jessop, Telford)",
    fr="Construction des canaux > 2. Jouer des cartes Construction (Cartes Géomètre); "
    "Ingénieurs (Jessop, Telford)",
    de="Kanalbau > 2. Bauarten spielen (Inspektorkarten); Die Ingenieure (Jessop, Telford)",
)
def wrong_count(*, kind: TileKind, plays: int, needed: int, engineer: str | None) -> str | None:
    """A stretch costs one card, a lock one, an aqueduct two, a tunnel three; Telford builds
    an aqueduct with one card and Jessop a tunnel with two. Building on top of another tile
    costs two more cards of any kind. Paying fewer or more cards than that is this mistake
    (the message says which, and names the engineer who would pay less)."""
    if plays == needed:
        return None
    cards = f"{needed} card{'s' if needed != 1 else ''}"
    if plays > needed:
        return f"too many cards: this {kind.value} costs {cards}, not {plays}"
    said = f"too few cards: this {kind.value} costs {cards}, not {plays}"
    cheaper = _CHEAPER.get(kind)
    if cheaper is not None and engineer != cheaper[0]:
        said += f" ({cheaper[1]})"
    return said


@rule(
    "pay.wrong-kind",
    title="A tile is paid with cards of its own kind",
    it="Costruire canali > 2. Giocare carte costruzione (Carte ispettore); Ingegneri (Brindley)",
    fr="Construction des canaux > 2. Jouer des cartes Construction (Cartes Géomètre); "
    "Ingénieurs (Brindley)",
    de="Kanalbau > 2. Bauarten spielen (Inspektorkarten); Die Ingenieure (Brindley)",
)
def wrong_kind(
    *, kind: TileKind, base: int, matching: int, stretches: int, engineer: str | None
) -> str | None:
    """The cards that build a tile are of that tile's kind, or surveyors standing in for any
    kind; only the two extra cards for building on top of a tile may be of any kind. The one
    exception: Brindley may pay a stretch card for a lock (the consecutive-tile rule still
    applies). A card of another kind is this mistake (the message names the exception where
    one exists)."""
    brindley = kind is TileKind.LOCK and engineer == "Brindley"
    if matching >= base or (brindley and matching + stretches >= base):
        return None
    cards = f"{base} {kind.value} card{'s' if base != 1 else ''}"
    said = f"a {kind.value} is paid with {cards} (or surveyors); {matching} paid"
    if kind is TileKind.LOCK and stretches:
        said += "; a stretch card pays for a lock only with Brindley"
    return said


@rule(
    "pay.not-in-hand",
    title="Cards paid come from the hand",
    it="Costruire canali > 2. Giocare carte costruzione",
    fr="Construction des canaux > 2. Jouer des cartes Construction",
    de="Kanalbau > 2. Bauarten spielen",
)
def not_in_hand(*, card: str, paid: int, held: int) -> str | None:
    """Tiles are paid with cards from the player's hand; any or all of them may be used in one
    build action, and they go to the discard pile at its end. Paying (or discarding) a card
    the hand does not hold is this mistake."""
    if paid > held:
        return f"{paid} {card} card{'s' if paid != 1 else ''} paid but only {held} in hand"
    return None


@rule(
    "engineer.smeaton",
    title="Smeaton",
    it="Ingegneri (Smeaton)",
    fr="Divers (Smeaton)",
    de="Die Ingenieure (Smeaton)",
)
def smeaton(*, engineer: str | None, kind: str, uses: int, consecutive: bool) -> str | None:
    """With Smeaton one surveyor card may stand for two cards of any kinds, played one straight
    after the other on the same canal; every building rule still applies."""
    if engineer != "Smeaton":
        return "only Smeaton plays one surveyor as two cards"
    if kind != "surveyor":
        return f"only a surveyor counts twice, not a {kind} card"
    if uses > 2:
        return f"a surveyor stands for at most two cards, here {uses}"
    if not consecutive:
        return "the two halves of a surveyor are played one straight after the other, on one canal"
    return None


@rule(
    "build.consecutive-tiles",
    title="No two tiles of one kind side by side in a section",
    it="Costruire canali > 4. Regole di costruzione (Tessere Consecutive)",
    fr="Construction des canaux > 4. Réglementation des constructions (Tuiles consécutives)",
    de="Kanalbau > 4. Baubestimmungen (Benachbarte Plättchen)",
)
def consecutive_tiles(
    *,
    kind: TileKind,
    previous: TileKind | None,
    hex_label: str,
    neighbours: tuple[str, ...] = (),
    reading: str = "next-along-canal",
) -> str | None:
    """Two tiles of the same kind are never built on consecutive hexes of one canal section
    (curved and straight stretches are one kind); tiles on either side of a town belong to
    different sections and may be alike. Switch consecutive-tiles: ``next-along-canal`` (a
    tile and the one built right before it) or ``neighbouring-hexes`` (any two tiles of the
    section on touching hexes, ``neighbours`` being the earlier ones touching this hex)."""
    if previous is kind:
        return f"a {kind.value} at {hex_label} would follow a {kind.value} in the same section"
    if reading == "neighbouring-hexes" and neighbours:
        return (
            f"a {kind.value} at {hex_label} would stand next to the {kind.value} at "
            f"{', '.join(neighbours)} in the same section"
        )
    return None


@rule(
    "build.overbuild",
    title="Building on top of another tile",
    it="Costruire canali > 4. Regole di costruzione (Costruzioni su altri canali)",
    fr="Construction des canaux > 4. Réglementation des constructions "
    "(Construire au-dessus d'un autre canal)",
    de="Kanalbau > 4. Baubestimmungen (Einen anderen Kanal überbauen)",
)
def overbuild(*, hex_label: str, plays: int) -> str | None:
    """A tile may be built on top of other tiles: it suits the terrain and is paid as usual,
    plus two more cards of any kind. Tiles sharing a hex do not hinder goods on either canal."""
    return (
        f"{hex_label} already holds a tile: building on top of it costs "
        f"{OVERBUILD_EXTRA_CARDS} more cards of any kind ({plays} paid)"
    )


@rule(
    "build.canal-integrity",
    title="A canal is all its own",
    it="Costruire canali > 4. Regole di costruzione (Interezza del Canale)",
    fr="Construction des canaux > 4. Réglementation des constructions (Intégrité du canal)",
    de="Kanalbau > 4. Baubestimmungen (Kanalintegrität)",
)
def canal_integrity(*, what: str, repeated: bool) -> str | None:
    """Each canal is built whole with its own tiles: it never takes in part of another canal,
    even one of the same player's, and it never runs through a hex or a place twice."""
    if repeated:
        return f"the canal already passes {what}; a canal is one line of its own tiles"
    return None


@rule(
    "build.tile-supply",
    title="Only the tiles in your supply",
    it="Costruire canali > 4. Regole di costruzione (Limitazioni della dotazione tessere)",
    fr="Construction des canaux > 4. Réglementation des constructions (Limitation de mélange "
    "des tuiles)",
    de="Kanalbau > 4. Baubestimmungen (Materialbegrenzung)",
)
def tile_supply(*, kind: TileKind, left: int) -> str | None:
    """A player builds only with the tiles of their own set (16 stretches, 12 locks, 4
    aqueducts, 3 tunnels); once all of a kind are built, no more of it."""
    if left <= 0:
        return f"no {kind.value} tiles left in the supply"
    return None


@rule(
    "build.contract-length",
    title="No more tiles than the contract's value",
    it="Costruire canali > 4. Regole di costruzione (Restrizioni contrattuali)",
    fr="Construction des canaux > 4. Réglementation des constructions (Restrictions des contrats)",
    de="Kanalbau > 4. Baubestimmungen (Vertragsbeschränkungen)",
)
def contract_length(*, contract: str, tiles: int, value: int) -> str | None:
    """The number of tiles in a canal never exceeds its contract's value (a junction canal's is
    2)."""
    if tiles > value:
        return f"{contract!r} would have {tiles} tiles; its value {value} allows {value}"
    return None


@rule(
    "build.via-places",
    title="A canal passes through its contract's places",
    it="Contratti > In Generale; Costruire canali > 1. In generale (Sezioni di canali)",
    fr="Contrats > Généralités; Construction des canaux > 1. Généralités (Section de canal)",
    de="Verträge > Allgemeines; Kanalbau > 1. Allgemeines (Kanalabschnitte)",
)
def via_places(*, contract: str, missing: list[str]) -> str | None:
    """A contract joins its two endpoints and passes through any place it names; other places
    may be joined too. Reaching the far endpoint completes the canal, so it cannot do so before
    passing the named places."""
    if missing:
        return f"{contract!r} reaches its far endpoint without passing {', '.join(missing)}"
    return None


@rule(
    "build.completable",
    title="A build must leave the canal completable",
    it="Costruire canali > 5. Cattiva amministrazione del canale (Violazione alle regole di "
    "costruzione)",
    fr="Construction des canaux > 5. Mauvaise gestion de canal (Infraction aux règles de "
    "construction)",
    de="Kanalbau > 5. Fehlplanung (Verletzung der Baubestimmungen)",
    differences="DE adds that a wrongly built canal left standing must still be completed, by "
    "the shortest way.",
)
def completable(*, contract: str, possible: bool, reason: str) -> str | None:
    """A build that makes correct completion impossible (for example because the canal would
    need more tiles than its value) is taken back and the whole build action is replayed; once
    another player's turn has begun, a wrongly built canal stands."""
    if not possible:
        return f"after this build {contract!r} can no longer be completed correctly: {reason}"
    return None


@rule(
    "build.shortest-completion",
    title="A wrongly built canal is finished the shortest way (2nd edition)",
    it=None,
    fr=None,
    de="Kanalbau > 5. Fehlplanung (Verletzung der Baubestimmungen)",
    editions=SECOND,
    differences="IT and FR say a wrongly built canal stands, and no more; DE adds that it must "
    "still be completed, by the shortest possible way. 1st edition: build.completable refuses "
    "every build on it.",
)
def shortest_completion(
    *, contract: str, fewest_before: int, built: int, fewest_after: int | None
) -> str | None:
    """2nd edition: a canal left standing although it was wrongly built (it can no longer be
    completed correctly, say it needs more tiles than its value) must still be completed, by
    the shortest possible way. So every later build on it stays on a shortest completing route:
    the tiles built plus the fewest still needed equal the fewest needed before the build. Its
    value no longer limits its length (build.contract-length gives way to this rule), and
    build.completable does not judge it: it was already beyond correct completion."""
    if fewest_after is None:
        return f"after this build {contract!r} can no longer be completed at all"
    if built + fewest_after != fewest_before:
        return (
            f"{contract!r} was wrongly built and must be finished the shortest way, "
            f"{fewest_before} more tile{'s' if fewest_before != 1 else ''}; this build lays "
            f"{built} and leaves {fewest_after} to go"
        )
    return None


@rule(
    "build.undo",
    title="Taking back tiles of an earlier turn",
    it="Costruire canali > 5. Cattiva amministrazione del canale (Difficoltà impreviste)",
    fr="Construction des canaux > 5. Mauvaise gestion de canal (Difficultés imprévues)",
    de="Kanalbau > 5. Fehlplanung (Unvorhergesehene Probleme)",
    differences="IT and FR: tiles of any earlier turn; DE: tiles of the player's previous turn "
    "(option undo-scope).",
)
def undo(*, hex_label: str, at_end: bool, allowed_age: bool) -> str | None:
    """A player may always take back tiles built in an earlier turn, from the end of the canal,
    moving the barge back; the tiles return to the supply and building may resume later."""
    if not at_end:
        return f"tiles come back from the end of the canal; {hex_label} is not at its end"
    if not allowed_age:
        return f"the tile at {hex_label} was not built in an earlier turn this rule allows"
    return None


@rule(
    "score.completion",
    title="Points for completing a canal",
    it="Costruire canali > 3. Canali completati",
    fr="Construction des canaux > 3. Compléter un canal",
    de="Kanalbau > 3. Fertigstellung eines Kanals",
    differences="2nd edition: the contract's value is scored as well; 1st edition: contract "
    "values count only for the most prolific builder bonus.",
    kind=RuleKind.EFFECT,
)
def completion_points(*, kinds: list[TileKind], value: int, edition: Edition) -> int:
    """A canal is complete when it reaches its second endpoint: its owner scores 1 point per
    lock, 2 per aqueduct, 3 per tunnel (stretches score nothing) and, in the 2nd edition, the
    contract's value. The barge leaves the map and the contract is turned face down."""
    points = sum(TILE_POINTS[k] for k in kinds)
    return points + (value if edition is Edition.SECOND else 0)


def _article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def base_cost(kind: TileKind, engineer: str | None) -> int:
    """Cards a tile of this kind needs from this engineer's player (before overbuilding)."""
    if kind is TileKind.TUNNEL and engineer == "Jessop":
        return 2
    if kind is TileKind.AQUEDUCT and engineer == "Telford":
        return 1
    return CARDS_PER_TILE[kind]
