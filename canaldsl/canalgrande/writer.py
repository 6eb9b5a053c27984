"""A position written back in the Canal Grande language (``canaldsl play``): the file that
``check`` reads again to the same position."""

from __future__ import annotations

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import DEFAULT_NUMBER_COUNTS, Card, NumberCard
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import Offer, PlayerState, Position
from canaldsl.canalgrande.rulebook import Readings

_ORDER = {card: i for i, card in enumerate(Card)}
_WORDS = {NumberCard.ONE: "ones", NumberCard.TWO: "twos", NumberCard.THREE: "threes"}


def cards_text(bag: Bag[Card]) -> str:
    parts = []
    for card, n in sorted(bag.items(), key=lambda item: _ORDER[item[0]]):
        parts.append(card.value if n == 1 else f"{n} {card.value}")
    return ", ".join(parts) or "none"


def _hand(hand: Hand) -> str:
    parts = [] if not hand.known else [cards_text(hand.known)]
    if hand.unknown is None:
        parts.append("unknown")
    elif hand.unknown:
        parts.append(f"{hand.unknown} unknown")
    return ", ".join(parts) or "none"


def _player(player: PlayerState) -> list[str]:
    lines = [f"player {player.name} {{", f"  hand {_hand(player.hand)}"]
    if player.numbers is None:
        lines.append(f"  total {player.total}")
    else:
        values = sorted(int(n) for n in player.numbers)
        lines.append("  numbers " + (", ".join(str(v) for v in values) or "none"))
    prizes = Bag({d.card: n for d, n in player.prizes.items()})
    lines.append(f"  prizes {cards_text(prizes)}")
    if player.doges:
        lines.append(f"  doges {player.doges}")
    lines.append("}")
    return lines


def _numbers_pile(name: str, pile: Pile[NumberCard]) -> str:
    if pile.order is not None:
        return f"{name} in order: " + (", ".join(str(c) for c in pile.order) or "none")
    if pile.contents is not None:
        values = sorted(int(n) for n in pile.contents)
        return f"{name}: " + (", ".join(str(v) for v in values) or "none")
    return _size(name, pile.size)


def _size(name: str, size: int | None) -> str:
    return f"{name} {size} cards" if size is not None else f"{name} unknown"


def _pile(name: str, pile: Pile[Card]) -> str:
    if pile.order is not None:
        return f"{name} in order: " + (", ".join(str(c) for c in pile.order) or "none")
    if pile.contents is not None:
        return f"{name}: {cards_text(pile.contents)}"
    if pile.size is not None:
        return f"{name} {pile.size} cards"
    return f"{name} unknown"


def _offer(offer: Offer) -> str:
    parts = [] if not offer.actions else [cards_text(offer.actions)]
    values = sorted(int(n) for n in offer.numbers)
    parts += [str(v) for v in values]
    return "[" + ", ".join(parts) + "]"


def write_position(position: Position, readings: Readings) -> str:
    """The position (and the rules in force) in the language."""
    lines = ["rules canal-grande"]
    options = [
        f"  option {name} = {value}"
        for name, value in readings.as_settings().items()
        if value != Readings().as_settings()[name]
    ]
    counts = {n: position.number_cards[n] for n in NumberCard}
    if options or counts != dict(DEFAULT_NUMBER_COUNTS):
        lines[0] += " {"
        lines += options
        if counts != dict(DEFAULT_NUMBER_COUNTS):
            lines.append(
                "  number cards " + ", ".join(f"{counts[n]} {_WORDS[n]}" for n in NumberCard)
            )
        lines.append("}")
    lines.append("")
    for player in position.players:
        lines += [*_player(player), ""]
    lines.append(f"splitter {position.name(position.splitter)}")
    if position.round != 1:
        lines.append(f"round {position.round}")
    lines.append(_pile("deck", position.action_deck))
    lines.append(_numbers_pile("number deck", position.number_deck))
    lines.append(_pile("discards", position.discards))
    if position.turned_up is not None:
        lines.append(f"turned up: {_offer(position.turned_up)}")
    if position.offers is not None:
        lines.append(f"offers: {_offer(position.offers[0])} {_offer(position.offers[1])}")
    if position.winner is not None:
        lines.append(f"winner {position.name(position.winner)}")
    return "\n".join(lines) + "\n"
