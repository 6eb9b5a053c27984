"""Building a game's syntax nodes from lark's tree: spans, names, comments, shared statements.

Game-independent. A game's parser subclasses :class:`TreeBuilder` (one method per statement
kind, ``_<rule name>``) and gets the helpers every language needs: the span of a token or a
subtree, quoted names unquoted, comments handed to the statements they belong to
(:class:`CommentAttacher`), and the statements of ``grammar/core.lark`` built once.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Sequence
from typing import TypedDict, cast

import lark

from canaldsl.diagnostics import UNKNOWN_SPAN, Diagnostic, SourceText, Span
from canaldsl.lalr import Comment
from canaldsl.syntaxtree import (
    NO_COMMENTS,
    Comments,
    ExpectIllegal,
    ExpectLegal,
    KnownErrorDecl,
    Num,
    Ref,
    RulebookDecl,
)

Tree = lark.Tree[lark.Token]


def children(tree: Tree) -> list[Tree]:
    """The subtrees of a tree (its tokens left out)."""
    return [c for c in tree.children if isinstance(c, lark.Tree)]


def unquote(text: str) -> str:
    """A name as meant: a double-quoted string's body with its escapes undone."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        body = text[1:-1]
        return body.replace('\\"', '"').replace("\\\\", "\\")
    return text


def span_of(item: Tree | lark.Token) -> Span:
    """Where a token or a subtree is written."""
    if isinstance(item, lark.Token):
        line = item.line or 1
        column = item.column or 1
        end_line = item.end_line or line
        end_column = item.end_column or column + len(item)
        return Span(line, column, end_line, end_column)
    meta = item.meta
    if getattr(meta, "empty", True):
        return UNKNOWN_SPAN
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


class CommentAttacher:
    """Hands out comments to statements in source order.

    ``block_children`` gives the statements inside a block statement (a board, a player, a
    turn), or None when a statement is no block: a block's own comments are those before it
    and at the end of its first line; the comments inside go to its statements, and those
    after its last statement are its footer."""

    def __init__(
        self, comments: Sequence[Comment], block_children: Callable[[Tree], list[Tree] | None]
    ) -> None:
        self.pending = deque(sorted(comments, key=lambda c: (c.line, c.column)))
        self.block_children = block_children
        self.attached: dict[int, tuple[Comments, tuple[str, ...]]] = {}
        self.fed = 0

    def feed(self, comments: Sequence[Comment]) -> None:
        """Take the comments of ``comments`` not yet fed: a list the lexer appends to, in the
        order of the text, while the file is parsed."""
        self.pending.extend(comments[self.fed :])
        self.fed = len(comments)

    def _take_before(self, line: int, column: int) -> list[str]:
        taken = []
        while self.pending and (self.pending[0].line, self.pending[0].column) < (line, column):
            taken.append(self.pending.popleft().text)
        return taken

    def _take_on_line(self, line: int, before: tuple[int, int] | None = None) -> str | None:
        if self.pending and self.pending[0].line == line:
            c = self.pending[0]
            if before is None or (c.line, c.column) < before:
                self.pending.popleft()
                return c.text
        return None

    def walk(self, items: list[Tree], end: tuple[int, int]) -> tuple[str, ...]:
        """Attach the comments of ``items`` (and of what they hold); the comments after the
        last item, up to ``end``, are returned (the footer of what holds them)."""
        for item in items:
            meta = item.meta
            leading = self._take_before(meta.line, meta.column)
            inner = self.block_children(item)
            if inner is not None:
                first = (
                    (inner[0].meta.line, inner[0].meta.column)
                    if inner
                    else (meta.end_line, meta.end_column)
                )
                trailing = self._take_on_line(meta.line, before=first)
                footer = self.walk(inner, (meta.end_line, meta.end_column - 1))
                self.attached[id(item)] = (Comments(tuple(leading), trailing), footer)
            else:
                inside = self._take_before(meta.end_line, meta.end_column)
                trailing = self._take_on_line(meta.end_line)
                self.attached[id(item)] = (Comments(tuple(leading + inside), trailing), ())
        return tuple(self._take_before(*end))


class NodeFields(TypedDict):
    """The fields every statement node takes: where it is, its comments."""

    span: Span
    comments: Comments


class TreeBuilder:
    """Turns lark's tree into syntax nodes; a game's parser adds its statements."""

    def __init__(
        self,
        source: SourceText,
        comments: Sequence[Comment],
        block_children: Callable[[Tree], list[Tree] | None],
    ) -> None:
        self.source = source
        self.comments = CommentAttacher(comments, block_children)
        self.diagnostics: list[Diagnostic] = []

    # ------------------------------------------------------------ helpers
    def _node_kwargs(self, tree: Tree) -> NodeFields:
        comments, _ = self.comments.attached.get(id(tree), (NO_COMMENTS, ()))
        return {"span": span_of(tree), "comments": comments}

    def _footer(self, tree: Tree) -> tuple[str, ...]:
        return self.comments.attached.get(id(tree), (NO_COMMENTS, ()))[1]

    @staticmethod
    def _ref(token: lark.Token | Tree) -> Ref:
        # The text is interned: a long record names the same few players, cards and hexes
        # over and over (a 100,000-line record: 160,000 names, 9 MB as separate strings).
        # What unquote() and span_of() do, written out: a file names ~100 things a statement.
        if type(token) is not lark.Token:
            if isinstance(token, lark.Tree):  # the `name` rule
                token = token.children[0]
            assert isinstance(token, lark.Token)
        text = str(token)
        if text[:1] == '"':
            text = unquote(text)
        line = token.line or 1
        column = token.column or 1
        return Ref(
            sys.intern(text),
            Span(line, column, token.end_line or line, token.end_column or column + len(token)),
        )

    @staticmethod
    def _num(token: lark.Token) -> Num:
        return Num(int(token), span_of(token))

    @staticmethod
    def _tokens(tree: Tree, *types: str) -> list[lark.Token]:
        return [c for c in tree.children if isinstance(c, lark.Token) and c.type in types]

    @staticmethod
    def _subtree(tree: Tree, data: str) -> Tree | None:
        for c in tree.children:
            if isinstance(c, lark.Tree) and c.data == data:
                return c
        return None

    def _names(self, tree: Tree | None) -> tuple[Ref, ...]:
        if tree is None:
            return ()
        return tuple(self._ref(c) for c in tree.children)

    def statement(self, tree: Tree) -> object:
        """The node of one statement: built by the method ``_<rule name>``."""
        method = cast(Callable[[Tree], object], getattr(self, f"_{tree.data}"))
        return method(tree)

    def streamed(self, tree: Tree, comments: Sequence[Comment]) -> object:
        """The node of one top-level statement as soon as it is parsed (the ``build`` of
        :func:`canaldsl.lalr.parse_tree`), given the comments read so far; its comments are
        attached as :meth:`CommentAttacher.walk` over the whole file would, in order."""
        attacher = self.comments
        attacher.feed(comments)
        if attacher.pending:  # else every comment and footer is none: no walk needed
            attacher.walk([tree], (0, 0))
        node = self.statement(tree)
        self.comments.attached.clear()  # keyed by the ids of trees about to be let go
        return node

    def streamed_footer(self, comments: Sequence[Comment]) -> tuple[str, ...]:
        """The comments after the last statement, once the whole file is parsed."""
        self.comments.feed(comments)
        return self.comments.walk([], (10**9, 0))

    # ------------------------------------------------------------ grammar/core.lark
    def _rulebook_decl(self, tree: Tree) -> RulebookDecl:
        translation, section, example = self._tokens(tree, "NAME", "STRING", "WORD")
        return RulebookDecl(
            translation=self._ref(translation),
            section=self._ref(section),
            example=self._ref(example),
            **self._node_kwargs(tree),
        )

    def _known_error_decl(self, tree: Tree) -> KnownErrorDecl:
        reason = self._tokens(tree, "STRING")[0]
        return KnownErrorDecl(reason=self._ref(reason), **self._node_kwargs(tree))

    def _core_expectation(
        self, inner: Tree, fields: NodeFields
    ) -> ExpectLegal | ExpectIllegal | None:
        """``expect legal`` or ``expect illegal RULE-ID ...``; None for a game's own."""
        if inner.data == "expect_legal":
            return ExpectLegal(**fields)
        if inner.data == "expect_illegal":
            rules = tuple(self._ref(t) for t in self._tokens(inner, "RULE_ID"))
            # ONLY keeps grammar/core.lark's namespace (core__ONLY) unless a game imports it.
            only = any(
                isinstance(c, lark.Token) and c.type.rsplit("__", 1)[-1] == "ONLY"
                for c in inner.children
            )
            return ExpectIllegal(rules=rules, only=only, **fields)
        return None
