"""Which board a file plays on: a built-in board, an included one, or its own."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from pathlib import Path

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis_boarddecl import BoardDeclAnalysis
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import (
    Edition,
)
from canaldsl.diagnostics import Diagnostic, SourceText
from canaldsl.limits import file_too_large, read_bounded, text_limit_problems


class BoardAnalysis(BoardDeclAnalysis):
    """The ``board`` statement: by name, by include, or declared in the file."""

    def board(self, statements: Sequence[s.Statement], edition: Edition) -> Board | None:
        decls = [st for st in statements if isinstance(st, s.BoardDecl)]
        for extra in decls[1:]:
            self.error("E314", "a file has at most one board", extra.span)
        if not decls:
            return None
        decl = decls[0]
        if decl.items is not None:
            return self.board_from_decl(decl)
        if decl.path is not None:
            return self.included_board(decl.path)
        assert decl.name is not None
        name = decl.name.text
        if name == "england":
            name = "england-1st" if edition is Edition.FIRST else "england-2nd"
        if name not in BUILTIN_BOARDS:
            self._board_failed = True
            self.unknown("E203", "built-in board", decl.name, ["england", *BUILTIN_BOARDS])
            return None
        board, diagnostics = _builtin_board(name)
        self.diagnostics.extend(d for d in diagnostics if d.is_error)
        if board is None:
            self._board_failed = True
        return board

    def included_board(self, ref: s.Ref) -> Board | None:
        from canaldsl.canalmania.parser import parse_document

        self._board_failed = True
        base = (self.path.parent if self.path is not None else Path.cwd()).resolve()
        relative = Path(ref.text)
        if relative.is_absolute() or ref.text.startswith(("/", "\\")):
            self.error(
                "E311",
                "a board file is named by a path relative to this file, not an absolute path",
                ref.span,
            )
            return None
        target = base / relative
        try:
            resolved = target.resolve(strict=True)
        except (OSError, RuntimeError):
            self.error("E312", f"board file {ref.text!r} not found", ref.span)
            return None
        if not resolved.is_relative_to(base) or not os.path.normpath(base / relative).startswith(
            str(base)
        ):
            self.error(
                "E311",
                f"board file {ref.text!r} lies outside this file's folder",
                ref.span,
                hint="keep shared boards in this folder or below it",
            )
            return None
        if not resolved.is_file():
            self.error("E312", f"board file {ref.text!r} is not a file", ref.span)
            return None
        try:
            data = read_bounded(resolved)
            if data is None:
                folder = os.path.dirname(self.source.name)
                shown = os.path.normpath(os.path.join(folder, ref.text))
                self.diagnostics.append(file_too_large(shown))
                return None
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            self.error("E101", f"board file {ref.text!r} is not UTF-8 text", ref.span)
            return None
        except OSError as exc:
            self.error("E100", f"board file {ref.text!r} cannot be read: {exc.strerror}", ref.span)
            return None
        display = os.path.normpath(os.path.join(os.path.dirname(self.source.name), ref.text))
        too_large = text_limit_problems(SourceText(text, display))
        if too_large:
            self.diagnostics.extend(too_large)
            return None
        document, diagnostics = parse_document(text, filename=display)
        self.diagnostics.extend(diagnostics)
        if document is None:
            return None
        boards = [st for st in document.statements if isinstance(st, s.BoardDecl)]
        others = [st for st in document.statements if not isinstance(st, s.BoardDecl)]
        if len(boards) != 1 or boards[0].items is None or others:
            self.error(
                "E313",
                f"board file {ref.text!r} must hold exactly one `board NAME {{ ... }}` and "
                "nothing else",
                ref.span,
            )
            return None
        inner = _BoardReader(document, SourceText(text, display), resolved)
        board = inner.board_from_decl(boards[0])
        self.diagnostics.extend(inner.diagnostics)
        self.broken_contracts |= inner.broken_contracts
        if board is not None and not any(d.is_error for d in inner.diagnostics):
            self._board_failed = False
        return board


BUILTIN_BOARDS = {
    "england-1st": "england-1st.canal",
    "england-2nd": "england-2nd.canal",
}
"""Built-in boards by name; ``england`` means the board of the file's edition."""


class _BoardReader(BoardDeclAnalysis):
    """Only the board part of the analysis: what reading a built-in board needs."""


def builtin_board_path(filename: str) -> Path:
    return Path(__file__).resolve().parent / "boards" / filename


@functools.cache
def _builtin_board(name: str) -> tuple[Board | None, tuple[Diagnostic, ...]]:
    from canaldsl.canalmania.parser import parse_document

    path = builtin_board_path(BUILTIN_BOARDS[name])
    text = path.read_text(encoding="utf-8")
    document, diagnostics = parse_document(text, filename=f"<builtin>/{path.name}")
    if document is None:
        return None, tuple(diagnostics)
    analyser = _BoardReader(document, SourceText(text, f"<builtin>/{path.name}"), None)
    # contract values of the built-in boards are checked by tests/test_board_england.py
    board = analyser.board_from_decl(_only_board(document), check_values=False)
    return board, tuple(analyser.diagnostics)


def builtin_board(name: str) -> Board:
    """A built-in board by name (``england-1st`` or ``england-2nd``)."""
    board, diagnostics = _builtin_board(name)
    if board is None or any(d.is_error for d in diagnostics):
        raise RuntimeError(f"the built-in board {name} does not load: {diagnostics[:1]}")
    return board


def _only_board(document: s.Document) -> s.BoardDecl:
    boards = [st for st in document.statements if isinstance(st, s.BoardDecl)]
    return boards[0]
