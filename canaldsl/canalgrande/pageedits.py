"""Setting up a Canal Grande position by clicking: each click changes the file's TEXT.

The page of ``canaldsl serve`` sends one click (:class:`canaldsl.pagehooks.PageEdit`: the
mode, what was clicked, the card chosen in the palette); this module finds where in the text
it belongs from the spans of the parsed file and returns the text changed as little as it can
be (comments and layout elsewhere stay as written), so ``canaldsl check`` reads the same.

- ``hand`` on a player: one card more in that player's ``hand`` (a number card goes to the
  player's ``numbers``); the line is written when the player has none.
- ``offer`` on offer 1 or 2: the chosen card goes into that offer of the position's
  ``offers:``, taken from the other offer when it lies there. Cards ``turned up:`` and not yet
  split become the offers: the card goes to the offer clicked, the rest to the other.
- ``play`` on a player: the file's last vote gets the card played by that player (added to
  that player's play when the vote's last step is theirs, else a new ``plays`` line); with no
  vote in the file, a disputed vote on the card's district is written at the end.
"""

from __future__ import annotations

from collections.abc import Iterator

from canaldsl.canalgrande import syntax as s
from canaldsl.canalgrande.cards import Card, NumberCard, UnknownNameError, card_named
from canaldsl.diagnostics import Span
from canaldsl.pagehooks import EditRefused, PageEdit, TextSpans

NUMBERS = tuple(str(int(n)) for n in NumberCard)
CARDS = tuple(c.value for c in Card)
"""The palette's choices: every action card, then the number cards."""


class _Text(TextSpans):
    """The text with its spans (:class:`canaldsl.pagehooks.TextSpans`), and where a line goes
    inside a block."""

    def indent_of(self, span: Span) -> str:
        line = self.text[self.starts[span.line - 1] :]
        return line[: len(line) - len(line.lstrip(" \t"))]

    def before_closing_brace(self, block: Span, line: str) -> str:
        """``line`` added as the last line inside the block ``block`` (which ends with ``}``),
        indented one step more than the block."""
        close = self.end(block) - 1
        indent = self.indent_of(block) + "  "
        head = self.text.rfind("\n", 0, close) + 1
        if self.text[head:close].strip():  # `}` shares its line with code: break it
            return self.insert(close, f"\n{indent}{line}\n{self.indent_of(block)}")
        return self.insert(head, f"{indent}{line}\n")


def edit_text(text: str, document: s.Document, edit: PageEdit) -> str:
    """``text`` changed by one click (EditRefused, saying why and what to do, when it cannot)."""
    if not edit.kind:
        raise EditRefused("no card chosen; choose a card in the palette, then click")
    if edit.action == "hand":
        return _hand(_Text(text), document, edit.target, edit.kind)
    if edit.action == "offer":
        return _offer(_Text(text), document, edit.target, edit.kind)
    if edit.action == "play":
        return _play(_Text(text), document, edit.target, edit.kind)
    raise EditRefused(f"unknown action {edit.action!r}; the actions are hand, offer and play")


def _card(kind: str) -> Card:
    try:
        return card_named(kind)
    except UnknownNameError as exc:
        raise EditRefused(f"{exc}; choose a card in the palette") from None


def _player(document: s.Document, name: str) -> s.PlayerDecl:
    for statement in document.statements:
        if isinstance(statement, s.PlayerDecl) and statement.name.text == name:
            return statement
    raise EditRefused(
        f"the text has no `player {name} {{ ... }}`; click a player the text describes"
    )


def _field(player: s.PlayerDecl, key: str) -> s.PlayerField | None:
    return next((f for f in player.fields if f.key == key), None)


def _written(item: s.Item, count: int) -> str:
    return f"{count} {item.text}" if count > 1 else item.text


# ------------------------------------------------------------------ hand


def _hand(text: _Text, document: s.Document, name: str, kind: str) -> str:
    player = _player(document, name)
    if kind in NUMBERS:
        return _numbers(text, player, kind)
    card = _card(kind)
    hand = _field(player, "hand")
    if hand is None:
        return text.before_closing_brace(player.span, f"hand {card.value}")
    if not hand.items:  # `hand none`
        return text.replace(hand.span, f"hand {card.value}")
    for item in hand.items:
        if item.kind == "card" and _same(item, card):
            return text.replace(item.span, _written(item, (item.count or 1) + 1))
    return text.insert(text.end(hand.items[-1].span), f", {card.value}")


def _same(item: s.Item, card: Card) -> bool:
    try:
        return card_named(item.text) is card
    except UnknownNameError:
        return False


def _numbers(text: _Text, player: s.PlayerDecl, value: str) -> str:
    if _field(player, "total") is not None:
        raise EditRefused(
            f"{player.name.text}'s number cards are given as a `total`; write them as "
            "`numbers ...` instead to add one by clicking"
        )
    numbers = _field(player, "numbers")
    if numbers is None:
        return text.before_closing_brace(player.span, f"numbers {value}")
    if not numbers.items:  # `numbers none`
        return text.replace(numbers.span, f"numbers {value}")
    return text.insert(text.end(numbers.items[-1].span), f", {value}")


# ------------------------------------------------------------------ offers


def _table(document: s.Document, kind: str) -> s.TableDecl | None:
    return next(
        (t for t in document.statements if isinstance(t, s.TableDecl) and t.kind == kind), None
    )


def _entries(offer: s.Offer) -> list[tuple[s.Item, int]]:
    return [(item, item.count or 1) for item in offer.items]


def _take(entries: list[tuple[s.Item, int]], kind: str) -> bool:
    """One card ``kind`` taken out of ``entries`` (False when none is there)."""
    for index, (item, count) in enumerate(entries):
        if _matches(item, kind):
            if count > 1:
                entries[index] = (item, count - 1)
            else:
                del entries[index]
            return True
    return False


def _matches(item: s.Item, kind: str) -> bool:
    if kind in NUMBERS:
        return item.kind == "number" and item.text == kind
    return item.kind == "card" and _same(item, card_named(kind))


def _put(entries: list[tuple[s.Item, int]], kind: str) -> list[str]:
    """The offer's cards as written, with one card ``kind`` more."""
    written = [_written(item, count) for item, count in entries]
    if kind not in NUMBERS:
        for index, (item, count) in enumerate(entries):
            if _matches(item, kind):
                written[index] = _written(item, count + 1)
                return written
    numbers_from = next((i for i, (item, _) in enumerate(entries) if item.kind == "number"), None)
    at = len(written) if kind in NUMBERS or numbers_from is None else numbers_from
    return [*written[:at], kind, *written[at:]]


def _offer_text(cards: list[str]) -> str:
    return "[" + ", ".join(cards) + "]"


def _offer(text: _Text, document: s.Document, target: str, kind: str) -> str:
    if target not in ("1", "2"):
        raise EditRefused(f"there is no offer {target!r}; click offer 1 or offer 2")
    if kind not in NUMBERS:
        kind = _card(kind).value
    index = int(target) - 1
    offers = _table(document, "offers")
    if offers is not None and len(offers.offers) == 2:
        mine = _entries(offers.offers[index])
        other = _entries(offers.offers[1 - index])
        _take(other, kind)
        new = [_offer_text(_put(mine, kind)), _offer_text([_written(i, n) for i, n in other])]
        if index == 1:
            new.reverse()
        return text.replace(offers.span, "offers: " + " ".join(new))
    turned = _table(document, "turned up")
    if turned is not None and turned.offers:
        rest = _entries(turned.offers[0])
        if not _take(rest, kind):
            raise EditRefused(
                f"no {kind} among the cards turned up; choose one of them in the palette, or "
                "add it to `turned up:` in the text"
            )
        new = [_offer_text([kind]), _offer_text([_written(i, n) for i, n in rest])]
        if index == 1:
            new.reverse()
        return text.replace(turned.span, "offers: " + " ".join(new))
    new = [_offer_text([kind]), "[]"]
    if index == 1:
        new.reverse()
    return text.insert(_after_position(text, document), "offers: " + " ".join(new) + "\n")


def _after_position(text: _Text, document: s.Document) -> int:
    """Where a new position statement goes: after the last one before the first turn, vote,
    expectation or query (the start of the next line)."""
    last: s.Statement | None = None
    for statement in document.statements:
        if isinstance(statement, s.TurnDecl | s.VoteBlock | s.ExpectDecl | s.QueryDecl):
            break
        last = statement
    if last is None:
        return 0
    end = text.end(last.span)
    newline = text.text.find("\n", end)
    return len(text.text) if newline < 0 else newline + 1


# ------------------------------------------------------------------ votes


def _votes(document: s.Document) -> Iterator[s.VoteBlock]:
    """Every vote block of the file, in order (disputed votes and votes inside turns)."""
    for statement in document.statements:
        if isinstance(statement, s.VoteBlock):
            yield statement
        elif isinstance(statement, s.TurnDecl):
            actions = [a for phase in statement.phases for a in phase.actions]
            if statement.round_end is not None:
                actions += statement.round_end.actions
            yield from (a for a in actions if isinstance(a, s.VoteBlock))


def _play(text: _Text, document: s.Document, name: str, kind: str) -> str:
    _player(document, name)
    if kind in NUMBERS:
        raise EditRefused(
            "a number card is never played in a vote; choose a district card or a gondola"
        )
    card = _card(kind)
    votes = list(_votes(document))
    if not votes:
        district = card.district
        if district is None:
            raise EditRefused(
                f"the file has no vote yet, and a vote opens with a district card, not a {card}; "
                "choose a district card"
            )
        block = f"vote by {name} on {district.value} {{\n  {name} plays {card.value}\n}}\n"
        return text.text + ("" if text.text.endswith("\n") or not text.text else "\n") + block
    vote = votes[-1]
    last = vote.steps[-1] if vote.steps else None
    if last is not None and last.player.text == name and last.cards:
        item = last.cards[-1]
        if item.kind == "card" and _same(item, card):
            return text.replace(item.span, _written(item, (item.count or 1) + 1))
        return text.insert(text.end(item.span), f", {card.value}")
    return text.before_closing_brace(vote.span, f"{name} plays {card.value}")


__all__ = ["CARDS", "NUMBERS", "edit_text"]
