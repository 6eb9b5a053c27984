"""Parsing Canal Mania source text into a :class:`~canaldsl.canalmania.syntax.Document`.

The grammar is ``grammar/canalmania.lark`` (LALR). Syntax errors become diagnostics (E11x);
every one lark can recover from is reported, not just the first. Comments are attached to the
statement they precede (or end the line of), so formatting never loses one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

import lark

from canaldsl import lalr
from canaldsl.canalmania import syntax as s
from canaldsl.diagnostics import Diagnostic, SourceError, SourceText, Span
from canaldsl.lalr import Comment, ParseResult, gc_paused, parse_tree
from canaldsl.treebuilding import TreeBuilder, children, span_of, unquote

GRAMMAR = "canalmania"

STATEMENT_START = re.compile(
    r"^(rulebook|known-error|rules|board|player|parliament|contract-deck|display|deck"
    r"|discard-pile|cubes|basin"
    r"|engineers|now|round|endgame|turn|expect|query)\b"
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
        result: ParseResult = parse_tree(
            GRAMMAR,
            source,
            describe=describe_terminal,
            statement_start=STATEMENT_START,
            suggest=suggest_fix,
        )
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


Tree = lark.Tree[lark.Token]

# Rules whose trees are statements that can carry comments, and how to find their children.
_BLOCK_CHILDREN: dict[str, Callable[[Tree], list[Tree]]] = {}


def _body_children(tree: Tree) -> list[Tree]:
    for child in tree.children:
        if isinstance(child, lark.Tree) and child.data in ("rules_body", "board_body"):
            return children(child)
    return []


_BLOCK_CHILDREN.update(
    {
        "rules_decl": _body_children,
        "board_decl": _body_children,
        "map_decl": children,
        "player_decl": children,
        "turn_decl": children,
        "build_block": children,
    }
)


def _block_children(tree: Tree) -> list[Tree] | None:
    """The statements inside a block statement; None for a statement that is no block."""
    if tree.data in ("rules_decl", "board_decl"):
        has_body = any(
            isinstance(c, lark.Tree) and c.data in ("rules_body", "board_body")
            for c in tree.children
        )
        return _body_children(tree) if has_body else None
    children_of = _BLOCK_CHILDREN.get(tree.data)
    return None if children_of is None else children_of(tree)


_PileT = TypeVar("_PileT", s.DeckDecl, s.DiscardPileDecl)


class _Helpers(TreeBuilder):
    """The builders' shared helpers: cards, counts, canal references."""

    def __init__(self, source: SourceText, comments: Sequence[Comment]) -> None:
        super().__init__(source, comments, _block_children)

    def _cards(self, tree: Tree | None) -> tuple[s.Card, ...]:
        if tree is None:
            return ()
        cards = []
        for card in children(tree):
            toks = [c for c in card.children if isinstance(c, lark.Token)]
            cards.append(s.Card(self._ref(toks[0]), self._ref(toks[1]) if len(toks) > 1 else None))
        return tuple(cards)

    def _counts(self, tree: Tree | None) -> tuple[s.Count, ...]:
        if tree is None:
            return ()
        out = []
        for count in children(tree):
            number, kind = count.children
            assert isinstance(number, lark.Token) and isinstance(kind, lark.Token)
            out.append(s.Count(self._num(number), self._ref(kind)))
        return tuple(out)

    def _canal_ref(self, tree: Tree) -> tuple[s.Ref | None, Span]:
        inner = tree.children[0]
        if isinstance(inner, lark.Token) and inner.type == "JUNCTION":
            return None, span_of(inner)
        return self._ref(inner), span_of(inner)


class _SetupBuilder(_Helpers):
    """The statements of a position: rules, board, players, the game's state."""

    # ------------------------------------------------------------ rules
    def _rules_decl(self, tree: Tree) -> s.RulesDecl:
        edition = self._tokens(tree, "EDITION")[0]
        body = self._subtree(tree, "rules_body")
        items: tuple[s.RulesItem, ...] | None = None
        if body is not None:
            built: list[s.RulesItem] = []
            for item in children(body):
                if item.data == "players_setting":
                    tok = item.children[0]
                    assert isinstance(tok, lark.Token)
                    built.append(s.PlayersSetting(count=self._num(tok), **self._node_kwargs(item)))
                elif item.data == "end_mark_setting":
                    tok = item.children[0]
                    assert isinstance(tok, lark.Token)
                    built.append(s.EndMarkSetting(shift=self._num(tok), **self._node_kwargs(item)))
                else:
                    name, value = item.children
                    assert isinstance(name, lark.Token) and isinstance(value, lark.Token)
                    built.append(
                        s.OptionSetting(
                            name=self._ref(name), value=self._ref(value), **self._node_kwargs(item)
                        )
                    )
            items = tuple(built)
        return s.RulesDecl(
            edition=self._ref(edition),
            items=items,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    # ------------------------------------------------------------ board
    def _board_decl(self, tree: Tree) -> s.BoardDecl:
        word = self._tokens(tree, "WORD")
        string = self._tokens(tree, "STRING")
        body = self._subtree(tree, "board_body")
        items = None
        if body is not None:
            items = tuple(self._board_item(item) for item in children(body))
        return s.BoardDecl(
            name=self._ref(word[0]) if word else None,
            path=self._ref(string[0]) if string else None,
            items=items,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _board_item(self, tree: Tree) -> s.BoardItem:
        kw = self._node_kwargs(tree)
        data = tree.data
        if data == "title_decl":
            tok = tree.children[0]
            assert isinstance(tok, lark.Token)
            return s.TitleDecl(title=unquote(str(tok)), **kw)
        if data == "grid_decl":
            cols, rows = self._tokens(tree, "INT")
            return s.GridDecl(columns=self._num(cols), rows=self._num(rows), **kw)
        if data == "map_decl":
            rows_out = []
            for row in children(tree):
                tok = row.children[0]
                assert isinstance(tok, lark.Token)
                text = str(tok)
                cells = []
                columns = []
                for match in re.finditer(r"\S+", text[1:]):
                    cells.append(match.group())
                    columns.append((tok.column or 1) + 1 + match.start())
                rows_out.append(
                    s.MapRow(cells=tuple(cells), columns=tuple(columns), **self._node_kwargs(row))
                )
            return s.MapDecl(rows=tuple(rows_out), footer=self._footer(tree), **kw)
        if data == "place_decl":
            kind_tok = self._tokens(tree, "PLACE_KIND")[0]
            name_tree = self._subtree(tree, "name")
            assert name_tree is not None
            colour = self._tokens(tree, "NAME")[0]
            where = next(c for c in tree.children if isinstance(c, lark.Tree) and c.data != "name")
            where_tok = where.children[0]
            assert isinstance(where_tok, lark.Token)
            return s.PlaceDecl(
                kind=str(kind_tok),
                name=self._ref(name_tree),
                colour=self._ref(colour),
                hex=self._ref(where_tok) if where.data == "at_hex" else None,
                mark=self._ref(where_tok) if where.data == "marked" else None,
                **kw,
            )
        if data == "hex_decl":
            hex_tok, terrain = tree.children
            assert isinstance(hex_tok, lark.Token) and isinstance(terrain, lark.Token)
            return s.HexDecl(hex=self._ref(hex_tok), terrain=self._ref(terrain), **kw)
        assert data == "contract_decl"
        names = [c for c in tree.children if isinstance(c, lark.Tree) and c.data == "name"]
        via = self._subtree(tree, "via")
        value = self._tokens(tree, "INT")[0]
        return s.ContractDecl(
            name=self._ref(names[0]),
            first=self._ref(names[1]),
            second=self._ref(names[2]),
            via=self._names(via),
            value=self._num(value),
            starting=bool(self._tokens(tree, "STARTING")),
            **kw,
        )

    # ------------------------------------------------------------ players
    def _player_decl(self, tree: Tree) -> s.PlayerDecl:
        colour = self._tokens(tree, "NAME")[0]
        display = self._tokens(tree, "STRING")
        items = tuple(self._player_item(item) for item in children(tree))
        return s.PlayerDecl(
            colour=self._ref(colour),
            display_name=unquote(str(display[0])) if display else None,
            items=items,
            footer=self._footer(tree),
            **self._node_kwargs(tree),
        )

    def _player_item(self, tree: Tree) -> s.PlayerItem:
        kw = self._node_kwargs(tree)
        data = tree.data
        first = tree.children[0] if tree.children else None
        if data == "engineer_decl":
            assert isinstance(first, lark.Token)
            return s.EngineerDecl(engineer=self._ref(first), **kw)
        if data == "score_decl":
            assert isinstance(first, lark.Token)
            return s.ScoreDecl(score=self._num(first), **kw)
        if data == "hand_decl":
            return s.HandDecl(counts=self._counts(self._subtree(tree, "counts")), **kw)
        if data == "supply_decl":
            return s.SupplyDecl(counts=self._counts(self._subtree(tree, "counts")), **kw)
        if data == "junctions_decl":
            assert isinstance(first, lark.Token)
            return s.JunctionsDecl(count=self._num(first), **kw)
        assert data in ("canal_decl", "completed_decl")
        ref_tree = self._subtree(tree, "canal_ref")
        assert ref_tree is not None
        contract, ref_span = self._canal_ref(ref_tree)
        route_tree = self._subtree(tree, "route")
        route = None
        if route_tree is not None:
            items: list[s.RouteItem] = []
            for item in children(route_tree):
                if item.data == "route_place":
                    name_tree = item.children[0]
                    assert isinstance(name_tree, lark.Tree)
                    items.append(s.RoutePlace(self._ref(name_tree)))
                else:
                    toks = [c for c in item.children if isinstance(c, lark.Token)]
                    items.append(
                        s.RouteTile(
                            self._ref(toks[0]),
                            self._ref(toks[1]),
                            recent=any(t.type == "RECENT" for t in toks),
                        )
                    )
            route = tuple(items)
        barge_tree = self._subtree(tree, "barge")
        barge = None
        if barge_tree is not None:
            barge = self._ref(barge_tree.children[0])
        return s.CanalDecl(
            contract=contract,
            completed=data == "completed_decl",
            route=route,
            barge=barge,
            junction_span=ref_span,
            **kw,
        )

    # ------------------------------------------------------------ game state
    def _parliament_decl(self, tree: Tree) -> s.ParliamentDecl:
        return s.ParliamentDecl(
            contracts=self._names(self._subtree(tree, "name_list")), **self._node_kwargs(tree)
        )

    def _contract_deck_decl(self, tree: Tree) -> s.ContractDeckDecl:
        ints = self._tokens(tree, "INT")
        names = self._subtree(tree, "name_list")
        return s.ContractDeckDecl(
            count=self._num(ints[0]) if ints else None,
            contracts=self._names(names) if names is not None else None,
            **self._node_kwargs(tree),
        )

    def _display_decl(self, tree: Tree) -> s.DisplayDecl:
        return s.DisplayDecl(
            cards=self._cards(self._subtree(tree, "card_list")), **self._node_kwargs(tree)
        )

    def _pile(self, tree: Tree, kind: type[_PileT]) -> _PileT:
        """A pile of cards given by its size or its cards (the deck, the discard pile)."""
        ints = self._tokens(tree, "INT")
        cards = self._subtree(tree, "card_list")
        return kind(
            count=self._num(ints[0]) if ints else None,
            cards=self._cards(cards) if cards is not None else None,
            **self._node_kwargs(tree),
        )

    def _deck_decl(self, tree: Tree) -> s.DeckDecl:
        return self._pile(tree, s.DeckDecl)

    def _discard_pile_decl(self, tree: Tree) -> s.DiscardPileDecl:
        return self._pile(tree, s.DiscardPileDecl)

    def _cubes_decl(self, tree: Tree) -> s.CubesDecl:
        return s.CubesDecl(
            places=self._names(self._subtree(tree, "name_list")), **self._node_kwargs(tree)
        )

    def _basin_decl(self, tree: Tree) -> s.BasinDecl:
        return s.BasinDecl(count=self._num(self._tokens(tree, "INT")[0]), **self._node_kwargs(tree))

    def _engineers_aside_decl(self, tree: Tree) -> s.EngineersAsideDecl:
        words = self._subtree(tree, "word_list")
        engineers = tuple(self._ref(c) for c in words.children) if words is not None else ()
        return s.EngineersAsideDecl(engineers=engineers, **self._node_kwargs(tree))

    def _now_decl(self, tree: Tree) -> s.NowDecl:
        name = self._tokens(tree, "NAME")[0]
        ints = self._tokens(tree, "INT")
        return s.NowDecl(
            player=self._ref(name),
            phase=self._num(ints[0]) if ints else None,
            **self._node_kwargs(tree),
        )

    def _round_decl(self, tree: Tree) -> s.RoundDecl:
        return s.RoundDecl(round=self._num(self._tokens(tree, "INT")[0]), **self._node_kwargs(tree))

    def _endgame_decl(self, tree: Tree) -> s.EndgameDecl:
        ints = self._tokens(tree, "INT")
        return s.EndgameDecl(round=self._num(ints[0]) if ints else None, **self._node_kwargs(tree))


class _PlayBuilder(_Helpers):
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
            legs = []
            for leg in children(tree):
                name = self._subtree(leg, "name")
                assert name is not None
                owner = self._tokens(leg, "NAME")
                legs.append(s.Leg(self._ref(name), self._ref(owner[0]) if owner else None))
            return s.MoveCube(legs=tuple(legs), **kw)
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


class _Builder(_SetupBuilder, _PlayBuilder):
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
