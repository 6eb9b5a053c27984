"""Building Canal Mania's syntax nodes from lark's tree: the shared helpers and the set-up
statements (rules, board, players, piles, the position). The turns, expectations and queries
are built in :mod:`canaldsl.canalmania.parser`, which composes both."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

import lark

from canaldsl.canalmania import syntax as s
from canaldsl.diagnostics import SourceText, Span
from canaldsl.lalr import Comment
from canaldsl.treebuilding import TreeBuilder, children, span_of, unquote

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
        "final_deliveries_decl": children,
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


class BuilderBase(TreeBuilder):
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


class SetupBuilder(BuilderBase):
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
