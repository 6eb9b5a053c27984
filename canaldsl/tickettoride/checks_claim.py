"""Rules of claiming a route: a free track, the right cards, enough trains, double routes."""

from __future__ import annotations

from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import Colour, PlayerColour
from canaldsl.tickettoride.rulebook import BOOK, CLAIM, DOUBLES_NOTE, TURN, it


@BOOK.rule("claim.free-track", title="Only a free route", sections=it(CLAIM))
def free_track(*, owner: PlayerColour | None, track: str) -> str | None:
    """A player may claim any route on the board that no one has claimed."""
    if owner is None:
        return None
    return f"{track} is already {owner}'s"


@BOOK.rule(
    "route.double-same-player", title="Never both tracks of a double route", sections=it(CLAIM)
)
def double_same_player(*, player: PlayerColour, other_owner: PlayerColour | None) -> str | None:
    """No player may claim both tracks of a double route (two routes joining the same two
    cities) in the same game."""
    if other_owner is not player:
        return None
    return f"{player} already has the other track of this double route"


@BOOK.rule(
    "route.double-small-game",
    title="One track of a double route with 2-3 players",
    sections=it(DOUBLES_NOTE),
)
def double_small_game(
    *, players: int, other_owner: PlayerColour | None, reading: str
) -> str | None:
    """In a game of two or three players only one track of each double route can be used:
    once either is claimed, the other is closed for the rest of the game. (Switch
    small-game-doubles.)"""
    if players > 3 or other_owner is None or reading == "both-tracks":
        return None
    return (
        f"with {players} players only one track of a double route is used, "
        f"and {other_owner} has the other one"
    )


@BOOK.rule("claim.length", title="As many cards as spaces", sections=it(CLAIM))
def length(*, paid: int, spaces: int) -> str | None:
    """Claiming a route takes as many train cards as the route has spaces."""
    if paid == spaces:
        return None
    return f"{paid} card(s) paid for a route of {spaces} space(s)"


@BOOK.rule("claim.colour", title="Cards of the route's colour", sections=it(CLAIM))
def colour(*, track_colour: Colour, paid: Cards) -> str | None:
    """A coloured route takes cards of its own colour; locomotives are wild and may stand in
    for any of them (even all of them)."""
    if track_colour is Colour.GREY:
        return None
    wrong = [c for c in paid.colours_used() if c is not track_colour]
    if not wrong:
        return None
    article = "an" if str(track_colour)[0] in "aeiou" else "a"
    return (
        f"{article} {track_colour} route takes {track_colour} cards or locomotives, not {wrong[0]}"
    )


@BOOK.rule("claim.grey-one-colour", title="A grey route: any one colour", sections=it(CLAIM))
def grey_one_colour(*, track_colour: Colour, paid: Cards) -> str | None:
    """A grey route takes cards of any one colour (all of the same colour); locomotives are
    wild and may stand in for any of them."""
    if track_colour is not Colour.GREY:
        return None
    used = paid.colours_used()
    if len(used) <= 1:
        return None
    return f"a grey route takes cards of one colour, not {' and '.join(map(str, used))}"


@BOOK.rule("claim.cards-in-hand", title="Pay with cards held", sections=it(CLAIM))
def cards_in_hand(*, paid: Cards, hand: Cards | None, hand_size: int | None) -> str | None:
    """The cards played to claim a route come from the player's hand (checked in full when the
    hand is known, by number when only its size is)."""
    if hand is not None:
        if hand.contains(paid):
            return None
        short = [f"{n - hand.count(c)} {c}" for c, n in paid.items() if n > hand.count(c)]
        return f"not in hand: {', '.join(short)} (the hand holds {hand})"
    if hand_size is not None and paid.total > hand_size:
        return f"{paid.total} cards paid from a hand of {hand_size}"
    return None


@BOOK.rule("claim.trains", title="A train on every space", sections=it(TURN))
def trains(*, trains_left: int, spaces: int) -> str | None:
    """A claimed route gets one of the player's trains on each of its spaces, so a player
    needs at least as many trains left as the route has spaces."""
    if trains_left >= spaces:
        return None
    return f"{spaces} trains needed, {trains_left} left"
