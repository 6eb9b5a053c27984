"""The Ticket to Ride language's syntax nodes: what a file says, as written, with comments.

Every node is an immutable dataclass built on :class:`canaldsl.syntaxtree.Node`; spans are
kept for diagnostics and take no part in equality, so a file and its formatted version compare
equal exactly when they say the same thing with the same comments. Names (cities, colours,
players) are kept as written (:class:`~canaldsl.syntaxtree.Ref`): the analysis resolves them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.diagnostics import UNKNOWN_SPAN, Span
from canaldsl.syntaxtree import (
    ExpectIllegal,
    ExpectLegal,
    KnownErrorDecl,
    Node,
    Num,
    Ref,
    RulebookDecl,
)


@dataclass(frozen=True, slots=True)
class CardItem:
    """``2 red`` or ``locomotive`` (one card) in a list of cards; ``unknown`` among face-up
    cards."""

    count: Num | None
    kind: Ref

    @property
    def number(self) -> int:
        return 1 if self.count is None else self.count.value


@dataclass(frozen=True, slots=True)
class TicketRef:
    """``Denver-El Paso`` or ``Denver-El Paso 4`` (the value tells two tickets apart)."""

    pair: Ref
    points: Num | None = None


@dataclass(frozen=True, slots=True)
class TrackRef:
    """``Seattle-Portland``, ``Boston-New York red``, ``Atlanta-Raleigh grey 2``."""

    pair: Ref
    colour: Ref | None = None
    slot: Num | None = None


# ------------------------------------------------------------------ rules and board


@dataclass(frozen=True, kw_only=True, slots=True)
class OptionSetting(Node):
    """``option SWITCH = VALUE`` inside ``rules``."""

    name: Ref
    value: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayersSetting(Node):
    """``players N`` inside ``rules``."""

    count: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class RulesDecl(Node):
    """``rules ticket-to-ride`` with an optional block of settings."""

    name: Ref
    items: tuple[OptionSetting | PlayersSetting, ...] = ()
    block: bool = False
    footer: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class TitleItem(Node):
    title: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class TicketSetItem(Node):
    """``tickets 1910`` in ``board usa { ... }``: the 1910 tickets join the original ones."""

    year: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class CityItem(Node):
    """``city NAME [at LATITUDE LONGITUDE] [also SPELLING, ...]`` of a map of one's own."""

    name: Ref
    at: tuple[str, str] | None = None
    also: tuple[Ref, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class RouteItem(Node):
    """``route A-B LENGTH COLOUR [COLOUR]``: two colours make a double route."""

    pair: Ref
    length: Num
    colours: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class TicketItem(Node):
    """``ticket A-B POINTS`` of a map of one's own."""

    pair: Ref
    points: Num


BoardItem = TitleItem | TicketSetItem | CityItem | RouteItem | TicketItem


@dataclass(frozen=True, kw_only=True, slots=True)
class BoardDecl(Node):
    """``board usa``, ``board usa { tickets 1910 }`` or ``board "NAME" { ... }`` (a map)."""

    name: Ref
    quoted: bool = False
    items: tuple[BoardItem, ...] = ()
    block: bool = False
    footer: tuple[str, ...] = ()


# ------------------------------------------------------------------ the position


@dataclass(frozen=True, kw_only=True, slots=True)
class TrainsItem(Node):
    count: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class HandItem(Node):
    """``hand CARDS`` (known), ``hand N cards`` (size only), ``hand unknown`` or ``hand``
    (empty)."""

    cards: tuple[CardItem, ...] | None = None
    size: Num | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class TicketsItem(Node):
    """``tickets A-B, C-D`` (known), ``tickets N`` (how many), ``tickets unknown``,
    ``tickets none``."""

    tickets: tuple[TicketRef, ...] | None = None
    count: Num | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class RoutesItem(Node):
    """``routes A-B, C-D red, ...`` (the tracks a player has claimed) or ``routes none``."""

    tracks: tuple[TrackRef, ...] = ()


PlayerItem = TrainsItem | HandItem | TicketsItem | RoutesItem


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerDecl(Node):
    """``player COLOUR { ... }``: players are seated (and play) in the order written."""

    colour: Ref
    items: tuple[PlayerItem, ...] = ()
    footer: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class FaceUpDecl(Node):
    """``face-up red, 2 blue, unknown``: the face-up cards (``unknown``: one not seen)."""

    cards: tuple[CardItem, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class DeckDecl(Node):
    """``deck N``, ``deck order CARDS`` (from the top) or ``deck cards CARDS`` (contents)."""

    size: Num | None = None
    order: tuple[CardItem, ...] | None = None
    cards: tuple[CardItem, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class DiscardsDecl(Node):
    """``discards N``, ``discards cards CARDS`` or ``discards none``."""

    size: Num | None = None
    cards: tuple[CardItem, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class TicketDeckDecl(Node):
    """``ticket-deck N`` or ``ticket-deck order A-B, C-D`` (from the top)."""

    size: Num | None = None
    order: tuple[TicketRef, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ToMoveDecl(Node):
    player: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class LastRoundDecl(Node):
    """``last-round by red then blue, red``: who triggered it, who still plays, in order."""

    by: Ref
    then: tuple[Ref, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class GameOverDecl(Node):
    """``game-over``: the last round has been played."""


# ------------------------------------------------------------------ turns


@dataclass(frozen=True, kw_only=True, slots=True)
class CardDrawStep(Node):
    """``face-up blue [revealing green]`` or ``blind [red]``."""

    face_up: bool
    card: Ref | None = None
    revealing: tuple[Ref, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class DrawAction(Node):
    draws: tuple[CardDrawStep, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ClaimAction(Node):
    """``claim A-B [COLOUR [N]] [with CARDS]``."""

    track: TrackRef
    payment: tuple[CardItem, ...] | None = None
    payment_span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class TicketsAction(Node):
    """``[setup] tickets [drew A-B, C-D, E-F] keep A-B [return C-D, E-F]``, ``keep none
    return ...`` or ``keep N of M``."""

    setup: bool = False
    drew: tuple[TicketRef, ...] | None = None
    kept: tuple[TicketRef, ...] | None = None
    kept_count: tuple[Num, Num] | None = None
    returned: tuple[TicketRef, ...] = ()
    kept_span: Span = field(default=UNKNOWN_SPAN, compare=False)


Action = DrawAction | ClaimAction | TicketsAction


@dataclass(frozen=True, kw_only=True, slots=True)
class TurnDecl(Node):
    """``turn PLAYER ACTION`` or ``turn PLAYER { ACTION ... }``."""

    player: Ref
    actions: tuple[Action, ...]
    block: bool = False
    footer: tuple[str, ...] = ()


# ------------------------------------------------------------------ expectations, queries


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectScore(Node):
    """``expect score PLAYER N``: points on the score track (claimed routes)."""

    player: Ref
    points: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectTrains(Node):
    player: Ref
    count: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectWinner(Node):
    players: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectFinalScores(Node):
    scores: tuple[tuple[Ref, Num], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectCompleted(Node):
    """``expect completed PLAYER A-B, ...`` or ``... none``: exactly these tickets are
    complete."""

    player: Ref
    tickets: tuple[TicketRef, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectLastRound(Node):
    pass


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectGameOver(Node):
    pass


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectHand(Node):
    player: Ref
    cards: tuple[CardItem, ...] = ()


@dataclass(frozen=True, slots=True)
class AnswerPart:
    """One word of a query's answer: ``kind`` is word, number, pair, sep, yes, no or
    unique."""

    kind: str
    text: str
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class QueryDecl(Node):
    """``query KIND [A-B] [for PLAYER] [: ANSWER]``."""

    kind: Ref
    subject: Ref | None = None
    player: Ref | None = None
    answer: tuple[AnswerPart, ...] | None = None


Expectation = (
    ExpectLegal
    | ExpectIllegal
    | ExpectScore
    | ExpectTrains
    | ExpectWinner
    | ExpectFinalScores
    | ExpectCompleted
    | ExpectLastRound
    | ExpectGameOver
    | ExpectHand
)

Statement = (
    RulebookDecl
    | KnownErrorDecl
    | RulesDecl
    | BoardDecl
    | PlayerDecl
    | FaceUpDecl
    | DeckDecl
    | DiscardsDecl
    | TicketDeckDecl
    | ToMoveDecl
    | LastRoundDecl
    | GameOverDecl
    | TurnDecl
    | Expectation
    | QueryDecl
)


@dataclass(frozen=True, slots=True)
class Document:
    """A whole file: its statements in order, and the comments after the last one."""

    statements: tuple[Statement, ...]
    footer: tuple[str, ...] = ()


def replace_comments(st: Statement) -> Statement:
    """The statement without its comments (for quoting it in a report)."""
    from dataclasses import replace

    from canaldsl.syntaxtree import NO_COMMENTS

    return replace(st, comments=NO_COMMENTS)
