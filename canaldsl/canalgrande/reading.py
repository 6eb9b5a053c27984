"""A file's syntax read into the game's model: the readings (switches), the starting
position, and the events in file order (turns, disputed votes, expectations, queries).

Every problem of meaning is a diagnostic at its own line and column with a hint that states
the fix, all of them in one run: unknown card or district names (with "did you mean", accents
and the text's spellings accepted), unknown players, switches and values, positions that
cannot be (:class:`~canaldsl.canalgrande.knowledge.PositionError`), steps that cannot be
stated (:class:`~canaldsl.canalgrande.turn.TurnError`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from canaldsl.canalgrande import codes
from canaldsl.canalgrande import syntax as s
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import (
    NUMBER_CARDS,
    Card,
    District,
    NumberCard,
    UnknownNameError,
    card_named,
    district_named,
)
from canaldsl.canalgrande.knowledge import Hand, Pile, PositionError
from canaldsl.canalgrande.position import PlayerState, Position, Stage, default_number_cards
from canaldsl.canalgrande.rulebook import RULEBOOK, ReadingError, Readings
from canaldsl.canalgrande.turn import (
    Action,
    Choice,
    OfferCards,
    Pass,
    Phase,
    Placed,
    Play,
    RoundEndDraw,
    Split,
    SpyAction,
    Steal,
    TraitorAction,
    Turn,
    TurnError,
    Vote,
)
from canaldsl.diagnostics import Diagnostic, SourceText, Span, did_you_mean

NUMBER_WORDS = {"one": 1, "ones": 1, "two": 2, "twos": 2, "three": 3, "threes": 3}


@dataclass(frozen=True)
class TurnEvent:
    """A turn as the engine takes it, with the names its blocks are written for (the roles
    are matched against the position when the turn is played)."""

    turn: Turn
    chooser: str
    phases: tuple[tuple[str, Phase, Span], ...]
    decl: s.TurnDecl


@dataclass(frozen=True)
class VoteEvent:
    """A disputed vote on its own: whose doge calls it, and the vote."""

    owner: str
    vote: Vote
    decl: s.VoteBlock


Event = TurnEvent | VoteEvent | s.ExpectDecl | s.QueryDecl


@dataclass
class Scenario:
    """A file read: its readings, starting position (None: no two players), events."""

    filename: str
    readings: Readings
    position: Position | None
    events: list[Event] = field(default_factory=list)
    rulebook: s.RulebookDecl | None = None
    known_error: s.KnownErrorDecl | None = None
    document: s.Document | None = None


class _Reader:
    def __init__(self, source: SourceText) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.players: list[str] = []

    def error(self, code: str, message: str, span: Span, hint: str) -> None:
        self.diagnostics.append(self.source.diagnostic(code, message, span, hint=hint))

    # ------------------------------------------------------------ names
    def card(self, item: s.Item) -> Card | None:
        try:
            return card_named(item.text)
        except UnknownNameError as exc:
            self._unknown(exc, item.span, "card")
            return None

    def district(self, word: s.Word) -> District | None:
        try:
            return district_named(word.text)
        except UnknownNameError as exc:
            try:
                card = card_named(word.text)
            except UnknownNameError:
                self._unknown(exc, word.span, "district")
                return None
            self.error(
                codes.NOT_A_DISTRICT,
                f"{card} is not a district",
                word.span,
                "name one of the six districts: " + ", ".join(str(d) for d in District),
            )
            return None

    def _unknown(self, exc: UnknownNameError, span: Span, kind: str) -> None:
        if exc.suggestion:
            hint = f"did you mean {exc.suggestion}? write {exc.suggestion}"
        else:
            names = ", ".join(str(d) for d in District)
            extra = ", spy, traitor, gondola, doge" if kind == "card" else ""
            hint = f"the {kind}s are {names}{extra}"
        self.error(codes.UNKNOWN_CARD, f"unknown {kind} {exc.name!r}", span, hint)

    def player(self, word: s.Word) -> str | None:
        if word.text in self.players:
            return word.text
        guess = did_you_mean(word.text, self.players)
        known = " and ".join(self.players) or "nobody (no player block)"
        hint = (
            f"did you mean {guess}? the players are {known}"
            if guess
            else (f"the players are {known}; write one of their names")
        )
        self.error(codes.UNKNOWN_PLAYER, f"unknown player {word.text!r}", word.span, hint)
        return None

    def count(self, item: s.Item) -> int:
        if item.count is not None and item.count < 1:
            self.error(
                codes.BAD_STEP, f"a count of {item.count} cards", item.span,
                "write a count of at least 1, or leave the card out",
            )  # fmt: skip
            return 0
        return 1 if item.count is None else item.count

    def cards(self, items: s.Items) -> list[tuple[Card, int, Span]]:
        out = []
        for item in items:
            if item.kind != "card":
                self.error(
                    codes.BAD_STEP, "a number card where action cards are listed", item.span,
                    "list action cards here (districts, spy, traitor, gondola, doge)",
                )  # fmt: skip
                continue
            card = self.card(item)
            n = self.count(item)
            if card is not None and n:
                out.append((card, n, item.span))
        return out

    def flat(self, items: s.Items) -> tuple[Card, ...]:
        return tuple(card for card, n, _ in self.cards(items) for _ in range(n))

    def number(self, item: s.Item) -> NumberCard | None:
        value = int(item.text)
        if value not in (1, 2, 3):
            self.error(
                codes.BAD_NUMBER_CARD, f"a number card of value {value}", item.span,
                "number cards are 1, 2 or 3",
            )  # fmt: skip
            return None
        return NumberCard(value)

    def numbers(self, items: s.Items) -> tuple[NumberCard, ...]:
        out = []
        for item in items:
            found = self.number(item)
            if found is not None:
                out.append(found)
        return tuple(out)

    def offer(self, offer: s.Offer) -> OfferCards:
        actions: list[Card] = []
        numbers: list[NumberCard] = []
        for item in offer.items:
            if item.kind == "number":
                found = self.number(item)
                if found is not None:
                    numbers.append(found)
                continue
            card = self.card(item)
            if card is not None:
                actions.extend([card] * self.count(item))
        return OfferCards(tuple(actions), tuple(numbers), span=offer.span)


# ------------------------------------------------------------------ the rules block


def _readings(reader: _Reader, rules: s.RulesDecl | None) -> Readings:
    settings: dict[str, str] = {}
    for option in rules.options if rules is not None else ():
        switch = RULEBOOK.switches.get(option.name.text)
        if switch is None:
            guess = did_you_mean(option.name.text, RULEBOOK.switches)
            names = ", ".join(sorted(RULEBOOK.switches))
            hint = f"did you mean {guess}?" if guess else f"the switches are {names}"
            reader.error(
                codes.UNKNOWN_SWITCH, f"unknown rules option {option.name.text!r}",
                option.name.span, hint,
            )  # fmt: skip
            continue
        if option.value.text not in switch.values:
            reader.error(
                codes.UNKNOWN_SWITCH_VALUE,
                f"{switch.name} has no value {option.value.text!r}",
                option.value.span,
                f"write one of: {', '.join(switch.values)}",
            )
            continue
        settings[switch.name] = option.value.text
    try:
        return Readings.resolve(settings)
    except ReadingError:  # pragma: no cover - every setting was checked above
        return Readings()


def _number_cards(reader: _Reader, rules: s.RulesDecl | None) -> Bag[NumberCard]:
    if rules is None or rules.number_counts is None:
        return default_number_cards()
    counts: dict[NumberCard, int] = {}
    for count, word in rules.number_counts:
        value = NumberCard(NUMBER_WORDS[word.text])
        counts[value] = counts.get(value, 0) + count
    bag = Bag(counts)
    if len(bag) != NUMBER_CARDS:
        reader.error(
            codes.BAD_NUMBER_CARDS,
            f"the number cards add up to {len(bag)}, not {NUMBER_CARDS}",
            rules.numbers_span,
            f"give counts of ones, twos and threes that add up to {NUMBER_CARDS} "
            "(the default is 5 ones, 5 twos, 4 threes)",
        )
        return default_number_cards()
    return bag


# ------------------------------------------------------------------ the position


def _player(reader: _Reader, decl: s.PlayerDecl) -> PlayerState | None:
    known: list[Card] = []
    unknown: int | None = 0
    numbers: Bag[NumberCard] | None = Bag()
    total = 0
    prizes: list[District] = []
    doges = 0
    seen: set[str] = set()
    hand_given = False
    for item in decl.fields:
        if item.key in seen:
            reader.error(
                codes.DUPLICATE, f"{decl.name.text}'s {item.key} is given twice", item.span,
                f"give {item.key} once (remove this line or merge it with the other)",
            )  # fmt: skip
            continue
        seen.add(item.key)
        if item.key == "hand":
            hand_given = True
            for entry in item.items:
                if entry.kind == "unknown":
                    if entry.count is None:
                        unknown = None
                    elif unknown is not None:
                        unknown += entry.count
                    continue
                card = reader.card(entry)
                if card is None:
                    continue
                if not card.goes_to_hand:
                    reader.error(
                        codes.BAD_POSITION, f"a {card} in a hand", entry.span,
                        "a hand holds only district cards and gondolas: spies, traitors and "
                        "doges act at once (write doges in front with `doges N`)",
                    )  # fmt: skip
                    continue
                known.extend([card] * reader.count(entry))
        elif item.key == "numbers":
            numbers = Bag.of(reader.numbers(item.items))
        elif item.key == "total":
            numbers, total = None, item.value or 0
        elif item.key == "prizes":
            for card, n, span in reader.cards(item.items):
                if card.district is None:
                    reader.error(
                        codes.NOT_A_DISTRICT, f"a {card} prize", span,
                        "prizes are district cards: name a district",
                    )  # fmt: skip
                    continue
                prizes.extend([card.district] * n)
        elif item.key == "doges":
            doges = item.value or 0
    if "numbers" in seen and "total" in seen:
        reader.error(
            codes.DUPLICATE, f"{decl.name.text} has both number cards and a total", decl.span,
            "give either `numbers 1, 3` (the cards) or `total 4` (only the sum), not both",
        )  # fmt: skip
    hand = Hand(Bag.of(known), unknown) if hand_given else Hand.hidden(None)
    return PlayerState(decl.name.text, hand, numbers, total, Bag.of(prizes), doges)


def _pile(reader: _Reader, decl: s.PileDecl, numbers: bool) -> Pile[Card] | Pile[NumberCard]:
    if decl.kind == "size":
        return Pile.unknown(decl.size)
    if decl.kind == "unknown":
        return Pile.unknown()
    if numbers:
        values = reader.numbers(decl.items)
        return Pile.in_order(values) if decl.kind == "order" else Pile.of_contents(Bag.of(values))
    cards = reader.flat(decl.items)
    return Pile.in_order(cards) if decl.kind == "order" else Pile.of_contents(Bag.of(cards))


def _position(
    reader: _Reader, statements: Sequence[s.Statement], number_cards: Bag[NumberCard]
) -> Position | None:
    players = [st for st in statements if isinstance(st, s.PlayerDecl)]
    reader.players = [p.name.text for p in players]
    built = [_player(reader, p) for p in players]
    if len(players) != 2:
        span = players[2].span if len(players) > 2 else Span(1, 1, 1, 2)
        if len(players) > 2 or any(
            isinstance(st, (s.TurnDecl, s.VoteBlock, s.QueryDecl)) for st in statements
        ):
            reader.error(
                codes.BAD_PLAYERS,
                f"{len(players)} player(s): Canal Grande is played by two",
                span,
                "write two `player NAME { ... }` blocks (the text names a four-player game "
                "with two decks but does not describe it: it is not supported)",
            )
        return None
    if players[0].name.text == players[1].name.text:
        reader.error(
            codes.DUPLICATE, f"two players are called {players[0].name.text!r}",
            players[1].name.span, "give the two players different names",
        )  # fmt: skip
        return None
    singles: dict[type, s.Statement] = {}
    piles: dict[str, s.PileDecl] = {}
    for st in statements:
        key: object = None
        if isinstance(st, s.PileDecl):
            if st.pile in piles:
                key = st.pile
            piles.setdefault(st.pile, st)
        elif isinstance(st, (s.SplitterDecl, s.WinnerDecl, s.TableDecl, s.RoundDecl)):
            if type(st) in singles:
                key = type(st)
            singles.setdefault(type(st), st)
        if key is not None:
            reader.error(
                codes.DUPLICATE, "this part of the position is given twice", st.span,
                "give it once: remove this statement or the earlier one",
            )  # fmt: skip
    splitter = 0
    split_decl = singles.get(s.SplitterDecl)
    if isinstance(split_decl, s.SplitterDecl):
        name = reader.player(split_decl.name)
        splitter = reader.players.index(name) if name is not None else 0
    winner = None
    won = singles.get(s.WinnerDecl)
    if isinstance(won, s.WinnerDecl):
        name = reader.player(won.name)
        winner = reader.players.index(name) if name is not None else None
    stage, turned_up, offers = Stage.START, None, None
    table = singles.get(s.TableDecl)
    if isinstance(table, s.TableDecl):
        cards = [reader.offer(o).offer() for o in table.offers]
        if table.kind == "turned up":
            stage, turned_up = Stage.REVEALED, cards[0]
        else:
            stage, offers = Stage.OFFERED, (cards[0], cards[1])
    round_decl = singles.get(s.RoundDecl)
    round_number = round_decl.number if isinstance(round_decl, s.RoundDecl) else 1
    action_deck: Pile[Card] = Pile.unknown()
    number_deck: Pile[NumberCard] = Pile.unknown()
    discards: Pile[Card] = Pile.unknown()
    if "deck" in piles:
        action_deck = _pile(reader, piles["deck"], False)  # type: ignore[assignment]
    if "number deck" in piles:
        number_deck = _pile(reader, piles["number deck"], True)  # type: ignore[assignment]
    if "discards" in piles:
        discards = _pile(reader, piles["discards"], False)  # type: ignore[assignment]
    try:
        a, b = built
        assert a is not None and b is not None
        return Position(
            players=(a, b),
            splitter=splitter,
            action_deck=action_deck,
            number_deck=number_deck,
            discards=discards,
            stage=stage,
            turned_up=turned_up,
            offers=offers,
            round=max(round_number, 1),
            number_cards=number_cards,
            winner=winner,
        )
    except PositionError as exc:
        reader.error(
            codes.BAD_POSITION, f"the position cannot be: {exc}", players[0].span,
            "correct the position so that it can occur in a game",
        )  # fmt: skip
        return None


# ------------------------------------------------------------------ turns and votes


def _vote(reader: _Reader, block: s.VoteBlock) -> Vote:
    district = reader.district(block.on) if block.on is not None else None
    steps: list[Play | Pass] = []
    for step in block.steps:
        name = reader.player(step.player) or step.player.text
        if step.cards is None:
            steps.append(Pass(name, span=step.span))
            continue
        placed = []
        for card, n, span in reader.cards(step.cards):
            try:
                placed.append(Placed(card, n, span=span))
            except TurnError as exc:
                reader.error(codes.BAD_STEP, str(exc), span, "put down fewer cards at once")
        steps.append(Play(name, tuple(placed), span=step.span))
    return Vote(None, tuple(steps), district, span=block.span)


def _actions(
    reader: _Reader, stmts: Sequence[s.ActionStmt], owner: str | None
) -> tuple[Action, ...]:
    out: list[Action] = []
    for stmt in stmts:
        if isinstance(stmt, s.TraitorStmt):
            taken = reader.flat(stmt.cards)
            if len(taken) > 1:
                reader.error(
                    codes.BAD_STEP, f"a traitor takes one card, not {len(taken)}", stmt.span,
                    "write one `traitor takes CARD` line per traitor",
                )  # fmt: skip
            out.append(TraitorAction(taken[0] if taken else None, span=stmt.span))
        elif isinstance(stmt, s.SpyStmt):
            steals = tuple(
                Steal(card, span=span)
                for card, n, span in reader.cards(stmt.steals or ())
                for _ in range(n)
            )
            out.append(SpyAction(reader.flat(stmt.cards), steals, span=stmt.span))
        else:
            if stmt.by is not None and owner is not None and stmt.by.text != owner:
                reader.error(
                    codes.PHASE_ORDER,
                    f"a vote in {owner}'s block is called by {owner}'s doge",
                    stmt.by.span,
                    f"move the vote to {stmt.by.text}'s block, or write `by {owner}`",
                )
            out.append(_vote(reader, stmt))
    return tuple(out)


def _turn(reader: _Reader, decl: s.TurnDecl) -> TurnEvent:
    split = None
    splitter = None
    if decl.split is not None:
        split = Split(tuple(reader.offer(o) for o in decl.split.offers), span=decl.split.span)
        if decl.split.player is not None:
            splitter = reader.player(decl.split.player) or decl.split.player.text
    chooser = reader.player(decl.choice.player) or decl.choice.player.text
    number = int(decl.choice.offer.text)
    if number not in (1, 2):
        reader.error(
            codes.BAD_STEP, f"offer {number}: a split has offers 1 and 2",
            decl.choice.offer.span, "write `takes offer 1` or `takes offer 2`",
        )  # fmt: skip
    choice = Choice(max(0, min(number - 1, 1)), span=decl.choice.span)
    phases = []
    for phase in decl.phases:
        name = reader.player(phase.player) or phase.player.text
        actions = _actions(reader, phase.actions, name)
        phases.append((name, Phase(actions, span=phase.span), phase.span))
    round_end = None
    if decl.round_end is not None:
        end = decl.round_end
        drawer = reader.player(end.player) or end.player.text
        round_end = RoundEndDraw(
            reader.flat(end.drawn), _actions(reader, end.actions, drawer), drawer, span=end.span
        )
    turn = Turn(split, choice, round_end=round_end, splitter=splitter, span=decl.span)
    return TurnEvent(turn, chooser, tuple(phases), decl)


def _events(reader: _Reader, statements: Sequence[s.Statement]) -> Iterator[Event]:
    for st in statements:
        if isinstance(st, s.TurnDecl):
            yield _turn(reader, st)
        elif isinstance(st, s.VoteBlock):
            if st.by is None:
                reader.error(
                    codes.BAD_STEP, "a vote on its own must say whose doge calls it", st.span,
                    "write `vote by NAME on DISTRICT { ... }`",
                )  # fmt: skip
                continue
            owner = reader.player(st.by)
            if owner is not None:
                yield VoteEvent(owner, _vote(reader, st), st)
        elif isinstance(st, s.ExpectDecl):
            for word in st.words:
                if st.kind in ("vote-winner", "winner", "prizes", "total", "hand"):
                    reader.player(word)
                elif st.kind == "vote-prize":
                    reader.district(word)
            if st.items is not None:
                if st.kind == "prizes":
                    reader.cards(st.items)
                else:
                    reader.cards(tuple(i for i in st.items if i.kind == "card"))
            yield st
        elif isinstance(st, s.QueryDecl):
            if st.player is not None:
                reader.player(st.player)
            if st.district is not None:
                reader.district(st.district)
            yield st


def read_document(document: s.Document, source: SourceText) -> tuple[Scenario, list[Diagnostic]]:
    """The scenario of a document, and every diagnostic of meaning."""
    reader = _Reader(source)
    rules = next((st for st in document.statements if isinstance(st, s.RulesDecl)), None)
    readings = _readings(reader, rules)
    number_cards = _number_cards(reader, rules)
    position = _position(reader, document.statements, number_cards)
    events = list(_events(reader, document.statements))
    scenario = Scenario(source.name, readings, position, events, document=document)
    for st in document.statements:
        if isinstance(st, s.RulebookDecl):
            scenario.rulebook = st
        elif isinstance(st, s.KnownErrorDecl):
            scenario.known_error = st
    return scenario, reader.diagnostics


def with_roles(event: TurnEvent, position: Position) -> tuple[Turn, list[tuple[str, Span, str]]]:
    """The turn with its blocks put in the chooser's and the splitter's places for the roles
    of ``position``; and the order problems found (message, span, hint)."""
    problems: list[tuple[str, Span, str]] = []
    splitter = position.name(position.splitter)
    chooser = position.name(position.chooser)
    turn = event.turn
    if turn.splitter is None and event.chooser in (splitter, chooser):
        # the record names the chooser: its opponent splits (checked by turn.splitter)
        other = position.name(
            1 - position.players.index(next(p for p in position.players if p.name == event.chooser))
        )
        turn = replace(turn, splitter=other)
    named_splitter = turn.splitter or splitter
    named_chooser = chooser if named_splitter == splitter else splitter
    chooser_phase, splitter_phase = Phase(), Phase()
    seen: list[str] = []
    for name, phase, span in event.phases:
        if name in seen:
            problems.append((f"{name}'s block is written twice in this turn", span,
                             f"put all of {name}'s actions in one block"))  # fmt: skip
            continue
        seen.append(name)
        if name == named_chooser:
            chooser_phase = phase
        elif name == named_splitter:
            if named_chooser not in seen and any(n == named_chooser for n, _, _ in event.phases):
                problems.append((
                    f"{name} splits and acts after {named_chooser}", span,
                    f"write {named_chooser}'s block (the chooser acts first) before {name}'s",
                ))  # fmt: skip
            splitter_phase = phase
    return replace(turn, chooser_actions=chooser_phase, splitter_actions=splitter_phase), problems
