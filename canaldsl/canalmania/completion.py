"""Whether a canal can still be completed with the tiles left, and the fewest cards it needs.

**What is asked.** From the position as it stands, can the player complete the canal — over any
number of turns, building only on it — with the tiles left in their supply, and how many build
cards does that take at the fewest? A completion is a line of tiles from the canal's barge
through the via places it still lacks to its far endpoint (a junction canal: to any place it
has not passed), built by exactly the rules the engine checks of a build:

* each tile next to the one before or to the place reached after it, the first next to the
  barge (build.start-at-barge, build.connected); a tile between any two places;
* the kind suits the terrain (build.terrain); no two tiles of one kind side by side within a
  section (build.consecutive-tiles), also against the canal's last tile; under
  consecutive-tiles = neighbouring-hexes (the 2nd edition's default) none on touching hexes of
  a section, the canal's tiles since its last place included;
* never a hex or place twice, nor one the canal already holds (build.canal-integrity); no more
  tiles than the contract's value (build.contract-length); the far endpoint only after every
  via place (build.via-places); tiles from the supply as it stands (build.tile-supply);
* cards: a stretch or lock costs one card, an aqueduct two (one with Telford), a tunnel three
  (two with Jessop), and a tile on a hex holding another canal's tile two more
  (pay.wrong-count, build.overbuild).

**The number of cards** counts cards played, whatever the hand: the fewest cards paying for the
remaining tiles, over any number of turns. It does not depend on which cards the player holds
now: a surveyor stands for any card and Brindley's stretch for a lock, so the kinds of the
cards change nothing; Smeaton's surveyor played as two cards is not counted as one (whether
he gets one depends on the cards he draws). Other canals are taken as they stand: a hex holding
another canal's tile now costs the two extra cards.

**Two engines** answer it independently: the exact search here (depth-first over the routes,
pruned by a lower bound on the cards still needed, computed backwards from the goal) and the
CP-SAT model (:func:`canaldsl.canalmania.buildmodel.model_fewest_cards`). Tests check that they
agree on many random positions. The search also takes a set of rules to enforce, so that the
tests can check the rule sets :mod:`canaldsl.canalmania.minimal_rules` finds against it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from canaldsl.budget import (
    DEFAULT_UNITS,
    TIMEOUT,
    Budget,
    as_budget,
)
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.completionsearch import (
    ROUTE_RULES,
    SWITCHABLE,
    CompletionSearch,
    search_completion,
)
from canaldsl.canalmania.components import OVERBUILD_EXTRA_CARDS, Terrain, TileKind
from canaldsl.canalmania.distances import INF, Finish, Walk
from canaldsl.canalmania.problem import BuildProblem, CanalTask, RouteItem
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex
from canaldsl.statuses import Engine

if TYPE_CHECKING:
    from canaldsl.canalmania.minimal_rules import RuleSet

# ------------------------------------------------------------------ the question, answered

OPTIMAL = "OPTIMAL"
INFEASIBLE = "INFEASIBLE"
UNKNOWN = "UNKNOWN"
DEFAULT_BUDGET = DEFAULT_UNITS
ENGINES = ("search", "cp-sat")


@dataclass(frozen=True)
class PlannedStep:
    """A tile of a completing route (its kind, hex and cards) or a place it reaches."""

    place: str | None = None
    hex: Hex | None = None
    kind: TileKind | None = None
    cards: int = 0
    on_top: bool = False

    def text(self) -> str:
        if self.place is not None:
            return self.place
        assert self.hex is not None and self.kind is not None
        top = ", on top" if self.on_top else ""
        return f"{self.kind.value} {self.hex.label} ({self.cards} card{_s(self.cards)}{top})"

    def to_json(self) -> dict[str, object]:
        if self.place is not None:
            return {"place": self.place}
        assert self.hex is not None and self.kind is not None
        return {
            "tile": self.kind.value,
            "hex": self.hex.label,
            "cards": self.cards,
            "on_top": self.on_top,
        }


@dataclass(frozen=True)
class CompletionAnswer:
    """Whether a canal can still be completed with the tiles left, and the fewest cards.

    ``possible``: True, False, or None when the work budget (status UNKNOWN) or the wall-clock
    safety limit (TIMEOUT) stopped the search before either was shown. ``cards``: the fewest
    cards (when possible and ``status`` is OPTIMAL; otherwise the fewest found so far).
    ``route``: a completion needing them. ``rules``: when it is not possible, a minimal set of
    rules that make it so (None when not asked for)."""

    player: str
    contract: str
    possible: bool | None
    cards: int | None
    route: tuple[PlannedStep, ...]
    tiles_left: int
    status: str
    engine: str
    seconds: float
    rules: RuleSet | None = None
    bound: str | None = None
    """When a bound told the answer before any search: which (see :func:`early_no`)."""

    @property
    def tiles(self) -> int:
        return sum(1 for step in self.route if step.place is None)

    def summary(self) -> str:
        """A few words: yes with the cards, or no, or not decided."""
        if self.possible is None:
            limit = _limit_text(self.status)
            if self.cards is None:
                return f"not decided within {limit}"
            return f"not proven: {limit} ran out (a completion with {self.cards} cards)"
        if not self.possible:
            return "no"
        route = ", ".join(step.text() for step in self.route)
        return f"yes, with {self.cards} card{_s(self.cards or 0)} at the fewest ({route})"

    def reason(self) -> str:
        """One line for a query's outcome: the summary and, for a no, the rules behind it."""
        if self.possible is False:
            why = f"; {_rules_text(self.rules)}" if self.rules is not None else ""
            bound = f" ({self.bound})" if self.bound is not None else ""
            return f"no{bound}{why}"
        return self.summary()

    def text(self, *, timings: bool = False) -> str:
        """The answer for people; the solve time only with ``timings`` (it varies by run)."""
        name = _canal_name(self.contract)
        out = [f"can-complete {name} for {self.player}: {self.summary().split(' (')[0]}"]
        if self.possible:
            out.append(f"  route: {', '.join(step.text() for step in self.route)}")
            out.append(
                f"  {self.tiles} tile{_s(self.tiles)} of the {self.tiles_left} its value "
                "leaves; cards counted whatever the hand (see `canaldsl can-complete --help`)"
            )
        elif self.possible is False:
            out.append("  no route of tiles from the supply completes it by the rules")
            if self.bound is not None:
                out.append(f"  (a bound, before any search: {self.bound})")
            if self.rules is not None:
                out.append(f"  {_rules_text(self.rules)}")
        proof = {OPTIMAL: "OPTIMAL", INFEASIBLE: "INFEASIBLE (no completion)"}.get(
            self.status, f"{self.status}: {_limit_text(self.status)} ran out"
        )
        took = f", {self.seconds * 1000:.1f} ms" if timings else ""
        out.append(f"  proof: {proof} [{self.engine}{took}]")
        return "\n".join(out)

    def to_json(self, *, timings: bool = False) -> dict[str, object]:
        """The answer for programs; ``seconds`` only with ``timings`` (it varies by run)."""
        answer: dict[str, object] = {
            "player": self.player,
            "contract": self.contract,
            "possible": self.possible,
            "cards": self.cards,
            "tiles": self.tiles,
            "tiles_left": self.tiles_left,
            "status": self.status,
            "engine": self.engine,
            "route": [step.to_json() for step in self.route],
            "rules": self.rules.to_json(timings=timings) if self.rules is not None else None,
            "bound": self.bound,
        }
        if timings:
            answer["seconds"] = round(self.seconds, 6)
        return answer


def _limit_text(status: str) -> str:
    if status == TIMEOUT:
        return "the wall-clock safety limit (this answer depends on the machine)"
    return "the work budget"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _canal_name(contract: str) -> str:
    return "the junction canal" if contract == "junction" else f'"{contract}"'


def _rules_text(rules: RuleSet) -> str:
    if not rules.decided:
        return "which rules make it so: not decided within the work budget"
    named = ", ".join(f"{r} ({t})" for r, t in zip(rules.rules, rules.titles(), strict=True))
    if not rules.minimal:
        return f"rules that together make it so (not shown minimal: work budget): {named}"
    return (
        f"minimal set of rules that make it so: {named} (leaving out any one of them makes it "
        f"possible; without build.contract-length, routes of up to {rules.horizon} tiles "
        "were tried)"
    )


class NoSuchCanal(ValueError):
    """The question names no open canal of the player."""


def find_canal(state: GameState, contract: str, colour: str | None) -> CanalState:
    """The open canal ``contract`` of ``colour`` (default: whoever holds it); raises
    NoSuchCanal."""
    holder = colour if colour is not None else state.contract_holder(contract)
    if holder is None or not state.has_player(holder):
        raise NoSuchCanal(f"no player holds {_canal_name(contract)}")
    canal = state.player(holder).canal(contract)
    if canal is None or not canal.route:
        raise NoSuchCanal(f"{holder} has no open canal {_canal_name(contract)}")
    return canal


SEARCH_SHARE = 0.3
"""The part of the budget the exact search may spend (once its table of bounds is made)
before CP-SAT takes over."""


def can_complete(
    state: GameState,
    canal: CanalState,
    *,
    engine: str = "search",
    budget: Budget | float | None = DEFAULT_BUDGET,
    explain: bool = True,
) -> CompletionAnswer:
    """Whether ``canal`` can still be completed with its owner's tiles, and the fewest cards
    (see the module docstring), by ``engine``, within ``budget`` (work units, shared by every
    step below).

    "search": first the cheap bounds of :func:`early_no` (the tiles the value and the supply
    leave against the fewest any route needs); then the exact search, its table of bounds and
    then SEARCH_SHARE of what is left; when it runs out, the CP-SAT model with the rest.
    "cp-sat": the model alone. With ``explain``, a canal that cannot be completed comes with
    a minimal set of rules that make it so (CP-SAT;
    :func:`canaldsl.canalmania.minimal_rules.why_not_complete`), from what is left of the
    budget."""
    from canaldsl.canalmania.buildmodel import model_fewest_cards
    from canaldsl.canalmania.minimal_rules import completion_problem

    started = time.monotonic()
    work = as_budget(budget)
    problem = completion_problem(state, canal)
    task = problem.canals[0]
    engine = Engine.named(engine).value
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r} ({' or '.join(ENGINES)})")
    bound = early_no(problem) if engine == "search" else None
    cards: int | None = None
    items: tuple[RouteItem, ...] = ()
    if bound is not None:
        status, used = INFEASIBLE, "search"
    elif engine == "search":
        found = search_completion(
            state.board,
            task,
            problem.supply,
            problem.engineer,
            budget=work,
            share=SEARCH_SHARE,
        )
        cards, items, used = found.cards, found.route, "search"
        status = OPTIMAL if found.optimal else found.stopped or UNKNOWN
        if status == UNKNOWN:  # the search ran out: CP-SAT takes over with what is left
            model_cards, model_items, status, stopped = model_fewest_cards(problem, budget=work)
            used = "search, then cp-sat"
            if model_cards is not None and (cards is None or model_cards <= cards):
                cards, items = model_cards, model_items
            if status not in (OPTIMAL, INFEASIBLE):
                status = stopped or UNKNOWN
    else:
        cards, items, status, stopped = model_fewest_cards(problem, budget=work)
        used = "cp-sat"
        if status not in (OPTIMAL, INFEASIBLE):
            status = stopped or UNKNOWN
    if status == OPTIMAL and cards is None:
        status = INFEASIBLE
    if status == INFEASIBLE:
        cards, items = None, ()
    possible = None if status in (UNKNOWN, TIMEOUT) else cards is not None
    rules = None
    if possible is False and explain:
        from canaldsl.canalmania.minimal_rules import why_not_complete

        rules = why_not_complete(state, canal, budget=work)
    return CompletionAnswer(
        player=canal.owner,
        contract=canal.contract,
        possible=possible,
        cards=cards,
        route=_steps(problem.canals[0], problem.engineer, items),
        tiles_left=task.budget,
        status=status,
        engine=used,
        seconds=time.monotonic() - started,
        rules=rules,
        bound=bound,
    )


def early_no(problem: BuildProblem) -> str | None:
    """Why the canal of ``problem`` cannot be completed, told by a bound before any search,
    or None when the bounds leave it open. Each bound is the fewest tiles of some kind any
    route needs, through the via places still lacking in the best order (the walks of
    :mod:`canaldsl.canalmania.distances`): all tiles, against the tiles its value leaves and
    those left in the supply; tiles on difficult terrain, against the aqueducts and tunnels
    left; tiles on clear terrain, against the stretches and locks left."""
    task = problem.canals[0]
    board = problem.board
    supply = problem.supply
    walk = Walk(board, task.own, task.visited, task.far, task.junction)
    start: Hex | str = task.at_place if task.at_place is not None else task.end_hex
    total = sum(supply.get(k, 0) for k in TileKind)
    hard = supply.get(TileKind.AQUEDUCT, 0) + supply.get(TileKind.TUNNEL, 0)
    easy = supply.get(TileKind.STRETCH, 0) + supply.get(TileKind.LOCK, 0)
    checks: list[tuple[str, int, str, Callable[[Hex], int]]] = [
        ("", task.budget, f"its value leaves {_tiles(task.budget)}", _every),
        ("", total, f"the supply holds {_tiles(total)}", _every),
        (
            " on difficult terrain",
            hard,
            f"the supply holds {hard} aqueducts and tunnels",
            _on(board, True),
        ),
        (
            " on clear terrain",
            easy,
            f"the supply holds {easy} stretches and locks",
            _on(board, False),
        ),
    ]
    for where, have, left, weight in checks:
        fewest = Finish(walk, task.vias, have + 1, weight).from_start(start, task.full_mask)
        if fewest > have:
            needs = f"at least {_tiles(fewest)}" if fewest < INF else f"more than {_tiles(have)}"
            return f"any route needs {needs}{where}; {left}"
    return None


def _tiles(n: int) -> str:
    return f"{n} tile{_s(n)}"


def _every(hex: Hex) -> int:
    return 1


def _on(board: Board, difficult: bool) -> Callable[[Hex], int]:
    def weight(hex: Hex) -> int:
        return int((board.terrain[hex] is Terrain.DIFFICULT) == difficult)

    return weight


def _steps(
    task: CanalTask, engineer: str | None, items: Iterable[RouteItem]
) -> tuple[PlannedStep, ...]:
    out: list[PlannedStep] = []
    for item in items:
        if isinstance(item, str):
            out.append(PlannedStep(place=item))
            continue
        hex, kind = item
        top = hex in task.occupied
        price = base_cost(kind, engineer) + (OVERBUILD_EXTRA_CARDS if top else 0)
        out.append(PlannedStep(hex=hex, kind=kind, cards=price, on_top=top))
    return tuple(out)


__all__ = [
    "ENGINES",
    "ROUTE_RULES",
    "SWITCHABLE",
    "CompletionAnswer",
    "CompletionSearch",
    "NoSuchCanal",
    "PlannedStep",
    "can_complete",
    "find_canal",
    "search_completion",
]
