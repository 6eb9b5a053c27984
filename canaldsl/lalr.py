"""Grammar loading and LALR parsing with lark, with errors turned into diagnostics.

Game-independent. Grammars live in ``grammar/*.lark`` at the top of the repository and are
shipped inside the installed package as ``canaldsl/grammar``. A parser is built lazily, once per
grammar, on first use, and kept in a cache folder so that later processes load it instead.
Lark's exceptions never escape: :func:`parse_tree` returns a tree or a list of diagnostics
(every syntax error found, by resuming after each one).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import lark
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from canaldsl.diagnostics import Diagnostic, SourceText, Span
from canaldsl.lalrfast import NotFast, fast_parse

SYNTAX_UNEXPECTED_CHARACTER = "E110"
SYNTAX_UNEXPECTED_TOKEN = "E111"
SYNTAX_UNEXPECTED_END = "E112"
SYNTAX_UNCLOSED_BLOCK = "E114"

MAX_SYNTAX_ERRORS = 20


_EXTRA_FOLDERS: list[Path] = []


def add_grammar_folder(folder: Path) -> None:
    """Also look for grammars in ``folder`` (a game kept outside canaldsl, such as the tests'
    tiny game); its grammars may ``%import .core`` as the shipped ones do."""
    if folder not in _EXTRA_FOLDERS:
        _EXTRA_FOLDERS.append(folder)


def _grammar_folders() -> list[Path]:
    here = Path(__file__).resolve().parent
    return [here / "grammar", here.parent / "grammar", *_EXTRA_FOLDERS]


def grammar_path(name: str) -> Path:
    """The path of ``grammar/<name>.lark``, installed or in a source checkout (or in a folder
    added by :func:`add_grammar_folder`)."""
    for folder in _grammar_folders():
        candidate = folder / f"{name}.lark"
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"grammar {name!r} is not installed with canaldsl")


class _CommentSink(threading.local):
    """Where the lexer puts comments during the parse running on this thread."""

    comments: list[Comment] | None = None


_SINK = _CommentSink()


def _keep_comment(token: lark.Token) -> lark.Token:
    if _SINK.comments is not None:
        # Trailing blanks (and the CR of a CRLF file) are not part of a comment's text.
        text = str(token).rstrip()
        _SINK.comments.append(Comment(text, token.line or 1, token.column or 1))
    return token


class _Meta:
    """A tree's positions, as lark's Meta holds them, in slots: a 100,000-line file has about
    280,000 of them, and a slotted one takes half the memory (measured: 61 MB down to 30)."""

    __slots__ = (
        "column",
        "container_column",
        "container_end_column",
        "container_end_line",
        "container_end_pos",
        "container_line",
        "container_start_pos",
        "empty",
        "end_column",
        "end_line",
        "end_pos",
        "line",
        "match_tree",
        "orig_expansion",
        "start_pos",
    )

    def __init__(self) -> None:
        self.empty = True


class _Tree(lark.Tree):  # type: ignore[type-arg]
    """lark's Tree whose positions are a :class:`_Meta` (the ``tree_class`` lark takes)."""

    @property
    def meta(self) -> Any:
        if self._meta is None:
            self._meta = cast(Any, _Meta())
        return self._meta


StatementBuild = Callable[[lark.Tree[lark.Token], Sequence["Comment"]], object]
"""Builds the node of one statement from its tree while the file is parsed, given the
comments read so far (every comment up to the token after the statement)."""


class _BuildSlot(threading.local):
    """The statement builder of the parse running on this thread (None: keep lark's trees)."""

    build: StatementBuild | None = None
    comments: list[Comment] | None = None


_BUILD = _BuildSlot()


@contextlib.contextmanager
def _building(build: StatementBuild | None, comments: list[Comment]) -> Iterator[None]:
    """Have the parse inside build its statements with ``build`` (None: keep lark's trees),
    restoring the outer parse's builder after (a parse started by a builder keeps its own)."""
    outer = _BUILD.build, _BUILD.comments
    _BUILD.build, _BUILD.comments = build, comments
    try:
        yield
    finally:
        _BUILD.build, _BUILD.comments = outer


class _StatementHooks:
    """The callback lark calls as it reduces ``_stmt``, the rule every grammar's statements
    are the alternatives of (``start: _stmt*``). With a builder set (:func:`parse_tree`'s
    ``build``), each statement's tree, its positions complete, is turned into its node at once
    and let go, so that a long file's whole tree never stands in memory (a 100,000-line game
    record: ~150 MB of trees and tokens); without one, the tree lark would have built."""

    def _stmt(self, children: list[Any]) -> lark.Tree[lark.Token]:
        build = _BUILD.build
        if build is not None:
            comments = _BUILD.comments or []
            children = [build(c, comments) if isinstance(c, lark.Tree) else c for c in children]
        return _Tree("_stmt", children)


_LARK_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "propagate_positions": True,
    "maybe_placeholders": False,
    "lexer_callbacks": {"COMMENT": _keep_comment},
    "tree_class": _Tree,
    "transformer": _StatementHooks(),
}
_NAMED_OPTIONS = {"tree_class": f"{__name__}._Tree", "transformer": f"{__name__}._StatementHooks"}


_IMPORT = re.compile(r"^%import\s+\.(\w+)", flags=re.M)


def grammar_texts(name: str) -> str:
    """The text of a grammar and of every grammar it imports (``%import .core ...``), each
    once: what shapes the parser, so what its cache key is made of."""
    seen: dict[str, str] = {}
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen[current] = grammar_path(current).read_text(encoding="utf-8")
        todo.extend(_IMPORT.findall(seen[current]))
    return "\n".join(seen[n] for n in sorted(seen))


@functools.cache
def _parser(name: str) -> lark.Lark:
    path = grammar_path(name)
    shaping = grammar_texts(name)
    cached = _load_cached(name, shaping)
    if cached is not None:
        return cached
    try:
        folders = list(dict.fromkeys([path.parent, grammar_path("core").parent]))
        parser = lark.Lark(path.read_text(encoding="utf-8"), import_paths=folders, **_LARK_OPTIONS)
    except LarkError as exc:
        raise GrammarError(f"grammar {name!r} cannot be built: {exc}") from exc
    _save_cached(name, shaping, parser)
    return parser


class GrammarError(ValueError):
    """A grammar of canaldsl that lark cannot build (a mistake in ``grammar/*.lark``)."""


# Building the LALR tables takes lark about 0.2 s, most of the run time of a short command;
# loading them back takes about 0.01 s. So a built parser is saved with lark's own Lark.save
# into the user's cache folder (not a shared temporary folder: the file is a pickle), under a
# name holding a digest of everything that shapes it (grammar text, lark and Python versions,
# options), so a changed grammar never meets an old parser. The file is written under another
# name and then renamed, so a reader never sees half of it. Any problem with the cache (no home
# folder, read-only disk, a damaged file) just means the parser is built as before.


def _cache_folder() -> Path | None:
    """Where built parsers are kept: ``$XDG_CACHE_HOME/canaldsl`` or ``~/.cache/canaldsl``."""
    try:
        base = os.environ.get("XDG_CACHE_HOME") or (
            os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
        )
        root = Path(base) if base else Path.home() / ".cache"
    except (OSError, RuntimeError):  # no home folder
        return None
    return root / "canaldsl" if root.is_absolute() else None


def _cache_key(grammar: str) -> bytes:
    options = sorted(
        (k, _NAMED_OPTIONS.get(k, v)) for k, v in _LARK_OPTIONS.items() if k != "lexer_callbacks"
    )
    key = "\n".join(
        [grammar, lark.__version__, repr(sys.version_info[:2]), repr(options), __name__]
    )
    return hashlib.sha256(key.encode("utf-8")).hexdigest().encode("ascii") + b"\n"


def _cache_file(name: str, key: bytes) -> Path | None:
    folder = _cache_folder()
    return None if folder is None else folder / f"{name}-{key[:20].decode()}.lark-parser"


def _load_cached(name: str, grammar: str) -> lark.Lark | None:
    key = _cache_key(grammar)
    path = _cache_file(name, key)
    if path is None:
        return None
    try:
        with path.open("rb") as handle:
            if handle.readline() != key:
                return None
            parser = lark.Lark.load(handle)
    except Exception:  # missing or unusable: build the parser instead
        return None
    return parser if isinstance(parser, lark.Lark) else None


def _save_cached(name: str, grammar: str, parser: lark.Lark) -> None:
    key = _cache_key(grammar)
    path = _cache_file(name, key)
    if path is None:
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with partial.open("wb") as handle:
            handle.write(key)
            parser.save(handle)
        os.replace(partial, path)
    except Exception:  # a cache that cannot be written is no reason to fail
        pass
    finally:  # nothing left behind, even when interrupted (Ctrl-C) halfway
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


@dataclass(frozen=True)
class Comment:
    """A comment as written, with its position."""

    text: str
    line: int
    column: int


@dataclass
class ParseResult:
    tree: lark.Tree[lark.Token] | None
    comments: list[Comment]
    diagnostics: list[Diagnostic]
    partial: lark.Tree[lark.Token] | None = None
    blanked: tuple[tuple[int, int], ...] = ()
    built: list[object] | None = None
    """With a ``build`` given and no syntax error: the statements' nodes, in order (``tree``
    is None then: it was never kept)."""


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the garbage collector (restoring its state after).

    Parsing allocates many small objects that all live until the tree is built; full
    collections during a large parse cost more than the parse itself (measured in
    bench/bench_language.py), and cannot free anything.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def parse_tree(
    grammar: str,
    source: SourceText,
    *,
    describe: Callable[[str], str] | None = None,
    statement_start: re.Pattern[str] | None = None,
    suggest: Callable[[str, str], str | None] | None = None,
    build: StatementBuild | None = None,
) -> ParseResult:
    """Parse ``source`` with the named grammar, collecting comments and all syntax errors.

    After a syntax error, parsing resumes at the next line that matches ``statement_start``
    (earlier lines are blanked so positions stay true), so each broken statement is reported
    once and the statements after it are still checked. A block whose ``}`` is missing is
    reported where its ``{`` opens (E114). ``suggest(terminal, text)`` may give the fix for an
    unexpected token (a game's own hints, such as a hex label written in lower case).

    When there were syntax errors, ``tree`` is None and ``partial`` is the tree of the file
    with every broken statement blanked (``blanked`` lists their lines), if that parses: the
    caller may check the meaning of the statements that were understood, so that every
    independent error is reported in one run.

    ``build(tree, comments)``, if given, makes each top-level statement's node as soon as the
    statement is parsed (its tree then let go): a file without syntax errors gives ``built``,
    the nodes in order, and no tree. A file with one is parsed again as without ``build``
    from its first error on (what was built is dropped), so its diagnostics, ``partial`` and
    ``blanked`` are exactly those of a parse without it.
    """
    parser = _parser(grammar)
    describe = describe or describe_terminal
    diagnostics: list[Diagnostic] = []
    comments: list[Comment] = []
    blanked: list[tuple[int, int]] = []
    text = source.text
    start = 1  # the first line of the text being parsed (earlier ones are blanked)
    tree: lark.Tree[lark.Token] | None = None
    built: list[object] | None = None
    while True:
        chunk_comments: list[Comment] = []
        _SINK.comments = chunk_comments
        streaming = build is not None and not diagnostics
        try:
            tree, streamed = _parse(parser, text, build if streaming else None, chunk_comments)
            comments = chunk_comments
            if streamed:
                built, tree = list(tree.children), None
            break
        except UnexpectedInput as error:
            unclosed = _unclosed_block(error, source, statement_start, start)
            if unclosed is not None:
                diagnostic, resume = unclosed
                opened_at = diagnostic.line
            else:
                diagnostic = _diagnostic_for(error, source, describe, suggest, _keywords(parser))
                resume = _resume_line(source, diagnostic.line, statement_start)
                opened_at = diagnostic.line
            diagnostics.append(diagnostic)
            first = _statement_line(source, opened_at, statement_start)
            last = (resume - 1) if resume is not None else len(source.lines)
            blanked.append((first, max(first, last)))
            if resume is None or len(diagnostics) >= MAX_SYNTAX_ERRORS:
                tree = None
                break
            text = "\n" * (resume - 1) + "\n".join(source.lines[resume - 1 :])
            start = resume
        finally:
            _SINK.comments = None
    partial = None
    if diagnostics:
        tree = None
        if len(diagnostics) < MAX_SYNTAX_ERRORS:
            partial, comments = _parse_blanked(parser, source, blanked)
    return ParseResult(
        tree=tree,
        comments=comments,
        diagnostics=_dedupe(diagnostics),
        partial=partial,
        blanked=tuple(blanked) if partial is not None else (),
        built=built,
    )


def _parse(
    parser: lark.Lark, text: str, build: StatementBuild | None, comments: list[Comment]
) -> tuple[lark.Tree[lark.Token], bool]:
    """The tree of ``text`` and whether its statements were built by ``build`` while parsing
    (its children are then the statements' nodes). The fast loop first
    (:mod:`canaldsl.lalrfast`: the same tree); where it gives up (a syntax error), lark
    parses the text again itself without the builder (the builder has been fed part of the
    text), so that an error is found and described by lark as before."""
    try:
        with _building(build, comments):
            return fast_parse(parser, text), build is not None
    except NotFast:
        del comments[:]  # read again by lark's lexer
    with _building(None, comments):
        return parser.parse(text), False


def _parse_blanked(
    parser: lark.Lark, source: SourceText, blanked: list[tuple[int, int]]
) -> tuple[lark.Tree[lark.Token] | None, list[Comment]]:
    """The tree of the source with the given line ranges blanked, or None if it still has a
    syntax error (then nothing more is said: the errors found are the ones to fix first)."""
    lines = list(source.lines)
    for first, last in blanked:
        for number in range(first, min(last, len(lines)) + 1):
            lines[number - 1] = ""
    comments: list[Comment] = []
    _SINK.comments = comments
    try:
        with _building(None, comments):
            return parser.parse("\n".join(lines)), comments
    except LarkError:
        return None, []
    finally:
        _SINK.comments = None


def _statement_line(source: SourceText, line: int, statement_start: re.Pattern[str] | None) -> int:
    """The line where the statement holding ``line`` starts (``line`` itself if unknown)."""
    if statement_start is None:
        return line
    for number in range(min(line, len(source.lines)), 0, -1):
        if statement_start.match(source.line_text(number)):
            return number
    return line


def _resume_line(
    source: SourceText, error_line: int, statement_start: re.Pattern[str] | None
) -> int | None:
    if statement_start is None:
        return None
    for number in range(error_line + 1, len(source.lines) + 1):
        if statement_start.match(source.line_text(number)):
            return number
    return None


def _unclosed_block(
    error: UnexpectedInput,
    source: SourceText,
    statement_start: re.Pattern[str] | None,
    start: int,
) -> tuple[Diagnostic, int | None] | None:
    """E114 at the ``{`` of a block that a new statement (or the end of the file) interrupts,
    with the line to resume at (that statement's), or None when the error is something else.

    A missing ``}`` shows up as an error at the next statement, far from the mistake: the
    block's opening brace is where the reader needs to look."""
    at_end = isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    )
    if at_end:
        expected = set(getattr(error, "accepts", None) or getattr(error, "expected", None) or ())
        if "RBRACE" not in expected:
            return None
        stop_line, stop_column = len(source.lines) + 1, 1
        resume = None
    else:
        # An error on a line that starts a statement, with a block still open before it:
        # the statement was read as part of the block (where it is an error, at once or a
        # few words in), because the block's '}' is missing.
        stop_line = max(getattr(error, "line", 1) or 1, 1)
        if isinstance(error, UnexpectedToken):
            stop_line = error.token.line or stop_line
        stop_column = 1
        if stop_line <= start or statement_start is None:
            return None
        if not statement_start.match(source.line_text(stop_line)):
            return None
        resume = stop_line
    opening = _open_brace_before(source, start, stop_line, stop_column)
    if opening is None:
        return None
    line, column = opening
    where = "at the end of the file" if at_end else f"before line {stop_line}"
    diagnostic = source.diagnostic(
        SYNTAX_UNCLOSED_BLOCK,
        "this '{' is never closed",
        Span(line, column, line, column + 1),
        hint=f"add '}}' {where} to close the block opened here",
    )
    return diagnostic, resume


def _open_brace_before(
    source: SourceText, start: int, stop_line: int, stop_column: int
) -> tuple[int, int] | None:
    """The innermost ``{`` opened from line ``start`` on and still open just before the given
    position (strings and comments skipped), or None."""
    stack: list[tuple[int, int]] = []
    for number in range(start, min(stop_line, len(source.lines)) + 1):
        text = source.line_text(number)
        if number == stop_line:
            text = text[: stop_column - 1]
        in_string = escaped = False
        for index, char in enumerate(text):
            if in_string:
                in_string = escaped or char != '"'
                escaped = not escaped and char == "\\"
            elif char == '"':
                in_string = True
            elif char == "#":
                break
            elif char == "{":
                stack.append((number, index + 1))
            elif char == "}" and stack:
                stack.pop()
    return stack[-1] if stack else None


def _span_of(error: UnexpectedInput) -> Span:
    line = max(getattr(error, "line", 1) or 1, 1)
    column = max(getattr(error, "column", 1) or 1, 1)
    width = 1
    token = getattr(error, "token", None)
    if isinstance(token, lark.Token) and token.type != "$END":
        width = max(len(str(token)), 1)
        line = token.line or line
        column = token.column or column
    return Span(line, column, line, column + width)


def _diagnostic_for(
    error: UnexpectedInput,
    source: SourceText,
    describe: Callable[[str], str],
    suggest: Callable[[str, str], str | None] | None = None,
    keywords: frozenset[str] = frozenset(),
) -> Diagnostic:
    span = _span_of(error)
    if isinstance(error, UnexpectedCharacters):
        char = source.line_text(span.line)[span.column - 1 : span.column] or "?"
        expected = _expected_list(error.allowed or (), describe)
        message = f"unexpected character {char!r}"
        hint = f"expected {expected}" if expected else None
        if char == '"':
            message = "unterminated string (a string must close on the same line)"
            hint = "add the closing '\"' where the name ends, on this line"
        return source.diagnostic(
            SYNTAX_UNEXPECTED_CHARACTER,
            message,
            Span(span.line, span.column, span.line, span.column + 1),
            hint=hint,
        )
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        expected = _expected_list(getattr(error, "expected", ()) or (), describe)
        last = max(len(source.lines), 1)
        col = len(source.line_text(last)) + 1
        return source.diagnostic(
            SYNTAX_UNEXPECTED_END,
            "the file ends in the middle of a statement",
            Span(last, col, last, col + 1),
            hint=f"expected {expected}" if expected else None,
        )
    assert isinstance(error, UnexpectedToken)
    token = error.token
    expected = _expected_list(error.accepts or error.expected or (), describe)
    shown = str(token)
    if len(shown) > 30:
        shown = shown[:27] + "..."
    kind = describe(token.type)
    if token.type.lower() == shown:
        what = f"keyword {shown!r}"
    elif kind.strip("'") == shown:
        what = repr(shown)
    else:
        what = f"{kind} {shown!r}"
    fix = (suggest(token.type, str(token)) if suggest else None) or _several_words(
        token, source, keywords
    )
    hint = f"expected {expected}" if expected else None
    if fix:
        hint = f"{fix} ({hint})" if hint else fix
    return source.diagnostic(SYNTAX_UNEXPECTED_TOKEN, f"unexpected {what}", span, hint=hint)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_']*")


def _several_words(token: lark.Token, source: SourceText, keywords: frozenset[str]) -> str | None:
    """The fix when a name follows a name: a name of several words is written in quotes."""
    if token.type != "NAME" or token.line is None or token.column is None:
        return None
    text = source.line_text(token.line)
    before = text[: token.column - 1].rstrip().split()
    if not before or not _WORD.fullmatch(before[-1]) or before[-1] in keywords:
        return None
    words = [before[-1]]
    for word in re.split(r"[\s]+", text[token.column - 1 :]):
        bare = word.rstrip(",:;")
        if not _WORD.fullmatch(bare) or bare in keywords:
            break
        words.append(bare)
        if bare != word:
            break
    return f'write a name of several words in quotes: "{" ".join(words)}"'


def grammar_keywords(grammar: str) -> frozenset[str]:
    """The words the named grammar spells out (its keywords)."""
    return _keywords(_parser(grammar))


@functools.cache
def _keywords(parser: lark.Lark) -> frozenset[str]:
    """The words a grammar spells out (its keywords): never part of a name."""
    found = set()
    for terminal in parser.terminals:
        pattern = terminal.pattern
        if pattern.type == "str" and _WORD.fullmatch(pattern.value):
            found.add(pattern.value)
    return frozenset(found)


def _expected_list(names: Iterable[str], describe: Callable[[str], str]) -> str:
    words = sorted({describe(n) for n in names if not n.startswith("__ANON") and n != "$END"})
    if not words:
        return ""
    if len(words) > 8:
        words = [*words[:8], "..."]
    return ", ".join(words)


TERMINAL_WORDS = {
    "NAME": "name",
    "STRING": "quoted name",
    "INT": "number",
    "WORD": "word",
    "RULE_ID": "rule id (like build.consecutive-tiles)",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COLON": "':'",
    "COMMA": "','",
    "SLASH": "'/'",
    "EQUAL": "'='",
    "MORETHAN": "'>'",
    "KNOWN_ERROR": "known-error",
}
"""The terminals of grammar/core.lark and lark's punctuation, in words a user knows."""


def describe_terminal(name: str) -> str:
    """A terminal's name in words a user knows: a keyword as written (``EXPECT``: expect),
    the shared tokens as :data:`TERMINAL_WORDS` says. A game adds its own terminals."""
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    if name.isupper():
        return name.lower().replace("_", "-")
    return name


def _dedupe(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[str, Span]] = set()
    out = []
    for d in diagnostics:
        key = (d.code, d.span)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
