"""Plain data (the generator's and the referee's format) to canaldsl's typed values and back."""

from __future__ import annotations

from typing import Any

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, NumberCard, card_named, district_named
from canaldsl.canalgrande.knowledge import Hand, Pile
from canaldsl.canalgrande.position import PlayerState, Position
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import (
    Action,
    Choice,
    OfferCards,
    Pass,
    Phase,
    Placed,
    Play,
    RoundEndDraw,
    Split,
    SpyAction,
    Steal,
    TraitorAction,
    Turn,
    Vote,
)
from canaldsl.diagnostics import Span

Plain = dict[str, Any]


def span(step: Plain) -> Span:
    return Span.point(step["line"], step["col"])


def _pile(plain: Plain, make: Any) -> Pile[Any]:
    if plain.get("order") is not None:
        return Pile.in_order(tuple(make(c) for c in plain["order"]))
    if plain.get("contents") is not None:
        return Pile.of_contents(Bag.of(make(c) for c in plain["contents"]))
    return Pile.unknown(plain.get("size"))


def position(plain: Plain) -> Position:
    players = []
    for p in plain["players"]:
        numbers = (
            Bag.of(NumberCard(n) for n in p["numbers"]) if p.get("numbers") is not None else None
        )
        players.append(
            PlayerState(
                p["name"],
                Hand(Bag.of(card_named(c) for c in p["hand"]["known"]), p["hand"]["unknown"]),
                numbers=numbers,
                total=p["total"],
                prizes=Bag.of(district_named(d) for d in p["prizes"]),
                doges=p.get("doges", 0),
            )
        )
    return Position(
        players=(players[0], players[1]),
        splitter=plain["splitter"],
        action_deck=_pile(plain["deck"], card_named),
        number_deck=_pile(plain["number_deck"], NumberCard),
        discards=_pile(plain["discards"], card_named),
        number_cards=Bag.of(NumberCard(n) for n in plain["number_cards"]),
        winner=plain.get("winner"),
    )


def _plain_pile(pile: Pile[Any], name: Any) -> Plain:
    if pile.order is not None:
        return {"order": [name(c) for c in pile.order]}
    if pile.contents is not None:
        return {"contents": [name(c) for c in pile.contents]}
    return {"size": pile.size}


def plain_position(pos: Position) -> Plain:
    """The position in the referee's ``dump`` form (cards in the game's order)."""
    return {
        "players": [
            {
                "name": p.name,
                "hand": {"known": [c.value for c in p.hand.known], "unknown": p.hand.unknown},
                "numbers": [int(n) for n in p.numbers] if p.numbers is not None else None,
                "total": p.total,
                "prizes": [d.value for d in p.prizes],
                "doges": p.doges,
            }
            for p in pos.players
        ],
        "splitter": pos.splitter,
        "deck": _plain_pile(pos.action_deck, lambda c: c.value),
        "number_deck": _plain_pile(pos.number_deck, int),
        "discards": _plain_pile(pos.discards, lambda c: c.value),
        "round": pos.round,
        "turn": pos.turn,
        "winner": pos.winner,
    }


def vote(plain: Plain) -> Vote:
    steps: list[Play | Pass] = []
    for step in plain["steps"]:
        if step["kind"] == "pass":
            steps.append(Pass(step["player"], span=span(step)))
        else:
            cards = tuple(
                Placed(card_named(i["card"]), i["count"], span=span(i)) for i in step["cards"]
            )
            steps.append(Play(step["player"], cards, span=span(step)))
    district = district_named(plain["district"]) if plain.get("district") else None
    return Vote(plain.get("challenger"), tuple(steps), district, span=span(plain))


def action(plain: Plain) -> Action:
    if plain["kind"] == "traitor":
        card = card_named(plain["card"]) if plain.get("card") else None
        return TraitorAction(card, span=span(plain))
    if plain["kind"] == "spy":
        steals = tuple(Steal(card_named(s["card"]), span=span(s)) for s in plain["steals"])
        drawn = tuple(card_named(c) for c in plain["drawn"])
        return SpyAction(drawn, steals, span=span(plain))
    return vote(plain)


def _phase(plain: Plain) -> Phase:
    return Phase(tuple(action(a) for a in plain["actions"]), span=span(plain))


def turn(plain: Plain) -> Turn:
    split = None
    if plain.get("split") is not None:
        offers = tuple(
            OfferCards(
                tuple(card_named(c) for c in o["actions"]),
                tuple(NumberCard(n) for n in o["numbers"]),
                span=span(o),
            )
            for o in plain["split"]["offers"]
        )
        split = Split(offers, span=span(plain["split"]))
    round_end = None
    if plain.get("round_end") is not None:
        draw = plain["round_end"]
        round_end = RoundEndDraw(
            tuple(card_named(c) for c in draw["drawn"]),
            tuple(action(a) for a in draw["actions"]),
            player=draw.get("player"),
            span=span(draw),
        )
    return Turn(
        split=split,
        choice=Choice(plain["choice"]["offer"], span=span(plain["choice"])),
        chooser_actions=_phase(plain["chooser"]),
        splitter_actions=_phase(plain["splitter_actions"]),
        round_end=round_end,
        splitter=plain.get("splitter"),
        span=span(plain),
    )


def readings(plain: dict[str, str]) -> Readings:
    return Readings.resolve(plain)


def card_order(card: Card) -> int:
    return list(Card).index(card)
