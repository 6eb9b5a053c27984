"""The grammar: conflict-free LALR, and every construct parsed into the right syntax nodes."""

from __future__ import annotations

from pathlib import Path

import lark
import pytest

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.parser import parse_syntax
from canaldsl.lalr import grammar_path

DATA = Path(__file__).parent / "data"


def test_grammar_is_conflict_free_lalr() -> None:
    # strict mode raises on shift/reduce conflicts and on terminals that can collide
    pytest.importorskip("interegular")
    path = grammar_path("canalmania")
    lark.Lark(path.read_text(), parser="lalr", strict=True, import_paths=[path.parent])


@pytest.fixture(scope="module")
def doc() -> s.Document:
    return parse_syntax((DATA / "constructs.canal").read_text(), filename="constructs.canal")


def of(doc: s.Document, kind: type) -> list:  # type: ignore[type-arg]
    return [st for st in doc.statements if isinstance(st, kind)]


def test_rules_block(doc: s.Document) -> None:
    (rules,) = of(doc, s.RulesDecl)
    assert rules.edition.text == "second-edition"
    assert rules.items is not None
    players, end_mark, option = rules.items
    assert isinstance(players, s.PlayersSetting) and players.count.value == 3
    assert isinstance(end_mark, s.EndMarkSetting) and end_mark.shift.value == 10
    assert end_mark.comments.trailing == "# the 2nd edition's longer game"
    assert isinstance(option, s.OptionSetting)
    assert (option.name.text, option.value.text) == ("colour-restriction-start", "excluded")
    assert option.comments.trailing == "# the FR reading"


def test_board_block(doc: s.Document) -> None:
    (board,) = of(doc, s.BoardDecl)
    assert board.name is not None and board.name.text == "vale"
    items = board.items or ()
    title = next(i for i in items if isinstance(i, s.TitleDecl))
    assert title.title == "The Vale (test board)"
    grid = next(i for i in items if isinstance(i, s.GridDecl))
    assert (grid.columns.value, grid.rows.value) == (7, 5)
    map_decl = next(i for i in items if isinstance(i, s.MapDecl))
    assert map_decl.rows[0].cells == ("A", ".", ".", "^", ".", ".", "-")
    assert map_decl.rows[1].cells[0] == "."
    places = [i for i in items if isinstance(i, s.PlaceDecl)]
    assert [(p.kind, p.name.text, p.colour.text) for p in places[:3]] == [
        ("town", "Ashby", "red"),
        ("city", "Brook", "blue"),
        ("town", "Cold Norton", "green"),
    ]
    assert places[0].mark is not None and places[0].mark.text == "A"
    assert places[4].hex is not None and places[4].hex.text == "G1"
    hexes = [i for i in items if isinstance(i, s.HexDecl)]
    assert [(h.hex.text, h.terrain.text) for h in hexes] == [("G1", "clear")]
    contracts = [i for i in items if isinstance(i, s.ContractDecl)]
    ashby = contracts[0]
    assert (ashby.first.text, ashby.second.text) == ("Ashby", "Brook")
    assert [v.text for v in ashby.via] == ["Cold Norton"]
    assert ashby.value.value == 9 and ashby.starting
    assert not contracts[1].starting and contracts[1].via == ()


def test_player_blocks(doc: s.Document) -> None:
    red, white, black = of(doc, s.PlayerDecl)
    assert red.colour.text == "red" and red.display_name == "Ann"
    assert white.display_name is None
    engineer, score, hand, supply, junctions, canal = red.items
    assert isinstance(engineer, s.EngineerDecl) and engineer.engineer.text == "Smeaton"
    assert isinstance(score, s.ScoreDecl) and score.score.value == 4
    assert isinstance(hand, s.HandDecl)
    assert [(c.number.value, c.kind.text) for c in hand.counts] == [
        (2, "stretch"),
        (1, "lock"),
        (1, "surveyor"),
    ]
    assert isinstance(supply, s.SupplyDecl) and len(supply.counts) == 4
    assert isinstance(junctions, s.JunctionsDecl) and junctions.count.value == 1
    assert isinstance(canal, s.CanalDecl) and not canal.completed
    assert canal.contract is not None and canal.contract.text == "Ashby Canal"
    assert canal.route == (
        s.RoutePlace(s.Ref("Ashby")),
        s.RouteTile(s.Ref("lock"), s.Ref("A2")),
        s.RouteTile(s.Ref("stretch"), s.Ref("A3"), recent=True),
    )
    assert canal.barge is not None and canal.barge.text == "A3"
    empty_hand = white.items[2]
    assert isinstance(empty_hand, s.HandDecl) and empty_hand.counts == ()
    completed = white.items[3]
    assert isinstance(completed, s.CanalDecl) and completed.completed
    junction = black.items[1]
    assert isinstance(junction, s.CanalDecl) and junction.contract is None


def test_game_state_statements(doc: s.Document) -> None:
    (parliament,) = of(doc, s.ParliamentDecl)
    assert [c.text for c in parliament.contracts] == ["Elm Line"]
    (deck_count,) = of(doc, s.ContractDeckDecl)
    assert deck_count.count is not None and deck_count.count.value == 0
    (display,) = of(doc, s.DisplayDecl)
    assert [(c.kind.text, c.symbol.text if c.symbol else None) for c in display.cards] == [
        ("lock", "red"),
        ("stretch", None),
        ("tunnel", "white"),
        ("surveyor", None),
        ("aqueduct", "green"),
    ]
    (deck,) = of(doc, s.DeckDecl)
    assert deck.cards is not None and len(deck.cards) == 2
    (discard,) = of(doc, s.DiscardPileDecl)
    assert discard.count is not None and discard.count.value == 3
    (cubes,) = of(doc, s.CubesDecl)
    assert [p.text for p in cubes.places] == ["Ashby", "Brook"]
    assert of(doc, s.BasinDecl)[0].count.value == 18
    assert [e.text for e in of(doc, s.EngineersAsideDecl)[0].engineers] == ["Brindley", "Telford"]
    now = of(doc, s.NowDecl)[0]
    assert now.player.text == "red" and now.phase is not None and now.phase.value == 1
    assert of(doc, s.RoundDecl)[0].round.value == 2
    endgame = of(doc, s.EndgameDecl)[0]
    assert endgame.round is not None and endgame.round.value == 2


def test_turn_steps(doc: s.Document) -> None:
    turns = of(doc, s.TurnDecl)
    assert [t.player.text for t in turns] == ["red", "white", "black", "red", "white"]
    kinds = [type(item).__name__ for t in turns for item in t.items]
    for name in (
        "PhaseMark",
        "TakeContract",
        "TakeJunction",
        "Reveal",
        "ExchangeEngineer",
        "DiscardDisplay",
        "TakeCards",
        "Refill",
        "Draw",
        "PlaceCubes",
        "RemoveCube",
        "Build",
        "MoveCube",
        "RemoveTiles",
        "DiscardCards",
        "Pass",
    ):
        assert name in kinds, name
    first = turns[0]
    build = next(i for i in first.items if isinstance(i, s.Build))
    assert not build.block
    (line,) = build.lines
    tiles = [i for i in line.items if isinstance(i, s.BuildTile)]
    assert tiles[1].payment == (s.PayCard(s.Ref("surveyor"), s.Ref("@1")),)
    assert isinstance(line.items[-1], s.ReachPlace)
    move = next(i for i in first.items if isinstance(i, s.MoveCube))
    assert move.legs == (s.Leg(s.Ref("Brook")), s.Leg(s.Ref("Dale"), s.Ref("white")))
    draw = next(i for i in turns[1].items if isinstance(i, s.Draw))
    assert draw.card == s.Card(s.Ref("lock"), s.Ref("red"))
    assert draw.from_display and draw.announce
    block = next(i for i in turns[2].items if isinstance(i, s.Build))
    assert block.block and block.lines[0].canal is None
    assert block.lines[0].comments.trailing == "# a junction canal"
    take = next(i for i in turns[3].items if isinstance(i, s.TakeContract))
    assert [c.contract.text for c in take.choices] == ["Dale Cut", "Elm Line"]
    exchange = [i for i in turns[4].items if isinstance(i, s.ExchangeEngineer)]
    assert exchange[0].with_player is not None and exchange[0].with_player.text == "red"


def test_expectations_and_queries(doc: s.Document) -> None:
    illegal = of(doc, s.ExpectIllegal)[0]
    assert [r.text for r in illegal.rules] == ["build.consecutive-tiles", "contract.length-limit"]
    assert of(doc, s.ExpectScore)[0].score.value == 4
    assert len(of(doc, s.ExpectCubes)) == 2
    finals = of(doc, s.ExpectFinalScores)[0]
    assert [(p.player.text, p.score.value) for p in finals.scores] == [
        ("red", 40),
        ("white", 30),
        ("black", 12),
    ]
    queries = of(doc, s.QueryDecl)
    assert [q.kind for q in queries] == [
        "best-build",
        "best-delivery",
        "can-complete",
        "can-complete",
    ]
    assert queries[0].answer == s.Answer(points=s.Num(7), unique=True)
    assert queries[2].answer == s.Answer(yes=True, cards=s.Num(4))
    assert queries[3].answer == s.Answer(yes=False)
    assert doc.footer == ("# the end",)


def test_positions_are_recorded(doc: s.Document) -> None:
    red = of(doc, s.PlayerDecl)[0]
    assert (red.span.line, red.span.column) == (29, 1)
    assert red.colour.span.column == 8
