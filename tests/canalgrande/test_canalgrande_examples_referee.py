"""Every dispute of examples/canalgrande (and every scenario) judged a second time by the
independent referee (``referee.py``, which shares no code with the engine): each turn and
disputed vote the engine plays while checking the file is handed, as plain data, to the
referee, which must find the same broken rules at the same lines and columns and, for a
legal event, the same position after. (The puzzles' answers are recomputed by their own
second methods in ``test_canalgrande_commands.py``.)"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import canaldsl
from canaldsl.canalgrande import evaluate
from canaldsl.canalgrande.position import Offer, Position
from canaldsl.canalgrande.rulebook import Readings, _switch_name
from canaldsl.canalgrande.turn import (
    Action,
    OfferCards,
    Pass,
    Phase,
    SpyAction,
    TraitorAction,
    Turn,
    Vote,
)
from canaldsl.diagnostics import Span

from . import convert
from . import referee as ref

ROOT = Path(__file__).resolve().parents[2]
DISPUTES = sorted(
    p for p in (ROOT / "examples" / "canalgrande").glob("*.canal") if "puzzle" not in p.name
)
SCENARIOS = sorted((ROOT / "scenarios" / "canalgrande").rglob("*.canal"))
Plain = dict[str, Any]


def _at(span: Span) -> Plain:
    return {"line": span.line, "col": span.column}


def _offer(offer: Offer) -> Plain:
    return {
        "actions": [c.value for c in offer.actions],
        "numbers": [int(n) for n in offer.numbers],
    }


def plain_start(position: Position) -> Plain:
    """The position in the referee's ``load`` form."""
    plain = convert.plain_position(position)
    plain["number_cards"] = [int(n) for n in position.number_cards]
    plain["stage"] = position.stage.value
    if position.turned_up is not None:
        plain["turned_up"] = _offer(position.turned_up)
    if position.offers is not None:
        plain["offers"] = [_offer(o) for o in position.offers]
    return plain


def plain_vote(vote: Vote) -> Plain:
    steps: list[Plain] = []
    for step in vote.steps:
        if isinstance(step, Pass):
            steps.append({"kind": "pass", "player": step.player, **_at(step.span)})
        else:
            cards = [{"card": p.card.value, "count": p.count, **_at(p.span)} for p in step.cards]
            steps.append({"kind": "play", "player": step.player, "cards": cards,
                          **_at(step.span)})  # fmt: skip
    return {
        "kind": "vote",
        "challenger": vote.challenger,
        "district": vote.district.value if vote.district else None,
        "steps": steps,
        **_at(vote.span),
    }


def plain_action(action: Action) -> Plain:
    if isinstance(action, TraitorAction):
        card = action.card.value if action.card else None
        return {"kind": "traitor", "card": card, **_at(action.span)}
    if isinstance(action, SpyAction):
        steals = [{"card": s.card.value, **_at(s.span)} for s in action.steals]
        return {"kind": "spy", "drawn": [c.value for c in action.drawn], "steals": steals,
                **_at(action.span)}  # fmt: skip
    return plain_vote(action)


def _phase(phase: Phase) -> Plain:
    return {"actions": [plain_action(a) for a in phase.actions], **_at(phase.span)}


def _offer_cards(offer: OfferCards) -> Plain:
    return {"actions": [c.value for c in offer.actions],
            "numbers": [int(n) for n in offer.numbers], **_at(offer.span)}  # fmt: skip


def plain_turn(turn: Turn) -> Plain:
    """The inverse of ``convert.turn``."""
    plain: Plain = {
        "choice": {"offer": turn.choice.offer, **_at(turn.choice.span)},
        "chooser": _phase(turn.chooser_actions),
        "splitter_actions": _phase(turn.splitter_actions),
        "splitter": turn.splitter,
        **_at(turn.span),
    }
    if turn.split is not None:
        plain["split"] = {"offers": [_offer_cards(o) for o in turn.split.offers],
                          **_at(turn.split.span)}  # fmt: skip
    if turn.round_end is not None:
        draw = turn.round_end
        plain["round_end"] = {
            "drawn": [c.value for c in draw.drawn],
            "actions": [plain_action(a) for a in draw.actions],
            "player": draw.player,
            **_at(draw.span),
        }
    return plain


def _switches(readings: Readings) -> dict[str, str]:
    """The readings in force as the referee's switch settings (every switch given)."""
    return {_switch_name(f.name): getattr(readings, f.name) for f in fields(readings)}


def judged_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """Check ``path``; every event the engine plays is judged again by the referee."""
    events: list[tuple[str, Any, Any, Any, Any]] = []
    play_turn, play_vote = evaluate.play_turn, evaluate.play_vote

    def turn(position: Position, turn: Turn, *, readings: Readings) -> Any:
        report = play_turn(position, turn, readings=readings)
        events.append(("turn", position, turn, readings, report))
        return report

    def vote(position: Position, owner: str, vote: Vote, *, readings: Readings) -> Any:
        verdict = play_vote(position, owner, vote, readings=readings)
        events.append(("vote", position, (owner, vote), readings, verdict))
        return verdict

    monkeypatch.setattr(evaluate, "play_turn", turn)
    monkeypatch.setattr(evaluate, "play_vote", vote)
    canaldsl.check(str(path))
    for kind, position, event, readings, result in events:
        switches = _switches(readings)
        if kind == "turn":
            theirs = ref.judge_turn(plain_start(position), plain_turn(event), switches)
            after = result.played
        else:
            owner, disputed = event
            theirs = ref.judge_vote(plain_start(position), owner, plain_vote(disputed), switches)
            after = result.after
        mine = sorted((v.rule, v.span.line, v.span.column) for v in result.violations)
        assert mine == sorted(theirs["broken"]), (path.name, kind, mine, theirs["broken"])
        if not mine:
            assert convert.plain_position(after) == theirs["after"], (path.name, kind)
    return len(events)


@pytest.mark.parametrize("path", DISPUTES + SCENARIOS, ids=lambda p: p.name)
def test_the_referee_finds_what_the_engine_finds(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert judged_both_ways(path, monkeypatch) >= 1


def test_there_are_at_least_twelve_disputes() -> None:
    assert len(DISPUTES) >= 12
