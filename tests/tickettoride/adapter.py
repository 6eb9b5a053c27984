"""Package values as the independent referee's plain data, and states in one comparable form."""

from __future__ import annotations

from typing import Any

from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.turns import Claim, DrawCards, DrawTickets, Turn


def cards(value: Cards | None) -> dict[str, int] | None:
    return None if value is None else {c.value: n for c, n in value.items()}


def ticket(value: Ticket) -> tuple[str, str, int]:
    return (value.a, value.b, value.points)


def board(value: Board) -> dict[str, Any]:
    return {
        "tracks": [
            {
                "a": value.city_name(t.a),
                "b": value.city_name(t.b),
                "length": t.length,
                "colour": t.colour.value,
                "route": t.route,
            }
            for t in value.tracks
        ]
    }


def state(position: Position) -> dict[str, Any]:
    return {
        "players": [
            {
                "colour": p.colour.value,
                "trains": p.trains,
                "hand": cards(p.hand.cards),
                "hand_size": p.hand.size,
                "tickets": None
                if p.tickets.tickets is None
                else [ticket(t) for t in p.tickets.tickets],
                "ticket_count": p.tickets.count,
            }
            for p in position.players
        ],
        "owners": [None if o is None else o.value for o in position.owners],
        "to_move": position.to_move.value,
        "display": cards(position.display),
        "unseen": position.display_unknown,
        "deck": {
            "size": position.deck.size,
            "cards": cards(position.deck.cards),
            "order": None
            if position.deck.order is None
            else [c.value for c in position.deck.order],
        },
        "discards": {"size": position.discards.size, "cards": cards(position.discards.cards)},
        "ticket_deck": {
            "size": position.ticket_deck.size,
            "order": None
            if position.ticket_deck.order is None
            else [ticket(t) for t in position.ticket_deck.order],
        },
        "last_round": None
        if position.last_round is None
        else (
            position.last_round.triggered_by.value,
            [c.value for c in position.last_round.still_to_play],
        ),
        "finished": position.finished,
        "settings": dict(position.settings),
    }


def _pos(span: Any) -> tuple[int, int]:
    return (span.line, span.column)


def turn(value: Turn) -> dict[str, Any]:
    actions: list[dict[str, Any]] = []
    for action in value.actions:
        if isinstance(action, DrawCards):
            actions.append(
                {
                    "kind": "draw",
                    "pos": _pos(action.span),
                    "draws": [
                        {
                            "source": d.source.value,
                            "card": None if d.card is None else d.card.value,
                            "revealed": None
                            if d.revealed is None
                            else [c.value for c in d.revealed],
                            "pos": _pos(d.span),
                        }
                        for d in action.draws
                    ],
                }
            )
        elif isinstance(action, Claim):
            actions.append(
                {
                    "kind": "claim",
                    "pos": _pos(action.span),
                    "cards_pos": None if action.cards_span is None else _pos(action.cards_span),
                    "route": action.route.index,
                    "colour": None if action.colour is None else action.colour.value,
                    "cards": cards(action.cards),
                }
            )
        else:
            assert isinstance(action, DrawTickets)
            actions.append(
                {
                    "kind": "tickets",
                    "pos": _pos(action.span),
                    "kept_pos": None if action.kept_span is None else _pos(action.kept_span),
                    "drawn": None if action.drawn is None else [ticket(t) for t in action.drawn],
                    "kept": None if action.kept is None else [ticket(t) for t in action.kept],
                    "drawn_count": action.drawn_count,
                    "kept_count": action.kept_count,
                    "setup": action.setup,
                }
            )
    return {"player": value.player.value, "pos": _pos(value.span), "actions": actions}


def comparable(data: dict[str, Any]) -> dict[str, Any]:
    """A referee-style state reduced to what both sides must agree on (zero counts dropped,
    contents derived from a known order)."""

    def clean(counts: dict[str, int] | None) -> dict[str, int] | None:
        return None if counts is None else {k: v for k, v in sorted(counts.items()) if v}

    deck = data["deck"]
    deck_cards = deck["cards"]
    return {
        "players": [
            {
                **p,
                "hand": clean(p["hand"]),
                "tickets": None if p["tickets"] is None else sorted(p["tickets"]),
            }
            for p in data["players"]
        ],
        "owners": data["owners"],
        "to_move": data["to_move"],
        "display": clean(data["display"]),
        "unseen": data["unseen"],
        "deck": {"size": deck["size"], "order": deck["order"], "cards": clean(deck_cards)},
        "discards": {
            "size": data["discards"]["size"],
            "cards": clean(data["discards"]["cards"]),
        },
        "ticket_deck": data["ticket_deck"],
        "last_round": None
        if data["last_round"] is None
        else (data["last_round"][0], list(data["last_round"][1])),
        "finished": data["finished"],
    }
