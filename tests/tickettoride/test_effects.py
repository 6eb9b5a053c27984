"""The effects of Ticket to Ride's rules: points, cards and tickets moving, the last round,
the display after three locomotives, final scoring and the winner's tie-breaks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from canaldsl.tickettoride.cards import FULL_DECK, Cards
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.position import (
    Deck,
    Discards,
    Hand,
    HeldTickets,
    LastRound,
    Position,
    validate,
)
from canaldsl.tickettoride.scoring import final_scores
from tickettoride.builders import (
    BLUE,
    BOARD,
    GREEN,
    RED,
    TICKET_DECK,
    YELLOW,
    C,
    base,
    blind,
    cards,
    claim,
    draw,
    face_up,
    judge,
    owned,
    ticket,
    tickets,
    with_red,
)


@pytest.mark.parametrize(
    ("route", "colour", "points"),
    [
        ("Portland-Seattle", None, 1),
        ("Boston-New York", C.RED, 2),
        ("Montreal-New York", None, 4),
        ("Chicago-Omaha", None, 7),
        ("Atlanta-Miami", None, 10),
        ("Calgary-Winnipeg", None, 15),
    ],
)
def test_score_route_by_length(route: str, colour: C | None, points: int) -> None:
    position = with_red(base(), hand=Hand.known(cards(loco=6)))
    verdict = judge(position, claim(route, colour, cards(loco=BOARD.route(route).length)))
    assert verdict.legal
    assert verdict.report.points == points
    assert verdict.after.player(RED).trains == 45 - BOARD.route(route).length


def test_claim_discard_and_hand() -> None:
    position = base(discards=Discards(cards=cards(pink=1)))
    verdict = judge(position, claim("Montreal-New York", paid=cards(blue=2, loco=1)))
    assert verdict.after.discards.cards == cards(pink=1, blue=2, loco=1)
    assert verdict.after.player(RED).hand.cards == cards(blue=1, red=2, green=1, loco=1)


def test_claim_without_cards_pays_fewest_locomotives_and_says_so() -> None:
    verdict = judge(base(), claim("Montreal-Toronto"))
    assert verdict.legal
    assert verdict.report.cards_paid == cards(blue=3)
    assert any("fewest locomotives" in note for note in verdict.report.notes)


def test_claim_completing_a_ticket_is_reported() -> None:
    position = owned(base(), RED, "Atlanta-Raleigh", C.GREY)
    position = owned(position, RED, "Pittsburgh-Raleigh")
    position = owned(position, RED, "New York-Pittsburgh", C.GREEN)
    verdict = judge(position, claim("Montreal-New York", paid=cards(blue=3)))
    assert verdict.report.tickets_completed == (ticket("Montreal-Atlanta"),)


def test_tickets_returned_go_to_the_bottom() -> None:
    verdict = judge(base(), tickets(TICKET_DECK[:3], TICKET_DECK[1:2]))
    assert verdict.after.ticket_deck.order == (*TICKET_DECK[3:], TICKET_DECK[0], TICKET_DECK[2])
    assert verdict.after.player(RED).tickets.tickets == (
        ticket("Montreal-Atlanta"),
        TICKET_DECK[1],
    )


def test_starting_tickets_are_no_turn() -> None:
    verdict = judge(base(to_move=BLUE), tickets(TICKET_DECK[:3], TICKET_DECK[:2], setup=True))
    assert verdict.legal
    assert verdict.after.to_move is BLUE


def test_last_round_begins_at_two_trains_and_everyone_plays_once_more() -> None:
    position = with_red(base(), trains=5)
    verdict = judge(position, claim("Montreal-New York", paid=cards(blue=3)))
    assert verdict.report.last_round_started
    after = verdict.after
    assert after.last_round == LastRound(RED, (BLUE, GREEN, YELLOW, RED))
    assert after.to_move is BLUE
    for player in (BLUE, GREEN, YELLOW):
        step = judge(after, draw(blind(), blind(None, 20), player=player))
        assert step.legal and not step.report.game_over
        after = step.after
    last = judge(after, draw(blind(), blind(None, 20)))
    assert last.legal and last.report.game_over and last.after.finished
    over = judge(last.after, draw(blind(), blind(None, 20), player=BLUE))
    assert "end.game-over" in over.rules_broken
    # no one is to move after the end: a turn by a player who would not be next breaks
    # end.game-over only, not turn.order too
    assert last.after.to_move is not GREEN
    late = judge(last.after, draw(blind(), blind(None, 20), player=GREEN))
    assert late.rules_broken == ("end.game-over",)


def test_three_trains_left_does_not_start_the_last_round() -> None:
    position = with_red(base(), trains=6)
    verdict = judge(position, claim("Montreal-New York", paid=cards(blue=3)))
    assert verdict.after.last_round is None and verdict.after.to_move is BLUE


def test_three_face_up_locomotives_are_replaced() -> None:
    position = base(display=cards(loco=2, red=1, white=1, black=1), deck=Deck(size=30))
    new = (C.GREEN, C.GREEN, C.BLUE, C.PINK, C.ORANGE)
    verdict = judge(position, draw(face_up(C.RED, revealed=(C.LOCOMOTIVE, *new)), blind(None, 20)))
    assert verdict.legal
    assert verdict.after.display == Cards.from_list(new)
    assert verdict.after.deck.size == 30 - 6 - 1


def test_the_replacement_is_the_deck_top_when_the_order_is_known() -> None:
    verdict = judge(base(), draw(face_up(C.RED), blind(None, 20)))
    assert verdict.after.display == cards(red=1, loco=1, white=1, black=1, green=1)
    assert verdict.after.player(RED).hand.cards == cards(blue=3, red=3, green=1, yellow=1, loco=2)


def _stalemate(setting: str) -> Position:
    """Only locomotives left in the deck; red and blue hold everything else."""
    display = cards(loco=2, red=1, white=1, black=1)
    deck = (C.LOCOMOTIVE,) * 6
    rest = FULL_DECK.minus(display).minus(Cards.from_list(deck))
    red = cards(blue=12, red=10, green=12, pink=12, loco=6)
    position = base(players=2, display=display, deck=Deck.ordered(deck))
    position = position.with_player(replace(position.player(RED), hand=Hand.known(red)))
    position = position.with_player(
        replace(position.player(BLUE), hand=Hand.known(rest.minus(red)))
    )
    return validate(
        replace(
            position,
            discards=Discards(cards=Cards()),
            settings={"locomotive-display-stalemate": setting},
        )
    )


def test_stalemate_keep_leaves_three_locomotives() -> None:
    verdict = judge(_stalemate("keep"), draw(face_up(C.RED), blind(None, 20)))
    assert verdict.legal
    assert verdict.after.display == cards(loco=3, white=1, black=1)
    assert verdict.after.deck.size == 4


def test_stalemate_wipe_once_replaces_the_display_once() -> None:
    verdict = judge(_stalemate("wipe-once"), draw(face_up(C.RED), blind(None, 20)))
    assert verdict.legal
    assert verdict.after.display == cards(loco=5)
    # the five discarded became the deck for the blind draw that followed
    assert verdict.after.discards.size == 0 and verdict.after.deck.size == 4


def test_an_empty_deck_is_refilled_from_the_discards() -> None:
    position = base(players=2)
    discards = cards(green=10)
    rest = FULL_DECK.minus(discards).minus(position.display).minus(RED_HAND_PLAIN)
    position = position.with_player(replace(position.player(BLUE), hand=Hand(None, rest.total)))
    position = validate(replace(position, deck=Deck.ordered(()), discards=Discards(cards=discards)))
    verdict = judge(position, draw(blind(), blind(None, 20)))
    assert verdict.legal
    assert verdict.after.deck.size == 8 and verdict.after.discards.size == 0
    assert verdict.after.player(RED).hand.size == RED_HAND_PLAIN.total + 2


RED_HAND_PLAIN = cards(blue=3, red=2, green=1, loco=2)


def _scored(position: Position) -> dict[PlayerColour, int | None]:
    return {s.player: s.total for s in final_scores(position).scores}


def _known_tickets(position: Position, player: PlayerColour, *names: str) -> Position:
    held = HeldTickets.known([ticket(n) for n in names])
    return position.with_player(replace(position.player(player), tickets=held))


def test_longest_route_may_pass_a_city_twice() -> None:
    position = base(players=2)
    for route in (
        "Dallas-El Paso",
        "Dallas-Houston",
        "Houston-New Orleans",
        "Little Rock-New Orleans",
        "Dallas-Little Rock",
    ):
        position = owned(position, RED, route)
    score = final_scores(position).score(RED)
    assert score.longest.length == 12  # El Paso-Dallas-Houston-New Orleans-Little Rock-Dallas
    assert score.longest.cities.count(BOARD.city("Dallas")) == 2
    assert score.bonus == 10


def test_tickets_completed_add_and_failed_subtract() -> None:
    position = _known_tickets(base(players=2), RED, "Montreal-Atlanta", "Denver-El Paso")
    position = _known_tickets(position, BLUE)
    for route in (
        "Atlanta-Raleigh",
        "Pittsburgh-Raleigh",
        "New York-Pittsburgh",
        "Montreal-New York",
    ):
        position = owned(position, RED, route)
    score = final_scores(position).score(RED)
    assert [(r.ticket.name, r.completed, r.points) for r in score.tickets or ()] == [
        ("Atlanta-Montreal", True, 9),
        ("Denver-El Paso", False, -4),
    ]
    assert score.route_points == 2 + 2 + 2 + 4
    assert score.total == 10 + 9 - 4 + 10


def test_tied_longest_routes_both_get_the_bonus() -> None:
    position = _known_tickets(_known_tickets(base(players=2), RED), BLUE)
    position = owned(position, RED, "Montreal-New York")
    position = owned(position, BLUE, "Montreal-Toronto")
    scores = final_scores(position)
    assert scores.longest_holders == (RED, BLUE)
    assert _scored(position) == {RED: 14, BLUE: 14}


def test_most_points_wins() -> None:
    position = _known_tickets(_known_tickets(base(players=2), RED), BLUE)
    position = owned(position, RED, "Portland-Salt Lake City")  # 15, longest 6
    position = owned(position, BLUE, "Denver-Kansas City", C.BLACK)  # 7, longest 4
    scores = final_scores(position)
    assert _scored(position) == {RED: 25, BLUE: 7}
    assert scores.winners == (RED,) and scores.decided_by == ("winner.most-points",)
    assert scores.headline() == "red wins 25-7"


def test_tie_on_points_decided_by_tickets() -> None:
    position = _known_tickets(base(players=2), RED, "Denver-El Paso")
    position = _known_tickets(position, BLUE)
    position = owned(position, RED, "Denver-Santa Fe")
    position = owned(position, RED, "El Paso-Santa Fe")  # 4 + 4 = 8, longest 4
    position = owned(position, BLUE, "Chicago-Omaha")  # 7, longest 4
    position = owned(position, BLUE, "Dallas-Houston", C.GREY)  # 8
    scores = final_scores(position)
    assert _scored(position) == {RED: 18, BLUE: 18}
    assert scores.winners == (RED,)
    assert scores.decided_by == ("winner.most-points", "winner.tie-tickets")


def test_tie_on_points_and_tickets_decided_by_longest_route() -> None:
    position = _known_tickets(_known_tickets(base(players=2), RED), BLUE)
    for route in ("Portland-Seattle", "Seattle-Vancouver", "Calgary-Vancouver"):
        position = owned(position, RED, route)  # 6 points, a trail of 5: the bonus
    for route in (
        "Chicago-Omaha",
        "Atlanta-Charleston",
        "Boston-New York",
        "Dallas-Houston",
        "Pittsburgh-Toronto",
        "Nashville-St. Louis",
    ):
        position = owned(position, BLUE, route)  # 16 points, longest 4
    scores = final_scores(position)
    assert _scored(position) == {RED: 16, BLUE: 16}
    assert scores.winners == (RED,)
    assert scores.decided_by == ("winner.most-points", "winner.tie-tickets", "winner.tie-longest")


def test_a_tie_on_everything_is_shared() -> None:
    shared = _known_tickets(_known_tickets(base(players=2), RED), BLUE)
    shared = owned(shared, RED, "Montreal-New York")
    shared = owned(shared, BLUE, "Montreal-Toronto")
    scores = final_scores(shared)
    assert scores.winners == (RED, BLUE)
    assert scores.decided_by == ("winner.most-points", "winner.tie-tickets", "winner.tie-longest")
    assert scores.headline().startswith("red and blue win 14-14")


def test_unknown_tickets_give_no_total_and_no_winner() -> None:
    scores = final_scores(base())
    assert scores.score(BLUE).total is None
    assert scores.winners is None and "not known" in scores.headline()


def test_position_refuses_impossible_values() -> None:
    from canaldsl.tickettoride.position import PositionError

    with pytest.raises(PositionError) as error:
        validate(with_red(base(display=cards(red=13)), trains=46))
    assert len(error.value.problems) >= 2
