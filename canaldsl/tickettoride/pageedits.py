"""Setting up a Ticket to Ride position by clicking: each click changes the file's TEXT.

The page of ``canaldsl serve`` sends one click (:class:`canaldsl.pagehooks.PageEdit`); this
module finds where it belongs from the spans of the parsed file and returns the text changed
as little as it can be (comments and layout elsewhere stay as written).

- ``claim`` on a route (``data-route``: the track's label, ``Boston-Montreal grey 1``): the
  current turn claims that track with as many cards of the palette's colour as the track is
  long (``locomotive``: as many locomotives). The current turn is the file's last turn; with
  no turn, a new turn of the player to move is written before the file's expectations. A
  track the current turn already claims is taken out again (a one-claim turn is removed).
  A second claim turns the turn into a block (``turn red { ... }``), which the referee judges.
- ``card`` (a palette button): one card of that colour more in the mover's ``hand`` (the
  player of the file's last turn, else the player to move).
"""

from __future__ import annotations

from canaldsl.pagehooks import EditRefused, TextSpans
from canaldsl.syntaxtree import ExpectIllegal, ExpectLegal
from canaldsl.tickettoride import syntax as s
from canaldsl.tickettoride.colours import Colour

CARD_COLOURS = tuple(c.value for c in Colour if c is not Colour.GREY)
"""The palette's train card colours (the eight colours and the locomotive)."""


def card_colour(word: str) -> Colour:
    """A palette choice as a card colour (EditRefused when it names none)."""
    if not word:
        raise EditRefused("no card colour chosen; choose the cards to pay with in the palette")
    try:
        colour = Colour(word)
    except ValueError:
        raise EditRefused(
            f"{word!r} is no train card; choose one of {', '.join(CARD_COLOURS)}"
        ) from None
    if colour is Colour.GREY:
        raise EditRefused("grey is a colour of routes, not of cards; choose a card colour")
    return colour


_FOLLOWERS = (
    s.QueryDecl,
    ExpectLegal,
    ExpectIllegal,
    s.ExpectScore,
    s.ExpectTrains,
    s.ExpectWinner,
    s.ExpectFinalScores,
    s.ExpectCompleted,
    s.ExpectLastRound,
    s.ExpectGameOver,
    s.ExpectHand,
)
"""What a new turn is written before: the file's expectations and queries."""


def _turns(document: s.Document) -> list[s.TurnDecl]:
    return [st for st in document.statements if isinstance(st, s.TurnDecl)]


def claim(
    text: str,
    document: s.Document,
    *,
    track: int,
    label: str,
    length: int,
    mover: str,
    colour: Colour,
    claimed: list[int | None],
) -> str:
    """``text`` with the current turn claiming (or no longer claiming) ``track``.
    ``claimed``: the track each claim of the last turn names (None: not resolved)."""
    where = TextSpans(text)
    turns = _turns(document)
    line = f"claim {label} with {length} {colour.value}"
    if not turns:
        return _append_turn(where, document, f"turn {mover} {line}\n")
    turn = turns[-1]
    claims = [a for a in turn.actions if isinstance(a, s.ClaimAction)]
    for action, resolved in zip(claims, claimed, strict=False):
        if resolved == track:
            return _remove_action(where, turn, action)
    return _add_action(where, turn, line)


def _append_turn(where: TextSpans, document: s.Document, block: str) -> str:
    """A new turn before the file's expectations and queries that follow its position."""
    text = where.text
    for statement in document.statements:
        if isinstance(statement, _FOLLOWERS):
            at = where.line_start(where.start(statement.span))
            return text[:at] + block + text[at:]
    tail = text.rstrip("\n")
    return tail + ("\n" if tail else "") + block


def _add_action(where: TextSpans, turn: s.TurnDecl, line: str) -> str:
    text = where.text
    start, end = where.start(turn.span), where.end(turn.span)
    if not turn.block:
        (only,) = turn.actions
        body = f"turn {turn.player.text} {{\n  {where.of(only.span)}\n  {line}\n}}"
        return text[:start] + body + text[end:]
    close = text.rindex("}", start, end)
    before = text[:close].rstrip(" \t")
    gap = "" if before.endswith("\n") else "\n"
    return before + gap + f"  {line}\n" + text[close:]


def _remove_action(where: TextSpans, turn: s.TurnDecl, action: s.ClaimAction) -> str:
    text = where.text
    start, end = where.start(turn.span), where.end(turn.span)
    rest = [a for a in turn.actions if a is not action]
    if not rest:
        return text[: where.line_start(start)] + text[where.line_end(end) :]
    if len(rest) == 1:
        single = f"turn {turn.player.text} {where.of(rest[0].span)}"
        return text[:start] + single + text[end:]
    at = where.start(action.span)
    return text[: where.line_start(at)] + text[where.line_end(at) :]


def add_card(text: str, document: s.Document, *, mover: str, colour: Colour) -> str:
    """One card of ``colour`` more in ``mover``'s hand."""
    where = TextSpans(text)
    players = [
        st
        for st in document.statements
        if isinstance(st, s.PlayerDecl) and st.colour.text.casefold() == mover.casefold()
    ]
    if not players:
        raise EditRefused(f"the text declares no player {mover}; write `player {mover} {{ }}`")
    player = players[-1]
    hands = [item for item in player.items if isinstance(item, s.HandItem)]
    if not hands:
        start, end = where.start(player.span), where.end(player.span)
        brace = text.find("{", start, end)
        if brace < 0:
            at = end
            return text[:at] + f" {{\n  hand {colour.value}\n}}" + text[at:]
        return text[: brace + 1] + f"\n  hand {colour.value}" + text[brace + 1 :]
    hand = hands[-1]
    if hand.cards is None:
        raise EditRefused(
            f"{mover}'s hand is not written card by card; write its cards "
            f"(`hand 2 blue, locomotive`) first"
        )
    for item in hand.cards:
        if item.kind.text.casefold() == colour.value:
            if item.count is None:
                return where.replace(item.kind.span, f"2 {item.kind.text}")
            return where.replace(item.count.span, str(item.count.value + 1))
    last = hand.cards[-1]
    return (
        where.text[: where.end(last.kind.span)]
        + f", {colour.value}"
        + text[where.end(last.kind.span) :]
    )


__all__ = ["CARD_COLOURS", "add_card", "card_colour", "claim"]
