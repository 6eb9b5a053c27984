"""A file's turns played in order: the one loop every command shares.

:func:`play_turns` walks a checked file's events (turns, expectations, queries) from its
position: each turn is judged by the rules engine, and a legal turn is applied; an illegal one
is not, so the next turn starts from the game before it. The game passes from turn to turn as
it is (no round trip through an immutable position); each verdict still carries the positions
before and after its turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.engine import Verdict, run_turn
from canaldsl.canalmania.readings import decided
from canaldsl.canalmania.semantics import Scenario
from canaldsl.canalmania.state import GameState
from canaldsl.canalmania.turns import turn_moves

E = TypeVar("E", bound=s.Statement)


@dataclass(frozen=True)
class Played(Generic[E]):
    """One event reached in file order, and the game after it."""

    event: E
    verdict: Verdict | None
    """The turn's verdict; None when the event is not a turn."""
    state: GameState
    """The game after the event: after the turn when it is legal, else as it was. The same
    object is played on by the next turn (which works on a copy); do not change it."""


def start_state(scenario: Scenario) -> GameState:
    """The game at the file's position (which the file must describe, with its board)."""
    if scenario.board is None or scenario.position is None:
        raise ValueError(f"{scenario.filename}: the file describes no position to play")
    return GameState.from_position(scenario.position, scenario.board, scenario.rules)


def play_turns(scenario: Scenario, events: Iterable[E]) -> Iterator[Played[E]]:
    """Each of ``events`` (events of ``scenario``, in file order) with the game after it;
    the turns among them are played from the file's position."""
    state = start_state(scenario)
    assert scenario.position is not None
    before = scenario.position
    for event in events:
        verdict: Verdict | None = None
        if isinstance(event, s.TurnDecl):
            moves = turn_moves(event)
            played_on = state
            verdict, state = run_turn(state, moves, before=before)
            verdict = decided(played_on, moves, verdict)
            if verdict.legal:
                before = verdict.after
        yield Played(event, verdict, state)


def state_after_turns(scenario: Scenario) -> GameState:
    """The game after all of the file's turns (illegal turns are not applied)."""
    state: GameState | None = None
    for played in play_turns(scenario, scenario.events):
        state = played.state
    return state if state is not None else start_state(scenario)
