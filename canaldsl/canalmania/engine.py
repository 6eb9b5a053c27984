"""The rules engine: plays a proposed turn and says whether it is legal, and why not.

:func:`play_turn` never stops at the first broken rule: it applies every step it can, calls
each rule's check where the rulebooks apply it, and returns a :class:`Verdict` with every
:class:`Violation` (rule id, message, and the line and column of the step) and the position
after the turn. An illegal turn is not applied to the game: the next turn starts from the
position before it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ParamSpec

from canaldsl.canalmania import checks_build as build_rules
from canaldsl.canalmania import checks_cards as card_rules
from canaldsl.canalmania import checks_contracts as contract_rules
from canaldsl.canalmania import checks_end as end_rules
from canaldsl.canalmania import checks_goods as goods_rules
from canaldsl.canalmania import checks_turn as turn_rules
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.components import (
    CARDS_PER_TILE,
    DISPLAY_SIZE,
    HAND_LIMIT,
    JUNCTION_VALUE,
    OVERBUILD_EXTRA_CARDS,
    PLACE_COLOURS,
    CardKind,
    Edition,
    TileKind,
)
from canaldsl.canalmania.position import JUNCTION, Card, Position, Tile
from canaldsl.canalmania.routes import completable
from canaldsl.canalmania.state import CanalState, GameState, PlayerState, Section
from canaldsl.diagnostics import Span
from canaldsl.hexgrid import Hex
from canaldsl.rules import Referee, rule_id
from canaldsl.verdicts import Violation

P = ParamSpec("P")


@dataclass(frozen=True)
class Verdict:
    """The outcome of one turn: every broken rule, and the position after it."""

    player: str
    violations: tuple[Violation, ...]
    before: Position
    after: Position
    points: Mapping[str, int]
    span: Span

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v.rule for v in self.violations))


MAIN_ACTIONS: dict[type, str] = {
    s.TakeContract: "take contract",
    s.TakeJunction: "take junction",
    s.ExchangeEngineer: "exchange engineer",
    s.DiscardDisplay: "discard display",
    s.TakeCards: "take cards",
    s.Build: "build",
    s.MoveCube: "move cube",
    s.Draw: "draw",
    s.Pass: "pass",
}
FREE_STEPS = (s.RemoveTiles, s.DiscardCards)


def play_turn(state: GameState, turn: s.TurnDecl) -> Verdict:
    """Play ``turn`` on a copy of ``state``; the state passed in is not changed."""
    return run_turn(state, turn)[0]


def run_turn(
    state: GameState, turn: s.TurnDecl, *, before: Position | None = None
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
    )
    if not verdict.legal:
        return verdict, state
    runner.state.settle()
    return verdict, runner.state


@dataclass
class _Obligation:
    """Goods cubes owed for a goods symbol that came up."""

    symbol: str
    span: Span


@dataclass
class _TurnRunner:
    state: GameState
    turn: s.TurnDecl
    auto_plan: list[list[CardKind]] = field(default_factory=list)
    auto_unpaid_reported: bool = False
    hand_at_build: Counter[CardKind] = field(default_factory=Counter)
    referee: Referee = field(default_factory=Referee)
    points: Counter[str] = field(default_factory=Counter)
    obligations: list[_Obligation] = field(default_factory=list)
    built_now: set[Hex] = field(default_factory=set)
    discarded_for_limit: int = 0

    # ------------------------------------------------------------ helpers
    def check(
        self, function: Callable[P, str | None], span: Span, /, *args: P.args, **kwargs: P.kwargs
    ) -> bool:
        """Run one rule's check with its own typed arguments; record a violation when it is
        broken. True when it holds."""
        return self.referee.check(function, span, *args, **kwargs)

    @property
    def player(self) -> PlayerState:
        return self.state.player(self.turn.player.text)

    @property
    def edition(self) -> Edition:
        return self.state.rules.edition

    def option(self, name: str) -> str:
        return self.state.rules.options[name]

    def score(self, colour: str, points: int) -> None:
        if points:
            self.state.player(colour).score += points
            self.points[colour] += points

    # ------------------------------------------------------------ the turn
    def run(self) -> None:
        turn = self.turn
        colour = turn.player.text
        self.check(
            turn_rules.player_order, turn.player.span, expected=self.state.now, player=colour
        )
        self.check(end_rules.game_over, turn.player.span, state=self.state)
        phases: dict[int, list[s.Step]] = {1: [], 2: [], 3: []}
        marks: dict[int, Span] = {}
        current = 0
        for item in turn.items:
            if isinstance(item, s.PhaseMark):
                current = item.number.value
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

    def phase(self, number: int, steps: list[s.Step], span: Span) -> None:
        actions = 0
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
            self.check(turn_rules.one_action_per_phase, step.span, phase=number, actions=actions)
            if not self.check(turn_rules.action_in_phase, step.span, phase=number, action=action):
                continue
            if isinstance(step, s.TakeContract):
                took_contract = True
                index = self.take_contract(step, steps, index)
            elif isinstance(step, s.TakeJunction):
                took_contract = True
                self.take_junction(step)
            elif isinstance(step, s.ExchangeEngineer):
                self.exchange(step)
            elif isinstance(step, s.DiscardDisplay):
                index = self.discard_display(step, steps, index)
            elif isinstance(step, s.TakeCards):
                index = self.take_cards(step, steps, index)
            elif isinstance(step, s.Draw):
                index = self.draw(step, steps, index)
            elif isinstance(step, s.Build):
                self.build(step)
            elif isinstance(step, s.MoveCube):
                self.move(step)
        if actions == 0 and not (number == 1 and took_contract):
            self.check(
                turn_rules.phase_skipped,
                span,
                phase=number,
                skip_allowed=self.option("skip-phase") == "allowed",
            )
        if number == 1:
            self.check(
                contract_rules.mandatory,
                span,
                open_contracts=len(self.player.open_canals),
                took=took_contract,
                available=self.contract_available(),
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

    def follow_up(self, step: s.Step) -> None:
        """Steps that complete an action: cube placements and removals; stray ones are errors."""
        if isinstance(step, s.PlaceCubes):
            self.place_cubes(step)
        elif isinstance(step, s.RemoveCube):
            self.remove_cube(step)
        elif isinstance(step, (s.Refill, s.Reveal)):
            self.check(
                turn_rules.action_in_phase,
                step.span,
                phase=self.state.phase,
                action="refill" if isinstance(step, s.Refill) else "reveal",
            )

    def free_step(self, step: s.Step) -> None:
        if isinstance(step, s.RemoveTiles):
            self.remove_tiles(step)
        elif isinstance(step, s.DiscardCards):
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

    # ------------------------------------------------------------ phase 1
    def take_contract(self, step: s.TakeContract, steps: list[s.Step], index: int) -> int:
        state = self.state
        player = self.player
        parliament_before = len(state.parliament) if state.parliament is not None else None
        revealed_now: list[str] | None = []  # None: new contracts turned up but not written
        for number, choice in enumerate(step.choices):
            name = choice.contract.text
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
        self, step: s.Step, steps: list[s.Step], index: int
    ) -> tuple[int, list[str] | None]:
        state = self.state
        reveal = self.take_follow_up(steps, index, s.Reveal)
        deck = state.contract_deck
        if isinstance(deck, list):
            names = deck[:5]
            del deck[:5]
            if isinstance(reveal, s.Reveal) and [r.text for r in reveal.contracts] != names:
                self.referee.violations.append(
                    Violation(
                        rule_id(contract_rules.parliament_refill),
                        f"the next contracts of the contract deck are {', '.join(names)}",
                        reveal.span,
                    )
                )
        elif isinstance(reveal, s.Reveal):
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

    def take_junction(self, step: s.TakeJunction) -> None:
        player = self.player
        self.check(
            contract_rules.junction,
            step.span,
            has_card=self.edition is Edition.SECOND and player.junctions > 0,
            as_extra=False,
            edition=self.edition,
        )
        self.check(contract_rules.max_open, step.span, open_after=len(player.open_canals) + 1)
        player.junctions = max(player.junctions - 1, 0)
        player.canals.append(
            CanalState(JUNCTION, player.colour, [step.barge.text], False, JUNCTION_VALUE)
        )

    def exchange(self, step: s.ExchangeEngineer) -> None:
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

    # ------------------------------------------------------------ cards
    def discard_display(self, step: s.DiscardDisplay, steps: list[s.Step], index: int) -> int:
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

    def take_cards(self, step: s.TakeCards, steps: list[s.Step], index: int) -> int:
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
            card = _card(written)
            if (
                self.check(
                    card_rules.in_display, _card_span(written), card=card, display=state.display
                )
                and state.display is not None
            ):
                state.display.remove(card)
            if player.hand is not None:
                player.hand[card.kind] += 1
            if card.symbol is not None:
                self.obligations.append(_Obligation(card.symbol, _card_span(written)))
        return self.refill_display(step, steps, index, len(step.cards))

    @staticmethod
    def take_follow_up(steps: list[s.Step], index: int, kind: type) -> s.Step | None:
        """Remove and return the first step of ``kind`` among the follow-ups of this action."""
        j = index
        while j < len(steps) and isinstance(
            steps[j], (s.PlaceCubes, s.RemoveCube, s.Refill, s.Reveal)
        ):
            if isinstance(steps[j], kind):
                return steps.pop(j)
            j += 1
        return None

    def refill_display(self, step: s.Step, steps: list[s.Step], index: int, count: int) -> int:
        state = self.state
        refill = self.take_follow_up(steps, index, s.Refill)
        known, unknown = self.deal(count)
        dealt = len(known) + unknown
        if isinstance(refill, s.Refill):
            written = [_card(c) for c in refill.cards]
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

    def deal(self, count: int) -> tuple[list[Card], int]:
        """Take ``count`` cards off the deck: the known ones in order, and how many unknown.

        An empty deck is replaced by the reshuffled discard pile, whose order nobody knows.
        Fewer cards are dealt only when the deck and the discard pile are both empty.
        """
        state = self.state
        known: list[Card] = []
        unknown = 0
        while len(known) + unknown < count:
            deck = state.deck
            if isinstance(deck, list) and deck:
                known.append(deck.pop(0))
            elif isinstance(deck, int) and deck > 0:
                state.deck = deck - 1
                unknown += 1
            elif deck is None:
                unknown += 1
            else:  # the deck is empty: shuffle the discard pile into a new one
                pile = state.discard_pile
                size = len(pile) if isinstance(pile, list) else pile
                if size == 0:
                    break
                state.discard_pile = (
                    [] if isinstance(pile, list) else 0 if isinstance(pile, int) else None
                )
                state.deck = size
        return known, unknown

    def draw(self, step: s.Draw, steps: list[s.Step], index: int) -> int:
        state = self.state
        player = self.player
        stated = _card(step.card) if step.card is not None else None
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
                self.obligations.append(_Obligation(stated.symbol, step.span))
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
            self.obligations.append(_Obligation(card.symbol, step.span))
        return index

    def to_discard(self, cards: Sequence[Card], count: int | None = None) -> None:
        pile = self.state.discard_pile
        number = len(cards) if count is None else count
        if isinstance(pile, list):
            if count is None:
                pile.extend(cards)
            else:
                self.state.discard_pile = len(pile) + number
        elif isinstance(pile, int):
            self.state.discard_pile = pile + number

    def discard_cards(self, step: s.DiscardCards) -> None:
        player = self.player
        for written in step.cards:
            kind = CardKind(written.kind.text)
            if player.hand is not None:
                held = player.hand[kind]
                self.check(
                    build_rules.cards_in_hand,
                    _card_span(written),
                    card=kind.value,
                    paid=1,
                    held=held,
                )
                player.hand[kind] = max(held - 1, 0)
            self.discarded_for_limit += 1
        self.to_discard([_card(c) for c in step.cards])

    # ------------------------------------------------------------ goods placement
    def cubes_wanted(self, colour: str) -> tuple[int, int]:
        """(cubes to place, free places) for a symbol of this colour now."""
        board = self.state.board
        if colour == "white":
            free = max(
                sum(1 for p in board.places_of_colour(c) if p.name not in self.state.cubes)
                for c in PLACE_COLOURS
            )
        else:
            free = sum(1 for p in board.places_of_colour(colour) if p.name not in self.state.cubes)
        wanted = goods_rules.full_colour(free_places=free, wanted=2)
        if self.edition is Edition.SECOND:
            wanted = goods_rules.no_more_cubes(basin=self.state.basin, wanted=wanted)
        return wanted, free

    def place_cubes(self, step: s.PlaceCubes) -> None:
        state = self.state
        board = state.board
        colour = step.colour.text
        if not self.obligations:
            self.check(
                goods_rules.symbol_placement,
                step.span,
                symbol=colour,
                wanted=0,
                placed=len(step.places),
            )
            return
        owed = self.obligations.pop(0)
        wanted, _ = self.cubes_wanted(colour if owed.symbol == "white" else owed.symbol)
        if self.edition is Edition.FIRST and state.basin < wanted:
            self.referee.violations.append(
                Violation(
                    rule_id(goods_rules.removal_order),
                    f"the basin holds {state.basin} cube(s): take {wanted - state.basin} off the "
                    "map first",
                    step.span,
                )
            )
        connected = state.connected_places()
        for ref in step.places:
            place = ref.text
            ok = self.check(
                goods_rules.symbol_colour,
                ref.span,
                symbol=owed.symbol,
                colour=colour,
                place=place,
                place_colour=board.places[place].colour,
            )
            ok = (
                self.check(
                    goods_rules.one_per_place, ref.span, place=place, occupied=place in state.cubes
                )
                and ok
            )
            if ok:
                free = [
                    p.name
                    for p in board.places_of_colour(board.places[place].colour)
                    if p.name not in state.cubes
                ]
                best = min(goods_rules.priority_class(board, p, connected) for p in free)
                self.check(
                    goods_rules.placement_priority,
                    ref.span,
                    place=place,
                    chosen=goods_rules.priority_class(board, place, connected),
                    best=best,
                )
                state.cubes.add(place)
                state.basin = max(state.basin - 1, 0)
        self.check(
            goods_rules.symbol_placement,
            step.span,
            symbol=owed.symbol,
            wanted=wanted,
            placed=len(step.places),
        )

    def remove_cube(self, step: s.RemoveCube) -> None:
        state = self.state
        board = state.board
        place = step.place.text
        needed = bool(self.obligations) and state.basin < 2 and self.edition is Edition.FIRST
        if place not in state.cubes:
            self.check(goods_rules.cube_at_start, step.place.span, place=place, has_cube=False)
            return
        connected = state.connected_places()
        order = [4, 3, 2] + (
            [1] if self.option("cube-removal-order") == "reverse-placement" else []
        )
        present = {goods_rules.priority_class(board, p, connected) for p in state.cubes}
        best = next((c for c in order if c in present), None)
        chosen = goods_rules.priority_class(board, place, connected)
        self.check(
            goods_rules.removal_order,
            step.place.span,
            place=place,
            chosen=chosen,
            best=best if chosen in order else None,
            needed=needed,
            edition=self.edition,
        )
        state.cubes.discard(place)
        state.basin += 1

    # ------------------------------------------------------------ building
    def build(self, step: s.Build) -> None:
        player = self.player
        touched: dict[str, tuple[CanalState, Span]] = {}
        started: set[int] = set()
        labels: dict[str, list[tuple[int, str, Span]]] = {}
        physical: Counter[CardKind] = Counter()
        tile_number = 0
        self.auto_plan = self.plan_unwritten_payments(step)
        self.auto_unpaid_reported = False
        self.hand_at_build = Counter(player.hand or {})
        for line in step.lines:
            first_hex = next(
                (Hex.parse(i.hex.text) for i in line.items if isinstance(i, s.BuildTile)), None
            )
            canal = self.own_canal(line.canal, line.junction_span, first_hex)
            if canal is None:
                continue
            name = canal.contract
            touched[name] = (canal, line.span)
            for item in line.items:
                if canal.completed:
                    self.check(build_rules.own_contract, line.span, contract=name, open_canal=False)
                    break
                if isinstance(item, s.ReachPlace):
                    self.reach(canal, item)
                    continue
                tile_number += 1
                first = id(canal) not in started
                started.add(id(canal))
                self.build_tile(canal, item, first, tile_number, labels, physical)
        for label, uses in labels.items():
            numbers = [u[0] for u in uses]
            canals = {u[1] for u in uses}
            consecutive = len(canals) == 1 and max(numbers) - min(numbers) <= 1
            if len(uses) > 1:
                self.check(
                    build_rules.smeaton,
                    uses[1][2],
                    engineer=player.engineer,
                    kind="surveyor" if label.startswith("surveyor") else label.split("@")[0],
                    uses=len(uses),
                    consecutive=consecutive,
                )
        for name, (canal, span) in touched.items():
            if canal.completed:
                continue
            possible, reason = completable(self.state, canal)
            self.check(
                build_rules.completable, span, contract=name, possible=possible, reason=reason
            )
        self.to_discard(
            [
                Card(kind)
                for kind, n in sorted(physical.items(), key=lambda i: i[0].value)
                for _ in range(n)
            ]
        )

    def reach(self, canal: CanalState, item: s.ReachPlace) -> None:
        state = self.state
        place = item.name.text
        end = canal.end
        section_tiles = _tiles_since_place(canal)
        if isinstance(end, Tile):
            adjacent = end.hex.is_neighbour(state.board.places[place].hex)
            previous = str(end.hex)
        else:
            adjacent = False
            previous = end or "nothing"
        if not self.check(
            build_rules.connected,
            item.name.span,
            what=place,
            previous=previous,
            adjacent=adjacent,
            section_tiles=section_tiles if adjacent else 1,
        ):
            return
        if not self.check(
            build_rules.canal_integrity, item.name.span, what=place, repeated=place in canal.places
        ):
            return
        canal.route.append(place)
        if canal.is_junction:
            self.complete(canal, item.name.span)
            return
        contract = state.board.contracts[canal.contract]
        start = canal.places[0]
        if place == contract.other_endpoint(start):
            missing = [v for v in contract.via if v not in canal.places]
            if self.check(
                build_rules.via_places, item.name.span, contract=canal.contract, missing=missing
            ):
                self.complete(canal, item.name.span)

    def complete(self, canal: CanalState, span: Span) -> None:
        canal.completed = True
        player = self.player
        player.completed_contracts.append(canal.contract)
        points = build_rules.completion_points(
            kinds=[t.kind for t in canal.tiles], value=canal.value, edition=self.edition
        )
        self.score(player.colour, points)

    def build_tile(
        self,
        canal: CanalState,
        item: s.BuildTile,
        first: bool,
        number: int,
        labels: dict[str, list[tuple[int, str, Span]]],
        physical: Counter[CardKind],
    ) -> None:
        state = self.state
        board = state.board
        player = self.player
        kind = TileKind(item.kind.text)
        hex = Hex.parse(item.hex.text)
        label = hex.label
        end = canal.end
        end_hex = end.hex if isinstance(end, Tile) else board.places[end].hex if end else None
        adjacent = end_hex is not None and end_hex.is_neighbour(hex)
        if first:
            barge = end.hex.label if isinstance(end, Tile) else str(end)
            self.check(
                build_rules.start_at_barge,
                item.hex.span,
                hex_label=label,
                barge=barge,
                adjacent=adjacent,
            )
        else:
            self.check(
                build_rules.connected,
                item.hex.span,
                what=label,
                previous=end.hex.label if isinstance(end, Tile) else str(end),
                adjacent=adjacent,
                section_tiles=1,
            )
        place = board.place_at.get(hex)
        self.check(
            build_rules.terrain,
            item.kind.span,
            hex_label=label,
            kind=kind,
            terrain=board.terrain.get(hex),
            place=place.name if place else None,
        )
        self.check(
            build_rules.canal_integrity,
            item.hex.span,
            what=label,
            repeated=any(t.hex == hex for t in canal.tiles),
        )
        previous = end.kind if isinstance(end, Tile) else None
        self.check(
            build_rules.consecutive_tiles,
            item.kind.span,
            kind=kind,
            previous=previous,
            hex_label=label,
        )
        self.check(build_rules.tile_supply, item.kind.span, kind=kind, left=player.supply[kind])
        self.check(
            build_rules.contract_length,
            item.hex.span,
            contract=canal.contract,
            tiles=len(canal.tiles) + 1,
            value=canal.value,
        )
        occupied = any(t.hex == hex for c in state.canals() if c is not canal for t in c.tiles)
        self.pay(kind, item, occupied, canal, number, labels, physical)
        player.supply[kind] = max(player.supply[kind] - 1, 0)
        canal.route.append(
            Tile(hex, kind, player.colour, canal.contract, canal.section_index, True)
        )
        self.built_now.add(hex)

    def pay(
        self,
        kind: TileKind,
        item: s.BuildTile,
        occupied: bool,
        canal: CanalState,
        number: int,
        labels: dict[str, list[tuple[int, str, Span]]],
        physical: Counter[CardKind],
    ) -> None:
        player = self.player
        engineer = player.engineer
        span = item.hex.span
        extra = OVERBUILD_EXTRA_CARDS if occupied else 0
        if item.payment is None:
            if player.hand is None:
                return  # the hand is unknown: nothing to check
            if self.auto_plan:
                for card in self.auto_plan.pop(0):
                    self.take_from_hand(card, span, physical)
            elif not self.auto_unpaid_reported:
                self.auto_unpaid_reported = True
                self.referee.violations.append(
                    Violation(
                        rule_id(build_rules.cards_in_hand),
                        f"the hand ({_hand_text(self.hand_at_build)}) cannot pay for this "
                        f"{kind.value} as well as the tiles before it",
                        span,
                    )
                )
            return
        plays = [CardKind(p.kind.text) for p in item.payment]
        normal = CARDS_PER_TILE[kind]
        cost_ok = True
        reduced = build_rules.base_cost(kind, engineer)
        if occupied and len(plays) in (normal, reduced):
            self.check(build_rules.overbuild, span, hex_label=item.hex.text, plays=len(plays))
            main, cost_ok = len(plays), True
            extra = 0
        elif len(plays) == normal + extra:
            main = normal
        elif kind is TileKind.TUNNEL and len(plays) == 2 + extra:
            main = 2
            self.check(build_rules.jessop, span, engineer=engineer)
        elif kind is TileKind.AQUEDUCT and len(plays) == 1 + extra:
            main = 1
            self.check(build_rules.telford, span, engineer=engineer)
        else:
            main = build_rules.base_cost(kind, engineer)
            cost_ok = self.check(
                build_rules.card_cost, span, kind=kind, plays=len(plays), needed=main + extra
            )
        if cost_ok:
            natural = sum(1 for p in plays if p.value == kind.value or p is CardKind.SURVEYOR)
            stretches = sum(1 for p in plays if p is CardKind.STRETCH)
            if kind is TileKind.LOCK and natural < main and natural + stretches >= main:
                self.check(build_rules.brindley, span, engineer=engineer)
            else:
                self.check(build_rules.card_kind, span, kind=kind, base=main, matching=natural)
        for pay in item.payment:
            card = CardKind(pay.kind.text)
            if pay.label is not None:
                key = f"{pay.kind.text}{pay.label.text}"
                uses = labels.setdefault(key, [])
                uses.append((number, canal.contract, pay.label.span))
                if len(uses) > 1:
                    continue  # the same physical card, played again (Smeaton)
            self.take_from_hand(card, pay.kind.span, physical)

    def plan_unwritten_payments(self, step: s.Build) -> list[list[CardKind]]:
        """Cards for the tiles of this build written without their cards, chosen together.

        The hand left after the written payments pays them: natural cards first, then (Brindley)
        stretches for locks, then surveyors; the two extra cards of building on top of another
        tile may be of any kind. When no choice pays for them all, the plan covers the longest
        run of them, in building order, that can be paid; the next one is reported.
        """
        player = self.player
        if player.hand is None:
            return []
        left = Counter(player.hand)
        labelled: set[str] = set()
        unwritten: list[tuple[TileKind, bool]] = []
        built_here: dict[Hex, str] = {}
        for line in step.lines:
            name = line.canal.text if line.canal is not None else JUNCTION
            canal = player.canal(name)
            if canal is None:
                continue
            for item in line.items:
                if not isinstance(item, s.BuildTile):
                    continue
                hex = Hex.parse(item.hex.text)
                kind = TileKind(item.kind.text)
                occupied = (
                    any(
                        t.hex == hex for c in self.state.canals() if c is not canal for t in c.tiles
                    )
                    or built_here.get(hex, name) != name
                )
                built_here.setdefault(hex, name)
                if item.payment is None:
                    unwritten.append((kind, occupied))
                    continue
                for pay in item.payment:
                    key = f"{pay.kind.text}{pay.label.text}" if pay.label else None
                    if key is not None:
                        if key in labelled:
                            continue
                        labelled.add(key)
                    left[CardKind(pay.kind.text)] -= 1
        if any(n < 0 for n in left.values()):
            left = Counter({k: max(n, 0) for k, n in left.items()})
        for count in range(len(unwritten), -1, -1):
            plan = plan_payments(left, unwritten[:count], player.engineer)
            if plan is not None:
                return plan
        return []

    def take_from_hand(self, card: CardKind, span: Span, physical: Counter[CardKind]) -> None:
        player = self.player
        physical[card] += 1
        if player.hand is None:
            return
        held = player.hand[card]
        self.check(build_rules.cards_in_hand, span, card=card.value, paid=1, held=held)
        player.hand[card] = max(held - 1, 0)

    def own_canal(
        self, ref: s.Ref | None, junction_span: Span, first: Hex | None = None
    ) -> CanalState | None:
        """The player's open canal a build or removal names (None = a junction canal: with two
        open, the one whose barge is next to ``first``); None after reporting
        build.own-contract when the player has no such open canal."""
        name = ref.text if ref is not None else JUNCTION
        canal = self.player.canal(name)
        if ref is None and first is not None:
            board = self.state.board
            for candidate in self.player.open_canals:
                end = candidate.end
                at = end.hex if isinstance(end, Tile) else board.places[end].hex if end else None
                if candidate.is_junction and at is not None and at.is_neighbour(first):
                    canal = candidate
                    break
        span = ref.span if ref is not None else junction_span
        self.check(build_rules.own_contract, span, contract=name, open_canal=canal is not None)
        return canal

    def remove_tiles(self, step: s.RemoveTiles) -> None:
        player = self.player
        canal = self.own_canal(step.canal, step.junction_span)
        if canal is None:
            return
        wanted = {Hex.parse(h.text) for h in step.hexes}
        tail = {t.hex for t in canal.tiles[-len(wanted) :]}
        scope = self.option("undo-scope")
        ok = True
        for ref in step.hexes:
            hex = Hex.parse(ref.text)
            tile = next((t for t in canal.tiles if t.hex == hex), None)
            allowed = (
                tile is not None
                and hex not in self.built_now
                and (scope == "earlier-turns" or tile.recent)
            )
            ok = (
                self.check(
                    build_rules.undo,
                    ref.span,
                    hex_label=ref.text,
                    at_end=tile is not None and hex in tail,
                    allowed_age=allowed,
                )
                and ok
            )
        if not ok:
            return
        removed = 0
        while removed < len(wanted) and len(canal.route) > 1:
            item = canal.route.pop()
            if isinstance(item, Tile):
                player.supply[item.kind] += 1
                removed += 1

    # ------------------------------------------------------------ moving goods
    def move(self, step: s.MoveCube) -> None:
        state = self.state
        mover = self.player.colour
        route = [leg.place.text for leg in step.legs]
        start = route[0]
        self.check(
            goods_rules.cube_at_start,
            step.legs[0].place.span,
            place=start,
            has_cube=start in state.cubes,
        )
        sections = state.sections()
        owners: list[str] = []
        for a, b in itertools.pairwise(step.legs):
            wanted_owner = b.owner.text if b.owner is not None else None
            found = choose_section(sections, a.place.text, b.place.text, wanted_owner, mover, state)
            self.check(
                goods_rules.completed_sections,
                b.place.span,
                a=a.place.text,
                b=b.place.text,
                found=found is not None,
                owner=wanted_owner,
            )
            owners.append(found.owner if found else (wanted_owner or "nobody"))
        if owners:
            self.check(
                goods_rules.last_section_own,
                step.legs[-1].place.span,
                mover=mover,
                owner=owners[-1],
            )
        colours = [state.board.places[p].colour for p in route]
        start_counts = self.option("colour-restriction-start") == "included"
        self.check(
            goods_rules.colour_restriction,
            step.span,
            route=route,
            colours=colours,
            start_counts=start_counts,
        )
        self.check(goods_rules.each_place_once, step.span, route=route)
        if self.edition is Edition.SECOND and owners and all(o == mover for o in owners):
            shortest = shortest_own_route(state, mover, start, route[-1], start_counts)
            self.check(goods_rules.shortest_route, step.span, length=len(route), shortest=shortest)
        for colour, points in goods_rules.delivery_points(route=route, owners=owners).items():
            if state.has_player(colour):
                self.score(colour, points)
        if start in state.cubes:
            state.cubes.discard(start)
            state.basin += 1


# ------------------------------------------------------------------ helpers shared with others


def _card(card: s.Card) -> Card:
    return Card(CardKind(card.kind.text), card.symbol.text if card.symbol else None)


def _card_span(card: s.Card) -> Span:
    return card.kind.span


def _tiles_since_place(canal: CanalState) -> int:
    count = 0
    for item in reversed(canal.route):
        if isinstance(item, str):
            break
        count += 1
    return count


def plan_payments(
    hand: Counter[CardKind], tiles: Sequence[tuple[TileKind, bool]], engineer: str | None
) -> list[list[CardKind]] | None:
    """Cards paying for each tile (kind, on top of another tile?) from ``hand``, or None.

    A depth-first search over the tiles: for each, the cheapest cost its engineer allows, paid
    with natural cards, then (Brindley) stretches for a lock, then surveyors; and for a tile on
    top of another, two more cards of any kinds. The first payment found in that order wins.
    """
    kinds = list(CardKind)
    failed: set[tuple[int, tuple[int, ...]]] = set()

    def options(
        kind: TileKind, occupied: bool, left: Counter[CardKind]
    ) -> Iterator[list[CardKind]]:
        main = build_rules.base_cost(kind, engineer)
        sources = [CardKind(kind.value)]
        if kind is TileKind.LOCK and engineer == "Brindley":
            sources.append(CardKind.STRETCH)
        sources.append(CardKind.SURVEYOR)
        extras = OVERBUILD_EXTRA_CARDS if occupied else 0
        for chosen in itertools.combinations_with_replacement(sources, main):
            need = Counter(chosen)
            if any(left[k] < n for k, n in need.items()):
                continue
            rest = left - need
            for spare in itertools.combinations_with_replacement(kinds, extras):
                more = Counter(spare)
                if all(rest[k] >= n for k, n in more.items()):
                    yield [*chosen, *spare]

    def search(index: int, left: Counter[CardKind]) -> list[list[CardKind]] | None:
        if index == len(tiles):
            return []
        key = (index, tuple(left[k] for k in kinds))
        if key in failed:
            return None
        kind, occupied = tiles[index]
        for cards in options(kind, occupied, left):
            rest = search(index + 1, left - Counter(cards))
            if rest is not None:
                return [cards, *rest]
        failed.add(key)
        return None

    return search(0, Counter(hand))


def _hand_text(hand: Mapping[CardKind, int]) -> str:
    shown = ", ".join(f"{n} {k.value}" for k, n in hand.items() if n)
    return shown or "no cards"


def choose_section(
    sections: Sequence[Section],
    a: str,
    b: str,
    owner: str | None,
    mover: str,
    state: GameState,
) -> Section | None:
    """The section a cube uses from ``a`` to ``b``: the named owner's, else the mover's own,
    else the first in seating order."""
    candidates = [x for x in sections if {x.a, x.b} == {a, b}]
    if owner is not None:
        candidates = [x for x in candidates if x.owner == owner]
    if not candidates:
        return None
    seats = {p.colour: i for i, p in enumerate(state.players)}
    return min(candidates, key=lambda x: (x.owner != mover, seats.get(x.owner, 99)))


def shortest_own_route(
    state: GameState, mover: str, start: str, goal: str, start_counts: bool
) -> int | None:
    """The fewest places on a route from start to goal on the mover's own sections only,
    keeping to the colour restriction; None when there is none."""
    board = state.board
    own = [x for x in state.sections() if x.owner == mover]
    best: int | None = None
    # breadth-first over simple paths (the own network is small)
    frontier: list[tuple[str, ...]] = [(start,)]
    while frontier:
        following: list[tuple[str, ...]] = []
        for path in frontier:
            here = path[-1]
            for section in own:
                if here not in (section.a, section.b):
                    continue
                nxt = section.other(here)
                if nxt in path:
                    continue
                counted = path if start_counts else path[1:]
                colours = {board.places[p].colour for p in counted}
                if board.places[nxt].colour in colours:
                    continue
                new = (*path, nxt)
                if nxt == goal:
                    return len(new)
                following.append(new)
        frontier = following
    return best


def hand_after(hand: Mapping[CardKind, int] | None) -> int | None:
    return None if hand is None else sum(hand.values())


__all__ = ["HAND_LIMIT", "Verdict", "Violation", "play_turn", "run_turn"]
