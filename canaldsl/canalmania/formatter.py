"""The canonical layout of a Canal Mania file.

:func:`format_document` is idempotent and loses nothing: parsing its output gives a document
equal to the input (comments included). Layout: two-space indents, one statement a line, a
blank line around blocks, names quoted only when they must be, long lists wrapped after commas.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from canaldsl.canalmania import syntax as s

INDENT = "  "
WIDTH = 100

_BARE = re.compile(r"^[A-Za-z_][A-Za-z0-9_']*$")
_HEX_LIKE = re.compile(r"^[A-Z]{1,2}[0-9]{1,3}$")
KEYWORDS = frozenset(
    [
        "rulebook",
        "section",
        "example",
        "known-error",
        "rules",
        "players",
        "option",
        "board",
        "title",
        "grid",
        "x",
        "map",
        "city",
        "town",
        "at",
        "marked",
        "hex",
        "contract",
        "between",
        "and",
        "via",
        "value",
        "starting",
        "player",
        "engineer",
        "score",
        "hand",
        "supply",
        "junctions",
        "canal",
        "completed",
        "barge",
        "junction",
        "recent",
        "parliament",
        "contract-deck",
        "display",
        "deck",
        "discard-pile",
        "cubes",
        "none",
        "basin",
        "engineers",
        "aside",
        "now",
        "phase",
        "round",
        "endgame",
        "triggered",
        "in",
        "turn",
        "take",
        "then",
        "reveal",
        "exchange",
        "with",
        "for",
        "discard",
        "from",
        "refill",
        "draw",
        "announce",
        "place",
        "remove",
        "cube",
        "build",
        "move",
        "tiles",
        "pass",
        "expect",
        "legal",
        "illegal",
        "winner",
        "final",
        "scores",
        "query",
        "points",
        "yes",
        "no",
        "cards",
        "unique",
    ]
)


def quote(name: str) -> str:
    """A name as the language writes it: bare when it can be, else double-quoted."""
    if _BARE.match(name) and name not in KEYWORDS and not _HEX_LIKE.match(name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _join(items: Iterable[str]) -> str:
    return ", ".join(items)


def _card(card: s.Card) -> str:
    return f"{card.kind.text}/{card.symbol.text}" if card.symbol else card.kind.text


def _cubes(places: Sequence[s.Ref]) -> str:
    return "cubes at " + _join(quote(p.text) for p in places) if places else "cubes none"


def _counts(counts: Sequence[s.Count]) -> str:
    return _join(f"{c.number.value} {c.kind.text}" for c in counts)


def _canal_ref(ref: s.Ref | None) -> str:
    return "junction" if ref is None else quote(ref.text)


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def comments(self, comments: Iterable[str], depth: int) -> None:
        for c in comments:
            self.lines.append(f"{INDENT * depth}{c.rstrip()}")

    def line(self, text: str, depth: int, trailing: str | None = None) -> None:
        prefix = INDENT * depth
        full = prefix + text
        if len(full) > WIDTH and ", " in text and not text.startswith("|"):  # a map row is a line
            full = _wrap(text, prefix)
        if trailing:
            full += "  " + trailing.rstrip()
        self.lines.append(full)

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")


def _split_outside_quotes(text: str) -> list[str]:
    parts: list[str] = []
    start = 0
    quoted = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and quoted:
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif not quoted and text.startswith(", ", i):
            parts.append(text[start:i])
            start = i + 2
            i += 2
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _wrap(text: str, prefix: str) -> str:
    """Break a long line after commas; continuation lines are indented two levels deeper."""
    parts = _split_outside_quotes(text)
    out: list[str] = []
    current = prefix + parts[0]
    cont = prefix + INDENT * 2
    for number, part in enumerate(parts[1:], start=2):
        comma = 1 if number < len(parts) else 0  # a comma follows unless it is the last part
        if len(current) + 2 + len(part) + comma > WIDTH:
            out.append(current + ",")
            current = cont + part
        else:
            current += ", " + part
    out.append(current)
    return "\n".join(out)


def format_document(document: s.Document) -> str:
    """The canonical text of a document."""
    w = _Writer()
    previous_block = False
    for index, st in enumerate(document.statements):
        block = _is_block(st)
        if index and (block or previous_block or st.comments.leading):
            w.blank()
        _statement(w, st, 0)
        previous_block = block
    if document.footer:
        if document.statements:
            w.blank()
        w.comments(document.footer, 0)
    text = "\n".join(w.lines).rstrip("\n")
    return text + "\n" if text else ""


def _is_block(st: s.Statement) -> bool:
    if isinstance(st, s.RulesDecl | s.BoardDecl):
        return st.items is not None
    return isinstance(st, s.PlayerDecl | s.TurnDecl | s.FinalDeliveriesDecl)


def _open_block(w: _Writer, node: s.Node, header: str, depth: int) -> None:
    w.comments(node.comments.leading, depth)
    w.line(header + " {", depth, node.comments.trailing)


def _close_block(w: _Writer, footer: Sequence[str], depth: int) -> None:
    w.comments(footer, depth + 1)
    w.line("}", depth)


def _simple(w: _Writer, node: s.Node, text: str, depth: int) -> None:
    w.comments(node.comments.leading, depth)
    w.line(text, depth, node.comments.trailing)


def _statement(w: _Writer, st: s.Statement, depth: int) -> None:
    if isinstance(st, s.RulesDecl):
        header = f"rules {st.edition.text}"
        if st.items is None:
            _simple(w, st, header, depth)
            return
        _open_block(w, st, header, depth)
        for item in st.items:
            if isinstance(item, s.PlayersSetting):
                _simple(w, item, f"players {item.count.value}", depth + 1)
            elif isinstance(item, s.EndMarkSetting):
                _simple(w, item, f"end-mark {item.shift.value:+d}", depth + 1)
            else:
                _simple(w, item, f"option {item.name.text} = {item.value.text}", depth + 1)
        _close_block(w, st.footer, depth)
    elif isinstance(st, s.BoardDecl):
        _board(w, st, depth)
    elif isinstance(st, s.PlayerDecl):
        header = f"player {st.colour.text}"
        if st.display_name is not None:
            header += f" {_string(st.display_name)}"
        _open_block(w, st, header, depth)
        for player_item in st.items:
            _simple(w, player_item, _player_item(player_item), depth + 1)
        _close_block(w, st.footer, depth)
    elif isinstance(st, s.TurnDecl):
        _turn(w, st, depth)
    elif isinstance(st, s.FinalDeliveriesDecl):
        _open_block(w, st, "final deliveries", depth)
        for move in st.moves:
            _simple(w, move, final_move_text(move), depth + 1)
        _close_block(w, st.footer, depth)
    else:
        _simple(w, st, _single_line(st), depth)


def _board(w: _Writer, st: s.BoardDecl, depth: int) -> None:
    if st.items is None:
        if st.path is not None:
            target = _string(st.path.text)
        else:
            assert st.name is not None
            target = st.name.text
        _simple(w, st, f"board {target}", depth)
        return
    name = st.name.text if st.name else "board"
    _open_block(w, st, f"board {name}", depth)
    inner = depth + 1
    for item in st.items:
        if isinstance(item, s.TitleDecl):
            _simple(w, item, f"title {_string(item.title)}", inner)
        elif isinstance(item, s.GridDecl):
            _simple(w, item, f"grid {item.columns.value} x {item.rows.value}", inner)
        elif isinstance(item, s.MapDecl):
            _open_block(w, item, "map", inner)
            for index, row in enumerate(item.rows):
                shift = " " if index % 2 else ""
                text = ("| " + shift + " ".join(row.cells)).rstrip()
                _simple(w, row, text, inner + 1)
            _close_block(w, item.footer, inner)
        elif isinstance(item, s.PlaceDecl):
            where = (
                f"at {item.hex.text}"
                if item.hex
                else f"marked {item.mark.text}"
                if item.mark
                else ""
            )
            _simple(
                w, item, f"{item.kind} {quote(item.name.text)} {item.colour.text} {where}", inner
            )
        elif isinstance(item, s.HexDecl):
            _simple(w, item, f"hex {item.hex.text} {item.terrain.text}", inner)
        else:
            text = (
                f"contract {quote(item.name.text)} between {quote(item.first.text)} and "
                f"{quote(item.second.text)}"
            )
            if item.via:
                text += " via " + _join(quote(v.text) for v in item.via)
            text += f" value {item.value.value}"
            if item.starting:
                text += " starting"
            _simple(w, item, text, inner)
    _close_block(w, st.footer, depth)


def _route(route: Sequence[s.RouteItem]) -> str:
    parts = []
    for item in route:
        if isinstance(item, s.RoutePlace):
            parts.append(quote(item.name.text))
        else:
            parts.append(f"{item.kind.text} {item.hex.text}" + (" recent" if item.recent else ""))
    return _join(parts)


def _player_item(item: s.PlayerItem) -> str:
    if isinstance(item, s.EngineerDecl):
        return f"engineer {item.engineer.text}"
    if isinstance(item, s.ScoreDecl):
        return f"score {item.score.value}"
    if isinstance(item, s.HandDecl):
        return f"hand {_counts(item.counts)}".rstrip()
    if isinstance(item, s.SupplyDecl):
        return f"supply {_counts(item.counts)}"
    if isinstance(item, s.JunctionsDecl):
        return f"junctions {item.count.value}"
    keyword = "completed" if item.completed else "canal"
    text = f"{keyword} {_canal_ref(item.contract)}"
    if item.route is not None:
        text += ": " + _route(item.route)
    if item.barge is not None:
        barge = item.barge.text
        text += f" barge at {barge if _HEX_LIKE.match(barge) else quote(barge)}"
    return text


def _turn(w: _Writer, st: s.TurnDecl, depth: int) -> None:
    _open_block(w, st, f"turn {st.player.text}", depth)
    items = list(st.items)
    index = 0
    while index < len(items):
        item = items[index]
        if isinstance(item, s.PhaseMark):
            steps = []
            j = index + 1
            while j < len(items) and not isinstance(items[j], s.PhaseMark):
                steps.append(items[j])
                j += 1
            header = f"phase {item.number.value}:"
            only = steps[0] if len(steps) == 1 else None
            inline = (
                only is not None
                and not (isinstance(only, s.Build) and only.block)
                and only.comments == s.NO_COMMENTS
            )
            w.comments(item.comments.leading, depth + 1)
            if inline:
                assert only is not None
                w.line(f"{header} {_step_text(only)}", depth + 1, item.comments.trailing)
            else:
                w.line(header, depth + 1, item.comments.trailing)
                for step in steps:
                    _step(w, step, depth + 2)
            index = j
        else:  # only steps before the first phase get here
            _step(w, item, depth + 1)
            index += 1
    _close_block(w, st.footer, depth)


def _step(w: _Writer, step: s.TurnItem, depth: int) -> None:
    if isinstance(step, s.Build) and step.block:
        _open_block(w, step, "build", depth)
        for line in step.lines:
            _simple(w, line, _build_line(line), depth + 1)
        _close_block(w, step.footer, depth)
        return
    _simple(w, step, _step_text(step), depth)


def _build_line(line: s.BuildLine) -> str:
    parts = []
    for item in line.items:
        if isinstance(item, s.ReachPlace):
            parts.append(quote(item.name.text))
            continue
        text = f"{item.kind.text} {item.hex.text}"
        if item.payment is not None:
            text += (
                " ("
                + _join(p.kind.text + (p.label.text if p.label else "") for p in item.payment)
                + ")"
            )
        parts.append(text)
    return f"{_canal_ref(line.canal)}: {_join(parts)}"


def _step_text(step: s.TurnItem) -> str:
    if isinstance(step, s.TakeContract):
        return "take contract " + " then ".join(
            f"{quote(c.contract.text)} barge at {quote(c.barge.text)}" for c in step.choices
        )
    if isinstance(step, s.TakeJunction):
        return f"take junction barge at {quote(step.barge.text)}"
    if isinstance(step, s.Reveal):
        return "reveal " + _join(quote(c.text) for c in step.contracts)
    if isinstance(step, s.ExchangeEngineer):
        if step.with_player is not None:
            return f"exchange engineer with {step.with_player.text}"
        assert step.for_engineer is not None
        return f"exchange engineer for {step.for_engineer.text}"
    if isinstance(step, s.DiscardDisplay):
        return "discard display"
    if isinstance(step, s.TakeCards):
        return f"take {_join(_card(c) for c in step.cards)} from display"
    if isinstance(step, s.Refill):
        return f"refill {_join(_card(c) for c in step.cards)}"
    if isinstance(step, s.Draw):
        text = "draw"
        if step.card is not None:
            text += " " + _card(step.card)
        if step.from_display:
            text += " from display"
        if step.announce:
            text += " announce"
        return text
    if isinstance(step, s.PlaceCubes):
        return f"place {step.colour.text} at {_join(quote(p.text) for p in step.places)}"
    if isinstance(step, s.RemoveCube):
        return f"remove cube from {quote(step.place.text)}"
    if isinstance(step, s.Build):
        return "build " + _build_line(step.lines[0])
    if isinstance(step, s.MoveCube):
        return "move cube " + _legs(step.legs)
    if isinstance(step, s.RemoveTiles):
        return f"remove tiles {_canal_ref(step.canal)}: " + _join(h.text for h in step.hexes)
    if isinstance(step, s.DiscardCards):
        return f"discard {_join(_card(c) for c in step.cards)}"
    if isinstance(step, s.Pass):
        return "pass"
    raise TypeError(f"not a step: {step!r}")


def _single_line(st: s.Statement) -> str:
    if isinstance(st, s.RulebookDecl):
        return (
            f"rulebook {st.translation.text} section {_string(st.section.text)} "
            f"example {st.example.text}"
        )
    if isinstance(st, s.KnownErrorDecl):
        return f"known-error {_string(st.reason.text)}"
    if isinstance(st, s.ParliamentDecl):
        return ("parliament " + _join(quote(c.text) for c in st.contracts)).rstrip()
    if isinstance(st, s.ContractDeckDecl):
        if st.count is not None:
            return f"contract-deck {st.count.value}"
        return "contract-deck " + _join(quote(c.text) for c in st.contracts or ())
    if isinstance(st, s.DisplayDecl):
        return ("display " + _join(_card(c) for c in st.cards)).rstrip()
    if isinstance(st, s.DeckDecl | s.DiscardPileDecl):
        keyword = "deck" if isinstance(st, s.DeckDecl) else "discard-pile"
        if st.count is not None:
            return f"{keyword} {st.count.value}"
        return f"{keyword} " + _join(_card(c) for c in st.cards or ())
    if isinstance(st, s.CubesDecl):
        return _cubes(st.places)
    if isinstance(st, s.BasinDecl):
        return f"basin {st.count.value}"
    if isinstance(st, s.EngineersAsideDecl):
        return ("engineers aside " + _join(e.text for e in st.engineers)).rstrip()
    if isinstance(st, s.NowDecl):
        return f"now {st.player.text}" + (f" phase {st.phase.value}" if st.phase else "")
    if isinstance(st, s.RoundDecl):
        return f"round {st.round.value}"
    if isinstance(st, s.EndgameDecl):
        return "endgame triggered" + (f" in round {st.round.value}" if st.round else "")
    if isinstance(st, s.QueryDecl):
        return _query(st)
    return "expect " + _expectation(st)


def _expectation(st: s.Statement) -> str:
    if isinstance(st, s.ExpectLegal):
        return "legal"
    if isinstance(st, s.ExpectIllegal):
        only = ["only"] if st.only else []
        return " ".join(["illegal", *only, *(r.text for r in st.rules)])
    if isinstance(st, s.ExpectScore):
        return f"score {st.player.text} {st.score.value}"
    if isinstance(st, s.ExpectHand):
        return f"hand {st.player.text} {_counts(st.counts)}".rstrip()
    if isinstance(st, s.ExpectSupply):
        return f"supply {st.player.text} {_counts(st.counts)}"
    if isinstance(st, s.ExpectCubes):
        return _cubes(st.places)
    if isinstance(st, s.ExpectBasin):
        return f"basin {st.count.value}"
    if isinstance(st, s.ExpectEndgame):
        if not st.triggered:
            return "endgame not triggered"
        return "endgame triggered" + (f" in round {st.round.value}" if st.round else "")
    if isinstance(st, s.ExpectLastRound):
        return f"last round {st.round.value}"
    if isinstance(st, s.ExpectWinner):
        return f"winner {st.player.text}"
    if isinstance(st, s.ExpectCost):
        return f"cost {st.cards.value} cards"
    if isinstance(st, s.ExpectFinalScores):
        return "final scores " + _join(f"{p.player.text} {p.score.value}" for p in st.scores)
    raise TypeError(f"not a statement: {st!r}")


def _query(st: s.QueryDecl) -> str:
    text = f"query {st.kind}"
    if st.subject is not None:
        text += f" {quote(st.subject.text)}"
    if st.player is not None:
        text += f" for {st.player.text}"
    if st.answer is not None:
        text += ": " + answer_text(st.answer)
    return text


def answer_text(answer: s.Answer) -> str:
    parts = []
    if answer.points is not None:
        parts.append(f"{answer.points.value} points")
    if answer.yes is not None:
        parts.append("yes" if answer.yes else "no")
    if answer.cards is not None:
        parts.append(f"with {answer.cards.value} cards")
    if answer.unique:
        parts.append("unique")
    return " ".join(parts)


def _legs(legs: Sequence[s.Leg]) -> str:
    return " > ".join(
        quote(leg.place.text) + (f"[{leg.owner.text}]" if leg.owner else "") for leg in legs
    )


def final_move_text(move: s.FinalMove) -> str:
    """One line of a ``final deliveries`` block: ``black: Leicester > Nottingham``."""
    return f"{move.player.text}: " + ("pass" if move.is_pass else _legs(move.legs))


def statement_text(st: s.Statement) -> str:
    """One statement in canonical form (without its comments), as shown in reports."""
    w = _Writer()
    bare = _strip_comments(st)
    _statement(w, bare, 0)
    return "\n".join(w.lines)


def _strip_comments(st: s.Statement) -> s.Statement:
    import dataclasses

    return dataclasses.replace(st, comments=s.NO_COMMENTS)
