"""The Canal Grande language as written: one immutable node per statement, with spans.

Names (players, cards, districts, switches) are kept as written (:class:`Word`); they are
checked against the game when the file is read (:mod:`canaldsl.canalgrande.reading`), so a
misspelling is a "did you mean" diagnostic at its own line and column, not a syntax error.
A list of cards is a tuple of :class:`Item` (empty: written ``none``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.diagnostics import UNKNOWN_SPAN, Span


@dataclass(frozen=True)
class Word:
    """A word, name or number as written, and where."""

    text: str
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class Item:
    """One entry of a list: ``kind`` ``card`` (``2 San Marco``), ``unknown`` (``3 unknown``)
    or ``number`` (a number card of value ``text``); ``count`` None when none is written."""

    kind: str
    text: str
    count: int | None = None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


Items = tuple[Item, ...]


@dataclass(frozen=True)
class Option:
    """``option SWITCH = VALUE`` in the rules block."""

    name: Word
    value: Word
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class RulesDecl:
    """``rules canal-grande { option ...  number cards 5 ones, 5 twos, 4 threes }``."""

    name: Word
    options: tuple[Option, ...] = ()
    number_counts: tuple[tuple[int, Word], ...] | None = None
    numbers_span: Span = field(default=UNKNOWN_SPAN, compare=False)
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class PlayerField:
    """One line of a player block: ``hand``, ``numbers``, ``prizes`` (a list) or ``total``,
    ``doges`` (a number)."""

    key: str
    items: Items = ()
    value: int | None = None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class PlayerDecl:
    name: Word
    fields: tuple[PlayerField, ...] = ()
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class SplitterDecl:
    name: Word
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class WinnerDecl:
    """``winner NAME``: the game is already won (a position written after the win)."""

    name: Word
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class PileDecl:
    """``deck``, ``number deck`` or ``discards``: ``in order: ...``, ``: ...`` (contents),
    ``N cards`` or ``unknown``."""

    pile: str
    kind: str
    items: Items = ()
    size: int | None = None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class Offer:
    """``[card, card, number, ...]``."""

    items: Items
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class TableDecl:
    """``turned up: [...]`` or ``offers: [...] [...]``."""

    kind: str
    offers: tuple[Offer, ...]
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class RoundDecl:
    number: int
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class VoteStep:
    """``NAME plays CARDS`` (``cards`` set) or ``NAME passes`` (``cards`` None)."""

    player: Word
    cards: Items | None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class VoteBlock:
    """``vote [by NAME] [on DISTRICT] { steps }``: in a turn, a doge of the phase's player;
    on its own, a disputed vote called by ``by``'s doge."""

    by: Word | None
    on: Word | None
    steps: tuple[VoteStep, ...]
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class TraitorStmt:
    cards: Items
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class SpyStmt:
    cards: Items
    steals: Items | None = None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


ActionStmt = TraitorStmt | SpyStmt | VoteBlock


@dataclass(frozen=True)
class PhaseStmt:
    """``NAME { actions }``: one player's actions with the offer taken."""

    player: Word
    actions: tuple[ActionStmt, ...]
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class SplitStmt:
    player: Word | None
    offers: tuple[Offer, ...]
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class ChoiceStmt:
    player: Word
    offer: Word
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class RoundEndStmt:
    player: Word
    drawn: Items
    actions: tuple[ActionStmt, ...] = ()
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class TurnDecl:
    split: SplitStmt | None
    choice: ChoiceStmt
    phases: tuple[PhaseStmt, ...] = ()
    round_end: RoundEndStmt | None = None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class ExpectDecl:
    """``expect KIND ...``: ``legal``, ``illegal`` (``only``, ``words`` the rule ids),
    ``vote-winner``, ``vote-prize``, ``winner`` (a name, or none: ``words`` empty),
    ``prizes``/``hand`` (a player and a list), ``total`` (a player and ``number``)."""

    kind: str
    words: tuple[Word, ...] = ()
    items: Items | None = None
    number: int | None = None
    only: bool = False
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class AnswerPart:
    """One part of a query's claimed answer: ``winner NAME``, ``N cards``, ``value N``,
    ``district D``, ``yes``, ``no``, ``undecided``."""

    kind: str
    text: str = ""
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class QueryDecl:
    """``query vote [on D] for P``, ``query best-split [for OBJECTIVE]``,
    ``query can-win N for P``, each with an optional ``: ANSWER``."""

    kind: str
    player: Word | None = None
    district: Word | None = None
    objective: Word | None = None
    turns: int | None = None
    answer: tuple[AnswerPart, ...] | None = None
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class RulebookDecl:
    translation: Word
    section: Word
    example: Word
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True)
class KnownErrorDecl:
    reason: Word
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


Statement = (
    RulesDecl
    | PlayerDecl
    | SplitterDecl
    | WinnerDecl
    | PileDecl
    | TableDecl
    | RoundDecl
    | TurnDecl
    | VoteBlock
    | ExpectDecl
    | QueryDecl
    | RulebookDecl
    | KnownErrorDecl
)


@dataclass(frozen=True)
class Comment:
    text: str
    line: int
    column: int
    trailing: bool


@dataclass(frozen=True)
class Document:
    """A file's statements in order, and its comments (with where they are)."""

    statements: tuple[Statement, ...]
    comments: tuple[Comment, ...] = ()
