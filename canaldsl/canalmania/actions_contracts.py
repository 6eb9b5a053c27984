"""The engine's contract actions: taking contracts (and refilling parliament), taking a junction.

The rules they apply are those of :mod:`canaldsl.canalmania.checks_contracts`.
"""

from __future__ import annotations

from canaldsl.canalmania import checks_contracts as contract_rules
from canaldsl.canalmania import checks_end as end_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.components import JUNCTION_VALUE, Edition
from canaldsl.canalmania.position import JUNCTION, is_junction_name
from canaldsl.canalmania.state import CanalState
from canaldsl.canalmania.turncontext import TurnContext
from canaldsl.rules import rule_id
from canaldsl.verdicts import Violation


class ContractActions(TurnContext):
    """Phase 1's contract actions."""

    # -- phase 1
    def take_contract(self, step: mv.TakeContract, steps: list[mv.Step], index: int) -> int:
        state = self.state
        player = self.player
        parliament_before = len(state.parliament) if state.parliament is not None else None
        revealed_now: list[str] | None = []  # None: new contracts turned up but not written
        for number, choice in enumerate(step.choices):
            name = choice.contract.text
            if number == 1 and is_junction_name(name, state.board.contracts):
                self.check(
                    contract_rules.junction,
                    choice.contract.span,
                    has_card=self.edition is Edition.SECOND and player.junctions > 0,
                    as_extra=True,
                    edition=self.edition,
                )
                continue
            contract = state.board.contracts[name]
            if number == 1:
                self.check(
                    contract_rules.extra,
                    choice.contract.span,
                    parliament_before=parliament_before,
                    second_from_reveal=revealed_now is None or name in revealed_now,
                )
            self.check(
                contract_rules.from_parliament,
                choice.contract.span,
                contract=name,
                parliament=state.parliament,
                holder=state.contract_holder(name),
            )
            self.check(
                contract_rules.max_open,
                choice.contract.span,
                open_after=len(player.open_canals) + 1,
            )
            self.check(
                contract_rules.barge, choice.barge.span, contract=contract, place=choice.barge.text
            )
            if state.parliament is not None and name in state.parliament:
                state.parliament.remove(name)
            player.canals.append(
                CanalState(name, player.colour, [choice.barge.text], False, contract.value)
            )
            if state.parliament is not None and not state.parliament:
                index, revealed_now = self.refill_parliament(step, steps, index)
        return index

    def refill_parliament(
        self, step: mv.Step, steps: list[mv.Step], index: int
    ) -> tuple[int, list[str] | None]:
        state = self.state
        reveal = self.take_follow_up(steps, index, mv.Reveal)
        deck = state.contract_deck
        if isinstance(deck, list):
            names = deck[:5]
            del deck[:5]
            if isinstance(reveal, mv.Reveal) and [r.text for r in reveal.contracts] != names:
                self.referee.violations.append(
                    Violation(
                        rule_id(contract_rules.parliament_refill),
                        f"the next contracts of the contract deck are {', '.join(names)}",
                        reveal.span,
                    )
                )
        elif isinstance(reveal, mv.Reveal):
            names = [r.text for r in reveal.contracts]
            available = deck if isinstance(deck, int) else None
            self.check(
                contract_rules.parliament_refill,
                reveal.span,
                revealed=len(names),
                available=available,
            )
            if isinstance(deck, int):
                state.contract_deck = max(deck - len(names), 0)
        elif deck == 0:
            state.parliament = []  # every contract has left the deck: parliament stays empty
            return index, []
        else:
            state.parliament = None  # new contracts were turned up, but the file does not say which
            if isinstance(deck, int):
                state.contract_deck = max(deck - 5, 0)
            end_rules.parliament_refilled(state)
            return index, None
        state.parliament = list(names)
        end_rules.parliament_refilled(state)
        return index, list(names)

    def double_take_possible(self) -> bool:
        """Whether the player could take two contracts as one action now: parliament holds
        two, or one with contracts left in the deck to turn up, and no contract is open."""
        state = self.state
        if self.player.open_canals or state.parliament is None:
            return False
        if len(state.parliament) == 2:
            return True
        deck = state.contract_deck
        return len(state.parliament) == 1 and deck != 0 and deck != []

    def take_junction(self, step: mv.TakeJunction) -> None:
        player = self.player
        double = self.edition is Edition.SECOND and self.double_take_possible()
        self.check(
            contract_rules.junction,
            step.span,
            has_card=self.edition is Edition.SECOND and player.junctions > 0,
            as_extra=False,
            edition=self.edition,
            double_possible=double,
            reading=self.option("junction-double-take") if double else "second-contract-only",
        )
        self.check(contract_rules.max_open, step.span, open_after=len(player.open_canals) + 1)
        player.junctions = max(player.junctions - 1, 0)
        player.canals.append(
            CanalState(JUNCTION, player.colour, [step.barge.text], False, JUNCTION_VALUE)
        )
