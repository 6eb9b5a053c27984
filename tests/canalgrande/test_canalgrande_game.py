"""A whole game record replays to its winner; engine and referee agree on every turn."""

from __future__ import annotations

import copy

from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.game import GameRecord, replay

from . import convert
from . import referee as ref
from .game_record import START, TURNS, WINNER
from .generator import number_steps


def _turns() -> list[dict[str, object]]:
    return [number_steps(copy.deepcopy(turn)) for turn in TURNS]


def test_the_recorded_game_replays_to_its_winner() -> None:
    record = GameRecord(
        convert.position(START), tuple(convert.turn(t) for t in _turns()), from_setup=True
    )
    report = replay(record)
    assert report.position_violations == []
    assert [t.legal for t in report.turns] == [True] * len(TURNS)
    assert report.winner == WINNER == "Bruno"
    assert report.final.round == 3
    last = report.turns[-1].describe()
    assert last[-1] == "Bruno wins the game"
    prizes = report.final.players[1].prizes
    assert any(count >= 4 for _, count in prizes.items()) or len(list(prizes.items())) == 6
    assert any("round ends" in line for t in report.turns for line in t.describe())


def test_engine_and_referee_agree_turn_by_turn() -> None:
    plain = dict(START)
    position = convert.position(START)
    for turn in _turns():
        theirs = ref.judge_turn(plain, turn)
        mine = play_turn(position, convert.turn(turn))
        assert mine.legal and not theirs["broken"]
        assert mine.played is not None
        assert convert.plain_position(mine.played) == theirs["after"]
        position = mine.played
        plain = {**theirs["after"], "number_cards": START["number_cards"]}


def test_an_illegal_turn_changes_nothing_and_the_next_one_is_judged_in_its_place() -> None:
    turns = _turns()
    wrong = copy.deepcopy(turns[2])
    wrong["choice"]["offer"] = 1 - wrong["choice"]["offer"]  # the other offer, same actions
    wrong["splitter"] = "Anna" if wrong.get("splitter") == "Bruno" else "Bruno"
    turns.insert(2, number_steps(wrong))
    record = GameRecord(convert.position(START), tuple(convert.turn(t) for t in turns))
    report = replay(record)
    assert [t.legal for t in report.turns].count(False) == 1
    assert not report.turns[2].legal and "turn.splitter" in report.turns[2].rule_ids
    assert report.turns[2].after == report.turns[2].before
    assert report.winner == WINNER
