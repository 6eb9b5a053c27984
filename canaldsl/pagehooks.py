"""What a game gives the page of ``canaldsl serve``: highlighting, a palette, edits by click,
the solver's answers on request.

Game-independent. The page itself (:mod:`canaldsl.web`) is generic: verdicts, diagnostics,
turn notes, rules cited and final scores come from the hooks every game has (``check_source``,
``rule_book``, ``final_scores``). The values here are what the page-only hooks of
:class:`canaldsl.games.Game` return; :class:`canaldsl.games.BaseGame` gives each a default
(highlighting by :func:`scan_tokens` with the game's keywords, no palette, no edits, no
questions).

Offsets are in characters of the text (Python's code points); the page converts them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canaldsl.diagnostics import Span


@dataclass(frozen=True)
class Token:
    """A stretch of the text and its class for the highlighter (``kw``, ``name``, ``num``,
    ``str``, ``com``, ``hex``, ``kind``, ``who``, ``rule``, ``punct``)."""

    start: int
    end: int
    kind: str


TOKEN_CLASSES = ("kw", "name", "num", "str", "com", "hex", "kind", "who", "rule", "punct")
"""The classes a token may have: the page's stylesheet colours each."""


@dataclass(frozen=True)
class PaletteGroup:
    """One row of the page's palette: what a click sets (``tile``: the kind of the next tile,
    ``card``: a card added to the mover's hand), its label, and the choices."""

    name: str
    label: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class PaletteMode:
    """What a click on the picture means: the action sent (``PageEdit.action``), its label,
    and the attribute of the element clicked that names the target (the nearest element
    holding it: ``data-hex`` for a hex, ``data-name`` for a place, ``data-route`` ...)."""

    name: str
    label: str
    attribute: str


@dataclass(frozen=True)
class Palette:
    """What the page offers to set up a position by clicking: the groups of choices, and
    the modes a click on the picture can have (Canal Mania: ``tile``, add or remove a tile of
    the current turn's build; ``start``, start a canal at a place). Empty: no editing."""

    groups: tuple[PaletteGroup, ...] = ()
    modes: tuple[PaletteMode, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "groups": [
                {"name": g.name, "label": g.label, "choices": list(g.choices)} for g in self.groups
            ],
            "modes": [
                {"name": m.name, "label": m.label, "attribute": m.attribute} for m in self.modes
            ],
        }


@dataclass(frozen=True)
class PageEdit:
    """One click on the page: ``action`` (``tile``, ``start``, ``card``), ``target`` (a hex
    label, a place's name, a card kind) and the palette's current choice (``kind``: the tile
    kind, empty for the terrain's natural one)."""

    action: str
    target: str
    kind: str = ""


class EditRefused(ValueError):
    """A click that cannot change the text (no turn to add to, a hex nobody can build on):
    the message says why and what to do instead."""


@dataclass(frozen=True)
class PageQuestion:
    """A question the page can ask the game's solvers (``best-build``: Best build)."""

    name: str
    label: str


@dataclass(frozen=True)
class PageAnswer:
    """A solver's answer for the page: its lines, whether it is proven (``status``: OPTIMAL,
    UNKNOWN: the work budget was spent first, ...), and the picture of it, if drawn."""

    question: str
    lines: tuple[str, ...]
    status: str
    proven: bool
    picture: str | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "lines": list(self.lines),
            "status": self.status,
            "proven": self.proven,
            "picture": self.picture,
            **dict(self.facts),
        }


_SCAN = re.compile(
    r"""(?P<com>\#[^\n]*)
      | (?P<str>"(?:[^"\\\n]|\\.)*"?)
      | (?P<num>[+-]?[0-9]+(?![A-Za-z_]))
      | (?P<word>[A-Za-z_][A-Za-z0-9_'.-]*|[0-9][A-Za-z0-9_'.-]*)
      | (?P<punct>[^\sA-Za-z0-9_#"]+)""",
    re.VERBOSE,
)


def scan_tokens(
    text: str, *, keywords: frozenset[str], classify: Callable[[str], str | None] | None = None
) -> Iterator[Token]:
    """The text's tokens for highlighting, in order: comments, strings, numbers, punctuation,
    and words, each word ``kw`` when it is one of ``keywords``, else what ``classify`` says
    (None: a plain ``name``). A lexical scan that never fails, whatever the text."""
    for match in _SCAN.finditer(text):
        kind = match.lastgroup
        assert kind is not None
        if kind == "word":
            word = match.group()
            if word in keywords:
                kind = "kw"
            else:
                kind = (classify(word) if classify is not None else None) or "name"
        yield Token(match.start(), match.end(), kind)


__all__ = [
    "TOKEN_CLASSES",
    "EditRefused",
    "PageAnswer",
    "PageEdit",
    "PageQuestion",
    "Palette",
    "PaletteGroup",
    "PaletteMode",
    "Token",
    "scan_tokens",
]


class TextSpans:
    """A text with its line starts, to turn a syntax node's span (1-based lines and columns)
    into offsets and to edit the text there: the one helper every game's click edits use."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self.starts.append(index + 1)

    def offset(self, line: int, column: int) -> int:
        return min(self.starts[min(line, len(self.starts)) - 1] + column - 1, len(self.text))

    def start(self, span: Span) -> int:
        return self.offset(span.line, span.column)

    def end(self, span: Span) -> int:
        return self.offset(span.end_line, span.end_column)

    def of(self, span: Span) -> str:
        return self.text[self.start(span) : self.end(span)]

    def line_start(self, offset: int) -> int:
        return self.text.rfind("\n", 0, offset) + 1

    def line_end(self, offset: int) -> int:
        end = self.text.find("\n", offset)
        return len(self.text) if end < 0 else end + 1

    def replace(self, span: Span, new: str) -> str:
        return self.text[: self.start(span)] + new + self.text[self.end(span) :]

    def insert(self, offset: int, new: str) -> str:
        return self.text[:offset] + new + self.text[offset:]
