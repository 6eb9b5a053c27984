"""The semantic analysis of the ``rules`` and ``board`` statements: switches checked against
the rule book, the built-in USA map (with the 1910 tickets as an option), or a map of one's
own built by the same function as the built-in one, every problem at its line."""

from __future__ import annotations

import re

from canaldsl.diagnostics import Span, did_you_mean
from canaldsl.tickettoride import codes as c
from canaldsl.tickettoride import syntax as s
from canaldsl.tickettoride.board import (
    BoardError,
    City,
    RouteSpec,
    TicketSpec,
)
from canaldsl.tickettoride.mapbuild import build_board
from canaldsl.tickettoride.rulebook import BOOK
from canaldsl.tickettoride.semantics_names import Resolver
from canaldsl.tickettoride.usa import usa_board

BOARDS = ("usa",)
"""The built-in maps, by the name ``board`` takes."""
_DASH = re.compile(r"\s*[-\u2013\u2014]\s*")


class BoardReader(Resolver):
    """The rules and the map of a file."""

    def rules(self, st: s.RulesDecl) -> None:
        if not self.once("rules", st.span):
            return
        for item in st.items:
            if isinstance(item, s.PlayersSetting):
                self.players_setting = (item.count.value, item.count.span)
                continue
            switch = BOOK.switches.get(item.name.text)
            if switch is None:
                guess = did_you_mean(item.name.text, BOOK.switches)
                self.error(
                    c.UNKNOWN_OPTION,
                    f"unknown option {item.name.text!r}",
                    item.name.span,
                    hint=f"did you mean {guess}?"
                    if guess
                    else "the options are " + ", ".join(sorted(BOOK.switches)),
                )
            elif item.value.text not in switch.values:
                self.error(
                    c.UNKNOWN_OPTION,
                    f"option {switch.name} has no value {item.value.text!r}",
                    item.value.span,
                    hint=f"write one of {', '.join(switch.values)}",
                )
            else:
                self.settings[switch.name] = item.value.text

    def board_decl(self, st: s.BoardDecl) -> None:
        name = st.name.text
        user_items = [i for i in st.items if not isinstance(i, s.TicketSetItem | s.TitleItem)]
        if name == "usa" and not user_items:
            year = None
            for item in st.items:
                if isinstance(item, s.TicketSetItem):
                    if item.year.value != 1910:
                        self.error(
                            c.TICKET_SET,
                            f"the USA map has no {item.year.value} ticket set",
                            item.year.span,
                            hint="write tickets 1910 (the USA 1910 set), or nothing for the "
                            "original 30",
                        )
                    else:
                        year = item.year.value
            self.tickets_1910 = year == 1910
            self.board = usa_board(tickets_1910=self.tickets_1910)
            self.board_name = "usa"
            return
        if not user_items:
            guess = did_you_mean(name, BOARDS)
            self.error(
                c.UNKNOWN_BOARD,
                f"unknown board {name!r}",
                st.name.span,
                hint=f"did you mean {guess}?"
                if guess
                else 'write board usa, or a map of your own: board "NAME" { city ... }',
            )
            return
        self.user_map(st)

    def user_map(self, st: s.BoardDecl) -> None:
        cities: list[City] = []
        routes: list[RouteSpec] = []
        tickets: list[TicketSpec] = []
        title = ""
        ok = True
        for item in st.items:
            if isinstance(item, s.TitleItem):
                title = item.title.text
            elif isinstance(item, s.TicketSetItem):
                self.error(
                    c.TICKET_SET,
                    "a map of one's own has no ticket sets",
                    item.span,
                    hint="write each ticket as: ticket A-B POINTS",
                )
                ok = False
            elif isinstance(item, s.CityItem):
                lat = lon = None
                if item.at is not None:
                    lat, lon = float(item.at[0]), float(item.at[1])
                cities.append(City(item.name.text, lat, lon, tuple(a.text for a in item.also)))
            elif isinstance(item, s.RouteItem):
                a, b = _pair(item.pair.text)
                colours = [self.colour(ref, track=True) for ref in item.colours]
                if any(x is None for x in colours):
                    ok = False
                    continue
                if len(colours) > 2:
                    self.error(
                        c.BAD_MAP,
                        f"route {item.pair.text} has {len(colours)} tracks",
                        item.colours[2].span,
                        hint="a route has one track, or two for a double route",
                    )
                    ok = False
                    continue
                routes.append(
                    RouteSpec(a, b, item.length.value, tuple(x for x in colours if x is not None))
                )
            elif isinstance(item, s.TicketItem):
                a, b = _pair(item.pair.text)
                tickets.append(TicketSpec(a, b, item.points.value))
        if not ok:
            return
        try:
            self.board = build_board(
                name=st.name.text, title=title, cities=cities, routes=routes, tickets=tickets
            )
            self.board_name = st.name.text
        except BoardError as exc:
            for problem in exc.problems:
                span = self._map_span(st, problem)
                self.error(c.BAD_MAP, problem, span, hint=_map_hint(problem))

    @staticmethod
    def _map_span(st: s.BoardDecl, problem: str) -> Span:
        for item in st.items:
            if isinstance(item, s.RouteItem | s.TicketItem) and item.pair.text in problem:
                return item.span
        for item in st.items:
            if isinstance(item, s.CityItem) and item.name.text in problem:
                return item.span
        return st.name.span


def _pair(text: str) -> tuple[str, str]:
    parts = [p for p in _DASH.split(text.strip()) if p]
    if len(parts) == 2:
        return parts[0], parts[1]
    # a city name with a dash inside it: split at the dash nearest the middle
    middle = len(text) // 2
    cut = min((m.start() for m in _DASH.finditer(text)), key=lambda i: abs(i - middle))
    return text[:cut].strip(" -"), text[cut + 1 :].strip(" -")


def _map_hint(problem: str) -> str:
    if "at least two cities" in problem:
        return "write at least two city lines (city NAME)"
    if "unknown city" in problem:
        return "write a city line for it (city NAME) before the routes and tickets"
    if "length" in problem:
        return "a route is 1 to 6 spaces long"
    if "twice" in problem or "also" in problem:
        return "write each city, route and ticket once"
    return "correct the map as the message says"
