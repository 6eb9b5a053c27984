"""Deterministic budgets on every Ticket to Ride solver question (issue 11's rule): a budget
counts work (search steps, CP-SAT deterministic time), so the same question gives the same
answer on any machine; an answer cut short by its budget says so (not proven, status unknown,
exit 1) and never poses as the answer."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import programs
import pytest

from canaldsl.tickettoride import evaluate
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.claims import best_claim, best_claim_cpsat
from canaldsl.tickettoride.colours import Colour, PlayerColour
from canaldsl.tickettoride.forest import Status
from canaldsl.tickettoride.lastturn import best_last_turns
from canaldsl.tickettoride.longest import Method, longest_routes, trail_finder
from canaldsl.tickettoride.position import Hand, HeldTickets, Player, Position
from canaldsl.tickettoride.scoring import final_scores
from canaldsl.tickettoride.tickets import fewest_trains
from canaldsl.tickettoride.usa import usa_board

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "examples" / "tickettoride" / "puzzle-fewest-trains-new-york-seattle.canal"
BOARD = usa_board()
RED, BLUE = PlayerColour.RED, PlayerColour.BLUE


def _dense() -> Position:
    """Red owns 40 random tracks (a puzzle network: the trail search needs many steps)."""
    rng = random.Random(0)
    red = Player(RED, trains=0, hand=Hand.known(Cards()), tickets=HeldTickets.known(()))
    blue = Player(BLUE, trains=45, hand=Hand.known(Cards()), tickets=HeldTickets.known(()))
    position = Position.start(BOARD, [red, blue])
    for track in rng.sample(range(len(BOARD.tracks)), 40):
        position = position.with_owner(track, RED)
    return position


def test_a_trail_cut_short_says_not_proven_everywhere_it_is_used() -> None:
    position = _dense()
    cut = longest_routes(position, budget=1)
    assert not cut.proven and not cut.trail(RED).proven
    assert cut.trail(RED).bound >= cut.trail(RED).length
    full = longest_routes(position)
    assert full.proven and full.trail(RED).length >= cut.trail(RED).length
    scores = final_scores(position, longest=trail_finder(Method.SEARCH, 1))
    assert not scores.proven and "not proven" in scores.headline()
    assert final_scores(position).proven
    turns = best_last_turns(position, budget=1)
    assert not turns.proven
    assert best_last_turns(position).proven


def test_the_same_budget_gives_the_same_answer() -> None:
    position = _dense()
    first = longest_routes(position, budget=20_000)
    second = longest_routes(position, budget=20_000)
    assert first == second
    assert first.trail(RED).steps == second.trail(RED).steps


def test_queries_in_a_file_do_not_pass_an_unproven_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    position = _dense()
    import canaldsl.tickettoride.longest as longest

    real = longest.longest_routes
    monkeypatch.setattr(longest, "longest_routes", lambda p, **k: real(p, **{**k, "budget": 1}))
    answer = evaluate.query_answer(position, "longest-route", RED, None)
    assert answer.reason_unknown.startswith("not proven")


def test_fewest_trains_cut_short_is_unknown() -> None:
    position = Position.start(BOARD, [Player(RED), Player(BLUE)])
    tickets = random.Random(8).sample(BOARD.tickets, 8)
    short = fewest_trains(position, RED, tickets, limit=45, budget=1000)
    assert short.status is Status.UNKNOWN and not short.proven and short.trains is None
    assert short.describe(BOARD) == "not known within the budget"
    cpsat = fewest_trains(position, RED, tickets, limit=45, method=Method.CPSAT, budget=0.01)
    assert cpsat.status is Status.UNKNOWN and not cpsat.proven


def test_best_claim_enumeration_needs_no_budget_and_cpsat_takes_one() -> None:
    rich = Hand.known(Cards.of({Colour.RED: 6, Colour.BLUE: 6, Colour.LOCOMOTIVE: 4}))
    red = Player(RED, hand=rich, tickets=HeldTickets.known(()))
    position = Position.start(BOARD, [red, Player(BLUE)])
    listed = best_claim(position, RED)
    model = best_claim_cpsat(position, RED, budget=10)
    assert listed is not None and model.proven and model.points == listed.points
    starved = best_claim_cpsat(position, RED, budget=1e-9)
    assert not starved.proven or starved.points == listed.points


def _canaldsl(*args: str) -> subprocess.CompletedProcess[str]:
    """Only what the commands print is tested: the command line's code in this process, from
    the repository's root."""
    return programs.in_process(*args, cwd=ROOT)


def test_budget_options_on_every_solver_command() -> None:
    short = _canaldsl("fewest-trains", str(PUZZLE), "--budget", "1", "--format", "json")
    assert short.returncode == 1, short.stderr
    answer = json.loads(short.stdout)
    assert answer["status"] == "unknown" and answer["proven"] is False
    for command in ("longest-route", "best-claim", "last-turns"):
        result = _canaldsl(command, "--help")
        assert "--budget" in result.stdout, command
    record = ROOT / "examples" / "tickettoride" / "game-record-2-players.canal"
    proven = _canaldsl("longest-route", str(record), "--budget", "20000", "--format", "json")
    assert proven.returncode == 0 and json.loads(proven.stdout)["proven"] is True
