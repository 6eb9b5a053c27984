"""The best split for the splitter when every card is known, against the best chooser.

**Objectives** (``objective``):

* ``prizes`` (the default): first the prize difference this turn, splitter's prizes minus
  chooser's, with both players making every later choice of the turn to that end (which offer,
  the order of the actions, the cards traitors take, spies used or not, every play of every
  vote: :mod:`~canaldsl.canalgrande.turngame`); then the number race: the chooser's number
  total minus the splitter's after the turn, since the lower total is the one that profits at
  a round's end (it draws three cards and makes the other split).
* ``numbers``: the number race alone.

A split's value is what the chooser leaves the splitter: the lesser of the two offers' values.
The best split has the greatest value; among equal ones the first in a fixed order (offers
listed as count vectors, the smaller offer first). **The proof** is the table of every split
with the chooser's reply that holds the splitter to its value or below: no split does better
than the best one's value, and the best one's both replies reach it. The best split and every
split that beat the best found before it are solved exactly; the others are refuted by one
reply's proven bound (alpha-beta at the root), unless ``exact_table`` asks for every value.

Engines: the exact search (both objectives) and, for ``numbers``, a CP-SAT model
(:func:`best_split_numbers_cpsat`, a second method; deterministic time limit).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from canaldsl import solver
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import TURNED_UP_ACTIONS, TURNED_UP_NUMBERS, Card, NumberCard
from canaldsl.canalgrande.position import Offer, Position, Stage
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turngame import TurnGame
from canaldsl.canalgrande.votemoves import counts

DEFAULT_NODE_BUDGET = 2_000_000
"""About 40 s of CPU at worst (a node is 15 to 25 us; a vote's probe of its ending choices
counts as one); the benchmark's hardest deals need a few hundred thousand."""
NUMBER_WEIGHT = 100
"""A prize outweighs any number difference (totals stay below 100)."""
OBJECTIVES = ("prizes", "numbers")


class SplitProblemError(ValueError):
    """The position does not know what the solver needs (a hand, the cards turned up)."""


@dataclass(frozen=True)
class SplitValue:
    """A split's value for the splitter: prize difference, then number difference."""

    prizes: int
    numbers: int

    @property
    def score(self) -> int:
        return self.prizes * NUMBER_WEIGHT + self.numbers

    def describe(self) -> str:
        return f"prizes {self.prizes:+d}, numbers {self.numbers:+d}"


@dataclass(frozen=True)
class SplitLine:
    """One split with the chooser's best reply (0: the first offer) and its value.

    ``exact``: ``value`` is the split's value and ``values`` both replies' values. Otherwise
    the split was refuted without being solved: the chooser's ``reply`` holds the splitter to
    at most ``value`` (its prizes are an upper bound, its numbers exact), which is no better
    than the best split; ``values`` holds that reply's bound and None for the other."""

    offers: tuple[Offer, Offer]
    reply: int
    value: SplitValue
    values: tuple[SplitValue | None, SplitValue | None]  # if the chooser takes offer 0, 1
    exact: bool = True


@dataclass(frozen=True)
class SplitAnswer:
    """The best split, the chooser's reply, and the proof table of every split."""

    objective: str
    best: SplitLine
    splits: tuple[SplitLine, ...]
    nodes: int

    @property
    def refuted(self) -> int:
        """How many splits were refuted by a reply's bound rather than solved."""
        return sum(not line.exact for line in self.splits)

    def describe(self) -> list[str]:
        first, second = self.best.offers
        return [
            f"best split ({self.objective}): [{first.describe()}] | [{second.describe()}]",
            f"the chooser takes offer {self.best.reply + 1}: {self.best.value.describe()}",
            f"proof: {len(self.splits)} splits searched ({self.refuted} refuted by a bound); "
            "none gives the splitter more",
        ]


@dataclass(frozen=True)
class SplitProblem:
    """What the solver needs: the splitter, both hands, the turned-up cards, the known rest
    of the action deck (for spies), the number totals."""

    splitter: int
    hands: tuple[Bag[Card], Bag[Card]]
    actions: Bag[Card]
    numbers: Bag[NumberCard]
    deck: tuple[Card, ...]
    totals: tuple[int, int]

    @classmethod
    def from_position(cls, position: Position) -> SplitProblem:
        """From a position at the start of a turn (decks known in order) or with the cards
        turned up; both hands must be known."""
        for player in position.players:
            if not player.hand.fully_known:
                raise SplitProblemError(f"{player.name}'s hand is not known")
        deck = position.action_deck.order
        if position.stage is Stage.REVEALED:
            assert position.turned_up is not None
            actions, numbers = position.turned_up.actions, position.turned_up.numbers
            rest = deck or ()
        elif position.stage is Stage.START:
            number_order = position.number_deck.order
            if deck is None or number_order is None:
                raise SplitProblemError(
                    "the decks' order is not known: the cards turned up are not"
                )
            if len(deck) < TURNED_UP_ACTIONS:
                raise SplitProblemError("the action deck holds fewer than five cards")
            actions = Bag.of(deck[:TURNED_UP_ACTIONS])
            numbers = Bag.of(number_order[:TURNED_UP_NUMBERS])
            rest = deck[TURNED_UP_ACTIONS:]
        else:
            raise SplitProblemError("the offers are already made")
        hands = (position.players[0].hand.known, position.players[1].hand.known)
        totals = (position.players[0].total, position.players[1].total)
        return cls(position.splitter, hands, actions, numbers, tuple(rest), totals)


def splits(actions: Bag[Card], numbers: Bag[NumberCard]) -> list[tuple[Offer, Offer]]:
    """Every split into two non-empty offers, each unordered pair once (smaller first)."""
    items: list[tuple[Card | NumberCard, int]] = [*actions.items(), *numbers.items()]
    out = []
    for choice in itertools.product(*(range(n + 1) for _, n in items)):
        rest = tuple(n - c for (_, n), c in zip(items, choice, strict=True))
        if not any(choice) or not any(rest) or choice > rest:
            continue
        out.append((_offer(items, choice), _offer(items, rest)))
    return out


def _offer(items: list[tuple[Card | NumberCard, int]], amounts: tuple[int, ...]) -> Offer:
    acts: dict[Card, int] = {}
    nums: dict[NumberCard, int] = {}
    for (item, _), n in zip(items, amounts, strict=True):
        if isinstance(item, Card):
            acts[item] = n
        else:
            nums[item] = n
    return Offer(Bag(acts), Bag(nums))


def best_split(
    problem: SplitProblem,
    *,
    objective: str = "prizes",
    readings: Readings | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
    exact_table: bool = False,
) -> SplitAnswer:
    """The best split by exact search over every split and reply, with alpha-beta at the
    root: once a split is solved, a later split is only tested against it ("does each reply
    leave the splitter more?", one null-window test per reply) and solved only if it does;
    a refuted split's line carries the bound its reply proves. ``exact_table``: solve every
    split (the table then holds every split's exact value; slower)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective is one of {', '.join(OBJECTIVES)}, not {objective!r}")
    readings = readings or Readings()
    hands = (counts(problem.hands[0]), counts(problem.hands[1]))
    game = TurnGame(problem.splitter, hands, problem.deck, readings, node_budget)
    candidates = splits(problem.actions, problem.numbers)
    lines: list[SplitLine | None] = [None] * len(candidates)
    best = -1  # the index of the best split so far
    for index in sorted(range(len(candidates)), key=lambda i: (_promise(candidates[i]), i)):
        offers = candidates[index]
        incumbent = lines[best] if best >= 0 else None
        if objective == "prizes" and incumbent is not None and not exact_table:
            # an earlier split in the fixed order wins a tie (the first of the best)
            line = _tested(problem, game, offers, incumbent.value.score - (index < best))
        else:
            line = _solved(problem, game, offers, objective, (1, 1))
        lines[index] = line
        if incumbent is None or (line.value.score, -index) > (incumbent.value.score, -best):
            best = index
    table = tuple(line for line in lines if line is not None)
    return SplitAnswer(objective, table[best], table, game.nodes)


def _promise(offers: tuple[Offer, Offer]) -> int:
    """The order splits are searched in (lower first): a split that shares the doges and
    spies evenly tends to be the best, and the sooner the best is found, the more splits a
    single test refutes. Any order gives the same answer."""
    first, second = (offer.actions for offer in offers)
    weight = [2 * o[Card.DOGE] + o[Card.SPY] for o in (first, second)]
    return abs(weight[0] - weight[1])


def _numbers(problem: SplitProblem, taken: Offer, left: Offer) -> int:
    """The number race after the turn when the chooser takes ``taken``."""
    chooser = 1 - problem.splitter
    return (problem.totals[chooser] + taken.number_total) - (
        problem.totals[problem.splitter] + left.number_total
    )


def _solved(
    problem: SplitProblem,
    game: TurnGame,
    offers: tuple[Offer, Offer],
    objective: str,
    low: tuple[int, int],
) -> SplitLine:
    """The split solved: both replies' exact values (``low``: prizes already proven)."""
    values = []
    for taken in (0, 1):
        numbers = _numbers(problem, offers[taken], offers[1 - taken])
        prizes = 0
        if objective == "prizes":
            prizes = game.play(offers[taken].actions, offers[1 - taken].actions, low=low[taken])
        values.append(SplitValue(prizes, numbers))
    reply = 0 if values[0].score <= values[1].score else 1
    return SplitLine(offers, reply, values[reply], (values[0], values[1]))


def _tested(
    problem: SplitProblem, game: TurnGame, offers: tuple[Offer, Offer], best: int
) -> SplitLine:
    """The split tested against the best score so far: solved if both replies leave the
    splitter more, otherwise refuted by the reply that does not (with its bound)."""
    numbers = [_numbers(problem, offers[t], offers[1 - t]) for t in (0, 1)]
    # a reply beats ``best`` exactly when its prizes reach need: 100 * prizes + numbers > best
    need = [(best - numbers[t]) // NUMBER_WEIGHT + 1 for t in (0, 1)]
    refuting = _race(game, offers, need)
    if refuting is not None:
        bound = SplitValue(need[refuting] - 1, numbers[refuting])
        values = (bound, None) if refuting == 0 else (None, bound)
        return SplitLine(offers, refuting, bound, values, exact=False)
    return _solved(problem, game, offers, "prizes", (need[0], need[1]))


RACE_START = 64
RACE_GROWTH = 8
"""The first step cap of :func:`_race` (doubled each round)."""


def _race(game: TurnGame, offers: tuple[Offer, Offer], need: list[int]) -> int | None:
    """The reply that holds the splitter below its need (None if neither does). Both tests
    run in turns under a step cap that doubles each round (the harder test first), so a
    refutation costs about twice the cheaper failing test, not a passing test first: most
    splits are refuted, and a passing test is wasted work when the other reply refutes.
    Deterministic (caps are counts of work); either refuting reply proves the same."""
    order = sorted((0, 1), key=lambda t: -need[t])
    passed: set[int] = set()
    cap = RACE_START
    while True:
        for taken in order:
            if taken in passed:
                continue
            other = 1 - taken
            steps = None if other in passed else cap  # the other passed: run to the end
            chooser, splitter = offers[taken].actions, offers[other].actions
            if steps is None:
                result: bool | None = game.reaches(chooser, splitter, need[taken])
            else:
                result = game.reaches_within(chooser, splitter, need[taken], steps)
            if result is False:
                return taken
            if result is True:
                passed.add(taken)
        if len(passed) == 2:
            return None
        cap *= RACE_GROWTH


def best_split_numbers_cpsat(
    problem: SplitProblem, *, deterministic_time: float = 5.0
) -> tuple[int, Any]:
    """The number-race value of the best split, by CP-SAT: each turned-up card goes to
    offer A or B (both non-empty); the chooser takes the offer that is worse for the
    splitter; maximise the chooser's total minus the splitter's after the turn. Returns
    (value, the solve result)."""
    model = solver.new_model()
    cards: list[int] = [0] * len(problem.actions)
    for number in problem.numbers:
        cards.append(int(number))
    in_a = [model.NewBoolVar(f"a{i}") for i in range(len(cards))]
    model.Add(sum(in_a) >= 1)
    model.Add(sum(in_a) <= len(cards) - 1)
    total = sum(cards)
    points_a = sum(v * x for v, x in zip(cards, in_a, strict=True))
    value = model.NewIntVar(-total, total, "value")
    # taking A: chooser gets points_a, splitter total - points_a: difference 2a - total
    model.Add(value <= 2 * points_a - total)
    model.Add(value <= total - 2 * points_a)
    model.Maximize(value)
    result = solver.solve(model, settings={"max_deterministic_time": deterministic_time})
    if result.status != solver.OPTIMAL:
        raise ValueError(f"CP-SAT did not prove its answer ({result.status})")
    chooser = 1 - problem.splitter
    offset = problem.totals[chooser] - problem.totals[problem.splitter]
    return result.value(value) + offset, result
