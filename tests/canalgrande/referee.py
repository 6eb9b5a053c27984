"""An independent referee of Canal Grande, for the differential tests.

Written from the Italian text (/work/shared/rulebooks/canal-grande-it.txt) and the readings
documented in docs/notes/canalgrande.md, with the standard library only: it imports nothing of
canaldsl. Positions and turns are plain data (dicts, lists, strings, ints: the format is made
by ``generator.py``); the verdict is the list of broken rules as (rule id, line, column) and,
for a legal turn, the position after it in the same plain form. Only the rule ids are shared
with the engine, since the two verdicts must be compared.

How a broken turn goes on being judged (so that both referees find the same later mistakes):
the step's effect is applied as far as it can be; the turn stops only when the game is already
won, when there are not two offers, or when the chosen offer does not exist; a vote stops at a
step by the wrong player or at anything after a pass.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

DISTRICTS = ("Cannaregio", "Santa Croce", "San Polo", "Dorsoduro", "San Marco", "Castello")
SPY, TRAITOR, GONDOLA, DOGE = "spy", "traitor", "gondola", "doge"
CARD_ORDER = (*DISTRICTS, SPY, TRAITOR, GONDOLA, DOGE)
# Contenuto: 5 of each district, 3 spies, 7 traitors, 6 gondolas, 6 doges.
COMPONENTS = {**{d: 5 for d in DISTRICTS}, SPY: 3, TRAITOR: 7, GONDOLA: 6, DOGE: 6}

Plain = dict[str, Any]
Where = tuple[str, int, int]

DEFAULT_READINGS = {
    "spy.traitors": "replace-then-steal",
    "spy.drawn-spy": "play",
    "actions.order": "free",
    "traitor.empty-hand": "victim",
    "vote.opening-reinforcement": "allowed",
    "vote.repeat-district": "allowed",
    "vote.reinforcement-test": "play",
}


def holdable(card: str) -> bool:
    """Only district cards and gondolas are ever held in a hand (Il decisore e le azioni)."""
    return card in DISTRICTS or card == GONDOLA


# ------------------------------------------------------------------------- hidden cards
@dataclass
class Hand:
    known: Counter[str]
    unknown: int | None

    def take(self, card: str) -> str:
        """'yes', 'no' or 'unknown': was the card there (it is taken out if it may be)."""
        if self.known[card] > 0:
            self.known[card] -= 1
            return "yes"
        if not holdable(card):
            return "no"
        if self.unknown is None:
            return "unknown"
        if self.unknown > 0:
            self.unknown -= 1
            return "unknown"
        return "no"

    def has_district(self) -> bool | None:
        if any(self.known[d] > 0 for d in DISTRICTS):
            return True
        return False if self.unknown == 0 else None

    def empty(self) -> bool | None:
        if +self.known:
            return False
        return None if self.unknown is None else self.unknown == 0


@dataclass
class Pile:
    order: list[Any] | None
    contents: Counter[Any] | None
    size: int | None

    @staticmethod
    def of(plain: Plain) -> Pile:
        if plain.get("order") is not None:
            order = list(plain["order"])
            return Pile(order, Counter(order), len(order))
        if plain.get("contents") is not None:
            contents = Counter(plain["contents"])
            return Pile(None, contents, sum(contents.values()))
        return Pile(None, None, plain.get("size"))

    def draw_one(self, card: Any) -> str:
        if self.order is not None:
            if self.order and self.order[0] == card:
                self.order.pop(0)
                self._resync()
                return "yes"
            if card in self.order:
                self.order.remove(card)
                self._resync()
            return "no"
        if self.contents is not None:
            if self.contents[card] > 0:
                self.contents[card] -= 1
                self.size = sum(self.contents.values())
                return "yes"
            return "no"
        if self.size is None:
            return "unknown"
        if self.size == 0:
            return "no"
        self.size -= 1
        return "unknown"

    def _resync(self) -> None:
        assert self.order is not None
        self.contents = Counter(self.order)
        self.size = len(self.order)

    def put(self, cards: list[Any]) -> None:
        """Cards laid face up on it (a discard pile: their order is not kept)."""
        self.order = None
        if self.contents is not None:
            self.contents.update(cards)
            self.size = sum(self.contents.values())
        elif self.size is not None:
            self.size += len(cards)

    def plain(self) -> Plain:
        if self.order is not None:
            return {"order": list(self.order)}
        if self.contents is not None:
            return {"contents": _expand(self.contents)}
        return {"size": self.size}


def _sort_key(card: Any) -> Any:
    return CARD_ORDER.index(card) if isinstance(card, str) else card


def _expand(counter: Counter[Any]) -> list[Any]:
    out: list[Any] = []
    for key in sorted(+counter, key=_sort_key):
        out.extend([key] * counter[key])
    return out


# ------------------------------------------------------------------------- the game
@dataclass
class Player:
    name: str
    hand: Hand
    numbers: Counter[int] | None
    total: int
    prizes: Counter[str]
    doges: int


@dataclass
class Game:
    players: list[Player]
    splitter: int
    deck: Pile
    numbers: Pile
    discards: Pile
    stage: str
    turned_up: Plain | None
    offers: list[Plain] | None
    round: int
    turn: int
    number_cards: Counter[int]
    winner: int | None
    found: list[Where] = field(default_factory=list)
    readings: dict[str, str] = field(default_factory=dict)

    def name(self, index: int) -> str:
        return self.players[index].name

    def index(self, name: str | None) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def broke(self, rule: str, step: Plain) -> None:
        self.found.append((rule, step["line"], step["col"]))

    def discard(self, cards: list[str]) -> None:
        if cards:
            self.discards.put(cards)

    def refill_if_empty(self) -> None:
        """Un nuovo round, last note: once the last action card is taken, the discard pile is
        shuffled at once into a new action deck."""
        if self.deck.size == 0 and self.discards.size != 0:
            if self.discards.contents is not None:
                self.deck = Pile(None, Counter(self.discards.contents), self.discards.size)
            else:
                self.deck = Pile(None, None, self.discards.size)
            self.discards = Pile(None, Counter(), 0)

    def draw(self, card: str) -> str:
        self.refill_if_empty()
        answer = self.deck.draw_one(card)
        self.refill_if_empty()
        return answer

    def drawable(self) -> int | None:
        if self.deck.size is None or self.discards.size is None:
            return None
        return self.deck.size + self.discards.size


def load(plain: Plain, readings: dict[str, str]) -> Game:
    players = []
    for p in plain["players"]:
        numbers = Counter(p["numbers"]) if p.get("numbers") is not None else None
        total = sum(k * v for k, v in numbers.items()) if numbers is not None else p["total"]
        players.append(
            Player(
                p["name"],
                Hand(Counter(p["hand"]["known"]), p["hand"]["unknown"]),
                numbers,
                total,
                Counter(p.get("prizes", [])),
                p.get("doges", 0),
            )
        )
    return Game(
        players=players,
        splitter=plain["splitter"],
        deck=Pile.of(plain["deck"]),
        numbers=Pile.of(plain["number_deck"]),
        discards=Pile.of(plain["discards"]),
        stage=plain.get("stage", "start"),
        turned_up=plain.get("turned_up"),
        offers=plain.get("offers"),
        round=plain.get("round", 1),
        turn=plain.get("turn", 1),
        number_cards=Counter(plain["number_cards"]),
        winner=plain.get("winner"),
        readings={**DEFAULT_READINGS, **readings},
    )


def dump(game: Game) -> Plain:
    return {
        "players": [
            {
                "name": p.name,
                "hand": {"known": _expand(p.hand.known), "unknown": p.hand.unknown},
                "numbers": _expand(p.numbers) if p.numbers is not None else None,
                "total": p.total,
                "prizes": _expand(p.prizes),
                "doges": p.doges,
            }
            for p in game.players
        ],
        "splitter": game.splitter,
        "deck": game.deck.plain(),
        "number_deck": game.numbers.plain(),
        "discards": game.discards.plain(),
        "round": game.round,
        "turn": game.turn,
        "winner": game.winner,
    }


def won(prizes: Counter[str]) -> bool:
    """Fine del gioco: a prize of every district, or four of one."""
    return all(prizes[d] > 0 for d in DISTRICTS) or any(prizes[d] >= 4 for d in DISTRICTS)


# ------------------------------------------------------------------------- votes
@dataclass
class Side:
    who: int
    down: list[str] = field(default_factory=list)
    count: int = 0
    district_down: bool = False
    reinforced_earlier: bool = False
    plays: int = 0


def vote_district(vote: Plain) -> str | None:
    if vote.get("district"):
        return str(vote["district"])
    for step in vote["steps"]:
        if step["kind"] == "play":
            for item in step["cards"]:
                if item["card"] in DISTRICTS:
                    return str(item["card"])
            return None
    return None


def run_vote(game: Game, owner: int, vote: Plain, earlier: list[str], with_doge: bool) -> None:
    """Votazione. The doge's owner challenges; with no district card in the owner's hand the
    opponent does; with none in either hand the doge goes with nothing happening."""
    other = 1 - owner
    steps = vote["steps"]
    who = vote.get("challenger")
    if who is None and steps:
        who = steps[0]["player"]
    owner_has = game.players[owner].hand.has_district()
    other_has = game.players[other].hand.has_district()
    if who is None:
        if owner_has or other_has:
            game.broke("vote.challenger", vote)
    elif who == game.name(owner):
        if owner_has is False:
            game.broke("vote.challenger", vote)
    elif who == game.name(other):
        if owner_has is True:
            game.broke("vote.challenger", vote)
    else:
        game.broke("vote.challenger", vote)
    if with_doge:
        game.players[owner].doges = max(0, game.players[owner].doges - 1)
        game.discard([DOGE])
    challenger = game.index(who)
    if challenger is None:
        return
    district = vote_district(vote)
    repeat_forbidden = game.readings["vote.repeat-district"] == "forbidden"
    if district is not None and repeat_forbidden and district in earlier:
        game.broke("vote.repeat-district", vote)
    if district is not None:
        earlier.append(district)
    if not steps or steps[0]["kind"] != "play":
        game.broke("vote.challenger-opens", steps[0] if steps else vote)
    sides = {challenger: Side(challenger), 1 - challenger: Side(1 - challenger)}
    turn_of = challenger
    ended = False
    last_player: int | None = None
    for step in steps:
        if ended:
            game.broke("vote.after-pass", step)
            break
        if step["player"] != game.name(turn_of):
            game.broke("vote.alternate", step)
            break
        if step["kind"] == "pass":
            ended = True
            continue
        if district is not None:
            opening = turn_of == challenger and sides[turn_of].plays == 0
            run_play(game, step, sides[turn_of], sides[1 - turn_of], district, opening)
        last_player = turn_of
        turn_of = 1 - turn_of
    if last_player is None or district is None:
        return
    settle(game, sides[last_player], sides[1 - last_player])


def run_play(game: Game, play: Plain, me: Side, them: Side, district: str, opening: bool) -> None:
    """One raise. Cards of the vote's district first; each gondola followed by cards of one
    other district; more cards than the opponent at the end (never equal)."""
    hand = game.players[me.who].hand
    each_gondola = game.readings["vote.reinforcement-test"] == "each-gondola"
    group_open: Plain | None = None  # the gondola item whose cards are being put down
    group_district: str | None = None
    group_cards = 0
    gondolas_here = 0
    lead_reported = False
    reinforced_before_this_play = me.reinforced_earlier

    def end_group() -> None:
        nonlocal lead_reported
        if group_open is None:
            return
        if group_cards == 0:
            game.broke("vote.gondola-followed", group_open)
        if each_gondola and not lead_reported and me.count <= them.count:
            game.broke("vote.reinforcement-more", group_open)
            lead_reported = True

    for item in play["cards"]:
        card, count = item["card"], item["count"]
        if not holdable(card):
            game.broke("vote.card-kind", item)
            continue
        for _ in range(count):
            if hand.take(card) == "no":
                game.broke("vote.cards-in-hand", item)
                break
        if card == GONDOLA:
            end_group()
            no_opening = game.readings["vote.opening-reinforcement"] == "forbidden"
            if opening and gondolas_here == 0 and no_opening:
                game.broke("vote.opening-reinforcement", item)
            if not me.district_down:
                game.broke("vote.reinforcement-after-district", item)
            if count > 1:
                game.broke("vote.gondola-followed", item)
            gondolas_here += count
            me.down.extend([GONDOLA] * count)
            group_open, group_district, group_cards = item, None, 0
            continue
        if group_open is None:
            if card == district:
                me.district_down = True
            elif reinforced_before_this_play:
                game.broke("vote.new-gondola", item)
            else:
                game.broke("vote.gondola-reinforcement", item)
        else:
            if group_district is None:
                group_district = card
                if card == district:
                    game.broke("vote.reinforcement-other-district", item)
                me.reinforced_earlier = True
            elif card != group_district:
                game.broke("vote.gondola-one-district", item)
            if card == district:
                me.district_down = True
            group_cards += count
        me.count += count
        me.down.extend([card] * count)
    end_group()
    if gondolas_here == 0:
        if me.count <= them.count:
            game.broke("vote.more-cards", play)
    elif not each_gondola and me.count <= them.count:
        game.broke("vote.reinforcement-more", play)
    me.plays += 1


def settle(game: Game, winner: Side, loser: Side) -> None:
    """The winner keeps the first card put down as a prize and discards the rest; the loser
    discards the first district card and the gondolas and takes the rest back."""
    rest = list(winner.down)
    prize = next((c for c in rest if c in DISTRICTS), None)
    if prize is not None:
        rest.remove(prize)
        game.players[winner.who].prizes[prize] += 1
    lost: list[str] = []
    back = list(loser.down)
    first = next((c for c in back if c in DISTRICTS), None)
    if first is not None:
        back.remove(first)
        lost.append(first)
    lost.extend(c for c in back if c == GONDOLA)
    back = [c for c in back if c != GONDOLA]
    game.players[loser.who].hand.known.update(back)
    game.discard(rest + lost)
    if game.winner is None and won(game.players[winner.who].prizes):
        game.winner = winner.who


# ------------------------------------------------------------------------- actions
RANK = {"traitor": 0, "spy": 1, "vote": 2}


def take_card(game: Game, thief: int, card: str | None, step: Plain) -> None:
    """Traditori: one card from the opponent's hand into the thief's; not from an empty hand
    (reading 'either': not by a thief with an empty hand either)."""
    if card is None:
        return
    victim = game.players[1 - thief]
    robber = game.players[thief]
    if victim.hand.empty() is True or (
        game.readings["traitor.empty-hand"] == "either" and robber.hand.empty() is True
    ):
        game.broke("traitor.empty-hand", step)
        return
    if victim.hand.take(card) == "no":
        game.broke("traitor.card-in-hand", step)
        return
    robber.hand.known[card] += 1


def spy_expectation(drawn: list[str], reading: str) -> tuple[int, int]:
    """Spie: (cards the spy draws, cards it may take for traitors) given what was drawn."""
    if reading == "steal-all":
        return 2, drawn[:2].count(TRAITOR)
    if reading == "replace-only":
        good = 0
        for position, card in enumerate(drawn):
            if card != TRAITOR:
                good += 1
                if good == 2:
                    return position + 1, 0
        return len(drawn) + 2 - good, 0
    replaced = drawn[:2].count(TRAITOR)
    return 2 + replaced, drawn[2 : 2 + replaced].count(TRAITOR)


def use_spy(game: Game, me: int, action: Plain, waiting: dict[str, int]) -> None:
    drawn = list(action["drawn"])
    could = game.drawable()
    complained = False
    for card in drawn:
        if game.draw(card) == "no" and not complained:
            game.broke("deck.draw", action)
            complained = True
        if card == TRAITOR:  # discarded at once, before any replacement is drawn
            game.discard([TRAITOR])
    expected, may_take = spy_expectation(drawn, game.readings["spy.traitors"])
    if len(drawn) != expected and not (
        len(drawn) < expected and could is not None and len(drawn) == could
    ):
        game.broke("spy.draw-two", action)
    if len(action["steals"]) > may_take:
        game.broke("spy.traitor-steals", action)
    player = game.players[me]
    for card in drawn:
        if holdable(card):
            player.hand.known[card] += 1
        elif card == DOGE:
            player.doges += 1
        elif card == SPY:
            if game.readings["spy.drawn-spy"] == "play":
                waiting["spy"] += 1
            else:
                game.discard([SPY])
    for theft in action["steals"]:
        take_card(game, me, theft["card"], theft)


def run_actions(
    game: Game, me: int, waiting: dict[str, int], part: Plain, turn_votes: list[str]
) -> None:
    """The actions of one player with one offer (or with a round-end draw), in their order."""
    highest: str | None = None
    for action in part["actions"]:
        if game.winner is not None:
            game.broke("game.over", action)
            return
        kind = action["kind"]
        have = game.players[me].doges if kind == "vote" else waiting[kind]
        if have < 1:
            game.broke("actions.from-offer", action)
        listed = game.readings["actions.order"] == "listed"
        if listed and highest is not None and RANK[kind] < RANK[highest]:
            game.broke("actions.order", action)
        if highest is None or RANK[kind] > RANK[highest]:
            highest = kind
        if kind == "traitor":
            if have >= 1:
                waiting["traitor"] -= 1
                game.discard([TRAITOR])
            take_card(game, me, action["card"], action)
        elif kind == "spy":
            if have >= 1:
                waiting["spy"] -= 1
                game.discard([SPY])
            use_spy(game, me, action, waiting)
        else:
            run_vote(game, me, action, turn_votes, with_doge=have >= 1)
    if game.winner is not None:
        return
    game.discard([TRAITOR] * waiting["traitor"] + [SPY] * waiting["spy"])
    waiting["traitor"] = waiting["spy"] = 0
    if game.players[me].doges > 0:
        game.broke("vote.every-doge", part)


# ------------------------------------------------------------------------- the turn
def offer_of(plain_offer: Plain) -> tuple[Counter[str], Counter[int]]:
    return Counter(plain_offer["actions"]), Counter(plain_offer["numbers"])


def turn_up(game: Game, split: Plain) -> None:
    """Il giro: the top five action cards and top three number cards, turned up together."""
    actions = [c for o in split["offers"] for c in o["actions"]]
    numbers = [n for o in split["offers"] for n in o["numbers"]]
    could_actions = game.drawable()
    if game.deck.size is not None and game.deck.size >= 5:
        could_actions = game.deck.size
    could_numbers = game.numbers.size
    bad = False
    for got, wanted, could in ((len(actions), 5, could_actions), (len(numbers), 3, could_numbers)):
        if not bad and (
            got > wanted or (got < wanted and could is not None and got < min(wanted, could))
        ):
            game.broke("reveal.five-and-three", split)
            bad = True
    action_answers = reveal(game, actions)
    number_answers = reveal_numbers(game, numbers)
    a = iter(action_answers)
    n = iter(number_answers)
    for o in split["offers"]:
        for answers, cards in ((a, o["actions"]), (n, o["numbers"])):
            told = False
            for _ in cards:
                if next(answers) == "no" and not told:
                    game.broke("deck.draw", o)
                    told = True


def reveal(game: Game, cards: list[str]) -> list[str]:
    """With the order known: the top cards are matched with the written cards, and the
    unmatched written cards beyond what is still to come off the (refilled) deck cannot
    have been turned up (the first written ones are blamed)."""
    answer: dict[int, str] = {}
    todo = list(range(len(cards)))
    while todo:
        game.refill_if_empty()
        deck = game.deck
        if deck.order is not None:
            k = min(len(todo), len(deck.order))
            top = Counter(deck.order[:k])
            after = Pile.of({"order": deck.order[k:]})
        elif deck.contents is not None and deck.size is not None and deck.size < len(todo):
            k, top, after = deck.size, Counter(deck.contents), Pile(None, Counter(), 0)
        else:
            for i in todo:
                answer[i] = game.draw(cards[i])
            break
        if k == 0:
            for i in todo:
                answer[i] = "no"
            break
        left_over = []
        for i in todo:
            if top[cards[i]] > 0:
                top[cards[i]] -= 1
                answer[i] = "yes"
            else:
                left_over.append(i)
        still_to_draw = len(todo) - k
        blamed = left_over[: len(left_over) - still_to_draw]
        for i in blamed:
            answer[i] = "no"
        todo = left_over[len(blamed) :]
        game.deck = after
        game.refill_if_empty()
    return [answer[i] for i in range(len(cards))]


def reveal_numbers(game: Game, numbers: list[int]) -> list[str]:
    if game.numbers.order is None:
        return [game.numbers.draw_one(number) for number in numbers]
    k = min(len(numbers), len(game.numbers.order))
    top = Counter(game.numbers.order[:k])
    answers = []
    for number in numbers:
        if top[number] > 0:
            top[number] -= 1
            answers.append("yes")
        else:
            answers.append("no")
    game.numbers = Pile.of({"order": game.numbers.order[k:]})
    return answers


def judge_turn(position: Plain, turn: Plain, readings: dict[str, str] | None = None) -> Plain:
    """Judge a turn: {'broken': [(rule, line, column)...], 'after': plain position or None}."""
    game = load(position, readings or {})
    if game.winner is not None:
        game.broke("game.over", turn)
        return {"broken": game.found, "after": None}
    splitter, chooser = game.splitter, 1 - game.splitter
    if turn.get("splitter") is not None and turn["splitter"] != game.name(splitter):
        game.broke("turn.splitter", turn)
    split = turn.get("split")
    if split is None:
        if game.offers is None:
            game.broke("split.two-offers", turn)
            return {"broken": game.found, "after": None}
        offers = [offer_of(o) for o in game.offers]
    else:
        if len(split["offers"]) != 2:
            game.broke("split.two-offers", split)
            return {"broken": game.found, "after": None}
        for o in split["offers"]:
            if not o["actions"] and not o["numbers"]:
                game.broke("split.offer-not-empty", o)
        offers = [offer_of(o) for o in split["offers"]]
        if game.stage == "start":
            turn_up(game, split)
        else:
            shown = [game.turned_up] if game.turned_up is not None else list(game.offers or [])
            table_a = sum((Counter(o["actions"]) for o in shown), Counter())
            table_n = sum((Counter(o["numbers"]) for o in shown), Counter())
            if offers[0][0] + offers[1][0] != table_a or offers[0][1] + offers[1][1] != table_n:
                game.broke("split.all-cards", split)
    choice = turn["choice"]
    if not 0 <= choice["offer"] < 2:
        game.broke("choice.offer", choice)
        return {"broken": game.found, "after": None}
    votes_this_turn: list[str] = []
    mine = offers[choice["offer"]]
    theirs = offers[1 - choice["offer"]]
    for who, (actions, numbers), part in (
        (chooser, mine, turn["chooser"]),
        (splitter, theirs, turn["splitter_actions"]),
    ):
        if game.winner is not None:
            if part["actions"]:
                game.broke("game.over", part["actions"][0])
            break
        p = game.players[who]
        if p.numbers is not None:
            p.numbers.update(numbers)
        p.total += sum(k * v for k, v in numbers.items())
        for card, count in actions.items():
            if holdable(card):
                p.hand.known[card] += count
        p.doges += actions[DOGE]
        waiting = {"traitor": actions[TRAITOR], "spy": actions[SPY]}
        run_actions(game, who, waiting, part, votes_this_turn)
    end_turn(game, turn)
    return {"broken": game.found, "after": dump(game)}


def end_turn(game: Game, turn: Plain) -> None:
    """Un nuovo giro / Un nuovo round."""
    draw = turn.get("round_end")
    if game.winner is not None:
        if draw is not None:
            game.broke("game.over", draw)
        return
    a, b = game.players[0].total, game.players[1].total
    if max(a, b) < 10:
        if draw is not None:
            game.broke("roundend.only-at-round-end", draw)
        game.splitter = 1 - game.splitter
        game.turn += 1
        return
    if a == b:
        drawer, next_splitter = game.splitter, 1 - game.splitter
    else:
        drawer = 0 if a < b else 1
        next_splitter = 1 - drawer
    if draw is not None:
        if draw.get("player") is not None and draw["player"] != game.name(drawer):
            game.broke("roundend.lower-draws", draw)
        could = game.drawable()
        complained = False
        for card in draw["drawn"]:
            if game.draw(card) == "no" and not complained:
                game.broke("deck.draw", draw)
                complained = True
            if card == DOGE:  # discarded at once and replaced
                game.discard([DOGE])
        kept = 0
        extra = False
        for card in draw["drawn"]:
            if kept == 3:
                extra = True
                break
            if card != DOGE:
                kept += 1
        if extra or (kept < 3 and (could is None or len(draw["drawn"]) < could)):
            game.broke("roundend.three-cards", draw)
        p = game.players[drawer]
        for card in draw["drawn"]:
            if holdable(card):
                p.hand.known[card] += 1
        waiting = {"traitor": draw["drawn"].count(TRAITOR), "spy": draw["drawn"].count(SPY)}
        run_actions(game, drawer, waiting, draw, [])
        if game.winner is not None:
            return
    if game.deck.contents is not None and game.discards.contents is not None:
        game.deck = Pile(None, game.deck.contents + game.discards.contents, None)
        game.deck.size = sum(game.deck.contents.values())
    elif game.deck.size is not None and game.discards.size is not None:
        game.deck = Pile(None, None, game.deck.size + game.discards.size)
    else:
        game.deck = Pile(None, None, None)
    game.discards = Pile(None, Counter(), 0)
    game.numbers = Pile(None, Counter(game.number_cards), sum(game.number_cards.values()))
    for p in game.players:
        p.numbers = Counter()
        p.total = 0
    game.splitter = next_splitter
    game.round += 1
    game.turn = 1


def judge_vote(
    position: Plain, owner: str, vote: Plain, readings: dict[str, str] | None = None
) -> Plain:
    """A vote on its own, called by a doge of ``owner`` (given one if none is in front)."""
    game = load(position, readings or {})
    index = game.index(owner)
    assert index is not None
    if game.players[index].doges == 0:
        game.players[index].doges = 1
    run_vote(game, index, vote, [], with_doge=True)
    return {"broken": game.found, "after": dump(game)}
