"""A Ticket to Ride map: cities, routes between them (single or double), destination tickets.

The built-in USA map (:mod:`canaldsl.tickettoride.usa`) and a map a user writes are the same
kind of value, built by the same function (:func:`~canaldsl.tickettoride.mapbuild.build_board`)
with the same validation: every problem found is reported at once in one :class:`BoardError`
(a ``ValueError``).

Cities are numbered in the order given, tracks too: a route (a pair of adjacent cities) has one
track, or two for a double route, each with its own colour. Names are looked up with their
spelling variants, ignoring case, accents and dots ("st louis" is "St. Louis"); an unknown name
raises an error naming the closest known one.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from canaldsl.diagnostics import did_you_mean
from canaldsl.tickettoride.colours import TRACK_COLOURS, Colour

ROUTE_POINTS: Mapping[int, int] = MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15})
"""Points for claiming a route, by its length (the rulebook's route scoring table)."""
MAX_ROUTE_LENGTH = max(ROUTE_POINTS)
MAX_CITIES = 200
"""The most cities a map may have (a limit on input size, not a rule of the game)."""
MAX_ROUTES = 600
MAX_TICKETS = 400


_DASHES = "\\s*[-\u2013\u2014]\\s*"
"""A hyphen, en dash or em dash between two names, with any spaces around it."""


class BoardError(ValueError):
    """A map that is not a valid Ticket to Ride map; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{problems[0]}{more}" if problems else "invalid map")


class UnknownCityError(BoardError):
    """A city name the map does not have; ``suggestion`` is the closest name, if any."""

    def __init__(self, name: str, suggestion: str | None) -> None:
        self.name = name
        self.suggestion = suggestion
        hint = f" (did you mean {suggestion}?)" if suggestion else ""
        super().__init__([f"unknown city {name!r}{hint}"])


class UnknownRouteError(BoardError):
    """No route joins two cities (or no track of that colour); ``suggestion`` is close, if any."""

    def __init__(self, message: str, suggestion: str | None) -> None:
        self.suggestion = suggestion
        hint = f" (did you mean {suggestion}?)" if suggestion else ""
        super().__init__([f"{message}{hint}"])


class UnknownTicketError(BoardError):
    """A ticket the map's ticket set does not have."""

    def __init__(self, message: str, suggestion: str | None) -> None:
        self.suggestion = suggestion
        hint = f" (did you mean {suggestion}?)" if suggestion else ""
        super().__init__([f"{message}{hint}"])


FOLDS_KEPT = 10_000
"""The most names :func:`fold` remembers (names come from users' files: a bound)."""


@functools.lru_cache(maxsize=FOLDS_KEPT)
def fold(name: str) -> str:
    """A name reduced for lookup: lower case, no accents, no dots, single spaces. Remembered
    (the latest ``FOLDS_KEPT`` names): every ticket's cities are looked up by name, thousands
    of times in a search or a game record."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(re.sub("[.'\u2019]", " ", plain).split())


@dataclass(frozen=True)
class City:
    """A city: its canonical name, where it is (latitude, longitude; None when not given) and
    the other spellings accepted for it."""

    name: str
    latitude: float | None = None
    longitude: float | None = None
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class Track:
    """One line of train spaces between two cities: a route has one, a double route two.

    ``a`` and ``b`` are city numbers; ``slot`` is 0 or 1 within its route."""

    index: int
    route: int
    slot: int
    a: int
    b: int
    length: int
    colour: Colour

    def other(self, city: int) -> int:
        """The city at the other end from ``city``."""
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Route:
    """A pair of adjacent cities and its tracks (one, or two for a double route)."""

    index: int
    a: int
    b: int
    length: int
    tracks: tuple[int, ...]
    name: str

    @property
    def is_double(self) -> bool:
        return len(self.tracks) == 2


@dataclass(frozen=True, order=True)
class Ticket:
    """A destination ticket: two cities (canonical names, in the order printed) and its value.

    ``uncertain`` says why the value may be wrong (None when the sources agree)."""

    a: str
    b: str
    points: int
    set: str = field(default="", compare=False)
    uncertain: str | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        return f"{self.a}-{self.b}"

    def __str__(self) -> str:
        return f"{self.name} ({self.points})"


@dataclass(frozen=True)
class RouteSpec:
    """A route as written: two city names, a length, one colour per track."""

    a: str
    b: str
    length: int
    colours: tuple[Colour, ...]


@dataclass(frozen=True)
class TicketSpec:
    """A ticket as written: two city names and a value."""

    a: str
    b: str
    points: int
    set: str = ""
    uncertain: str | None = None


class Board:
    """A map: cities, routes and their tracks, and the destination tickets in play."""

    def __init__(
        self,
        *,
        name: str,
        title: str,
        cities: tuple[City, ...],
        routes: tuple[Route, ...],
        tracks: tuple[Track, ...],
        tickets: tuple[Ticket, ...],
        lookup: Mapping[str, int],
    ) -> None:
        self.name = name
        self.title = title
        self.cities = cities
        self.routes = routes
        self.tracks = tracks
        self.tickets = tickets
        self._lookup = MappingProxyType(dict(lookup))
        pairs: dict[tuple[int, int], Route] = {}
        for route in routes:
            pairs[(route.a, route.b)] = route
            pairs[(route.b, route.a)] = route
        self._pairs = MappingProxyType(pairs)
        adjacency: list[list[tuple[int, int]]] = [[] for _ in cities]
        for track in tracks:
            adjacency[track.a].append((track.index, track.b))
            adjacency[track.b].append((track.index, track.a))
        self.adjacency: tuple[tuple[tuple[int, int], ...], ...] = tuple(map(tuple, adjacency))
        """For each city, (track number, city at the other end) of every track at it."""

    def __repr__(self) -> str:
        return (
            f"<Board {self.name}: {len(self.cities)} cities, {len(self.tracks)} tracks, "
            f"{len(self.tickets)} tickets>"
        )

    # ------------------------------------------------------------------ names
    @property
    def spaces(self) -> int:
        """Train spaces on the whole map (every track of every route)."""
        return sum(track.length for track in self.tracks)

    def city(self, name: str) -> int:
        """The number of the city called ``name`` (any accepted spelling)."""
        index = self._lookup.get(fold(name))
        if index is None:
            suggestion = did_you_mean(fold(name), self._lookup)
            raise UnknownCityError(
                name, self.cities[self._lookup[suggestion]].name if suggestion else None
            )
        return index

    def city_name(self, index: int) -> str:
        return self.cities[index].name

    def canonical(self, name: str) -> str:
        """The canonical spelling of a city name."""
        return self.cities[self.city(name)].name

    def route_between(self, a: int, b: int) -> Route | None:
        """The route joining two cities (by number), or None."""
        return self._pairs.get((a, b))

    def route(self, text: str) -> Route:
        """The route written ``A-B`` (either order, any accepted spelling)."""
        parts = [part.strip() for part in re.split(_DASHES, text.strip()) if part.strip()]
        if len(parts) != 2:
            raise UnknownRouteError(f"not a route: {text!r} (write CITY-CITY)", None)
        return self.route_of(parts[0], parts[1])

    def route_of(self, first: str, second: str) -> Route:
        """The route between two named cities; raises with a close route when none joins them."""
        a, b = self.city(first), self.city(second)
        route = self.route_between(a, b)
        if route is None:
            names = [f"{self.city_name(a)}-{self.city_name(t)}" for _, t in self.adjacency[a]]
            names += [f"{self.city_name(t)}-{self.city_name(b)}" for _, t in self.adjacency[b]]
            wanted = f"{self.city_name(a)}-{self.city_name(b)}"
            raise UnknownRouteError(f"no route joins {wanted}", did_you_mean(wanted, names))
        return route

    def track_of(self, route: Route, colour: Colour | None, *, taken: Iterable[int] = ()) -> int:
        """The track of ``route`` with ``colour`` (any, when None): the first one not in
        ``taken`` when both tracks fit, else the first that fits."""
        fits = [t for t in route.tracks if colour is None or self.tracks[t].colour is colour]
        if not fits:
            colours = " or ".join(str(self.tracks[t].colour) for t in route.tracks)
            raise UnknownRouteError(
                f"{route.name} has no {colour} track (it is {colours})",
                f"{route.name} {self.tracks[route.tracks[0]].colour}",
            )
        busy = set(taken)
        free = [t for t in fits if t not in busy]
        return (free or fits)[0]

    def track_label(self, index: int) -> str:
        """A track's name: ``A-B``, with its colour for a double route (and 1 or 2 when both
        tracks have the same colour)."""
        track = self.tracks[index]
        route = self.routes[track.route]
        if not route.is_double:
            return route.name
        colours = [self.tracks[t].colour for t in route.tracks]
        if colours[0] is colours[1]:
            return f"{route.name} {track.colour} {track.slot + 1}"
        return f"{route.name} {track.colour}"

    def ticket(self, text: str, points: int | None = None) -> Ticket:
        """The ticket written ``A-B`` (either order; ``points`` when two tickets join the same
        cities)."""
        parts = [part.strip() for part in re.split(_DASHES, text.strip()) if part.strip()]
        if len(parts) != 2:
            raise UnknownTicketError(f"not a ticket: {text!r} (write CITY-CITY)", None)
        a, b = self.canonical(parts[0]), self.canonical(parts[1])
        found = [
            t
            for t in self.tickets
            if {t.a, t.b} == {a, b} and (points is None or t.points == points)
        ]
        if not found:
            names = [t.name for t in self.tickets]
            raise UnknownTicketError(
                f"no ticket {a}-{b}{'' if points is None else f' worth {points}'} on this map",
                did_you_mean(f"{a}-{b}", names),
            )
        return found[0]

    def ticket_cities(self, ticket: Ticket) -> tuple[int, int]:
        return self.city(ticket.a), self.city(ticket.b)


__all__ = [
    "MAX_ROUTE_LENGTH",
    "ROUTE_POINTS",
    "TRACK_COLOURS",
    "Board",
    "BoardError",
    "City",
    "Route",
    "RouteSpec",
    "Ticket",
    "TicketSpec",
    "Track",
    "UnknownCityError",
    "UnknownRouteError",
    "UnknownTicketError",
    "fold",
]
