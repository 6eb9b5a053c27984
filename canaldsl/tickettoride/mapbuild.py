"""Building a map from its parts, with every problem found reported at once.

The one way a :class:`~canaldsl.tickettoride.board.Board` is made, for the built-in USA map and
for a map a user writes: the checks are the same for both. A map may also be read from TOML
(:func:`board_from_toml`), the format of the built-in map's data files.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from canaldsl.tickettoride.board import (
    MAX_CITIES,
    MAX_ROUTE_LENGTH,
    MAX_ROUTES,
    MAX_TICKETS,
    Board,
    BoardError,
    City,
    Route,
    RouteSpec,
    Ticket,
    TicketSpec,
    Track,
    fold,
)
from canaldsl.tickettoride.colours import Colour, ColourError, track_colour


def build_board(
    *,
    name: str,
    title: str = "",
    cities: Iterable[City],
    routes: Iterable[RouteSpec],
    tickets: Iterable[TicketSpec] = (),
) -> Board:
    """A validated map; raises :class:`BoardError` listing every problem found.

    Checked: at least two cities, no name or spelling used twice, coordinates within range
    (when given), every route between two different known cities with a length from 1 to 6
    (the scoring table's lengths) and one or two tracks of track colours (never the
    locomotive), no pair of cities joined twice, every ticket between two different known
    cities worth at least 1 point, no ticket listed twice, and the size limits."""
    city_list, route_list, ticket_list = list(cities), list(routes), list(tickets)
    problems: list[str] = []
    if len(city_list) < 2:
        problems.append("a map needs at least two cities")
    if len(city_list) > MAX_CITIES:
        problems.append(f"{len(city_list)} cities: at most {MAX_CITIES} are accepted")
    if len(route_list) > MAX_ROUTES:
        problems.append(f"{len(route_list)} routes: at most {MAX_ROUTES} are accepted")
    if len(ticket_list) > MAX_TICKETS:
        problems.append(f"{len(ticket_list)} tickets: at most {MAX_TICKETS} are accepted")
    if problems:
        raise BoardError(problems)
    lookup = _city_lookup(city_list, problems)
    built_routes, built_tracks = _routes(route_list, city_list, lookup, problems)
    built_tickets = _tickets(ticket_list, city_list, lookup, problems)
    if problems:
        raise BoardError(problems)
    return Board(
        name=name,
        title=title or name,
        cities=tuple(city_list),
        routes=tuple(built_routes),
        tracks=tuple(built_tracks),
        tickets=tuple(built_tickets),
        lookup=lookup,
    )


def _city_lookup(cities: list[City], problems: list[str]) -> dict[str, int]:
    lookup: dict[str, int] = {}
    for index, city in enumerate(cities):
        if not fold(city.name):
            problems.append(f"city {index + 1} has no name")
            continue
        for spelling in (city.name, *city.variants):
            key = fold(spelling)
            if key in lookup and lookup[key] != index:
                other = cities[lookup[key]].name
                problems.append(f"the name {spelling!r} of {city.name} is also {other}'s")
            lookup.setdefault(key, index)
        if (city.latitude is None) != (city.longitude is None):
            problems.append(f"{city.name}: give both latitude and longitude, or neither")
        for value, limit, what in (
            (city.latitude, 90.0, "latitude"),
            (city.longitude, 180.0, "longitude"),
        ):
            if value is not None and (not math.isfinite(value) or abs(value) > limit):
                problems.append(f"{city.name}: {what} {value} is not within +-{limit:g}")
    return lookup


def _resolve(name: str, lookup: Mapping[str, int], where: str, problems: list[str]) -> int | None:
    index = lookup.get(fold(name))
    if index is None:
        from canaldsl.diagnostics import did_you_mean

        close = did_you_mean(fold(name), lookup)
        hint = f" (did you mean {close}?)" if close else ""
        problems.append(f"{where}: unknown city {name!r}{hint}")
    return index


def _routes(
    specs: list[RouteSpec], cities: list[City], lookup: Mapping[str, int], problems: list[str]
) -> tuple[list[Route], list[Track]]:
    routes: list[Route] = []
    tracks: list[Track] = []
    seen: dict[frozenset[int], str] = {}
    for spec in specs:
        where = f"route {spec.a}-{spec.b}"
        a = _resolve(spec.a, lookup, where, problems)
        b = _resolve(spec.b, lookup, where, problems)
        bad = False
        if not 1 <= spec.length <= MAX_ROUTE_LENGTH:
            problems.append(
                f"{where}: length {spec.length} is not from 1 to {MAX_ROUTE_LENGTH} "
                "(the lengths of the route scoring table)"
            )
            bad = True
        if len(spec.colours) not in (1, 2):
            problems.append(f"{where}: {len(spec.colours)} tracks (a route has one or two)")
            bad = True
        for colour in spec.colours:
            if colour not in (*Colour,) or colour is Colour.LOCOMOTIVE:
                problems.append(f"{where}: {colour} is not a track colour")
                bad = True
        if a is None or b is None or bad:
            continue
        if a == b:
            problems.append(f"{where}: a route joins two different cities")
            continue
        pair = frozenset((a, b))
        if pair in seen:
            problems.append(f"{where}: {seen[pair]} already joins these cities")
            continue
        name = f"{cities[a].name}-{cities[b].name}"
        seen[pair] = name
        first = len(tracks)
        for slot, colour in enumerate(spec.colours):
            tracks.append(Track(len(tracks), len(routes), slot, a, b, spec.length, colour))
        routes.append(Route(len(routes), a, b, spec.length, tuple(range(first, len(tracks))), name))
    return routes, tracks


def _tickets(
    specs: list[TicketSpec], cities: list[City], lookup: Mapping[str, int], problems: list[str]
) -> list[Ticket]:
    tickets: list[Ticket] = []
    seen: set[Ticket] = set()
    for spec in specs:
        where = f"ticket {spec.a}-{spec.b}"
        a = _resolve(spec.a, lookup, where, problems)
        b = _resolve(spec.b, lookup, where, problems)
        if spec.points < 1:
            problems.append(f"{where}: a ticket is worth at least 1 point, not {spec.points}")
            continue
        if a is None or b is None:
            continue
        if a == b:
            problems.append(f"{where}: a ticket joins two different cities")
            continue
        ticket = Ticket(cities[a].name, cities[b].name, spec.points, spec.set, spec.uncertain)
        if ticket in seen:
            problems.append(f"{where} ({spec.points}) is listed twice")
            continue
        seen.add(ticket)
        tickets.append(ticket)
    return tickets


# ---------------------------------------------------------------------------------- TOML
def board_from_toml(
    text: str,
    *,
    extra_tickets: Iterable[str] = (),
    name: str | None = None,
    title: str | None = None,
) -> Board:
    """A map from TOML text (``[[city]]``, ``[[route]]``, ``[[ticket]]`` tables, as in the
    built-in map's data files); ``extra_tickets`` are more TOML texts with ``[[ticket]]``
    tables (a second ticket set); ``name`` and ``title`` replace the text's own.
    Malformed TOML or fields raise :class:`BoardError`."""
    problems: list[str] = []
    documents = [_parse(text, "map", problems)]
    documents += [_parse(extra, "ticket set", problems) for extra in extra_tickets]
    if problems:
        raise BoardError(problems)
    main = documents[0]
    cities = [_city(entry, problems) for entry in _tables(main, "city", problems)]
    routes = [_route(entry, problems) for entry in _tables(main, "route", problems)]
    tickets: list[TicketSpec | None] = []
    for document in documents:
        default_set = str(document.get("set", ""))
        for entry in _tables(document, "ticket", problems):
            tickets.append(_ticket(entry, default_set, problems))
    if problems:
        raise BoardError(problems)
    return build_board(
        name=name or str(main.get("name", "map")),
        title=title or str(main.get("title", "")),
        cities=[c for c in cities if c is not None],
        routes=[r for r in routes if r is not None],
        tickets=[t for t in tickets if t is not None],
    )


def _parse(text: str, what: str, problems: list[str]) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{what}: not valid TOML: {exc}")
        return {}


def _tables(document: Mapping[str, Any], key: str, problems: list[str]) -> list[dict[str, Any]]:
    entries = document.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        problems.append(f"'{key}' must be a list of tables ([[{key}]])")
        return []
    return entries


def _field(entry: Mapping[str, Any], key: str, kind: type, problems: list[str]) -> Any:
    value = entry.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        problems.append(f"{dict(entry)!r}: '{key}' must be a {kind.__name__}")
        return None
    return value


def _pair(entry: Mapping[str, Any], problems: list[str]) -> tuple[str, str] | None:
    cities = entry.get("cities")
    if (
        not isinstance(cities, list)
        or len(cities) != 2
        or not all(isinstance(c, str) for c in cities)
    ):
        problems.append(f"{dict(entry)!r}: 'cities' must be a list of two city names")
        return None
    return cities[0], cities[1]


def _city(entry: Mapping[str, Any], problems: list[str]) -> City | None:
    name = _field(entry, "name", str, problems)
    latitude, longitude = entry.get("latitude"), entry.get("longitude")
    for value, what in ((latitude, "latitude"), (longitude, "longitude")):
        if value is not None and (not isinstance(value, int | float) or isinstance(value, bool)):
            problems.append(f"city {name}: '{what}' must be a number")
            return None
    variants = entry.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        problems.append(f"city {name}: 'variants' must be a list of names")
        return None
    if name is None:
        return None
    return City(
        name,
        None if latitude is None else float(latitude),
        None if longitude is None else float(longitude),
        tuple(variants),
    )


def _route(entry: Mapping[str, Any], problems: list[str]) -> RouteSpec | None:
    pair = _pair(entry, problems)
    length = _field(entry, "length", int, problems)
    words = entry.get("colours")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        problems.append(f"{dict(entry)!r}: 'colours' must be a list of colour names")
        return None
    try:
        colours = tuple(track_colour(word) for word in words)
    except ColourError as exc:
        problems.append(f"route {pair}: {exc}")
        return None
    if pair is None or length is None:
        return None
    return RouteSpec(pair[0], pair[1], length, colours)


def _ticket(entry: Mapping[str, Any], default_set: str, problems: list[str]) -> TicketSpec | None:
    pair = _pair(entry, problems)
    points = _field(entry, "points", int, problems)
    uncertain = entry.get("uncertain")
    if uncertain is not None and not isinstance(uncertain, str):
        problems.append(f"ticket {pair}: 'uncertain' must be a text saying why")
        return None
    if pair is None or points is None:
        return None
    return TicketSpec(pair[0], pair[1], points, str(entry.get("set", default_set)), uncertain)
