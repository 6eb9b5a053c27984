"""The fewest cards paying for a list of tiles (:func:`pay`).

Cards of the tile's kind, surveyors as wild cards, Brindley's stretches for locks and
Smeaton's surveyor played as two cards; the two extra cards of building on top of another
tile may be of any kind. Exact: a dynamic programme over the tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from canaldsl.canalmania.components import (
    CardKind,
    TileKind,
)
from canaldsl.canalmania.problem import (
    NATURAL_CARD,
    SPARE_ORDER,
    TileCost,
)


@dataclass(frozen=True)
class Payment:
    """The cards paying for each tile of a build, in build order.

    A card is (kind, label): label None for a card played once, a number for the surveyor
    Smeaton plays as two cards (the same label on both uses)."""

    cards: tuple[tuple[tuple[CardKind, int | None], ...], ...]
    physical: int

    @property
    def used(self) -> Counter[CardKind]:
        """The physical cards leaving the hand."""
        out: Counter[CardKind] = Counter()
        seen: set[int] = set()
        for tile in self.cards:
            for kind, label in tile:
                if label is not None:
                    if label in seen:
                        continue
                    seen.add(label)
                out[kind] += 1
        return out


def _natural_ok(
    demand: Sequence[int], hand: Mapping[CardKind, int], surveyors: int, brindley: bool
) -> bool:
    """Whether the hand (with ``surveyors`` surveyors) pays main slots ``demand`` = (stretch,
    lock, aqueduct, tunnel, extra) without doubled surveyors."""
    ms, ml, ma, mt, ex = demand
    hs = hand.get(CardKind.STRETCH, 0)
    hl = hand.get(CardKind.LOCK, 0)
    ha = hand.get(CardKind.AQUEDUCT, 0)
    ht = hand.get(CardKind.TUNNEL, 0)
    short_s = ms - hs if ms > hs else 0
    spare_s = hs - ms if hs > ms else 0
    short_l = ml - hl - (spare_s if brindley else 0)
    short_a = ma - ha
    short_t = mt - ht
    short = short_s + max(short_l, 0) + max(short_a, 0) + max(short_t, 0)
    if short > surveyors:
        return False
    return ms + ml + ma + mt + ex <= hs + hl + ha + ht + surveyors


def _demand(tiles: Sequence[TileCost]) -> list[int]:
    out = [0, 0, 0, 0, 0]
    for t in tiles:
        out[_KIND_INDEX[t.kind]] += t.main
        out[4] += t.extra
    return out


_KIND_INDEX = {TileKind.STRETCH: 0, TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3}


def _smeaton_halves(
    tiles: Sequence[TileCost], hand: Mapping[CardKind, int], brindley: bool
) -> list[int] | None:
    """How many surveyor halves each tile gets, for the most doubled surveyors (Smeaton).

    A doubled surveyor pays two cards of one tile or of two tiles built one after the other on
    one canal, so within each run of consecutive tiles holding halves their number is even.
    Halves pay a tile's own-kind cards first. Exact dynamic programme over the tiles; None when
    the hand cannot pay at all."""
    surveyors = hand.get(CardKind.SURVEYOR, 0)
    demand = _demand(tiles)
    # state: (carry, covered per kind (4), covered extras) -> halves per tile so far
    states: dict[tuple[int, int, int, int, int, int], tuple[int, ...]] = {(0, 0, 0, 0, 0, 0): ()}
    for i, tile in enumerate(tiles):
        last_of_canal = i + 1 == len(tiles) or tiles[i + 1].canal != tile.canal
        k = _KIND_INDEX[tile.kind]
        following: dict[tuple[int, int, int, int, int, int], tuple[int, ...]] = {}
        for (carry, *cov), halves in states.items():
            used = sum(cov)
            for a in range(carry, tile.slots + 1):
                if used + a > 2 * surveyors:
                    break
                out = (a - carry) % 2
                if out and last_of_canal:
                    continue
                main = min(a, tile.main)
                new = list(cov)
                new[k] += main
                new[4] += a - main
                key = (out, new[0], new[1], new[2], new[3], new[4])
                if key not in following:
                    following[key] = (*halves, a)
        states = following
    best: tuple[int, ...] | None = None
    best_d = -1
    for (carry, *cov), halves in sorted(states.items()):
        if carry:
            continue
        d = sum(cov) // 2
        if d > surveyors or d <= best_d:
            continue
        residual = [demand[j] - cov[j] for j in range(5)]
        if _natural_ok(residual, hand, surveyors - d, brindley):
            best, best_d = halves, d
    return list(best) if best is not None else None


def pay(
    tiles: Sequence[TileCost], hand: Mapping[CardKind, int], engineer: str | None
) -> Payment | None:
    """The fewest cards from ``hand`` that pay for ``tiles`` (in build order), or None.

    Natural cards first, then (Brindley) stretches for locks, then surveyors; the extra cards
    for building on top come from what is left (see SPARE_ORDER). With Smeaton as many
    surveyors as possible pay two cards each."""
    brindley = engineer == "Brindley"
    halves = [0] * len(tiles)
    if engineer == "Smeaton" and hand.get(CardKind.SURVEYOR, 0) > 0 and tiles:
        found = _smeaton_halves(tiles, hand, brindley)
        if found is None:
            return None
        halves = found
    elif not _natural_ok(_demand(tiles), hand, hand.get(CardKind.SURVEYOR, 0), brindley):
        return None
    # labels for the doubled surveyors
    labelled: list[list[tuple[CardKind, int | None]]] = [[] for _ in tiles]
    label = 0
    open_label: int | None = None
    for i, tile in enumerate(tiles):
        if i > 0 and tiles[i - 1].canal != tile.canal:
            open_label = None
        a = halves[i]
        if open_label is not None:
            labelled[i].append((CardKind.SURVEYOR, open_label))
            a -= 1
            open_label = None
        while a >= 2:
            label += 1
            labelled[i] += [(CardKind.SURVEYOR, label), (CardKind.SURVEYOR, label)]
            a -= 2
        if a == 1:
            label += 1
            labelled[i].append((CardKind.SURVEYOR, label))
            open_label = label
    left = Counter({k: n for k, n in hand.items() if n})
    left[CardKind.SURVEYOR] -= label
    main_left = [max(t.main - halves[i], 0) for i, t in enumerate(tiles)]
    extra_left = [t.extra - max(halves[i] - t.main, 0) for i, t in enumerate(tiles)]
    paid = [list(x) for x in labelled]

    def take(i: int, card: CardKind, count: int) -> int:
        n = min(count, left[card])
        left[card] -= n
        paid[i] += [(card, None)] * n
        return n

    # natural cards for their own kind
    for i, t in enumerate(tiles):
        main_left[i] -= take(i, NATURAL_CARD[t.kind], main_left[i])
    if brindley:
        for i, t in enumerate(tiles):
            if t.kind is TileKind.LOCK:
                main_left[i] -= take(i, CardKind.STRETCH, main_left[i])
    for i in range(len(tiles)):
        main_left[i] -= take(i, CardKind.SURVEYOR, main_left[i])
        if main_left[i]:
            return None
    for i in range(len(tiles)):
        for card in SPARE_ORDER:
            extra_left[i] -= take(i, card, extra_left[i])
        if extra_left[i]:
            return None
    physical = sum(t.slots for t in tiles) - label
    return Payment(tuple(tuple(p) for p in paid), physical)
