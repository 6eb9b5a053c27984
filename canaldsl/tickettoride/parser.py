"""Parsing Ticket to Ride source text into a :class:`~canaldsl.tickettoride.syntax.Document`.

The grammar is ``grammar/tickettoride.lark`` (LALR, on the shared ``grammar/core.lark``).
Every syntax error lark can recover from is reported (E11x, the core's codes); comments are
attached to the statement they precede or end the line of, so formatting never loses one.
"""

from __future__ import annotations

import re
from typing import cast

import lark

from canaldsl import lalr
from canaldsl.diagnostics import Diagnostic, SourceText
from canaldsl.lalr import gc_paused, parse_tree
from canaldsl.syntaxtree import ExpectIllegal, ExpectLegal, Num, Ref
from canaldsl.textmemory import TextMemory
from canaldsl.tickettoride import syntax as s
from canaldsl.treebuilding import Tree, TreeBuilder, children, span_of

GRAMMAR = "tickettoride"

STATEMENT_START = re.compile(
    r"^(rulebook|known-error|rules|board|player|face-up|deck|discards|ticket-deck|to-move"
    r"|last-round|game-over|turn|expect|query)\b"
)
"""A line where a top-level statement starts: parsing resumes there after a syntax error."""

_TERMINAL_WORDS = {
    "CITY_PAIR": "two cities joined by a dash (like Seattle-Portland)",
    "CITY": "a city name (each word starting with a capital)",
    "DECIMAL": "a number (like 45.5 or -100)",
    "RULES_NAME": "ticket-to-ride",
    "QUERY_KIND": (
        "final-scores, winner, longest-route, fewest-trains, best-claim, claims, "
        "completed-tickets or last-turns"
    ),
    "FACE_UP": "face-up",
    "TICKET_DECK": "ticket-deck",
    "TO_MOVE": "to-move",
    "LAST_ROUND": "last-round",
    "GAME_OVER": "game-over",
}


def describe_terminal(name: str) -> str:
    """A terminal's name in words a user knows."""
    return _TERMINAL_WORDS.get(name) or lalr.describe_terminal(name)


def suggest_fix(terminal: str, text: str) -> str | None:
    """The fix for an unexpected token, where Ticket to Ride knows it: a city written in
    lower case (``seattle-portland``) is written with capitals (``Seattle-Portland``)."""
    if text[:1].islower() and len(text) > 2 and ("-" in text or terminal == "NAME"):
        capitals = "-".join(part[:1].upper() + part[1:] for part in text.split("-"))
        return (
            f"city names start with a capital letter ({capitals}); colours, players and "
            "keywords are lower case"
        )
    return None


def _block_children(tree: Tree) -> list[Tree] | None:
    data = tree.data
    if data in ("rules_decl", "board_decl", "turn_decl"):
        for child in children(tree):
            if child.data in ("rules_body", "board_body", "turn_block"):
                return children(child)
        return None
    if data == "player_decl":
        return children(tree)
    return None


_PARSED: TextMemory[tuple[s.Document | None, tuple[Diagnostic, ...], bool]] = TextMemory()
"""Parses by their exact text and file name, with or without syntax errors: every node of a
document and every diagnostic is frozen, so the commands run on one text in one process share
its parse (``check`` then ``report``, the web server's check and page, a file's solver
queries; bounds: :mod:`canaldsl.textmemory`)."""


def forget_parses() -> None:
    """Empty the remembered parses (``_PARSED``), e.g. between tests."""
    _PARSED.forget()


def parse_document(
    text: str, *, filename: str = "<string>"
) -> tuple[s.Document | None, list[Diagnostic], bool]:
    """The document of a text with the syntax diagnostics. With syntax errors, the document
    holds the statements that parsed (the broken ones left out) and the flag is False; None
    when nothing could be understood. Remembered (see ``_PARSED``): the same text and file
    name give the same frozen document again, and a new list of the same diagnostics."""
    found = _PARSED.get((text, filename))
    if found is not None:
        return found[0], list(found[1]), found[2]
    document, diagnostics, whole = _parse_document(text, filename=filename)
    _PARSED.put((text, filename), (document, tuple(diagnostics), whole))
    return document, diagnostics, whole


def _parse_document(
    text: str, *, filename: str = "<string>"
) -> tuple[s.Document | None, list[Diagnostic], bool]:
    """:func:`parse_document`, not remembered."""
    source = SourceText(text, filename)
    with gc_paused():
        result = parse_tree(
            GRAMMAR,
            source,
            describe=describe_terminal,
            statement_start=STATEMENT_START,
            suggest=suggest_fix,
        )
        tree = result.tree if result.tree is not None else result.partial
        if tree is None:
            return None, list(result.diagnostics), False
        builder = _Builder(source, result.comments)
        return builder.document(tree), list(result.diagnostics), result.tree is not None


def _num(token: lark.Token) -> Num:
    return Num(int(str(token)), span_of(token))


def _ref(token: lark.Token) -> Ref:
    return TreeBuilder._ref(token)


def _tokens(tree: Tree, *types: str) -> list[lark.Token]:
    return [c for c in tree.children if isinstance(c, lark.Token) and c.type in types]


def _sub(tree: Tree, data: str) -> Tree | None:
    for child in tree.children:
        if isinstance(child, lark.Tree) and child.data == data:
            return child
    return None


def _cards(tree: Tree | None) -> tuple[s.CardItem, ...]:
    if tree is None:
        return ()
    items = []
    for item in children(tree):
        count = _tokens(item, "INT")
        kind = _tokens(item, "NAME", "UNKNOWN")[0]
        items.append(s.CardItem(_num(count[0]) if count else None, _ref(kind)))
    return tuple(items)


def _tickets(tree: Tree | None) -> tuple[s.TicketRef, ...]:
    if tree is None:
        return ()
    out = []
    for item in children(tree):
        pair = _tokens(item, "CITY_PAIR")[0]
        points = _tokens(item, "INT")
        out.append(s.TicketRef(_ref(pair), _num(points[0]) if points else None))
    return tuple(out)


def _track(tree: Tree) -> s.TrackRef:
    pair = _tokens(tree, "CITY_PAIR")[0]
    colour = _tokens(tree, "NAME")
    slot = _tokens(tree, "INT")
    return s.TrackRef(
        _ref(pair), _ref(colour[0]) if colour else None, _num(slot[0]) if slot else None
    )


class _Builder(TreeBuilder):
    def __init__(self, source: SourceText, comments: list[lalr.Comment]) -> None:
        super().__init__(source, comments, _block_children)

    def document(self, tree: Tree) -> s.Document:
        items = children(tree)
        lines = self.source.lines
        footer = self.comments.walk(items, (len(lines) + 1, 1))
        statements = tuple(cast(s.Statement, self.statement(item)) for item in items)
        return s.Document(statements, footer)

    # ------------------------------------------------------------ rules and board
    def _rules_decl(self, tree: Tree) -> s.RulesDecl:
        body = _sub(tree, "rules_body")
        items: list[s.OptionSetting | s.PlayersSetting] = []
        for item in children(body) if body is not None else []:
            kw = self._node_kwargs(item)
            if item.data == "players_setting":
                items.append(s.PlayersSetting(count=_num(_tokens(item, "INT")[0]), **kw))
            else:
                name, value = _tokens(item, "WORD")
                items.append(s.OptionSetting(name=_ref(name), value=_ref(value), **kw))
        return s.RulesDecl(
            name=_ref(_tokens(tree, "RULES_NAME")[0]),
            items=tuple(items),
            block=body is not None,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _board_decl(self, tree: Tree) -> s.BoardDecl:
        name = _tokens(tree, "WORD", "STRING")[0]
        body = _sub(tree, "board_body")
        items = tuple(self._board_item(i) for i in (children(body) if body is not None else []))
        return s.BoardDecl(
            name=_ref(name),
            quoted=name.type == "STRING",
            items=items,
            block=body is not None,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _board_item(self, tree: Tree) -> s.BoardItem:
        kw = self._node_kwargs(tree)
        if tree.data == "title_item":
            return s.TitleItem(title=_ref(_tokens(tree, "STRING")[0]), **kw)
        if tree.data == "ticket_set_item":
            return s.TicketSetItem(year=_num(_tokens(tree, "INT")[0]), **kw)
        if tree.data == "city_item":
            name_tree = _sub(tree, "city_name")
            assert name_tree is not None
            at_tree = _sub(tree, "city_at")
            also = _sub(tree, "city_also")
            at = None
            if at_tree is not None:
                lat, lon = _tokens(at_tree, "DECIMAL")
                at = (str(lat), str(lon))
            return s.CityItem(
                name=self._ref(name_tree),
                at=at,
                also=tuple(self._ref(c) for c in children(also)) if also is not None else (),
                **kw,
            )
        if tree.data == "route_item":
            return s.RouteItem(
                pair=_ref(_tokens(tree, "CITY_PAIR")[0]),
                length=_num(_tokens(tree, "INT")[0]),
                colours=tuple(_ref(t) for t in _tokens(tree, "NAME")),
                **kw,
            )
        assert tree.data == "ticket_item", tree.data
        return s.TicketItem(
            pair=_ref(_tokens(tree, "CITY_PAIR")[0]),
            points=_num(_tokens(tree, "INT")[0]),
            **kw,
        )

    # ------------------------------------------------------------ the position
    def _player_decl(self, tree: Tree) -> s.PlayerDecl:
        return s.PlayerDecl(
            colour=_ref(_tokens(tree, "NAME")[0]),
            items=tuple(self._player_item(i) for i in children(tree)),
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _player_item(self, tree: Tree) -> s.PlayerItem:
        kw = self._node_kwargs(tree)
        if tree.data == "trains_item":
            return s.TrainsItem(count=_num(_tokens(tree, "INT")[0]), **kw)
        if tree.data == "hand_item":
            if _tokens(tree, "UNKNOWN"):
                return s.HandItem(**kw)
            size = _tokens(tree, "INT")
            if size:
                return s.HandItem(size=_num(size[0]), **kw)
            return s.HandItem(cards=_cards(_sub(tree, "card_list")), **kw)
        if tree.data == "tickets_item":
            if _tokens(tree, "UNKNOWN"):
                return s.TicketsItem(**kw)
            if _tokens(tree, "NONE"):
                return s.TicketsItem(tickets=(), **kw)
            count = _tokens(tree, "INT")
            if count:
                return s.TicketsItem(count=_num(count[0]), **kw)
            return s.TicketsItem(tickets=_tickets(_sub(tree, "ticket_list")), **kw)
        assert tree.data == "routes_item", tree.data
        tracks = _sub(tree, "track_list")
        listed = tuple(_track(t) for t in children(tracks)) if tracks is not None else ()
        return s.RoutesItem(tracks=listed, **kw)

    def _face_up_decl(self, tree: Tree) -> s.FaceUpDecl:
        return s.FaceUpDecl(
            cards=_cards(lark.Tree("card_list", list(tree.children))), **self._node_kwargs(tree)
        )

    def _deck_decl(self, tree: Tree) -> s.DeckDecl:
        kw = self._node_kwargs(tree)
        size = _tokens(tree, "INT")
        if size:
            return s.DeckDecl(size=_num(size[0]), **kw)
        cards = _cards(_sub(tree, "card_list"))
        if _tokens(tree, "CARDS"):
            return s.DeckDecl(cards=cards, **kw)
        return s.DeckDecl(order=cards, **kw)

    def _discards_decl(self, tree: Tree) -> s.DiscardsDecl:
        kw = self._node_kwargs(tree)
        size = _tokens(tree, "INT")
        if size:
            return s.DiscardsDecl(size=_num(size[0]), **kw)
        return s.DiscardsDecl(cards=_cards(_sub(tree, "card_list")), **kw)

    def _ticket_deck_decl(self, tree: Tree) -> s.TicketDeckDecl:
        kw = self._node_kwargs(tree)
        size = _tokens(tree, "INT")
        if size:
            return s.TicketDeckDecl(size=_num(size[0]), **kw)
        return s.TicketDeckDecl(order=_tickets(_sub(tree, "ticket_list")), **kw)

    def _to_move_decl(self, tree: Tree) -> s.ToMoveDecl:
        return s.ToMoveDecl(player=_ref(_tokens(tree, "NAME")[0]), **self._node_kwargs(tree))

    def _last_round_decl(self, tree: Tree) -> s.LastRoundDecl:
        names = [_ref(t) for t in _tokens(tree, "NAME")]
        return s.LastRoundDecl(by=names[0], then=tuple(names[1:]), **self._node_kwargs(tree))

    def _game_over_decl(self, tree: Tree) -> s.GameOverDecl:
        return s.GameOverDecl(**self._node_kwargs(tree))

    # ------------------------------------------------------------ turns
    def _turn_decl(self, tree: Tree) -> s.TurnDecl:
        block = _sub(tree, "turn_block")
        actions = children(block) if block is not None else children(tree)
        return s.TurnDecl(
            player=_ref(_tokens(tree, "NAME")[0]),
            actions=tuple(self._action(a) for a in actions),
            block=block is not None,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _action(self, tree: Tree) -> s.Action:
        kw = self._node_kwargs(tree)
        if tree.data == "draw_action":
            steps = []
            for step in children(tree):
                names = _tokens(step, "NAME")
                if step.data == "draw_face_up":
                    reveal = _sub(step, "revealing")
                    steps.append(
                        s.CardDrawStep(
                            face_up=True,
                            card=_ref(names[0]),
                            revealing=None
                            if reveal is None
                            else tuple(_ref(t) for t in _tokens(reveal, "NAME")),
                            span=span_of(step),
                        )
                    )
                else:
                    steps.append(
                        s.CardDrawStep(
                            face_up=False,
                            card=_ref(names[0]) if names else None,
                            span=span_of(step),
                        )
                    )
            return s.DrawAction(draws=tuple(steps), **kw)
        if tree.data == "claim_action":
            payment = _sub(tree, "payment")
            return s.ClaimAction(
                track=_track(tree),
                payment=None if payment is None else _cards(_sub(payment, "card_list")),
                payment_span=span_of(payment) if payment is not None else span_of(tree),
                **kw,
            )
        assert tree.data == "tickets_action", tree.data
        kept_tree = next(c for c in children(tree) if c.data in ("kept", "kept_count"))
        returned = _sub(tree, "returned")
        drew = _sub(tree, "drew")
        kept: tuple[s.TicketRef, ...] | None = None
        kept_count: tuple[Num, Num] | None = None
        if kept_tree.data == "kept_count":
            a, b = _tokens(kept_tree, "INT")
            kept_count = (_num(a), _num(b))
        else:
            kept = _tickets(_sub(kept_tree, "ticket_list"))
        return s.TicketsAction(
            setup=bool(_tokens(tree, "SETUP")),
            drew=None if drew is None else _tickets(_sub(drew, "ticket_list")),
            kept=kept,
            kept_count=kept_count,
            returned=_tickets(_sub(returned, "ticket_list")) if returned is not None else (),
            kept_span=span_of(kept_tree),
            **kw,
        )

    # ------------------------------------------------------------ expectations, queries
    def _expect_decl(self, tree: Tree) -> s.Expectation:
        inner = children(tree)[0]
        kw = self._node_kwargs(tree)
        core = self._core_expectation(inner, kw)
        if core is not None:
            return core
        names = [_ref(t) for t in _tokens(inner, "NAME")]
        data = inner.data
        if data == "expect_score":
            return s.ExpectScore(player=names[0], points=_num(_tokens(inner, "INT")[0]), **kw)
        if data == "expect_trains":
            return s.ExpectTrains(player=names[0], count=_num(_tokens(inner, "INT")[0]), **kw)
        if data == "expect_winner":
            return s.ExpectWinner(players=tuple(names), **kw)
        if data == "expect_final_scores":
            pairs = tuple(
                (_ref(_tokens(p, "NAME")[0]), _num(_tokens(p, "INT", "NEGATIVE")[0]))
                for p in children(inner)
            )
            return s.ExpectFinalScores(scores=pairs, **kw)
        if data == "expect_completed":
            return s.ExpectCompleted(
                player=names[0], tickets=_tickets(_sub(inner, "ticket_list")), **kw
            )
        if data == "expect_last_round":
            return s.ExpectLastRound(**kw)
        if data == "expect_game_over":
            return s.ExpectGameOver(**kw)
        assert data == "expect_hand", data
        return s.ExpectHand(player=names[0], cards=_cards(_sub(inner, "card_list")), **kw)

    def _query_decl(self, tree: Tree) -> s.QueryDecl:
        kind = next(
            t for t in tree.children if isinstance(t, lark.Token) and t.type.endswith("QUERY_KIND")
        )
        subject_tree = _sub(tree, "query_subject")
        subject = None
        if subject_tree is not None:
            first = subject_tree.children[0]
            subject = self._ref(first)
        for_tree = _sub(tree, "query_for")
        player = _ref(_tokens(for_tree, "NAME")[0]) if for_tree is not None else None
        answer_tree = _sub(tree, "answer")
        answer = None
        if answer_tree is not None:
            parts = []
            for part in children(answer_tree):
                kind_name = part.data.removeprefix("answer_").rsplit("__", 1)[-1]
                kind_name = kind_name.removeprefix("answer_")
                text = " ".join(str(t) for t in part.children if isinstance(t, lark.Token))
                if kind_name in ("yes", "no", "unique"):
                    text = kind_name
                elif kind_name == "sep":
                    text = ","
                parts.append(s.AnswerPart(kind_name, text, span_of(part)))
            answer = tuple(parts)
        return s.QueryDecl(
            kind=_ref(kind),
            subject=subject,
            player=player,
            answer=answer,
            **self._node_kwargs(tree),
        )


__all__ = ["ExpectIllegal", "ExpectLegal", "parse_document"]
