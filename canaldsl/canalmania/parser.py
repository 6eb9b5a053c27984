"""Parsing Canal Mania source text into a :class:`~canaldsl.canalmania.syntax.Document`.

The grammar is ``grammar/canalmania.lark`` (LALR). Syntax errors become diagnostics (E11x);
every one lark can recover from is reported, not just the first. Comments are attached to the
statement they precede (or end the line of), so formatting never loses one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

import lark

from canaldsl import lalr
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.setupbuilder import BuilderBase, SetupBuilder, Tree
from canaldsl.diagnostics import Diagnostic, SourceError, SourceText
from canaldsl.lalr import ParseResult, gc_paused, parse_tree
from canaldsl.treebuilding import children

GRAMMAR = "canalmania"

STATEMENT_START = re.compile(
    r"^(rulebook|known-error|rules|board|player|parliament|contract-deck|display|deck"
    r"|discard-pile|cubes|basin"
    r"|engineers|now|round|endgame|turn|final|expect|query)\b"
)
"""A line where a top-level statement starts: parsing resumes there after a syntax error."""

_TERMINAL_WORDS = {
    "HEX": "hex label (like F7)",
    "MARK": "map key (one letter or digit)",
    "MAP_ROW": "map row starting with '|'",
    "EDITION": "first-edition or second-edition",
    "PLACE_KIND": "city or town",
    "QUERY_KIND": "best-build, best-delivery, can-complete, final-scores, winner or cost",
    "LABEL": "card label (like @1)",
    "CONTRACT_DECK": "contract-deck",
    "DISCARD_PILE": "discard-pile",
}
"""Canal Mania's own terminals in words (those of grammar/core.lark: canaldsl.lalr)."""


def describe_terminal(name: str) -> str:
    """A terminal's name in words a user knows."""
    return _TERMINAL_WORDS.get(name) or lalr.describe_terminal(name)


_HEX = re.compile(r"[A-Z]{1,2}[0-9]{1,3}")


def suggest_fix(terminal: str, text: str) -> str | None:
    """The fix for an unexpected token, where Canal Mania knows it: a hex label in lower
    case (``r27``) is written in capitals (``R27``)."""
    if terminal == "NAME" and text != text.upper() and _HEX.fullmatch(text.upper()):
        return f"hex labels are written in capitals: {text.upper()}"
    return None


@dataclass(frozen=True)
class PartialDocument:
    """What a file with syntax errors still says: the statements that parsed, with the lines
    of the broken ones (blanked) so their consequences can be told apart."""

    document: s.Document
    blanked: tuple[tuple[int, int], ...]


def parse_document(
    text: str, *, filename: str = "<string>"
) -> tuple[s.Document | None, list[Diagnostic]]:
    """Parse text into a Document, returning it (or None) with the syntax diagnostics."""
    document, _, diagnostics = parse_document_partial(text, filename=filename)
    return document, diagnostics


def parse_document_partial(
    text: str, *, filename: str = "<string>"
) -> tuple[s.Document | None, PartialDocument | None, list[Diagnostic]]:
    """As :func:`parse_document`; when the file has syntax errors, also the document of the
    statements that parsed (None when there is none to give)."""
    source = SourceText(text, filename)
    with gc_paused():
        streaming = _Builder(source, ())
        result: ParseResult = parse_tree(
            GRAMMAR,
            source,
            describe=describe_terminal,
            statement_start=STATEMENT_START,
            suggest=suggest_fix,
            build=streaming.streamed,
        )
        if result.built is not None:
            statements = cast(list[s.Statement], result.built)
            footer = streaming.streamed_footer(result.comments)
            document = s.Document(statements=tuple(statements), footer=footer, filename=filename)
            return document, None, list(streaming.diagnostics)
        if result.tree is None:
            if result.partial is None:
                return None, None, list(result.diagnostics)
            builder = _Builder(source, result.comments)
            partial = PartialDocument(builder.document(result.partial), result.blanked)
            return None, partial, [*result.diagnostics, *builder.diagnostics]
        builder = _Builder(source, result.comments)
        return builder.document(result.tree), None, list(builder.diagnostics)


def parse_syntax(text: str, *, filename: str = "<string>") -> s.Document:
    """Parse text into a Document; raises SourceError carrying every syntax diagnostic."""
    document, diagnostics = parse_document(text, filename=filename)
    if document is None or any(d.is_error for d in diagnostics):
        raise SourceError(diagnostics, source=text)
    return document


class _PlayBuilder(BuilderBase):
    """The statements of play: turns, expectations, queries."""

    # ------------------------------------------------------------ turns
    def _turn_decl(self, tree: Tree) -> s.TurnDecl:
        player = self._tokens(tree, "NAME")[0]
        items = tuple(self._turn_item(item) for item in children(tree))
        return s.TurnDecl(
            player=self._ref(player),
            items=items,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _final_deliveries_decl(self, tree: Tree) -> s.FinalDeliveriesDecl:
        moves = tuple(
            s.FinalMove(
                player=self._ref(self._tokens(move, "NAME")[0]),
                legs=tuple(self._leg(leg) for leg in children(move)),
                **self._node_kwargs(move),
            )
            for move in children(tree)
        )
        return s.FinalDeliveriesDecl(
            moves=moves, footer=self._footer(tree), **self._node_kwargs(tree)
        )

    def _leg(self, leg: Tree) -> s.Leg:
        name = self._subtree(leg, "name")
        assert name is not None
        owner = self._tokens(leg, "NAME")
        return s.Leg(self._ref(name), self._ref(owner[0]) if owner else None)

    def _turn_item(self, tree: Tree) -> s.TurnItem:
        kw = self._node_kwargs(tree)
        data = tree.data
        if data == "phase_mark":
            return s.PhaseMark(number=self._num(self._tokens(tree, "INT")[0]), **kw)
        if data == "take_contract":
            names = [c for c in tree.children if isinstance(c, lark.Tree) and c.data == "name"]
            barges = [
                c for c in tree.children if isinstance(c, lark.Tree) and c.data == "barge_choice"
            ]
            choices = tuple(
                s.ContractChoice(self._ref(n), self._ref(cast(Tree, b.children[0])))
                for n, b in zip(names, barges, strict=True)
            )
            return s.TakeContract(choices=choices, **kw)
        if data == "take_junction":
            name = self._subtree(tree, "name")
            assert name is not None
            return s.TakeJunction(barge=self._ref(name), **kw)
        if data == "reveal":
            return s.Reveal(contracts=self._names(self._subtree(tree, "name_list")), **kw)
        if data == "exchange_with_player":
            return s.ExchangeEngineer(with_player=self._ref(self._tokens(tree, "NAME")[0]), **kw)
        if data == "exchange_for_engineer":
            return s.ExchangeEngineer(for_engineer=self._ref(self._tokens(tree, "NAME")[0]), **kw)
        if data == "discard_display":
            return s.DiscardDisplay(**kw)
        if data == "take_cards":
            return s.TakeCards(cards=self._cards(self._subtree(tree, "card_list")), **kw)
        if data == "refill":
            return s.Refill(cards=self._cards(self._subtree(tree, "card_list")), **kw)
        if data == "draw":
            card_tree = self._subtree(tree, "card")
            card = None
            if card_tree is not None:
                card = self._cards(lark.Tree("card_list", [card_tree]))[0]
            return s.Draw(
                card=card,
                from_display=self._subtree(tree, "from_display") is not None,
                announce=bool(self._tokens(tree, "ANNOUNCE")),
                **kw,
            )
        if data == "place_cubes":
            colour = self._tokens(tree, "NAME")[0]
            return s.PlaceCubes(
                colour=self._ref(colour),
                places=self._names(self._subtree(tree, "name_list")),
                **kw,
            )
        if data == "remove_cube":
            name = self._subtree(tree, "name")
            assert name is not None
            return s.RemoveCube(place=self._ref(name), **kw)
        if data in ("build_inline", "build_block"):
            lines = tuple(self._build_line(line) for line in children(tree))
            return s.Build(
                lines=lines, block=data == "build_block", footer=self._footer(tree), **kw
            )
        if data == "move_cube":
            return s.MoveCube(legs=tuple(self._leg(leg) for leg in children(tree)), **kw)
        if data == "remove_tiles":
            ref_tree = self._subtree(tree, "canal_ref")
            assert ref_tree is not None
            canal, ref_span = self._canal_ref(ref_tree)
            hexes = tuple(self._ref(t) for t in self._tokens(tree, "HEX"))
            return s.RemoveTiles(canal=canal, hexes=hexes, junction_span=ref_span, **kw)
        if data == "discard_cards":
            return s.DiscardCards(cards=self._cards(self._subtree(tree, "card_list")), **kw)
        assert data == "pass_step", data
        return s.Pass(**kw)

    def _build_line(self, tree: Tree) -> s.BuildLine:
        ref_tree = self._subtree(tree, "canal_ref")
        assert ref_tree is not None
        canal, ref_span = self._canal_ref(ref_tree)
        items: list[s.BuildItem] = []
        for item in children(tree):
            if item.data == "canal_ref":
                continue
            if item.data == "reach_place":
                name = item.children[0]
                assert isinstance(name, lark.Tree)
                items.append(s.ReachPlace(self._ref(name)))
                continue
            toks = [c for c in item.children if isinstance(c, lark.Token)]
            payment_tree = self._subtree(item, "payment")
            payment = None
            if payment_tree is not None:
                cards = []
                for pay in children(payment_tree):
                    ptoks = [c for c in pay.children if isinstance(c, lark.Token)]
                    cards.append(
                        s.PayCard(
                            self._ref(ptoks[0]), self._ref(ptoks[1]) if len(ptoks) > 1 else None
                        )
                    )
                payment = tuple(cards)
            items.append(s.BuildTile(self._ref(toks[0]), self._ref(toks[1]), payment))
        return s.BuildLine(
            canal=canal, items=tuple(items), junction_span=ref_span, **self._node_kwargs(tree)
        )

    # ------------------------------------------------------------ expectations
    def _expect_decl(self, tree: Tree) -> s.Expectation:
        inner = children(tree)[0]
        kw = self._node_kwargs(tree)
        data = inner.data
        names = self._tokens(inner, "NAME")
        ints = self._tokens(inner, "INT")
        shared = self._core_expectation(inner, kw)
        if shared is not None:
            return shared
        if data == "expect_score":
            return s.ExpectScore(player=self._ref(names[0]), score=self._num(ints[0]), **kw)
        if data == "expect_hand":
            return s.ExpectHand(
                player=self._ref(names[0]),
                counts=self._counts(self._subtree(inner, "counts")),
                **kw,
            )
        if data == "expect_supply":
            return s.ExpectSupply(
                player=self._ref(names[0]),
                counts=self._counts(self._subtree(inner, "counts")),
                **kw,
            )
        if data == "expect_cubes":
            return s.ExpectCubes(places=self._names(self._subtree(inner, "name_list")), **kw)
        if data == "expect_basin":
            return s.ExpectBasin(count=self._num(ints[0]), **kw)
        if data == "expect_cost":
            return s.ExpectCost(cards=self._num(ints[0]), **kw)
        if data in ("expect_endgame", "expect_no_endgame"):
            round_ = self._num(ints[0]) if ints else None
            return s.ExpectEndgame(triggered=data == "expect_endgame", round=round_, **kw)
        if data == "expect_last_round":
            return s.ExpectLastRound(round=self._num(ints[0]), **kw)
        if data == "expect_winner":
            return s.ExpectWinner(player=self._ref(names[0]), **kw)
        assert data == "expect_final_scores"
        pairs = []
        for pair in children(inner):
            player, score = pair.children
            assert isinstance(player, lark.Token) and isinstance(score, lark.Token)
            pairs.append(s.ScorePair(self._ref(player), self._num(score)))
        return s.ExpectFinalScores(scores=tuple(pairs), **kw)

    def _query_decl(self, tree: Tree) -> s.QueryDecl:
        kind = self._tokens(tree, "QUERY_KIND")[0]
        subject_tree = self._subtree(tree, "query_subject")
        subject = None
        if subject_tree is not None:
            subject = self._ref(cast(Tree, subject_tree.children[0]))
        player_tree = self._subtree(tree, "query_for")
        player = None
        if player_tree is not None:
            player = self._ref(cast(lark.Token, player_tree.children[0]))
        answer_tree = self._subtree(tree, "answer")
        answer = None
        if answer_tree is not None:
            points = cards = None
            yes: bool | None = None
            unique = False
            for part in children(answer_tree):
                if part.data == "answer_points":
                    points = self._num(cast(lark.Token, part.children[0]))
                elif part.data == "answer_cards":
                    cards = self._num(cast(lark.Token, part.children[0]))
                elif part.data == "answer_yes":
                    yes = True
                elif part.data == "answer_no":
                    yes = False
                elif part.data == "answer_unique":
                    unique = True
            answer = s.Answer(points=points, yes=yes, cards=cards, unique=unique)
        return s.QueryDecl(
            kind=str(kind), subject=subject, player=player, answer=answer, **self._node_kwargs(tree)
        )


class _Builder(SetupBuilder, _PlayBuilder):
    """Turns lark's tree into Canal Mania's syntax nodes."""

    # ------------------------------------------------------------ document
    def document(self, tree: Tree) -> s.Document:
        items = children(tree)
        footer = self.comments.walk(items, (10**9, 0))
        # each statement's tree is let go once its node is built, so that the trees and the
        # nodes of a long file are never all in memory at once (measured: a 100,000-line
        # file's trees take 160 MB, its nodes 85 MB)
        tree.children = []
        items.reverse()
        statements: list[s.Statement] = []
        while items:
            statements.append(self.statement(items.pop()))
        return s.Document(statements=tuple(statements), footer=footer, filename=self.source.name)

    def statement(self, tree: Tree) -> s.Statement:
        return cast(s.Statement, super().statement(tree))
