"""Random positions and turns on the USA map, for the differential tests and the benchmark.

Positions are dealt from a shuffled box of 110 cards, so every count is consistent; then some
of what is known is hidden at random (hands, the deck's order or size, the discards, tickets).
Turns are mostly plausible (cards from the hand, face-up cards that lie there, tickets from the
top of the deck) with mistakes mixed in at random (wrong cards, too many cards, taken tracks,
two actions, the wrong player), so that both legal and illegal turns are common.
"""

from __future__ import annotations

import random

from canaldsl.diagnostics import Span
from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.cards import FULL_DECK, Cards
from canaldsl.tickettoride.colours import CARD_KINDS, Colour, PlayerColour
from canaldsl.tickettoride.payments import payments
from canaldsl.tickettoride.position import (
    Deck,
    Discards,
    Hand,
    HeldTickets,
    LastRound,
    Player,
    Position,
    TicketDeck,
    validate,
)
from canaldsl.tickettoride.rulebook import BOOK
from canaldsl.tickettoride.turns import (
    Action,
    CardDraw,
    Claim,
    DrawCards,
    DrawTickets,
    Source,
    Turn,
)


def _span(line: int, column: int = 3) -> Span:
    return Span.point(line, column, 4)


def random_position(board: Board, rng: random.Random) -> Position:
    """A random position (see the module docstring)."""
    count = rng.randint(2, 5)
    colours = rng.sample(list(PlayerColour), count)
    owners: list[PlayerColour | None] = [None] * len(board.tracks)
    trains = dict.fromkeys(colours, 45)
    density = rng.choice((0.0, 0.15, 0.35, 0.6))
    for track in rng.sample(range(len(board.tracks)), len(board.tracks)):
        if rng.random() > density:
            continue
        colour = rng.choice(colours)
        length = board.tracks[track].length
        if trains[colour] >= length:
            owners[track] = colour
            trains[colour] -= length
    box = [c for c, n in FULL_DECK.items() for _ in range(n)]
    rng.shuffle(box)
    hands = []
    mode = rng.choices(("normal", "exhausted", "stalemate", "locomotives"), (80, 6, 6, 8))[0]
    if mode == "stalemate":  # almost only locomotives left outside the hands
        locos = [c for c in box if c is Colour.LOCOMOTIVE]
        others = [c for c in box if c is not Colour.LOCOMOTIVE]
        keep = others[: rng.randint(0, 4)] + locos
        rng.shuffle(keep)
        box = others[len(keep) - len(locos) :] + keep
        held = len(box) - len(keep)
    display = Cards.from_list(box[-5:] if mode == "stalemate" else box[:5])
    if mode == "exhausted":  # the players hold every card but the face-up ones
        display = Cards.from_list(box[: rng.choice((5, 5, 5, 3, 0))])
    if mode == "stalemate":
        del box[-5:]
    else:
        del box[: display.total]
    for seat in range(count):
        size = rng.randint(0, 14)
        if mode == "exhausted":
            size = len(box) // (count - seat)
        if mode == "stalemate":
            size = (held - sum(h.total for h in hands)) // (count - seat)
        hands.append(Cards.from_list(box[:size]))
        del box[:size]
    if mode == "locomotives":  # locomotives near the top of the deck
        box.sort(key=lambda c: (c is not Colour.LOCOMOTIVE, rng.random()))
        cut = rng.randint(0, 6)
        box = box[cut:] + box[:cut] if rng.random() < 0.5 else box
    discard_count = rng.choice((0, rng.randint(0, len(box)), len(box) - rng.randint(0, 4)))
    if mode == "locomotives":
        discard_count = 0
    discard_count = max(0, min(discard_count, len(box)))
    discards = Cards.from_list(box[:discard_count])
    order = box[discard_count:]
    tickets = list(board.tickets)
    rng.shuffle(tickets)
    players = []
    for colour, hand in zip(colours, hands, strict=True):
        held = [tickets.pop() for _ in range(rng.randint(0, 4))]
        left = trains[colour]
        if rng.random() < 0.25:
            left = rng.randint(0, min(left, 6))
        known_hand = rng.random() < 0.8
        players.append(
            Player(
                colour,
                left,
                Hand.known(hand)
                if known_hand
                else Hand(None, hand.total if rng.random() < 0.6 else None),
                HeldTickets.known(held) if rng.random() < 0.85 else HeldTickets(None, len(held)),
            )
        )
    ticket_count = rng.choice((len(tickets), rng.randint(0, 4)))
    ticket_order = tickets[:ticket_count]
    deck_knowledge = rng.random()
    if deck_knowledge < 0.3:
        deck = Deck.ordered(order)
    elif deck_knowledge < 0.7:
        deck = Deck(len(order))
    else:
        deck = Deck()
    discard_value = Discards(cards=discards) if rng.random() < 0.7 else Discards(discards.total)
    to_move = rng.choice(colours)
    last_round = None
    finished = False
    if rng.random() < 0.15:
        seat = colours.index(to_move)
        rest = tuple(colours[(seat + k) % count] for k in range(rng.randint(1, count)))
        last_round = LastRound(rng.choice(colours), rest)
        finished = rng.random() < 0.1
        if finished:
            last_round = LastRound(last_round.triggered_by, ())
    settings = {}
    for switch in BOOK.switches.values():
        if rng.random() < 0.2:
            settings[switch.name] = rng.choice(switch.values)
    position = Position(
        board=board,
        players=tuple(players),
        owners=tuple(owners),
        to_move=to_move,
        display=display,
        deck=deck,
        discards=discard_value,
        ticket_deck=TicketDeck(order=tuple(ticket_order))
        if rng.random() < 0.5
        else TicketDeck(len(ticket_order)),
        last_round=last_round,
        finished=finished,
        settings=settings,
    )
    return validate(position)


def _random_card(rng: random.Random) -> Colour:
    return rng.choice(CARD_KINDS)


def random_draw(position: Position, rng: random.Random, line: int) -> DrawCards:
    count = rng.choices((1, 2, 3, 0), weights=(3, 12, 1, 0.3))[0]
    draws = []
    display = list(position.display.items())
    for k in range(count):
        span = _span(line, 10 + 12 * k)
        if rng.random() < 0.5 and display:
            card = rng.choice(display)[0] if rng.random() < 0.9 else _random_card(rng)
            revealed: tuple[Colour, ...] | None = None
            choice = rng.random()
            if choice < 0.4:
                order = position.deck.order
                if order and rng.random() < 0.7:
                    revealed = tuple(order[: rng.choice((1, 1, 6))])
                else:
                    revealed = tuple(_random_card(rng) for _ in range(rng.choice((1, 1, 1, 6, 2))))
            draws.append(CardDraw(Source.FACE_UP, card, revealed, span))
        else:
            card_known = rng.random() < 0.6
            card = None
            if card_known:
                order = position.deck.order
                card = order[0] if order and rng.random() < 0.8 else _random_card(rng)
            draws.append(CardDraw(Source.BLIND, card, None, span))
    return DrawCards(tuple(draws), _span(line, 5))


def random_claim(position: Position, player: Player, rng: random.Random, line: int) -> Claim:
    board = position.board
    free = [t for t, owner in enumerate(position.owners) if owner is None]
    track = board.tracks[
        rng.choice(free) if free and rng.random() < 0.9 else rng.randrange(len(board.tracks))
    ]
    route = board.routes[track.route]
    colour = track.colour if route.is_double and rng.random() < 0.7 else None
    cards: Cards | None = None
    choice = rng.random()
    hand = player.hand.cards
    if choice < 0.55 and hand is not None:
        options = payments(hand, track.colour, track.length)
        cards = rng.choice(options) if options else None
    elif choice < 0.85:
        kinds = rng.sample(CARD_KINDS, rng.randint(1, 2))
        counts: dict[Colour, int] = {}
        for _ in range(track.length + rng.choice((0, 0, 0, 1, -1))):
            kind = rng.choice(kinds)
            counts[kind] = counts.get(kind, 0) + 1
        cards = Cards.of(counts)
    cards_span = _span(line, 30) if cards is not None and rng.random() < 0.7 else None
    return Claim(route, colour, cards, _span(line, 5), cards_span)


def random_tickets(
    position: Position, player: Player, rng: random.Random, line: int
) -> DrawTickets:
    deck = position.ticket_deck
    setup = rng.random() < 0.1
    if deck.order is not None and rng.random() < 0.85:
        drawn = deck.order[: rng.choice((3, 3, 3, 2, 1))]
    else:
        held = {t for p in position.players for t in (p.tickets.tickets or ())}
        pool = [t for t in position.board.tickets if t not in held]
        drawn = tuple(rng.sample(pool, min(len(pool), rng.choice((3, 3, 2)))))
    kept_count = rng.choice((0, 1, 1, 2, 2, 3))
    kept: tuple[Ticket, ...] = tuple(drawn[:kept_count])
    if rng.random() < 0.08 and drawn:
        kept = (*kept, drawn[0])
    if rng.random() < 0.2:
        return DrawTickets(
            None, None, len(drawn), len(kept), _span(line, 5), _span(line, 40), setup
        )
    return DrawTickets(drawn, kept, span=_span(line, 5), kept_span=_span(line, 40), setup=setup)


def random_turn(position: Position, rng: random.Random, line: int = 10) -> Turn:
    """A random turn for ``position`` (mostly by the player to move)."""
    colour = position.to_move if rng.random() < 0.9 else rng.choice(position.players).colour
    player = position.player(colour)
    actions: list[Action] = []
    count = rng.choices((1, 0, 2), weights=(20, 0.3, 1))[0]
    for k in range(count):
        kind = rng.choices(("draw", "claim", "tickets"), weights=(5, 5, 2))[0]
        if kind == "draw":
            actions.append(random_draw(position, rng, line + 1 + k))
        elif kind == "claim":
            actions.append(random_claim(position, player, rng, line + 1 + k))
        else:
            actions.append(random_tickets(position, player, rng, line + 1 + k))
    return Turn(colour, tuple(actions), _span(line, 1))


def blind_draws(position: Position, rng: random.Random) -> list[CardDraw]:
    """Two blind draws that say their card, so the hand stays known: the deck's top cards,
    or after a reshuffle (order unknown) cards of the deck's known contents."""
    deck, discards = position.deck, position.discards
    order = list(deck.order or ())
    pool = deck.cards  # the deck's contents, when known
    draws = []
    for k in range(2):
        if pool is None or pool.total == 0:  # the discards become the deck
            pool, order = (discards.cards if (deck.size or 0) <= k else pool), []
        card: Colour | None = None
        if order:
            card = order.pop(0)
        elif pool is not None and pool.total:
            card = rng.choice([c for c, n in pool.items() for _ in range(n)])
        if card is not None and pool is not None and pool.count(card):
            pool = pool.minus(Cards.from_list([card]))
        draws.append(CardDraw(Source.BLIND, card, None, _span(2, 5 + k)))
    return draws


def legal_turn(position: Position, rng: random.Random) -> Turn | None:
    """A legal turn for the player to move, built from what the position knows (used to play
    whole random games): a claim the hand pays for (often), else two blind cards (said, so the
    hand stays known: the deck's top card, or after a reshuffle a card of the deck's known
    contents), else a ticket draw; None when nothing is possible."""
    player = position.player(position.to_move)
    hand = player.hand.cards
    board = position.board
    options = []
    if hand is not None:
        for t, owner in enumerate(position.owners):
            track = board.tracks[t]
            if owner is not None or track.length > player.trains:
                continue
            route = board.routes[track.route]
            others = [position.owners[o] for o in route.tracks if o != t]
            small = len(position.players) <= 3
            if any(o is not None and (o is player.colour or small) for o in others):
                continue
            for paid in payments(hand, track.colour, track.length)[:1]:
                options.append(Claim(route, track.colour, paid, _span(1, 5)))
    deck, discards = position.deck, position.discards
    drawable = (deck.size or 0) + (discards.size or 0)
    if options and (rng.random() < 0.6 or drawable < 2):
        return Turn(player.colour, (rng.choice(options),), _span(1))
    if drawable >= 2:
        draws = blind_draws(position, rng)
        return Turn(player.colour, (DrawCards(tuple(draws), _span(2, 1)),), _span(2))
    tickets = position.ticket_deck.order
    if tickets:
        drawn = tickets[:3]
        return Turn(player.colour, (DrawTickets(drawn, drawn[:1], span=_span(3, 5)),), _span(3))
    return None


__all__ = ["blind_draws", "fresh_game", "legal_turn", "random_position", "random_turn"]


def fresh_game(board: Board, rng: random.Random, players: int | None = None) -> Position:
    """The start of a game after set-up: a shuffled deck whose order is known, four cards a
    player, five face up, three tickets kept a player (their order known), no route claimed.
    Playing :func:`legal_turn` from it reaches the end of the game."""
    count = players or rng.randint(2, 5)
    colours = rng.sample(list(PlayerColour), count)
    box = [c for c, n in FULL_DECK.items() for _ in range(n)]
    rng.shuffle(box)
    tickets = list(board.tickets)
    rng.shuffle(tickets)
    seated = []
    for colour in colours:
        hand = Cards.from_list(box[:4])
        del box[:4]
        held = [tickets.pop() for _ in range(3)]
        seated.append(Player(colour, 45, Hand.known(hand), HeldTickets.known(held)))
    display = Cards.from_list(box[:5])
    del box[:5]
    return validate(
        Position.start(
            board,
            seated,
            display=display,
            deck=Deck.ordered(box),
            discards=Discards(cards=Cards()),
            ticket_deck=TicketDeck(order=tuple(tickets)),
        )
    )
