"""A faster run of a lark LALR parser over a text without syntax errors.

Game-independent. :func:`fast_parse` reads a text with the very tables lark built for a grammar
(its contextual lexer's scanners per parser state, its LALR parse table, its tree callbacks)
in one loop of local variables, instead of lark's generator, lexer-state and parser-state
objects and method calls per token; and it propagates positions into the trees with
:class:`FastPositions`, which does what lark's ``PropagatePositions`` does with direct
attribute reads instead of ``getattr`` with defaults. The trees, tokens and positions made are
those lark makes (tested on every repository file and thousands of generated ones:
``tests/test_parse_fast.py``), the lexer's callbacks (comments) are called in the same order.

It never reports an error: on any input lark's lexer or parser would reject it gives up
(:class:`NotFast`), and the caller parses the text with lark itself, which finds and describes
the error as before (so every diagnostic is lark's own).

Each rule whose callback is lark's usual chain (positions wrapper, child filter, tree class)
is reduced by one function made for it (:func:`_fused`): the same tree and positions, with
one Python call per reduction instead of about six. Half of the CPU time of checking a
short file was lark's parse (profiled on the differential test's generated files); this loop
takes about 40% less CPU than lark for the same trees (0.45 -> 0.27 s for 200 such files).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any

import lark
from lark.lexer import Token, UnlessCallback
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, PropagatePositions
from lark.parsers.lalr_analysis import Shift

_NEWLINE = "\n"


class NotFast(Exception):
    """The text is not one the fast loop reads through: let lark parse it (and say why)."""


class FastPositions:
    """lark's ``PropagatePositions`` wrapper of a rule's tree builder, read for read: a tree
    starts where the container of its first child with a position starts and ends where that
    of its last one ends. Positions are read from slots directly (a tree's meta holds either
    all of ``container_*`` or none: lark sets them together), not through ``getattr`` with
    defaults: the same values, about twice as fast."""

    __slots__ = ("node_builder",)

    def __init__(self, node_builder: Callable[[list[Any]], Any]) -> None:
        self.node_builder = node_builder

    def __call__(self, children: list[Any]) -> Any:
        res = self.node_builder(children)
        if not isinstance(res, lark.Tree):
            return res
        res_meta: Any = res.meta
        first: Any = children[0] if children else None
        if type(first) is not Token:
            first = _first_meta(children)
        if first is not None:
            line: Any
            column: Any
            start_pos: Any
            if type(first) is Token:
                line, column, start_pos = first.line, first.column, first.start_pos
            else:
                try:  # a tree's positions: its container's (lark sets all three together)
                    line = first.container_line
                    column = first.container_column
                    start_pos = first.container_start_pos
                except AttributeError:
                    line = _container(first, "container_line", "line")
                    column = _container(first, "container_column", "column")
                    start_pos = _container(first, "container_start_pos", "start_pos")
            if not hasattr(res_meta, "line"):
                res_meta.line = line
                res_meta.column = column
                res_meta.start_pos = start_pos
                res_meta.empty = False
            res_meta.container_line = line
            res_meta.container_column = column
            res_meta.container_start_pos = start_pos
        last: Any = children[-1] if children else None
        if type(last) is not Token:
            last = _first_meta(reversed(children))
        if last is not None:
            end_line: Any
            end_column: Any
            end_pos: Any
            if type(last) is Token:
                end_line, end_column, end_pos = last.end_line, last.end_column, last.end_pos
            else:
                try:
                    end_line = last.container_end_line
                    end_column = last.container_end_column
                    end_pos = last.container_end_pos
                except AttributeError:
                    end_line = _container(last, "container_end_line", "end_line")
                    end_column = _container(last, "container_end_column", "end_column")
                    end_pos = _container(last, "container_end_pos", "end_pos")
            if not hasattr(res_meta, "end_line"):
                res_meta.end_line = end_line
                res_meta.end_column = end_column
                res_meta.end_pos = end_pos
                res_meta.empty = False
            res_meta.container_end_line = end_line
            res_meta.container_end_column = end_column
            res_meta.container_end_pos = end_pos
        return res


def _container(meta: Any, container: str, own: str) -> Any:
    """``getattr(meta, container, getattr(meta, own))`` as lark writes it (the own value is
    read first there too, so a meta without it raises as lark's would)."""
    value = getattr(meta, container, None)
    if value is None and not hasattr(meta, container):
        return getattr(meta, own)
    return value


def _first_meta(children: Any) -> Any:
    """lark's ``PropagatePositions._pp_get_meta`` (no node filter)."""
    for c in children:
        if isinstance(c, lark.Tree):
            if not c.meta.empty:
                return c.meta
        elif isinstance(c, Token):
            return c
        elif hasattr(c, "__lark_meta__"):
            return c.__lark_meta__()
    return None


def _fused(node_builder: Any, tree_class: type[Any]) -> Callable[[list[Any]], Any] | None:
    """One function doing what ``PropagatePositions(ChildFilter(partial(tree_class, name)))``
    does for a rule (or without the child filter), or None for any other callback (kept as
    lark's, wrapped in :class:`FastPositions`).

    lark's chain calls four Python functions per reduction (the positions wrapper, the child
    filter, the tree's constructor, the ``meta`` property making an empty meta) and two scans
    for the first and last child with a position; here the tree is made with its meta at once
    and the positions read from the first and last child directly when they hold one (a
    token, or a tree whose meta is not empty: all its ``container_*`` are set then, as lark
    sets them together), :func:`_first_meta` otherwise. A new tree's meta holds no position
    yet, so its own positions and its container's are the same values, as lark sets them."""
    to_include: list[tuple[int, bool]] | None = None
    if type(node_builder) is ChildFilterLALR_NoPlaceholders:
        to_include = list(node_builder.to_include)
        node_builder = node_builder.node_builder
    if (
        type(node_builder) is not functools.partial
        or node_builder.func is not tree_class
        or node_builder.keywords
        or len(node_builder.args) != 1
        or tree_class.__init__ is not lark.Tree.__init__
    ):
        return None
    name = node_builder.args[0]
    meta_class = type(tree_class(name, []).meta)

    def reduce(children: list[Any]) -> Any:
        if to_include is None:
            filtered = children
        else:
            filtered = []
            for i, to_expand in to_include:
                if to_expand:
                    if filtered:
                        filtered += children[i].children
                    else:  # lark's own shortcut for left recursion: the same list
                        filtered = children[i].children
                else:
                    filtered.append(children[i])
        meta: Any = meta_class()
        tree = tree_class(name, filtered, meta)
        if not children:
            return tree
        first: Any = children[0]
        if type(first) is Token:
            line, column, start_pos = first.line, first.column, first.start_pos
        else:
            if type(first) is not tree_class or first._meta is None or first._meta.empty:
                first = _first_meta(children)
                if first is None:
                    return tree  # no child holds a position: neither has the last one
            else:
                first = first._meta
            if type(first) is Token:
                line, column, start_pos = first.line, first.column, first.start_pos
            else:
                try:
                    line = first.container_line
                    column = first.container_column
                    start_pos = first.container_start_pos
                except AttributeError:
                    line = _container(first, "container_line", "line")
                    column = _container(first, "container_column", "column")
                    start_pos = _container(first, "container_start_pos", "start_pos")
        meta.line = meta.container_line = line
        meta.column = meta.container_column = column
        meta.start_pos = meta.container_start_pos = start_pos
        last: Any = children[-1]
        if type(last) is Token:
            end_line, end_column, end_pos = last.end_line, last.end_column, last.end_pos
        else:
            if type(last) is not tree_class or last._meta is None or last._meta.empty:
                last = _first_meta(reversed(children))
            else:
                last = last._meta
            if type(last) is Token:
                end_line, end_column, end_pos = last.end_line, last.end_column, last.end_pos
            else:
                try:
                    end_line = last.container_end_line
                    end_column = last.container_end_column
                    end_pos = last.container_end_pos
                except AttributeError:
                    end_line = _container(last, "container_end_line", "end_line")
                    end_column = _container(last, "container_end_column", "end_column")
                    end_pos = _container(last, "container_end_pos", "end_pos")
        meta.end_line = meta.container_end_line = end_line
        meta.end_column = meta.container_end_column = end_column
        meta.end_pos = meta.container_end_pos = end_pos
        meta.empty = False
        return tree

    return reduce


def _plain_keys(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` with its keys as plain strings: lark keeps some terminal names as its
    ``Token`` (a ``str`` whose ``==`` is a Python method), and a lookup with the plain name
    the scanner gives calls that method at every token; a plain key compares in C."""
    plain = {str(k): v for k, v in table.items()}
    if len(plain) != len(table):
        raise NotFast("two keys of one name")
    return plain


class _Tables:
    """What one parser's run needs, taken from lark's parser once."""

    def __init__(self, parser: lark.Lark) -> None:
        frontend = parser.parser
        if parser.options.postlex is not None or parser.options.parser != "lalr":
            raise NotFast("only LALR parsers without a post-lexer")
        lexer = frontend.lexer
        if not isinstance(lexer, lark.lexer.ContextualLexer):
            raise NotFast("only the contextual lexer")
        inner = frontend.parser.parser
        table = inner.parse_table
        (start,) = parser.options.start
        self.start_state: Any = table.start_states[start]
        self.end_state: Any = table.end_states[start]
        tree_class: Any = parser.options.tree_class or lark.Tree
        self.callbacks: dict[Any, Callable[[Any], Any]] = {
            rule: _fused(f.node_builder, tree_class) or FastPositions(f.node_builder)
            if type(f) is PropagatePositions and f.node_filter is None
            else f
            for rule, f in inner.callbacks.items()
        }
        # The parse table with each reduction's rule as (its size, the name it reduces to, its
        # callback): a rule's hash is computed in Python at every lookup, so none is made.
        reductions: dict[Any, tuple[int, str, Any]] = {}
        for rule in inner.callbacks:
            if isinstance(rule, str):
                continue
            reductions[rule] = (len(rule.expansion), str(rule.origin.name), self.callbacks[rule])
        self.states: dict[Any, dict[str, tuple[bool, Any]]] = {
            state: _plain_keys(
                {
                    term: (True, arg) if action is Shift else (False, reductions[arg])
                    for term, (action, arg) in actions.items()
                }
            )
            for state, actions in table.states.items()
        }
        self.token_callbacks = _plain_keys(
            {k: f for k, f in self.callbacks.items() if isinstance(k, str)}
        )
        # Per parser state: its lexer's regular expressions, the types it ignores, those that
        # may hold a newline, and its token callbacks (keywords told from names; comments).
        # Taken when a text first reaches the state (:meth:`lex`): building a state's scanner
        # compiles one large regular expression, and a file reaches only some of the states
        # (a short Canal Mania file about a third of them); building them all at the first
        # parse was about a quarter of the CPU of a `canaldsl check` process.
        self.lexers: dict[Any, Any] = lexer.lexers
        self.by_lexer: dict[int, tuple[Any, ...]] = {}
        self.lexing: dict[Any, tuple[Any, ...]] = {}
        self.keyword_memo: dict[tuple[int, str], str] = {}

    def lex(self, state: Any) -> tuple[Any, ...]:
        """What the lexer of parser state ``state`` needs, kept in :attr:`lexing`."""
        basic: Any = self.lexers[state]
        found = self.by_lexer.get(id(basic))
        if found is None:
            scanner = basic.scanner  # builds basic.callback too
            found = self.by_lexer[id(basic)] = (
                tuple(scanner._mres),
                frozenset(map(str, basic.ignore_types)),
                frozenset(map(str, basic.newline_types)),
                _plain_keys(dict(basic.callback)),
            )
        self.lexing[state] = found
        return found


_TABLES: weakref.WeakKeyDictionary[lark.Lark, _Tables] = weakref.WeakKeyDictionary()


def _tables(parser: lark.Lark) -> _Tables:
    """The tables of ``parser``, taken once (kept while the parser lives)."""
    tables = _TABLES.get(parser)
    if tables is None:
        tables = _TABLES[parser] = _Tables(parser)
    return tables


def fast_parse(parser: lark.Lark, text: str) -> Any:
    """What ``parser.parse(text)`` gives, for a text it parses; raises :class:`NotFast` where
    lark would raise an error (and wherever else it cannot follow lark), before or after some
    of the lexer's callbacks and the tree callbacks have run."""
    t = _tables(parser)
    states = t.states
    shift_callbacks = t.token_callbacks
    lexing = t.lexing
    end_state = t.end_state
    state_stack: list[Any] = [t.start_state]
    value_stack: list[Any] = []
    end = len(text)
    new_str = str.__new__
    pos = 0
    line = 1
    line_start = 0

    while pos < end:
        # ---- the next token, as lark's BasicLexer of the current parser state reads it
        state = state_stack[-1]
        lexed = lexing.get(state)
        if lexed is None:
            lexed = t.lex(state)
        mres, ignore_types, newline_types, token_callbacks = lexed
        for mre in mres:
            m = mre.match(text, pos, end)
            if m:
                break
        else:
            raise NotFast("a character no terminal of this state matches")
        value = m.group(0)
        type_ = m.lastgroup
        assert type_ is not None
        column = pos - line_start + 1
        ignored = type_ in ignore_types
        callback = token_callbacks.get(type_)
        if ignored and callback is None:
            if type_ in newline_types:
                newlines = value.count(_NEWLINE)
                if newlines:
                    line += newlines
                    line_start = pos + value.rindex(_NEWLINE) + 1
            pos += len(value)
            continue
        tok = new_str(Token, value)  # lark's Token(type_, value, pos, line, column)
        tok.type = type_
        tok.start_pos = pos
        tok.value = value
        tok.line = line
        tok.column = column
        if type_ in newline_types:
            newlines = value.count(_NEWLINE)
            if newlines:
                line += newlines
                line_start = pos + value.rindex(_NEWLINE) + 1
        pos += len(value)
        tok.end_line = line
        tok.end_column = pos - line_start + 1
        tok.end_pos = pos
        if callback is not None:
            if type(callback) is UnlessCallback:
                tok.type = _keyword(t, callback, value, type_)
            else:
                tok = callback(tok)
        if ignored:
            continue
        if not isinstance(tok, Token):
            raise NotFast("a token callback that gives no token")
        # ---- the token fed to the parser, as lark's ParserState.feed_token does
        token_type = tok.type
        while True:
            try:
                action, arg = states[state_stack[-1]][token_type]
            except KeyError:
                raise NotFast("a token the parser does not expect here") from None
            if action:  # shift
                state_stack.append(arg)
                token_callback = shift_callbacks.get(token_type)
                value_stack.append(tok if token_callback is None else token_callback(tok))
                break
            size, origin, rule_callback = arg
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            reduced = rule_callback(children)
            state_stack.append(states[state_stack[-1]][origin][1])
            value_stack.append(reduced)

    # ---- the end of the text: reduce until the start rule is complete
    while True:
        try:
            action, arg = states[state_stack[-1]]["$END"]
        except KeyError:
            raise NotFast("the text ends in the middle of a statement") from None
        if action:
            raise NotFast("a shift of the end of the text")
        size, origin, rule_callback = arg
        if size:
            children = value_stack[-size:]
            del state_stack[-size:]
            del value_stack[-size:]
        else:
            children = []
        reduced = rule_callback(children)
        new_state = states[state_stack[-1]][origin][1]
        state_stack.append(new_state)
        value_stack.append(reduced)
        if new_state == end_state:
            return reduced


def _keyword(t: _Tables, callback: UnlessCallback, value: str, type_: str) -> str:
    """The type lark's ``UnlessCallback`` gives a token of ``type_`` reading ``value`` (a
    keyword's own terminal when the text is that keyword), remembered per value."""
    key = (id(callback), value)
    found = t.keyword_memo.get(key)
    if found is None:
        found = callback.scanner.fullmatch(value) or type_
        t.keyword_memo[key] = found
    return found
