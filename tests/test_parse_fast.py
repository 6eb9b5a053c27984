"""The fast parse loop (canaldsl.lalrfast) against lark's own parse: the same trees, tokens,
positions and comments on every text lark parses, and a give-up (then lark's own error)
on every text it does not."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import lark
import pytest
from randompositions import make_case

from canaldsl import lalr
from canaldsl.canalmania import parser
from canaldsl.diagnostics import SourceText
from canaldsl.lalrfast import NotFast, fast_parse

ROOT = Path(__file__).resolve().parent.parent
TEXTS = sorted(
    p
    for folder in ("examples", "scenarios", "tests", "canaldsl", "fuzz")
    for p in (ROOT / folder).rglob("*.canal")
)
GRAMMARS = ("canalmania", "tickettoride", "canalgrande")
_TOKEN_SLOTS = ("type", "start_pos", "value", "line", "column", "end_line", "end_column")
_META_SLOTS = tuple(n for n in lalr._Meta.__slots__ if n not in ("match_tree", "orig_expansion"))


def _shape(item: Any) -> Any:
    """Everything the tree builders may read of a tree: kinds, texts and every position."""
    if isinstance(item, lark.Tree):
        meta = item._meta
        positions = None if meta is None else [getattr(meta, n, None) for n in _META_SLOTS]
        return (item.data, positions, [_shape(c) for c in item.children])
    if isinstance(item, lark.Token):
        return (str(item), [getattr(item, n) for n in (*_TOKEN_SLOTS, "end_pos")])
    return repr(item)


def _by_lark(grammar: str, text: str) -> tuple[Any, list[lalr.Comment]]:
    comments: list[lalr.Comment] = []
    lalr._SINK.comments = comments
    try:
        with lalr._building(None, comments):
            return lalr._parser(grammar).parse(text), comments
    except lark.exceptions.UnexpectedInput:
        return None, comments
    finally:
        lalr._SINK.comments = None


def _fast(grammar: str, text: str) -> tuple[Any, list[lalr.Comment]]:
    comments: list[lalr.Comment] = []
    lalr._SINK.comments = comments
    try:
        with lalr._building(None, comments):
            return fast_parse(lalr._parser(grammar), text), comments
    except NotFast:
        return None, comments
    finally:
        lalr._SINK.comments = None


def _agree(grammar: str, text: str) -> str:
    expected, expected_comments = _by_lark(grammar, text)
    tree, comments = _fast(grammar, text)
    if expected is None:
        assert tree is None, "the fast loop read a text that lark rejects"
        return "rejected"
    assert tree is not None, "the fast loop gave up on a text that lark parses"
    assert _shape(tree) == _shape(expected)
    assert comments == expected_comments
    return "parsed"


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_every_repository_file_gives_lark_s_tree(grammar: str) -> None:
    seen = Counter(_agree(grammar, p.read_text(encoding="utf-8")) for p in TEXTS)
    assert seen["parsed"] >= 10 and seen["rejected"] >= 1  # each grammar parses its own


def test_broken_texts_are_left_to_lark() -> None:
    """Characters deleted, inserted or replaced at random in the repository's files (and every
    file with CRLF line ends): wherever lark finds an error the fast loop gives up."""
    rng = random.Random(5)
    alphabet = "{}:,()[]>/@#\"\n\r\t xA1-.9_'|"
    seen: Counter[str] = Counter()
    for path in TEXTS:
        text = path.read_text(encoding="utf-8")
        if not text:
            continue
        seen[_agree("canalmania", text.replace("\n", "\r\n"))] += 1
        chars = list(text)
        for _ in range(rng.randint(1, 2)):
            where = rng.randrange(len(chars))
            if rng.random() < 0.5:
                del chars[where]
            else:
                chars.insert(where, rng.choice(alphabet))
        seen[_agree(rng.choice(GRAMMARS), "".join(chars))] += 1
    assert seen["parsed"] >= 50 and seen["rejected"] >= 50


def test_generated_differential_files_give_lark_s_tree() -> None:
    for index in range(40):
        assert _agree("canalmania", make_case(7, index).text) == "parsed"


def test_a_syntax_error_is_still_lark_s_diagnostic() -> None:
    text = "rules first-edition\nplayer red { score }\n"
    document, diagnostics = parser.parse_document(text, filename="broken.canal")
    assert document is None
    assert [(d.code, d.span.line, d.span.column) for d in diagnostics] == [("E111", 2, 20)]
    assert "number" in (diagnostics[0].hint or "")


def test_statements_built_while_parsing_are_those_of_the_whole_tree() -> None:
    """The nodes built statement by statement while the file is parsed (comments handed out
    as they are read; no comment walk where none is pending) against the nodes built from
    lark's whole tree afterwards with every comment known (the path of a file with a syntax
    error): the same nodes, spans and comments, on every repository file with a comment."""
    compared = 0
    for path in TEXTS:
        text = path.read_text(encoding="utf-8")
        if "#" not in text:
            continue
        streamed, _, _ = parser.parse_document_partial(text, filename="f.canal")
        tree, comments = _by_lark("canalmania", text)
        if streamed is None or tree is None:
            continue
        whole = parser._Builder(SourceText(text, "f.canal"), comments).document(tree)
        assert repr(whole) == repr(streamed), path
        compared += 1
    assert compared >= 10
