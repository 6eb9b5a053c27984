"""The syntax nodes every game's language shares: what was written, in order, with comments.

Game-independent. Every node is an immutable dataclass. Positions (``span``) are kept for
diagnostics but take no part in equality, so a file and its formatted version compare equal
exactly when they say the same thing with the same comments. A game's syntax tree
(``canaldsl.<game>.syntax``) builds its statements on :class:`Node` and uses these for what
every game writes alike: rulebook examples and the expectations on a turn's legality.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.diagnostics import UNKNOWN_SPAN, Span


@dataclass(frozen=True, slots=True)
class Comments:
    """Comments attached to a statement: whole lines before it, and one at the end of its line."""

    leading: tuple[str, ...] = ()
    trailing: str | None = None


NO_COMMENTS = Comments()


@dataclass(frozen=True, slots=True)
class Ref:
    """A word or name as written (a place, colour, card kind, hex label, ...)."""

    text: str
    span: Span = field(default=UNKNOWN_SPAN, compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Num:
    """A whole number as written."""

    value: int
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class Node:
    """Base of statements: a span and attached comments."""

    span: Span = field(default=UNKNOWN_SPAN, compare=False)
    comments: Comments = NO_COMMENTS


# ------------------------------------------------------------------ rulebook examples


@dataclass(frozen=True, kw_only=True, slots=True)
class RulebookDecl(Node):
    """``rulebook TRANSLATION section "TITLE" example ID``: a translation's worked example."""

    translation: Ref
    section: Ref
    example: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class KnownErrorDecl(Node):
    """``known-error "REASON"``: the example is known to contradict its own rulebook."""

    reason: Ref


# ------------------------------------------------------------------ expectations on a turn


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectLegal(Node):
    """``expect legal``: the turn just before breaks no rule."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectIllegal(Node):
    """``expect illegal [only] RULE-ID ...``: the turn just before breaks (at least) these
    rules; with ``only``, these rules and no other."""

    rules: tuple[Ref, ...]
    only: bool = False
