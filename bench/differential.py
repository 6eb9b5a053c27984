"""Differential testing at scale: every solver of canaldsl against the others on random positions.

Three kinds of random position, each answered by independent programs that must agree:

* ``turn``: a position and a proposed turn (``tests/randompositions.py``), judged by the rules
  engine (the ``.canal`` text through ``check_text`` and ``evaluate``) and by the independent
  brute-force referee (``tests/referee.py``): legal or not, the rules broken, points, and the
  whole position afterwards (``tests/test_differential.py``'s comparison);
* ``build``: a player to build (``tests/test_solver_support.py``), answered by the exact search
  and the CP-SAT model (same points and cards, both proven), python-constraint2's short-build
  solver (``tests/cspbuild.py``) when the build has few tiles, and every answer played through
  the rules engine as a turn (legal, scoring what it claims);
* ``delivery``: a goods move (``tests/deliverycases.py``), answered by the exhaustive search,
  the CP-SAT model and python-constraint2 (``canaldsl.canalmania.deliverymodel``): the same
  points and places, and the moves legal when the engine plays them.

Position ``i`` of a run is made from (seed, i) alone, its kind too, so a run is the same on
every machine whatever the number of processes; ``--processes 2`` splits the positions
between two worker processes. A disagreement is shrunk (players, canals, cards, tiles, cubes
dropped one by one while it persists) and written as a minimal ``.canal`` file to ``--out``.

    python bench/differential.py --positions 100000 --processes 2   # the large run
    python bench/differential.py --positions 2000                    # a quick one

The suite makes a small run and checks the shrinking (``tests/test_differential_scale.py``);
the report is Markdown, ready for the README.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

KINDS = ("turn", "build", "delivery")
SCHEDULE = ("turn",) * 8 + ("build", "delivery")
"""Position i is of kind SCHEDULE[i % 10]: 80 % turns, 10 % builds, 10 % goods moves."""

SEARCH_MAX_SIZE = 7
"""The exact build search is asked only when the build has at most this many tiles (above,
its time grows fast); CP-SAT is asked always."""
CSP_MAX_TILES = 4
"""python-constraint2's short-build solver is asked when no build can have more tiles."""
TIME_LIMIT = 20.0
"""Work units of each solve (canaldsl.budget): CP-SAT deterministic seconds, search steps."""


@dataclass
class Outcome:
    """What one position gave: its kind, the checks made, and any disagreement."""

    index: int
    kind: str
    checks: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    unproven: bool = False
    file: str | None = None
    seconds: float = 0.0


@dataclass
class Run:
    """The totals of a run."""

    positions: int = 0
    seconds: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)
    checks: Counter[str] = field(default_factory=Counter)
    unproven: int = 0
    disagreements: list[Outcome] = field(default_factory=list)


# ------------------------------------------------------------------ the three kinds


def position_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def judge_turn(case: Any) -> list[str]:
    """The engine and the referee on one turn: their differences (empty when they agree)."""
    import referee as r
    from test_differential import differences

    from canaldsl.canalmania.evaluate import evaluate
    from canaldsl.canalmania.loading import check_text

    scenario, diagnostics = check_text(case.text, filename="case.canal")
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        return [f"the text is not understood: {errors[0].render() if errors else '?'}"]
    verdict = evaluate(scenario).verdicts[0]
    try:
        ruling = r.judge(case.position, case.turn)
    except r.AmbiguousTurn as exc:
        return [f"the referee finds the turn ambiguous: {exc}"]
    return differences(case, verdict, ruling)


def check_turn(seed: int, index: int, out: Path | None) -> Outcome:
    from randompositions import make_case

    case = make_case(seed, index)
    problems = judge_turn(case)
    outcome = Outcome(index, "turn", ("engine", "referee"), tuple(problems))
    if problems and out is not None:
        outcome.file = str(write_turn_case(shrink_turn(case), problems, out))
    return outcome


def build_answers(state: Any, colour: str) -> tuple[list[str], list[str], bool]:
    """The checks made on a build position, the disagreements, and whether some answer was not
    proven within the time limit."""
    from test_solver_support import assert_plan_legal

    from canaldsl.canalmania.bestbuild import best_build

    checks, problems = ["cp-sat", "engine"], []
    model = best_build(state, colour, engine="cp-sat", budget=TIME_LIMIT)
    plans = {"cp-sat": model}
    if _build_size(state, colour) <= SEARCH_MAX_SIZE:
        plans["search"] = best_build(state, colour, engine="search", budget=TIME_LIMIT)
        checks.append("search")
    if not all(p.optimal for p in plans.values()):
        return checks, problems, True
    for name, plan in plans.items():
        if plan.bound != plan.points:
            problems.append(f"{name}: proven optimal with bound {plan.bound} != {plan.points}")
        try:
            assert_plan_legal(state, plan)
        except AssertionError as exc:
            problems.append(f"{name}'s build, played by the engine: {exc}")
    answers = {name: (p.points, p.cards) for name, p in plans.items()}
    csp = _csp_build(state, colour)
    if csp is not None:
        answers["python-constraint2"] = csp
        checks.append("python-constraint2")
    if len(set(answers.values())) > 1:
        problems.append(f"(points, cards) differ: {answers}")
    return checks, problems, False


def _build_size(state: Any, colour: str) -> int:
    from canaldsl.canalmania.components import CardKind

    player = state.player(colour)
    hand = player.hand or {}
    cards = sum(hand.values()) + (
        hand.get(CardKind.SURVEYOR, 0) if player.engineer == "Smeaton" else 0
    )
    return sum(min(max(c.value - len(c.tiles), 0), cards) for c in player.open_canals)


def _csp_build(state: Any, colour: str) -> tuple[int, int] | None:
    try:
        import cspbuild
    except ImportError:  # python-constraint2's build solver is optional
        return None
    bound = cspbuild.tile_bound(state, colour)
    if bound > CSP_MAX_TILES:
        return None
    found = cspbuild.best_short_build(state, colour, max_tiles=bound)
    return found.points, found.cards


def check_build(seed: int, index: int, out: Path | None) -> Outcome:
    from test_solver_support import random_case

    state, colour = random_case(position_seed(seed, index))
    checks, problems, unproven = build_answers(state, colour)
    outcome = Outcome(index, "build", tuple(checks), tuple(problems), unproven)
    if problems and out is not None:

        def still(candidate: Any) -> bool:
            return bool(build_answers(candidate, colour)[1])

        small = shrink_state(state, colour, still)
        outcome.file = str(write_state_case(small, colour, "best-build", problems, out, index))
    return outcome


def delivery_answers(state: Any, mover: str) -> tuple[list[str], list[str], bool]:
    from canaldsl.canalmania.delivery import best_delivery

    checks, problems = ["exhaustive", "engine"], []
    exhaustive = best_delivery(state, mover)
    answers: dict[str, Any] = {"exhaustive": exhaustive}
    try:
        from canaldsl.canalmania.deliverycsp import best_delivery_csp
        from canaldsl.canalmania.deliverymodel import best_delivery_cpsat
    except ImportError:  # the delivery models are optional
        pass
    else:
        model = best_delivery_cpsat(state, mover, budget=TIME_LIMIT)
        if model.status not in ("OPTIMAL", "INFEASIBLE"):
            return checks, problems, True
        answers["cp-sat"] = model.delivery
        answers["python-constraint2"] = best_delivery_csp(state, mover)
        checks += ["cp-sat", "python-constraint2"]
    worth = {
        name: (d.points_for(mover), len(d.route)) if d is not None else None
        for name, d in answers.items()
    }
    if len(set(worth.values())) > 1:
        problems.append(f"(points, places) differ: {worth}")
    for name, delivery in answers.items():
        if delivery is not None:
            problems += [f"{name}: {p}" for p in _delivery_played(state, mover, delivery)]
    return checks, problems, False


def _delivery_played(state: Any, mover: str, delivery: Any) -> list[str]:
    from deliverycases import play_delivery

    verdict = play_delivery(state, mover, delivery)
    if not verdict.legal:
        return [f"move {' > '.join(delivery.route)} is illegal: {verdict.rules}"]
    scored = {c: n for c, n in verdict.points.items() if n}
    claimed = {c: n for c, n in delivery.points if n}
    return [] if scored == claimed else [f"scores {scored}, claimed {claimed}"]


def check_delivery(seed: int, index: int, out: Path | None) -> Outcome:
    try:
        from deliverycases import small_case
    except ImportError:
        return Outcome(index, "delivery")
    state, mover = small_case(position_seed(seed, index))
    checks, problems, unproven = delivery_answers(state, mover)
    outcome = Outcome(index, "delivery", tuple(checks), tuple(problems), unproven)
    if problems and out is not None:

        def still(candidate: Any) -> bool:
            return bool(delivery_answers(candidate, mover)[1])

        small = shrink_state(state, mover, still)
        outcome.file = str(write_state_case(small, mover, "best-delivery", problems, out, index))
    return outcome


CHECKERS: dict[str, Callable[[int, int, Path | None], Outcome]] = {
    "turn": check_turn,
    "build": check_build,
    "delivery": check_delivery,
}


def check_position(seed: int, index: int, out: Path | None) -> Outcome:
    kind = SCHEDULE[index % len(SCHEDULE)]
    started = time.perf_counter()
    try:
        outcome = CHECKERS[kind](seed, index, out)
    except Exception as exc:  # a crash of any solver is a disagreement too
        outcome = Outcome(index, kind, (), (f"{type(exc).__name__}: {exc}",))
    outcome.seconds = time.perf_counter() - started
    return outcome


# ------------------------------------------------------------------ shrinking


FIXED_FIELDS = frozenset({"board", "rules", "edition", "options", "now", "phase"})
"""What shrinking leaves alone: the board and the rules are the setting, not the position."""


def shrunk_variants(value: Any, depth: int = 0) -> Iterator[Any]:
    """Copies of ``value`` with one thing less: an item of a list, a set or a mapping gone, a
    count lowered by one, or the same inside a field of a dataclass (players and canals
    included). Strings and numbers are left alone: they name and number things."""
    if depth > 4:
        return
    if isinstance(value, list | tuple):
        for i in range(len(value)):
            yield type(value)([*value[:i], *value[i + 1 :]])
        for i, item in enumerate(value):
            for smaller in shrunk_variants(item, depth + 1):
                yield type(value)([*value[:i], smaller, *value[i + 1 :]])
    elif isinstance(value, set | frozenset):
        for item in sorted(value, key=repr):
            yield type(value)(value - {item})
    elif isinstance(value, Counter):
        for key in sorted(value, key=repr):
            if value[key] > 0:
                yield Counter({**value, key: value[key] - 1})
    elif isinstance(value, dict):
        for key in sorted(value, key=repr):
            yield {k: v for k, v in value.items() if k != key}
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name in FIXED_FIELDS:
                continue
            inner = getattr(value, f.name)
            if isinstance(inner, str | int | float | bool) or inner is None:
                continue
            for smaller in shrunk_variants(inner, depth + 1):
                changed = copy.copy(value)
                object.__setattr__(changed, f.name, smaller)
                yield changed


def shrink(value: Any, still_fails: Callable[[Any], bool], *, budget: int = 3000) -> Any:
    """The smallest variant found for which ``still_fails`` holds (greedy, first success)."""
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for candidate in shrunk_variants(value):
            tries += 1
            try:
                fails = still_fails(candidate)
            except Exception:  # an inconsistent position: not a smaller case
                fails = False
            if fails:
                value, progress = candidate, True
                break
            if tries >= budget:
                break
    return value


def understood(text: str) -> bool:
    """Whether canaldsl understands a file: a shrunk case must stay a valid file."""
    from canaldsl.canalmania.loading import check_text

    scenario, diagnostics = check_text(text)
    return scenario is not None and not any(d.is_error for d in diagnostics)


def shrink_turn(case: Any) -> Any:
    from randompositions import render

    def still(position: Any) -> bool:
        text = render(position, case.turn)
        if not understood(text):
            return False
        smaller = dataclasses.replace(case, position=position, text=text)
        problems = judge_turn(smaller)
        return bool(problems) and not problems[0].startswith(
            ("the text is not understood", "the referee finds")
        )

    position = shrink(case.position, still)
    return dataclasses.replace(case, position=position, text=render(position, case.turn))


def shrink_state(state: Any, mover: str, still_fails: Callable[[Any], bool]) -> Any:
    """A smaller game state where the disagreement persists (the mover is kept)."""

    def still(candidate: Any) -> bool:
        if not any(p.colour == mover for p in candidate.players):
            return False
        return understood(state_text(candidate, mover, "best-build")) and still_fails(candidate)

    return shrink(state, still, budget=400)


# ------------------------------------------------------------------ writing the cases


def write_turn_case(case: Any, problems: list[str], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"turn-seed{case.seed}-case{case.index}.canal"
    note = "".join(f"# {p}\n" for p in problems)
    path.write_text(
        f"# engine and referee disagree (seed {case.seed}, case {case.index}):\n{note}" + case.text,
        encoding="utf-8",
    )
    return path


def board_text(board: Any) -> str:
    """A board as a `board NAME { map ... }` statement of the language."""
    from canaldsl.canalmania.components import Terrain
    from canaldsl.canalmania.formatter import quote
    from canaldsl.hexgrid import Hex

    keys = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    marks = {p.hex: keys[i] for i, p in enumerate(board.places.values())}
    cells = {Terrain.CLEAR: ".", Terrain.DIFFICULT: "^", Terrain.SEA: "~"}
    lines = [f"board {quote(board.name)} {{", "  map {"]
    for row in range(board.rows):
        row_cells = []
        for column in range(board.columns):
            hex = Hex(column, row)
            row_cells.append(marks.get(hex) or cells.get(board.terrain.get(hex), "-"))
        lines.append("    | " + " ".join(row_cells))
    lines.append("  }")
    for place in board.places.values():
        lines.append(
            f"  {place.kind.value} {quote(place.name)} {place.colour} marked {marks[place.hex]}"
        )
    for c in board.contracts.values():
        via = f" via {', '.join(quote(v) for v in c.via)}" if c.via else ""
        start = " starting" if c.starting else ""
        lines.append(
            f"  contract {quote(c.name)} between {quote(c.endpoints[0])} and "
            f"{quote(c.endpoints[1])}{via} value {c.value}{start}"
        )
    return "\n".join([*lines, "}"]) + "\n"


def state_text(state: Any, mover: str, query: str) -> str:
    """A game state as a whole file, with the query about it."""
    from canaldsl.canalmania.parser import parse_syntax
    from canaldsl.canalmania.writer import write_position

    rules = state.rules
    options = "".join(f"  option {k} = {v}\n" for k, v in sorted(rules.options.items()))
    head_text = (
        f"rules {rules.edition.value} {{\n  players {len(state.players)}\n{options}}}\n"
        + board_text(state.board)
    )
    head = parse_syntax(head_text).statements
    text = write_position(state.to_position(), state.board, rules, head=head)
    return text + f"query {query} for {mover}\n"


def write_state_case(
    state: Any, mover: str, query: str, problems: list[str], out: Path, index: int
) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{query}-case{index}.canal"
    note = "".join(f"# {p}\n" for p in problems)
    path.write_text(
        f"# the {query} solvers disagree (case {index}):\n{note}" + state_text(state, mover, query),
        encoding="utf-8",
    )
    return path


# ------------------------------------------------------------------ the run


def _chunk(arguments: tuple[int, int, int, str | None]) -> list[Outcome]:
    seed, start, stop, out = arguments
    folder = Path(out) if out else None
    return [check_position(seed, i, folder) for i in range(start, stop)]


def run(
    positions: int,
    *,
    seed: int = 1,
    processes: int = 1,
    out: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> Run:
    """Check ``positions`` positions of run ``seed``; the same outcomes whatever ``processes``."""
    started = time.perf_counter()
    size = 100
    chunks = [
        (seed, start, min(start + size, positions), str(out) if out else None)
        for start in range(0, positions, size)
    ]
    totals = Run()
    if processes > 1:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            results: Iterator[list[Outcome]] = pool.imap(_chunk, chunks)
            for outcomes in results:
                _add(totals, outcomes, progress)
    else:
        for chunk in chunks:
            _add(totals, _chunk(chunk), progress)
    totals.seconds = time.perf_counter() - started
    return totals


def _add(totals: Run, outcomes: list[Outcome], progress: Callable[[int], None] | None) -> None:
    for outcome in outcomes:
        totals.positions += 1
        totals.kinds[outcome.kind] += 1
        totals.checks.update(f"{outcome.kind}: {c}" for c in outcome.checks)
        totals.unproven += outcome.unproven
        if outcome.problems:
            totals.disagreements.append(outcome)
    if progress is not None:
        progress(totals.positions)


def report(totals: Run, *, seed: int, processes: int) -> str:
    lines = [
        "| what | figure |",
        "| --- | --- |",
        f"| positions | {totals.positions:,} (seed {seed}, {processes} processes) |",
        f"| time | {totals.seconds:,.0f} s "
        f"({totals.positions / max(totals.seconds, 1e-9):,.0f} positions/s) |",
    ]
    for kind in KINDS:
        if totals.kinds[kind]:
            solvers = sorted(
                (c.split(": ")[1], n) for c, n in totals.checks.items() if c.startswith(kind)
            )
            shown = ", ".join(f"{name} {n:,}" for name, n in solvers)
            lines.append(f"| {kind} positions | {totals.kinds[kind]:,} ({shown}) |")
    lines.append(f"| not proven within {TIME_LIMIT:g} work units | {totals.unproven:,} |")
    lines.append(f"| disagreements | {len(totals.disagreements)} |")
    for outcome in totals.disagreements:
        lines.append(
            f"| {outcome.kind} {outcome.index} | {'; '.join(outcome.problems)[:300]} "
            f"({outcome.file or 'no file'}) |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("differential-cases"))
    arguments = parser.parse_args(argv)
    step = max(arguments.positions // 20, 100)

    def progress(done: int) -> None:
        if done % step == 0 or done == arguments.positions:
            print(f"{done:,} positions", file=sys.stderr, flush=True)

    totals = run(
        arguments.positions,
        seed=arguments.seed,
        processes=arguments.processes,
        out=arguments.out,
        progress=progress,
    )
    print(report(totals, seed=arguments.seed, processes=arguments.processes))
    return 1 if totals.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
