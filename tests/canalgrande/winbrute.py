"""A brute-force second method for the win search, one turn ahead.

From the rules (Il giro; the actions; Votazione; Un nuovo round; Fine del gioco) and the win
search's stated move set (a play reinforces at most once per district): every split, choice,
action order, theft, spy use, district, play and pass, and the round-end draw taken or not,
searched in full. The one shortcut is the minimax cut-off: a player who has a move that
gives the best outcome for them ("yes" for the asking player, "no" for the other) looks no
further among their other moves, as no other move can give them more; the answer is the same
as with every move tried (it was checked on the 1,030 positions of the tests), and about 40
times faster. The game ends as soon as a player holds a prize of every
district or four of one. A round's end reshuffles the deck, which is all right one turn ahead:
nothing is left to play. Returns "yes", "no" or "undecided" (a spy or the round-end draw
reaches past the known deck). Shares no code with canaldsl.canalgrande.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import product

DISTRICTS = ("Cannaregio", "Santa Croce", "San Polo", "Dorsoduro", "San Marco", "Castello")
G = 6

Hand = tuple[int, ...]
Prizes = tuple[int, ...]


def won(prizes: Prizes) -> bool:
    return min(prizes) > 0 or max(prizes) >= 4


@cache
def plays(hand: Hand, lost: Hand, d: int, placed: bool) -> tuple[tuple[int, Hand, Hand], ...]:
    """Every bid of a player holding ``hand`` in the vote over district ``d``: (cards added,
    the hand after it, the hand kept if the vote is lost after it), for each count of the
    district's cards and each choice of other districts' cards, one gondola for each other
    district given (``placed``: the player has put cards down in this vote already; a first
    bid puts down at least one card of the district if it reinforces, and its first card is
    the one lost with the vote). A function of these alone, so remembered for every position
    (the tests ask the same hands again and again)."""
    found = []
    others = [e for e in range(6) if e != d]
    for amounts in product(*(range(hand[e] + 1) for e in others)):
        groups = [(e, m) for e, m in zip(others, amounts, strict=True) if m]
        if len(groups) > hand[G]:
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
            lo = list(lost)
            if not placed:
                lo[d] -= 1
            lo[G] -= len(groups)
            found.append((added, tuple(h), tuple(lo)))
    return tuple(found)


def one_turn(
    player: int,
    splitter: int,
    hands: tuple[Hand, Hand],
    prizes: tuple[Prizes, Prizes],
    totals: tuple[int, int],
    deck: tuple[str, ...],
    numbers: tuple[int, ...],
) -> str:
    """Can ``player`` force a win by the end of this turn? (default readings)"""
    top, rest_deck, shown = deck[:5], deck[5:], numbers[:3]
    cards = [("a", c) for c in top] + [("n", n) for n in shown]

    def pick(who: int, results: Iterable[str]) -> str:
        """What ``who`` gets when choosing among ``results``: the first result that is the
        best ``who`` can have ends the choice (the options after it cannot change it)."""
        good, bad = ("yes", "no") if who == player else ("no", "yes")
        unsure = False
        for result in results:
            if result == good:
                return good
            unsure = unsure or result == "undecided"
        return "undecided" if unsure else bad

    def spy(at: int) -> tuple[tuple[str, ...], int] | None:
        first = rest_deck[at : at + 2]
        if len(first) < 2:
            return None
        extra = rest_deck[at + 2 : at + 2 + first.count("traitor")]
        if len(extra) < first.count("traitor"):
            return None
        return tuple(first + extra), extra.count("traitor")

    def steals(hs: tuple[Hand, Hand], thief: int, times: int) -> set[tuple[Hand, Hand]]:
        found = {hs}
        edge = {hs}
        for _ in range(times):
            grown = set()
            for h in edge:
                if sum(h[1 - thief]) == 0:
                    continue
                for kind in range(7):
                    if h[1 - thief][kind]:
                        v, m = list(h[1 - thief]), list(h[thief])
                        v[kind] -= 1
                        m[kind] += 1
                        grown.add((tuple(m), tuple(v)) if thief == 0 else (tuple(v), tuple(m)))
            found |= grown
            edge = grown
        return found

    def add(h: Hand, named: list[str]) -> Hand:
        out = list(h)
        for card in named:
            if card in DISTRICTS:
                out[DISTRICTS.index(card)] += 1
            elif card == "gondola":
                out[G] += 1
        return tuple(out)

    @cache
    def actions(actor: int, t: int, s: int, k: int, later: tuple[object, ...] | None,
                hs: tuple[Hand, Hand], pz: tuple[Prizes, Prizes], at: int, end: bool,
                tot: tuple[int, int]) -> str:  # fmt: skip
        if won(pz[player]):
            return "yes"
        if won(pz[1 - player]):
            return "no"
        if t == s == k == 0:
            if later is not None:
                add_hand, t2, s2, k2 = later  # type: ignore[misc]
                moved = list(hs)
                moved[splitter] = tuple(
                    a + b for a, b in zip(moved[splitter], add_hand, strict=True)
                )  # type: ignore[call-overload]
                return actions(splitter, t2, s2, k2, None, (moved[0], moved[1]), pz, at, end, tot)  # type: ignore[arg-type]
            if end or max(tot) < 10:
                return "no"
            drawer = splitter if tot[0] == tot[1] else (0 if tot[0] < tot[1] else 1)
            options = ["no"]  # the draw declined: nothing more happens this turn
            drawn: list[str] = []
            kept = 0
            while kept < 3 and at + len(drawn) < len(rest_deck):
                card = rest_deck[at + len(drawn)]
                drawn.append(card)
                kept += card != "doge"
            if kept < 3:
                options.append("undecided")
            else:
                h = list(hs)
                h[drawer] = add(h[drawer], drawn)
                traitors, spies = drawn.count("traitor"), drawn.count("spy")
                at_end = at + len(drawn)
                options.append(
                    actions(drawer, traitors, spies, 0, None, (h[0], h[1]), pz, at_end, True, tot)
                )
            return pick(drawer, options)
        return pick(actor, moves(actor, t, s, k, later, hs, pz, at, end, tot))

    def moves(actor: int, t: int, s: int, k: int, later: tuple[object, ...] | None,
              hs: tuple[Hand, Hand], pz: tuple[Prizes, Prizes], at: int, end: bool,
              tot: tuple[int, int]) -> Iterator[str]:  # fmt: skip
        """The outcome after each move ``actor`` can make, one at a time (``pick`` stops at
        the first that is best for ``actor``)."""
        if t:
            for after in steals(hs, actor, 1):
                yield actions(actor, t - 1, s, k, later, after, pz, at, end, tot)
        if s:
            yield actions(actor, t, s - 1, k, later, hs, pz, at, end, tot)
            drawn_spy = spy(at)
            if drawn_spy is None:
                yield "undecided"
            else:
                got, thefts = drawn_spy
                h = list(hs)
                h[actor] = add(h[actor], list(got))
                for after in steals((h[0], h[1]), actor, thefts):
                    spies, doges = s - 1 + got.count("spy"), k + got.count("doge")
                    yield actions(actor, t, spies, doges, later, after, pz, at + len(got), end, tot)
        if k:
            back = (actor, t, s, k - 1, later, at, end, tot)
            if any(hs[actor][:6]):
                challenger = actor
            elif any(hs[1 - actor][:6]):
                challenger = 1 - actor
            else:
                challenger = -1
            if challenger < 0:
                yield actions(actor, t, s, k - 1, later, hs, pz, at, end, tot)
            else:
                yield pick(challenger, (
                    vote(back, d, challenger, hs, hs, (0, 0), (False, False), -1, pz)
                    for d in range(6) if hs[challenger][d]
                ))  # fmt: skip

    @cache
    def vote(back: tuple[object, ...], d: int, mover: int, hs: tuple[Hand, Hand],
             lost: tuple[Hand, Hand], totals_v: tuple[int, int], placed: tuple[bool, bool],
             last: int, pz: tuple[Prizes, Prizes]) -> str:  # fmt: skip
        return pick(mover, bids(back, d, mover, hs, lost, totals_v, placed, last, pz))

    def bids(back: tuple[object, ...], d: int, mover: int, hs: tuple[Hand, Hand],
             lost: tuple[Hand, Hand], totals_v: tuple[int, int], placed: tuple[bool, bool],
             last: int, pz: tuple[Prizes, Prizes]) -> Iterator[str]:  # fmt: skip
        """The outcome after each answer of ``mover`` in the vote over district ``d``: giving
        up (when the other has bid) or each bid that overtakes, one at a time."""
        actor, t, s, k, later, at, end, tot = back
        if last >= 0:
            settled = list(hs)
            settled[1 - last] = lost[1 - last]
            new_pz = list(pz)
            new_pz[last] = tuple(p + (i == d) for i, p in enumerate(pz[last]))
            yield actions(actor, t, s, k, later, (settled[0], settled[1]),  # type: ignore[arg-type]
                          (new_pz[0], new_pz[1]), at, end, tot)  # fmt: skip
        for added, h, lo in plays(hs[mover], lost[mover], d, placed[mover]):
            if totals_v[mover] + added <= totals_v[1 - mover]:
                continue
            nh = (h, hs[1]) if mover == 0 else (hs[0], h)
            nl = (lo, lost[1]) if mover == 0 else (lost[0], lo)
            nt = (
                (totals_v[0] + added, totals_v[1])
                if mover == 0
                else (totals_v[0], totals_v[1] + added)
            )
            np = (True, placed[1]) if mover == 0 else (placed[0], True)
            yield vote(back, d, 1 - mover, nh, nl, nt, np, mover, pz)

    chooser = 1 - splitter

    def splits() -> Iterator[str]:
        """The outcome of each split (each one once), one at a time."""
        seen = set()
        for assignment in product((0, 1), repeat=len(cards)):
            groups = [
                sorted(str(c) for c, side in zip(cards, assignment, strict=True) if side == g)
                for g in (0, 1)
            ]
            if not groups[0] or not groups[1]:
                continue
            key = tuple(sorted((tuple(groups[0]), tuple(groups[1]))))
            if key in seen:
                continue
            seen.add(key)
            offers = [
                [c for c, side in zip(cards, assignment, strict=True) if side == g] for g in (0, 1)
            ]
            yield pick(chooser, (reply(offers[taken], offers[1 - taken]) for taken in (0, 1)))

    def reply(mine: Sequence[tuple[str, object]], theirs: Sequence[tuple[str, object]]) -> str:
        """The outcome when the chooser takes ``mine`` and the splitter keeps ``theirs``."""
        tot = list(totals)
        tot[chooser] += sum(n for kind, n in mine if kind == "n")  # type: ignore[misc]
        tot[splitter] += sum(n for kind, n in theirs if kind == "n")  # type: ignore[misc]
        h = list(hands)
        h[chooser] = add(h[chooser], [c for kind, c in mine if kind == "a"])  # type: ignore[misc]
        later = (
            add((0,) * 7, [c for kind, c in theirs if kind == "a"]),  # type: ignore[misc]
            sum(1 for kind, c in theirs if c == "traitor"),
            sum(1 for kind, c in theirs if c == "spy"),
            sum(1 for kind, c in theirs if c == "doge"),
        )
        return actions(
            chooser,
            sum(1 for kind, c in mine if c == "traitor"),
            sum(1 for kind, c in mine if c == "spy"),
            sum(1 for kind, c in mine if c == "doge"),
            later, (h[0], h[1]), prizes, 0, False, (tot[0], tot[1]),
        )  # fmt: skip

    return pick(splitter, splits())
