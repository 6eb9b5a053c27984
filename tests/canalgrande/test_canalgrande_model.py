"""The model: names read as players write them, multisets, what is known of hidden cards."""

from __future__ import annotations

import pytest

from canaldsl.canalgrande.bag import Bag, BagError
from canaldsl.canalgrande.cards import (
    ACTION_CARDS,
    ACTION_DECK_SIZE,
    DEFAULT_NUMBER_COUNTS,
    NUMBER_CARDS,
    Card,
    District,
    NumberCard,
    UnknownNameError,
    card_named,
    district_named,
)
from canaldsl.canalgrande.knowledge import Hand, Pile, PositionError, Presence
from canaldsl.canalgrande.position import PlayerState, Position, setup_position
from canaldsl.canalgrande.rulebook import ReadingError, Readings
from canaldsl.canalgrande.turn import Placed, TurnError


def test_the_components_add_up() -> None:
    assert sum(ACTION_CARDS.values()) == ACTION_DECK_SIZE == 52
    assert sum(DEFAULT_NUMBER_COUNTS.values()) == NUMBER_CARDS == 14


@pytest.mark.parametrize(
    "written",
    ["San Marco", "san marco", "SAN MARCO", "sanmarco", "San-Marco", "Sàn Màrco", "san  marco"],
)
def test_district_names_without_case_accents_or_spaces(written: str) -> None:
    assert district_named(written) is District.SAN_MARCO


def test_the_text_s_spelling_and_italian_card_names() -> None:
    assert district_named("Cannareggio") is District.CANNAREGIO
    assert card_named("traditore") is Card.TRAITOR
    assert card_named("Spie") is Card.SPY
    assert card_named("gondole") is Card.GONDOLA
    assert card_named("dogi") is Card.DOGE
    assert card_named("Dorsodúro") is Card.DORSODURO


def test_unknown_names_suggest_the_closest() -> None:
    with pytest.raises(UnknownNameError, match="did you mean Dorsoduro") as error:
        district_named("Dorsodoro")
    assert error.value.suggestion == "Dorsoduro"
    with pytest.raises(UnknownNameError, match="did you mean Santa Croce"):
        district_named("Santa Cruz")
    with pytest.raises(UnknownNameError, match="did you mean gondola"):
        card_named("gondla")
    with pytest.raises(UnknownNameError) as nothing:
        district_named("Piccadilly")
    assert nothing.value.suggestion is None


def test_bags() -> None:
    bag = Bag.of([Card.SAN_MARCO, Card.GONDOLA, Card.SAN_MARCO])
    assert bag[Card.SAN_MARCO] == 2 and len(bag) == 3
    assert bag.describe() == "2 San Marco, 1 gondola"
    assert Bag.of([Card.GONDOLA, Card.GONDOLA]).describe() == "2 gondolas"
    assert bag.remove(Card.SAN_MARCO) == Bag.of([Card.SAN_MARCO, Card.GONDOLA])
    assert Bag.of([Card.GONDOLA]) <= bag and not bag <= Bag.of([Card.GONDOLA])
    with pytest.raises(BagError):
        bag.remove(Card.DOGE)
    assert hash(bag) == hash(Bag.of([Card.GONDOLA, Card.SAN_MARCO, Card.SAN_MARCO]))


def test_taking_from_a_hand_says_whether_the_card_was_there() -> None:
    known = Hand.of(Card.SAN_MARCO)
    assert known.take(Card.SAN_MARCO) == (Hand.of(), Presence.YES)
    assert known.take(Card.CASTELLO) == (known, Presence.NO)
    partly = Hand(Bag.of([Card.SAN_MARCO]), 2)
    assert partly.take(Card.CASTELLO) == (Hand(Bag.of([Card.SAN_MARCO]), 1), Presence.UNKNOWN)
    assert partly.take(Card.DOGE)[1] is Presence.NO  # a hand never holds a doge
    hidden = Hand.hidden(None)
    assert hidden.take(Card.CASTELLO) == (hidden, Presence.UNKNOWN)
    assert hidden.has_district is None and Hand.of(Card.GONDOLA).has_district is False
    assert Hand.hidden(0).is_empty is True and hidden.is_empty is None
    with pytest.raises(PositionError, match="only district cards and gondolas"):
        Hand.of(Card.SPY)


def test_drawing_from_piles() -> None:
    ordered: Pile[Card] = Pile.in_order((Card.DOGE, Card.SPY))
    assert ordered.draw(Card.DOGE) == (Pile.in_order((Card.SPY,)), Presence.YES)
    after, presence = ordered.draw(Card.SPY)  # not the top card
    assert presence is Presence.NO and after == Pile.in_order((Card.DOGE,))
    counted: Pile[Card] = Pile.of_contents(Bag.of([Card.SPY]))
    assert counted.draw(Card.SPY)[1] is Presence.YES and counted.draw(Card.DOGE)[1] is Presence.NO
    sized: Pile[Card] = Pile.unknown(1)
    assert sized.draw(Card.SPY) == (Pile.unknown(0), Presence.UNKNOWN)
    assert Pile.unknown(0).draw(Card.SPY)[1] is Presence.NO
    with pytest.raises(PositionError):
        Pile(order=(Card.SPY,), size=3)


def test_positions_refuse_what_cannot_be() -> None:
    with pytest.raises(PositionError, match="two-player"):
        Position(players=(PlayerState("A"),))  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="called"):
        Position(players=(PlayerState("A"), PlayerState("A")))
    with pytest.raises(PositionError, match="14 number cards"):
        Position(
            players=(PlayerState("A"), PlayerState("B")), number_cards=Bag.of([NumberCard.ONE])
        )
    start = setup_position(("A", "B"))
    assert start.action_deck.size == 44 and start.number_deck.size == 14
    assert start.players[0].hand.size == 4


def test_readings_and_steps() -> None:
    assert Readings.resolve({"spy.traitors": "steal-all"}).spy_traitors == "steal-all"
    assert Readings().as_settings()["vote.reinforcement-test"] == "play"
    with pytest.raises(ReadingError, match="no switch"):
        Readings.resolve({"spy.traitor": "steal-all"})
    with pytest.raises(ReadingError, match="one of"):
        Readings.resolve({"spy.traitors": "sometimes"})
    with pytest.raises(TurnError):
        Placed(Card.SAN_MARCO, 0)
