"""Every effect rule has a test that fails when the rule is broken: each effect is replaced by
a wrong version where the engine or the scoring calls it (a mutation), and the test of that
effect in test_effects.py must then fail. The tests as written are the holding cases; this
file is the broken ones (as test_rules.py has both for the checks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from canaldsl.rules import RuleKind
from canaldsl.tickettoride import (
    checks_draw,
    engine,
    engine_claim,
    engine_tickets,
    registry,
    scoring,
)
from tickettoride import test_effects as holds

Mutation = tuple[tuple[tuple[Any, str], ...], Callable[..., Any], Callable[[], None]]


def _route_points_case() -> None:
    holds.test_score_route_by_length("Calgary-Winnipeg", None, 15)


MUTATIONS: dict[str, Mutation] = {
    "score.route": (
        ((engine_claim, "route_points"), (scoring, "route_points")),
        lambda *, spaces: spaces,
        _route_points_case,
    ),
    "claim.discard": (
        ((engine_claim, "discard_paid"),),
        lambda *, discards, paid: discards,
        holds.test_claim_discard_and_hand,
    ),
    "tickets.return-bottom": (
        ((engine_tickets, "return_bottom"),),
        lambda *, order, drawn, returned: None if order is None else order[drawn:],
        holds.test_tickets_returned_go_to_the_bottom,
    ),
    "end.last-round": (
        ((engine, "last_round_begins"),),
        lambda *, trains_left, already: already,
        holds.test_last_round_begins_at_two_trains_and_everyone_plays_once_more,
    ),
    "draw.three-locomotives": (
        ((checks_draw, "three_locomotives"),),
        lambda **_: False,
        holds.test_three_face_up_locomotives_are_replaced,
    ),
    "draw.reshuffle": (
        ((checks_draw, "reshuffle"),),
        lambda **_: False,
        holds.test_an_empty_deck_is_refilled_from_the_discards,
    ),
    "score.tickets": (
        ((scoring, "ticket_points"),),
        lambda *, points, completed: points,
        holds.test_tickets_completed_add_and_failed_subtract,
    ),
    "score.longest-route": (
        ((scoring, "longest_route_holders"),),
        lambda **_: (),
        holds.test_longest_route_may_pass_a_city_twice,
    ),
    "winner.most-points": (
        ((scoring, "most_points"),),
        lambda *, totals: tuple(totals),
        holds.test_most_points_wins,
    ),
    "winner.tie-tickets": (
        ((scoring, "most_tickets"),),
        lambda *, tied, completed: tied,
        holds.test_tie_on_points_decided_by_tickets,
    ),
    "winner.tie-longest": (
        ((scoring, "longest_among"),),
        lambda *, tied, lengths: tied,
        holds.test_tie_on_points_and_tickets_decided_by_longest_route,
    ),
}


def test_every_effect_has_a_broken_case() -> None:
    effects = {r.id for r in registry.all_rules().values() if r.kind is RuleKind.EFFECT}
    assert effects == set(MUTATIONS)


@pytest.mark.parametrize("rule", sorted(MUTATIONS))
def test_effect_holds(rule: str) -> None:
    MUTATIONS[rule][2]()


@pytest.mark.parametrize("rule", sorted(MUTATIONS))
def test_effect_broken_is_caught(rule: str, monkeypatch: pytest.MonkeyPatch) -> None:
    places, wrong, case = MUTATIONS[rule]
    for module, name in places:
        assert callable(getattr(module, name)), (module, name)
        monkeypatch.setattr(module, name, wrong)
    with pytest.raises(AssertionError):
        case()
