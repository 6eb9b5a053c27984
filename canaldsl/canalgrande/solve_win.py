"""Can a player still win the game within N turns, whatever the opponent does?

**The question.** From a position at the start of a turn with both hands known and the decks
known in order, can ``player`` force a win (a prize of every district, or four of one) by the
end of the N-th turn from now, against every choice of the opponent? Every choice of both is
searched: the splits, the choice of offer, the order of the actions, the cards traitors take,
spies used or not, the districts and every play of every vote, the round-end draw taken or
not. The vote moves are those of :mod:`~canaldsl.canalgrande.votemoves` (at most one
reinforcement per district in a play).

**The answer** is YES (a forced win: the first turn's winning split is given when the player
splits), NO (the opponent can always stop it within N turns), or UNDECIDED: the answer depends
on cards nobody knows yet (a reshuffled deck: after a round's end, or when the action deck runs
out), so nothing is guessed.

**Bounds.** At most :data:`MAX_TURNS` turns; a node budget (deterministic) past which
:class:`WinSearchLimitError` (code ``S704``) is raised. A line is cut as NO as soon as the
votes that can still happen within the horizon (doges waiting, and doges among the known cards
that can still be turned up or drawn) cannot bring the player the prizes it lacks.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import (
    ROUND_END_DRAW,
    ROUND_END_TOTAL,
    TURNED_UP_ACTIONS,
    TURNED_UP_NUMBERS,
    WIN_ONE_DISTRICT,
    Card,
    District,
    NumberCard,
)
from canaldsl.canalgrande.checks_actions import spy_shape
from canaldsl.canalgrande.effects import round_roles
from canaldsl.canalgrande.position import Offer, Position, Stage
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_split import splits
from canaldsl.canalgrande.solve_vote import challenger_wins
from canaldsl.canalgrande.votemoves import (
    KINDS,
    Counts,
    UnknownCardsError,
    VoteState,
    add,
    all_plays,
    bag_of,
    challenger_of,
    counts,
    hand_cards,
    play_on,
    reach,
    spy_draw,
    thefts,
)

MAX_TURNS = 4
DEFAULT_NODE_BUDGET = 2_000_000
MOST_DRAWN_BY_SPIES = 3 * (2 + 7)
"""At most three spies, each drawing two cards and a replacement per traitor (seven)."""
MOST_DRAWN_AT_ROUND_END = ROUND_END_DRAW + 6


class Outcome(enum.Enum):
    YES = "yes"
    NO = "no"
    UNDECIDED = "undecided"


class WinSearchLimitError(ValueError):
    code = "S704"

    def __init__(self, budget: int) -> None:
        super().__init__(f"[S704] the win search needed more than {budget} nodes")


class WinProblemError(ValueError):
    """The position does not hold what the search needs."""


@dataclass(frozen=True)
class WinAnswer:
    outcome: Outcome
    player: str
    turns: int
    nodes: int
    split: tuple[Offer, Offer] | None = None

    def describe(self) -> str:
        text = {
            Outcome.YES: f"{self.player} can force a win within {self.turns} turn(s)",
            Outcome.NO: f"{self.player} cannot force a win within {self.turns} turn(s)",
            Outcome.UNDECIDED: (
                f"whether {self.player} can force a win within {self.turns} turn(s) depends "
                "on cards not known yet"
            ),
        }[self.outcome]
        if self.split is not None:
            text += (
                f"; a winning split: [{self.split[0].describe()}] | [{self.split[1].describe()}]"
            )
        return text


Prizes = tuple[int, ...]


class _Table(NamedTuple):
    """What stays the same for a whole turn's search."""

    splitter: int
    totals: tuple[int, int]
    numbers: int  # number cards already turned up (index into the number deck)
    turns_left: int  # turns after this one


class _Phase(NamedTuple):
    """A node of the search inside a turn (named tuples, not dataclasses: the search builds
    and hashes hundreds of thousands of them, and a tuple's hash, equality and copy are C)."""

    actor: int
    traitors: int
    spies: int
    doges: int
    later: tuple[Counts, int, int, int] | None
    hands: tuple[Counts, Counts]
    prizes: tuple[Prizes, Prizes]
    drawn: int
    voted: tuple[int, ...]
    table: _Table
    round_end: bool = False  # the drawer's actions at a round's end


class _Vote(NamedTuple):
    vote: VoteState
    phase: _Phase  # the phase to go back to (its doge already used)


def wins(prizes: Prizes) -> bool:
    """Fine del gioco: a prize of every district, or four of one."""
    found = _WINS.get(prizes)
    if found is None:
        found = _WINS[prizes] = all(prizes) or max(prizes) >= WIN_ONE_DISTRICT
    return found


_WINS: dict[Prizes, bool] = {}
""":func:`wins` per prizes (a few hundred prize tuples are possible with 52 cards; the win
search asks for the same ones hundreds of thousands of times)."""


def lacking(prizes: Prizes) -> int:
    """The fewest prizes still needed to win."""
    return min(WIN_ONE_DISTRICT - max(prizes), sum(1 for p in prizes if p == 0))


class WinSearch:
    def __init__(
        self,
        player: int,
        deck: tuple[Card, ...],
        numbers: tuple[NumberCard, ...],
        readings: Readings,
        budget: int,
    ) -> None:
        self.player = player
        self.deck = deck
        self.numbers = numbers
        self.readings = readings
        self.budget = budget
        self.nodes = 0
        # the outcomes found, per kind of node (a turn's start, a phase, a vote)
        self.turns: dict[tuple[object, ...], Outcome] = {}
        self.phases: dict[_Phase, Outcome] = {}
        self.votes: dict[_Vote, Outcome] = {}
        self._round_end_cards: dict[int, tuple[Counts, int, int, int] | tuple[()]] = {}
        self.listed = readings.actions_order == "listed"
        self.no_repeat = readings.vote_repeat_district == "forbidden"
        self._doges_before = [0]
        """The doges among the deck's first n cards, for every n (the cut's count of doges
        still to come, a subtraction instead of a slice counted at every node)."""
        for card in deck:
            self._doges_before.append(self._doges_before[-1] + (card is Card.DOGE))

    # -------------------------------------------------------------- logic
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise WinSearchLimitError(self.budget)

    def choose(self, chooser: int, outcomes: Iterable[Outcome]) -> Outcome:
        """The player picks any YES; the opponent any NO; UNDECIDED if it matters."""
        good, bad = (
            (Outcome.YES, Outcome.NO) if chooser == self.player else (Outcome.NO, Outcome.YES)
        )
        undecided = False
        for outcome in outcomes:
            if outcome is good:
                return good
            undecided = undecided or outcome is Outcome.UNDECIDED
        return Outcome.UNDECIDED if undecided else bad

    # -------------------------------------------------------------- turns
    def turn(
        self,
        splitter: int,
        hands: tuple[Counts, Counts],
        prizes: tuple[Prizes, Prizes],
        totals: tuple[int, int],
        drawn: int,
        numbers: int,
        turns: int,
    ) -> Outcome:
        """A turn from its start, ``turns`` turns left including it."""
        if turns == 0:
            return Outcome.NO
        cut = self._cut(prizes, (), drawn, turns, 0)
        if cut is not None:
            return cut
        key = (splitter, hands, prizes, totals, drawn, numbers, turns)
        found = self.turns.get(key)
        if found is not None:
            return found
        self._tick()
        top = self.deck[drawn : drawn + TURNED_UP_ACTIONS]
        shown = self.numbers[numbers : numbers + TURNED_UP_NUMBERS]
        if len(top) < TURNED_UP_ACTIONS or len(shown) < TURNED_UP_NUMBERS:
            result = Outcome.UNDECIDED
        else:
            table = _Table(splitter, totals, numbers + len(shown), turns - 1)
            options = (
                self._split(offers, hands, prizes, drawn + len(top), table)
                for offers in splits(Bag.of(top), Bag.of(shown))
            )
            result = self.choose(splitter, options)
        self.turns[key] = result
        return result

    def _split(
        self,
        offers: tuple[Offer, Offer],
        hands: tuple[Counts, Counts],
        prizes: tuple[Prizes, Prizes],
        drawn: int,
        table: _Table,
    ) -> Outcome:
        chooser = 1 - table.splitter
        return self.choose(
            chooser,
            (self._take(offers[t], offers[1 - t], hands, prizes, drawn, table) for t in (0, 1)),
        )

    def _take(
        self,
        taken: Offer,
        left: Offer,
        hands: tuple[Counts, Counts],
        prizes: tuple[Prizes, Prizes],
        drawn: int,
        table: _Table,
    ) -> Outcome:
        chooser = 1 - table.splitter
        totals = list(table.totals)
        totals[chooser] += taken.number_total
        totals[table.splitter] += left.number_total
        table = table._replace(totals=(totals[0], totals[1]))
        held = list(hands)
        held[chooser] = add(held[chooser], counts(hand_cards(taken.actions)))
        later = (
            counts(hand_cards(left.actions)),
            left.actions[Card.TRAITOR],
            left.actions[Card.SPY],
            left.actions[Card.DOGE],
        )
        a = taken.actions
        phase = _Phase(chooser, a[Card.TRAITOR], a[Card.SPY], a[Card.DOGE], later,
                       (held[0], held[1]), prizes, drawn, (), table)  # fmt: skip
        return self.phase(phase)

    def _cut(
        self, prizes: tuple[Prizes, Prizes], waiting: tuple[int, ...], drawn: int, turns: int,
        extra: int,
    ) -> Outcome | None:  # fmt: skip
        """NO if the votes still possible cannot bring the player the prizes it lacks."""
        if wins(prizes[1 - self.player]):
            return Outcome.NO
        window = TURNED_UP_ACTIONS * turns + MOST_DRAWN_BY_SPIES + MOST_DRAWN_AT_ROUND_END
        if drawn + window > len(self.deck):
            return None  # unknown cards could be doges
        doges = self._doges_before[drawn + window] - self._doges_before[drawn]
        votes = sum(waiting) + extra + doges
        if votes < lacking(prizes[self.player]):
            return Outcome.NO
        return None

    # -------------------------------------------------------------- a phase
    def phase(self, node: _Phase) -> Outcome:
        if wins(node.prizes[self.player]):
            return Outcome.YES
        later = node.later or ((), 0, 0, 0)
        cut = self._cut(node.prizes, (node.doges, later[3]), node.drawn,
                        node.table.turns_left, 0)  # fmt: skip
        if cut is not None:
            return cut
        found = self.phases.get(node)
        if found is not None:
            return found
        self._tick()
        result = self.choose(node.actor, self._phase_options(node))
        self.phases[node] = result
        return result

    def _phase_options(self, node: _Phase) -> Iterator[Outcome]:
        # the nodes are built by position (the fields' order), twice as fast as _replace
        actor, traitors, spies, doges, later, hands, prizes, drawn, voted, table, end = node
        if traitors == 0 and spies == 0 and doges == 0:
            if later is not None:
                cards, t, s, k = later
                splitter = table.splitter
                moved = add(hands[splitter], cards)
                hands = (moved, hands[1]) if splitter == 0 else (hands[0], moved)
                yield self.phase(_Phase(splitter, t, s, k, None, hands, prizes, drawn, voted,
                                        table, end))  # fmt: skip
            elif end:
                yield self._after_round(node)
            else:
                yield self._end_of_turn(node)
            return
        waiting = {"t": traitors, "s": spies, "d": doges}
        order = ("t", "s", "d") if self.listed else ("d", "s", "t")
        kinds = [kind for kind in order if waiting[kind]]
        for kind in kinds[:1] if self.listed else kinds:
            if kind == "t":
                for after in thefts(hands, actor, 1, self.readings):
                    yield self.phase(_Phase(actor, traitors - 1, spies, doges, later, after,
                                            prizes, drawn, voted, table, end))  # fmt: skip
            elif kind == "s":
                fewer = _Phase(actor, traitors, spies - 1, doges, later, hands, prizes, drawn,
                               voted, table, end)  # fmt: skip
                yield from self._spy(fewer)
                yield self.phase(fewer)
            else:
                yield self._doge(_Phase(actor, traitors, spies, doges - 1, later, hands, prizes,
                                        drawn, voted, table, end))  # fmt: skip

    def _spy(self, node: _Phase) -> Iterator[Outcome]:
        try:
            cards = spy_draw(self.deck, node.drawn, self.readings.spy_traitors, strict=True)
        except UnknownCardsError:
            yield Outcome.UNDECIDED
            return
        steals = spy_shape(cards, self.readings.spy_traitors).steals
        mine = list(node.hands[node.actor])
        spies = doges = 0
        for card in cards:
            if card is Card.DOGE:
                doges += 1
            elif card is Card.SPY and self.readings.spy_drawn_spy == "play":
                spies += 1
            elif card.goes_to_hand:
                mine[KINDS.index(card)] += 1
        hands = list(node.hands)
        hands[node.actor] = tuple(mine)
        actor, traitors, spies_left, doges_left, later, _, prizes, drawn, voted, table, end = node
        spies += spies_left
        doges += doges_left
        drawn += len(cards)
        for after in thefts((hands[0], hands[1]), actor, steals, self.readings):
            yield self.phase(_Phase(actor, traitors, spies, doges, later, after, prizes, drawn,
                                    voted, table, end))  # fmt: skip

    # -------------------------------------------------------------- votes
    def _doge(self, node: _Phase) -> Outcome:
        challenger = challenger_of(node.hands, node.actor)
        options = []
        if challenger is not None:
            options = [d for d in range(6) if node.hands[challenger][d]
                       and not (self.no_repeat and d in node.voted)]  # fmt: skip
        if challenger is None or not options:
            return self.phase(node)
        if self._last_vote(node):
            return _decide(self.player, node, challenger, options, self.readings)
        voted = node.voted
        starts = []
        for d in options:
            if self.no_repeat:
                voted = tuple(sorted({*node.voted, d}))
            opening = VoteState(
                d, challenger, challenger, node.hands, node.hands, (0, 0), (False, False), None
            )
            starts.append(_Vote(opening, node._replace(voted=voted)))
        return self.choose(challenger, (self.vote(v) for v in starts))

    def _last_vote(self, node: _Phase) -> bool:
        """No vote can follow this one within the horizon (as far as the known cards tell)."""
        later = node.later or ((), 0, 0, 0)
        if node.doges or later[3] or node.spies or later[2] or node.table.turns_left:
            return False
        return not node.round_end and max(node.table.totals) < ROUND_END_TOTAL

    def vote(self, node: _Vote) -> Outcome:
        found = self.votes.get(node)
        if found is not None:
            return found
        self._tick()
        result = self.choose(node.vote.mover, self._vote_options(node))
        self.votes[node] = result
        return result

    def _vote_options(self, node: _Vote) -> Iterator[Outcome]:
        """Raises past the opponent's reach first (they settle the vote), then the pass,
        then the other raises, largest first."""
        vote = node.vote
        me = vote.mover
        need = vote.totals[1 - me] - vote.totals[me] + 1
        allow = not (vote.last is None and self.readings.vote_opening_reinforcement == "forbidden")
        each = self.readings.vote_reinforcement_test == "each-gondola"
        beyond = reach(vote, 1 - me) - vote.totals[me]
        outright: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        others: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        for k, groups in all_plays(vote.hands[me], vote.district, vote.placed[me], allow):
            added = k + sum(m for _, m in groups)
            if added < need or (each and groups and k + max(m for _, m in groups) < need):
                continue
            (outright if added >= beyond else others).append((added, k, groups))
        for _, k, groups in outright:
            yield self._settle(play_on(vote, k, groups), node.phase)
        if vote.last is not None:
            yield self._settle(vote, node.phase)
        for _, k, groups in sorted(others, key=lambda o: -o[0]):
            yield self.vote(_Vote(play_on(vote, k, groups), node.phase))

    def _settle(self, vote: VoteState, phase: _Phase) -> Outcome:
        winner = vote.last
        assert winner is not None
        (h0, h1), (p0, p1) = vote.hands, phase.prizes
        if winner == 0:
            hands, prizes = (h0, vote.if_lost[1]), (_plus(p0, vote.district), p1)
        else:
            hands, prizes = (vote.if_lost[0], h1), (p0, _plus(p1, vote.district))
        actor, traitors, spies, doges, later, _, _, drawn, voted, table, end = phase
        return self.phase(_Phase(actor, traitors, spies, doges, later, hands, prizes, drawn,
                                 voted, table, end))  # fmt: skip

    # -------------------------------------------------------------- the turn's end
    def _end_of_turn(self, node: _Phase) -> Outcome:
        table = node.table
        totals = table.totals
        if max(totals) < ROUND_END_TOTAL:
            return self.turn(1 - table.splitter, node.hands, node.prizes, totals, node.drawn,
                             table.numbers, table.turns_left)  # fmt: skip
        drawer = round_roles(totals=totals, splitter=table.splitter).drawer
        declined = self._after_round(node)
        return self.choose(drawer, (declined, self._round_end_draw(node, drawer)))

    def _round_end_draw(self, node: _Phase, drawer: int) -> Outcome:
        drawn = self._round_end_cards.get(node.drawn)
        if drawn is None:
            drawn = self._round_end_cards[node.drawn] = self._draw_at_round_end(node.drawn)
        if not drawn:
            return Outcome.UNDECIDED
        gained, traitors, spies, taken = drawn
        hand = add(node.hands[drawer], gained)
        hands = (hand, node.hands[1]) if drawer == 0 else (node.hands[0], hand)
        return self.phase(_Phase(drawer, traitors, spies, 0, None, hands, node.prizes,
                                 node.drawn + taken, node.voted, node.table, True))  # fmt: skip

    def _draw_at_round_end(self, at: int) -> tuple[Counts, int, int, int] | tuple[()]:
        """The round-end draw from ``at`` cards into the deck (the same whoever draws): the
        cards kept in hand as counts, the traitors, the spies and the cards taken; () when it
        reaches past the known cards."""
        cards: list[Card] = []
        kept = 0
        while kept < ROUND_END_DRAW:
            position = at + len(cards)
            if position >= len(self.deck):
                return ()
            card = self.deck[position]
            cards.append(card)
            kept += card is not Card.DOGE
        gained = counts(hand_cards(Bag.of(cards)))
        return gained, cards.count(Card.TRAITOR), cards.count(Card.SPY), len(cards)

    def _after_round(self, node: _Phase) -> Outcome:
        """A new round: the deck is reshuffled, so any later turn is on unknown cards."""
        if wins(node.prizes[self.player]):
            return Outcome.YES
        return Outcome.UNDECIDED if node.table.turns_left else Outcome.NO


def _decide(
    player: int, node: _Phase, challenger: int, options: list[int], readings: Readings
) -> Outcome:
    """The last vote: does ``player`` win the game with it? As challenger it needs a district
    that completes its prizes and that it wins; as defender, every district the challenger
    may choose must be one it wins and that completes its prizes."""
    me, them = bag_of(node.hands[challenger]), bag_of(node.hands[1 - challenger])
    districts = list(District)
    completing = [d for d in options if wins(_plus(node.prizes[player], d))]
    if challenger == player:
        for d in completing:
            if challenger_wins(me, them, readings=readings, districts=(districts[d],)):
                return Outcome.YES
        return Outcome.NO
    for d in options:
        if d not in completing or challenger_wins(
            me, them, readings=readings, districts=(districts[d],)
        ):
            return Outcome.NO
    return Outcome.YES


def _plus(prizes: Prizes, district: int) -> Prizes:
    return (*prizes[:district], prizes[district] + 1, *prizes[district + 1 :])


def can_win(
    position: Position,
    player: str,
    *,
    turns: int,
    readings: Readings | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> WinAnswer:
    """Whether ``player`` can force a win within ``turns`` turns from ``position``."""
    if not 1 <= turns <= MAX_TURNS:
        raise WinProblemError(f"the search looks 1 to {MAX_TURNS} turns ahead, not {turns}")
    index = position.index(player)
    if index is None:
        raise WinProblemError(f"no player called {player!r}")
    if position.stage is not Stage.START:
        raise WinProblemError("the search starts at the beginning of a turn")
    for p in position.players:
        if not p.hand.fully_known:
            raise WinProblemError(f"{p.name}'s hand is not known")
    deck = position.action_deck.order
    numbers = position.number_deck.order
    if deck is None or numbers is None:
        raise WinProblemError("the decks' order is not known")
    readings = readings or Readings()
    hands = (counts(position.players[0].hand.known), counts(position.players[1].hand.known))
    prizes = tuple(tuple(p.prizes[d] for d in District) for p in position.players)
    totals = (position.players[0].total, position.players[1].total)
    search = WinSearch(index, deck, numbers, readings, node_budget)
    if position.winner is not None:
        outcome = Outcome.YES if position.winner == index else Outcome.NO
        return WinAnswer(outcome, player, turns, 0)
    outcome = search.turn(position.splitter, hands, (prizes[0], prizes[1]), totals, 0, 0, turns)
    split = None
    if outcome is Outcome.YES and position.splitter == index:
        split = _winning_split(search, position, hands, (prizes[0], prizes[1]), totals, turns)
    return WinAnswer(outcome, player, turns, search.nodes, split)


def _winning_split(
    search: WinSearch,
    position: Position,
    hands: tuple[Counts, Counts],
    prizes: tuple[Prizes, Prizes],
    totals: tuple[int, int],
    turns: int,
) -> tuple[Offer, Offer] | None:
    deck, numbers = search.deck, search.numbers
    top, shown = deck[:TURNED_UP_ACTIONS], numbers[:TURNED_UP_NUMBERS]
    table = _Table(position.splitter, totals, len(shown), turns - 1)
    for offers in splits(Bag.of(top), Bag.of(shown)):
        if search._split(offers, hands, prizes, len(top), table) is Outcome.YES:
            return offers
    return None
