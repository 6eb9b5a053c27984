"""An independent referee for Ticket to Ride turns, for the differential tests.

Written from the Italian rulebook (/work/shared/rulebooks/ticket-to-ride-usa-10th-anniversary-
it.txt), with the standard library only: nothing here imports canaldsl. Board, position and
turn are plain dictionaries and lists (``tests/tickettoride/adapter.py`` converts the package's
values into them). Only the rule ids are shared with the package, since verdicts are compared
by rule id; which rule a turn breaks is decided here.

Readings where the text is open follow the switches' names and values, with the same defaults
(documented in the package's rulebook module and below in ``DEFAULTS``). Conventions that are
not rules (which track a claim without a colour takes, which cards pay when none are written)
are the documented ones of the package's engine, restated here.

Positions (dict): ``players`` (list of {colour, trains, hand: {card: n} or None, hand_size,
tickets: [(a, b, points)] or None, ticket_count}), ``owners`` (list per track: colour or None),
``to_move``, ``display`` ({card: n}), ``unseen`` (face-up cards not known), ``deck`` ({size,
cards, order}), ``discards`` ({size, cards}), ``ticket_deck`` ({size, order}), ``last_round``
((trigger, [still to play]) or None), ``finished``, ``settings`` ({switch: value}).
A card is a colour name or "locomotive"; sizes and contents may be None (not known).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

LOCO = "locomotive"
COLOURS = ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"]
"""The eight card colours, in the order the package's conventions use for ties."""
BOX = {**dict.fromkeys(COLOURS, 12), LOCO: 14}
POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
DEFAULTS = {
    "second-face-up-locomotive": "forbidden",
    "locomotive-display-stalemate": "keep",
    "short-ticket-deck": "draw-remaining",
    "small-game-doubles": "one-track",
    "exhausted-deck-face-up": "forbidden",
    "stop-after-one-card": "forbidden",
    "longest-route-without-routes": "no-bonus",
}

Board = dict[str, Any]
State = dict[str, Any]


def setting(state: State, name: str) -> str:
    return str(state.get("settings", {}).get(name, DEFAULTS[name]))


def _count(cards: dict[str, int] | None) -> int | None:
    return None if cards is None else sum(cards.values())


class Result:
    """The referee's verdict: broken rules as (rule, line, column), and the state after."""

    def __init__(self) -> None:
        self.broken: list[tuple[str, int, int]] = []
        self.after: State | None = None

    def fail(self, rule: str, where: tuple[int, int]) -> None:
        self.broken.append((rule, where[0], where[1]))

    @property
    def legal(self) -> bool:
        return not self.broken


def _copied(value: Any) -> Any:
    """A deep copy of a state: plain dicts, lists and tuples are copied level by level, their
    strings, numbers and None shared (immutable); any other container by ``copy.deepcopy``.
    The same copy ``copy.deepcopy`` makes of these states (no object in a state is reached
    twice), without its memo and per-object dispatch: the differential tests copy a state for
    every turn judged (3,900 turns, 1.25 million objects through deepcopy)."""
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    if kind is tuple:
        return tuple(_copied(item) for item in value)
    if kind in (str, int, bool) or value is None:
        return value
    return copy.deepcopy(value)


# ------------------------------------------------------------------------------ the turn
def judge(board: Board, state: State, turn: dict[str, Any]) -> Result:
    """Judge ``turn`` on ``state``; ``result.after`` is the state after a legal turn."""
    result = Result()
    work = _copied(state)
    actions = turn["actions"]
    setup = any(a["kind"] == "tickets" and a.get("setup") for a in actions)
    if not setup:
        # Il turno di gioco / Fine della partita: the game ends after the final turns, and
        # players play in turn.
        if state["finished"]:
            result.fail("end.game-over", turn["pos"])
        elif turn["player"] != state["to_move"]:  # no one is to move after the end
            result.fail("turn.order", turn["pos"])
    kinds = [a["kind"] for a in actions]
    if not kinds or (len(kinds) > 1 and any(k != "claim" for k in kinds)):
        result.fail("turn.one-action", turn["pos"])
    claims = [a for a in actions if a["kind"] == "claim"]
    if len(claims) > 1:
        result.fail("claim.one-route", claims[-1]["pos"])
    for action in actions:
        if action["kind"] == "draw":
            _draw(work, turn["player"], action, result)
        elif action["kind"] == "claim":
            _claim(board, work, turn["player"], action, result)
        else:
            _tickets(work, turn["player"], action, result)
    if result.legal:
        if not setup:
            _pass_turn(work, turn["player"])
        result.after = work
    return result


def _player(state: State, colour: str) -> dict[str, Any]:
    return next(p for p in state["players"] if p["colour"] == colour)


def _pass_turn(state: State, colour: str) -> None:
    """Fine della partita: at two trains or fewer after a turn, everyone (the player too) has
    one final turn, then the game ends."""
    order = [p["colour"] for p in state["players"]]
    if state["last_round"] is not None:
        trigger, remaining = state["last_round"]
        remaining = list(remaining)
        if colour in remaining:
            remaining.remove(colour)
        state["last_round"] = (trigger, remaining)
        if remaining:
            state["to_move"] = remaining[0]
        else:
            state["finished"] = True
        return
    seat = order.index(colour)
    if _player(state, colour)["trains"] <= 2:
        rest = [order[(seat + k) % len(order)] for k in range(1, len(order) + 1)]
        state["last_round"] = (colour, rest)
        state["to_move"] = rest[0]
    else:
        state["to_move"] = order[(seat + 1) % len(order)]


# ------------------------------------------------------------------------------ train cards
class _Table:
    """The face-up cards, the deck and the discards, as far as known."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.display: Counter[str] = Counter(state["display"])
        self.unseen: int = state["unseen"]
        deck = state["deck"]
        self.order: list[str] | None = None if deck["order"] is None else list(deck["order"])
        self.deck_cards: Counter[str] | None = None
        if deck["cards"] is not None:
            self.deck_cards = Counter(deck["cards"])
        elif self.order is not None:
            self.deck_cards = Counter(self.order)
        else:
            self.deck_cards = _rest_of_box(state)
        self.deck_size: int | None = deck["size"]
        if self.deck_cards is not None:
            self.deck_size = sum(self.deck_cards.values())
        disc = state["discards"]
        self.disc_cards: Counter[str] | None = (
            None if disc["cards"] is None else Counter(disc["cards"])
        )
        self.disc_size: int | None = disc["size"]
        if self.disc_cards is not None:
            self.disc_size = sum(self.disc_cards.values())

    def has_card(self) -> bool | None:
        """A deck of unknown size always has a card (the package's reading, restated)."""
        if self.deck_size is None or self.deck_size > 0:
            return True
        if self.disc_size is None:
            return None
        return self.disc_size > 0

    def pop(self, said: str | None) -> tuple[str | None, str | None]:
        if self.deck_size == 0:  # Pescare Carte Treno: the discards make a new deck
            self.deck_size, self.deck_cards, self.order = self.disc_size, self.disc_cards, None
            self.disc_size, self.disc_cards = 0, Counter()
        top = self.order.pop(0) if self.order else None
        card = top if top is not None else said
        if self.deck_size is not None:
            self.deck_size = max(0, self.deck_size - 1)
        if self.deck_cards is not None:
            if card is not None and self.deck_cards[card] > 0:
                self.deck_cards[card] -= 1
            else:
                self.deck_cards = None
        return card, top

    def everything(self) -> Counter[str] | None:
        if self.deck_cards is None or self.disc_cards is None or self.unseen:
            return None
        return self.deck_cards + self.disc_cards + self.display

    def wipe(self) -> None:
        n = sum(self.display.values()) + self.unseen
        if self.disc_size is not None:
            self.disc_size += n
        if self.disc_cards is not None:
            self.disc_cards = None if self.unseen else self.disc_cards + self.display
        self.display, self.unseen = Counter(), 0

    def write(self) -> None:
        s = self.state
        s["display"] = {k: v for k, v in self.display.items() if v}
        s["unseen"] = self.unseen
        cards = None if self.deck_cards is None else {k: v for k, v in self.deck_cards.items() if v}
        s["deck"] = {"size": self.deck_size, "cards": cards, "order": self.order}
        dcards = (
            None if self.disc_cards is None else {k: v for k, v in self.disc_cards.items() if v}
        )
        s["discards"] = {"size": self.disc_size, "cards": dcards}


def _rest_of_box(state: State) -> Counter[str] | None:
    """The deck's cards when every other card is known."""
    if state["unseen"] or state["discards"]["cards"] is None:
        return None
    seen = Counter(state["display"]) + Counter(state["discards"]["cards"])
    for p in state["players"]:
        if p["hand"] is None:
            return None
        seen += Counter(p["hand"])
    rest = Counter(BOX)
    rest.subtract(seen)
    if any(v < 0 for v in rest.values()):
        return None
    return +rest


def _draw(state: State, colour: str, action: dict[str, Any], result: Result) -> None:
    """Il turno di gioco and Pescare Carte Treno."""
    table = _Table(state)
    me = _player(state, colour)
    draws = action["draws"]
    old = table.display[LOCO] + table.unseen  # locomotives that were face up before
    first_loco = False
    taken: list[str | None] = []
    for i, d in enumerate(draws):
        if i == 1 and first_loco:
            result.fail("draw.locomotive-alone", d["pos"])
        face_up_ok = setting(state, "exhausted-deck-face-up") == "allowed"
        empty = table.deck_size == 0 and table.disc_size == 0
        if empty and (d["source"] == "blind" or not face_up_ok):
            result.fail("draw.no-cards-left", d["pos"])
        if d["source"] == "blind":
            card = d["card"]
            if table.has_card() is not False:
                got, top = table.pop(d["card"])
                if top is not None and d["card"] is not None and top != d["card"]:
                    result.fail("draw.blind-top", d["pos"])
                card = d["card"] if d["card"] is not None else got
        else:
            card = d["card"]
            if table.display[card] == 0 and table.unseen == 0:
                result.fail("draw.face-up-present", d["pos"])
            if i == 1 and card == LOCO:
                rule = setting(state, "second-face-up-locomotive")
                if rule == "forbidden" or old == 0:
                    result.fail("draw.locomotive-second", d["pos"])
            if table.display[card] > 0:
                table.display[card] -= 1
            elif table.unseen:
                table.unseen -= 1
            if i == 0:
                first_loco = card == LOCO
                old = min(old - (card == LOCO), table.display[LOCO] + table.unseen)
            if _turn_up(state, table, d, result):
                old = 0
        taken.append(card)
    n = len(draws)
    stop_ok = setting(state, "stop-after-one-card") == "allowed"
    where = draws[2]["pos"] if n > 2 else action["pos"]
    if (
        n == 0
        or n > 2
        or (n == 1 and not first_loco and not stop_ok and _second_possible(state, table, old))
    ):
        result.fail("draw.two-cards", where)
    table.write()
    for card in taken:
        _gain(me, card)


def _gain(me: dict[str, Any], card: str | None) -> None:
    if me["hand_size"] is not None:
        me["hand_size"] += 1
    if me["hand"] is not None:
        if card is None:
            me["hand"] = None
        else:
            me["hand"][card] = me["hand"].get(card, 0) + 1


def _second_possible(state: State, table: _Table, old: int) -> bool:
    can = table.has_card()
    if can is not False:
        return bool(can)  # unknown: not checked (no violation)
    if setting(state, "exhausted-deck-face-up") != "allowed":
        return False
    if table.unseen:
        return False  # not known: not checked
    others = sum(v for k, v in table.display.items() if k != LOCO)
    if setting(state, "second-face-up-locomotive") == "replacement-only":
        others += min(old, table.display[LOCO])
    return others > 0


def _turn_up(state: State, table: _Table, d: dict[str, Any], result: Result) -> bool:
    """Replace the card taken; five new cards whenever three locomotives lie face up."""
    shown = list(d["revealed"] or [])
    rules_cards: list[str | None] = []

    def one() -> None:
        said = shown[len(rules_cards)] if len(rules_cards) < len(shown) else None
        card, top = table.pop(said)
        rules_cards.append(top)
        if card is None:
            table.unseen += 1
        else:
            table.display[card] += 1

    if table.has_card() is not False:
        one()
    wiped = 0
    while wiped < 25 and table.display[LOCO] >= 3:
        everything = table.everything()
        stuck = everything is not None and sum(everything.values()) - everything[LOCO] < 3
        if stuck and (setting(state, "locomotive-display-stalemate") == "keep" or wiped):
            break
        table.wipe()
        wiped += 1
        for _ in range(5):
            if table.has_card() is False:
                break
            one()
    if table.display[LOCO] < 3 <= table.display[LOCO] + table.unseen:
        table.unseen += sum(table.display.values())
        table.display = Counter()
        table.deck_size = table.deck_cards = table.order = None
        table.disc_size = table.disc_cards = None
    if d["revealed"] is not None and (
        len(shown) > len(rules_cards)
        or any(r is not None and s != r for s, r in zip(shown, rules_cards, strict=False))
    ):
        result.fail("draw.replace", d["pos"])
    return wiped > 0


# ------------------------------------------------------------------------------ claims
def _claim(board: Board, state: State, colour: str, action: dict[str, Any], result: Result) -> None:
    """Controllare una Linea (with the note on double routes)."""
    tracks = board["tracks"]
    route = [i for i, t in enumerate(tracks) if t["route"] == action["route"]]
    fits = [i for i in route if action["colour"] in (None, tracks[i]["colour"])]
    free = [i for i in fits if state["owners"][i] is None] or fits
    if action["cards"] is not None and len(free) > 1:
        paid_colours = {c for c, n in action["cards"].items() if n and c != LOCO}
        free = [i for i in free if tracks[i]["colour"] in paid_colours] or free
    t = free[0]
    track = tracks[t]
    length = track["length"]
    me = _player(state, colour)
    pos = action["pos"]
    if state["owners"][t] is not None:
        result.fail("claim.free-track", pos)
    for other in route:
        if other == t:
            continue
        owner = state["owners"][other]
        if owner == colour:
            result.fail("route.double-same-player", pos)
        if (
            len(state["players"]) <= 3
            and owner is not None
            and setting(state, "small-game-doubles") == "one-track"
        ):
            result.fail("route.double-small-game", pos)
    if me["trains"] < length:
        result.fail("claim.trains", pos)
    paid = action["cards"]
    if paid is None and me["hand"] is not None:
        paid = _pick_payment(me["hand"], track["colour"], length)
    if paid is not None:
        where = action["cards_pos"] or pos
        if sum(paid.values()) != length:
            result.fail("claim.length", where)
        used = sorted({c for c, n in paid.items() if n and c != LOCO})
        if track["colour"] != "grey" and any(c != track["colour"] for c in used):
            result.fail("claim.colour", where)
        if track["colour"] == "grey" and len(used) > 1:
            result.fail("claim.grey-one-colour", where)
        if me["hand"] is not None:
            if any(n > me["hand"].get(c, 0) for c, n in paid.items()):
                result.fail("claim.cards-in-hand", where)
        elif me["hand_size"] is not None and sum(paid.values()) > me["hand_size"]:
            result.fail("claim.cards-in-hand", where)
    state["owners"][t] = colour
    me["trains"] = max(0, me["trains"] - length)
    paying = length if paid is None else sum(paid.values())
    if me["hand_size"] is not None:
        me["hand_size"] = max(0, me["hand_size"] - paying)
    if me["hand"] is not None:
        if paid is None or any(n > me["hand"].get(c, 0) for c, n in paid.items()):
            me["hand"] = None
        else:
            for c, n in paid.items():
                me["hand"][c] -= n
            me["hand"] = {c: n for c, n in me["hand"].items() if n}
    disc = state["discards"]
    if disc["size"] is not None:
        disc["size"] += paying
    if disc["cards"] is not None:
        if paid is None:
            disc["cards"] = None
        else:
            merged = Counter(disc["cards"]) + Counter(paid)
            disc["cards"] = {c: n for c, n in merged.items() if n}


def _pick_payment(hand: dict[str, int], colour: str, length: int) -> dict[str, int]:
    """The engine's documented choice when no cards are written: fewest locomotives; for a
    grey route the colour held most (first in colour order); when the hand cannot pay, what
    it lacks shown as locomotives beyond those held."""
    locos = hand.get(LOCO, 0)
    options = COLOURS if colour == "grey" else [colour]
    best: tuple[int, int, str] | None = None
    for _i, c in enumerate(options):
        own = min(hand.get(c, 0), length)
        need = length - own
        if need <= locos:
            key = (need, -hand.get(c, 0), c)
            if best is None or key[:2] < best[:2]:
                best = key
    if best is None:
        if locos >= length:
            return {LOCO: length}
        c = max(options, key=lambda x: (hand.get(x, 0), -options.index(x)))
        own = min(hand.get(c, 0), length)
        return {k: v for k, v in {c: own, LOCO: length - own}.items() if v}
    need, _, c = best
    return {k: v for k, v in {c: length - need, LOCO: need}.items() if v}


# ------------------------------------------------------------------------------ tickets
def _tickets(state: State, colour: str, action: dict[str, Any], result: Result) -> None:
    """Pescare Biglietti Destinazione (and the starting tickets: Preparazione del gioco)."""
    deck = state["ticket_deck"]
    me = _player(state, colour)
    pos = action["pos"]
    keep_pos = action["kept_pos"] or pos
    drawn, kept = action["drawn"], action["kept"]
    nd = len(drawn) if drawn is not None else action["drawn_count"]
    nk = len(kept) if kept is not None else action["kept_count"]
    if deck["size"] == 0:
        result.fail("tickets.none-left", pos)
    if nd is not None and deck["size"] != 0:
        size = deck["size"]
        if (
            (size is not None and size < 3 and setting(state, "short-ticket-deck") == "forbidden")
            or (size is not None and nd != min(3, size))
            or (size is None and nd > 3)
        ):
            result.fail("tickets.draw-three", pos)
    if nk is not None:
        if action["setup"]:
            if nk < min(2, 3 if nd is None else nd):
                result.fail("tickets.keep-two-at-start", keep_pos)
        elif nd != 0 and nk < 1:
            result.fail("tickets.keep-one", keep_pos)
    if nk is not None and nd is not None:
        if nk > nd:
            result.fail("tickets.kept-from-drawn", keep_pos)
        elif kept is not None and drawn is not None:
            pool = list(drawn)
            for ticket in kept:
                if ticket not in pool:
                    result.fail("tickets.kept-from-drawn", keep_pos)
                    break
                pool.remove(ticket)
    known_top = deck["order"] is not None and drawn is not None
    if known_top and sorted(deck["order"][: len(drawn)]) != sorted(drawn):
        result.fail("tickets.deck-top", pos)
    if me["tickets"] is not None and kept is not None:
        me["tickets"] = me["tickets"] + list(kept)
    else:
        me["tickets"] = None
    me["ticket_count"] = (
        None if me["ticket_count"] is None or nk is None else me["ticket_count"] + nk
    )
    if deck["order"] is not None and drawn is not None and kept is not None:
        back = list(drawn)
        for ticket in kept:
            if ticket in back:
                back.remove(ticket)
        deck["order"] = deck["order"][nd:] + back
        deck["size"] = len(deck["order"])
    elif nd is not None and nk is not None and deck["size"] is not None:
        deck["order"] = None
        deck["size"] = max(deck["size"] - nd, 0) + max(nd - nk, 0)
    else:
        deck["order"] = None
        deck["size"] = None


# ------------------------------------------------------------------------------ scoring
def _connected(board: Board, owned: list[int], a: str, b: str) -> bool:
    links: dict[str, list[str]] = {}
    for i in owned:
        t = board["tracks"][i]
        links.setdefault(t["a"], []).append(t["b"])
        links.setdefault(t["b"], []).append(t["a"])
    seen, todo = {a}, [a]
    while todo:
        city = todo.pop()
        for nxt in links.get(city, []):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return b in seen


def longest(board: Board, owned: list[int]) -> int:
    """Calcolo dei Punteggi: the longest line of one's own routes that may loop and revisit a
    city but uses no train twice; every trail tried, from every city (plain search)."""
    tracks = [board["tracks"][i] for i in owned]
    best = 0

    def walk(city: str, used: set[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for k, t in enumerate(tracks):
            if k not in used and city in (t["a"], t["b"]):
                other = t["b"] if city == t["a"] else t["a"]
                used.add(k)
                walk(other, used, length + t["length"])
                used.discard(k)

    for city in {c for t in tracks for c in (t["a"], t["b"])}:
        walk(city, set(), 0)
    return best


def final_scores(board: Board, state: State) -> dict[str, Any]:
    """Calcolo dei Punteggi: totals by player (None where tickets are not known), the
    longest-route holders and the winners (None when a total is not known)."""
    owned = {
        p["colour"]: [i for i, o in enumerate(state["owners"]) if o == p["colour"]]
        for p in state["players"]
    }
    lengths = {c: longest(board, tracks) for c, tracks in owned.items()}
    top = max(lengths.values())
    holders = [c for c, n in lengths.items() if n == top]
    if top == 0 and setting(state, "longest-route-without-routes") == "no-bonus":
        holders = []
    totals: dict[str, int | None] = {}
    completed: dict[str, int] = {}
    for p in state["players"]:
        c = p["colour"]
        points = sum(POINTS[board["tracks"][i]["length"]] for i in owned[c])
        if p["tickets"] is None:
            totals[c] = None
            continue
        done = [t for t in p["tickets"] if _connected(board, owned[c], t[0], t[1])]
        completed[c] = len(done)
        tickets = sum(t[2] if t in done else -t[2] for t in p["tickets"])
        totals[c] = points + tickets + (10 if c in holders else 0)
    winners: list[str] | None = None
    if all(v is not None for v in totals.values()):
        best = max(v for v in totals.values() if v is not None)
        winners = [c for c, v in totals.items() if v == best]
        if len(winners) > 1:
            most = max(completed[c] for c in winners)
            winners = [c for c in winners if completed[c] == most]
        if len(winners) > 1:
            far = max(lengths[c] for c in winners)
            winners = [c for c in winners if lengths[c] == far]
    return {"totals": totals, "lengths": lengths, "holders": holders, "winners": winners}
