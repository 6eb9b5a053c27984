"""Ticket to Ride's rule registry: the rule book, its sections and its switches.

Every rule of the game is a check or an effect registered on :data:`BOOK` by the modules
``checks_*`` and ``effects``; :func:`canaldsl.tickettoride.registry.all_rules` imports them.
The one rulebook cited is the Italian text of the 10th anniversary edition (key ``it``). Its
layout was mangled by text extraction: headings and paragraphs are out of order. Sections are
cited by the headings the text prints, each paragraph under the heading it belongs to by its
content (the sentence index, ``data/rulebook-it-sentences.toml``, records each sentence's
section).

Where the text can be read two ways, the reading is a :class:`~canaldsl.rules.Switch` with a
default; a position's ``settings`` may choose another value.
"""

from __future__ import annotations

from collections.abc import Mapping

from canaldsl.rules import RuleBook, Switch

BASE = "base"
"""The one rule set: the base game as the Italian text gives it."""

IT = "it"
RULEBOOK_IT = (
    "Ticket to Ride, 10th anniversary edition: Italian rulebook "
    "(Days of Wonder, 2014; distributed in Italy by Asterion Press)"
)

BOOK = RuleBook(
    "tickettoride",
    title="Ticket to Ride (USA map)",
    rulebooks={IT: RULEBOOK_IT},
    rule_sets=(BASE,),
)

# The sections, as the Italian text titles them.
CONTENTS = "Contenuto"
SETUP = "Preparazione del gioco"
OBJECT = "Obiettivo del gioco"
TURN = "Il turno di gioco"
DRAW_CARDS = "Pescare Carte Treno"
CLAIM = "Controllare una Linea"
DOUBLES_NOTE = "Controllare una Linea (Nota Importante)"
ROUTE_TABLE = "Tabella dei Punteggi delle Linee"
DRAW_TICKETS = "Pescare Biglietti Destinazione"
GAME_END = "Fine della partita"
SCORING = "Calcolo dei Punteggi"

SECTIONS = (
    CONTENTS,
    SETUP,
    OBJECT,
    TURN,
    DRAW_CARDS,
    CLAIM,
    DOUBLES_NOTE,
    ROUTE_TABLE,
    DRAW_TICKETS,
    GAME_END,
    SCORING,
)


def it(section: str) -> dict[str, str | None]:
    """The ``sections`` argument of a rule stated in one section of the Italian text."""
    if section not in SECTIONS:
        raise ValueError(f"not a section of the Italian text: {section!r}")
    return {IT: section}


SECOND_FACE_UP_LOCOMOTIVE = BOOK.switch(
    Switch(
        name="second-face-up-locomotive",
        values=("forbidden", "replacement-only"),
        defaults={BASE: "forbidden"},
        summary="May a face-up locomotive be taken as the second card of a draw?",
        sources=(
            "Pescare Carte Treno says both that whoever takes a face-up locomotive takes only "
            "that one card, and that a locomotive turned up as the replacement of the first "
            "card cannot be taken. 'forbidden': no face-up locomotive is ever a second card "
            "(the first statement). 'replacement-only': only the locomotive just turned up "
            "as the replacement is barred (the second statement read alone)."
        ),
    )
)

DISPLAY_STALEMATE = BOOK.switch(
    Switch(
        name="locomotive-display-stalemate",
        values=("keep", "wipe-once"),
        defaults={BASE: "keep"},
        summary=(
            "What happens to three face-up locomotives when the deck and discards cannot "
            "give a display with fewer?"
        ),
        sources=(
            "Pescare Carte Treno discards all five face-up cards whenever three are "
            "locomotives, and says nothing of the case where too few other cards are left "
            "for that ever to stop. 'keep': when the cards left (deck, discards and display) "
            "hold fewer than three that are not locomotives, the display stays as it is. "
            "'wipe-once': the five are discarded and replaced once more, then the display "
            "stays whatever it shows. Checked only where those cards are known."
        ),
    )
)

SHORT_TICKET_DECK = BOOK.switch(
    Switch(
        name="short-ticket-deck",
        values=("draw-remaining", "forbidden"),
        defaults={BASE: "draw-remaining"},
        summary="May a player draw tickets when fewer than three are left?",
        sources=(
            "Pescare Biglietti Destinazione: with fewer than three tickets left the player "
            "draws only those ('draw-remaining', the text). 'forbidden' is the house rule "
            "that the action needs three tickets."
        ),
    )
)

SMALL_GAME_DOUBLES = BOOK.switch(
    Switch(
        name="small-game-doubles",
        values=("one-track", "both-tracks"),
        defaults={BASE: "one-track"},
        summary="In a 2- or 3-player game, may both tracks of a double route be claimed?",
        sources=(
            "Controllare una Linea (Nota Importante): with two or three players only one "
            "track of a double route may be used; once one is claimed the other is closed "
            "('one-track', the text, for grey doubles as for coloured ones). 'both-tracks': "
            "the house rule playing doubles as with four or five players (never both by one "
            "player)."
        ),
    )
)

EXHAUSTED_DECK_FACE_UP = BOOK.switch(
    Switch(
        name="exhausted-deck-face-up",
        values=("forbidden", "allowed"),
        defaults={BASE: "forbidden"},
        summary="With the deck and the discards both empty, may face-up cards still be taken?",
        sources=(
            "Pescare Carte Treno: when no card is left in the deck and no discards can be "
            "shuffled, a player cannot draw train cards and must claim a route or draw "
            "tickets ('forbidden', the text read as written). 'allowed': the face-up cards "
            "still lying there may be taken (they are not replaced)."
        ),
    )
)

STOP_AFTER_ONE_CARD = BOOK.switch(
    Switch(
        name="stop-after-one-card",
        values=("forbidden", "allowed"),
        defaults={BASE: "forbidden"},
        summary="May a player draw one train card and stop when a second could be drawn?",
        sources=(
            "Il turno di gioco: the player 'può pescare' (may draw) two cards, then draws "
            "the second. 'forbidden': the action is drawing two cards (one only after a "
            "face-up locomotive or when no second card can be drawn). 'allowed': 'may' read "
            "as 'up to two'."
        ),
    )
)

LONGEST_WITHOUT_ROUTES = BOOK.switch(
    Switch(
        name="longest-route-without-routes",
        values=("no-bonus", "bonus"),
        defaults={BASE: "no-bonus"},
        summary="Does the longest-route bonus go to players tied with no route at all?",
        sources=(
            "Calcolo dei Punteggi gives the bonus to the player with the longest continuous "
            "route and to every player tied for it; it does not say what happens when no one "
            "has claimed a route. 'no-bonus': a player without routes has no route to be the "
            "longest. 'bonus': everyone tied at zero gets the 10 points."
        ),
    )
)


def switch_values(settings: Mapping[str, str]) -> Mapping[str, str]:
    """Every switch's value: ``settings`` where given, else its default; an unknown switch or
    value raises ValueError."""
    for name, value in settings.items():
        switch = BOOK.switches.get(name)
        if switch is None:
            raise ValueError(f"unknown switch {name!r} (known: {', '.join(sorted(BOOK.switches))})")
        if value not in switch.values:
            raise ValueError(f"switch {name}: {value!r} is not one of {', '.join(switch.values)}")
    return BOOK.resolve_switches(BASE, settings)
