"""Whole game records (5 and 2 players) replayed to final scores, checked against the
independent referee turn by turn and at the end."""

from __future__ import annotations

from typing import Any

import pytest

from canaldsl.tickettoride.board import ROUTE_POINTS
from canaldsl.tickettoride.record import replay
from canaldsl.tickettoride.usa import usa_board
from tickettoride import adapter, referee
from tickettoride.records import RECORD_2P, RECORD_5P, load

BOARD = usa_board()


@pytest.mark.parametrize("record", [RECORD_5P, RECORD_2P], ids=["5-players", "2-players"])
def test_a_whole_game_replays_to_final_scores(record: dict[str, Any]) -> None:
    start, turns = load(BOARD, record)
    result = replay(start, turns)
    assert not result.illegal, [(v.report.player, v.rules_broken) for v in result.illegal]
    final = result.final
    assert final.finished
    players = len(final.players)
    started = [i for i, v in enumerate(result.verdicts) if v.report.last_round_started]
    assert len(started) == 1
    assert len(result.verdicts) - 1 - started[0] == players  # everyone, the trigger too
    trigger = result.verdicts[started[0]].report.player
    assert final.player(trigger).trains <= 2
    scores = result.scores
    for score in scores.scores:
        owned = final.tracks_of(score.player)
        assert score.route_points == sum(ROUTE_POINTS[BOARD.tracks[t].length] for t in owned)
        assert final.player(score.player).trains == 45 - final.placed_trains(score.player)
        assert score.total == score.route_points + (score.ticket_points or 0) + score.bonus
    theirs = referee.final_scores(adapter.board(BOARD), adapter.state(final))
    assert {s.player.value: s.total for s in scores.scores} == theirs["totals"]
    assert [p.value for p in scores.winners or ()] == theirs["winners"]
    assert scores.headline().split()[0] in record["players"]


@pytest.mark.parametrize("record", [RECORD_5P, RECORD_2P], ids=["5-players", "2-players"])
def test_every_turn_of_the_record_agrees_with_the_referee(record: dict[str, Any]) -> None:
    start, turns = load(BOARD, record)
    board = adapter.board(BOARD)
    position = start
    for turn in turns:
        result = replay(position, [turn])
        judged = referee.judge(board, adapter.state(position), adapter.turn(turn))
        assert judged.legal and not result.illegal
        assert judged.after is not None
        assert adapter.comparable(judged.after) == adapter.comparable(adapter.state(result.final))
        position = result.final
