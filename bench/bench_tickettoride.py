"""Benchmark of Ticket to Ride: longest route, fewest trains for tickets, claims, a whole game
record, and the differential runs at scale (engine against the independent referee, search
methods against CP-SAT).

Run from a checkout with canaldsl installed with its ``test`` extra::

    python bench/bench_tickettoride.py            # the full benchmark (several minutes)
    python bench/bench_tickettoride.py --quick    # a smoke run
    python bench/bench_tickettoride.py --only tickets   # one section (longest, tickets,
                                                        # adversarial, claims, record,
                                                        # check, differential)

Times are CPU time of this process (``time.process_time()``), so other work on the machine
matters less than with wall time; CP-SAT runs with one worker. Every answer of one method is
checked against the other's; a disagreement is counted and makes the run fail. Results go to
stdout as Markdown tables (for docs/notes/tickettoride.md), progress to stderr.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from tickettoride import adapter, randomgame, referee  # noqa: E402
from tickettoride.records import RECORD_5P, load  # noqa: E402

from canaldsl.tickettoride.claims import best_claim, best_claim_cpsat  # noqa: E402
from canaldsl.tickettoride.colours import PlayerColour  # noqa: E402
from canaldsl.tickettoride.engine import play  # noqa: E402
from canaldsl.tickettoride.forest import Status  # noqa: E402
from canaldsl.tickettoride.longest import Method, trail_cpsat  # noqa: E402
from canaldsl.tickettoride.network import edges_of, longest_trail  # noqa: E402
from canaldsl.tickettoride.position import Player, Position  # noqa: E402
from canaldsl.tickettoride.record import replay  # noqa: E402
from canaldsl.tickettoride.tickets import fewest_trains  # noqa: E402
from canaldsl.tickettoride.trails import Edge  # noqa: E402
from canaldsl.tickettoride.usa import usa_board  # noqa: E402

BOARD = usa_board()
FAILURES: list[str] = []


def cpu(function: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    value = function()
    return time.process_time() - started, value


def row(name: str, times: list[float], extra: str = "") -> str:
    if not times:
        return f"| {name} | 0 | - | - | {extra} |"
    median = statistics.median(times) * 1000
    worst = max(times) * 1000
    return f"| {name} | {len(times)} | {median:.2f} | {worst:.1f} | {extra} |"


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------- inputs
def game_networks(games: int, seed: int) -> list[list[Edge]]:
    """Every player's network at every turn of random whole games (each distinct once)."""
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    out = []
    for _ in range(games):
        position = randomgame.fresh_game(BOARD, rng)
        while not position.finished:
            turn = randomgame.legal_turn(position, rng)
            if turn is None:
                break
            position = play(position, turn).after
            for player in position.players:
                tracks = position.tracks_of(player.colour)
                if tracks and tracks not in seen:
                    seen.add(tracks)
                    out.append(edges_of(BOARD, tracks))
    return out


def game_positions(games: int, seed: int, every: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        position = randomgame.fresh_game(BOARD, rng)
        turns = 0
        while not position.finished:
            turn = randomgame.legal_turn(position, rng)
            if turn is None:
                break
            position = play(position, turn).after
            turns += 1
            if turns % every == 0:
                out.append(position)
    return out


# ------------------------------------------------------------------------------- benches
def _compare_trails(searched: Any, model: Any) -> tuple[bool, bool, bool]:
    """(disagree, search unproven, CP-SAT unproven): they disagree when both are proven and
    differ, or when one method's trail is longer than the other's proven bound."""
    wrong = (searched.proven and model.proven and searched.length != model.length) or (
        searched.length > model.bound or model.length > searched.bound
    )
    return wrong, not searched.proven, not model.proven


def bench_longest(quick: bool) -> list[str]:
    lines = [
        "### Longest continuous route (CPU ms per network)",
        "",
        "| family | networks | median | worst | note |",
        "|---|---:|---:|---:|---|",
    ]
    families = [("real games", game_networks(2 if quick else 12, 1))]
    rng = random.Random(2)
    every = edges_of(BOARD, range(100))
    families.append(
        (
            "40-100 random tracks (puzzles)",
            [rng.sample(every, rng.randint(40, 100)) for _ in range(20 if quick else 300)],
        )
    )
    families.append(("all 100 tracks (puzzle)", [every]))
    for name, networks in families:
        progress(f"longest: {name}: {len(networks)} networks")
        search_times, model_times = [], []
        wrong = open_search = open_model = 0
        for edges in networks:
            t, searched = cpu(lambda e=edges: longest_trail(e))
            search_times.append(t)
            t, model = cpu(lambda e=edges: trail_cpsat(e))
            model_times.append(t)
            w, a, b = _compare_trails(searched, model)
            wrong, open_search, open_model = wrong + w, open_search + a, open_model + b
        most = max(sum(e.length for e in n) for n in networks)
        lines.append(
            row(
                f"{name}, search",
                search_times,
                f"up to {most} trains; {open_search} not proven within budget",
            )
        )
        lines.append(
            row(f"{name}, CP-SAT", model_times, f"{open_model} not proven; {wrong} disagreements")
        )
        if wrong:
            FAILURES.append(f"longest route: search and CP-SAT disagree ({name})")
    return lines


def bench_tickets(quick: bool) -> list[str]:
    lines = [
        "### Fewest trains for several tickets at once (CPU ms)",
        "",
        "| family | cases | median | worst | statuses |",
        "|---|---:|---:|---:|---|",
    ]
    positions = game_positions(2 if quick else 6, 3, 25)
    rng = random.Random(4)
    empty = Position.start(BOARD, [Player(PlayerColour.RED), Player(PlayerColour.BLUE)])
    for count in (1, 2, 4, 8):
        for family, source in (("mid-game", positions), ("empty map, limit 45", None)):
            search_times, model_times, statuses, differ = [], [], [], 0
            cases = 4 if quick else (30 if count < 8 else 12)
            for _ in range(cases):
                if source is None:
                    position, player, limit = empty, PlayerColour.RED, 45
                else:
                    position = rng.choice(source)
                    player = rng.choice(position.players).colour
                    limit = position.player(player).trains
                tickets = rng.sample(BOARD.tickets, count)
                t, searched = cpu(
                    lambda p=position, c=player, k=tickets, n=limit: fewest_trains(p, c, k, limit=n)
                )
                search_times.append(t)
                t, model = cpu(
                    lambda p=position, c=player, k=tickets, n=limit: fewest_trains(
                        p, c, k, limit=n, method=Method.CPSAT
                    )
                )
                model_times.append(t)
                statuses.append(f"{searched.status.value}/{model.status.value}")
                both = searched.status is not Status.UNKNOWN and model.status is not Status.UNKNOWN
                differ += both and (searched.status, searched.trains) != (
                    model.status,
                    model.trains,
                )
            counts = ", ".join(f"{s} {n}" for s, n in sorted(_count(statuses).items()))
            lines.append(row(f"{count} tickets, {family}, search", search_times, counts))
            lines.append(
                row(f"{count} tickets, {family}, CP-SAT", model_times, f"{differ} disagreements")
            )
            if differ:
                FAILURES.append(f"fewest trains: {count} tickets, {family}")
            progress(f"tickets: {count} {family} done")
    return lines


HARDEST = (
    "Houston-Kansas City",
    "Atlanta-New York",
    "Chicago-New Orleans",
    "Nashville-Sault St. Marie",
    "Oklahoma City-Sault St. Marie",
    "Duluth-El Paso",
    "Little Rock-Winnipeg",
    "Boston-Miami",
)
"""The hardest 8 tickets found for the search (nothing owned, limit 45; the optimum is 42):
a hill climb from the worst random case, swapping one ticket at a time and keeping a swap
when the search's steps grew (4 minutes of climbing, branch ttr4)."""


HARDEST_ARRAYS = (
    "Miami-Toronto",
    "Denver-Pittsburgh",
    "Chicago-Santa Fe",
    "Houston-Kansas City",
    "Montreal-New Orleans",
    "Nashville-Sault St. Marie",
    "Little Rock-Winnipeg",
    "Atlanta-New York",
)
"""The hardest 8 tickets found for the search as arrays with the heuristic upper bound
(nothing owned, limit 45; the optimum is 43, CP-SAT agrees; the heuristic finds 45, the
floor is 34): hill climbs from HARDEST and from random sets, swapping one ticket at a time
and keeping a swap when the search's steps grew (about 20 minutes of climbing in all,
branch ttr5)."""


def bench_adversarial(quick: bool) -> list[str]:
    """The default engine (search) alone on the hard family, widened: 6, 7 and 8 random
    tickets, nothing owned, limit 45 (optima around the limit), 40 seeds each (CP-SAT takes
    seconds a case here: its figures are in the tickets section)."""
    lines = [
        "### Fewest trains, adversarial family widened (search only, CPU ms)",
        "",
        "| family | cases | median | worst | statuses | worst case (seed: steps) |",
        "|---|---:|---:|---:|---|---|",
    ]
    empty = Position.start(BOARD, [Player(PlayerColour.RED), Player(PlayerColour.BLUE)])
    for count in (6, 7, 8):
        times, statuses, worst = [], [], (0.0, 0, 0)
        for seed in range(4 if quick else 40):
            tickets = random.Random(seed).sample(BOARD.tickets, count)
            t, plan = cpu(lambda k=tickets: fewest_trains(empty, PlayerColour.RED, k, limit=45))
            times.append(t)
            statuses.append(plan.status.value)
            if plan.status is Status.UNKNOWN:
                FAILURES.append(f"fewest trains, {count} tickets, seed {seed}: unknown")
            if t > worst[0]:
                worst = (t, seed, plan.steps)
        counts = ", ".join(f"{s} {n}" for s, n in sorted(_count(statuses).items()))
        name = f"{count} random tickets, empty map, limit 45, search"
        lines.append(row(name, times, f"{counts} | {worst[1]}: {worst[2]}"))
        progress(f"adversarial: {count} done")
    for name, chosen in (("HARDEST", HARDEST), ("HARDEST_ARRAYS", HARDEST_ARRAYS)):
        tickets = [BOARD.ticket(ticket) for ticket in chosen]
        times = []
        for _ in range(1 if quick else 3):
            t, plan = cpu(lambda k=tickets: fewest_trains(empty, PlayerColour.RED, k, limit=45))
            times.append(t)
        note = f"{plan.status.value} {plan.trains} | hill-climbed: {plan.steps}"
        lines.append(row(f"hill-climbed 8 tickets ({name}), search, 3 runs", times, note))
    return lines


def _count(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def bench_claims(quick: bool) -> list[str]:
    lines = [
        "### Best claim of a hand (CPU ms)",
        "",
        "| family | positions | median | worst | note |",
        "|---|---:|---:|---:|---|",
    ]
    rng = random.Random(5)
    search_times, model_times, differ = [], [], 0
    while len(search_times) < (30 if quick else 400):
        position = randomgame.random_position(BOARD, rng)
        if position.player(position.to_move).hand.cards is None:
            continue
        t, searched = cpu(lambda p=position: best_claim(p))
        search_times.append(t)
        t, model = cpu(lambda p=position: best_claim_cpsat(p))
        model_times.append(t)
        differ += (None if searched is None else searched.points) != model.points
    lines.append(row("random positions, enumeration", search_times))
    lines.append(row("random positions, CP-SAT", model_times, f"{differ} disagreements"))
    if differ:
        FAILURES.append("best claim")
    return lines


def bench_record(quick: bool) -> list[str]:
    start, turns = load(BOARD, RECORD_5P)
    times = [cpu(lambda: replay(start, turns))[0] for _ in range(3 if quick else 10)]
    return [
        "### A whole 5-player game record (CPU ms)",
        "",
        "| family | runs | median | worst | note |",
        "|---|---:|---:|---:|---|",
        row(f"replay and score, {len(turns)} turns", times, "every turn judged, final scores"),
    ]


def bench_check(quick: bool) -> list[str]:
    """`canaldsl check` of the 5-player record file: the whole process (CPU time of the child,
    start-up included) and the check inside this process."""
    import os
    import resource
    import subprocess
    from pathlib import Path

    from canaldsl.tickettoride.game import GAME

    root = Path(__file__).resolve().parents[1]
    path = root / "examples" / "tickettoride" / "game-record-5-players.canal"
    script = Path(sys.executable).parent / "canaldsl"  # the console script a user runs
    runner = [str(script)] if script.exists() else [sys.executable, "-m", "canaldsl"]
    command = [*runner, "check", str(path)]
    whole = []
    for _ in range(3 if quick else 10):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, capture_output=True, check=True, cwd=root)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        whole.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    text = path.read_text(encoding="utf-8")
    GAME.check_source(text, path=path, display=path.name)
    inside = [
        cpu(lambda: GAME.check_source(text, path=path, display=path.name))[0]
        for _ in range(3 if quick else 20)
    ]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return [
        "### `canaldsl check` of the 5-player game record (CPU ms)",
        "",
        "| family | runs | median | worst | note |",
        "|---|---:|---:|---:|---|",
        row("whole process", whole, f"start-up included; load {load}"),
        row("inside one process", inside, "parse, analyse, 211 turns judged, expectations"),
    ]


def bench_differential(quick: bool) -> list[str]:
    rng = random.Random(6)
    board = adapter.board(BOARD)
    count = 2000 if quick else 50_000
    disagreements = 0
    started = time.process_time()
    for number in range(count):
        position = randomgame.random_position(BOARD, rng)
        turn = randomgame.random_turn(position, rng)
        verdict = play(position, turn)
        judged = referee.judge(board, adapter.state(position), adapter.turn(turn))
        ours = sorted((v.rule, v.span.line, v.span.column) for v in verdict.violations)
        if ours != sorted(judged.broken):
            disagreements += 1
        elif verdict.legal and judged.after is not None:
            disagreements += adapter.comparable(adapter.state(verdict.after)) != adapter.comparable(
                judged.after
            )
        if number % 10_000 == 0:
            progress(f"differential: {number}")
    seconds = time.process_time() - started
    if disagreements:
        FAILURES.append(f"differential: {disagreements} disagreements")
    return [
        "### Engine against the independent referee",
        "",
        f"{count} random turns, {disagreements} disagreements, {seconds:.1f} s CPU in all.",
    ]


BENCHES: dict[str, Callable[[bool], list[str]]] = {
    "longest": bench_longest,
    "tickets": bench_tickets,
    "adversarial": bench_adversarial,
    "claims": bench_claims,
    "record": bench_record,
    "check": bench_check,
    "differential": bench_differential,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--only", choices=sorted(BENCHES), action="append", help="a section")
    options = parser.parse_args()
    chosen = options.only or list(BENCHES)
    sections = [BENCHES[name](options.quick) for name in chosen]
    print("\n\n".join("\n".join(section) for section in sections))
    if FAILURES:
        print("\nFAILED: " + "; ".join(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
