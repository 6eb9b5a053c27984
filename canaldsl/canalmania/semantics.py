"""Meaning: from a syntax tree to a checked board, rules and position, with every problem found.

:func:`analyse` never stops at the first problem: it reports every diagnostic it can, each with
its stable code (see :mod:`canaldsl.canalmania.codes`), and builds as much of the model as the
input allows. Whether a proposed turn is legal is not decided here but by the rules engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis import (
    EXPECTATIONS,
    POSITION_STATEMENTS,
    RulebookExample,
)
from canaldsl.canalmania.analysis_board import (
    BoardAnalysis,
)
from canaldsl.canalmania.analysis_events import EventAnalysis
from canaldsl.canalmania.analysis_position import (
    PositionAnalysis,
)
from canaldsl.canalmania.analysis_rules import RulesAnalysis
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.position import Position, Rules
from canaldsl.diagnostics import Diagnostic, SourceText


@dataclass(frozen=True)
class Scenario:
    """A checked file: its syntax, rules, board and starting position.

    ``events`` are the turns, expectations and queries in file order; the rules engine plays
    them. ``warnings`` are diagnostics that do not stop the file from being understood. A file
    that starts with ``rulebook X`` has ``rulebook`` set, and its rules are X's profile.
    """

    document: s.Document
    rules: Rules
    board: Board | None
    position: Position | None
    warnings: tuple[Diagnostic, ...]
    rulebook: RulebookExample | None = None

    @property
    def filename(self) -> str:
        return self.document.filename

    @property
    def events(self) -> tuple[s.TurnDecl | s.Expectation | s.QueryDecl, ...]:
        kinds = (s.TurnDecl, s.QueryDecl, *EXPECTATIONS)
        return tuple(st for st in self.document.statements if isinstance(st, kinds))

    @property
    def final_deliveries(self) -> s.FinalDeliveriesDecl | None:
        """The final deliveries as written (the file's ``final deliveries`` block), if any."""
        for st in self.document.statements:
            if isinstance(st, s.FinalDeliveriesDecl):
                return st
        return None

    def __repr__(self) -> str:
        parts = [self.rules.edition.value]
        if self.board is not None:
            parts.append(f"board {self.board.name}")
        if self.position is not None:
            parts.append(f"{len(self.position.players)} players")
        turns = sum(1 for e in self.events if isinstance(e, s.TurnDecl))
        parts.append(f"{turns} turn{'s' if turns != 1 else ''}")
        return f"<Scenario {self.filename}: {', '.join(parts)}>"

    def _repr_svg_(self) -> str | None:
        """The position drawn with the file's turns on top, for notebooks (None without a
        board). The drawing is found through :data:`NOTEBOOK_PICTURE` on first use."""
        if self.board is None:
            return None
        return notebook_picture()(self)


NOTEBOOK_PICTURE = "canaldsl.canalmania.picture:notebook_svg"
"""The function (``module:attribute``, as an entry point names it) that draws a scenario for a
notebook. The language layer names the pictures layer here and imports it only when a notebook
asks for a picture: no module of the language imports a picture module, and importing the
package does not import the drawing library."""


def notebook_picture() -> Callable[[Scenario], str]:
    """The function named by :data:`NOTEBOOK_PICTURE`, imported."""
    module, _, attribute = NOTEBOOK_PICTURE.partition(":")
    found: Callable[[Scenario], str] = getattr(importlib.import_module(module), attribute)
    return found


def analyse(
    document: s.Document, source: SourceText, *, path: Path | None = None
) -> tuple[Scenario, list[Diagnostic]]:
    """Check a parsed file and build its model; returns it with every diagnostic found."""
    analyser = _Analyser(document, source, path)
    scenario = analyser.run()
    return scenario, analyser.diagnostics


class _Analyser(RulesAnalysis, BoardAnalysis, PositionAnalysis, EventAnalysis):
    """The whole analysis of one file: its parts, in order."""

    # ------------------------------------------------------------ whole file
    def run(self) -> Scenario:
        statements = self.document.statements
        rules = self.rules(statements)
        board = self.board(statements, rules.edition)
        needs_position = any(isinstance(st, POSITION_STATEMENTS) for st in statements)
        needs_board = needs_position or any(
            isinstance(st, (s.TurnDecl, s.FinalDeliveriesDecl, s.QueryDecl, *EXPECTATIONS))
            for st in statements
        )
        position = None
        if board is None and needs_board and not self._board_failed:
            first = next(
                st
                for st in statements
                if isinstance(
                    st,
                    (
                        *POSITION_STATEMENTS,
                        s.TurnDecl,
                        s.FinalDeliveriesDecl,
                        s.QueryDecl,
                        *EXPECTATIONS,
                    ),
                )
            )
            self.error(
                "E316",
                "this file describes a game but names no board",
                first.span,
                hint="add `board england` (the built-in board) or a board of your own",
            )
        if board is not None and needs_position:
            position = self.position(statements, rules, board)
        if board is not None:
            self.events(statements, rules, board, position)
        elif needs_board and not needs_position:
            pass
        warnings = tuple(d for d in self.diagnostics if not d.is_error)
        return Scenario(
            document=self.document,
            rules=rules,
            board=board,
            position=position,
            warnings=warnings,
            rulebook=self.rulebook_example,
        )
