"""A best-delivery question taken from a game state: the mover, the sections as arcs.

What both best-delivery models (CP-SAT, :mod:`canaldsl.canalmania.deliverymodel`, and
python-constraint2, :mod:`canaldsl.canalmania.deliverycsp`) start from.
"""

from __future__ import annotations

from dataclasses import dataclass

from canaldsl.canalmania.components import Edition
from canaldsl.canalmania.state import GameState


@dataclass(frozen=True)
class Arc:
    """A completed section used in one direction."""

    tail: str
    head: str
    owner: str


@dataclass(frozen=True)
class DeliveryProblem:
    """What every solver needs: the arcs, where cubes are, colours, the rules that apply."""

    mover: str
    arcs: tuple[Arc, ...]
    starts: tuple[str, ...]
    colour: dict[str, str]
    start_counts: bool
    shortest_rule: bool

    @property
    def max_hops(self) -> int:
        """The most hops the colour restriction and the number of places allow."""
        places = {a.tail for a in self.arcs} | {a.head for a in self.arcs}
        colours = len({self.colour[p] for p in places})
        return min(len(places) - 1, colours - 1 if self.start_counts else colours)


def delivery_problem(state: GameState, mover: str) -> DeliveryProblem:
    """The problem of ``mover``'s goods move: both directions of every completed section (two
    sections of one owner between the same places give the same move, so one arc)."""
    arcs: dict[tuple[str, str, str], Arc] = {}
    for section in state.sections():
        for tail, head in ((section.a, section.b), (section.b, section.a)):
            arcs.setdefault((tail, head, section.owner), Arc(tail, head, section.owner))
    tails = {a.tail for a in arcs.values()}
    return DeliveryProblem(
        mover=mover,
        arcs=tuple(arcs[k] for k in sorted(arcs)),
        starts=tuple(sorted(p for p in state.cubes if p in tails)),
        colour={name: place.colour for name, place in state.board.places.items()},
        start_counts=state.rules.options["colour-restriction-start"] == "included",
        shortest_rule=state.rules.edition is Edition.SECOND,
    )
