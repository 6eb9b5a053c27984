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
with its value and the chooser's reply that holds the splitter to it: no split does better
than the best one's value, and the best one's both replies reach it.

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

DEFAULT_NODE_BUDGET = 1_000_000
"""About 20 s of CPU at worst; the benchmark's hardest deals need a few hundred thousand."""
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
    """One split with the chooser's best reply (0: the first offer) and its value."""

    offers: tuple[Offer, Offer]
    reply: int
    value: SplitValue
    values: tuple[SplitValue, SplitValue]  # the value if the chooser takes offer 0, offer 1


@dataclass(frozen=True)
class SplitAnswer:
    """The best split, the chooser's reply, and the proof table of every split."""

    objective: str
    best: SplitLine
    splits: tuple[SplitLine, ...]
    nodes: int

    def describe(self) -> list[str]:
        first, second = self.best.offers
        return [
            f"best split ({self.objective}): [{first.describe()}] | [{second.describe()}]",
            f"the chooser takes offer {self.best.reply + 1}: {self.best.value.describe()}",
            f"proof: {len(self.splits)} splits searched; none gives the splitter more",
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
) -> SplitAnswer:
    """The best split by exact search over every split and every reply."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective is one of {', '.join(OBJECTIVES)}, not {objective!r}")
    readings = readings or Readings()
    hands = (counts(problem.hands[0]), counts(problem.hands[1]))
    game = TurnGame(problem.splitter, hands, problem.deck, readings, node_budget)
    lines = []
    for offers in splits(problem.actions, problem.numbers):
        values = tuple(
            _value(problem, game, offers[taken], offers[1 - taken], objective) for taken in (0, 1)
        )
        reply = 0 if values[0].score <= values[1].score else 1
        lines.append(SplitLine(offers, reply, values[reply], (values[0], values[1])))
    best = max(lines, key=lambda line: line.value.score)  # the first of the best
    return SplitAnswer(objective, best, tuple(lines), game.nodes)


def _value(
    problem: SplitProblem, game: TurnGame, taken: Offer, left: Offer, objective: str
) -> SplitValue:
    chooser = 1 - problem.splitter
    numbers = (problem.totals[chooser] + taken.number_total) - (
        problem.totals[problem.splitter] + left.number_total
    )
    if objective == "numbers":
        return SplitValue(0, numbers)
    return SplitValue(game.play(taken.actions, left.actions), numbers)


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
