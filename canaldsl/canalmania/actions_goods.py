"""The engine's goods actions: placing cubes for goods symbols, removing cubes, moving a cube.

The rules they apply are those of :mod:`canaldsl.canalmania.checks_goods`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.components import PLACE_COLOURS, Edition
from canaldsl.canalmania.state import GameState, Section
from canaldsl.canalmania.turncontext import TurnContext
from canaldsl.rules import rule_id
from canaldsl.verdicts import Violation


class GoodsActions(TurnContext):
    """Placing, removing and moving goods cubes."""

    # -- goods placement
    def cubes_wanted(self, colour: str) -> tuple[int, int]:
        """(cubes to place, free places) for a symbol of this colour now."""
        board = self.state.board
        if colour == "white":
            free = max(
                sum(1 for p in board.places_of_colour(c) if p.name not in self.state.cubes)
                for c in PLACE_COLOURS
            )
        else:
            free = sum(1 for p in board.places_of_colour(colour) if p.name not in self.state.cubes)
        wanted = goods_rules.full_colour(free_places=free, wanted=2)
        if self.edition is Edition.SECOND:
            wanted = goods_rules.no_more_cubes(basin=self.state.basin, wanted=wanted)
        return wanted, free

    def place_cubes(self, step: mv.PlaceCubes) -> None:
        state = self.state
        board = state.board
        colour = step.colour.text
        if not self.obligations:
            self.check(
                goods_rules.symbol_placement,
                step.span,
                symbol=colour,
                wanted=0,
                placed=len(step.places),
            )
            return
        owed = self.obligations.pop(0)
        wanted, _ = self.cubes_wanted(colour if owed.symbol == "white" else owed.symbol)
        if self.edition is Edition.FIRST and state.basin < wanted:
            self.referee.violations.append(
                Violation(
                    rule_id(goods_rules.removal_order),
                    f"the basin holds {state.basin} cube(s): take {wanted - state.basin} off the "
                    "map first",
                    step.span,
                )
            )
        connected = state.connected_places()
        for ref in step.places:
            place = ref.text
            ok = self.check(
                goods_rules.symbol_colour,
                ref.span,
                symbol=owed.symbol,
                colour=colour,
                place=place,
                place_colour=board.places[place].colour,
            )
            ok = (
                self.check(
                    goods_rules.one_per_place, ref.span, place=place, occupied=place in state.cubes
                )
                and ok
            )
            if ok:
                free = [
                    p.name
                    for p in board.places_of_colour(board.places[place].colour)
                    if p.name not in state.cubes
                ]
                best = min(goods_rules.priority_class(board, p, connected) for p in free)
                self.check(
                    goods_rules.placement_priority,
                    ref.span,
                    place=place,
                    chosen=goods_rules.priority_class(board, place, connected),
                    best=best,
                )
                state.cubes.add(place)
                state.basin = max(state.basin - 1, 0)
        self.check(
            goods_rules.symbol_placement,
            step.span,
            symbol=owed.symbol,
            wanted=wanted,
            placed=len(step.places),
        )

    def remove_cube(self, step: mv.RemoveCube) -> None:
        state = self.state
        board = state.board
        place = step.place.text
        needed = bool(self.obligations) and state.basin < 2 and self.edition is Edition.FIRST
        if place not in state.cubes:
            self.check(goods_rules.cube_at_start, step.place.span, place=place, has_cube=False)
            return
        connected = state.connected_places()
        order = [4, 3, 2] + (
            [1] if self.option("cube-removal-order") == "reverse-placement" else []
        )
        present = {goods_rules.priority_class(board, p, connected) for p in state.cubes}
        best = next((c for c in order if c in present), None)
        chosen = goods_rules.priority_class(board, place, connected)
        self.check(
            goods_rules.removal_order,
            step.place.span,
            place=place,
            chosen=chosen,
            best=best if chosen in order else None,
            needed=needed,
            edition=self.edition,
        )
        state.cubes.discard(place)
        state.basin += 1

    # -- moving goods
    def move(self, step: mv.MoveCube) -> None:
        state = self.state
        mover = self.player.colour
        route = [leg.place.text for leg in step.legs]
        start = route[0]
        self.check(
            goods_rules.cube_at_start,
            step.legs[0].place.span,
            place=start,
            has_cube=start in state.cubes,
        )
        sections = state.sections()
        owners: list[str] = []
        for a, b in itertools.pairwise(step.legs):
            wanted_owner = b.owner.text if b.owner is not None else None
            found = choose_section(sections, a.place.text, b.place.text, wanted_owner, mover, state)
            self.check(
                goods_rules.completed_sections,
                b.place.span,
                a=a.place.text,
                b=b.place.text,
                found=found is not None,
                owner=wanted_owner,
            )
            owners.append(found.owner if found else (wanted_owner or "nobody"))
        if owners:
            self.check(
                goods_rules.last_section_own,
                step.legs[-1].place.span,
                mover=mover,
                owner=owners[-1],
            )
        colours = [state.board.places[p].colour for p in route]
        start_counts = self.option("colour-restriction-start") == "included"
        self.check(
            goods_rules.colour_restriction,
            step.span,
            route=route,
            colours=colours,
            start_counts=start_counts,
        )
        self.check(goods_rules.each_place_once, step.span, route=route)
        if self.edition is Edition.SECOND and owners and all(o == mover for o in owners):
            shortest = shortest_own_route(state, mover, start, route[-1], start_counts)
            self.check(goods_rules.shortest_route, step.span, length=len(route), shortest=shortest)
        for colour, points in goods_rules.delivery_points(route=route, owners=owners).items():
            if state.has_player(colour):
                self.score(colour, points)
        if start in state.cubes:
            state.cubes.discard(start)
            state.basin += 1


def choose_section(
    sections: Sequence[Section],
    a: str,
    b: str,
    owner: str | None,
    mover: str,
    state: GameState,
) -> Section | None:
    """The section a cube uses from ``a`` to ``b``: the named owner's, else the mover's own,
    else the first in seating order."""
    candidates = [x for x in sections if {x.a, x.b} == {a, b}]
    if owner is not None:
        candidates = [x for x in candidates if x.owner == owner]
    if not candidates:
        return None
    seats = {p.colour: i for i, p in enumerate(state.players)}
    return min(candidates, key=lambda x: (x.owner != mover, seats.get(x.owner, 99)))


def shortest_own_route(
    state: GameState, mover: str, start: str, goal: str, start_counts: bool
) -> int | None:
    """The fewest places on a route from start to goal on the mover's own sections only,
    keeping to the colour restriction; None when there is none."""
    board = state.board
    own = [x for x in state.sections() if x.owner == mover]
    best: int | None = None
    # breadth-first over simple paths (the own network is small)
    frontier: list[tuple[str, ...]] = [(start,)]
    while frontier:
        following: list[tuple[str, ...]] = []
        for path in frontier:
            here = path[-1]
            for section in own:
                if here not in (section.a, section.b):
                    continue
                nxt = section.other(here)
                if nxt in path:
                    continue
                counted = path if start_counts else path[1:]
                colours = {board.places[p].colour for p in counted}
                if board.places[nxt].colour in colours:
                    continue
                new = (*path, nxt)
                if nxt == goal:
                    return len(new)
                following.append(new)
        frontier = following
    return best
