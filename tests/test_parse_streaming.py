"""Statements built while the file is parsed (canaldsl.lalr's ``build``): the same syntax
tree, positions and comments included, as building it from lark's whole tree; and a parse
whose peak memory stays near the size of what it returns."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import lark
import pytest
from gamefiles import is_canal_mania
from miniboard import BOARD

from canaldsl import lalr
from canaldsl.canalmania import parser
from canaldsl.canalmania import syntax as s
from canaldsl.diagnostics import SourceText

ROOT = Path(__file__).resolve().parent.parent
CANAL_FILES = sorted(
    p
    for folder in ("examples", "scenarios", "tests", "canaldsl")
    for p in (ROOT / folder).rglob("*.canal")
    if "broken" not in p.parts and is_canal_mania(p)
)

COMMENTED = (
    "# before everything\n"
    "rules second-edition { # on the rules' line\n"
    "  players 2 # after a setting\n"
    "  # at the end of the rules\n"
    "}\n" + BOARD + "player red { # red's line\n  # inside red\n  score 1\n  # red's footer\n}\n"
    "player white {\n}\n"
    "turn red { # the turn's line\n  # before the pass\n  pass\n} # after the turn\n"
    "# between\n"
    "expect legal # trailing\n"
    "# the file's footer\n"
)


def _whole_tree_document(text: str, filename: str) -> s.Document:
    """The document as built from lark's whole tree (the way without ``build``)."""
    source = SourceText(text, filename)
    result = lalr.parse_tree(parser.GRAMMAR, source, statement_start=parser.STATEMENT_START)
    assert result.tree is not None and result.built is None
    return parser._Builder(source, result.comments).document(result.tree)


def _streamed_document(text: str, filename: str) -> s.Document:
    document, diagnostics = parser.parse_document(text, filename=filename)
    assert document is not None, diagnostics
    return document


def test_there_are_files_to_compare() -> None:
    assert any(p.name == "constructs.canal" for p in CANAL_FILES)


@pytest.mark.parametrize("path", CANAL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_streamed_statements_are_those_of_the_whole_tree(path: Path) -> None:
    """repr shows every position too (positions take no part in ``==``)."""
    text = path.read_text(encoding="utf-8")
    streamed = _streamed_document(text, str(path))
    assert repr(streamed) == repr(_whole_tree_document(text, str(path)))


def test_comments_go_where_the_whole_tree_puts_them() -> None:
    streamed = _streamed_document(COMMENTED, "c.canal")
    assert repr(streamed) == repr(_whole_tree_document(COMMENTED, "c.canal"))
    assert streamed.footer == ("# the file's footer",)
    rules = streamed.statements[0]
    assert rules.comments.leading == ("# before everything",)
    assert rules.comments.trailing == "# on the rules' line"


def test_a_syntax_error_gives_no_statements_and_the_same_diagnostics() -> None:
    text = COMMENTED.replace("expect legal", "expect legl")
    source = SourceText(text, "e.canal")
    built: list[object] = []

    def build(tree: object, comments: object) -> object:
        built.append(tree)
        return tree

    with_build = lalr.parse_tree(
        parser.GRAMMAR, source, statement_start=parser.STATEMENT_START, build=build
    )
    without = lalr.parse_tree(parser.GRAMMAR, source, statement_start=parser.STATEMENT_START)
    assert built, "statements before the error were built while parsing"
    assert with_build.built is None and with_build.tree is None
    assert with_build.diagnostics == without.diagnostics != []
    assert with_build.blanked == without.blanked
    assert repr(with_build.partial) == repr(without.partial)


def _record(count: int) -> str:
    """A record of ``count`` lines: players, then turns with comments and expectations."""
    head = "rules second-edition { players 2 }\n" + BOARD
    head += "player red {\n  hand 2 stretch\n}\nplayer white {\n}\n"
    body = "turn red {\n  pass # nothing to build\n}\nexpect legal\nturn white { pass }\n"
    return head + body * (count // 4)


def test_the_parse_never_holds_the_whole_tree() -> None:
    """Building from lark's whole tree peaks at about 2.7 times the document it returns (the
    tree and the nodes both standing); built while parsing, at little more than the
    document."""
    text = _record(20_000)
    parser.parse_document("rules second-edition { players 2 }\n")  # the parser loaded
    tracemalloc.start()
    try:
        document, _ = parser.parse_document(text)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert document is not None and len(document.statements) > 10_000
    assert peak < 1.5 * held, (peak, held)


def test_a_parse_inside_a_builder_leaves_the_outer_parse_building() -> None:
    """A builder that parses another text (without a builder) gets lark's tree of it, and
    the outer parse goes on building its own statements."""
    inner_source = SourceText("rules second-edition { players 2 }\n", "inner.canal")

    def build(tree: lark.Tree[lark.Token], comments: object) -> str:
        inner = lalr.parse_tree(parser.GRAMMAR, inner_source)
        assert inner.tree is not None and inner.built is None
        return str(tree.data)

    result = lalr.parse_tree(parser.GRAMMAR, SourceText(COMMENTED, "c.canal"), build=build)
    assert result.built is not None and result.tree is None
    assert all(isinstance(node, str) for node in result.built)
    assert result.built[0] == "rules_decl" and result.built[-1] == "expect_decl"
