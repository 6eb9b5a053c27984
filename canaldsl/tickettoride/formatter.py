"""The canonical layout of a Ticket to Ride file (``canaldsl fmt``).

One statement a line, blocks (``rules``, ``board``, ``player``, a turn of several actions)
with one item a line indented by two spaces, card lists as ``2 red, blue``, comments kept where
they were (before a statement, or at the end of its line). Formatting is idempotent, and the
formatted text parses to the same document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from canaldsl.syntaxtree import Comments, ExpectIllegal, ExpectLegal, KnownErrorDecl, RulebookDecl
from canaldsl.tickettoride import syntax as s

INDENT = "  "
_CITY = re.compile(
    r"[A-Z\u00c0-\u00de][A-Za-z0-9\u00c0-\u017f.'\u2019]*"
    r"( [A-Z\u00c0-\u00de][A-Za-z0-9\u00c0-\u017f.'\u2019]*)*"
)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def city(text: str) -> str:
    """A city name as written in a map: bare when it reads as one, else quoted."""
    return text if _CITY.fullmatch(text) else quote(text)


def cards(items: Iterable[s.CardItem]) -> str:
    return ", ".join(
        f"{c.count.value} {c.kind.text}" if c.count is not None else c.kind.text for c in items
    )


def tickets(items: Iterable[s.TicketRef]) -> str:
    return ", ".join(t.pair.text + (f" {t.points.value}" if t.points else "") for t in items)


def track(ref: s.TrackRef) -> str:
    parts = [ref.pair.text]
    if ref.colour is not None:
        parts.append(ref.colour.text)
    if ref.slot is not None:
        parts.append(str(ref.slot.value))
    return " ".join(parts)


def _with_comments(lines: list[str], comments: Comments, indent: str) -> list[str]:
    out = [f"{indent}{c}" for c in comments.leading]
    first = lines[0]
    if comments.trailing:
        first = f"{first}  {comments.trailing}"
    out.append(first)
    out.extend(lines[1:])
    return out


def _block(
    head: str, items: list[tuple[str, Comments]], footer: tuple[str, ...], indent: str
) -> list[str]:
    if not items and not footer:
        return [f"{indent}{head} {{}}"]
    lines = [f"{indent}{head} {{"]
    inner = indent + INDENT
    for text, comments in items:
        lines.extend(_with_comments([f"{inner}{text}"], comments, inner))
    lines.extend(f"{inner}{c}" for c in footer)
    lines.append(f"{indent}}}")
    return lines


def rules_item(item: s.OptionSetting | s.PlayersSetting) -> str:
    if isinstance(item, s.PlayersSetting):
        return f"players {item.count.value}"
    return f"option {item.name.text} = {item.value.text}"


def board_item(item: s.BoardItem) -> str:
    if isinstance(item, s.TitleItem):
        return f"title {quote(item.title.text)}"
    if isinstance(item, s.TicketSetItem):
        return f"tickets {item.year.value}"
    if isinstance(item, s.CityItem):
        text = f"city {city(item.name.text)}"
        if item.at is not None:
            text += f" at {item.at[0]} {item.at[1]}"
        if item.also:
            text += " also " + ", ".join(city(a.text) for a in item.also)
        return text
    if isinstance(item, s.RouteItem):
        colours = " ".join(c.text for c in item.colours)
        return f"route {item.pair.text} {item.length.value} {colours}"
    return f"ticket {item.pair.text} {item.points.value}"


def player_item(item: s.PlayerItem) -> str:
    if isinstance(item, s.TrainsItem):
        return f"trains {item.count.value}"
    if isinstance(item, s.HandItem):
        if item.size is not None:
            return f"hand {item.size.value} cards"
        if item.cards is None:
            return "hand unknown"
        return f"hand {cards(item.cards)}".rstrip()
    if isinstance(item, s.TicketsItem):
        if item.count is not None:
            return f"tickets {item.count.value}"
        if item.tickets is None:
            return "tickets unknown"
        return f"tickets {tickets(item.tickets)}" if item.tickets else "tickets none"
    if not item.tracks:
        return "routes none"
    return "routes " + ", ".join(track(t) for t in item.tracks)


def action(item: s.Action) -> str:
    if isinstance(item, s.DrawAction):
        steps = []
        for step in item.draws:
            if step.face_up:
                assert step.card is not None
                text = f"face-up {step.card.text}"
                if step.revealing is not None:
                    text += " revealing " + " ".join(r.text for r in step.revealing)
            else:
                text = "blind" + (f" {step.card.text}" if step.card is not None else "")
            steps.append(text)
        return "draw " + ", ".join(steps)
    if isinstance(item, s.ClaimAction):
        text = f"claim {track(item.track)}"
        if item.payment is not None:
            text += f" with {cards(item.payment)}"
        return text
    text = ("setup " if item.setup else "") + "tickets "
    if item.drew is not None:
        text += f"drew {tickets(item.drew)} "
    text += "keep "
    if item.kept_count is not None:
        text += f"{item.kept_count[0].value} of {item.kept_count[1].value}"
    else:
        text += tickets(item.kept or ()) or "none"
    if item.returned:
        text += f" return {tickets(item.returned)}"
    return text


def _answer(parts: tuple[s.AnswerPart, ...]) -> str:
    text = ""
    for part in parts:
        if part.kind == "sep":
            text += ","
        else:
            text += (" " if text else "") + part.text
    return text


def expectation(item: s.Statement) -> str | None:
    if isinstance(item, ExpectLegal):
        return "expect legal"
    if isinstance(item, ExpectIllegal):
        rules = " ".join(r.text for r in item.rules)
        return ("expect illegal " + ("only " if item.only else "") + rules).rstrip()
    if isinstance(item, s.ExpectScore):
        return f"expect score {item.player.text} {item.points.value}"
    if isinstance(item, s.ExpectTrains):
        return f"expect trains {item.player.text} {item.count.value}"
    if isinstance(item, s.ExpectWinner):
        return "expect winner " + ", ".join(p.text for p in item.players)
    if isinstance(item, s.ExpectFinalScores):
        return "expect final scores " + ", ".join(f"{p.text} {n.value}" for p, n in item.scores)
    if isinstance(item, s.ExpectCompleted):
        return f"expect completed {item.player.text} {tickets(item.tickets) or 'none'}"
    if isinstance(item, s.ExpectLastRound):
        return "expect last-round"
    if isinstance(item, s.ExpectGameOver):
        return "expect game-over"
    if isinstance(item, s.ExpectHand):
        return f"expect hand {item.player.text} {cards(item.cards) or 'none'}"
    return None


def statement_lines(st: s.Statement) -> list[str]:
    """A statement in the canonical layout, comments included."""
    if isinstance(st, s.RulesDecl):
        head = f"rules {st.name.text}"
        if st.block:
            lines = _block(head, [(rules_item(i), i.comments) for i in st.items], st.footer, "")
        else:
            lines = [head]
    elif isinstance(st, s.BoardDecl):
        head = f"board {quote(st.name.text) if st.quoted else st.name.text}"
        if st.block:
            lines = _block(head, [(board_item(i), i.comments) for i in st.items], st.footer, "")
        else:
            lines = [head]
    elif isinstance(st, s.PlayerDecl):
        head = f"player {st.colour.text}"
        lines = _block(head, [(player_item(i), i.comments) for i in st.items], st.footer, "")
    elif isinstance(st, s.TurnDecl):
        head = f"turn {st.player.text}"
        if st.block:
            lines = _block(head, [(action(a), a.comments) for a in st.actions], st.footer, "")
        else:
            lines = [f"{head} {action(st.actions[0])}"]
    elif isinstance(st, s.FaceUpDecl):
        lines = [f"face-up {cards(st.cards)}"]
    elif isinstance(st, s.DeckDecl):
        if st.size is not None:
            lines = [f"deck {st.size.value}"]
        elif st.order:
            lines = [f"deck order {cards(st.order)}"]
        elif st.cards:
            lines = [f"deck cards {cards(st.cards)}"]
        else:
            lines = ["deck 0"]
    elif isinstance(st, s.DiscardsDecl):
        if st.size is not None:
            lines = [f"discards {st.size.value}"]
        else:
            lines = [f"discards cards {cards(st.cards)}" if st.cards else "discards none"]
    elif isinstance(st, s.TicketDeckDecl):
        if st.size is not None:
            lines = [f"ticket-deck {st.size.value}"]
        else:
            lines = [f"ticket-deck order {tickets(st.order or ())}"]
    elif isinstance(st, s.ToMoveDecl):
        lines = [f"to-move {st.player.text}"]
    elif isinstance(st, s.LastRoundDecl):
        text = f"last-round by {st.by.text}"
        if st.then:
            text += " then " + ", ".join(p.text for p in st.then)
        lines = [text]
    elif isinstance(st, s.GameOverDecl):
        lines = ["game-over"]
    elif isinstance(st, s.QueryDecl):
        text = f"query {st.kind.text}"
        if st.subject is not None:
            text += f" {st.subject.text}"
        if st.player is not None:
            text += f" for {st.player.text}"
        if st.answer is not None:
            text += f": {_answer(st.answer)}"
        lines = [text]
    elif isinstance(st, RulebookDecl):
        lines = [
            f"rulebook {st.translation.text} section {quote(st.section.text)} "
            f"example {st.example.text}"
        ]
    elif isinstance(st, KnownErrorDecl):
        lines = [f"known-error {quote(st.reason.text)}"]
    else:
        written = expectation(st)
        assert written is not None, st
        lines = [written]
    return _with_comments(lines, st.comments, "")


def format_document(document: s.Document) -> str:
    """The whole document in the canonical layout."""
    out: list[str] = []
    for st in document.statements:
        out.extend(statement_lines(st))
    out.extend(document.footer)
    return "\n".join(out) + "\n" if out else ""
