"""Ticket to Ride's examples: every one checks ok; every puzzle's answer is recomputed here by
the other method (CP-SAT, or the referee judging every payment); the game record files are the
records of :mod:`tickettoride.records` and score as their replay does; the crosscheck scenarios
agree."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.claims import best_claim, best_claim_cpsat, claim_options
from canaldsl.tickettoride.colours import CARD_KINDS, PlayerColour, parse_player
from canaldsl.tickettoride.engine import play
from canaldsl.tickettoride.evaluate import PLAYER_QUERIES, evaluate, query_answer
from canaldsl.tickettoride.forest import Status
from canaldsl.tickettoride.game import GAME
from canaldsl.tickettoride.lastturn import best_last_turns
from canaldsl.tickettoride.loading import check_text
from canaldsl.tickettoride.longest import Method, longest_routes
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.record import replay
from canaldsl.tickettoride.scoring import final_scores
from canaldsl.tickettoride.semantics import Scenario, TurnEvent
from canaldsl.tickettoride.syntax import QueryDecl
from canaldsl.tickettoride.tickets import fewest_trains, ticket_states
from canaldsl.tickettoride.turns import Claim, Turn
from canaldsl.tickettoride.usa import usa_board
from tickettoride.recordfiles import record_text
from tickettoride.records import RECORD_2P, RECORD_5P, load

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "examples" / "tickettoride"
EXAMPLES = sorted(FOLDER.glob("*.canal"))
PUZZLES = [p for p in EXAMPLES if p.name.startswith("puzzle-")]


def _scenario(path: Path) -> Scenario:
    scenario, diagnostics = check_text(path.read_text(encoding="utf-8"), filename=path.name)
    assert scenario is not None and not diagnostics
    return scenario


def test_there_are_fifteen_disputes_and_eight_puzzles() -> None:
    assert len(PUZZLES) >= 8
    assert len(EXAMPLES) - len(PUZZLES) >= 15


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_checks_ok_with_a_question(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# "), "an example opens with the question it settles"
    report = GAME.check_source(text, path=path, display=path.name)
    assert str(report.status) == "ok", [j.to_json() for j in report.expectations]
    assert report.expectations, "an example claims something"
    assert all(j.passed is True for j in report.expectations)


def _position_for_queries(scenario: Scenario) -> tuple[Position, list[QueryDecl]]:
    evaluation, _ = evaluate(scenario)
    events = list(scenario.events)
    queries = [e for e in events if isinstance(e, QueryDecl)]
    last_turn = max((i for i, e in enumerate(events) if isinstance(e, TurnEvent)), default=-1)
    assert all(events.index(q) > last_turn for q in queries), "queries follow the turns"
    assert evaluation.final_state is not None
    return evaluation.final_state, queries


def _claims_by_referee(position: Position, player: PlayerColour) -> set[tuple[int, str, Cards]]:
    """Every (route, track colour, cards) the referee accepts: each track, each multiset of
    cards from the hand of the track's length."""
    hand = position.player(player).hand.cards
    assert hand is not None
    board = position.board
    held = [kind for kind in CARD_KINDS for _ in range(hand.count(kind))]
    found: set[tuple[int, str, Cards]] = set()
    for track in board.tracks:
        if track.length > len(held):
            continue
        for combo in set(itertools.combinations(held, track.length)):
            paid = Cards.from_list(combo)
            turn = Turn(player, (Claim(board.routes[track.route], track.colour, paid),))
            if play(position, turn).legal:
                found.add((track.route, track.colour.value, paid))
    return found


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_each_puzzle_answer_is_recomputed_by_the_other_method(path: Path) -> None:
    scenario = _scenario(path)
    position, queries = _position_for_queries(scenario)
    assert queries
    for query in queries:
        kind = query.kind.text
        player = None
        if query.player is not None:
            player = parse_player(query.player.text)
        elif kind in PLAYER_QUERIES:
            player = position.to_move
        search = query_answer(position, kind, player, None)
        assert not search.reason_unknown
        assert query.answer is not None and search.matches(query.answer), search.text
        if kind == "longest-route":
            by_cpsat = longest_routes(position, method=Method.CPSAT)
            by_search = longest_routes(position, method=Method.SEARCH)
            assert by_cpsat.proven and by_search.proven
            assert [t.length for _, t in by_cpsat.trails] == [t.length for _, t in by_search.trails]
            assert by_cpsat.holders == by_search.holders
        elif kind == "fewest-trains":
            assert player is not None
            states = ticket_states(position, player) or ()
            tickets = [x.ticket for x in states if not x.completed]
            a = fewest_trains(position, player, tickets, method=Method.SEARCH)
            b = fewest_trains(position, player, tickets, method=Method.CPSAT)
            assert a.status is b.status and a.status is not Status.UNKNOWN
            assert a.trains == b.trains
        elif kind == "best-claim":
            assert player is not None
            best = best_claim(position, player)
            model = best_claim_cpsat(position, player)
            assert best is not None and model.proven and model.points == best.points
        elif kind == "claims":
            assert player is not None
            tracks = position.board.tracks
            listed = {
                (tracks[o.track].route, tracks[o.track].colour.value, o.cards)
                for o in claim_options(position, player)
            }
            assert listed == _claims_by_referee(position, player)
            assert len(claim_options(position, player)) == len(listed)
        elif kind == "last-turns":
            a = best_last_turns(position, method=Method.SEARCH)
            b = best_last_turns(position, method=Method.CPSAT)
            assert a.scores is not None and b.scores is not None
            assert [s.total for s in a.scores.scores] == [s.total for s in b.scores.scores]
        else:
            from canaldsl.tickettoride.longest import trail_cpsat

            a_scores = final_scores(position)
            b_scores = final_scores(position, longest=trail_cpsat)
            assert [s.total for s in a_scores.scores] == [s.total for s in b_scores.scores]


@pytest.mark.parametrize(
    ("record", "name"), [(RECORD_5P, "5-players"), (RECORD_2P, "2-players")], ids=["5", "2"]
)
def test_the_game_record_files_are_the_records_and_score_as_their_replay(
    record: dict[str, object], name: str
) -> None:
    path = FOLDER / f"game-record-{name}.canal"
    text = path.read_text(encoding="utf-8")
    board = usa_board()
    final = text[text.index("expect game-over") :]
    assert text == record_text(board, record, final)
    start, turns = load(board, record)
    replayed = final_scores(replay(start, turns).final)
    scenario = _scenario(path)
    evaluation, played = evaluate(scenario)
    assert len(played) == len(turns) and all(p.verdict.legal for p in played)
    assert evaluation.final_state is not None
    from_file = final_scores(evaluation.final_state)
    assert [s.total for s in from_file.scores] == [s.total for s in replayed.scores]
    assert from_file.winners == replayed.winners


def test_examples_readme_lists_every_ticket_to_ride_example() -> None:
    listing = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")
    for path in EXAMPLES:
        assert f"](tickettoride/{path.name})" in listing, path.name
