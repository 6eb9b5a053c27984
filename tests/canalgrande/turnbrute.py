"""A brute-force second method for the best-split solver: the rest of a turn by plain minimax.

Written from the rules (Il decisore e le diverse azioni; Votazione; Il riparatore) with the
solver's stated objective (prizes this turn, splitter's minus chooser's) and its stated move
set (a play reinforces at most once from each district). Every vote is played out to its end,
the last one too; no bounds, no shortcuts; memoised on the whole state. Small hands only.
Shares no code with canaldsl.canalgrande.turngame.
"""

from __future__ import annotations

from functools import cache
from itertools import product

SPY, TRAITOR, GONDOLA_NAME, DOGE = "spy", "traitor", "gondola", "doge"
DISTRICTS = ("Cannaregio", "Santa Croce", "San Polo", "Dorsoduro", "San Marco", "Castello")
G = 6  # gondolas' place in a hand's counts

Hand = tuple[int, ...]


def turn_value(
    splitter: int,
    hands: tuple[Hand, Hand],
    deck: tuple[str, ...],
    chooser_offer: dict[str, int],
    splitter_offer: dict[str, int],
    readings: dict[str, str] | None = None,
) -> int:
    """The prize difference (splitter minus chooser) with best play from both sides."""
    rd = readings or {}
    listed = rd.get("actions.order") == "listed"
    spy_rule = rd.get("spy.traitors", "replace-then-steal")
    spy_spies = rd.get("spy.drawn-spy", "play")
    either = rd.get("traitor.empty-hand") == "either"
    no_repeat = rd.get("vote.repeat-district") == "forbidden"
    each = rd.get("vote.reinforcement-test") == "each-gondola"
    closed_opening = rd.get("vote.opening-reinforcement") == "forbidden"
    chooser = 1 - splitter

    def hand_part(offer: dict[str, int]) -> Hand:
        return (*tuple(offer.get(d, 0) for d in DISTRICTS), offer.get(GONDOLA_NAME, 0))

    def best(player: int, values: list[int]) -> int:
        return max(values) if player == splitter else min(values)

    def spy_draw(at: int) -> tuple[tuple[str, ...], int]:
        """The cards one spy draws from position ``at`` and the thefts they allow."""
        if spy_rule == "replace-only":
            cards: list[str] = []
            good = 0
            while good < 2:
                card = deck[at + len(cards)]
                cards.append(card)
                good += card != TRAITOR
            return tuple(cards), 0
        first = list(deck[at : at + 2])
        assert len(first) == 2
        if spy_rule == "steal-all":
            return tuple(first), first.count(TRAITOR)
        more = list(deck[at + 2 : at + 2 + first.count(TRAITOR)])
        return tuple(first + more), more.count(TRAITOR)

    def thefts(hs: tuple[Hand, Hand], thief: int, times: int) -> list[tuple[Hand, Hand]]:
        out = {hs}
        frontier = {hs}
        for _ in range(times):
            new = set()
            for h in frontier:
                victim, mine = h[1 - thief], h[thief]
                if sum(victim) == 0 or (either and sum(mine) == 0):
                    continue
                for kind in range(7):
                    if victim[kind]:
                        v = list(victim)
                        v[kind] -= 1
                        m = list(mine)
                        m[kind] += 1
                        new.add((tuple(m), tuple(v)) if thief == 0 else (tuple(v), tuple(m)))
            out |= new
            frontier = new
        return sorted(out)

    @cache
    def phase(actor: int, t: int, s: int, k: int, later: tuple[object, ...] | None,
              hs: tuple[Hand, Hand], at: int, voted: tuple[int, ...]) -> int:  # fmt: skip
        if t == s == k == 0:
            if later is None:
                return 0
            add, t2, s2, k2 = later  # type: ignore[misc]
            moved = list(hs)
            moved[splitter] = tuple(a + b for a, b in zip(moved[splitter], add, strict=False))  # type: ignore[call-overload]
            return phase(splitter, t2, s2, k2, None, (moved[0], moved[1]), at, voted)  # type: ignore[arg-type]
        options = []
        kinds = [x for x, n in (("t", t), ("s", s), ("k", k)) if n]
        if listed:
            kinds = kinds[:1]
        for kind in kinds:
            if kind == "t":
                for after in thefts(hs, actor, 1):
                    options.append(phase(actor, t - 1, s, k, later, after, at, voted))
            elif kind == "s":
                options.append(phase(actor, t, s - 1, k, later, hs, at, voted))
                cards, steals = spy_draw(at)
                mine = list(hs[actor])
                extra_s = extra_k = 0
                for card in cards:
                    if card in DISTRICTS:
                        mine[DISTRICTS.index(card)] += 1
                    elif card == GONDOLA_NAME:
                        mine[G] += 1
                    elif card == DOGE:
                        extra_k += 1
                    elif card == SPY and spy_spies == "play":
                        extra_s += 1
                held = (tuple(mine), hs[1]) if actor == 0 else (hs[0], tuple(mine))
                for after in thefts(held, actor, steals):
                    options.append(phase(actor, t, s - 1 + extra_s, k + extra_k, later, after,
                                         at + len(cards), voted))  # fmt: skip
            else:
                options.append(doge(actor, t, s, k - 1, later, hs, at, voted))
        return best(actor, options)

    def doge(actor: int, t: int, s: int, k: int, later: tuple[object, ...] | None,
             hs: tuple[Hand, Hand], at: int, voted: tuple[int, ...]) -> int:  # fmt: skip
        if any(hs[actor][:6]):
            challenger = actor
        elif any(hs[1 - actor][:6]):
            challenger = 1 - actor
        else:
            return phase(actor, t, s, k, later, hs, at, voted)
        choices = [d for d in range(6) if hs[challenger][d] and not (no_repeat and d in voted)]
        if not choices:
            return phase(actor, t, s, k, later, hs, at, voted)
        rest = (actor, t, s, k, later, at)
        return best(challenger, [
            vote(rest, d, challenger, challenger, hs, hs, (0, 0), (False, False), -1,
                 tuple(sorted({*voted, d})) if no_repeat else voted)
            for d in choices
        ])  # fmt: skip

    @cache
    def vote(rest: tuple[object, ...], d: int, challenger: int, mover: int,
             hs: tuple[Hand, Hand], lost: tuple[Hand, Hand], totals: tuple[int, int],
             placed: tuple[bool, bool], last: int, voted: tuple[int, ...]) -> int:  # fmt: skip
        actor, t, s, k, later, at = rest
        options = []
        if last >= 0:  # pass: the last to raise wins
            settled = list(hs)
            settled[1 - last] = lost[1 - last]
            prize = 1 if last == splitter else -1
            options.append(prize + phase(actor, t, s, k, later, (settled[0], settled[1]), at,
                                         voted))  # type: ignore[arg-type]  # fmt: skip
        hand = hs[mover]
        others = [e for e in range(6) if e != d]
        may = hand[G] > 0 and not (closed_opening and last < 0)
        for amounts in product(*(range(hand[e] + 1) for e in others)):
            groups = [(e, m) for e, m in zip(others, amounts, strict=False) if m]
            if groups and (not may or len(groups) > hand[G]):
                continue
            for kk in range(hand[d] + 1):
                if groups and not (placed[mover] or kk):
                    continue
                added = kk + sum(m for _, m in groups)
                if added == 0 or totals[mover] + added <= totals[1 - mover]:
                    continue
                if (
                    each
                    and groups
                    and totals[mover] + kk + max(m for _, m in groups) <= totals[1 - mover]
                ):
                    continue
                h = list(hand)
                h[d] -= kk
                for e, m in groups:
                    h[e] -= m
                h[G] -= len(groups)
                lo = list(lost[mover])
                if not placed[mover]:
                    lo[d] -= 1
                lo[G] -= len(groups)
                new_hs = (tuple(h), hs[1]) if mover == 0 else (hs[0], tuple(h))
                new_lost = (tuple(lo), lost[1]) if mover == 0 else (lost[0], tuple(lo))
                new_totals = (
                    (totals[0] + added, totals[1]) if mover == 0 else (totals[0], totals[1] + added)
                )
                new_placed = (True, placed[1]) if mover == 0 else (placed[0], True)
                options.append(vote(rest, d, challenger, 1 - mover, new_hs, new_lost, new_totals,
                                    new_placed, mover, voted))  # fmt: skip
        return best(mover, options)

    hs = list(hands)
    hs[chooser] = tuple(a + b for a, b in zip(hs[chooser], hand_part(chooser_offer), strict=False))
    later = (hand_part(splitter_offer), splitter_offer.get(TRAITOR, 0),
             splitter_offer.get(SPY, 0), splitter_offer.get(DOGE, 0))  # fmt: skip
    return phase(chooser, chooser_offer.get(TRAITOR, 0), chooser_offer.get(SPY, 0),
                 chooser_offer.get(DOGE, 0), later, (hs[0], hs[1]), 0, ())  # fmt: skip
