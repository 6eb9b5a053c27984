"""The engine's card actions: exchanging engineers, the display, drawing, discarding.

The rules they apply are those of :mod:`canaldsl.canalmania.checks_cards`.
"""

from __future__ import annotations

from canaldsl.canalmania import checks_build as build_rules
from canaldsl.canalmania import checks_cards as card_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.components import DISPLAY_SIZE
from canaldsl.canalmania.turncontext import Obligation, TurnContext
from canaldsl.rules import rule_id
from canaldsl.verdicts import Violation


class CardActions(TurnContext):
    """Actions on cards and engineers, and the refills that follow them."""

    def exchange(self, step: mv.ExchangeEngineer) -> None:
        state = self.state
        player = self.player
        if step.with_player is not None:
            target = step.with_player.text
            other = state.player(target) if state.has_player(target) else None
            engineer = other.engineer if other else None
            if (
                self.check(
                    card_rules.exchange,
                    step.span,
                    own=player.engineer,
                    other=engineer,
                    target=target,
                )
                and other is not None
            ):
                player.engineer, other.engineer = other.engineer, player.engineer
        else:
            assert step.for_engineer is not None
            target = step.for_engineer.text
            aside = target if target in state.engineers_aside else None
            if (
                self.check(
                    card_rules.exchange, step.span, own=player.engineer, other=aside, target=target
                )
                and player.engineer is not None
            ):
                state.engineers_aside.remove(target)
                state.engineers_aside.append(player.engineer)
                player.engineer = target

    # -- cards
    def discard_display(self, step: mv.DiscardDisplay, steps: list[mv.Step], index: int) -> int:
        state = self.state
        display = state.display
        self.check(
            card_rules.discard_display,
            step.span,
            display_size=len(display) if display is not None else None,
        )
        self.to_discard(display or [], count=DISPLAY_SIZE if display is None else None)
        state.display = []
        return self.refill_display(step, steps, index, DISPLAY_SIZE)

    def take_cards(self, step: mv.TakeCards, steps: list[mv.Step], index: int) -> int:
        state = self.state
        player = self.player
        self.check(
            card_rules.take_three,
            step.span,
            taken=len(step.cards),
            hand_before=player.hand_size(),
            rennie=player.engineer == "Rennie",
        )
        for written in step.cards:
            card = written.card
            if (
                self.check(card_rules.in_display, written.span, card=card, display=state.display)
                and state.display is not None
            ):
                state.display.remove(card)
            if player.hand is not None:
                player.hand[card.kind] += 1
            if card.symbol is not None:
                self.obligations.append(Obligation(card.symbol, written.span))
        return self.refill_display(step, steps, index, len(step.cards))

    def refill_display(self, step: mv.Step, steps: list[mv.Step], index: int, count: int) -> int:
        state = self.state
        refill = self.take_follow_up(steps, index, mv.Refill)
        known, unknown = self.deal(count)
        dealt = len(known) + unknown
        if isinstance(refill, mv.Refill):
            written = [c.card for c in refill.cards]
            if written[: len(known)] != known:
                shown = ", ".join(str(c) for c in known)
                self.referee.violations.append(
                    Violation(
                        rule_id(card_rules.refill),
                        f"the deck's next cards are {shown}",
                        refill.span,
                    )
                )
            else:
                self.check(
                    card_rules.refill,
                    refill.span,
                    revealed=len(written),
                    needed=count,
                    deck_left=dealt,
                )
            if state.display is not None:
                state.display.extend(known + written[len(known) : dealt])
        elif unknown:
            state.display = None  # the new cards are not known
        elif state.display is not None:
            state.display.extend(known)
        return index

    def draw(self, step: mv.Draw, steps: list[mv.Step], index: int) -> int:
        state = self.state
        player = self.player
        stated = step.card.card if step.card is not None else None
        if step.from_display:
            self.check(card_rules.rennie, step.span, engineer=player.engineer)
            if (
                stated is not None
                and self.check(card_rules.in_display, step.span, card=stated, display=state.display)
                and state.display is not None
            ):
                state.display.remove(stated)
            if player.hand is not None and stated is not None:
                player.hand[stated.kind] += 1
            elif stated is None:
                player.hand = None
            if (
                stated is not None
                and stated.symbol is not None
                and self.option("rennie-display-draw-goods") == "placed"
            ):
                self.obligations.append(Obligation(stated.symbol, step.span))
            return self.refill_display(step, steps, index, 1)
        known, _ = self.deal(1)
        top = known[0] if known else None
        self.check(card_rules.top_card, step.span, stated=stated, top=top)
        card = top or stated
        if player.hand is not None:
            if card is None:
                player.hand = None
            else:
                player.hand[card.kind] += 1
        announced = step.announce and self.check(card_rules.announce, step.span, card=card)
        if announced and card is not None and card.symbol is not None:
            self.obligations.append(Obligation(card.symbol, step.span))
        return index

    def discard_cards(self, step: mv.DiscardCards) -> None:
        player = self.player
        for written in step.cards:
            kind = written.card.kind
            if player.hand is not None:
                held = player.hand[kind]
                self.check(
                    build_rules.not_in_hand,
                    written.span,
                    card=kind.value,
                    paid=1,
                    held=held,
                )
                player.hand[kind] = max(held - 1, 0)
            self.discarded_for_limit += 1
        self.to_discard([c.card for c in step.cards])
