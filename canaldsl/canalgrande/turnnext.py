"""The next-vote bound of the turn search: a test that needs one side to win every vote left
fails at once when that side cannot win the next vote even with the most cards it can hold
against the fewest the other can.

**When a side must win every vote.** Let M be the most prizes that can still change hands
from a node (the vote under way counts as one), w_s and w_c the votes the splitter and the
chooser win from here, so w_s + w_c <= M and the value is w_s - w_c. The splitter passes a
test "at least t" when t >= M - 1 only if the chooser wins none of the votes (one chooser win
leaves w_s - w_c <= M - 2); the chooser refutes it when t <= 2 - M only if the splitter wins
none (one splitter win leaves w_s - w_c >= 2 - M). Call that side X and the other Y. X must
also win the vote under way (at a vote node), and some later vote must take place unless the
value without any later vote already fails X (for the splitter: t >= 2 inside a vote, t >= 1
at a phase; for the chooser: t <= -1 inside a vote, t <= 0 at a phase), or a doge is certain
to come (one left to the acting player, or in the splitter's offer still waiting).

**The hands at the next vote.** Between this node and the next vote (the first doge used
after the vote under way) only thefts, spies and the splitter's taking its offer can happen.
So at that vote X holds at most U: what it keeps if it wins the vote under way (its hand
now: every card it puts down is spent), plus every card to hand among those the remaining
spies can draw from the known deck, plus one card of every kind per theft X can still make
(its traitors waiting and every traitor among those cards), plus the splitter's offer if X is
the splitter; and Y holds at least L: the fewest it keeps after losing the vote under way
(its hand less the first card of the district if not yet put down and every gondola), less
one card of every kind per theft X can still make (floored at 0). Card counts are compared
kind by kind: the true hands satisfy H_X <= U and H_Y >= L in every kind.

**The thefts one kind at a time** (sharper; up to three thefts). Let U0 and L0 be U and L
without the thefts, s the thefts X can still make. Whatever happens before the next vote,
X has made some r <= s of them, taking kinds k_1..k_r, so H_X <= U0 + e_k1 + ... + e_kr
and H_Y >= L0 - e_k1 - ... - e_kr kind by kind (floored at 0: a theft takes a card Y
holds, so a kind where L0 is 0 loses nothing from the bound); each theft may come before
or after a spy's draw or the splitter's offer, which only add to the hands, so the order
does not matter to these sums. Completing k_1..k_r with any s - r more kinds only raises
the first bound and lowers the second, so the true hands lie under some (U_K, L_K) for a
multiset K of s kinds among the seven (6 districts and the gondola). If X cannot win the
vote from any (U_K, L_K) (monotonicity, below), it cannot win it at all. Adding one card
of every kind per theft (the rule above) is the same bound with every K merged into one
hand: weaker, kept for more than three thefts (84 multisets for three).

**Inside a vote, sharper** (used when the chooser is to move in a vote it must win). Let
the splitter play this vote so: whenever it is to move and its reach (the most it can total
in one play) passes the chooser's total, it raises to that reach. A player must pass the
other's total to raise, never equal it, so the chooser wins this vote only with a total at
least that reach r; it must add at least r less its total now. What it keeps is then at
most the hand after one legal play adding that much: its plays in this vote merged into
one (the same cards of the district, the reinforcements of each district joined under one
gondola) add as much, are legal from now (reinforcing is allowed from the opening under
these readings, and its first card of the district is in the first play) and leave it as
many cards and at least as many gondolas. If X cannot win the next vote after any such
play, this play of the splitter's settles the test too; what the splitter keeps (it takes
back all but its first card and gondolas) is covered by L.

**Monotonicity.** Under the readings where the last vote has its closed form (the reach rule
from the opening: ``vote.reinforcement-test = play``, ``vote.opening-reinforcement = allowed``;
and ``vote.repeat-district = allowed``, so every district held may be chosen), the challenger
C wins a vote exactly when some district d it holds has reach_C(d) >= reach_D(d)
(``turnends.reaches_of``; 0 without a card of d), and X wins a vote it cannot lose by
playing to win it. A reach grows with the hand. Claim: if X wins the vote (owner o) from
(H_X, H_Y), it wins it from (U, L) whenever L holds a district card. (i) X challenged: it
holds a district d with reach_X(d) >= reach_Y(d); at (U, L) X still holds d; if X challenges
there, d still works; Y cannot challenge there, since that needs o = Y with a district card
in L, hence in H_Y, and Y would then have challenged at (H_X, H_Y). (ii) Y challenged: every
district d Y holds has reach_Y(d) < reach_X(d); so X held a district card (its reach is 0
otherwise), hence o = Y; at (U, L) Y (owner, holding a district of L) challenges, and each of
its districts, a subset of the ones before, has reach_Y at most as before and reach_X at
least as before.

**The bound.** If for every player who can own the next doge X cannot win the vote from
(U, L), then, L holding a district card, the next vote takes place (Y can challenge or
answer) and Y can win it by playing to win it, which settles the test against X whatever else
happens; and if no vote follows, the test fails X by the conditions above. The next doge's
owner: the acting player if it still has a doge (it must use it before the splitter acts
again); else the acting player (by a spy's draw) or the splitter (its offer), as each can.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from canaldsl.canalgrande.cards import Card
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turnends import reaches_of
from canaldsl.canalgrande.turnnodes import Agenda
from canaldsl.canalgrande.votemoves import KINDS, Counts, UnknownCardsError, spy_draw

NONE: Counts = (0,) * len(KINDS)
MAX_STEALS = 3
"""Up to this many thefts, every choice of the kinds they take is tried (84 for three)."""
Window = tuple[Counts, int]
"""Every card to hand the remaining spies can draw (counts), and the traitors among them."""


class NextVote:
    """The next-vote bound for one turn search (the splitter and the deck fixed)."""

    def __init__(self, splitter: int, readings: Readings, deck: tuple[Card, ...]) -> None:
        self.splitter = splitter
        self.readings = readings
        self.deck = deck
        self.active = (
            readings.vote_reinforcement_test == "play"
            and readings.vote_opening_reinforcement == "allowed"
            and readings.vote_repeat_district == "allowed"
        )
        self._windows: dict[tuple[int, int], Window | None] = {}
        self._reaches: dict[Counts, Counts] = {}
        self._fails: dict[tuple[object, ...], bool] = {}

    def fails(
        self,
        side: int,
        agenda: Agenda,
        drawn: int,
        most: Counts,
        fewest: Counts,
    ) -> bool:
        """Whether ``side`` cannot win the next vote: holding at most ``most`` now (before
        what it may gain) against the other's ``fewest``, with ``agenda`` left and ``drawn``
        cards of the deck taken. The caller has checked that the test needs ``side`` to win
        every vote and that a vote must follow (module docstring)."""
        memo = (side, agenda, drawn, most, fewest)
        found = self._fails.get(memo)
        if found is None:
            found = self._fails[memo] = self._fails_now(side, agenda, drawn, most, fewest)
        return found

    def _fails_now(
        self, side: int, agenda: Agenda, drawn: int, most: Counts, fewest: Counts
    ) -> bool:
        actor, later = agenda.actor, agenda.later
        first = (actor,) if agenda.doges or agenda.spies else ()
        then = (
            (self.splitter,)
            if not agenda.doges and later is not None and (later[2] or later[3])
            else ()
        )
        if not first and not then:
            return False
        for owner in (*first, *then):
            # the hands when ``owner``'s first doge is voted on: during the acting player's
            # turn to act (its thefts and spies only), or after it (the splitter's offer
            # taken, its thefts and spies too)
            after = owner not in first
            mine, theirs, steals = self._bounds(side, agenda, drawn, most, fewest, after=after)
            if steals > MAX_STEALS:  # too many to list: one card of every kind per theft
                mine = tuple(m + steals for m in mine)
                theirs = tuple(n - steals if n > steals else 0 for n in theirs)
                if not any(theirs[:6]) or self._wins(side, owner, mine, theirs):
                    return False
                continue
            for taken in combinations_with_replacement(range(len(KINDS)), steals):
                # the kinds the thefts take, one by one
                got, lost = list(mine), list(theirs)
                for kind in taken:
                    got[kind] += 1
                    if lost[kind]:
                        lost[kind] -= 1
                if not any(lost[:6]) or self._wins(side, owner, tuple(got), tuple(lost)):
                    return False
        return True

    def _bounds(
        self,
        side: int,
        agenda: Agenda,
        drawn: int,
        most: Counts,
        fewest: Counts,
        *,
        after: bool,
    ) -> tuple[Counts, Counts, int]:
        """The most ``side`` can hold and the fewest the other can at the next vote, before
        the thefts ``side`` can still make; and how many those are."""
        actor, later = agenda.actor, agenda.later
        cards: Counts = NONE
        steals = 0
        if actor == side:  # the acting player: its thefts and its spies' draws
            steals = agenda.traitors
            if agenda.spies:
                window = self._window(agenda.spies, drawn)
                if window is None:
                    return most, NONE, 0  # past the known deck: no bound
                cards, drawn_traitors = window
                steals += drawn_traitors
        if after and later is not None and side == self.splitter:
            # the splitter acts after the chooser: every spy left may have drawn by then
            spies = agenda.spies + later[2]
            window = self._window(spies, drawn) if spies else (NONE, 0)
            if window is None:
                return most, NONE, 0
            cards, drawn_traitors = window
            steals = later[1] + drawn_traitors + (agenda.traitors if actor == side else 0)
            most = tuple(m + c for m, c in zip(most, later[0], strict=True))
        if after and later is not None and side != self.splitter:
            fewest = tuple(n + c for n, c in zip(fewest, later[0], strict=True))
        mine = tuple(m + c for m, c in zip(most, cards, strict=True))
        return mine, fewest, steals

    def _wins(self, side: int, owner: int, mine: Counts, theirs: Counts) -> bool:
        """Whether ``side`` holding ``mine`` wins a vote of ``owner``'s doge against
        ``theirs`` (the closed form; ``theirs`` holds a district card)."""
        ours, others = self._reach(mine), self._reach(theirs)
        if owner == side and any(mine[:6]):
            return any(ours[d] >= others[d] for d in range(6) if mine[d])
        return not any(others[d] >= ours[d] for d in range(6) if theirs[d])

    def _reach(self, hand: Counts) -> Counts:
        found = self._reaches.get(hand)
        if found is None:
            found = self._reaches[hand] = tuple(reaches_of(hand))
        return found

    def _window(self, spies: int, drawn: int) -> Window | None:
        memo = (spies, drawn)
        if memo in self._windows:
            return self._windows[memo]
        found = self._windows[memo] = self._walk(spies, drawn)
        return found

    def _walk(self, spies: int, drawn: int) -> Window | None:
        """What every remaining spy could draw, in the deck's order (None: past the known
        deck, where the search itself stops with S703)."""
        cards = [0] * len(KINDS)
        traitors = 0
        position = drawn
        while spies > 0:
            try:
                taken = spy_draw(self.deck, position, self.readings.spy_traitors, strict=True)
            except UnknownCardsError:
                return None
            size = len(taken)
            spies -= 1
            for card in taken:
                if card is Card.TRAITOR:
                    traitors += 1
                elif card is Card.SPY:
                    spies += 1 if self.readings.spy_drawn_spy == "play" else 0
                elif card.goes_to_hand:
                    cards[KINDS.index(card)] += 1
            position += size
        return tuple(cards), traitors
