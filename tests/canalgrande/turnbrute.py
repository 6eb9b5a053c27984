"""A brute-force second method for the best-split solver: the rest of a turn by plain minimax.

Written from the rules (Il decisore e le diverse azioni; Votazione; Il riparatore) with the
solver's stated objective (prizes this turn, splitter's minus chooser's) and its stated move
set (a play reinforces at most once from each district). Every vote is played out to its end,
the last one too; no bounds, no shortcuts; memoised on the whole state. Small hands only.
Shares no code with canaldsl.canalgrande.turngame.

The memo belongs to one (splitter, deck, readings): every split of one problem and both of
its replies share it (a subgame is keyed by the whole state, hands and offers included, so a
value found for one split is the value of the same state in another). A mover's plays in a
vote are listed once per (hand, district, may reinforce, placed before) and filtered by the
totals at each vote state: the same plays as trying every amount at every state.
"""

from __future__ import annotations

from itertools import product

SPY, TRAITOR, GONDOLA_NAME, DOGE = "spy", "traitor", "gondola", "doge"
DISTRICTS = ("Cannaregio", "Santa Croce", "San Polo", "Dorsoduro", "San Marco", "Castello")
G = 6  # gondolas' place in a hand's counts

Hand = tuple[int, ...]
Hands = tuple[Hand, Hand]
Later = tuple[Hand, int, int, int] | None
Play = tuple[int, int, int, Hand, int]
"""A play in a vote: cards added, cards of the district, the largest reinforcement, the hand
after it, the gondolas it puts down."""

_BRUTES: dict[tuple[object, ...], _Brute] = {}


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
    key = (splitter, deck, tuple(sorted(rd.items())))
    brute = _BRUTES.get(key)
    if brute is None:
        _BRUTES.clear()  # one problem at a time: the memo of the last one only
        brute = _BRUTES[key] = _Brute(splitter, deck, rd)
    return brute.value(hands, chooser_offer, splitter_offer)


def _hand_part(offer: dict[str, int]) -> Hand:
    return (*tuple(offer.get(d, 0) for d in DISTRICTS), offer.get(GONDOLA_NAME, 0))


class _Brute:
    """The minimax of the rest of a turn, for one splitter, deck and readings."""

    def __init__(self, splitter: int, deck: tuple[str, ...], rd: dict[str, str]) -> None:
        self.splitter = splitter
        self.deck = deck
        self.listed = rd.get("actions.order") == "listed"
        self.spy_rule = rd.get("spy.traitors", "replace-then-steal")
        self.spy_spies = rd.get("spy.drawn-spy", "play")
        self.either = rd.get("traitor.empty-hand") == "either"
        self.no_repeat = rd.get("vote.repeat-district") == "forbidden"
        self.each = rd.get("vote.reinforcement-test") == "each-gondola"
        self.closed_opening = rd.get("vote.opening-reinforcement") == "forbidden"
        self.phases: dict[tuple[object, ...], int] = {}
        self.votes: dict[tuple[object, ...], int] = {}
        self.plays: dict[tuple[Hand, int, bool, bool], list[Play]] = {}

    def value(
        self, hands: Hands, chooser_offer: dict[str, int], splitter_offer: dict[str, int]
    ) -> int:
        chooser = 1 - self.splitter
        hs = list(hands)
        add = _hand_part(chooser_offer)
        hs[chooser] = tuple(a + b for a, b in zip(hs[chooser], add, strict=False))
        later = (_hand_part(splitter_offer), splitter_offer.get(TRAITOR, 0),
                 splitter_offer.get(SPY, 0), splitter_offer.get(DOGE, 0))  # fmt: skip
        return self.phase(chooser, chooser_offer.get(TRAITOR, 0), chooser_offer.get(SPY, 0),
                          chooser_offer.get(DOGE, 0), later, (hs[0], hs[1]), 0, ())  # fmt: skip

    def best(self, player: int, values: list[int]) -> int:
        return max(values) if player == self.splitter else min(values)

    def spy_draw(self, at: int) -> tuple[tuple[str, ...], int]:
        """The cards one spy draws from position ``at`` and the thefts they allow."""
        deck = self.deck
        if self.spy_rule == "replace-only":
            cards: list[str] = []
            good = 0
            while good < 2:
                card = deck[at + len(cards)]
                cards.append(card)
                good += card != TRAITOR
            return tuple(cards), 0
        first = list(deck[at : at + 2])
        assert len(first) == 2
        if self.spy_rule == "steal-all":
            return tuple(first), first.count(TRAITOR)
        more = list(deck[at + 2 : at + 2 + first.count(TRAITOR)])
        return tuple(first + more), more.count(TRAITOR)

    def thefts(self, hs: Hands, thief: int, times: int) -> list[Hands]:
        out = {hs}
        frontier = {hs}
        for _ in range(times):
            new = set()
            for h in frontier:
                victim, mine = h[1 - thief], h[thief]
                if sum(victim) == 0 or (self.either and sum(mine) == 0):
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

    def phase(self, actor: int, t: int, s: int, k: int, later: Later, hs: Hands, at: int,
              voted: tuple[int, ...]) -> int:  # fmt: skip
        memo = (actor, t, s, k, later, hs, at, voted)
        found = self.phases.get(memo)
        if found is None:
            found = self.phases[memo] = self._phase(actor, t, s, k, later, hs, at, voted)
        return found

    def _phase(self, actor: int, t: int, s: int, k: int, later: Later, hs: Hands, at: int,
               voted: tuple[int, ...]) -> int:  # fmt: skip
        if t == s == k == 0:
            if later is None:
                return 0
            add, t2, s2, k2 = later
            moved = list(hs)
            grown = zip(moved[self.splitter], add, strict=False)
            moved[self.splitter] = tuple(a + b for a, b in grown)
            return self.phase(self.splitter, t2, s2, k2, None, (moved[0], moved[1]), at, voted)
        options = []
        kinds = [x for x, n in (("t", t), ("s", s), ("k", k)) if n]
        if self.listed:
            kinds = kinds[:1]
        for kind in kinds:
            if kind == "t":
                for after in self.thefts(hs, actor, 1):
                    options.append(self.phase(actor, t - 1, s, k, later, after, at, voted))
            elif kind == "s":
                options.append(self.phase(actor, t, s - 1, k, later, hs, at, voted))
                cards, steals = self.spy_draw(at)
                mine = list(hs[actor])
                extra_s = extra_k = 0
                for card in cards:
                    if card in DISTRICTS:
                        mine[DISTRICTS.index(card)] += 1
                    elif card == GONDOLA_NAME:
                        mine[G] += 1
                    elif card == DOGE:
                        extra_k += 1
                    elif card == SPY and self.spy_spies == "play":
                        extra_s += 1
                held = (tuple(mine), hs[1]) if actor == 0 else (hs[0], tuple(mine))
                for after in self.thefts(held, actor, steals):
                    options.append(self.phase(actor, t, s - 1 + extra_s, k + extra_k, later,
                                              after, at + len(cards), voted))  # fmt: skip
            else:
                options.append(self.doge(actor, t, s, k - 1, later, hs, at, voted))
        return self.best(actor, options)

    def doge(self, actor: int, t: int, s: int, k: int, later: Later, hs: Hands, at: int,
             voted: tuple[int, ...]) -> int:  # fmt: skip
        if any(hs[actor][:6]):
            challenger = actor
        elif any(hs[1 - actor][:6]):
            challenger = 1 - actor
        else:
            return self.phase(actor, t, s, k, later, hs, at, voted)
        choices = [d for d in range(6) if hs[challenger][d] and not (self.no_repeat and d in voted)]
        if not choices:
            return self.phase(actor, t, s, k, later, hs, at, voted)
        rest = (actor, t, s, k, later, at)
        return self.best(challenger, [
            self.vote(rest, d, challenger, hs, hs, (0, 0), (False, False), -1,
                      tuple(sorted({*voted, d})) if self.no_repeat else voted)
            for d in choices
        ])  # fmt: skip

    def moves(self, hand: Hand, d: int, may: bool, placed: bool) -> list[Play]:
        """Every play of ``hand`` in a vote on ``d`` before the totals are looked at: the
        district's cards and at most one reinforcement per other district, each under its own
        gondola (none if ``may`` is false); a reinforcement only with the district's first
        card already down or in the play; something added."""
        memo = (hand, d, may, placed)
        found = self.plays.get(memo)
        if found is not None:
            return found
        found = self.plays[memo] = []
        others = [e for e in range(6) if e != d]
        for amounts in product(*(range(hand[e] + 1) for e in others)):
            groups = [(e, m) for e, m in zip(others, amounts, strict=False) if m]
            if groups and (not may or len(groups) > hand[G]):
                continue
            for kk in range(hand[d] + 1):
                if groups and not (placed or kk):
                    continue
                added = kk + sum(m for _, m in groups)
                if added == 0:
                    continue
                h = list(hand)
                h[d] -= kk
                for e, m in groups:
                    h[e] -= m
                h[G] -= len(groups)
                largest = max((m for _, m in groups), default=0)
                found.append((added, kk, largest, tuple(h), len(groups)))
        return found

    def vote(self, rest: tuple[object, ...], d: int, mover: int, hs: Hands, lost: Hands,
             totals: tuple[int, int], placed: tuple[bool, bool], last: int,
             voted: tuple[int, ...]) -> int:  # fmt: skip
        memo = (rest, d, mover, hs, lost, totals, placed, last, voted)
        found = self.votes.get(memo)
        if found is None:
            found = self.votes[memo] = self._vote(
                rest, d, mover, hs, lost, totals, placed, last, voted
            )
        return found

    def _vote(self, rest: tuple[object, ...], d: int, mover: int, hs: Hands, lost: Hands,
              totals: tuple[int, int], placed: tuple[bool, bool], last: int,
              voted: tuple[int, ...]) -> int:  # fmt: skip
        actor, t, s, k, later, at = rest
        options = []
        if last >= 0:  # pass: the last to raise wins
            settled = list(hs)
            settled[1 - last] = lost[1 - last]
            prize = 1 if last == self.splitter else -1
            options.append(prize + self.phase(actor, t, s, k, later, (settled[0], settled[1]),  # type: ignore[arg-type]
                                              at, voted))  # type: ignore[arg-type]  # fmt: skip
        hand = hs[mover]
        may = hand[G] > 0 and not (self.closed_opening and last < 0)
        mine, theirs = totals[mover], totals[1 - mover]
        for added, kk, largest, h, gondolas in self.moves(hand, d, may, placed[mover]):
            if mine + added <= theirs:
                continue
            if self.each and gondolas and mine + kk + largest <= theirs:
                continue
            lo = list(lost[mover])
            if not placed[mover]:
                lo[d] -= 1
            lo[G] -= gondolas
            new_hs = (h, hs[1]) if mover == 0 else (hs[0], h)
            new_lost = (tuple(lo), lost[1]) if mover == 0 else (lost[0], tuple(lo))
            new_totals = (mine + added, theirs) if mover == 0 else (theirs, mine + added)
            new_placed = (True, placed[1]) if mover == 0 else (placed[0], True)
            options.append(self.vote(rest, d, 1 - mover, new_hs, new_lost, new_totals,
                                     new_placed, mover, voted))  # fmt: skip
        return self.best(mover, options)
