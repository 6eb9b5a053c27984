"""A vote with both hands known, solved: who wins with best play, how, and at what cost.

The objective, in order: win the vote; then, for the winner, put down as few cards as
possible (district cards and gondolas: every one of them leaves the winner's hand), while
the loser, who cannot win, makes the winner put down as many as possible. This is a
two-player zero-sum game, solved exactly by negamax with alpha-beta pruning and a
transposition table over canonical states.

Canonical states: in one vote the five districts other than the one voted on are
interchangeable (any of them can reinforce through a gondola), so a hand is (cards of the
vote's district, gondolas, the other districts' counts sorted). Totals, "has a card of the
district down" and cards put down follow from the hands, since every card put down stays on
the table until the vote ends. A play is a number of the vote's cards and at most one
reinforcement per other district (a second gondola for the same district in the same play
would only cost a gondola more: never better, so not generated).

Pruning, each sound: a move is skipped when even winning with it could not beat the best
found (cost ordering); transposition entries keep exact values or bounds.

The search is bounded by a node budget (deterministic): past it,
:class:`VoteSearchLimitError` (code ``S701``) is raised rather than an answer guessed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import Pass, Placed, Play

BIG = 10_000
DEFAULT_NODE_BUDGET = 2_000_000
"""Nodes searched before giving up (a vote of two 20-card hands needs a few thousand)."""
LIMIT_CODE = "S701"

Hand = tuple[int, ...]
"""(cards of the vote's district, gondolas, other districts' counts sorted, largest first)."""


class VoteSearchLimitError(ValueError):
    """The search needed more nodes than its budget: no answer is given."""

    code = LIMIT_CODE

    def __init__(self, budget: int) -> None:
        self.budget = budget
        super().__init__(f"[{LIMIT_CODE}] the vote search needed more than {budget} nodes")


@dataclass(frozen=True)
class VoteAnswer:
    """The solved vote. ``winner`` is "challenger" or "defender"; ``cards`` is how many cards
    the winner puts down (district cards and gondolas) with best play from both sides;
    ``line`` is one best line of play, ending with the loser's pass."""

    district: District
    winner: str
    cards: int
    line: tuple[Play | Pass, ...]
    nodes: int
    by_district: tuple[tuple[District, str, int], ...] = field(default=())

    @property
    def winner_district_cards(self) -> int:
        """District cards the winner has down at the end (the total that wins)."""
        side = "challenger" if self.winner == "challenger" else "defender"
        return sum(
            placed.count
            for step in self.line
            if isinstance(step, Play) and step.player == side
            for placed in step.cards
            if placed.card.is_district
        )


@dataclass(frozen=True)
class _Move:
    cost: int  # cards put down (district cards and gondolas)
    added: int  # district cards put down
    lead: int  # vote cards plus the first (largest) reinforcement
    reinforced: bool
    after: Hand
    vote_cards: int
    groups: tuple[tuple[int, int], ...]  # (index in the sorted other counts, how many)


def canonical(hand: Bag[Card], district: District) -> tuple[Hand, tuple[District, ...]]:
    """The canonical hand and the other districts in the order of its counts."""
    others = sorted(
        (d for d in District if d is not district),
        key=lambda d: (-hand[d.card], list(District).index(d)),
    )
    counts = tuple(hand[d.card] for d in others)
    return (hand[district.card], hand[Card.GONDOLA], *counts), tuple(others)


class _Search:
    def __init__(
        self,
        challenger: Hand,
        defender: Hand,
        readings: Readings,
        budget: int,
    ) -> None:
        self.start = (challenger, defender)
        self.districts0 = (_districts(challenger), _districts(defender))
        self.vote0 = (challenger[0], defender[0])
        self.size0 = (sum(challenger), sum(defender))
        self.each_gondola = readings.vote_reinforcement_test == "each-gondola"
        self.opening_reinforces = readings.vote_opening_reinforcement == "allowed"
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[int, Hand, Hand], tuple[int, int]] = {}
        self.move_cache: dict[tuple[Hand, bool, bool], list[_Move]] = {}

    # -------------------------------------------------------------- state
    def total(self, side: int, hand: Hand) -> int:
        return self.districts0[side] - _districts(hand)

    def put_down(self, side: int, hand: Hand) -> int:
        return self.size0[side] - sum(hand)

    def has_played(self, side: int, hand: Hand) -> bool:
        return hand[0] < self.vote0[side]

    # -------------------------------------------------------------- moves
    def moves(self, hand: Hand, placed: bool, opening: bool) -> list[_Move]:
        """Every play from ``hand`` (not yet filtered by what it must beat), by cost."""
        key = (hand, placed, opening)
        cached = self.move_cache.get(key)
        if cached is not None:
            return cached
        vote, gondolas, others = hand[0], hand[1], hand[2:]
        allow_groups = gondolas > 0 and not (opening and not self.opening_reinforces)
        found: dict[Hand, _Move] = {}
        for groups in _group_choices(others, gondolas if allow_groups else 0):
            amount = sum(m for _, m in groups)
            largest = max((m for _, m in groups), default=0)
            left = list(others)
            for index, m in groups:
                left[index] -= m
            rest = tuple(sorted(left, reverse=True))
            for k in range(vote + 1):
                if groups and not (placed or k >= 1):
                    continue
                if not groups and k == 0:
                    continue
                after = (vote - k, gondolas - len(groups), *rest)
                move = _Move(k + amount + len(groups), k + amount, k + largest, bool(groups),
                             after, k, groups)  # fmt: skip
                known = found.get(after)
                if known is None or move.lead > known.lead:
                    found[after] = move  # same cards left: keep the best first reinforcement
        ordered = sorted(found.values(), key=lambda m: (m.cost, -m.added, m.after))
        self.move_cache[key] = ordered
        return ordered

    def legal(self, move: _Move, need: int) -> bool:
        if move.added < need:
            return False
        return not (self.each_gondola and move.reinforced and move.lead < need)

    # -------------------------------------------------------------- bounds
    def reach(self, side: int, hand: Hand) -> int:
        """The highest total ``side`` can still reach (in one play: all the vote's cards and
        the largest reinforcements), or its total if it can no longer play."""
        total = self.total(side, hand)
        if not (self.has_played(side, hand) or hand[0] >= 1):
            return total
        return total + hand[0] + sum(sorted(hand[2:], reverse=True)[: hand[1]])

    def bounds(self, mover: int, hands: tuple[Hand, Hand]) -> int:
        """An upper bound on the mover's score. If the mover wins, its final total must at
        least reach the opponent's total plus one, and (reading play) the opponent's reach,
        since the opponent can jump there in one play whenever its turn comes; no sequence
        of plays adds cards more cheaply than one play (vote cards first, then the largest
        reinforcements, one gondola each). If the mover loses, the winner never needs more
        than its cheapest single play past the mover's reach (reading play), nor more than
        all its cards."""
        me, other = hands[mover], hands[1 - mover]
        mine, theirs = self.total(mover, me), self.total(1 - mover, other)
        target = theirs + 1
        if not self.each_gondola:
            target = max(target, self.reach(1 - mover, other))
        least = _cheapest(me, target - mine, self.has_played(mover, me))
        win = BIG - (self.put_down(mover, me) + least) if least is not None else -BIG * 2
        most = None
        if not self.each_gondola:
            most = _cheapest(
                other, self.reach(mover, me) + 1 - theirs, self.has_played(1 - mover, other)
            )
        if most is None:
            most = sum(other)
        lose = -(BIG - (self.put_down(1 - mover, other) + most))
        return max(win, lose)

    # -------------------------------------------------------------- search
    def value(self, mover: int, hands: tuple[Hand, Hand], alpha: int, beta: int) -> int:
        """The mover's score: BIG - cost if the mover wins (cost: cards the mover puts down
        in the whole vote), -(BIG - cost) if the opponent wins."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise VoteSearchLimitError(self.budget)
        key = (mover, hands[0], hands[1])
        entry = self.table.get(key)
        if entry is not None:
            stored, flag = entry
            if flag == 0:
                return stored
            if flag > 0 and stored >= beta:
                return stored
            if flag < 0 and stored <= alpha:
                return stored
        ceiling = self.bounds(mover, hands)
        if ceiling <= alpha:
            return ceiling
        beta = min(beta, ceiling)
        alpha0 = alpha
        me, other = hands[mover], hands[1 - mover]
        opening = mover == 0 and me == self.start[0]  # the challenger's first play
        need = self.total(1 - mover, other) - self.total(mover, me) + 1
        best = -BIG * 2
        if not opening:
            best = -(BIG - self.put_down(1 - mover, other))  # pass: the other one wins
            alpha = max(alpha, best)
        spent = self.put_down(mover, me)
        if best < beta:
            for move in self._ordered(me, other, mover, need, opening):
                if BIG - (spent + move.cost) <= alpha:
                    continue  # even winning with this move would be no better
                child = (move.after, other) if mover == 0 else (other, move.after)
                score = -self.value(1 - mover, child, -beta, -alpha)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        flag = 0
        if best <= alpha0:
            flag = -1
        elif best >= beta:
            flag = 1
        self.table[key] = (best, flag)
        return best

    def _ordered(
        self, hand: Hand, other: Hand, mover: int, need: int, opening: bool
    ) -> Iterator[_Move]:
        """Legal moves: first the cheapest play reaching the opponent's reach (it wins the
        vote at least cost when anything does), then the largest play, then the others by
        cost, cheapest first."""
        moves = [m for m in self.moves(hand, self.has_played(mover, hand), opening)
                 if self.legal(m, need)]  # fmt: skip
        if not moves:
            return
        target = self.reach(1 - mover, other) - self.total(mover, hand)
        first = next((m for m in moves if m.added >= target), None)
        biggest = max(moves, key=lambda m: (m.added, -m.cost))
        leaders = [m for m in (first, biggest) if m is not None]
        if len(leaders) == 2 and leaders[0] is leaders[1]:
            leaders.pop()
        yield from leaders
        for move in moves:
            if all(move is not m for m in leaders):
                yield move

    def exact(self, mover: int, hands: tuple[Hand, Hand]) -> int:
        return self.value(mover, hands, -BIG * 2, BIG * 2)


def _cheapest(hand: Hand, add: int, placed: bool) -> int | None:
    """The fewest cards (district cards and gondolas) one play puts down to add ``add``
    district cards: the vote's cards first, then the largest reinforcements. None: it
    cannot be done."""
    if add <= 0:
        return 0
    vote, gondolas = hand[0], hand[1]
    if not placed and vote == 0:
        return None
    left = add - min(vote, add)
    groups = 0
    for count in sorted(hand[2:], reverse=True):
        if left <= 0 or groups == gondolas:
            break
        left -= min(count, left)
        groups += 1
    return add + groups if left <= 0 else None


def _districts(hand: Hand) -> int:
    return hand[0] + sum(hand[2:])


def _group_choices(others: tuple[int, ...], gondolas: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Reinforcements for one play: at most one per other district, at most ``gondolas`` of
    them; districts with equal counts are interchangeable, so their amounts are taken in
    non-increasing order only."""

    def walk(
        index: int, left: int, chosen: tuple[tuple[int, int], ...], cap: int
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        if index == len(others):
            yield chosen
            return
        count = others[index]
        same_as_before = index > 0 and others[index - 1] == count
        top = min(count, cap) if same_as_before else count
        for m in range(top + 1):
            if m and not left:
                break
            extra = ((index, m),) if m else ()
            yield from walk(index + 1, left - (1 if m else 0), chosen + extra, m)

    yield from walk(0, gondolas, (), 99)


SIDES = ("challenger", "defender")


def solve_vote(
    challenger: Bag[Card],
    defender: Bag[Card],
    *,
    district: District | None = None,
    readings: Readings | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> VoteAnswer:
    """Solve the vote between two known hands. ``district`` None: the challenger picks the
    district that is best for them (win, else make the winner spend most); the answer
    lists every district's result. The challenger must hold a card of a district (when the
    doge's owner holds none the opponent challenges: see :func:`who_challenges`)."""
    readings = readings or Readings()
    held = [d for d in District if challenger[d.card] > 0]
    if district is not None:
        if challenger[district.card] == 0:
            raise ValueError(f"the challenger holds no {district} card to open with")
        held = [district]
    if not held:
        raise ValueError("the challenger holds no district card")
    results = []
    budget_left = node_budget
    best: tuple[int, District, _Search] | None = None
    for candidate in held:
        mine, _ = canonical(challenger, candidate)
        theirs, _ = canonical(defender, candidate)
        search = _Search(mine, theirs, readings, budget_left)
        score = search.exact(0, (mine, theirs))
        budget_left -= search.nodes
        winner, cost = _outcome(score)
        results.append((candidate, winner, cost))
        if best is None or score > best[0]:
            best = (score, candidate, search)
    assert best is not None
    score, chosen, search = best
    winner, cost = _outcome(score)
    line = _line(search, challenger, defender, chosen)
    nodes = node_budget - budget_left
    return VoteAnswer(chosen, winner, cost, line, nodes, tuple(results))


def who_challenges(owner: Bag[Card], opponent: Bag[Card]) -> int | None:
    """0: the doge's owner challenges; 1: the opponent (the owner holds no district card);
    None: neither holds one and the doge is discarded (Votazione, the note)."""
    if any(card.is_district for card in owner):
        return 0
    if any(card.is_district for card in opponent):
        return 1
    return None


def _outcome(score: int) -> tuple[str, int]:
    """(winner, cards the winner puts down) from the challenger's score."""
    if score > 0:
        return "challenger", BIG - score
    return "defender", BIG + score


def _line(
    search: _Search, challenger: Bag[Card], defender: Bag[Card], district: District
) -> tuple[Play | Pass, ...]:
    """One best line: at each step a move whose exact value is the node's."""
    concrete = [dict(challenger.items()), dict(defender.items())]
    hands = search.start
    mover = 0
    steps: list[Play | Pass] = []
    while True:
        target = search.exact(mover, hands)
        me, other = hands[mover], hands[1 - mover]
        opening = mover == 0 and me == search.start[0]
        need = search.total(1 - mover, other) - search.total(mover, me) + 1
        chosen = None
        for move in search._ordered(me, other, mover, need, opening):
            child = (move.after, other) if mover == 0 else (other, move.after)
            if -search.exact(1 - mover, child) == target:
                chosen = move
                hands = child
                break
        if chosen is None:
            steps.append(Pass(SIDES[mover]))
            return tuple(steps)
        steps.append(Play(SIDES[mover], _cards(concrete[mover], district, chosen)))
        mover = 1 - mover


def _cards(hand: dict[Card, int], district: District, move: _Move) -> tuple[Placed, ...]:
    """The move in real cards (the hand is updated): the vote's cards, then each
    reinforcement, largest first."""
    bag: Bag[Card] = Bag(hand)
    _, order = canonical(bag, district)
    placed = [Placed(district.card, move.vote_cards)] if move.vote_cards else []
    hand[district.card] = hand.get(district.card, 0) - move.vote_cards
    for index, amount in sorted(move.groups, key=lambda g: -g[1]):
        other = order[index].card
        placed += [Placed(Card.GONDOLA), Placed(other, amount)]
        hand[Card.GONDOLA] -= 1
        hand[other] -= amount
    return tuple(placed)


def challenger_wins(
    challenger: Bag[Card],
    defender: Bag[Card],
    *,
    readings: Readings | None = None,
    districts: tuple[District, ...] | None = None,
) -> bool:
    """Whether the challenger wins the vote with best play, choosing the district among
    ``districts`` (default: every district it holds).

    Under the default readings this is the proven rule of docs/notes/canalgrande.md: the
    challenger wins a district's vote exactly when the total it can reach is at least the
    defender's (the defender's is 0 without a card of the district); the test suite checks
    it against the search. Under other readings the search decides."""
    readings = readings or Readings()
    candidates = districts if districts is not None else tuple(District)
    held = [d for d in candidates if challenger[d.card] > 0]
    if readings.vote_reinforcement_test == "play" and (
        readings.vote_opening_reinforcement == "allowed"
    ):
        return any(_reach(challenger, d) >= _reach(defender, d) for d in held)
    return any(
        solve_vote(challenger, defender, district=d, readings=readings).winner == "challenger"
        for d in held
    )


def _reach(hand: Bag[Card], district: District) -> int:
    """The highest total a player can reach in a vote over ``district`` (0 without a card of
    it: such a player cannot answer)."""
    if hand[district.card] == 0:
        return 0
    others = sorted((hand[d.card] for d in District if d is not district), reverse=True)
    return hand[district.card] + sum(others[: hand[Card.GONDOLA]])
