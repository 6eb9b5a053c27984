"""A turn ("giro") as typed values: the split, the choice, each action, each vote.

Every step carries the :class:`~canaldsl.diagnostics.Span` of the text it was read from, so a
broken rule is reported at its line and column (the language fills the spans in; tests give
them directly; :data:`~canaldsl.diagnostics.UNKNOWN_SPAN` when there is no text).

A vote is the sequence of its plays and passes. A play lists the cards put down in the order
they were put down: cards of the vote's district, and for each reinforcement a gondola
followed by cards of one other district (the text's worked example, as one play:
``SAN_MARCO x1, GONDOLA, CASTELLO x1``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District, NumberCard
from canaldsl.canalgrande.position import Offer
from canaldsl.diagnostics import UNKNOWN_SPAN, Span

MAX_COUNT = 52
"""The most cards one step may name at once (the game has 52 action cards)."""


class TurnError(ValueError):
    """A step that cannot even be stated: a count of zero cards, a negative offer number."""


@dataclass(frozen=True)
class OfferCards:
    """One offer of a split as written: its action cards and its number cards."""

    actions: tuple[Card, ...] = ()
    numbers: tuple[NumberCard, ...] = ()
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)

    def offer(self) -> Offer:
        return Offer(Bag.of(self.actions), Bag.of(self.numbers))


@dataclass(frozen=True)
class Split:
    """The splitter's offers (the rules want exactly two)."""

    offers: tuple[OfferCards, ...]
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class Choice:
    """The chooser takes offer ``offer`` (0: the first offer of the split, 1: the second)."""

    offer: int
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class TraitorAction:
    """A traitor used: ``card`` is the card taken from the opponent's hand (None: none)."""

    card: Card | None
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class Steal:
    """A card taken from the opponent's hand for a traitor a spy drew."""

    card: Card
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class SpyAction:
    """A spy used: the action cards drawn for it in the order drawn (replacements for
    traitors included), and the cards taken from the opponent for traitors drawn."""

    drawn: tuple[Card, ...]
    steals: tuple[Steal, ...] = ()
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class Placed:
    """``count`` copies of ``card`` put down in a vote, one after the other."""

    card: Card
    count: int = 1
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_COUNT:
            raise TurnError(f"a vote puts down 1 to {MAX_COUNT} cards at once, not {self.count}")


@dataclass(frozen=True)
class Play:
    """One raise in a vote by ``player``: the cards put down, in order."""

    player: str
    cards: tuple[Placed, ...]
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class Pass:
    """``player`` does not (or cannot) raise: the vote ends."""

    player: str
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


Step = Play | Pass


@dataclass(frozen=True)
class Vote:
    """The vote one doge calls. ``challenger`` None with no steps: the doge is discarded
    because neither player holds a district card. ``district`` None: the district of the
    challenger's first card."""

    challenger: str | None
    steps: tuple[Step, ...] = ()
    district: District | None = None
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)

    @property
    def vote_district(self) -> District | None:
        """The district voted on: the one named, else that of the first card put down."""
        if self.district is not None:
            return self.district
        for step in self.steps:
            if isinstance(step, Play):
                for placed in step.cards:
                    if placed.card.district is not None:
                        return placed.card.district
                return None
        return None


Action = TraitorAction | SpyAction | Vote


@dataclass(frozen=True)
class Phase:
    """One player's actions with the offer taken, in the order done."""

    actions: tuple[Action, ...] = ()
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class RoundEndDraw:
    """The lower total's advantage at a round's end: the action cards drawn in order (doges
    drawn are discarded and replaced, so they are in the list), then the actions of the
    spies and traitors among them (and of doges their spies drew). ``player`` None: the
    drawer is not named (the engine knows who it must be)."""

    drawn: tuple[Card, ...]
    actions: tuple[Action, ...] = ()
    player: str | None = None
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


@dataclass(frozen=True)
class Turn:
    """A whole turn. ``split`` None: the position already holds the offers. ``splitter``
    names who splits, when the record says so (checked)."""

    split: Split | None
    choice: Choice
    chooser_actions: Phase = field(default_factory=Phase)
    splitter_actions: Phase = field(default_factory=Phase)
    round_end: RoundEndDraw | None = None
    splitter: str | None = None
    span: Span = field(default=UNKNOWN_SPAN, kw_only=True, compare=False)


def cards_of(play: Play) -> Bag[Card]:
    """Every card a play puts down."""
    counts: dict[Card, int] = {}
    for placed in play.cards:
        counts[placed.card] = counts.get(placed.card, 0) + placed.count
    return Bag(counts)
