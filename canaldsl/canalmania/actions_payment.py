"""The engine's payments for tiles, and taking tiles back.

Cards written for a tile are checked against its cost (:mod:`canaldsl.canalmania.checks_build`:
``pay.wrong-count``, ``pay.wrong-kind``, ``pay.not-in-hand``, building on top); tiles written
without cards are paid from the hand by :func:`plan_payments`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

from canaldsl.canalmania import checks_build as build_rules
from canaldsl.canalmania import moves as mv
from canaldsl.canalmania.components import CARDS_PER_TILE, OVERBUILD_EXTRA_CARDS, CardKind, TileKind
from canaldsl.canalmania.position import JUNCTION, Tile
from canaldsl.canalmania.state import CanalState
from canaldsl.canalmania.turncontext import TilePayment, TurnContext
from canaldsl.diagnostics import Span
from canaldsl.hexgrid import Hex
from canaldsl.rules import rule_id
from canaldsl.verdicts import Violation


class PaymentActions(TurnContext):
    """Paying for tiles from the hand; naming the canal a build or removal is for."""

    def pay(
        self,
        kind: TileKind,
        item: mv.BuildTile,
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
                cards = self.auto_plan.pop(0)
                self.payments.append(
                    TilePayment(kind.value, item.hex.text, tuple(c.value for c in cards), True)
                )
                for card in cards:
                    self.take_from_hand(card, span, physical)
            elif not self.auto_unpaid_reported:
                self.auto_unpaid_reported = True
                self.referee.violations.append(
                    Violation(
                        rule_id(build_rules.not_in_hand),
                        f"the hand ({hand_text(self.hand_at_build)}) cannot pay for this "
                        f"{kind.value} as well as the tiles before it",
                        span,
                    )
                )
            return
        plays = [p.kind.value for p in item.payment]
        self.payments.append(
            TilePayment(kind.value, item.hex.text, tuple(p.value for p in plays), False)
        )
        normal = CARDS_PER_TILE[kind]
        cost_ok = True
        reduced = build_rules.base_cost(kind, engineer)
        if occupied and len(plays) in (normal, reduced):
            self.check(build_rules.overbuild, span, hex_label=item.hex.text, plays=len(plays))
            main, cost_ok = len(plays), True
            extra = 0
        elif len(plays) == normal + extra:
            main = normal
        elif (kind is TileKind.TUNNEL and len(plays) == 2 + extra) or (
            kind is TileKind.AQUEDUCT and len(plays) == 1 + extra
        ):
            main = len(plays) - extra
            self.check(
                build_rules.wrong_count,
                span,
                kind=kind,
                plays=len(plays),
                needed=build_rules.base_cost(kind, engineer) + extra,
                engineer=engineer,
            )
        else:
            main = build_rules.base_cost(kind, engineer)
            cost_ok = self.check(
                build_rules.wrong_count,
                span,
                kind=kind,
                plays=len(plays),
                needed=main + extra,
                engineer=engineer,
            )
        if cost_ok:
            natural = sum(1 for p in plays if p.value == kind.value or p is CardKind.SURVEYOR)
            stretches = sum(1 for p in plays if p is CardKind.STRETCH)
            self.check(
                build_rules.wrong_kind,
                span,
                kind=kind,
                base=main,
                matching=natural,
                stretches=stretches,
                engineer=engineer,
            )
        for pay in item.payment:
            card = pay.kind.value
            if pay.label is not None:
                key = f"{pay.kind.text}{pay.label.text}"
                uses = labels.setdefault(key, [])
                uses.append((number, canal.contract, pay.label.span))
                if len(uses) > 1:
                    continue  # the same physical card, played again (Smeaton)
            self.take_from_hand(card, pay.kind.span, physical)

    def plan_unwritten_payments(self, step: mv.Build) -> list[list[CardKind]]:
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
                if not isinstance(item, mv.BuildTile):
                    continue
                hex = item.hex.value
                kind = item.kind.value
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
                    left[pay.kind.value] -= 1
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
        self.check(build_rules.not_in_hand, span, card=card.value, paid=1, held=held)
        player.hand[card] = max(held - 1, 0)

    def own_canal(
        self, ref: mv.Named[str] | None, junction_span: Span, first: Hex | None = None
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

    def remove_tiles(self, step: mv.RemoveTiles) -> None:
        player = self.player
        canal = self.own_canal(step.canal, step.junction_span)
        if canal is None:
            return
        wanted = {h.value for h in step.hexes}
        tail = {t.hex for t in canal.tiles[-len(wanted) :]}
        scope = self.option("undo-scope")
        ok = True
        for ref in step.hexes:
            hex = ref.value
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


def hand_text(hand: Mapping[CardKind, int]) -> str:
    shown = ", ".join(f"{n} {k.value}" for k, n in hand.items() if n)
    return shown or "no cards"
