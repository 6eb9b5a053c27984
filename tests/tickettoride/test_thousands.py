"""The four solver answers agree between CP-SAT and the search method on thousands of random
positions (issue 15's "done when"): longest route, ticket completion, fewest trains, best
claim. Positions are dealt from a shuffled box and played at random (randomgame). Counts are
asserted, so the numbers in the notes are the numbers run: 1,000 longest routes (each
player's network), 1,000 ticket completions, 1,000 fewest-trains questions (1 to 3 tickets,
limits around the answers), 1,000 best claims; plus the adversarial family's 6 tickets on an
empty map against CP-SAT (where the search's floor, rooted programme and tight limits work
hardest). Slow: about four minutes of CPU in all on the loaded machine (the fewest-trains
questions most: CP-SAT's forest model)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from canaldsl import solver as sv
from canaldsl.tickettoride.claims import HandUnknownError, best_claim, best_claim_cpsat
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.forest import Status
from canaldsl.tickettoride.longest import Method, trail_cpsat
from canaldsl.tickettoride.network import edges_of, longest_trail
from canaldsl.tickettoride.position import HeldTickets, Player, Position
from canaldsl.tickettoride.tickets import fewest_trains, ticket_states
from canaldsl.tickettoride.usa import usa_board
from tickettoride import randomgame
from tickettoride.builders import fewest_by_both

BOARD = usa_board()
COUNT = 1000
CHUNKS = 4
"""The heaviest families run in chunks of COUNT // CHUNKS, each with its own seed, so that the
suite's workers share them."""


@pytest.fixture
def proofs_without_presolve(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """CP-SAT without its presolve, probing and symmetry detection, for the families below
    that compare only what CP-SAT proves: the fewest trains (OPTIMAL or INFEASIBLE: the
    status and the trains) and the best claim's points (OPTIMAL). The same model has the
    same feasibility and the same optimum whatever the parameters, so these comparisons
    check the same thing; only which of tied plans CP-SAT returns may differ, and these tests
    do not look at it (the golden outputs and the other tests keep the product's parameters
    and pin its plans). The search side is untouched, and CP-SAT is given no hint from it.
    Measured (s3ttrcg, the models of one chunk re-solved, the same 258 and 206 answers):
    fewest trains 3.43 -> 2.54 s of CP-SAT, best claim 1.55 -> 0.99 s. Not for the six-spread
    family (the whole forest model without presolve: twice as slow, suite2-ttrcg notes) nor
    the longest route (no gain)."""
    configure = sv.configure

    def without_presolve(parameters: Any, budget: Any, seed: int = sv.SEED) -> float | None:
        parameters.cp_model_presolve = False
        parameters.cp_model_probing_level = 0
        parameters.symmetry_level = 0
        return configure(parameters, budget, seed)

    monkeypatch.setattr(sv, "configure", without_presolve)
    yield


@pytest.mark.slow
def test_longest_route_on_a_thousand_networks() -> None:
    rng = random.Random(11)
    done = 0
    while done < COUNT:
        position = randomgame.random_position(BOARD, rng)
        for player in position.players:
            edges = edges_of(BOARD, position.tracks_of(player.colour))
            searched, model = longest_trail(edges), trail_cpsat(edges)
            assert searched.proven and model.proven
            assert searched.length == model.length
            done += 1


@pytest.mark.slow
def test_ticket_completion_on_a_thousand_tickets() -> None:
    """Complete by the search (the player's own tracks join the cities) exactly when CP-SAT
    finds a forest of no open track (limit 0)."""
    rng = random.Random(12)
    done = 0
    while done < COUNT:
        position = randomgame.random_position(BOARD, rng)
        player = rng.choice(position.players).colour
        owned = position.tracks_of(player)
        tickets = rng.sample(BOARD.tickets, 4)
        held = position.with_player(
            replace(position.player(player), tickets=HeldTickets.known(tickets))
        )
        states = ticket_states(held, player)
        assert states is not None
        for state in states:
            model = fewest_trains(held, player, [state.ticket], limit=0, method=Method.CPSAT)
            assert model.proven
            assert state.completed == (model.status is Status.FOUND), (owned, state)
            done += 1


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.usefixtures("proofs_without_presolve")
def test_fewest_trains_on_a_thousand_questions(chunk: int) -> None:
    rng = random.Random(1300 + chunk)
    done = 0
    while done < COUNT // CHUNKS:
        position = randomgame.random_position(BOARD, rng)
        player = rng.choice(position.players).colour
        tickets = rng.sample(BOARD.tickets, rng.randint(1, 3))
        fewest_by_both(position, player, tickets, rng.randint(0, 30))
        done += 1


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.usefixtures("proofs_without_presolve")
def test_best_claim_on_a_thousand_hands(chunk: int) -> None:
    rng = random.Random(1400 + chunk)
    done = 0
    while done < COUNT // CHUNKS:
        position = randomgame.random_position(BOARD, rng)
        try:
            listed = best_claim(position)
        except HandUnknownError:
            continue
        model = best_claim_cpsat(position)
        assert model.proven
        assert (None if listed is None else listed.points) == model.points
        done += 1


@pytest.mark.slow
def test_six_spread_tickets_on_an_empty_map_against_cpsat() -> None:
    """The adversarial family (nothing owned, limit around the answers), six tickets: the
    search's floor, rooted programme and tight limits against CP-SAT."""
    empty = Position.start(BOARD, [Player(PlayerColour.RED), Player(PlayerColour.BLUE)])
    player = PlayerColour.RED
    statuses = set()
    for seed in range(3):
        rng = random.Random(100 + seed)
        tickets = rng.sample(BOARD.tickets, 6)
        limit = rng.randint(34, 46)
        searched, _ = fewest_by_both(empty, player, tickets, limit)
        statuses.add(searched.status)
    assert statuses == {Status.FOUND, Status.NONE_WITHIN}
