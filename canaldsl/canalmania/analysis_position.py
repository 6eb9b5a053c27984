"""The analysis of a file's position: the piles, parliament, cubes, whose turn, the round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis import AnalyserBase
from canaldsl.canalmania.analysis_players import PlayerAnalysis
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import (
    DISPLAY_SIZE,
    ENGINEERS,
    HAND_LIMIT,
    PARLIAMENT_SIZE,
    PLAYER_COLOURS,
    facts,
)
from canaldsl.canalmania.position import Card, Player, Position, Rules
from canaldsl.diagnostics import Span


class PositionAnalysis(PlayerAnalysis):
    """The position statements turned into a checked position."""

    def position(self, statements: Sequence[s.Statement], rules: Rules, board: Board) -> Position:
        player_decls = [st for st in statements if isinstance(st, s.PlayerDecl)]
        engineers_held: dict[str, Span] = {}
        contract_holders: dict[str, str] = {}
        players, colours_seen = self.players(
            player_decls, rules, board, engineers_held, contract_holders
        )
        parliament = self.parliament(
            single(self, statements, s.ParliamentDecl), board, contract_holders
        )
        contract_deck = self.contract_deck(
            single(self, statements, s.ContractDeckDecl), board, contract_holders, parliament
        )
        display: tuple[Card, ...] | None = None
        disp = single(self, statements, s.DisplayDecl)
        if disp is not None:
            display = self.cards(disp.cards)
            if len(disp.cards) > DISPLAY_SIZE:
                self.error(
                    "E419",
                    f"the display holds {DISPLAY_SIZE} cards, not {len(disp.cards)}",
                    disp.span,
                )
        for pile in statements:
            self.pile_size_allowed(pile)
        deck: tuple[Card, ...] | int | None = None
        dk = single(self, statements, s.DeckDecl)
        if dk is not None:
            deck = dk.count.value if dk.count is not None else self.cards(dk.cards or ())
        discard: tuple[Card, ...] | int | None = None
        dp = single(self, statements, s.DiscardPileDecl)
        if dp is not None:
            discard = dp.count.value if dp.count is not None else self.cards(dp.cards or ())
        cubes, basin = self.goods(statements, rules, board)
        aside = self.aside(single(self, statements, s.EngineersAsideDecl), engineers_held)
        now, phase = self.now(single(self, statements, s.NowDecl), colours_seen)
        self.hand_limits(players, player_decls, colours_seen, now, phase)
        round_, endgame_round, triggered = self.rounds(statements)
        return Position(
            players=tuple(players),
            parliament=parliament,
            contract_deck=contract_deck,
            display=display,
            deck=deck,
            discard_pile=discard,
            cubes=frozenset(cubes),
            basin=basin,
            engineers_aside=aside,
            now=now,
            phase=phase,
            round=round_,
            endgame_round=endgame_round,
            endgame_triggered=triggered,
        )

    def players(
        self,
        player_decls: list[s.PlayerDecl],
        rules: Rules,
        board: Board,
        engineers_held: dict[str, Span],
        contract_holders: dict[str, str],
    ) -> tuple[list[Player], dict[str, Span]]:
        """The declared players, in seating order, and where each colour was declared."""
        edition_facts = facts(rules.edition)
        players: list[Player] = []
        colours_seen: dict[str, Span] = {}
        for decl in player_decls:
            colour = decl.colour.text
            if colour not in PLAYER_COLOURS:
                self.unknown("E208", "player colour", decl.colour, PLAYER_COLOURS)
                continue
            if colour in colours_seen:
                self.error("E401", f"two players are {colour}", decl.colour.span)
                continue
            colours_seen[colour] = decl.colour.span
            players.append(self.player(decl, rules, board, engineers_held, contract_holders))
        if player_decls and players and players[0].colour != "red" and "red" in colours_seen:
            self.warn(
                "W424",
                "the first player (the first declared) takes the red tiles; here red is not first",
                player_decls[0].colour.span,
                hint="declare the players in seating order, starting with red",
            )
        count = len(player_decls)
        if rules.players is not None and player_decls and rules.players != count:
            self.error(
                "E416",
                f"the rules say {rules.players} players but {count} "
                f"{'is' if count == 1 else 'are'} declared",
                player_decls[0].span,
            )
        elif (
            player_decls
            and not (edition_facts.min_players <= count <= edition_facts.max_players)
            and rules.players is None
        ):
            self.error(
                "E416",
                f"the {rules.edition.value} is for {edition_facts.min_players} to "
                f"{edition_facts.max_players} players, not {count}",
                player_decls[0].span,
            )
        return players, colours_seen

    def parliament(
        self, p_decl: s.ParliamentDecl | None, board: Board, contract_holders: dict[str, str]
    ) -> tuple[str, ...] | None:
        if p_decl is None:
            return None
        names = []
        for ref in p_decl.contracts:
            contract = self.contract_ref(ref, board)
            if contract is None:
                continue
            if ref.text in contract_holders:
                self.error(
                    "E413",
                    f"contract {ref.text!r} is in parliament but held by "
                    f"{contract_holders[ref.text]}",
                    ref.span,
                )
            elif ref.text in names:
                self.error("E413", f"contract {ref.text!r} is in parliament twice", ref.span)
            else:
                names.append(ref.text)
        if len(p_decl.contracts) > PARLIAMENT_SIZE:
            self.error(
                "E419",
                f"parliament holds at most {PARLIAMENT_SIZE} contracts, not "
                f"{len(p_decl.contracts)}",
                p_decl.span,
            )
        return tuple(names)

    def contract_deck(
        self,
        d_decl: s.ContractDeckDecl | None,
        board: Board,
        contract_holders: dict[str, str],
        parliament: tuple[str, ...] | None,
    ) -> tuple[str, ...] | int | None:
        if d_decl is None:
            return None
        if d_decl.count is not None:
            return d_decl.count.value
        else:
            names = []
            for ref in d_decl.contracts or ():
                if self.contract_ref(ref, board) is None:
                    continue
                if ref.text in contract_holders or (parliament and ref.text in parliament):
                    self.error(
                        "E413",
                        f"contract {ref.text!r} is in the contract deck and elsewhere",
                        ref.span,
                    )
                names.append(ref.text)
            return tuple(names)

    def goods(
        self, statements: Sequence[s.Statement], rules: Rules, board: Board
    ) -> tuple[set[str], int]:
        """The goods cubes on the map and in the basin (E404, E405)."""
        edition_facts = facts(rules.edition)
        cubes: set[str] = set()
        cd = single(self, statements, s.CubesDecl)
        if isinstance(cd, s.CubesDecl):
            for ref in cd.places:
                place = self.place_ref(ref, board)
                if place is None:
                    continue
                if place in cubes:
                    self.error("E405", f"{place} holds at most one goods cube", ref.span)
                cubes.add(place)
        total_cubes = edition_facts.cubes
        basin = total_cubes - len(cubes)
        bd = single(self, statements, s.BasinDecl)
        if isinstance(bd, s.BasinDecl):
            if bd.count.value + len(cubes) != total_cubes:
                self.error(
                    "E404",
                    f"{len(cubes)} cubes on the map and {bd.count.value} in the basin make "
                    f"{len(cubes) + bd.count.value}; the {rules.edition.value} has {total_cubes}",
                    bd.count.span,
                )
            basin = bd.count.value
        if len(cubes) > total_cubes and isinstance(cd, s.CubesDecl):
            self.error(
                "E404",
                f"{len(cubes)} goods cubes on the map; the {rules.edition.value} has only "
                f"{total_cubes}",
                cd.span,
            )
        basin = max(basin, 0)
        return cubes, basin

    def aside(
        self, ed: s.EngineersAsideDecl | None, engineers_held: dict[str, Span]
    ) -> tuple[str, ...]:
        """The engineers set aside: as declared, else every engineer no player holds."""
        if ed is not None:
            names = []
            for ref in ed.engineers:
                if ref.text not in ENGINEERS:
                    self.unknown("E210", "engineer", ref, ENGINEERS)
                elif ref.text in engineers_held:
                    self.error(
                        "E427", f"{ref.text} is set aside but also held by a player", ref.span
                    )
                else:
                    names.append(ref.text)
            return tuple(names)
        return tuple(e for e in ENGINEERS if e not in engineers_held)

    def now(self, nd: s.NowDecl | None, colours_seen: dict[str, Span]) -> tuple[str | None, int]:
        """Whose turn it is and in which phase (E420, E501)."""
        now: str | None = None
        phase = 1
        if nd is not None:
            if nd.player.text not in colours_seen:
                self.unknown("E501", "player", nd.player, colours_seen)
            else:
                now = nd.player.text
            if nd.phase is not None:
                if not 1 <= nd.phase.value <= 3:
                    self.error(
                        "E420", f"a turn has phases 1 to 3, not {nd.phase.value}", nd.phase.span
                    )
                else:
                    phase = nd.phase.value
        return now, phase

    def hand_limits(
        self,
        players: list[Player],
        player_decls: list[s.PlayerDecl],
        colours_seen: dict[str, Span],
        now: str | None,
        phase: int,
    ) -> None:
        """E418: a hand over the limit, except the hand of the player in the middle of a turn."""
        for player, decl in zip(
            players, [d for d in player_decls if d.colour.text in colours_seen], strict=False
        ):
            size = player.hand_size()
            mid_turn = player.colour == now and phase > 1
            if size is not None and size > HAND_LIMIT and not mid_turn:
                hand_decl = next(i for i in decl.items if isinstance(i, s.HandDecl))
                self.error(
                    "E418",
                    f"{player.colour} holds {size} cards; a hand is cut to {HAND_LIMIT} at the "
                    "end of its owner's turn",
                    hand_decl.span,
                )

    def rounds(self, statements: Sequence[s.Statement]) -> tuple[int | None, int | None, bool]:
        """The round, and the round the end was triggered in (E420)."""
        round_: int | None = None
        rd = single(self, statements, s.RoundDecl)
        if rd is not None:
            if rd.round.value < 1:
                self.error("E420", "rounds are numbered from 1", rd.round.span)
            round_ = rd.round.value
        endgame_round: int | None = None
        triggered = False
        eg = single(self, statements, s.EndgameDecl)
        if eg is not None:
            triggered = True
            if eg.round is not None:
                endgame_round = eg.round.value
                if round_ is not None and endgame_round > round_:
                    self.error(
                        "E420",
                        f"the end was triggered in round {endgame_round}, after the current "
                        f"round {round_}",
                        eg.round.span,
                    )
        return round_, endgame_round, triggered

    def pile_size_allowed(self, pile: s.Statement) -> None:
        """E428 when a deck, discard pile or contract deck holds more than MAX_PILE_CARDS."""
        if not isinstance(pile, s.ContractDeckDecl | s.DeckDecl | s.DiscardPileDecl):
            return
        count = pile.count
        listed = pile.contracts if isinstance(pile, s.ContractDeckDecl) else pile.cards
        size = count.value if count is not None else len(listed or ())
        if size > MAX_PILE_CARDS:
            self.error(
                "E428",
                f"a pile of {size} cards is more than the {MAX_PILE_CARDS} a game could have",
                count.span if count is not None else pile.span,
            )


MAX_PILE_CARDS = 200
"""The most cards a deck, discard pile or contract deck may hold (E428); the game has about 77
build cards and 30 contracts."""


_S = TypeVar("_S", bound=s.Node)


def single(analyser: AnalyserBase, statements: Sequence[s.Statement], kind: type[_S]) -> _S | None:
    """The one statement of ``kind``; E317 for each repetition."""
    found = [st for st in statements if isinstance(st, kind)]
    for extra in found[1:]:
        analyser.error("E317", "this is stated twice", extra.span)
    return found[0] if found else None
