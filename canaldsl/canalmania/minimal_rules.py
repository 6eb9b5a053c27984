"""Minimal sets of rules that make a build question impossible, by rule id.

Three questions can have no answer at all: a canal that can no longer be completed
(:func:`why_not_complete`), a turn in which not even one tile can be built (:func:`why_no_build`),
and a proposed build that no choice of cards makes legal (:func:`why_not_proposed`). For each,
the CP-SAT build model (:class:`~canaldsl.canalmania.buildmodel.BuildModel`, relaxed) states
every rule behind one literal; assuming them all, the question is infeasible; CP-SAT names a
sufficient set of rules and a deletion pass (:mod:`canaldsl.minimalcore`) makes it minimal:
the rules found together make the question impossible, and leaving out any one of them makes
it possible. Another minimal set may exist; the deletion pass leaves out the rules in the order
of MODEL_RULES, so the broad rules that join tiles into a line are kept only when they are
needed.

**What leaving out a rule means** (each rule's constraints, and only those, are dropped):
build.start-at-barge — the first tile anywhere; build.connected — tiles need not join, places
are reached from anywhere, sections may be empty; build.terrain — any kind on any hex, sea
included (never on a place); build.consecutive-tiles — kinds may repeat; build.canal-integrity —
hexes and places may be used again; build.contract-length — up to ``horizon`` tiles (see
below); build.via-places — the far endpoint completes whatever was passed;
build.tile-supply — any number of tiles; build.completable — a build may strand its canal;
pay.wrong-count — every tile costs one card of its own; pay.wrong-kind — any card pays for
any tile; pay.not-in-hand — any cards may be paid; build.overbuild — no extra cards on
top of another tile.

**Horizon.** The model has a fixed number of positions per canal: one for a turn with no tile
to build, the proposed tiles for a proposed build, and for a completion the larger of the tiles
the value leaves and the fewest tiles any route needs, plus HORIZON_SLACK. Without
build.contract-length a canal may use that many tiles, no more; the answer says so.

**build.completable** is checked lazily: when a solution with that rule's literal true leaves a
canal incomplete, the exact test (:func:`canaldsl.canalmania.routes.still_completable`) judges
its end, and an end that cannot be completed is forbidden behind the literal and the model
solved again.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from canaldsl import minimalcore as mc
from canaldsl.budget import DEFAULT_UNITS, Budget, as_budget
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.components import TileKind
from canaldsl.canalmania.distances import Finish
from canaldsl.canalmania.position import JUNCTION
from canaldsl.canalmania.problem import (
    INF,
    BuildProblem,
    CanalTask,
    RouteItem,
    build_problem,
    canal_task,
)
from canaldsl.canalmania.routes import shortest_ways, still_completable
from canaldsl.canalmania.rulebook import all_rules
from canaldsl.canalmania.state import CanalState, GameState
from canaldsl.hexgrid import Hex

HORIZON_SLACK = 3
"""Tiles beyond the value (or beyond the fewest any route needs) a completion may use when
build.contract-length is left out."""

DEFAULT_BUDGET = DEFAULT_UNITS
"""Work units for finding a minimal set (all its solves together; :mod:`canaldsl.budget`)."""

COMPLETION_RULES = (
    "build.start-at-barge",
    "build.connected",
    "build.terrain",
    "build.consecutive-tiles",
    "build.canal-integrity",
    "build.contract-length",
    "build.via-places",
    "build.tile-supply",
)
"""The rules a completion obeys (cards are only counted, so no card rule can forbid it)."""

TURN_RULES = (
    *COMPLETION_RULES,
    "build.completable",
    "pay.wrong-count",
    "pay.wrong-kind",
    "pay.not-in-hand",
    "build.overbuild",
)
"""The rules a build of one turn obeys, as the model states them."""


@dataclass(frozen=True)
class RuleSet:
    """A minimal set of rules that makes ``question`` impossible (``rules``, rule ids in the
    order of TURN_RULES).

    ``minimal`` is False when the work budget ran out during the deletion pass (the set still
    makes the question impossible, but a member might not be needed). ``horizon``: the
    tiles per canal the model considered without build.contract-length."""

    question: str
    rules: tuple[str, ...]
    minimal: bool
    horizon: int
    solves: int
    seconds: float
    considered: tuple[str, ...] = field(default=TURN_RULES)
    decided: bool = True
    """False when the budget ran out in the first solve: impossibility was not shown."""
    timeout: bool = False
    """True when the wall-clock safety limit (not the budget) stopped the search."""

    def titles(self) -> tuple[str, ...]:
        known = all_rules()
        return tuple(known[r].title if r in known else r for r in self.rules)

    def text(self) -> str:
        """One line: the rules with their titles."""
        if not self.decided:
            return f"{self.question}? not decided: {self._limit()} ran out"
        if not self.rules:
            return f"{self.question}: no rule is needed to make it so (the request itself)"
        named = "; ".join(f"{r} ({t})" for r, t in zip(self.rules, self.titles(), strict=True))
        word = "minimal set" if self.minimal else f"set (not shown minimal: {self._limit()})"
        return f"{self.question}: {word} of rules that make it so: {named}"

    def _limit(self) -> str:
        return "the wall-clock safety limit" if self.timeout else "the work budget"

    def to_json(self, *, timings: bool = False) -> dict[str, Any]:
        """The set for programs; ``seconds`` only with ``timings`` (it varies by run)."""
        answer = {
            "question": self.question,
            "rules": [
                {"id": r, "title": t} for r, t in zip(self.rules, self.titles(), strict=True)
            ],
            "minimal": self.minimal,
            "decided": self.decided,
            "timeout": self.timeout,
            "horizon": self.horizon,
            "solves": self.solves,
        }
        if timings:
            answer["seconds"] = round(self.seconds, 6)
        return answer


class RuleQuestion:
    """A build question as a relaxed build model: the rules to consider, the lazy
    build.completable check, and whether a set of rules leaves the question possible."""

    def __init__(
        self,
        problem: BuildProblem,
        rules: Sequence[str],
        question: str,
        *,
        horizon: int,
        pay: bool,
        budget: Budget | float | None,
        extra_hexes: Sequence[Hex] = (),
    ) -> None:
        from canaldsl.canalmania.buildmodel import BuildModel, afford, model_size

        self.problem = problem
        self.rules = tuple(rules)
        self.question = question
        self.budget = as_budget(budget)
        """Work units for the whole search of a minimal set (each solve gets what is left)."""
        self.horizon = horizon
        size = model_size(problem, relaxed=True, horizon=horizon, extra_hexes=len(extra_hexes))
        self.affordable = afford(self.budget, size)
        """False when the model is too large for the budget: it is not built, and the
        question is not decided."""
        built_for = problem if self.affordable else replace(problem, canals=())
        self.built = BuildModel(
            built_for, relaxed=True, horizon=horizon, pay=pay, extra_hexes=extra_hexes
        )
        self.model = self.built.model
        self.checked_ends: set[tuple[int, tuple[RouteItem, ...]]] = set()

    def lines(self, answer: mc.Assumed) -> list[tuple[RouteItem, ...]]:
        out: list[tuple[RouteItem, ...]] = []
        for v in self.built.canals:
            at = {p: h for (p, h), var in v.x.items() if answer.true(var)}
            kinds = {p: k for (p, k), var in v.k.items() if answer.true(var)}
            places = {p: n for (p, n), var in v.z.items() if answer.true(var)}
            line: list[RouteItem] = []
            for p in range(0, v.positions + 1):
                if p in at:
                    line.append((at[p], kinds[p]))
                elif p > 0:
                    break
                if p in places:
                    line.append(places[p])
            out.append(tuple(line))
        return out

    def stranded(self, answer: mc.Assumed) -> bool:
        """With build.completable true in the answer, forbid (behind that rule's literal) the
        end of every canal it leaves incomplete and not completable; whether any was."""
        rule = self.built.literals["build.completable"]
        if not answer.true(rule):
            return False
        added = False
        for v, line in zip(self.built.canals, self.lines(answer), strict=True):
            task = v.task
            if not line or any(isinstance(x, str) and task.is_goal(x, 0) for x in line):
                continue
            key = (task.index, line)
            if key in self.checked_ends or still_completable(self.problem, task, line):
                continue
            self.checked_ends.add(key)
            self.forbid_end(v, line)
            added = True
        return added

    def forbid_end(self, v: Any, line: Sequence[RouteItem]) -> None:
        """No build may leave canal ``v`` at this end (its tiles and places up to its last
        item, and nothing after), while build.completable holds."""
        lits: list[Any] = []
        p = 0
        for item in line:
            if isinstance(item, str):
                lits.append(v.z[(p, item)])
            else:
                p += 1
                lits.append(v.x[(p, item[0])])
        if p + 1 <= v.positions:
            lits.append(v.used[p + 1].Not())
        if not isinstance(line[-1], str) and not isinstance(v.gap[p], int):
            lits.append(v.gap[p].Not())
        rule = self.built.literals["build.completable"]
        self.model.AddBoolOr([lit.Not() for lit in lits]).OnlyEnforceIf(rule)

    def forbid_stranding_tiles(self) -> None:
        """Forbid at once (behind build.completable) every first tile after which its canal
        cannot be completed, rather than one a solve as :meth:`stranded` does: on a board of
        thousands of hexes where no tile can be built, that is thousands of solves. Each test
        is cheap (the walks' bound decides most), and counted as a step of the budget."""
        for v in self.built.canals:
            task = v.task
            for (p, hex), _ in sorted(v.x.items()):
                if p != 1:
                    continue
                line: tuple[RouteItem, ...] = ((hex, TileKind.STRETCH),)
                self.budget.charge_steps(1)
                if not still_completable(self.problem, task, line):
                    self.checked_ends.add((task.index, line))
                    self.forbid_end(v, line)
            self.forbid_stranding_places(v)

    def forbid_stranding_places(self, v: Any) -> None:
        """Forbid at once (behind build.completable) a first tile followed by a place from
        which the canal cannot be completed, whatever the tile: the place is tested as if
        reached with no tile at all (one hex fewer held, one tile more left), which can only
        make completing easier, so a place failing that test strands every such line. Without
        build.connected a tile may be followed by any place of the board, and finding those
        ends one solve at a time took hundreds of solves."""
        task = v.task
        if v.positions < 1:
            return
        for (p, name), place in sorted(v.z.items()):
            if p != 1 or task.is_goal(name, 0):
                continue
            self.budget.charge_steps(1)
            if still_completable(self.problem, task, (name,)):
                continue
            lits: list[Any] = [v.used[1], place]
            if v.positions >= 2:
                lits.append(v.used[2].Not())
            rule = self.built.literals["build.completable"]
            self.model.AddBoolOr([lit.Not() for lit in lits]).OnlyEnforceIf(rule)

    def check(self, assumed: Sequence[str]) -> tuple[str, list[str]]:
        """Whether the question is possible with exactly ``assumed`` rules (and, when not,
        CP-SAT's sufficient set among them)."""
        literals = [self.built.literals[r] for r in assumed]
        while True:
            answer = mc.solve_assuming(self.model, literals, budget=self.budget)
            if answer.status == mc.FEASIBLE and self.stranded(answer):
                continue
            return answer.status, [assumed[i] for i in answer.core]

    def core(self) -> RuleSet | None:
        """The minimal set, or None when the question is possible after all."""
        question = self.question
        started = time.monotonic()
        if not self.affordable:
            return RuleSet(question, (), False, self.horizon, 0, 0.0, self.rules, decided=False)
        found = mc.minimal_core(self.rules, self.check)
        seconds = time.monotonic() - started
        timeout = self.budget.wall_hit
        if found.status == mc.FEASIBLE:
            return None
        if found.status in (mc.UNKNOWN, mc.TIMEOUT):
            return RuleSet(
                question,
                (),
                False,
                self.horizon,
                found.solves,
                seconds,
                self.rules,
                decided=False,
                timeout=timeout,
            )
        return RuleSet(
            question,
            found.members,
            found.minimal,
            self.horizon,
            found.solves,
            seconds,
            self.rules,
            timeout=timeout,
        )


def completion_horizon(task: CanalTask) -> int:
    """The positions a completion model has: see the module docstring (the fewest tiles any
    route needs, however many: the walks of :mod:`canaldsl.canalmania.distances` unbounded)."""
    start: Hex | str = task.at_place if task.at_place else task.end_hex
    fewest = INF
    if task.finish is not None:
        fewest = Finish(task.finish.walk, task.vias, None).from_start(start, task.full_mask)
    reach = task.budget if fewest >= INF else max(task.budget, fewest)
    return reach + HORIZON_SLACK


def completion_problem(state: GameState, canal: CanalState) -> BuildProblem:
    """The canal alone, as a problem of its owner's engineer and supply (no hand)."""
    player = state.player(canal.owner)
    task = canal_task(state, canal)
    return BuildProblem(
        state=state,
        colour=canal.owner,
        engineer=player.engineer,
        hand={},
        supply={k: player.supply.get(k, 0) for k in TileKind},
        canals=(task,),
        edition=state.rules.edition,
    )


def completion_question(
    state: GameState,
    canal: CanalState,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
    horizon: int | None = None,
    rules: Sequence[str] = COMPLETION_RULES,
) -> RuleQuestion:
    """Completing ``canal`` with the tiles in its owner's supply, as a rule question."""
    problem = completion_problem(state, canal)
    task = problem.canals[0]
    size = horizon if horizon is not None else completion_horizon(task)
    name = "the junction canal" if canal.is_junction else repr(canal.contract)
    question = RuleQuestion(
        problem,
        rules,
        f"{name} cannot be completed",
        horizon=size,
        pay=False,
        budget=budget,
    )
    if question.affordable:
        question.model.Add(question.built.canals[0].completes == 1)
    return question


def why_not_complete(
    state: GameState,
    canal: CanalState,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
    horizon: int | None = None,
    rules: Sequence[str] = COMPLETION_RULES,
) -> RuleSet | None:
    """A minimal set of rules that together leave ``canal`` no completion with the tiles in
    its owner's supply (None: it can be completed)."""
    found = completion_question(state, canal, budget=budget, horizon=horizon, rules=rules)
    return found.core()


def no_build_question(
    state: GameState,
    colour: str,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
    rules: Sequence[str] = TURN_RULES,
) -> RuleQuestion | None:
    """Building one tile this turn, as a rule question (None: no open canal to build on).
    Raises HandUnknown."""
    problem = shortest_ways(build_problem(state, colour))
    if not problem.canals:
        return None
    question = RuleQuestion(
        problem,
        rules,
        f"{colour} cannot build a tile this turn",
        horizon=1,
        pay=True,
        budget=budget,
    )
    question.model.Add(sum(v.used[1] for v in question.built.canals) >= 1)
    if question.affordable:
        question.forbid_stranding_tiles()
    return question


def why_no_build(
    state: GameState,
    colour: str,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
    rules: Sequence[str] = TURN_RULES,
) -> RuleSet | None:
    """A minimal set of rules that together leave ``colour`` no tile to build this turn
    (None: some tile can be built). One tile is enough to ask about: any legal build starts
    with a tile that is a legal build on its own. Raises HandUnknown."""
    question = no_build_question(state, colour, budget=budget, rules=rules)
    if question is None:
        return RuleSet(f"{colour} has no open canal to build on", (), True, 0, 0, 0.0)
    return question.core()


def proposal_question(
    state: GameState,
    colour: str,
    build: s.Build,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
    rules: Sequence[str] = TURN_RULES,
) -> RuleQuestion | None:
    """The tiles and places of ``build``, paid somehow, as a rule question (None: a line
    names no open canal of the player, or one twice). Raises HandUnknown."""
    problem = shortest_ways(build_problem(state, colour))
    lines: dict[int, tuple[RouteItem, ...]] = {}
    extra: list[Hex] = []
    for line in build.lines:
        task = _line_task(problem, line)
        if task is None or task.index in lines:
            return None
        items: list[RouteItem] = []
        for item in line.items:
            if isinstance(item, s.ReachPlace):
                items.append(item.name.text)
            else:
                hex = Hex.parse(item.hex.text)
                items.append((hex, TileKind(item.kind.text)))
                extra.append(hex)
        lines[task.index] = tuple(items)
    size = max((sum(1 for x in ln if not isinstance(x, str)) for ln in lines.values()), default=0)
    question = RuleQuestion(
        problem,
        rules,
        "no payment makes this build legal",
        horizon=size,
        pay=True,
        budget=budget,
        extra_hexes=extra,
    )
    for v in question.built.canals:
        _fix_line(question, v, lines.get(v.task.index, ()))
    return question


def why_not_proposed(
    state: GameState,
    colour: str,
    build: s.Build,
    *,
    budget: Budget | float | None = DEFAULT_BUDGET,
    rules: Sequence[str] = TURN_RULES,
) -> RuleSet | None:
    """A minimal set of rules that together make the tiles and places of ``build`` illegal
    whatever cards pay for them (None: some payment makes it legal). A line naming no open
    canal of the player breaks build.own-contract, which the model does not state: it is
    answered alone. Raises HandUnknown."""
    question = proposal_question(state, colour, build, budget=budget, rules=rules)
    if question is None:
        own = ("build.own-contract",)
        text = "a build line names no open canal of the player (or one twice)"
        return RuleSet(text, own, True, 0, 0, 0.0, own)
    return question.core()


def _line_task(problem: BuildProblem, line: s.BuildLine) -> CanalTask | None:
    name = line.canal.text if line.canal is not None else JUNCTION
    candidates = [t for t in problem.canals if t.name == name]
    if name == JUNCTION and len(candidates) > 1:
        tiles = [Hex.parse(i.hex.text) for i in line.items if isinstance(i, s.BuildTile)]
        first = tiles[0] if tiles else None
        board = problem.board
        for task in candidates:
            at = board.places[task.at_place].hex if task.at_place else task.end_hex
            if first is not None and at.is_neighbour(first):
                return task
    return candidates[0] if candidates else None


def _fix_line(question: RuleQuestion, v: Any, line: Sequence[RouteItem]) -> None:
    """Pin canal ``v``'s variables to exactly ``line`` (and judge build.completable of its end
    once: the line is fixed)."""
    m = question.model
    p = 0
    reached: dict[int, list[str]] = {}
    for item in line:
        if isinstance(item, str):
            reached.setdefault(p, []).append(item)
        else:
            p += 1
            hex, kind = item
            m.Add(v.x[(p, hex)] == 1)
            m.Add(v.k[(p, kind)] == 1)
    tiles = p
    if tiles + 1 <= v.positions:
        m.Add(v.used[tiles + 1] == 0)
    for (q, name), var in v.z.items():
        m.Add(var == (1 if name in reached.get(q, []) else 0))
    for q, names in reached.items():
        if q > v.positions or any((q, name) not in v.z for name in names):
            m.AddBoolOr([])  # not a line the model can hold: the request itself is impossible
    task = v.task
    completed = any(isinstance(x, str) and task.is_goal(x, 0) for x in line)
    if line and not completed and not still_completable(question.problem, task, line):
        m.AddBoolOr([question.built.literals["build.completable"].Not()])


def empty_build_note(
    state: GameState, colour: str, *, budget: Budget | float | None = DEFAULT_BUDGET
) -> tuple[str, RuleSet | None]:
    """Why the best build of ``colour`` is to build nothing, in one line, with the rule set
    when no tile can be built at all."""
    found = why_no_build(state, colour, budget=budget)
    if found is None:
        return "a tile can be built, but no build scores more than building nothing", None
    return found.text(), found


__all__ = [
    "COMPLETION_RULES",
    "TURN_RULES",
    "RuleQuestion",
    "RuleSet",
    "completion_question",
    "empty_build_note",
    "no_build_question",
    "proposal_question",
    "why_no_build",
    "why_not_complete",
    "why_not_proposed",
]
