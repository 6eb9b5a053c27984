"""The rules engine: plays a proposed turn and says whether it is legal, and why not.

:func:`play_turn` never stops at the first broken rule: it applies every step it can, calls
each rule's check where the rulebooks apply it, and returns a :class:`Verdict` with every
:class:`Violation` (rule id, message, and the line and column of the step) and the position
after the turn. An illegal turn is not applied to the game: the next turn starts from the
position before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from canaldsl.canalmania import checks_contracts as contract_rules
from canaldsl.canalmania import checks_end as end_rules
from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania import checks_turn as turn_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.actions_build import BuildActions
from canaldsl.canalmania.actions_cards import CardActions
from canaldsl.canalmania.actions_contracts import ContractActions
from canaldsl.canalmania.actions_goods import GoodsActions
from canaldsl.canalmania.components import HAND_LIMIT, Edition
from canaldsl.canalmania.position import Position, Tile
from canaldsl.canalmania.state import GameState
from canaldsl.canalmania.turncontext import TilePayment
from canaldsl.canalmania.turns import turn_moves
from canaldsl.diagnostics import Span
from canaldsl.verdicts import Reading, Violation


@dataclass(frozen=True)
class Verdict:
    """The outcome of one turn: every broken rule, and the position after it."""

    player: str
    violations: tuple[Violation, ...]
    before: Position
    after: Position
    points: Mapping[str, int]
    span: Span
    payments: tuple[TilePayment, ...] = ()
    """The cards paid for each tile built, in building order."""
    consulted: tuple[str, ...] = ()
    """The switches the turn's checks read, sorted."""
    readings: tuple[Reading, ...] = ()
    """The switches that decided the verdict (:func:`canaldsl.canalmania.readings.decided`
    fills it in; empty until then)."""

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v.rule for v in self.violations))


MAIN_ACTIONS: dict[type, str] = {
    mv.TakeContract: "take contract",
    mv.TakeJunction: "take junction",
    mv.ExchangeEngineer: "exchange engineer",
    mv.DiscardDisplay: "discard display",
    mv.TakeCards: "take cards",
    mv.Build: "build",
    mv.MoveCube: "move cube",
    mv.Draw: "draw",
    mv.Pass: "pass",
}
FREE_STEPS = (mv.RemoveTiles, mv.DiscardCards)


def play_turn(state: GameState, turn: s.TurnDecl | mv.Turn) -> Verdict:
    """Play ``turn`` (as written, or already read into moves) on a copy of ``state``; the
    state passed in is not changed."""
    moves = turn_moves(turn) if isinstance(turn, s.TurnDecl) else turn
    return run_turn(state, moves)[0]


def run_turn(
    state: GameState, turn: mv.Turn, *, before: Position | None = None
) -> tuple[Verdict, GameState]:
    """Play ``turn`` on a copy of ``state``: its verdict, and the game to play the next turn
    on (the turn's own state when it is legal, else ``state`` itself, unchanged).

    ``before`` is ``state`` as a position when the caller has it already (the position of
    the previous verdict), so that it is not made again."""
    runner = _TurnRunner(state.copy(), turn)
    runner.run()
    verdict = Verdict(
        player=turn.player.text,
        violations=tuple(runner.referee.violations),
        before=before if before is not None else state.to_position(),
        after=runner.state.to_position(),
        points=MappingProxyType(dict(runner.points)),
        span=turn.span,
        payments=tuple(runner.payments),
        consulted=tuple(sorted(runner.consulted)),
    )
    if not verdict.legal:
        return verdict, state
    runner.state.settle()
    return verdict, runner.state


class _TurnRunner(ContractActions, CardActions, GoodsActions, BuildActions):
    """Plays one turn: its phases in order, each step by its action family."""

    # ------------------------------------------------------------ the turn
    def run(self) -> None:
        turn = self.turn
        colour = turn.player.text
        self.check(
            turn_rules.player_order, turn.player.span, expected=self.state.now, player=colour
        )
        self.check(end_rules.game_over, turn.player.span, state=self.state)
        phases: dict[int, list[mv.Step]] = {1: [], 2: [], 3: []}
        marks: dict[int, Span] = {}
        current = 0
        for item in turn.items:
            if isinstance(item, mv.PhaseMark):
                current = item.number
                marks[current] = item.span
            elif isinstance(item, FREE_STEPS) and current == 0:
                self.free_step(item)
            else:
                phases.setdefault(max(current, 1), []).append(item)
        first_phase = self.state.phase  # a position may be written in the middle of a turn
        for number in (1, 2, 3):
            steps = phases.get(number, [])
            if number < first_phase:
                for step in steps:
                    self.check(
                        turn_rules.phase_passed, step.span, phase=number, current=first_phase
                    )
                continue
            self.state.phase = number
            self.phase(number, steps, marks.get(number, turn.span))
        self.end_of_turn()

    def phase(self, number: int, steps: list[mv.Step], span: Span) -> None:
        actions = 0
        acted = False
        took_contract = False
        index = 0
        while index < len(steps):
            step = steps[index]
            index += 1
            if isinstance(step, FREE_STEPS):
                self.free_step(step)
                continue
            action = MAIN_ACTIONS.get(type(step))
            if action is None:
                self.follow_up(step)
                continue
            actions += 1
            acted = acted or not isinstance(step, mv.Pass)
            self.check(turn_rules.one_action_per_phase, step.span, phase=number, actions=actions)
            if not self.check(turn_rules.action_in_phase, step.span, phase=number, action=action):
                continue
            if isinstance(step, mv.TakeContract):
                took_contract = True
                index = self.take_contract(step, steps, index)
            elif isinstance(step, mv.TakeJunction):
                took_contract = True
                self.take_junction(step)
            elif isinstance(step, mv.ExchangeEngineer):
                self.exchange(step)
            elif isinstance(step, mv.DiscardDisplay):
                index = self.discard_display(step, steps, index)
            elif isinstance(step, mv.TakeCards):
                index = self.take_cards(step, steps, index)
            elif isinstance(step, mv.Draw):
                index = self.draw(step, steps, index)
            elif isinstance(step, mv.Build):
                self.build(step)
            elif isinstance(step, mv.MoveCube):
                self.move(step)
        if actions == 0 and not (number == 1 and took_contract):
            self.check(
                turn_rules.phase_skipped,
                span,
                phase=number,
                skip_allowed=self.option("skip-phase") == "allowed",
            )
        if number == 1:
            available = self.contract_available()
            self.check(
                contract_rules.mandatory,
                span,
                open_contracts=len(self.player.open_canals),
                took=took_contract,
                available=available,
            )
            if (
                self.edition is Edition.SECOND
                and not available
                and not acted
                and not self.player.open_canals
            ):
                self.check(
                    contract_rules.none_left_other_action,
                    span,
                    acted=acted,
                    reading=self.option("no-contract-left"),
                )
        for owed in self.obligations:
            self.check(
                goods_rules.symbol_placement,
                owed.span,
                symbol=owed.symbol,
                wanted=self.cubes_wanted(owed.symbol)[0],
                placed=0,
            )
        self.obligations.clear()

    def contract_available(self) -> bool:
        parliament = self.state.parliament
        junction = self.edition is Edition.SECOND and self.player.junctions > 0
        return parliament is None or bool(parliament) or junction

    def follow_up(self, step: mv.Step) -> None:
        """Steps that complete an action: cube placements and removals; stray ones are errors."""
        if isinstance(step, mv.PlaceCubes):
            self.place_cubes(step)
        elif isinstance(step, mv.RemoveCube):
            self.remove_cube(step)
        elif isinstance(step, (mv.Refill, mv.Reveal)):
            self.check(
                turn_rules.action_in_phase,
                step.span,
                phase=self.state.phase,
                action="refill" if isinstance(step, mv.Refill) else "reveal",
            )

    def free_step(self, step: mv.Step) -> None:
        if isinstance(step, mv.RemoveTiles):
            self.remove_tiles(step)
        elif isinstance(step, mv.DiscardCards):
            self.discard_cards(step)

    def end_of_turn(self) -> None:
        player = self.player
        size = player.hand_size()
        if size is not None:
            self.check(
                turn_rules.hand_limit,
                self.turn.span,
                size=size,
                discarded=self.discarded_for_limit,
            )
        for canal in player.canals:
            canal.route = [
                Tile(x.hex, x.kind, x.owner, x.canal, x.section, x.hex in self.built_now)
                if isinstance(x, Tile)
                else x
                for x in canal.route
            ]
        state = self.state
        end_rules.trigger_end(state)
        if state.players:
            following = state.next_player(player.colour)
            if state.round is not None and following == state.players[0].colour:
                state.round += 1
            state.now = following
        state.phase = 1


# ------------------------------------------------------------------ helpers shared with others


__all__ = ["HAND_LIMIT", "Verdict", "Violation", "play_turn", "run_turn"]
