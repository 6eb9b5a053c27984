"""The rest of a turn, once the offers are made, as a two-player game with every card known.

Used by the best-split solver (:mod:`canaldsl.canalgrande.solve_split`). The value is the
prize difference this turn, splitter's prizes minus chooser's; the splitter maximises it and
the chooser minimises it. Every choice the rules leave to a player is searched: the chooser's
offer is fixed by the caller; then, for the player acting, the order of traitors, spies and
votes (under reading actions.order=free), which card each traitor takes (or none), whether to
use each spy, and in each vote the district and every play and pass of both players.

The move set within a vote is the rules' with one restriction, stated here and in the notes:
a play reinforces at most once from each district (a second gondola for a district in the same
play only puts one more gondola down).

States are kept in a transposition table; the last vote of a turn (when no doge can follow it)
is settled by who can win it (:func:`~canaldsl.canalgrande.solve_vote.challenger_wins`), since
the cards spent in it no longer matter to the value. The search is bounded by a node budget
(deterministic; :class:`TurnSearchLimitError`, code ``S702``). A spy that would draw past the
known part of the deck raises :class:`UnknownCardsError` (code ``S703``): nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import SPY_DRAW, Card, District
from canaldsl.canalgrande.checks_actions import spy_shape
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_vote import challenger_wins

KINDS = (*(d.card for d in District), Card.GONDOLA)
"""The order of a hand's counts: the six districts, then gondolas."""
GONDOLA = 6
Counts = tuple[int, ...]


class TurnSearchLimitError(ValueError):
    """The turn search needed more nodes than its budget."""

    code = "S702"

    def __init__(self, budget: int) -> None:
        super().__init__(f"[S702] the turn search needed more than {budget} nodes")


class UnknownCardsError(ValueError):
    """A spy would draw a card of the deck whose identity is not known."""

    code = "S703"


def counts(bag: Bag[Card]) -> Counts:
    return tuple(bag[kind] for kind in KINDS)


@dataclass(frozen=True)
class Agenda:
    """What the acting player still has to use, and what the splitter gets afterwards."""

    actor: int
    traitors: int
    spies: int
    doges: int
    later: tuple[Counts, int, int, int] | None  # splitter's hand cards, traitors, spies, doges

    def no_vote_can_follow(self) -> bool:
        """Nothing left that could call a vote after the current one."""
        later_quiet = self.later is None or (self.later[2] == 0 and self.later[3] == 0)
        return self.doges == 0 and self.spies == 0 and later_quiet


class TurnGame:
    """The game of one turn after the split, for a given splitter and known cards."""

    def __init__(
        self,
        splitter: int,
        hands: tuple[Counts, Counts],
        deck: tuple[Card, ...],
        readings: Readings,
        budget: int,
    ) -> None:
        self.splitter = splitter
        self.start = hands
        self.deck = deck
        self.readings = readings
        self.budget = budget
        self.nodes = 0
        self.table: dict[object, int] = {}
        self.listed = readings.actions_order == "listed"
        self.no_repeat = readings.vote_repeat_district == "forbidden"

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TurnSearchLimitError(self.budget)

    def _pick(self, player: int, values: Iterator[int]) -> int:
        """The player's choice: the splitter takes the largest value, the chooser the least."""
        if player == self.splitter:
            return max(values)
        return min(values)

    # -------------------------------------------------------------- a phase
    def play(self, chooser_offer: Bag[Card], splitter_offer: Bag[Card]) -> int:
        """The value of the turn when the chooser takes ``chooser_offer``."""
        chooser = 1 - self.splitter
        hands = list(self.start)
        hands[chooser] = _add(hands[chooser], counts(_hand_cards(chooser_offer)))
        later = (
            counts(_hand_cards(splitter_offer)),
            splitter_offer[Card.TRAITOR],
            splitter_offer[Card.SPY],
            splitter_offer[Card.DOGE],
        )
        agenda = Agenda(
            chooser,
            chooser_offer[Card.TRAITOR],
            chooser_offer[Card.SPY],
            chooser_offer[Card.DOGE],
            later,
        )
        return self.phase(agenda, (hands[0], hands[1]), 0, ())

    def phase(
        self, agenda: Agenda, hands: tuple[Counts, Counts], drawn: int, voted: tuple[int, ...]
    ) -> int:
        """The value from a point between two actions."""
        self._tick()
        key = ("phase", agenda, hands, drawn, voted)
        known = self.table.get(key)
        if known is not None:
            return known
        value = self._pick(agenda.actor, self._phase_options(agenda, hands, drawn, voted))
        self.table[key] = value
        return value

    def _phase_options(
        self, agenda: Agenda, hands: tuple[Counts, Counts], drawn: int, voted: tuple[int, ...]
    ) -> Iterator[int]:
        a = agenda
        if a.traitors == 0 and a.spies == 0 and a.doges == 0:
            if a.later is None:
                yield 0
                return
            cards, t, s, k = a.later
            moved = list(hands)
            moved[self.splitter] = _add(moved[self.splitter], cards)
            following = Agenda(self.splitter, t, s, k, None)
            yield self.phase(following, (moved[0], moved[1]), drawn, voted)
            return
        kinds = [kind for kind, n in (("t", a.traitors), ("s", a.spies), ("d", a.doges)) if n]
        if self.listed:
            kinds = kinds[:1]
        for kind in kinds:
            if kind == "t":
                rest = Agenda(a.actor, a.traitors - 1, a.spies, a.doges, a.later)
                for after in _thefts(hands, a.actor, 1, self.readings):
                    yield self.phase(rest, after, drawn, voted)
            elif kind == "s":
                rest = Agenda(a.actor, a.traitors, a.spies - 1, a.doges, a.later)
                yield self.phase(rest, hands, drawn, voted)  # the spy left unused
                yield from self._spy(rest, hands, drawn, voted)
            else:
                rest = Agenda(a.actor, a.traitors, a.spies, a.doges - 1, a.later)
                yield self._vote(rest, hands, drawn, voted)

    def _spy(
        self, agenda: Agenda, hands: tuple[Counts, Counts], drawn: int, voted: tuple[int, ...]
    ) -> Iterator[int]:
        """A spy used: the known deck's next cards, then the thefts its traitors allow."""
        cards = self._spy_cards(drawn)
        shape = spy_shape(cards, self.readings.spy_traitors)
        me = agenda.actor
        mine = list(hands[me])
        spies = doges = 0
        for card in cards:
            if card is Card.DOGE:
                doges += 1
            elif card is Card.SPY:
                spies += 1 if self.readings.spy_drawn_spy == "play" else 0
            elif card.goes_to_hand:
                mine[KINDS.index(card)] += 1
        held = (tuple(mine), hands[1]) if me == 0 else (hands[0], tuple(mine))
        rest = Agenda(me, agenda.traitors, agenda.spies + spies, agenda.doges + doges, agenda.later)
        for after in _thefts(held, me, shape.steals, self.readings):
            yield self.phase(rest, after, drawn + len(cards), voted)

    def _spy_cards(self, drawn: int) -> tuple[Card, ...]:
        """The cards a spy draws from the known deck, as many as the reading makes it draw."""
        size = SPY_DRAW
        while True:
            cards = self.deck[drawn : drawn + size]
            if len(cards) < size:
                raise UnknownCardsError(
                    f"[S703] a spy would draw past the {len(self.deck)} known cards of the deck"
                )
            expected = spy_shape(cards, self.readings.spy_traitors).expected
            if expected <= size:
                return cards
            size = expected

    # -------------------------------------------------------------- a vote
    def _vote(
        self, agenda: Agenda, hands: tuple[Counts, Counts], drawn: int, voted: tuple[int, ...]
    ) -> int:
        """A doge of the acting player: who challenges, then the vote."""
        owner = agenda.actor
        challenger = _challenger(hands, owner)
        if challenger is None:
            return self.phase(agenda, hands, drawn, voted)
        options = [
            d for d in range(6) if hands[challenger][d] > 0 and not (self.no_repeat and d in voted)
        ]
        if not options:  # only districts already voted on (reading repeat forbidden)
            return self.phase(agenda, hands, drawn, voted)
        if agenda.no_vote_can_follow():
            wins = challenger_wins(
                _bag(hands[challenger]),
                _bag(hands[1 - challenger]),
                readings=self.readings,
                districts=tuple(list(District)[d] for d in options),
            )
            winner = challenger if wins else 1 - challenger
            return 1 if winner == self.splitter else -1
        values = (
            self._play(
                _VoteState(d, challenger, challenger, hands, hands, (0, 0), (False, False), None),
                agenda,
                drawn,
                (*voted, d) if self.no_repeat else voted,
            )
            for d in options
        )
        return self._pick(challenger, values)

    def _play(self, vote: _VoteState, agenda: Agenda, drawn: int, voted: tuple[int, ...]) -> int:
        self._tick()
        key = ("vote", vote, agenda, drawn, voted)
        known = self.table.get(key)
        if known is not None:
            return known
        value = self._pick(vote.mover, self._vote_options(vote, agenda, drawn, voted))
        self.table[key] = value
        return value

    def _vote_options(
        self, vote: _VoteState, agenda: Agenda, drawn: int, voted: tuple[int, ...]
    ) -> Iterator[int]:
        me = vote.mover
        opening = vote.last is None
        if not opening:
            yield self._settle(vote, agenda, drawn, voted)
        need = vote.totals[1 - me] - vote.totals[me] + 1
        allow = not (opening and self.readings.vote_opening_reinforcement == "forbidden")
        each = self.readings.vote_reinforcement_test == "each-gondola"
        for k, groups in _plays(vote.hands[me], vote.district, vote.placed[me], allow):
            added = k + sum(m for _, m in groups)
            if added < need:
                continue
            if each and groups and k + max(m for _, m in groups) < need:
                continue
            yield self._play(_after(vote, k, groups), agenda, drawn, voted)

    def _settle(self, vote: _VoteState, agenda: Agenda, drawn: int, voted: tuple[int, ...]) -> int:
        """The mover passes: the last player to raise wins; the loser takes back all but its
        first card and gondolas."""
        winner = vote.last
        assert winner is not None
        hands = list(vote.hands)
        hands[1 - winner] = vote.if_lost[1 - winner]
        prize = 1 if winner == self.splitter else -1
        return prize + self.phase(agenda, (hands[0], hands[1]), drawn, voted)


@dataclass(frozen=True)
class _VoteState:
    district: int
    challenger: int
    mover: int
    hands: tuple[Counts, Counts]  # cards still in hand
    if_lost: tuple[Counts, Counts]  # the hand each would keep if it lost now
    totals: tuple[int, int]
    placed: tuple[bool, bool]
    last: int | None  # who raised last


def _after(vote: _VoteState, k: int, groups: tuple[tuple[int, int], ...]) -> _VoteState:
    me = vote.mover
    hand = list(vote.hands[me])
    hand[vote.district] -= k
    for kind, m in groups:
        hand[kind] -= m
    hand[GONDOLA] -= len(groups)
    lost = list(vote.if_lost[me])
    if not vote.placed[me]:
        lost[vote.district] -= 1  # the first card put down is lost if the vote is lost
    lost[GONDOLA] -= len(groups)
    hands = list(vote.hands)
    hands[me] = tuple(hand)
    if_lost = list(vote.if_lost)
    if_lost[me] = tuple(lost)
    totals = list(vote.totals)
    totals[me] += k + sum(m for _, m in groups)
    placed = list(vote.placed)
    placed[me] = True
    return _VoteState(
        vote.district,
        vote.challenger,
        1 - me,
        (hands[0], hands[1]),
        (if_lost[0], if_lost[1]),
        (totals[0], totals[1]),
        (placed[0], placed[1]),
        me,
    )


def _plays(
    hand: Counts, district: int, placed: bool, reinforce: bool
) -> Iterator[tuple[int, tuple[tuple[int, int], ...]]]:
    """(vote cards, reinforcements) for every play: at most one reinforcement per district."""
    gondolas = hand[GONDOLA] if reinforce else 0
    others = [d for d in range(6) if d != district and hand[d] > 0]

    def walk(index: int, left: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if index == len(others):
            yield ()
            return
        for rest in walk(index + 1, left):
            yield rest
        if left:
            kind = others[index]
            for m in range(1, hand[kind] + 1):
                for rest in walk(index + 1, left - 1):
                    yield ((kind, m), *rest)

    for groups in walk(0, gondolas):
        for k in range(hand[district] + 1):
            if groups and not (placed or k >= 1):
                continue
            if not groups and k == 0:
                continue
            yield k, groups


def _thefts(
    hands: tuple[Counts, Counts], thief: int, most: int, readings: Readings
) -> Iterator[tuple[Counts, Counts]]:
    """Every way to take up to ``most`` cards from the opponent (none included)."""
    seen: set[tuple[Counts, Counts]] = set()

    def walk(current: tuple[Counts, Counts], left: int) -> Iterator[tuple[Counts, Counts]]:
        if current not in seen:
            seen.add(current)
            yield current
        if not left:
            return
        victim = current[1 - thief]
        if not any(victim):
            return
        if readings.traitor_empty_hand == "either" and not any(current[thief]):
            return
        for kind in range(len(KINDS)):
            if victim[kind]:
                taken = list(victim)
                taken[kind] -= 1
                gained = list(current[thief])
                gained[kind] += 1
                after = (
                    (tuple(gained), tuple(taken)) if thief == 0 else (tuple(taken), tuple(gained))
                )
                yield from walk(after, left - 1)

    yield from walk(hands, most)


def _challenger(hands: tuple[Counts, Counts], owner: int) -> int | None:
    if any(hands[owner][:6]):
        return owner
    if any(hands[1 - owner][:6]):
        return 1 - owner
    return None


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _hand_cards(offer: Bag[Card]) -> Bag[Card]:
    return Bag({card: n for card, n in offer.items() if card.goes_to_hand})


def _bag(hand: Counts) -> Bag[Card]:
    return Bag({kind: n for kind, n in zip(KINDS, hand, strict=True)})
