"""The analysis of a file's turns, expectations and queries: names they use must exist.

Whether a turn is legal is not decided here but by the rules engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis import (
    EXPECTATIONS,
    AnalyserBase,
)
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import (
    ENGINEERS,
    PLACE_COLOURS,
    CardKind,
    TileKind,
)
from canaldsl.canalmania.position import Position, Rules, is_junction_name


class EventAnalysis(AnalyserBase):
    """Turns, expectations and queries: their references checked."""

    # -- turns, expectations
    def events(
        self,
        statements: Sequence[s.Statement],
        rules: Rules,
        board: Board,
        position: Position | None,
    ) -> None:
        colours = {p.colour for p in position.players} if position else set()
        self.final_deliveries_place(statements)
        for st in statements:
            if isinstance(st, s.FinalDeliveriesDecl):
                if position is None or not position.players:
                    self.error("E506", "final deliveries need players to make them", st.span)
                    continue
                for move in st.moves:
                    self.player_ref(move.player, colours)
                    self.move_step(s.MoveCube(legs=move.legs, span=move.span), board, colours)
            elif isinstance(st, s.TurnDecl):
                if position is None or not position.players:
                    self.error("E506", "a turn needs players to play it", st.span)
                    continue
                if st.player.text not in colours:
                    self.unknown("E501", "player", st.player, colours)
                self.turn(st, board, colours)
            elif isinstance(st, EXPECTATIONS):
                self.expectation(st, board, colours, position)
            elif isinstance(st, s.QueryDecl):
                self.query(st, board, colours, position)

    def final_deliveries_place(self, statements: Sequence[s.Statement]) -> None:
        """One ``final deliveries`` block, after the last turn: the final deliveries are made
        once the game is over (rule end.final-deliveries)."""
        blocks = [st for st in statements if isinstance(st, s.FinalDeliveriesDecl)]
        for extra in blocks[1:]:
            self.error(
                "E507",
                "a second `final deliveries` block",
                extra.span,
                hint=f"write every final delivery in the block of line {blocks[0].span.line}",
            )
        if not blocks:
            return
        turns = [st for st in statements if isinstance(st, s.TurnDecl)]
        if turns and turns[-1].span.line > blocks[0].span.line:
            self.error(
                "E508",
                "the final deliveries come before a turn",
                blocks[0].span,
                hint=f"move the block after the last turn (line {turns[-1].span.line}): the "
                "final deliveries are made once the game is over",
            )

    def player_ref(self, ref: s.Ref, colours: set[str]) -> None:
        if ref.text not in colours:
            self.unknown("E501", "player", ref, colours)

    def turn(self, turn: s.TurnDecl, board: Board, colours: set[str]) -> None:
        current_phase = 0
        for item in turn.items:
            if isinstance(item, s.PhaseMark):
                number = item.number.value
                if not 1 <= number <= 3:
                    self.error("E502", f"a turn has phases 1 to 3, not {number}", item.number.span)
                elif number <= current_phase:
                    self.error(
                        "E502",
                        f"phase {number} comes after phase {current_phase}",
                        item.number.span,
                    )
                else:
                    current_phase = number
                continue
            if current_phase == 0 and not isinstance(item, (s.RemoveTiles, s.DiscardCards)):
                self.error(
                    "E503",
                    "this action is not inside a phase",
                    item.span,
                    hint="start it with `phase 1:`, `phase 2:` or `phase 3:`",
                )
            self.step(item, board, colours)

    def step(self, step: s.Step, board: Board, colours: set[str]) -> None:
        if isinstance(step, s.TakeContract):
            for number, choice in enumerate(step.choices):
                # `then junction`: the junction contract named as the extra one, which the
                # rules forbid (contract.junction judges it; it is no unknown contract).
                if not (number == 1 and is_junction_name(choice.contract.text, board.contracts)):
                    self.contract_ref(choice.contract, board)
                self.place_ref(choice.barge, board)
        elif isinstance(step, s.TakeJunction):
            self.place_ref(step.barge, board)
        elif isinstance(step, s.Reveal):
            for ref in step.contracts:
                self.contract_ref(ref, board)
        elif isinstance(step, s.ExchangeEngineer):
            self.exchange_step(step, colours)
        elif isinstance(step, (s.TakeCards, s.Refill, s.DiscardCards)):
            self.cards(step.cards)
        elif isinstance(step, s.Draw):
            if step.card is not None:
                self.card(step.card)
        elif isinstance(step, s.PlaceCubes):
            self.cubes_step(step, board)
        elif isinstance(step, s.RemoveCube):
            self.place_ref(step.place, board)
        elif isinstance(step, s.Build):
            self.build_step(step, board)
        elif isinstance(step, s.MoveCube):
            self.move_step(step, board, colours)
        elif isinstance(step, s.RemoveTiles):
            if step.canal is not None:
                self.contract_ref(step.canal, board)
            for ref in step.hexes:
                self.hex_ref(ref)

    def cubes_step(self, step: s.PlaceCubes, board: Board) -> None:
        if step.colour.text not in PLACE_COLOURS:
            self.unknown("E207", "goods colour", step.colour, PLACE_COLOURS)
        for ref in step.places:
            self.place_ref(ref, board)

    def move_step(self, step: s.MoveCube, board: Board, colours: set[str]) -> None:
        for leg in step.legs:
            self.place_ref(leg.place, board)
            if leg.owner is not None:
                self.player_ref(leg.owner, colours)

    def exchange_step(self, step: s.ExchangeEngineer, colours: set[str]) -> None:
        if step.with_player is not None:
            self.player_ref(step.with_player, colours)
        if step.for_engineer is not None and step.for_engineer.text not in ENGINEERS:
            self.unknown("E210", "engineer", step.for_engineer, ENGINEERS)

    def build_step(self, step: s.Build, board: Board) -> None:
        """The canals, places, hexes, tile kinds and cards a build names (E303 for a hex off
        the grid)."""
        for line in step.lines:
            if line.canal is not None:
                self.contract_ref(line.canal, board)
            for built in line.items:
                if isinstance(built, s.ReachPlace):
                    self.place_ref(built.name, board)
                    continue
                self.tile_kind(built.kind)
                hex = self.hex_ref(built.hex)
                if hex is not None and hex not in board.terrain:
                    self.error("E303", f"hex {hex} is off the grid", built.hex.span)
                for pay in built.payment or ():
                    self.card_kind(pay.kind)

    def expectation(
        self,
        expectation: s.Expectation,
        board: Board,
        colours: set[str],
        position: Position | None,
    ) -> None:
        if isinstance(expectation, (s.ExpectScore, s.ExpectHand, s.ExpectSupply, s.ExpectWinner)):
            if position is None:
                self.error(
                    "E506", "this expectation needs a position with players", expectation.span
                )
                return
            self.player_ref(expectation.player, colours)
        if isinstance(expectation, s.ExpectHand):
            self.counts(expectation.counts, CardKind)
        elif isinstance(expectation, s.ExpectSupply):
            self.counts(expectation.counts, TileKind)
        elif isinstance(expectation, s.ExpectCubes):
            for ref in expectation.places:
                self.place_ref(ref, board)
        elif isinstance(expectation, s.ExpectFinalScores):
            for pair in expectation.scores:
                self.player_ref(pair.player, colours)

    def query(
        self, query: s.QueryDecl, board: Board, colours: set[str], position: Position | None
    ) -> None:
        if position is None or not position.players:
            self.error("E506", "a query needs a position with players", query.span)
            return
        if query.kind == "can-complete":
            if query.subject is None:
                self.error("E505", "can-complete needs the contract to ask about", query.span)
            else:
                self.contract_ref(query.subject, board)
        elif query.subject is not None:
            self.error(
                "E505", f"{query.kind} asks about a player, not a contract", query.subject.span
            )
        if query.player is not None:
            self.player_ref(query.player, colours)
        answer = query.answer
        if query.kind in ("final-scores", "winner", "cost"):
            if query.player is not None:
                self.error(
                    "E505",
                    f"{query.kind} is about "
                    + ("the turn just before" if query.kind == "cost" else "every player")
                    + ": leave out `for`",
                    query.span,
                )
            if answer is not None:
                self.error(
                    "E505",
                    f"{query.kind} takes no answer: claim one with "
                    + (
                        "`expect cost N cards`"
                        if query.kind == "cost"
                        else "`expect winner PLAYER` or `expect final scores PLAYER N, ...`"
                    ),
                    query.span,
                )
            return
        if answer is not None:
            if query.kind == "can-complete" and answer.points is not None:
                self.error("E505", "can-complete answers yes or no, not points", answer.points.span)
            if query.kind != "can-complete" and (
                answer.yes is not None or answer.cards is not None
            ):
                self.error(
                    "E505", f"{query.kind} answers with points, not yes/no or cards", query.span
                )
