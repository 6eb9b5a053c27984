"""Where the turn search stops early, with proofs: the end of a turn (one player's last doge
and its traitors) settled at once, and inside a vote the tests that only this vote's prize
could settle (:mod:`~canaldsl.canalgrande.votebounds`)."""

from __future__ import annotations

from collections.abc import Callable

from canaldsl.canalgrande.cards import Card
from canaldsl.canalgrande.checks_actions import spy_shape
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_vote import challenger_wins
from canaldsl.canalgrande.turnnodes import DISTRICTS, NOTHING, Agenda, InVote, Phase
from canaldsl.canalgrande.votebounds import can_force, last_vote_bound, last_vote_result
from canaldsl.canalgrande.votemoves import (
    KINDS,
    Counts,
    VoteState,
    add,
    bag_of,
    challenger_of,
    spy_draw,
    thefts,
)


class TurnEnds:
    """The shortcuts for one turn search (the splitter and the readings fixed)."""

    def __init__(
        self,
        splitter: int,
        readings: Readings,
        deck: tuple[Card, ...],
        count: Callable[[], None] = lambda: None,
        row: Callable[[Counts], Counts] | None = None,
    ) -> None:
        self.splitter = splitter
        self.row = row
        """The reach rows of hands (:func:`~canaldsl.canalgrande.votemoves.reach_row`), as
        the search caches them (None: computed at each call)."""
        self.count = count
        """Called for each end of a turn worked out (not found in the cache): the search
        counts it as a node, so its budget covers this work too."""
        self.deck = deck
        self.readings = readings
        self.no_repeat = readings.vote_repeat_district == "forbidden"
        self.each_gondola = readings.vote_reinforcement_test == "each-gondola"
        self.opening_reinforces = readings.vote_opening_reinforcement == "allowed"
        self._closed_form = not self.each_gondola and self.opening_reinforces
        self._leaves: dict[Phase, int | None] = {}
        self._wins_cache: dict[tuple[Counts, Counts, tuple[int, ...]], bool] = {}
        self._reach_cache: dict[Counts, tuple[int, ...]] = {}
        self._ends: dict[tuple[object, ...], int] = {}

    def settled(self, node: Phase) -> int | None:
        """The value of a phase where only one player's last doge and its traitors, or its
        last spies (and what they draw), are left (cached), else None."""
        if not _near_the_end(node.agenda):
            return None
        try:  # the node (a named tuple of plain values) is its own key
            return self._leaves[node]
        except KeyError:
            found = self._leaves[node] = self._last_vote_left(node)
            if found is not None:
                self.count()
            return found

    def _reach_rule(self, vote: VoteState) -> bool:
        """Whether the reach rule decides who can force a win of the vote from here: under
        the reading "play" (a reinforcement must pass the opponent over the whole play), once
        any play may reinforce."""
        return not self.each_gondola and (self.opening_reinforces or vote.last is not None)

    def vote_bounds(self, node: InVote, target: int, later: int) -> bool | None:
        """The test settled inside a vote without search, or None. With ``later`` votes
        after this one, a target above ``later - 1`` needs the splitter to win this vote, one
        at or below ``1 - later`` needs the chooser to (:mod:`votebounds`): if that side cannot
        force the win, the test is settled; with one vote left and nothing else, also if the
        most that vote could bring the side cannot do."""
        vote, chooser = node.vote, 1 - self.splitter
        if not self._reach_rule(vote):
            return None
        splitter_needs = target > later - 1
        chooser_needs = target <= 1 - later
        if splitter_needs and not can_force(vote, self.splitter, self.row):
            return False
        if chooser_needs and not can_force(vote, chooser, self.row):
            return True
        last = self._pure_last_vote(node) if later == 1 else None
        if last is None:
            return None
        owner, extra, thief = last
        if splitter_needs:
            best = last_vote_bound(vote, self.splitter, self.splitter, self._last,
                                   owner=owner, extra=extra, thief=thief)  # fmt: skip
            if 1 + best < target:
                return False
        if chooser_needs:
            best = last_vote_bound(vote, chooser, self.splitter, self._last,
                                   owner=owner, extra=extra, thief=thief)  # fmt: skip
            if -1 + best >= target:
                return True
        return None

    def _pure_last_vote(self, node: InVote) -> tuple[int, Counts, int | None] | None:
        """When one vote is left after this one, no spy and at most one traitor: the doge's
        owner, the cards the splitter gets before it, the traitor's owner (None otherwise,
        or under readings the bound does not cover)."""
        if self.no_repeat:
            return None
        a = node.agenda
        later_traitors = a.later[1] if a.later is not None else 0
        if a.spies or (a.later is not None and a.later[2]) or a.traitors + later_traitors > 1:
            return None
        thief = a.actor if a.traitors else (self.splitter if later_traitors else None)
        if a.doges:  # the actor's own doge comes next
            return a.actor, NOTHING, thief
        assert a.later is not None  # one vote is left: the splitter's
        return self.splitter, a.later[0], thief

    def _last(self, splitter_hand: Counts, chooser_hand: Counts, owner: int) -> int:
        hands = (
            [splitter_hand, chooser_hand] if self.splitter == 0 else [chooser_hand, splitter_hand]
        )
        return last_vote_result((hands[0], hands[1]), owner, self.splitter,
                                self.challenger_takes)  # fmt: skip

    def _last_vote_left(self, node: Phase) -> int | None:
        """The value when all that is left of the turn is one player's last doge and its
        traitors (none left, or the chooser done and the splitter's offer waiting; or the
        chooser's with a splitter's offer of neither doge nor spy: what the splitter does then
        cannot change a prize), else None. The thefts that matter come before the vote (one
        after it changes nothing), so the player picks the best of every way to steal up to
        its traitors (none included, as the search does), then the last vote is settled by
        who can win it (as the turn search does)."""
        a, hands = node.agenda, node.hands
        if a.traitors or a.spies or a.doges:
            if a.later is not None and (a.later[2] or a.later[3]):
                return None
            actor, traitors, spies, doges = a.actor, a.traitors, a.spies, a.doges
        else:
            if a.later is None:
                return None
            cards, traitors, spies, doges = a.later
            actor = self.splitter
            moved = list(hands)
            moved[actor] = add(moved[actor], cards)
            hands = (moved[0], moved[1])
        return self._end(actor, hands, traitors, spies, doges, node.drawn, node.voted)

    def _end(
        self,
        actor: int,
        hands: tuple[Counts, Counts],
        traitors: int,
        spies: int,
        doges: int,
        drawn: int,
        voted: tuple[int, ...],
    ) -> int | None:
        """The value when ``actor`` is the last to act with these actions left: a doge and
        traitors (the best theft, then the last vote), or spies alone (each used or not, as
        the search does: what a used spy draws joins the hand, its doges and spies are then
        left to play, its traitors steal), else None."""
        if spies and not (traitors or doges):
            options: list[int | None] = [self._end(actor, hands, 0, spies - 1, 0, drawn, voted)]
            cards = spy_draw(self.deck, drawn, self.readings.spy_traitors, strict=True)
            shape = spy_shape(cards, self.readings.spy_traitors)
            mine = list(hands[actor])
            for card in cards:
                if card.goes_to_hand:
                    mine[KINDS.index(card)] += 1
            more = cards.count(Card.SPY) if self.readings.spy_drawn_spy == "play" else 0
            held = (tuple(mine), hands[1]) if actor == 0 else (hands[0], tuple(mine))
            found = cards.count(Card.DOGE)
            for after in thefts(held, actor, shape.steals, self.readings):
                left = spies - 1 + more
                options.append(self._end(actor, after, 0, left, found, drawn + len(cards), voted))
            if any(value is None for value in options):
                return None
            known = [value for value in options if value is not None]
            return max(known) if actor == self.splitter else min(known)
        if spies or doges > 1:
            return None
        if doges == 0:
            return 0
        h0, h1 = hands
        memo: tuple[object, ...] = (
            actor, traitors, h0[6], h1[6], tuple(sorted(zip(h0[:6], h1[:6], strict=True))),
        )  # fmt: skip
        if self.no_repeat:
            memo = (*memo, hands, voted)  # the districts voted on are not interchangeable
        ended = self._ends.get(memo)
        if ended is None:
            ended = self._ends[memo] = self._last_doge(actor, hands, traitors, voted)
        return ended

    def _last_doge(
        self, actor: int, hands: tuple[Counts, Counts], traitors: int, voted: tuple[int, ...]
    ) -> int:
        """The value of ``actor``'s last doge after up to ``traitors`` thefts (cached by
        :meth:`_end` up to a renaming of the districts: the rules and the closed form treat
        the six alike)."""
        # the thief's best theft: stop at the first that wins the last vote for it
        sign = 1 if actor == self.splitter else -1
        best = -1
        for after in thefts(hands, actor, traitors, self.readings):
            best = max(best, sign * self._last_vote_value(after, actor, voted))
            if best == 1:
                break
        return sign * best

    def _last_vote_value(
        self, hands: tuple[Counts, Counts], owner: int, voted: tuple[int, ...]
    ) -> int:
        """The last vote's result for the splitter (0: the doge is discarded)."""
        challenger = challenger_of(hands, owner)
        if challenger is None:
            return 0
        options = tuple(d for d in range(6) if hands[challenger][d] > 0
                        and not (self.no_repeat and d in voted))  # fmt: skip
        if not options:
            return 0
        wins = self.challenger_takes(hands[challenger], hands[1 - challenger], options)
        return 1 if (challenger if wins else 1 - challenger) == self.splitter else -1

    def challenger_takes(self, mine: Counts, theirs: Counts, options: tuple[int, ...]) -> bool:
        """Who wins the last vote (cached: the same hands meet again and again)."""
        memo = (mine, theirs, options)
        found = self._wins_cache.get(memo)
        if found is None and self._closed_form:  # the closed form, on counts
            ours, others = self._reaches(mine), self._reaches(theirs)
            found = any(ours[d] >= others[d] for d in options)
            self._wins_cache[memo] = found
        elif found is None:
            found = challenger_wins(
                bag_of(mine),
                bag_of(theirs),
                readings=self.readings,
                districts=tuple(DISTRICTS[d] for d in options),
            )
            self._wins_cache[memo] = found
        return found

    def _reaches(self, hand: Counts) -> tuple[int, ...]:
        """The hand's reach in each district (cached)."""
        found = self._reach_cache.get(hand)
        if found is None:
            found = self._reach_cache[hand] = reaches_of(hand)
        return found


def reaches_of(hand: Counts) -> tuple[int, ...]:
    """The most a hand can total in a vote over each district (0 without a card of it): the
    district's cards and, one per gondola, the largest other districts. The largest others
    are the largest of all six less this district when it is among the largest."""
    gondolas = hand[6]
    ranked = sorted(hand[:6], reverse=True)
    top = sum(ranked[:gondolas])
    top_next = sum(ranked[: gondolas + 1])
    edge = ranked[gondolas] if gondolas < 6 else -1
    return tuple(0 if not n else n + (top_next - n if n >= edge else top) for n in hand[:6])


def _near_the_end(a: Agenda) -> bool:
    """Whether one player's doge and traitors, or its spies alone, may be all that is left (a
    quick test)."""
    if a.later is None or ((a.traitors or a.spies or a.doges) and not (a.later[2] or a.later[3])):
        # (a splitter's offer still to come with no doge and no spy cannot change a prize)
        return (a.doges == 1 and not a.spies) or (a.spies > 0 and not (a.doges or a.traitors))
    _, traitors, spies, doges = a.later
    if a.traitors or a.spies or a.doges:
        return False
    return (doges == 1 and not spies) or (spies > 0 and not (doges or traitors))
