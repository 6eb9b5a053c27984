"""The best build of a turn: what the CLI (`canaldsl best-build`) and `query best-build` ask.

**What "best build" means.** Over every legal build action the player can take this turn —
on one or both of their open canals, each continuing from its barge, the tiles paid from their
hand — the best build earns the most points:

* a canal the build completes scores its completion now: the points of all its tiles (1 per
  lock, 2 per aqueduct, 3 per tunnel, old tiles included) and, in the 2nd edition, the
  contract's value;
* a canal that stays incomplete counts the points of the tiles the build adds to it (its owner
  scores them at the latest at the end of the game, as an incomplete canal).

"Legal" is what the rules engine says of the build played as the turn's phase 2 action
(:func:`canaldsl.canalmania.engine.play_turn`): tiles next to the barge and to each other,
suiting the terrain, no two tiles of one kind in a row within a section (under the switch
consecutive-tiles = neighbouring-hexes, the 2nd edition's default: none on touching hexes of a
section), the canal never passing a hex or place twice, no more tiles than the contract's value
(2nd edition, a wrongly built canal: no more than its shortest completion, which each build on
it must keep to: build.shortest-completion), tiles from the supply,
via places before the far endpoint, cards from the hand (surveyors as any card, Brindley's
stretch for a lock, Jessop's and Telford's cheaper tunnels and aqueducts, Smeaton's surveyor
played as two cards on consecutive tiles of one canal, two more cards of any kind to build on
top of another canal's tile), and every canal the build touches and leaves incomplete still
completable within its value. The lines of a build come in the order of the player's canals.

**Ties**: among builds of equal points, the one paying fewer cards (a Smeaton surveyor played
twice is one card); among those, the first in the exact search's fixed order (canals in the
player's order, at each step places before tiles, neighbours clockwise from the north-east,
higher-scoring tile kinds first). The CP-SAT model returns a build of the same points and
cards, reproducibly (one worker, a fixed seed), but not necessarily the same one.

**The answer** lists the tiles (kind, hex, cards paid) and places of each line, the points,
and the proof: OPTIMAL (the bound equals the points), UNKNOWN (the work budget was spent: the
best build found so far and the bound on what any build can score; the same on every machine)
or TIMEOUT (the wall-clock safety limit stopped the solve first: machine-dependent; see
:mod:`canaldsl.budget`). Two builds are *the same
answer* when they put the same tiles, in the same order, on each canal and complete the same
canals (places passed on the way and the choice of cards do not count); a best build is
*unique* when no other answer scores as many points with as few cards.

Which engine answers is chosen by the question (:func:`choose_engine`): the exact search for
builds of few tiles, where it is fastest, CP-SAT (:mod:`canaldsl.canalmania.buildmodel`) for
the rest. Neither is imported before it is needed; ortools is imported only by CP-SAT.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from canaldsl.budget import DEFAULT_UNITS, TIMEOUT, Budget, as_budget
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.components import CardKind, TileKind
from canaldsl.canalmania.position import JUNCTION
from canaldsl.canalmania.state import GameState
from canaldsl.hexgrid import Hex
from canaldsl.statuses import Engine

OPTIMAL = "OPTIMAL"
UNKNOWN = "UNKNOWN"
NONE_OTHER = "INFEASIBLE"
"""The status of a solve leaving out an answer when no other build exists at all."""

DEFAULT_BUDGET = DEFAULT_UNITS
"""Work units of one best-build question (:mod:`canaldsl.budget`)."""
SEARCH_MAX_TILES = 5
"""The exact search answers when the canals together allow at most this many more tiles (the
hand and the contract values decide); CP-SAT answers the rest. Measured on the built-in board:
the search is faster up to about five tiles, CP-SAT beyond (and the search avoids importing
OR-Tools for small questions)."""


@dataclass(frozen=True)
class PlannedTile:
    """One tile of a build: its kind, hex, the cards paid, and whether it is built on top."""

    kind: TileKind
    hex: Hex
    cards: tuple[tuple[CardKind, int | None], ...]
    on_top: bool = False

    def text(self) -> str:
        paid = ", ".join(k.value + (f"@{n}" if n is not None else "") for k, n in self.cards)
        return f"{self.kind.value} {self.hex.label} ({paid})"


@dataclass(frozen=True)
class PlannedLine:
    """What a build does on one canal: its tiles and places in order."""

    canal: str
    items: tuple[PlannedTile | str, ...]
    completes: bool
    points: int

    @property
    def tiles(self) -> tuple[PlannedTile, ...]:
        return tuple(x for x in self.items if isinstance(x, PlannedTile))

    def text(self) -> str:
        name = "junction" if self.canal == JUNCTION else _quoted(self.canal)
        parts = [x.text() if isinstance(x, PlannedTile) else _name(x) for x in self.items]
        return f"{name}: {', '.join(parts)}"


@dataclass(frozen=True)
class BuildPlan:
    """The best build found, its worth, and how sure the answer is."""

    player: str
    lines: tuple[PlannedLine, ...]
    points: int
    points_now: int
    """Points scored this turn (completions); the rest come with the canal's completion or at
    the end of the game."""
    cards: int
    status: str
    bound: int
    engine: str
    seconds: float
    budget: float | None
    """The work units the question was given (None: no limit)."""

    @property
    def optimal(self) -> bool:
        return self.status == OPTIMAL

    @property
    def identity(self) -> tuple[tuple[str, tuple[tuple[Hex, TileKind], ...], bool], ...]:
        return tuple(
            (line.canal, tuple((t.hex, t.kind) for t in line.tiles), line.completes)
            for line in self.lines
        )

    def to_build(self) -> s.Build | None:
        """The build as a syntax node (None for the empty build)."""
        if not self.lines:
            return None
        lines = []
        for line in self.lines:
            items: list[s.BuildItem] = []
            for item in line.items:
                if isinstance(item, str):
                    items.append(s.ReachPlace(s.Ref(item)))
                else:
                    payment = tuple(
                        s.PayCard(s.Ref(k.value), s.Ref(f"@{n}") if n is not None else None)
                        for k, n in item.cards
                    )
                    items.append(
                        s.BuildTile(s.Ref(item.kind.value), s.Ref(item.hex.label), payment)
                    )
            canal = None if line.canal == JUNCTION else s.Ref(line.canal)
            lines.append(s.BuildLine(canal=canal, items=tuple(items)))
        return s.Build(lines=tuple(lines), block=len(lines) > 1)

    def to_turn(self, extra: Sequence[s.TurnItem] = ()) -> s.TurnDecl:
        """A turn whose phase 2 is this build (then ``extra`` steps, such as discards)."""
        build = self.to_build()
        steps: list[s.TurnItem] = [s.PhaseMark(number=s.Num(2))]
        steps.append(build if build is not None else s.Pass())
        steps += extra
        return s.TurnDecl(player=s.Ref(self.player), items=tuple(steps))

    def build_text(self) -> str:
        from canaldsl.canalmania.formatter import statement_text

        turn = statement_text(self.to_turn())
        inner = turn.split("\n")[1:-1]
        return "\n".join(line[2:] for line in inner).removeprefix("phase 2: ")

    def turn_text(self) -> str:
        from canaldsl.canalmania.formatter import statement_text

        return statement_text(self.to_turn())

    def summary(self) -> str:
        """One line: the points and the build."""
        if not self.lines:
            return f"{self.points} points (no build scores)"
        lines = "; ".join(line.text() for line in self.lines)
        return f"{self.points} points ({lines})"

    def proof(self) -> str:
        if self.optimal:
            return f"{OPTIMAL} (bound {self.bound})"
        if self.status == NONE_OTHER:
            return "no build other than the one left out"
        found = f"best found {self.points}, bound {self.bound}"
        if self.status == TIMEOUT:
            return (
                f"{TIMEOUT}: stopped by the wall-clock safety limit before the budget was "
                f"spent (this answer depends on the machine and its load); {found}"
            )
        limit = f" of {self.budget:g} units" if self.budget is not None else ""
        return f"{UNKNOWN}: the work budget{limit} was spent; {found}"

    def text(self, *, timings: bool = False) -> str:
        """The answer for people; the solve time only with ``timings`` (it varies by run)."""
        out = [f"best build for {self.player}: {self.points} points, {self.cards} cards"]
        if self.points_now != self.points:
            out[0] += f" ({self.points_now} scored now)"
        if not self.lines:
            out.append("  no build scores anything")
        for line in self.lines:
            state = "completes it" if line.completes else "stays incomplete"
            out.append(f"  {line.text()}")
            out.append(f"      {line.points} points; {state}")
        took = f", {self.seconds * 1000:.1f} ms" if timings else ""
        out.append(f"  proof: {self.proof()} [{self.engine}{took}]")
        return "\n".join(out)

    def to_json(self, *, timings: bool = False) -> dict[str, Any]:
        """The answer for programs; ``seconds`` only with ``timings`` (it varies by run)."""
        answer = {
            "player": self.player,
            "points": self.points,
            "points_now": self.points_now,
            "cards": self.cards,
            "status": self.status,
            "bound": self.bound,
            "engine": self.engine,
            "budget": self.budget,
            "lines": [
                {
                    "canal": line.canal,
                    "completes": line.completes,
                    "points": line.points,
                    "items": [
                        {"place": x}
                        if isinstance(x, str)
                        else {
                            "tile": x.kind.value,
                            "hex": x.hex.label,
                            "on_top": x.on_top,
                            "cards": [
                                k.value + (f"@{n}" if n is not None else "") for k, n in x.cards
                            ],
                        }
                        for x in line.items
                    ],
                }
                for line in self.lines
            ],
            "build": self.build_text() if self.lines else None,
        }
        if timings:
            answer["seconds"] = round(self.seconds, 6)
        return answer


def _name(text: str) -> str:
    return text if text.replace("_", "").isalnum() and text[:1].isalpha() else _quoted(text)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ------------------------------------------------------------------ answering


def choose_engine(problem: Any) -> str:
    """The engine for a problem: "search" when the canals allow few more tiles, else
    "cp-sat" (measured: see bench/ and the tests)."""
    tiles = sum(min(t.budget, _max_tiles(problem)) for t in problem.canals)
    return "search" if tiles <= SEARCH_MAX_TILES else "cp-sat"


def _max_tiles(problem: Any) -> int:
    cards = sum(problem.hand.values())
    if problem.smeaton:
        cards += problem.hand.get(CardKind.SURVEYOR, 0)
    return int(cards)


def plan_from_lines(
    problem: Any,
    lines: Sequence[Sequence[Any]],
    *,
    status: str,
    bound: int,
    engine: str,
    seconds: float,
    budget: float | None,
) -> BuildPlan:
    """A BuildPlan from route items per canal (tiles (hex, kind) and place names)."""
    from canaldsl.canalmania.payment import pay
    from canaldsl.canalmania.problem import build_points, line_costs

    costs = line_costs(problem, lines)
    payment = pay(costs, problem.hand, problem.engineer)
    if payment is None:
        raise AssertionError("a build the hand cannot pay for")
    points, now, completes = build_points(problem, lines)
    planned: list[PlannedLine] = []
    index = 0
    for task, line, done in zip(problem.canals, lines, completes, strict=True):
        if not line:
            continue
        items: list[PlannedTile | str] = []
        for item in line:
            if isinstance(item, str):
                items.append(item)
                continue
            hex, kind = item
            cost = costs[index]
            items.append(PlannedTile(kind, hex, payment.cards[index], cost.extra > 0))
            index += 1
        line_points, _, _ = build_points(
            problem, [line if t is task else () for t in problem.canals]
        )
        planned.append(PlannedLine(task.name, tuple(items), done, line_points))
    return BuildPlan(
        player=problem.colour,
        lines=tuple(planned),
        points=points,
        points_now=now,
        cards=payment.physical,
        status=status,
        bound=max(bound, points),
        engine=engine,
        seconds=seconds,
        budget=budget,
    )


def best_build(
    state: GameState,
    colour: str,
    *,
    engine: str = "auto",
    budget: Budget | float | None = DEFAULT_BUDGET,
    forbidden: Any = None,
) -> BuildPlan:
    """The best build of ``colour`` this turn (see the module docstring).

    ``engine``: "auto" (by the question), "search" (exact depth-first search) or "cp-sat"
    (its aliases are accepted: :func:`engine_name`). ``budget``: work units (or a Budget,
    charged with what the solve used; None: no limit). ``forbidden``: an answer's identity
    (``BuildPlan.identity``) to leave out. Raises
    :class:`~canaldsl.canalmania.problem.HandUnknown` when the hand is not known."""
    from canaldsl.canalmania.problem import build_problem
    from canaldsl.canalmania.routes import shortest_ways

    problem = shortest_ways(build_problem(state, colour))
    return solve_problem(problem, engine=engine, budget=budget, forbidden=forbidden)


def engine_name(engine: str) -> str:
    """The one spelling of an engine's name ("auto", "search" or "cp-sat"), older spellings
    ("exact", "exhaustive", "cpsat") accepted: :meth:`canaldsl.statuses.Engine.named`, the
    toolkit's one table of engine names. Raises
    :class:`~canaldsl.statuses.UnknownEngineError` (a ValueError) for any other name."""
    return Engine.named(engine).value


def solve_problem(
    problem: Any,
    *,
    engine: str = "auto",
    budget: Budget | float | None = DEFAULT_BUDGET,
    forbidden: Any = None,
) -> BuildPlan:
    started = time.monotonic()
    work = as_budget(budget)
    engine = engine_name(engine)
    chosen = choose_engine(problem) if engine == "auto" else engine
    blocked = _search_identity(problem, forbidden) if forbidden is not None else None
    if chosen == "search":
        from canaldsl.canalmania.search import search_best_build

        result = search_best_build(problem, budget=work, forbidden=blocked)
        found = result.found
        lines = found.lines if found is not None and found.lines else ()
        lines = lines or tuple(() for _ in problem.canals)
        status = OPTIMAL if result.optimal else result.stopped or UNKNOWN
        if found is None and result.optimal:
            status = NONE_OTHER
        return plan_from_lines(
            problem,
            lines,
            status=status,
            bound=result.bound,
            engine="search",
            seconds=time.monotonic() - started,
            budget=work.units,
        )
    from canaldsl.canalmania.buildmodel import model_best_build

    routes, status, bound = model_best_build(problem, budget=work, forbidden=blocked)
    return plan_from_lines(
        problem,
        routes,
        status=status,
        bound=bound,
        engine="cp-sat",
        seconds=time.monotonic() - started,
        budget=work.units,
    )


def _search_identity(problem: Any, identity: Any) -> Any:
    """A plan's identity (touched canals only) as the engines' per-canal identity."""
    by_name: Mapping[str, Any] = {name: (tiles, done) for name, tiles, done in identity}
    return tuple(by_name.get(task.name, ((), False)) for task in problem.canals)


@dataclass(frozen=True)
class Uniqueness:
    """Whether a best build is the only answer of its worth, and the runner-up."""

    unique: bool | None
    other: BuildPlan | None


def uniqueness(
    state: GameState,
    plan: BuildPlan,
    *,
    engine: str = "auto",
    budget: Budget | float | None = DEFAULT_BUDGET,
) -> Uniqueness:
    """Solve again without ``plan``'s answer: unique when nothing else scores as many points
    with as few cards (None when either solve ran out of budget)."""
    if not plan.optimal:
        return Uniqueness(None, None)
    other = best_build(state, plan.player, engine=engine, budget=budget, forbidden=plan.identity)
    if other.status == NONE_OTHER:
        return Uniqueness(True, None)
    if (other.points, -other.cards) > (plan.points, -plan.cards):
        raise AssertionError("the second solve found a better build than the first")
    ties = (other.points, other.cards) == (plan.points, plan.cards)
    if ties:
        return Uniqueness(False, other)
    return Uniqueness(True if other.optimal else None, other)


# ------------------------------------------------------------------ queries and files


def answer_query(
    state: GameState,
    mover: str | None,
    points: int | None,
    unique: bool,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
) -> tuple[bool | None, str]:
    """Judge `query best-build [for COLOUR][: N points] [unique]` on ``state``: (passed or
    None when it cannot be decided, the reason shown). Every solve of the query shares
    ``budget``."""
    from canaldsl.canalmania.problem import HandUnknown

    work = as_budget(budget)
    if mover is None:
        return None, "not evaluated: whose build? say `for COLOUR` (or `now COLOUR`)"
    try:
        plan = best_build(state, mover, budget=work)
    except HandUnknown as exc:
        return None, f"not evaluated: {exc}"
    reason = f"best {plan.summary()}"
    if not plan.optimal:
        return None, f"not proven: {reason}; {plan.proof()}"
    if not plan.lines:  # why nothing is built: a minimal set of rules (CP-SAT)
        from canaldsl.canalmania.minimal_rules import empty_build_note

        reason += f"; {empty_build_note(state, mover, budget=work)[0]}"
    passed = points is None or points == plan.points
    if unique:
        found = uniqueness(state, plan, budget=work)
        if found.unique is None:
            why = "the wall-clock safety limit" if work.wall_hit else "the work budget"
            return None, f"{reason}; uniqueness not proven within {why}"
        if found.unique:
            reason += "; unique"
        else:
            assert found.other is not None
            reason += f"; not unique: also {found.other.summary()}"
            passed = False
    return passed, reason
