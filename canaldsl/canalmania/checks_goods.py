"""Rules of goods cubes: placing them when symbols come up, and moving them for points."""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.rulebase import FIRST, SECOND, rule
from canaldsl.rules import RuleKind

PRIORITY_NAMES = {
    1: "a city with a canal",
    2: "a town with a canal",
    3: "a city without a canal",
    4: "a town without a canal",
}


def priority_class(board: Board, place: str, connected: set[str]) -> int:
    """1 city with canal, 2 town with canal, 3 city without, 4 town without."""
    city = board.places[place].is_city
    linked = place in connected
    return {(True, True): 1, (False, True): 2, (True, False): 3, (False, False): 4}[(city, linked)]


@rule(
    "goods.symbol-placement",
    title="Symbols bring two goods cubes",
    it="Carte costruzione > 2. Piazzare cubi merci",
    fr="Cartes Construction > 2. Placer des marchandises",
    de="Baukarten > 2. Gütermarker einsetzen",
)
def symbol_placement(*, symbol: str, wanted: int, placed: int) -> str | None:
    """Taking a face-up card with a goods symbol (or announcing one drawn from the deck) places
    two cubes in places of that colour at once, card by card; symbols are ignored when the
    display is discarded. A white symbol is wild: the player names the colour first."""
    if placed != wanted:
        return f"the {symbol} symbol places {wanted} cube{'s' if wanted != 1 else ''}, not {placed}"
    return None


@rule(
    "goods.symbol-colour",
    title="Cubes go to places of the symbol's colour",
    it="Carte costruzione > 2. Piazzare cubi merci",
    fr="Cartes Construction > 2. Placer des marchandises",
    de="Baukarten > 2. Gütermarker einsetzen",
)
def symbol_colour(*, symbol: str, colour: str, place: str, place_colour: str) -> str | None:
    """The places that receive cubes have the colour of the symbol (for a white symbol, the
    colour the player chose)."""
    if symbol != "white" and colour != symbol:
        return f"the symbol is {symbol}, so the cubes are {symbol}, not {colour}"
    if place_colour != colour:
        return f"{place} is {place_colour}; {colour} cubes go to {colour} places"
    return None


@rule(
    "goods.one-per-place",
    title="At most one cube per place",
    it="Carte costruzione > 2. Piazzare cubi merci",
    fr="Cartes Construction > 2. Placer des marchandises",
    de="Baukarten > 2. Gütermarker einsetzen",
)
def one_per_place(*, place: str, occupied: bool) -> str | None:
    """A town or city holds at most one goods cube."""
    if occupied:
        return f"{place} already holds a cube"
    return None


@rule(
    "goods.placement-priority",
    title="Placement priority: connected city, connected town, city, town",
    it="Carte costruzione > 2. Piazzare cubi merci",
    fr="Cartes Construction > 2. Placer des marchandises",
    de="Baukarten > 2. Gütermarker einsetzen",
)
def placement_priority(*, place: str, chosen: int, best: int) -> str | None:
    """Each cube goes, if possible, to the city of its colour if a canal reaches it; else to a
    town with a canal; else to the city without one; else to a town without one. The order is
    strict; within one case the player chooses."""
    if chosen != best:
        return (
            f"{place} is {PRIORITY_NAMES[chosen]}, but {PRIORITY_NAMES[best]} of that colour is "
            "free and comes first"
        )
    return None


@rule(
    "goods.full-colour",
    title="A colour with every place full takes no more cubes",
    it="Carte costruzione > 2. Piazzare cubi merci",
    fr="Cartes Construction > 2. Placer des marchandises",
    de="Baukarten > 2. Gütermarker einsetzen",
    kind=RuleKind.EFFECT,
)
def full_colour(*, free_places: int, wanted: int) -> int:
    """When the city and all six towns of a colour already hold a cube, a further cube of that
    colour is not placed (1st edition: it stays in the basin)."""
    return min(free_places, wanted)


@rule(
    "goods.removal-order",
    title="Empty basin: cubes come off the map first (1st edition)",
    it="Carte costruzione > Rimuovere cubi merce",
    fr="Cartes Construction > Retirer des marchandises",
    de=None,
    editions=FIRST,
    differences="2nd edition: cubes never come off the map; when all 20 are on it no more are "
    "placed (goods.no-more-cubes).",
)
def removal_order(
    *, place: str, chosen: int, best: int | None, needed: bool, edition: Edition
) -> str | None:
    """1st edition: before placing, a player makes sure two cubes are at hand: if the basin
    lacks them, cubes are first taken off the map, whatever their colour: from towns without a
    canal, then cities without a canal, then towns with a canal (the reverse of the placement
    order). The 2nd edition never takes cubes off the map."""
    if edition is Edition.SECOND:
        return f"the 2nd edition never takes cubes off the map (here from {place})"
    if not needed:
        return f"the basin has cubes enough; no cube is taken off {place}"
    if best is None:
        return f"no cube may be taken off {place}: none of the listed cases applies to it"
    if chosen != best:
        return f"{place} is {PRIORITY_NAMES[chosen]}; cubes come off {PRIORITY_NAMES[best]} first"
    return None


@rule(
    "goods.no-more-cubes",
    title="No cubes left: none are placed (2nd edition)",
    it=None,
    fr=None,
    de="Baukarten > 2. Gütermarker einsetzen",
    editions=SECOND,
    kind=RuleKind.EFFECT,
)
def no_more_cubes(*, basin: int, wanted: int) -> int:
    """When every cube is already on the map, no further cube is placed."""
    return min(basin, wanted)


# ------------------------------------------------------------------ moving goods


@rule(
    "goods.cube-at-start",
    title="A goods move starts where a cube is",
    it="I cubi merce si muovono",
    fr="Le transport des marchandises",
    de="Die Güterbewegung",
)
def cube_at_start(*, place: str, has_cube: bool) -> str | None:
    """A player picks a goods cube in some town and moves it to score."""
    if not has_cube:
        return f"there is no goods cube at {place}"
    return None


@rule(
    "goods.completed-sections",
    title="Goods travel along completed sections",
    it="I cubi merce si muovono",
    fr="Le transport des marchandises",
    de="Die Güterbewegung",
    differences="DE says outright that a finished section may carry goods before its canal is "
    "complete; IT and FR speak of sections throughout.",
)
def completed_sections(*, a: str, b: str, found: bool, owner: str | None) -> str | None:
    """A cube moves from place to place along completed canal sections (tiles joining two
    places); a section counts once built, even if its canal is not yet complete. A place can be
    left again by another section, of any player."""
    if not found:
        who = f" of {owner}" if owner else ""
        return f"no completed section{who} joins {a} and {b}"
    return None


@rule(
    "goods.last-section-own",
    title="The last section is the mover's own",
    it="I cubi merce si muovono > Canali di altri giocatori",
    fr="Le transport des marchandises > Les canaux des autres joueurs",
    de="Die Güterbewegung > Nutzung fremder Kanäle",
)
def last_section_own(*, mover: str, owner: str) -> str | None:
    """The cube may travel along other players' sections, but the final section of the journey
    belongs to the player moving it."""
    if owner != mover:
        return f"the last section belongs to {owner}; it must be {mover}'s own"
    return None


@rule(
    "goods.colour-restriction",
    title="No two places of one colour on a route",
    it="I cubi merce si muovono > Limitazione del colore",
    fr="Le transport des marchandises > Restriction des couleurs",
    de="Die Güterbewegung > Die Farbbeschränkung",
    differences="IT and DE count the starting place; the FR text says it does not, while its own "
    "example only works if it does (option colour-restriction-start).",
)
def colour_restriction(
    *, route: Sequence[str], colours: Sequence[str], start_counts: bool
) -> str | None:
    """The places a cube passes through never include two of the same colour, the place it
    starts from included (unless the option says otherwise)."""
    seen: dict[str, str] = {}
    for index, (place, colour) in enumerate(zip(route, colours, strict=True)):
        if index == 0 and not start_counts:
            continue
        if colour in seen:
            return f"{seen[colour]} and {place} are both {colour}"
        seen[colour] = place
    return None


@rule(
    "goods.each-place-once",
    title="A cube passes each place once and ends elsewhere",
    it="I cubi merce si muovono",
    fr="Le transport des marchandises",
    de="Die Güterbewegung",
    differences="All three texts say the destination is another place than the start; none "
    "speaks of passing a place twice on the way, which canaldsl reads as not allowed. It matters "
    "only where the starting place is left out of the colour restriction (the FR reading).",
)
def each_place_once(*, route: Sequence[str]) -> str | None:
    """A goods move goes from its starting place to another place, passing no place twice
    (where the start counts for the colour restriction, that rule already ensures it)."""
    seen: set[str] = set()
    for place in route:
        if place in seen:
            return f"the cube passes {place} twice"
        seen.add(place)
    return None


@rule(
    "goods.shortest-route",
    title="Own canals only: take the shortest route (2nd edition)",
    it=None,
    fr=None,
    de="Die Güterbewegung > Alternative Streckenwahl",
    editions=SECOND,
)
def shortest_route(*, length: int, shortest: int | None) -> str | None:
    """When a player could move a cube by several routes that all run on the player's own
    canals, the shortest must be taken."""
    if shortest is not None and shortest < length:
        return (
            f"this route passes {length} places, but a route on the player's own canals passes "
            f"only {shortest}"
        )
    return None


@rule(
    "score.delivery",
    title="Points for a goods move",
    it="I cubi merce si muovono; Canali di altri giocatori",
    fr="Le transport des marchandises; Les canaux des autres joueurs",
    de="Die Güterbewegung; Nutzung fremder Kanäle",
    kind=RuleKind.EFFECT,
)
def delivery_points(*, route: Sequence[str], owners: Sequence[str]) -> dict[str, int]:
    """Each place on the route scores one point to the owner of the sections touching it;
    where the cube changes from one player's section to another's, both score the place
    between. The cube then returns to the basin."""
    points: dict[str, int] = {}
    run_owner: str | None = None
    for owner in owners:
        if owner != run_owner:
            points[owner] = points.get(owner, 0) + 1  # the place where this run starts
            run_owner = owner
        points[owner] += 1  # the place this hop arrives at
    return points
