"""Reading a Canal Grande file into its syntax (:mod:`canaldsl.canalgrande.syntax`).

The grammar is ``grammar/canalgrande.lark`` (it imports the shared ``grammar/core.lark``).
Syntax errors are diagnostics E110-E114, every one in the run (the parser resumes at the
next statement); with syntax errors the statements that were understood are still returned
(``partial``), so that the errors of meaning in the rest are reported in the same run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import lark

from canaldsl import lalr
from canaldsl.canalgrande import syntax as s
from canaldsl.diagnostics import Diagnostic, SourceText, Span
from canaldsl.textmemory import TextMemory

GRAMMAR = "canalgrande"

STATEMENT_START = re.compile(
    r"^\s*(rulebook|known-error|rules|player|splitter|deck|number|discards|turned|offers|round"
    r"|winner|turn|vote|expect|query)\b"
)

Tree = lark.Tree[lark.Token]


@dataclass(frozen=True)
class Parsed:
    """A file's syntax (None when nothing could be read), its syntax diagnostics, and
    whether the document is only the part that was understood."""

    document: s.Document | None
    diagnostics: list[Diagnostic]
    partial: bool = False


def _describe(terminal: str) -> str:
    words = {
        "CARD": "card name",
        "UNKNOWN": "unknown",
        "RULES_NAME": "canal-grande",
        "NUMBER_WORD": "ones, twos or threes",
        "OBJECTIVE": "prizes or numbers",
        "SIGNED": "a whole number",
    }
    return words.get(terminal) or lalr.describe_terminal(terminal)


_PARSED: TextMemory[tuple[s.Document | None, tuple[Diagnostic, ...], bool]] = TextMemory()
"""Parses by their exact text and file name, with or without syntax errors: every node of a
document and every diagnostic is frozen, so the commands run on one text in one process share
its parse (``check`` then ``report``, the web server's check and page, ``check``, ``fmt`` and
``play`` of one text; bounds: :mod:`canaldsl.textmemory`)."""


def forget_parses() -> None:
    """Empty the remembered parses (``_PARSED``), e.g. between tests."""
    _PARSED.forget()


def parse_document(text: str, *, filename: str) -> Parsed:
    """The document of ``text``; every syntax error as a diagnostic. Remembered (see
    ``_PARSED``): the same text and file name give the same frozen document again, and a new
    list of the same diagnostics."""
    found = _PARSED.get((text, filename))
    if found is not None:
        return Parsed(found[0], list(found[1]), found[2])
    parsed = _parse_document(text, filename=filename)
    _PARSED.put((text, filename), (parsed.document, tuple(parsed.diagnostics), parsed.partial))
    return parsed


def _parse_document(text: str, *, filename: str) -> Parsed:
    """:func:`parse_document`, not remembered."""
    source = SourceText(text, filename)
    result = lalr.parse_tree(GRAMMAR, source, describe=_describe, statement_start=STATEMENT_START)
    tree = result.tree if result.tree is not None else result.partial
    if tree is None:
        return Parsed(None, list(result.diagnostics))
    statements = tuple(_statement(child) for child in tree.children if isinstance(child, lark.Tree))
    lines = source.lines
    comments = tuple(
        s.Comment(c.text, c.line, c.column, bool(lines[c.line - 1][: c.column - 1].strip()))
        for c in result.comments
    )
    return Parsed(s.Document(statements, comments), list(result.diagnostics), result.tree is None)


# ------------------------------------------------------------------ helpers


def _span(item: Tree | lark.Token) -> Span:
    if isinstance(item, lark.Token):
        line, column = item.line or 1, item.column or 1
        end_line = item.end_line or line
        end_column = item.end_column or column + len(str(item))
        return Span(line, column, end_line, end_column)
    meta: Any = item.meta
    if getattr(meta, "empty", True):
        return Span(1, 1, 1, 2)
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _word(token: Any) -> s.Word:
    assert isinstance(token, lark.Token)
    text = str(token)
    if token.type == "STRING":
        text = text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return s.Word(text, _span(token))


def _trees(tree: Tree, name: str | None = None) -> list[Tree]:
    return [
        c for c in tree.children if isinstance(c, lark.Tree) and (name is None or c.data == name)
    ]


def _tokens(tree: Tree, kind: str | None = None) -> list[lark.Token]:
    return [
        c for c in tree.children if isinstance(c, lark.Token) and (kind is None or c.type == kind)
    ]


def _first(tree: Tree, name: str) -> Tree | None:
    found = _trees(tree, name)
    return found[0] if found else None


def _items(tree: Tree | None) -> s.Items:
    """A list of cards (``cards``, ``hand_cards``, ``number_list``, ``offer``)."""
    if tree is None:
        return ()
    out: list[s.Item] = []
    for child in tree.children:
        if isinstance(child, lark.Token):  # a number card in a number list
            if child.type == "INT":
                out.append(s.Item("number", str(child), None, _span(child)))
            continue
        if child.data == "none":
            continue
        ints = _tokens(child, "INT")
        count = int(ints[0]) if ints and child.data != "number_card" else None
        if child.data == "card_item":
            name = _tokens(child, "CARD")[0]
            out.append(s.Item("card", str(name), count, _span(child)))
        elif child.data == "unknown_cards":
            out.append(s.Item("unknown", "unknown", count, _span(child)))
        elif child.data == "number_card":
            out.append(s.Item("number", str(ints[0]), None, _span(child)))
    return tuple(out)


def _offer(tree: Tree) -> s.Offer:
    return s.Offer(_items(tree), _span(tree))


# ------------------------------------------------------------------ statements


def _statement(tree: Tree) -> s.Statement:
    builder = _BUILDERS[str(tree.data)]
    built: s.Statement = builder(tree)
    return built


def _rules(tree: Tree) -> s.RulesDecl:
    name = _word(_tokens(tree, "RULES_NAME")[0])
    body = _first(tree, "rules_body")
    options: list[s.Option] = []
    counts: tuple[tuple[int, s.Word], ...] | None = None
    numbers_span = _span(tree)
    for item in _trees(body) if body is not None else []:
        if item.data == "option_setting":
            ident, value = _tokens(item)
            options.append(s.Option(_word(ident), _word(value), _span(item)))
        else:
            counts = tuple(
                (int(_tokens(c, "INT")[0]), _word(_tokens(c, "NUMBER_WORD")[0]))
                for c in _trees(item, "number_count")
            )
            numbers_span = _span(item)
    return s.RulesDecl(name, tuple(options), counts, numbers_span, _span(tree))


def _player(tree: Tree) -> s.PlayerDecl:
    fields: list[s.PlayerField] = []
    for item in _trees(tree):
        key = str(item.data).removesuffix("_decl")
        lists = _trees(item)
        if lists:
            fields.append(s.PlayerField(key, _items(lists[0]), None, _span(item)))
        else:
            fields.append(s.PlayerField(key, (), int(_tokens(item, "INT")[0]), _span(item)))
    return s.PlayerDecl(_word(_tokens(tree, "NAME")[0]), tuple(fields), _span(tree))


def _pile(tree: Tree, pile: str) -> s.PileDecl:
    inner = _trees(tree)[0]
    kind = str(inner.data).removeprefix("pile_")
    lists = _trees(inner)
    size = _tokens(inner, "INT")
    return s.PileDecl(
        pile,
        kind,
        _items(lists[0]) if lists else (),
        int(size[0]) if size and kind == "size" else None,
        _span(tree),
    )


def _table(tree: Tree) -> s.TableDecl:
    kind = "turned up" if tree.data == "turned_up_decl" else "offers"
    return s.TableDecl(kind, tuple(_offer(o) for o in _trees(tree, "offer")), _span(tree))


def _vote(tree: Tree) -> s.VoteBlock:
    by = _first(tree, "vote_by")
    on = _first(tree, "vote_on")
    steps = []
    for step in _trees(tree):
        if step.data == "play_step":
            steps.append(s.VoteStep(_word(_tokens(step)[0]), _items(_trees(step)[0]), _span(step)))
        elif step.data == "pass_step":
            steps.append(s.VoteStep(_word(_tokens(step)[0]), None, _span(step)))
    return s.VoteBlock(
        _word(_tokens(by)[0]) if by is not None else None,
        _word(_tokens(on)[0]) if on is not None else None,
        tuple(steps),
        _span(tree),
    )


def _actions(tree: Tree) -> tuple[s.ActionStmt, ...]:
    out: list[s.ActionStmt] = []
    for item in _trees(tree):
        if item.data == "traitor_action":
            out.append(s.TraitorStmt(_items(_trees(item)[0]), _span(item)))
        elif item.data == "spy_action":
            steals = _first(item, "steals")
            out.append(
                s.SpyStmt(
                    _items(_trees(item, "cards")[0]),
                    _items(_trees(steals)[0]) if steals is not None else None,
                    _span(item),
                )
            )
        elif item.data == "vote_block":
            out.append(_vote(item))
    return tuple(out)


def _turn(tree: Tree) -> s.TurnDecl:
    split = None
    split_tree = _first(tree, "split_stmt")
    if split_tree is not None:
        names = _tokens(split_tree, "NAME")
        split = s.SplitStmt(
            _word(names[0]) if names else None,
            tuple(_offer(o) for o in _trees(split_tree, "offer")),
            _span(split_tree),
        )
    choice_tree = _trees(tree, "choice_stmt")[0]
    name, number = _tokens(choice_tree)
    choice = s.ChoiceStmt(_word(name), _word(number), _span(choice_tree))
    phases = tuple(
        s.PhaseStmt(_word(_tokens(p)[0]), _actions(p), _span(p)) for p in _trees(tree, "phase")
    )
    round_end = None
    end_tree = _first(tree, "round_end")
    if end_tree is not None:
        round_end = s.RoundEndStmt(
            _word(_tokens(end_tree, "NAME")[0]),
            _items(_trees(end_tree, "cards")[0]),
            _actions(end_tree),
            _span(end_tree),
        )
    return s.TurnDecl(split, choice, phases, round_end, _span(tree))


def _expect(tree: Tree) -> s.ExpectDecl:
    inner = _trees(tree)[0]
    span = _span(tree)
    kind = str(inner.data).removeprefix("expect_").replace("_", "-")
    kind = "winner" if kind == "game-winner" else kind
    if kind == "illegal":
        only = any(str(t) == "only" for t in _tokens(inner))
        return s.ExpectDecl(
            kind, tuple(_word(t) for t in _tokens(inner, "RULE_ID")), only=only, span=span
        )
    words = tuple(_word(t) for t in _tokens(inner) if t.type in ("NAME", "CARD"))
    lists = [t for t in _trees(inner) if t.data != "none"]
    ints = _tokens(inner, "INT")
    return s.ExpectDecl(
        kind,
        words,
        _items(lists[0]) if lists else None,
        int(ints[0]) if ints else None,
        span=span,
    )


def _query(tree: Tree) -> s.QueryDecl:
    inner = _trees(tree)[0]
    kind = {"query_vote": "vote", "query_split": "best-split", "query_can_win": "can-win"}[
        str(inner.data)
    ]
    names = _tokens(inner, "NAME")
    on = _first(inner, "vote_on")
    objective = _tokens(inner, "OBJECTIVE")
    turns = _tokens(inner, "INT")
    answer_tree = _first(inner, "g_answer")
    answer = None
    if answer_tree is not None:
        parts = []
        for part in _trees(answer_tree):
            tokens = _tokens(part)
            text = str(tokens[0]) if tokens and part.data != "answer_yes" else ""
            if part.data in ("answer_yes", "answer_no", "answer_undecided"):
                text = ""
            parts.append(s.AnswerPart(str(part.data).removeprefix("answer_"), text, _span(part)))
        answer = tuple(parts)
    return s.QueryDecl(
        kind,
        _word(names[0]) if names else None,
        _word(_tokens(on)[0]) if on is not None else None,
        _word(objective[0]) if objective else None,
        int(turns[0]) if turns else None,
        answer,
        _span(tree),
    )


def _rulebook(tree: Tree) -> s.RulebookDecl:
    translation, section, example = _tokens(tree)
    return s.RulebookDecl(_word(translation), _word(section), _word(example), _span(tree))


def _known_error(tree: Tree) -> s.KnownErrorDecl:
    return s.KnownErrorDecl(_word(_tokens(tree, "STRING")[0]), _span(tree))


_BUILDERS: dict[str, Any] = {
    "rules_decl": _rules,
    "player_decl": _player,
    "splitter_decl": lambda t: s.SplitterDecl(_word(_tokens(t)[0]), _span(t)),
    "winner_decl": lambda t: s.WinnerDecl(_word(_tokens(t)[0]), _span(t)),
    "deck_decl": lambda t: _pile(t, "deck"),
    "number_deck_decl": lambda t: _pile(t, "number deck"),
    "discards_decl": lambda t: _pile(t, "discards"),
    "turned_up_decl": _table,
    "offers_decl": _table,
    "round_decl": lambda t: s.RoundDecl(int(_tokens(t)[0]), _span(t)),
    "turn_decl": _turn,
    "vote_block": _vote,
    "expect_decl": _expect,
    "query_g": _query,
    "rulebook_decl": _rulebook,
    "known_error_decl": _known_error,
}
