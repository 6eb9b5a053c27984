"""Random Canal Grande positions, turns and votes as plain data, for the differential tests.

A case is made from a hidden "truth" (every card's real place, the decks' real order) of
which the position shows only part: hands known, partly known or hidden; decks known in
order, as a multiset or by size. The turn is then played on the truth with random but mostly
legal choices (so that the outcomes of legal turns are compared too), and half the cases get
one random mutation that may break a rule. Every step gets its own line, so a verdict's line
and column say which step broke a rule. Standard library only.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

DISTRICTS = ("Cannaregio", "Santa Croce", "San Polo", "Dorsoduro", "San Marco", "Castello")
SPY, TRAITOR, GONDOLA, DOGE = "spy", "traitor", "gondola", "doge"
ALL_CARDS = [*(d for d in DISTRICTS for _ in range(5)), *[SPY] * 3, *[TRAITOR] * 7,
             *[GONDOLA] * 6, *[DOGE] * 6]  # fmt: skip
SWITCHES = {
    "spy.traitors": ("replace-then-steal", "replace-only", "steal-all"),
    "spy.drawn-spy": ("play", "discard"),
    "actions.order": ("free", "listed"),
    "traitor.empty-hand": ("victim", "either"),
    "vote.opening-reinforcement": ("allowed", "forbidden"),
    "vote.repeat-district": ("allowed", "forbidden"),
    "vote.reinforcement-test": ("play", "each-gondola"),
}
NAMES = (("Anna", "Bruno"), ("Elena", "Michele"))
DISTRIBUTIONS = ((5, 5, 4), (4, 5, 5), (6, 4, 4), (4, 6, 4))

Plain = dict[str, Any]


def holdable(card: str) -> bool:
    return card in DISTRICTS or card == GONDOLA


@dataclass
class Truth:
    """Where every card really is."""

    names: tuple[str, str]
    hands: list[Counter[str]]
    deck: list[str]
    discards: list[str]
    numbers: list[int]
    fronts: list[list[int]]
    prizes: list[Counter[str]]
    splitter: int
    readings: dict[str, str]
    rng: random.Random
    winner: int | None = None
    voted: list[str] = field(default_factory=list)

    def draw(self) -> str | None:
        if not self.deck and self.discards:
            self.deck = self.discards
            self.rng.shuffle(self.deck)
            self.discards = []
        if not self.deck:
            return None
        card = self.deck.pop(0)
        if not self.deck and self.discards:
            self.deck = self.discards
            self.rng.shuffle(self.deck)
            self.discards = []
        return card


# ------------------------------------------------------------------------- positions
def random_truth(rng: random.Random) -> Truth:
    pool = list(ALL_CARDS)
    rng.shuffle(pool)
    names = rng.choice(NAMES)
    prizes: list[Counter[str]] = [Counter(), Counter()]
    for p in range(2):
        style = rng.random()
        if style < 0.25:
            district = rng.choice(DISTRICTS)
            wanted = [district] * 3
        elif style < 0.4:
            wanted = rng.sample(DISTRICTS, 5)
        else:
            wanted = [rng.choice(DISTRICTS) for _ in range(rng.randint(0, 3))]
        for d in wanted:
            if d in pool:
                pool.remove(d)
                prizes[p][d] += 1
    hands: list[Counter[str]] = [Counter(), Counter()]
    for p in range(2):
        size = rng.choice((0, 1, 2, 3, 4, 5, 6, 8, 10))
        for card in [c for c in pool if holdable(c)][:size]:
            pool.remove(card)
            hands[p][card] += 1
    rng.shuffle(pool)
    short = rng.random() < 0.12
    keep = rng.randint(0, 6) if short else len(pool) - rng.randint(0, 10)
    deck, discards = pool[:keep], pool[keep:]
    ones, twos, threes = rng.choice(DISTRIBUTIONS)
    numbers = [1] * ones + [2] * twos + [3] * threes
    rng.shuffle(numbers)
    fronts: list[list[int]] = [[], []]
    for p in range(2):
        target = rng.choice((0, 0, 3, 5, 6, 7, 8, 9))
        while numbers and sum(fronts[p]) + numbers[0] <= target:
            fronts[p].append(numbers.pop(0))
    readings = {}
    if rng.random() < 0.5:
        readings = {name: rng.choice(values) for name, values in SWITCHES.items()}
    return Truth(names, hands, deck, discards, numbers, fronts, prizes, rng.randint(0, 1),
                 readings, rng)  # fmt: skip


def _hand_view(rng: random.Random, hand: Counter[str]) -> Plain:
    cards = list(hand.elements())
    rng.shuffle(cards)
    style = rng.random()
    if style < 0.7:
        return {"known": sorted(cards), "unknown": 0}
    if style < 0.85:
        k = rng.randint(0, len(cards))
        return {"known": sorted(cards[:k]), "unknown": len(cards) - k}
    if style < 0.95:
        return {"known": [], "unknown": len(cards)}
    return {"known": sorted(cards[: rng.randint(0, len(cards))]), "unknown": None}


def _pile_view(rng: random.Random, cards: list[Any], *, ordered: bool) -> Plain:
    style = rng.random()
    if ordered and style < 0.7:
        return {"order": list(cards)}
    if style < 0.88:
        return {"contents": sorted(cards, key=str)}
    if style < 0.96:
        return {"size": len(cards)}
    return {"size": None}


def view(truth: Truth) -> Plain:
    """What the position shows of the truth."""
    rng = truth.rng
    players = []
    for p in range(2):
        numbers_known = rng.random() < 0.85
        players.append(
            {
                "name": truth.names[p],
                "hand": _hand_view(rng, truth.hands[p]),
                "numbers": sorted(truth.fronts[p]) if numbers_known else None,
                "total": sum(truth.fronts[p]),
                "prizes": sorted(truth.prizes[p].elements()),
                "doges": 0,
            }
        )
    return {
        "players": players,
        "splitter": truth.splitter,
        "deck": _pile_view(rng, truth.deck, ordered=True),
        "number_deck": _pile_view(rng, truth.numbers, ordered=True),
        "discards": _pile_view(rng, truth.discards, ordered=False),
        "number_cards": sorted(truth.numbers + truth.fronts[0] + truth.fronts[1]),
        "stage": "start",
        "round": 1,
        "turn": 1,
        "winner": None,
    }


# ------------------------------------------------------------------------- votes
def _raise(
    rng: random.Random,
    hand: Counter[str],
    district: str,
    mine: int,
    theirs: int,
    down: bool,
    readings: dict[str, str],
    opening: bool,
) -> list[tuple[str, int]] | None:
    """A legal raise from ``hand`` (as (card, count) items), or None to pass."""
    need = theirs - mine + 1
    have = hand[district]
    if not down and have == 0:
        return None
    if have >= need and rng.random() < 0.7:
        k = min(have, need + (1 if rng.random() < 0.2 else 0))
        return [(district, k)]
    can_reinforce = hand[GONDOLA] > 0 and not (
        opening and readings.get("vote.opening-reinforcement") == "forbidden"
    )
    if not can_reinforce:
        return [(district, need)] if have >= need else None
    k = have if not down else rng.randint(0, have)
    k = max(k, 0 if down else 1)
    items: list[tuple[str, int]] = [(district, k)] if k else []
    left = need - k
    others = sorted((d for d in DISTRICTS if d != district and hand[d] > 0),
                    key=lambda d: -hand[d])  # fmt: skip
    gondolas = hand[GONDOLA]
    each = readings.get("vote.reinforcement-test") == "each-gondola"
    for index, other in enumerate(others):
        if left <= 0 or gondolas == 0:
            break
        take = hand[other] if each and index == 0 else min(hand[other], left)
        items += [(GONDOLA, 1), (other, take)]
        gondolas -= 1
        left -= take
    if left > 0:
        return None
    return items


def simulate_vote(truth: Truth, owner: int) -> Plain:
    """A vote called by ``owner``'s doge, played on the truth."""
    rng = truth.rng
    hands = truth.hands
    has = [any(hands[p][d] for d in DISTRICTS) for p in range(2)]
    truth.discards.append(DOGE)
    if has[owner]:
        challenger = owner
    elif has[1 - owner]:
        challenger = 1 - owner
    else:
        return {"kind": "vote", "challenger": None, "district": None, "steps": []}
    held = [d for d in DISTRICTS if hands[challenger][d] > 0]
    fresh = [d for d in held if d not in truth.voted]
    district = rng.choice(fresh or held)
    truth.voted.append(district)
    totals, down = [0, 0], [False, False]
    placed: list[list[str]] = [[], []]
    steps: list[Plain] = []
    mover = challenger
    last: int | None = None
    while len(steps) < 12:
        opening = not steps
        items = _raise(rng, hands[mover], district, totals[mover], totals[1 - mover],
                       down[mover], truth.readings, opening)  # fmt: skip
        if items is None or (not opening and rng.random() < 0.15):
            steps.append({"kind": "pass", "player": truth.names[mover]})
            break
        for card, count in items:
            hands[mover][card] -= count
            placed[mover] += [card] * count
            if card != GONDOLA:
                totals[mover] += count
            if card == district:
                down[mover] = True
        steps.append({"kind": "play", "player": truth.names[mover],
                      "cards": [{"card": c, "count": n} for c, n in items]})  # fmt: skip
        last = mover
        mover = 1 - mover
    if steps and steps[-1]["kind"] == "pass" and rng.random() < 0.2:
        steps.pop()  # the vote simply stops: a missing pass is a pass
    if last is not None:
        winner, loser = last, 1 - last
        rest = list(placed[winner])
        prize = next(c for c in rest if c in DISTRICTS)
        rest.remove(prize)
        truth.prizes[winner][prize] += 1
        back = list(placed[loser])
        first = next((c for c in back if c in DISTRICTS), None)
        lost = []
        if first is not None:
            back.remove(first)
            lost.append(first)
        lost += [c for c in back if c == GONDOLA]
        hands[loser].update(c for c in back if c != GONDOLA)
        truth.discards += rest + lost
        prizes = truth.prizes[winner]
        if truth.winner is None and (
            all(prizes[d] for d in DISTRICTS) or max(prizes.values()) >= 4
        ):
            truth.winner = winner
    named = truth.names[challenger]
    return {"kind": "vote", "challenger": named, "district": district, "steps": steps}


# ------------------------------------------------------------------------- actions
def _steal(truth: Truth, thief: int) -> str | None:
    victim = truth.hands[1 - thief]
    cards = list(victim.elements())
    if not cards or truth.rng.random() < 0.1:
        return None
    if truth.readings.get("traitor.empty-hand") == "either" and not +truth.hands[thief]:
        return None
    card = truth.rng.choice(cards)
    victim[card] -= 1
    truth.hands[thief][card] += 1
    return card


def _spy(truth: Truth, me: int, waiting: Counter[str]) -> Plain:
    reading = truth.readings.get("spy.traitors", "replace-then-steal")
    drawn: list[str] = []

    def draw() -> str | None:
        card = truth.draw()
        if card is not None:
            drawn.append(card)
            if card == TRAITOR:
                truth.discards.append(TRAITOR)
        return card

    stealers = 0
    if reading == "replace-only":
        good = 0
        while good < 2 and draw() is not None:
            if drawn[-1] != TRAITOR:
                good += 1
    else:
        first = [draw(), draw()]
        traitors = sum(1 for c in first if c == TRAITOR)
        if reading == "steal-all":
            stealers = traitors
        else:
            for _ in range(traitors):
                if draw() == TRAITOR:
                    stealers += 1
    for card in drawn:
        if holdable(card):
            truth.hands[me][card] += 1
        elif card == DOGE:
            waiting[DOGE] += 1
        elif card == TRAITOR:
            pass
        elif truth.readings.get("spy.drawn-spy", "play") == "play":
            waiting[SPY] += 1
        else:
            truth.discards.append(SPY)
    steals = []
    for _ in range(stealers):
        card = _steal(truth, me)
        if card is not None:
            steals.append({"card": card})
    return {"kind": "spy", "drawn": drawn, "steals": steals}


def simulate_actions(truth: Truth, me: int, waiting: Counter[str]) -> list[Plain]:
    """The player's actions with the waiting traitors, spies and doges, in a random order
    (or the listed order under that reading); sometimes a traitor or spy is left unused."""
    actions: list[Plain] = []
    listed = truth.readings.get("actions.order") == "listed"
    while truth.winner is None:
        kinds = [k for k in (TRAITOR, SPY, DOGE) if waiting[k] > 0]
        if not kinds:
            break
        kind = kinds[0] if listed else truth.rng.choice(kinds)
        waiting[kind] -= 1
        if kind == TRAITOR:
            truth.discards.append(TRAITOR)
            if truth.rng.random() < 0.08:
                continue
            actions.append({"kind": "traitor", "card": _steal(truth, me)})
        elif kind == SPY:
            truth.discards.append(SPY)
            if truth.rng.random() < 0.05:
                continue
            actions.append(_spy(truth, me, waiting))
        else:
            actions.append(simulate_vote(truth, me))
    return actions


# ------------------------------------------------------------------------- turns
def simulate_turn(truth: Truth) -> Plain:
    rng = truth.rng
    shown: list[str] = []
    for _ in range(5):
        card = truth.draw()
        if card is not None:
            shown.append(card)
    numbers = truth.numbers[:3]
    del truth.numbers[:3]
    cards: list[tuple[str, Any]] = [("a", c) for c in shown] + [("n", n) for n in numbers]
    rng.shuffle(cards)
    cut = rng.randint(1, max(1, len(cards) - 1))
    groups = [cards[:cut], cards[cut:]]
    offers = [
        {"actions": [c for k, c in g if k == "a"], "numbers": [c for k, c in g if k == "n"]}
        for g in groups
    ]
    choice = rng.randint(0, 1)
    turn: Plain = {"splitter": truth.names[truth.splitter] if rng.random() < 0.5 else None,
                   "split": {"offers": offers}, "choice": {"offer": choice}}  # fmt: skip
    splitter = truth.splitter
    chooser = 1 - splitter
    for who, offer, key in ((chooser, offers[choice], "chooser"),
                            (splitter, offers[1 - choice], "splitter_actions")):  # fmt: skip
        if truth.winner is not None:
            turn[key] = {"actions": []}
            continue
        truth.fronts[who] += offer["numbers"]
        waiting: Counter[str] = Counter()
        for card in offer["actions"]:
            if holdable(card):
                truth.hands[who][card] += 1
            else:
                waiting[card] += 1
        turn[key] = {"actions": simulate_actions(truth, who, waiting)}
    turn["round_end"] = None
    totals = [sum(f) for f in truth.fronts]
    if truth.winner is None and max(totals) >= 10:
        drawer = splitter if totals[0] == totals[1] else (0 if totals[0] < totals[1] else 1)
        if rng.random() < 0.9:
            turn["round_end"] = _round_end(truth, drawer)
    return turn


def _round_end(truth: Truth, drawer: int) -> Plain:
    drawn: list[str] = []
    kept = 0
    waiting: Counter[str] = Counter()
    while kept < 3:
        card = truth.draw()
        if card is None:
            break
        drawn.append(card)
        if card == DOGE:
            truth.discards.append(DOGE)
            continue
        kept += 1
        if holdable(card):
            truth.hands[drawer][card] += 1
        else:
            waiting[card] += 1
    actions = simulate_actions(truth, drawer, waiting)
    named = truth.names[drawer] if truth.rng.random() < 0.6 else None
    return {"player": named, "drawn": drawn, "actions": actions}


# ------------------------------------------------------------------------- spans
def _number_action(action: Plain, counter: list[int]) -> None:
    _at(action, counter, 5)
    for steal in action.get("steals", ()):
        _at(steal, counter, 7)
    for step in action.get("steps", ()):
        _at(step, counter, 7)
        for item in step.get("cards", ()):
            _at(item, counter, 9)


def _at(step: Plain, counter: list[int], column: int) -> None:
    counter[0] += 1
    step["line"], step["col"] = counter[0], column


def number_steps(turn: Plain) -> Plain:
    """Every step of the turn on its own line (column by depth)."""
    counter = [0]
    _at(turn, counter, 1)
    if turn.get("split") is not None:
        _at(turn["split"], counter, 3)
        for offer in turn["split"]["offers"]:
            _at(offer, counter, 5)
    _at(turn["choice"], counter, 3)
    for key in ("chooser", "splitter_actions"):
        _at(turn[key], counter, 3)
        for action in turn[key]["actions"]:
            _number_action(action, counter)
    if turn.get("round_end") is not None:
        _at(turn["round_end"], counter, 3)
        for action in turn["round_end"]["actions"]:
            _number_action(action, counter)
    return turn


def number_vote(vote: Plain) -> Plain:
    counter = [0]
    _number_action(vote, counter)
    return vote


# ------------------------------------------------------------------------- mutations
CARD_NAMES = (*DISTRICTS, SPY, TRAITOR, GONDOLA, DOGE)


def _actions(turn: Plain) -> list[list[Plain]]:
    lists = [turn["chooser"]["actions"], turn["splitter_actions"]["actions"]]
    if turn.get("round_end") is not None:
        lists.append(turn["round_end"]["actions"])
    return lists


def _all(turn: Plain, kind: str) -> list[Plain]:
    return [a for actions in _actions(turn) for a in actions if a["kind"] == kind]


def mutate_vote(rng: random.Random, vote: Plain, names: tuple[str, str]) -> str:
    """One random change to a vote that may break a rule; returns what was done."""
    steps = vote["steps"]
    plays = [s for s in steps if s["kind"] == "play"]
    choice = rng.randrange(9)
    if choice == 0:
        vote["challenger"] = names[1] if vote.get("challenger") == names[0] else names[0]
        return "challenger swapped"
    if choice == 1 and steps:
        steps.pop(rng.randrange(len(steps)))
        return "a step dropped"
    if choice == 2 and steps:
        index = rng.randrange(len(steps))
        steps.insert(index, copy.deepcopy(steps[index]))
        return "a step repeated"
    if choice == 3 and plays:
        item = rng.choice(rng.choice(plays)["cards"] or [{"card": "", "count": 1}])
        if item["card"]:
            item["card"] = rng.choice(CARD_NAMES)
            return "a card changed"
    if choice == 4 and plays:
        items = rng.choice(plays)["cards"]
        if items:
            item = rng.choice(items)
            item["count"] = max(1, item["count"] + rng.choice((-1, 1)))
            return "a count changed"
    if choice == 5 and plays:
        items = rng.choice(plays)["cards"]
        items.insert(rng.randint(0, len(items)), {"card": GONDOLA, "count": 1})
        return "a gondola added"
    if choice == 6 and plays:
        play = rng.choice(plays)
        gondolas = [i for i in play["cards"] if i["card"] == GONDOLA]
        if gondolas:
            play["cards"].remove(gondolas[0])
            return "a gondola removed"
    if choice == 7:
        steps.append({"kind": "play", "player": rng.choice(names),
                      "cards": [{"card": rng.choice(DISTRICTS), "count": 1}]})  # fmt: skip
        return "a play added at the end"
    if choice == 8 and plays:
        play = rng.choice(plays)
        play["cards"].append({"card": rng.choice(DISTRICTS), "count": rng.randint(1, 2)})
        return "a card added to a play"
    return "unchanged"


def mutate_turn(rng: random.Random, turn: Plain, names: tuple[str, str]) -> str:
    """One random change to a turn that may break a rule; returns what was done."""
    choice = rng.randrange(14)
    offers = turn["split"]["offers"] if turn.get("split") else []
    if choice == 0:
        turn["splitter"] = rng.choice(names)
        return "splitter named"
    if choice == 1:
        turn["choice"]["offer"] = rng.choice((2, -1))
        return "no such offer chosen"
    if choice == 2 and offers:
        first, second = offers
        first["actions"] += second["actions"]
        first["numbers"] += second["numbers"]
        second["actions"], second["numbers"] = [], []
        return "everything in one offer"
    if choice == 3 and offers:
        offer = rng.choice(offers)
        if offer["actions"]:
            offer["actions"][rng.randrange(len(offer["actions"]))] = rng.choice(CARD_NAMES)
            return "an offered card changed"
    if choice == 4 and offers:
        offer = rng.choice(offers)
        if offer["actions"]:
            offer["actions"].pop()
            return "an offered card dropped"
    if choice == 5 and offers:
        offers.append({"actions": [], "numbers": offers[0]["numbers"][:1]})
        del offers[0]["numbers"][:1]
        return "a third offer"
    if choice == 6:
        lists = [a for a in _actions(turn) if a]
        if lists:
            actions = rng.choice(lists)
            actions.pop(rng.randrange(len(actions)))
            return "an action dropped"
    if choice == 7:
        lists = [a for a in _actions(turn) if a]
        if lists:
            actions = rng.choice(lists)
            index = rng.randrange(len(actions))
            actions.insert(index, copy.deepcopy(actions[index]))
            return "an action repeated"
    if choice == 8:
        lists = [a for a in _actions(turn) if len(a) > 1]
        if lists:
            actions = rng.choice(lists)
            i, j = rng.sample(range(len(actions)), 2)
            actions[i], actions[j] = actions[j], actions[i]
            return "two actions swapped"
    if choice == 9:
        traitors = _all(turn, "traitor")
        if traitors:
            rng.choice(traitors)["card"] = rng.choice(CARD_NAMES)
            return "a stolen card changed"
    if choice == 10:
        spies = _all(turn, "spy")
        if spies:
            spy = rng.choice(spies)
            if rng.random() < 0.5 and spy["drawn"]:
                spy["drawn"].pop()
                return "a spy's card dropped"
            spy["steals"].append({"card": rng.choice(DISTRICTS)})
            return "a spy steal added"
    if choice == 11:
        votes = _all(turn, "vote")
        if votes:
            return mutate_vote(rng, rng.choice(votes), names)
    if choice == 12:
        if turn.get("round_end") is None:
            turn["round_end"] = {"player": None, "drawn": [rng.choice(DISTRICTS)] * 3,
                                 "actions": []}  # fmt: skip
            return "a round-end draw added"
        draw = turn["round_end"]
        draw["player"] = rng.choice(names)
        if draw["drawn"] and rng.random() < 0.5:
            draw["drawn"].pop()
        return "the round-end draw changed"
    if choice == 13:
        actions = rng.choice(_actions(turn))
        actions.append({"kind": rng.choice(("traitor", "spy")), "card": None, "drawn": [],
                        "steals": []})  # fmt: skip
        return "an action without its card"
    return "unchanged"


# ------------------------------------------------------------------------- cases
@dataclass
class TurnCase:
    seed: int
    position: Plain
    turn: Plain
    readings: dict[str, str]
    mutation: str


@dataclass
class VoteCase:
    seed: int
    position: Plain
    owner: str
    vote: Plain
    readings: dict[str, str]
    mutation: str


def turn_case(seed: int) -> TurnCase:
    rng = random.Random(seed)
    truth = random_truth(rng)
    position = view(truth)
    turn = simulate_turn(truth)
    mutation = mutate_turn(rng, turn, truth.names) if rng.random() < 0.5 else "none"
    return TurnCase(seed, position, number_steps(turn), truth.readings, mutation)


def vote_case(seed: int) -> VoteCase:
    rng = random.Random(seed)
    truth = random_truth(rng)
    for p in range(2):  # a vote needs cards: give each a few more
        for _ in range(rng.randint(2, 8)):
            truth.hands[p][rng.choice((*DISTRICTS, GONDOLA))] += 1
    position = view(truth)
    owner = rng.randint(0, 1)
    vote = simulate_vote(truth, owner)
    vote.setdefault("kind", "vote")
    mutation = mutate_vote(rng, vote, truth.names) if rng.random() < 0.5 else "none"
    return VoteCase(seed, position, truth.names[owner], number_vote(vote), truth.readings,
                    mutation)  # fmt: skip


# ------------------------------------------------------------------------- whole games
def setup_truth(seed: int) -> Truth:
    """The set-up (Preparativi): 4 cards each from 2 of every district, 44 in the deck."""
    rng = random.Random(seed)
    aside = [d for d in DISTRICTS for _ in range(2)]
    rng.shuffle(aside)
    deck = list(ALL_CARDS)
    for card in aside:
        deck.remove(card)
    deck += aside[8:]
    rng.shuffle(deck)
    numbers = [1] * 5 + [2] * 5 + [3] * 4
    rng.shuffle(numbers)
    return Truth(("Anna", "Bruno"), [Counter(aside[:4]), Counter(aside[4:8])], deck, [],
                 numbers, [[], []], [Counter(), Counter()], 0, {}, rng)  # fmt: skip


def finish_turn(truth: Truth) -> None:
    """Roles swap, or the round ends: reshuffles and totals back to 0 (the round-end draw is
    already in the turn)."""
    totals = [sum(f) for f in truth.fronts]
    if max(totals) < 10:
        truth.splitter = 1 - truth.splitter
        return
    if totals[0] == totals[1]:
        truth.splitter = 1 - truth.splitter
    else:
        truth.splitter = 1 if totals[0] < totals[1] else 0
    truth.deck += truth.discards
    truth.discards = []
    truth.rng.shuffle(truth.deck)
    truth.numbers += truth.fronts[0] + truth.fronts[1]
    truth.fronts = [[], []]
    truth.rng.shuffle(truth.numbers)
    truth.voted = []


def simulate_game(seed: int, most_turns: int = 200) -> tuple[Plain, list[Plain], str | None]:
    """A whole game from the set-up, every turn legal: (start, turns, winner's name)."""
    truth = setup_truth(seed)
    start = {
        "players": [
            {"name": truth.names[p], "hand": {"known": sorted(truth.hands[p].elements()),
             "unknown": 0}, "numbers": [], "total": 0, "prizes": [], "doges": 0}
            for p in range(2)
        ],
        "splitter": 0,
        "deck": {"order": list(truth.deck)},
        "number_deck": {"order": list(truth.numbers)},
        "discards": {"contents": []},
        "number_cards": sorted(truth.numbers),
    }  # fmt: skip
    turns = []
    while truth.winner is None and len(turns) < most_turns:
        truth.voted = []
        turn = simulate_turn(truth)
        if turn["round_end"] is None and truth.winner is None and max(map(sum, truth.fronts)) >= 10:
            turn["round_end"] = _round_end(truth, _drawer(truth))
        turns.append(number_steps(turn))
        finish_turn(truth)
    winner = truth.names[truth.winner] if truth.winner is not None else None
    return start, turns, winner


def _drawer(truth: Truth) -> int:
    totals = [sum(f) for f in truth.fronts]
    if totals[0] == totals[1]:
        return truth.splitter
    return 0 if totals[0] < totals[1] else 1
