"""The longest continuous route of each player, proven: by the search method and by CP-SAT.

Two independent methods answer the same question (the suite checks they agree):

* ``search``: :func:`canaldsl.tickettoride.network.longest_trail` (depth-first search with
  bounds, and the Euler relaxation);
* ``cp-sat``: :func:`trail_cpsat`, a CP-SAT model: a 0/1 choice per track, at most two cities
  of odd degree among the chosen tracks (degree = 2k + end), and the chosen tracks connected
  (a flow from one root city reaches every city they touch). Any set of tracks meeting these
  is exactly the set of tracks of a trail (Euler), so the largest total length is the
  longest trail; an Euler trail through the chosen tracks is the answer's trail.

Budgets are deterministic: CP-SAT's ``max_deterministic_time`` and the search's step count.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canaldsl import solver as sv
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.effects import longest_route_holders
from canaldsl.tickettoride.eulerbound import euler_trail
from canaldsl.tickettoride.network import edges_of, longest_trail
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.rulebook import LONGEST_WITHOUT_ROUTES, switch_values
from canaldsl.tickettoride.trails import DEFAULT_BUDGET, EMPTY, Edge, Trail

CPSAT_BUDGET = 20.0
"""CP-SAT deterministic time allowed for one trail by default (the whole map takes ~0.2)."""

TRAIL_SETTINGS: dict[str, bool | int | float | str] = {
    "cp_model_presolve": False,
    "cp_model_probing_level": 0,
    "symmetry_level": 0,
}
"""CP-SAT settings of :func:`trail_cpsat`: without presolve, probing and symmetry detection,
which cost more than they save on these models (measured, CPU: 300 random players' networks
of the suite 2.44 -> 1.16 s, ten random 30-track networks 0.85 -> 0.47 s, the whole map 0.10
-> 0.04 s). Settings change how the longest length is found and proven, never what it is;
where trails tie, the one given may differ from CP-SAT's defaults' (no golden output did)."""


class Method(enum.Enum):
    """How a solver answer is computed: ``search`` (the toolkit's one name for an exact search
    written here) or ``cp-sat``. ``Method("exact")`` and ``Method("cpsat")`` are accepted as
    older spellings of the same two engines."""

    SEARCH = "search"
    CPSAT = "cp-sat"

    @classmethod
    def _missing_(cls, value: object) -> Method | None:
        return {"exact": cls.SEARCH, "cpsat": cls.CPSAT}.get(str(value).lower())


def trail_cpsat(edges: Sequence[Edge], *, budget: float = CPSAT_BUDGET) -> Trail:
    """The longest trail of ``edges`` by CP-SAT (see the module docstring). ``proven`` is
    False when the budget ran out before optimality was shown (``bound`` then CP-SAT's)."""
    if not edges:
        return EMPTY
    cities = sorted({c for e in edges for c in (e.a, e.b)})
    index = {city: i for i, city in enumerate(cities)}
    count = len(cities)
    model = sv.new_model()
    chosen = [model.new_bool_var(f"x{e.id}") for e in edges]
    incident: list[list[int]] = [[] for _ in cities]
    for number, edge in enumerate(edges):
        incident[index[edge.a]].append(number)
        incident[index[edge.b]].append(number)
    forward = [model.new_int_var(0, count - 1, f"f{e.id}") for e in edges]
    backward = [model.new_int_var(0, count - 1, f"g{e.id}") for e in edges]
    ends, used, roots, supply = [], [], [], []
    for city in range(count):
        end = model.new_bool_var(f"end{city}")
        half = model.new_int_var(0, len(incident[city]), f"half{city}")
        touched = model.new_bool_var(f"used{city}")
        root = model.new_bool_var(f"root{city}")
        give = model.new_int_var(0, count, f"supply{city}")
        degree = sum(chosen[n] for n in incident[city])
        model.add(degree == 2 * half + end)
        for n in incident[city]:
            model.add_implication(chosen[n], touched)
        model.add(touched <= degree)
        model.add(root <= touched)
        model.add(give <= count * root)
        out = sum(forward[n] if index[edges[n].a] == city else backward[n] for n in incident[city])
        into = sum(backward[n] if index[edges[n].a] == city else forward[n] for n in incident[city])
        model.add(out - into == give - touched)
        ends.append(end)
        used.append(touched)
        roots.append(root)
        supply.append(give)
    for number in range(len(edges)):
        model.add(forward[number] <= (count - 1) * chosen[number])
        model.add(backward[number] <= (count - 1) * chosen[number])
    model.add(sum(ends) <= 2)
    model.add(sum(roots) <= 1)
    model.add(sum(supply) == sum(used))
    model.maximize(sum(e.length * x for e, x in zip(edges, chosen, strict=True)))
    result = sv.solve(model, settings={"max_deterministic_time": budget, **TRAIL_SETTINGS})
    if not result.has_solution:
        return Trail(0, (), (), False, sum(e.length for e in edges), 0)
    kept = {n for n, x in enumerate(chosen) if result.true(x)}
    length = sum(edges[n].length for n in kept)
    bound = math.floor(result.bound + 1e-6) if result.bound is not None else length
    if not kept:
        return Trail(0, (), (), result.status == sv.OPTIMAL, bound, 0)
    meeting: dict[int, int] = {}
    for n in kept:
        meeting[edges[n].a] = meeting.get(edges[n].a, 0) + 1
        meeting[edges[n].b] = meeting.get(edges[n].b, 0) + 1
    odd = sorted(c for c, d in meeting.items() if d % 2)
    path, numbers = euler_trail(edges, kept, odd)
    tracks = tuple(edges[n].id for n in numbers)
    return Trail(length, path, tracks, result.status == sv.OPTIMAL, max(bound, length), 0)


@dataclass(frozen=True)
class LongestRoutes:
    """Each player's longest trail (in seating order), and who holds the bonus."""

    trails: tuple[tuple[PlayerColour, Trail], ...]
    holders: tuple[PlayerColour, ...]
    method: Method

    def trail(self, player: PlayerColour) -> Trail:
        return next(t for p, t in self.trails if p is player)

    @property
    def proven(self) -> bool:
        return all(t.proven for _, t in self.trails)


def trail_finder(method: Method, budget: float | None = None) -> Callable[[Sequence[Edge]], Trail]:
    """The longest trail of a network by ``method`` within ``budget`` (search steps for the
    search, CP-SAT deterministic time for CP-SAT; None: the method's own default). Both
    budgets count work, not time: the same answer on any machine."""
    if method is Method.SEARCH:
        steps = DEFAULT_BUDGET if budget is None else int(budget)
        return lambda edges: longest_trail(edges, budget=steps)
    limit = CPSAT_BUDGET if budget is None else budget
    return lambda edges: trail_cpsat(edges, budget=limit)


def longest_routes(
    position: Position, *, method: Method = Method.SEARCH, budget: float | None = None
) -> LongestRoutes:
    """Every player's longest continuous route and the longest-route bonus holders, each
    trail within ``budget`` (see :func:`trail_finder`; a trail cut short says not proven)."""
    switches = switch_values(position.settings)
    trails = []
    finder = trail_finder(method, budget)
    for player in position.players:
        edges = edges_of(position.board, position.tracks_of(player.colour))
        trail = finder(edges)
        trails.append((player.colour, trail))
    holders = longest_route_holders(
        lengths={p: t.length for p, t in trails},
        reading=switches[LONGEST_WITHOUT_ROUTES.name],
    )
    return LongestRoutes(tuple(trails), holders, method)
