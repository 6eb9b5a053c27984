"""Meaning: from a syntax tree to a checked board, rules and position, with every problem found.

:func:`analyse` never stops at the first problem: it reports every diagnostic it can, each with
its stable code (see :mod:`canaldsl.canalmania.codes`), and builds as much of the model as the
input allows. Whether a proposed turn is legal is not decided here but by the rules engine.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board, Contract, Place, make_board
from canaldsl.canalmania.components import (
    DISPLAY_SIZE,
    ENGINEERS,
    HAND_LIMIT,
    JUNCTION_VALUE,
    MAX_OPEN_CONTRACTS,
    PARLIAMENT_SIZE,
    PLACE_COLOURS,
    PLAYER_COLOURS,
    TERRAIN_TILES,
    TILES_PER_PLAYER,
    WILD_SYMBOL,
    CardKind,
    Edition,
    PlaceKind,
    Terrain,
    TileKind,
    facts,
)
from canaldsl.canalmania.options import SWITCHES, resolve
from canaldsl.canalmania.position import JUNCTION, Canal, Card, Player, Position, Rules, Tile
from canaldsl.canalmania.profiles import PROFILES, Profile
from canaldsl.diagnostics import Diagnostic, Severity, SourceText, Span, did_you_mean
from canaldsl.hexgrid import Hex
from canaldsl.limits import file_too_large, read_bounded, text_limit_problems

BUILTIN_BOARDS = {
    "england-1st": "england-1st.canal",
    "england-2nd": "england-2nd.canal",
}
"""Built-in boards by name; ``england`` means the board of the file's edition."""

DEFAULT_EDITION = Edition.SECOND

MAP_TERRAIN = {".": Terrain.CLEAR, "^": Terrain.DIFFICULT, "~": Terrain.SEA}
NO_HEX = "-"

MAX_GRID_SIDE = 100
"""The most columns or rows a board may have (E318); England is about 20 by 30."""
MAX_VIA_PLACES = 12
"""The most via places one contract may name (E319). The printed contracts name at most two;
the solvers order the via places by a dynamic programme over their subsets (2^k), measured
fast enough at this limit on the largest board (README, Robustness)."""
MAX_PILE_CARDS = 200
"""The most cards a deck, discard pile or contract deck may hold (E428); the game has about 77
build cards and 30 contracts."""


@dataclass(frozen=True)
class RulebookExample:
    """What a ``rulebook`` statement says: the file is a worked example of that translation.

    ``known_error`` is the reason given by ``known-error``: the example is known to contradict
    its own rulebook (so a failed expectation is expected).
    """

    translation: str
    section: str
    example: str
    known_error: str | None = None


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
        kinds = (s.TurnDecl, s.QueryDecl, *_EXPECTATIONS)
        return tuple(st for st in self.document.statements if isinstance(st, kinds))

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


_EXPECTATIONS = (
    s.ExpectLegal,
    s.ExpectIllegal,
    s.ExpectScore,
    s.ExpectHand,
    s.ExpectSupply,
    s.ExpectCubes,
    s.ExpectBasin,
    s.ExpectWinner,
    s.ExpectFinalScores,
)

_POSITION_STATEMENTS = (
    s.PlayerDecl,
    s.ParliamentDecl,
    s.ContractDeckDecl,
    s.DisplayDecl,
    s.DeckDecl,
    s.DiscardPileDecl,
    s.CubesDecl,
    s.BasinDecl,
    s.EngineersAsideDecl,
    s.NowDecl,
    s.RoundDecl,
    s.EndgameDecl,
)


_E = TypeVar("_E", CardKind, TileKind, Terrain)


def _article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


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
    analyser = _Analyser(document, SourceText(text, f"<builtin>/{path.name}"), None)
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


def analyse(
    document: s.Document, source: SourceText, *, path: Path | None = None
) -> tuple[Scenario, list[Diagnostic]]:
    """Check a parsed file and build its model; returns it with every diagnostic found."""
    analyser = _Analyser(document, source, path)
    scenario = analyser.run()
    return scenario, analyser.diagnostics


class _Analyser:
    def __init__(self, document: s.Document, source: SourceText, path: Path | None) -> None:
        self.document = document
        self.source = source
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        # Contracts declared with an error: already reported, so later uses stay quiet.
        self.broken_contracts: set[str] = set()

    # ------------------------------------------------------------ reporting
    def error(self, code: str, message: str, span: Span, *, hint: str | None = None) -> None:
        self.diagnostics.append(self.source.diagnostic(code, message, span, hint=hint))

    def warn(self, code: str, message: str, span: Span, *, hint: str | None = None) -> None:
        self.diagnostics.append(
            self.source.diagnostic(code, message, span, severity=Severity.WARNING, hint=hint)
        )

    def unknown(self, code: str, what: str, ref: s.Ref, candidates: Iterable[str]) -> None:
        guess = did_you_mean(ref.text, candidates)
        self.error(
            code,
            f"unknown {what} {ref.text!r}",
            ref.span,
            hint=f"did you mean {guess!r}?" if guess else None,
        )

    # ------------------------------------------------------------ whole file
    def run(self) -> Scenario:
        statements = self.document.statements
        rules = self.rules(statements)
        board = self.board(statements, rules.edition)
        needs_position = any(isinstance(st, _POSITION_STATEMENTS) for st in statements)
        needs_board = needs_position or any(
            isinstance(st, (s.TurnDecl, s.QueryDecl, *_EXPECTATIONS)) for st in statements
        )
        position = None
        if board is None and needs_board and not self._board_failed:
            first = next(
                st
                for st in statements
                if isinstance(st, (*_POSITION_STATEMENTS, s.TurnDecl, s.QueryDecl, *_EXPECTATIONS))
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

    # ------------------------------------------------------------ rulebook scenarios
    rulebook_example: RulebookExample | None = None

    def rulebook(self, statements: Sequence[s.Statement]) -> Profile | None:
        """The profile a ``rulebook`` statement names (E601-E603, E606), or None."""
        decls = [st for st in statements if isinstance(st, s.RulebookDecl)]
        errors = [st for st in statements if isinstance(st, s.KnownErrorDecl)]
        for repeated in errors[1:]:
            self.error("E317", "a file gives at most one `known-error`", repeated.span)
        if not decls:
            for lone in errors[:1]:
                self.error(
                    "E606",
                    "`known-error` marks a rulebook example, but this file has no `rulebook` "
                    "statement",
                    lone.span,
                    hint='start the file with `rulebook TRANSLATION section "..." example ID`',
                )
            return None
        decl = decls[0]
        for again in decls[1:]:
            self.error("E603", "a file is the example of one rulebook only", again.span)
        if statements[0] is not decl:
            self.error(
                "E602",
                "the `rulebook` statement must come first (comments may precede it)",
                decl.span,
            )
        found = PROFILES.get(decl.translation.text)
        if found is None:
            self.unknown("E601", "rulebook translation", decl.translation, PROFILES)
            return None
        self.rulebook_example = RulebookExample(
            translation=found.translation,
            section=decl.section.text,
            example=decl.example.text,
            known_error=errors[0].reason.text if errors else None,
        )
        return found

    # ------------------------------------------------------------ rules
    def rules(self, statements: Sequence[s.Statement]) -> Rules:
        """The file's rules; under ``rulebook X``, X's edition and switches (E604, E605)."""
        stated = self.rulebook(statements)
        decls = [st for st in statements if isinstance(st, s.RulesDecl)]
        for extra in decls[1:]:
            self.error("E315", "a file has at most one `rules` statement", extra.span)
        if not decls:
            if stated is not None:
                return Rules(edition=stated.edition, players=None, options=stated.options)
            return Rules(
                edition=DEFAULT_EDITION, players=None, options=resolve(DEFAULT_EDITION, {})
            )
        decl = decls[0]
        edition = Edition(decl.edition.text)
        if stated is not None and edition is not stated.edition:
            self.error(
                "E604",
                f"the {stated.language} rulebook is the {stated.edition.value}, not the "
                f"{edition.value}",
                decl.edition.span,
                hint=f"write `rules {stated.edition.value}`, or leave the edition to the "
                "rulebook statement",
            )
            edition = stated.edition
        players: int | None = None
        settings: dict[str, str] = {}
        shift = 0
        for item in decl.items or ():
            if isinstance(item, s.EndMarkSetting):
                shift = self.end_mark_shift(item, edition, shift)
            elif isinstance(item, s.PlayersSetting):
                players = item.count.value
                edition_facts = facts(edition)
                if not edition_facts.min_players <= players <= edition_facts.max_players:
                    self.error(
                        "E416",
                        f"the {edition.value} is for {edition_facts.min_players} to "
                        f"{edition_facts.max_players} players, not {players}",
                        item.count.span,
                    )
            else:
                switch = SWITCHES.get(item.name.text)
                if switch is None:
                    self.unknown("E205", "rules option", item.name, SWITCHES)
                    continue
                if item.value.text not in switch.values:
                    self.error(
                        "E206",
                        f"option {switch.name} takes {' or '.join(switch.values)}, "
                        f"not {item.value.text!r}",
                        item.value.span,
                    )
                    continue
                if stated is not None and item.value.text != stated.options[switch.name]:
                    self.error(
                        "E605",
                        f"the {stated.language} text reads {switch.name} = "
                        f"{stated.options[switch.name]}; a rulebook example is checked as its "
                        "text states the rules",
                        item.value.span,
                        hint="remove this option, or remove the `rulebook` statement to try "
                        "another reading",
                    )
                    continue
                settings[switch.name] = item.value.text
        options = stated.options if stated is not None else resolve(edition, settings)
        return Rules(edition=edition, players=players, options=options, end_mark_shift=shift)

    def end_mark_shift(self, item: s.EndMarkSetting, edition: Edition, shift: int) -> int:
        """The shift an ``end-mark`` line gives (E431, E432); ``shift`` when it is refused."""
        value = item.shift.value
        if shift:
            self.error("E431", "the end mark is moved once, by one `end-mark` line", item.span)
            return shift
        if edition is not Edition.SECOND:
            self.error(
                "E432",
                "only the 2nd edition lets the players move the end mark (a variable game length)",
                item.span,
            )
            return shift
        lowest = min(facts(edition).end_threshold.values())
        if value % 10 or value == 0 or value <= -lowest:
            self.error(
                "E431",
                f"the end mark moves in steps of 10 points and stays above 0, not by {value:+d}",
                item.shift.span,
                hint="write end-mark +10 for a longer game, end-mark -10 for a shorter one",
            )
            return shift
        return value

    # ------------------------------------------------------------ board
    _board_failed = False

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
        inner = _Analyser(document, SourceText(text, display), resolved)
        board = inner.board_from_decl(boards[0])
        self.diagnostics.extend(inner.diagnostics)
        self.broken_contracts |= inner.broken_contracts
        if board is not None and not any(d.is_error for d in inner.diagnostics):
            self._board_failed = False
        return board

    def hex_ref(self, ref: s.Ref) -> Hex | None:
        try:
            return Hex.parse(ref.text)
        except ValueError as exc:
            self.error("E306", str(exc), ref.span)
            return None

    def board_size_allowed(
        self, extent: tuple[int, int] | None, items: Sequence[s.BoardItem]
    ) -> bool:
        """False (after E318) when the grid or the map is wider or taller than MAX_GRID_SIDE."""
        sizes: list[tuple[tuple[int, int], Span]] = []
        if extent is not None:
            sizes += [(extent, i.span) for i in items if isinstance(i, s.GridDecl)][:1]
        for map_decl in (i for i in items if isinstance(i, s.MapDecl)):
            width = max((len(row.cells) for row in map_decl.rows), default=0)
            sizes.append(((width, len(map_decl.rows)), map_decl.span))
        for (columns, rows), span in sizes:
            if columns > MAX_GRID_SIDE or rows > MAX_GRID_SIDE:
                self.error(
                    "E318",
                    f"a board of {columns} by {rows} hexes is larger than {MAX_GRID_SIDE} by "
                    f"{MAX_GRID_SIDE}",
                    span,
                )
                return False
        return True

    def board_from_decl(self, decl: s.BoardDecl, *, check_values: bool = True) -> Board | None:
        items = decl.items or ()
        title = next((i.title for i in items if isinstance(i, s.TitleDecl)), "")
        name = decl.name.text if decl.name else "board"
        extent: tuple[int, int] | None = None
        grids = [i for i in items if isinstance(i, s.GridDecl)]
        for grid in grids[1:]:
            self.error("E317", "the grid size is given twice", grid.span)
        if grids:
            extent = (grids[0].columns.value, grids[0].rows.value)
        if not self.board_size_allowed(extent, items):
            return None
        terrain: dict[Hex, Terrain] = {}
        declared_at: dict[Hex, Span] = {}
        marks: dict[str, tuple[Hex, Span]] = {}
        map_decls = [i for i in items if isinstance(i, s.MapDecl)]
        for extra in map_decls[1:]:
            self.error("E317", "a board has at most one map", extra.span)
        mark_decls = {
            i.mark.text: i for i in items if isinstance(i, s.PlaceDecl) and i.mark is not None
        }
        if map_decls:
            width = 0
            for row_index, row in enumerate(map_decls[0].rows):
                col = 0
                for cell, column in zip(row.cells, row.columns, strict=True):
                    span = Span(row.span.line, column, row.span.line, column + len(cell))
                    hex = Hex(col, row_index)
                    if len(cell) != 1:
                        self.error(
                            "E120",
                            f"map cell {cell!r} is not one character",
                            span,
                            hint="separate cells with spaces: . clear, ^ difficult, ~ sea, "
                            "- no hex, or a place's key",
                        )
                    elif cell == NO_HEX:
                        pass
                    elif cell in MAP_TERRAIN:
                        terrain[hex] = MAP_TERRAIN[cell]
                        declared_at[hex] = span
                    elif cell in mark_decls:
                        if cell in marks:
                            self.error(
                                "E214",
                                f"map key {cell!r} is used twice; each place has one hex",
                                span,
                            )
                        else:
                            marks[cell] = (hex, span)
                            terrain[hex] = Terrain.CLEAR
                            declared_at[hex] = span
                    else:
                        self.unknown("E212", "map key", s.Ref(cell, span), list(mark_decls))
                    col += 1
                width = max(width, col)
            if extent is None:
                extent = (width, len(map_decls[0].rows))

        def on_grid(hex: Hex) -> bool:
            return extent is None or (hex.col < extent[0] and hex.row < extent[1])

        if grids and not map_decls:
            for c in range(extent[0] if extent else 0):
                for r in range(extent[1] if extent else 0):
                    terrain.setdefault(Hex(c, r), Terrain.CLEAR)
        explicit_hexes: set[Hex] = set()
        for item in items:
            if isinstance(item, s.HexDecl):
                declared = self.hex_ref(item.hex)
                if declared is None:
                    continue
                hex = declared
                kind = self._member(Terrain, item.terrain, "E211", "terrain")
                if kind is None:
                    continue
                if not on_grid(hex):
                    self.error("E303", f"hex {hex} is off the grid", item.hex.span)
                    continue
                if hex in declared_at or hex in explicit_hexes:
                    self.error(
                        "E302",
                        f"hex {hex} is described twice",
                        item.hex.span,
                        hint="describe each hex once, in the map or in a `hex` line",
                    )
                    continue
                explicit_hexes.add(hex)
                terrain[hex] = kind
        places: dict[str, Place] = {}
        place_spans: dict[str, Span] = {}
        occupied: dict[Hex, str] = {}
        for item in items:
            if not isinstance(item, s.PlaceDecl):
                continue
            name_text = item.name.text
            colour = item.colour.text
            if colour not in PLACE_COLOURS:
                self.unknown("E207", "place colour", item.colour, PLACE_COLOURS)
            if name_text in places:
                self.error("E301", f"place {name_text!r} is declared twice", item.name.span)
                continue
            if item.hex is not None:
                at = self.hex_ref(item.hex)
                if at is None:
                    continue
                hex = at
                where = item.hex.span
                if not on_grid(hex) or (map_decls and hex not in terrain):
                    self.error("E303", f"place {name_text!r} is off the grid at {hex}", where)
                    continue
                if terrain.get(hex) is Terrain.SEA:
                    self.error("E305", f"place {name_text!r} is on a sea hex ({hex})", where)
                    continue
                terrain.setdefault(hex, Terrain.CLEAR)
            else:
                assert item.mark is not None
                if item.mark.text not in marks:
                    if not map_decls:
                        self.error(
                            "E213",
                            f"place {name_text!r} is marked {item.mark.text!r} but the board "
                            "has no map",
                            item.mark.span,
                        )
                    else:
                        self.error(
                            "E213",
                            f"map key {item.mark.text!r} does not appear on the map",
                            item.mark.span,
                        )
                    continue
                hex, where = marks[item.mark.text]
            if hex in occupied:
                self.error(
                    "E304",
                    f"places {occupied[hex]!r} and {name_text!r} are both on {hex}",
                    item.name.span,
                )
                continue
            occupied[hex] = name_text
            places[name_text] = Place(
                name=name_text,
                kind=PlaceKind(item.kind),
                colour=colour if colour in PLACE_COLOURS else PLACE_COLOURS[0],
                hex=hex,
            )
            place_spans[name_text] = item.name.span
        contracts: dict[str, Contract] = {}
        contract_spans: dict[str, s.ContractDecl] = {}
        for item in items:
            if not isinstance(item, s.ContractDecl):
                continue
            ok = True
            if item.name.text in contracts:
                self.error("E307", f"contract {item.name.text!r} is declared twice", item.name.span)
                continue
            refs = [item.first, item.second, *item.via]
            for ref in refs:
                if ref.text not in places:
                    self.unknown("E201", "place", ref, places)
                    ok = False
            seen: set[str] = set()
            for ref in refs:
                if ref.text in seen:
                    self.error("E308", f"contract names {ref.text!r} more than once", ref.span)
                    ok = False
                seen.add(ref.text)
            if len(item.via) > MAX_VIA_PLACES:
                self.error(
                    "E319",
                    f"contract {item.name.text!r} names {len(item.via)} via places, more than "
                    f"{MAX_VIA_PLACES}",
                    item.via[MAX_VIA_PLACES].span,
                    hint="split it into several contracts",
                )
                ok = False
            if item.value.value < 1 or item.value.value > 99:
                self.error(
                    "E309",
                    f"contract value {item.value.value} is out of range (1 to 99)",
                    item.value.span,
                )
                ok = False
            if not ok:
                self.broken_contracts.add(item.name.text)
            else:
                contracts[item.name.text] = Contract(
                    name=item.name.text,
                    endpoints=(item.first.text, item.second.text),
                    via=tuple(r.text for r in item.via),
                    value=item.value.value,
                    starting=item.starting,
                )
                contract_spans[item.name.text] = item
        board = make_board(
            name=name,
            title=title,
            terrain=terrain,
            places=places.values(),
            contracts=contracts.values(),
            source=self.source.name,
        )
        for cname, contract in contracts.items() if check_values else ():
            fewest = board.fewest_tiles(contract)
            decl_item = contract_spans[cname]
            if fewest is None:
                self.warn(
                    "W311",
                    f"contract {cname!r} cannot be completed: no buildable route joins its places",
                    decl_item.name.span,
                )
            elif fewest > contract.value:
                self.warn(
                    "W310",
                    f"contract {cname!r} has value {contract.value} but needs at least "
                    f"{fewest} tiles",
                    decl_item.value.span,
                )
        return board

    # ------------------------------------------------------------ position
    def _member(self, enum: type[_E], ref: s.Ref, code: str, what: str) -> _E | None:
        """The enum member a word names, or None after reporting it as unknown."""
        try:
            return enum(ref.text)
        except ValueError:
            self.unknown(code, what, ref, [member.value for member in enum])
            return None

    def card_kind(self, ref: s.Ref) -> CardKind | None:
        return self._member(CardKind, ref, "E209", "card kind")

    def tile_kind(self, ref: s.Ref) -> TileKind | None:
        return self._member(TileKind, ref, "E216", "tile kind")

    def card(self, card: s.Card) -> Card | None:
        kind = self.card_kind(card.kind)
        symbol = None
        if card.symbol is not None:
            symbol = card.symbol.text
            if symbol not in (*PLACE_COLOURS, WILD_SYMBOL):
                self.unknown("E215", "goods symbol", card.symbol, [*PLACE_COLOURS, WILD_SYMBOL])
                return None
        return Card(kind, symbol) if kind is not None else None

    def cards(self, cards: Iterable[s.Card]) -> tuple[Card, ...]:
        out = []
        for c in cards:
            card = self.card(c)
            if card is not None:
                out.append(card)
        return tuple(out)

    def counts(self, counts: Sequence[s.Count], kind_of: type) -> dict:  # type: ignore[type-arg]
        out: dict = {}  # type: ignore[type-arg]
        for count in counts:
            kind = self.card_kind(count.kind) if kind_of is CardKind else self.tile_kind(count.kind)
            if kind is None:
                continue
            if kind in out:
                self.error("E217", f"{count.kind.text} is counted twice", count.kind.span)
                continue
            out[kind] = count.number.value
        return out

    def place_ref(self, ref: s.Ref, board: Board) -> str | None:
        if ref.text in board.places:
            return ref.text
        self.unknown("E201", "place", ref, board.places)
        return None

    def contract_ref(self, ref: s.Ref, board: Board) -> Contract | None:
        contract = board.contracts.get(ref.text)
        if contract is None and ref.text not in self.broken_contracts:
            self.unknown("E202", "contract", ref, board.contracts)
        return contract

    def position(self, statements: Sequence[s.Statement], rules: Rules, board: Board) -> Position:
        edition_facts = facts(rules.edition)
        player_decls = [st for st in statements if isinstance(st, s.PlayerDecl)]
        players: list[Player] = []
        colours_seen: dict[str, Span] = {}
        engineers_held: dict[str, Span] = {}
        contract_holders: dict[str, str] = {}
        for decl in player_decls:
            colour = decl.colour.text
            if colour not in PLAYER_COLOURS:
                self.unknown("E208", "player colour", decl.colour, PLAYER_COLOURS)
                continue
            if colour in colours_seen:
                self.error("E401", f"two players are {colour}", decl.colour.span)
                continue
            colours_seen[colour] = decl.colour.span
            players.append(self.player(decl, rules, board, engineers_held, contract_holders))
        if player_decls and players and players[0].colour != "red" and "red" in colours_seen:
            self.warn(
                "W424",
                "the first player (the first declared) takes the red tiles; here red is not first",
                player_decls[0].colour.span,
                hint="declare the players in seating order, starting with red",
            )
        count = len(player_decls)
        if rules.players is not None and player_decls and rules.players != count:
            self.error(
                "E416",
                f"the rules say {rules.players} players but {count} "
                f"{'is' if count == 1 else 'are'} declared",
                player_decls[0].span,
            )
        elif (
            player_decls
            and not (edition_facts.min_players <= count <= edition_facts.max_players)
            and rules.players is None
        ):
            self.error(
                "E416",
                f"the {rules.edition.value} is for {edition_facts.min_players} to "
                f"{edition_facts.max_players} players, not {count}",
                player_decls[0].span,
            )

        def single(kind: type) -> s.Statement | None:
            found = [st for st in statements if isinstance(st, kind)]
            for extra in found[1:]:
                self.error("E317", "this is stated twice", extra.span)
            return found[0] if found else None

        parliament: tuple[str, ...] | None = None
        p_decl = single(s.ParliamentDecl)
        if isinstance(p_decl, s.ParliamentDecl):
            names = []
            for ref in p_decl.contracts:
                contract = self.contract_ref(ref, board)
                if contract is None:
                    continue
                if ref.text in contract_holders:
                    self.error(
                        "E413",
                        f"contract {ref.text!r} is in parliament but held by "
                        f"{contract_holders[ref.text]}",
                        ref.span,
                    )
                elif ref.text in names:
                    self.error("E413", f"contract {ref.text!r} is in parliament twice", ref.span)
                else:
                    names.append(ref.text)
            if len(p_decl.contracts) > PARLIAMENT_SIZE:
                self.error(
                    "E419",
                    f"parliament holds at most {PARLIAMENT_SIZE} contracts, not "
                    f"{len(p_decl.contracts)}",
                    p_decl.span,
                )
            parliament = tuple(names)
        contract_deck: tuple[str, ...] | int | None = None
        d_decl = single(s.ContractDeckDecl)
        if isinstance(d_decl, s.ContractDeckDecl):
            if d_decl.count is not None:
                contract_deck = d_decl.count.value
            else:
                names = []
                for ref in d_decl.contracts or ():
                    if self.contract_ref(ref, board) is None:
                        continue
                    if ref.text in contract_holders or (parliament and ref.text in parliament):
                        self.error(
                            "E413",
                            f"contract {ref.text!r} is in the contract deck and elsewhere",
                            ref.span,
                        )
                    names.append(ref.text)
                contract_deck = tuple(names)
        display: tuple[Card, ...] | None = None
        disp = single(s.DisplayDecl)
        if isinstance(disp, s.DisplayDecl):
            display = self.cards(disp.cards)
            if len(disp.cards) > DISPLAY_SIZE:
                self.error(
                    "E419",
                    f"the display holds {DISPLAY_SIZE} cards, not {len(disp.cards)}",
                    disp.span,
                )
        for pile in statements:
            self.pile_size_allowed(pile)
        deck: tuple[Card, ...] | int | None = None
        dk = single(s.DeckDecl)
        if isinstance(dk, s.DeckDecl):
            deck = dk.count.value if dk.count is not None else self.cards(dk.cards or ())
        discard: tuple[Card, ...] | int | None = None
        dp = single(s.DiscardPileDecl)
        if isinstance(dp, s.DiscardPileDecl):
            discard = dp.count.value if dp.count is not None else self.cards(dp.cards or ())
        cubes: set[str] = set()
        cd = single(s.CubesDecl)
        if isinstance(cd, s.CubesDecl):
            for ref in cd.places:
                place = self.place_ref(ref, board)
                if place is None:
                    continue
                if place in cubes:
                    self.error("E405", f"{place} holds at most one goods cube", ref.span)
                cubes.add(place)
        total_cubes = edition_facts.cubes
        basin = total_cubes - len(cubes)
        bd = single(s.BasinDecl)
        if isinstance(bd, s.BasinDecl):
            if bd.count.value + len(cubes) != total_cubes:
                self.error(
                    "E404",
                    f"{len(cubes)} cubes on the map and {bd.count.value} in the basin make "
                    f"{len(cubes) + bd.count.value}; the {rules.edition.value} has {total_cubes}",
                    bd.count.span,
                )
            basin = bd.count.value
        if len(cubes) > total_cubes and isinstance(cd, s.CubesDecl):
            self.error(
                "E404",
                f"{len(cubes)} goods cubes on the map; the {rules.edition.value} has only "
                f"{total_cubes}",
                cd.span,
            )
        basin = max(basin, 0)
        aside: tuple[str, ...]
        ed = single(s.EngineersAsideDecl)
        if isinstance(ed, s.EngineersAsideDecl):
            names = []
            for ref in ed.engineers:
                if ref.text not in ENGINEERS:
                    self.unknown("E210", "engineer", ref, ENGINEERS)
                elif ref.text in engineers_held:
                    self.error(
                        "E427", f"{ref.text} is set aside but also held by a player", ref.span
                    )
                else:
                    names.append(ref.text)
            aside = tuple(names)
        else:
            aside = tuple(e for e in ENGINEERS if e not in engineers_held)
        now: str | None = None
        phase = 1
        nd = single(s.NowDecl)
        if isinstance(nd, s.NowDecl):
            if nd.player.text not in colours_seen:
                self.unknown("E501", "player", nd.player, colours_seen)
            else:
                now = nd.player.text
            if nd.phase is not None:
                if not 1 <= nd.phase.value <= 3:
                    self.error(
                        "E420", f"a turn has phases 1 to 3, not {nd.phase.value}", nd.phase.span
                    )
                else:
                    phase = nd.phase.value
        for player, decl in zip(
            players, [d for d in player_decls if d.colour.text in colours_seen], strict=False
        ):
            size = player.hand_size()
            mid_turn = player.colour == now and phase > 1
            if size is not None and size > HAND_LIMIT and not mid_turn:
                hand_decl = next(i for i in decl.items if isinstance(i, s.HandDecl))
                self.error(
                    "E418",
                    f"{player.colour} holds {size} cards; a hand is cut to {HAND_LIMIT} at the "
                    "end of its owner's turn",
                    hand_decl.span,
                )
        round_: int | None = None
        rd = single(s.RoundDecl)
        if isinstance(rd, s.RoundDecl):
            if rd.round.value < 1:
                self.error("E420", "rounds are numbered from 1", rd.round.span)
            round_ = rd.round.value
        endgame_round: int | None = None
        triggered = False
        eg = single(s.EndgameDecl)
        if isinstance(eg, s.EndgameDecl):
            triggered = True
            if eg.round is not None:
                endgame_round = eg.round.value
                if round_ is not None and endgame_round > round_:
                    self.error(
                        "E420",
                        f"the end was triggered in round {endgame_round}, after the current "
                        f"round {round_}",
                        eg.round.span,
                    )
        return Position(
            players=tuple(players),
            parliament=parliament,
            contract_deck=contract_deck,
            display=display,
            deck=deck,
            discard_pile=discard,
            cubes=frozenset(cubes),
            basin=basin,
            engineers_aside=aside,
            now=now,
            phase=phase,
            round=round_,
            endgame_round=endgame_round,
            endgame_triggered=triggered,
        )

    def pile_size_allowed(self, pile: s.Statement) -> None:
        """E428 when a deck, discard pile or contract deck holds more than MAX_PILE_CARDS."""
        if not isinstance(pile, s.ContractDeckDecl | s.DeckDecl | s.DiscardPileDecl):
            return
        count = pile.count
        listed = pile.contracts if isinstance(pile, s.ContractDeckDecl) else pile.cards
        size = count.value if count is not None else len(listed or ())
        if size > MAX_PILE_CARDS:
            self.error(
                "E428",
                f"a pile of {size} cards is more than the {MAX_PILE_CARDS} a game could have",
                count.span if count is not None else pile.span,
            )

    def player(
        self,
        decl: s.PlayerDecl,
        rules: Rules,
        board: Board,
        engineers_held: dict[str, Span],
        contract_holders: dict[str, str],
    ) -> Player:
        colour = decl.colour.text
        engineer: str | None = None
        score = 0
        hand: dict[CardKind, int] | None = None
        supply_given: dict[TileKind, int] | None = None
        supply_span = decl.span
        junctions: int | None = None
        junction_span = decl.span
        canals: list[Canal] = []
        completed_names: list[str] = []
        seen_items: Counter[type] = Counter()
        for item in decl.items:
            seen_items[type(item)] += 1
            if not isinstance(item, s.CanalDecl) and seen_items[type(item)] > 1:
                self.error("E317", "this is stated twice for one player", item.span)
                continue
            if isinstance(item, s.EngineerDecl):
                name = item.engineer.text
                if name not in ENGINEERS:
                    self.unknown("E210", "engineer", item.engineer, ENGINEERS)
                elif name in engineers_held:
                    self.error("E402", f"{name} is held by two players", item.engineer.span)
                else:
                    engineers_held[name] = item.engineer.span
                    engineer = name
            elif isinstance(item, s.ScoreDecl):
                score = item.score.value
            elif isinstance(item, s.HandDecl):
                hand = self.counts(item.counts, CardKind)
            elif isinstance(item, s.SupplyDecl):
                supply_given = self.counts(item.counts, TileKind)
                supply_span = item.span
            elif isinstance(item, s.JunctionsDecl):
                junctions = item.count.value
                junction_span = item.span
            elif isinstance(item, s.CanalDecl):
                canal = self.canal(item, colour, rules, board, contract_holders)
                if canal is None:
                    continue
                if canal.completed:
                    completed_names.append(canal.contract)
                canals.append(canal)
        open_count = sum(1 for c in canals if not c.completed)
        if open_count > MAX_OPEN_CONTRACTS:
            extra = [i for i in decl.items if isinstance(i, s.CanalDecl) and not i.completed][
                MAX_OPEN_CONTRACTS
            ]
            self.error(
                "E414",
                f"{colour} has {open_count} open contracts; a player has at most "
                f"{MAX_OPEN_CONTRACTS}",
                extra.span,
            )
        on_board = Counter(t.kind for c in canals for t in c.tiles)
        supply: dict[TileKind, int] = {}
        for kind, owned in TILES_PER_PLAYER.items():
            left = owned - on_board[kind]
            if supply_given is not None:
                given = supply_given.get(kind, 0)
                if given + on_board[kind] > owned:
                    self.error(
                        "E403",
                        f"{colour} has {on_board[kind]} {kind.value} tiles built and {given} in "
                        f"supply, more than the {owned} a player owns",
                        supply_span,
                    )
                left = min(given, max(left, 0))
            elif left < 0:
                self.error(
                    "E403",
                    f"{colour} has {on_board[kind]} {kind.value} tiles built, more than the "
                    f"{owned} a player owns",
                    decl.colour.span,
                )
            supply[kind] = max(left, 0)
        junction_allowance = facts(rules.edition).junctions_per_player
        used_junctions = sum(1 for c in canals if c.is_junction)
        if rules.edition is Edition.FIRST and (junctions or used_junctions):
            self.error(
                "E417",
                "junction contracts exist only in the second edition",
                junction_span,
            )
        allowance = junction_allowance.get(rules.players or 3, 1)
        if junctions is None:
            junctions = max(allowance - used_junctions, 0) if rules.edition is Edition.SECOND else 0
        elif junctions + used_junctions > allowance and rules.edition is Edition.SECOND:
            self.error(
                "E417",
                f"{colour} would have {junctions + used_junctions} junction contracts; each "
                f"player has {allowance}",
                junction_span,
            )
        return Player(
            colour=colour,
            name=decl.display_name,
            engineer=engineer,
            score=score,
            hand=MappingProxyType(hand) if hand is not None else None,
            supply=MappingProxyType(supply),
            junctions=junctions,
            canals=tuple(canals),
            completed_contracts=tuple(completed_names),
        )

    def canal(
        self,
        decl: s.CanalDecl,
        owner: str,
        rules: Rules,
        board: Board,
        contract_holders: dict[str, str],
    ) -> Canal | None:
        contract: Contract | None = None
        if decl.contract is not None:
            contract = self.contract_ref(decl.contract, board)
            if contract is None:
                return None
            holder = contract_holders.get(contract.name)
            if holder is not None:
                self.error(
                    "E413",
                    f"contract {contract.name!r} is already held by {holder}",
                    decl.contract.span,
                )
                return None
            contract_holders[contract.name] = owner
        name = contract.name if contract else JUNCTION
        value = contract.value if contract else JUNCTION_VALUE
        if decl.route is None:
            if not decl.completed:
                return None  # grammar requires a route for open canals
            return Canal(contract=name, owner=owner, route=(), completed=True, value=value)
        route: list[str | Tile] = []
        visited_hexes: set[Hex] = set()
        visited_places: set[str] = set()
        previous: Hex | None = None
        previous_was_place = False
        section = -1
        ok = True
        places_in_order: list[str] = []
        for index, item in enumerate(decl.route):
            if isinstance(item, s.RoutePlace):
                place_name = self.place_ref(item.name, board)
                if place_name is None:
                    ok = False
                    previous = None
                    continue
                place = board.places[place_name]
                if index == 0:
                    if contract is not None and place_name not in contract.endpoints:
                        self.error(
                            "E408",
                            f"{contract.name!r} must start at {contract.endpoints[0]} or "
                            f"{contract.endpoints[1]}, not {place_name}",
                            item.name.span,
                        )
                        ok = False
                elif previous_was_place:
                    self.error(
                        "E421",
                        f"a section needs at least one tile between {route[-1]} and {place_name}",
                        item.name.span,
                    )
                    ok = False
                elif previous is not None and not previous.is_neighbour(place.hex):
                    self.error(
                        "E407",
                        f"{place_name} ({place.hex}) is not next to the tile before it "
                        f"({previous})",
                        item.name.span,
                    )
                    ok = False
                if place_name in visited_places:
                    self.error("E412", f"the canal reaches {place_name} twice", item.name.span)
                    ok = False
                visited_places.add(place_name)
                places_in_order.append(place_name)
                route.append(place_name)
                previous = place.hex
                previous_was_place = True
                section += 1
            else:
                if index == 0:
                    self.error(
                        "E408",
                        "a canal's route starts with the place where its barge was placed",
                        item.kind.span,
                    )
                    ok = False
                kind = self.tile_kind(item.kind)
                hex = self.hex_ref(item.hex)
                if kind is None or hex is None:
                    ok = False
                    previous = hex
                    previous_was_place = False
                    continue
                terrain = board.terrain.get(hex)
                if terrain is None:
                    self.error("E303", f"hex {hex} is off the grid", item.hex.span)
                    ok = False
                elif hex in board.place_at:
                    self.error(
                        "E409",
                        f"no tile may stand on {hex}: {board.place_at[hex].name} is there",
                        item.hex.span,
                    )
                    ok = False
                elif not terrain.buildable:
                    self.error("E409", f"no tile may stand on {hex}: it is sea", item.hex.span)
                    ok = False
                elif kind not in TERRAIN_TILES[terrain]:
                    allowed = " or ".join(_article(k.value) for k in TERRAIN_TILES[terrain])
                    self.error(
                        "E410",
                        f"{_article(kind.value)} cannot stand on {terrain.value} terrain ({hex}); "
                        f"it takes {allowed}",
                        item.kind.span,
                    )
                    ok = False
                if previous is not None and not previous.is_neighbour(hex):
                    self.error(
                        "E407",
                        f"tile {hex} is not next to {previous}, the step before it",
                        item.hex.span,
                    )
                    ok = False
                if hex in visited_hexes:
                    self.error("E412", f"the canal passes {hex} twice", item.hex.span)
                    ok = False
                visited_hexes.add(hex)
                route.append(
                    Tile(
                        hex=hex,
                        kind=kind,
                        owner=owner,
                        canal=name,
                        section=max(section, 0),
                        recent=item.recent,
                    )
                )
                previous = hex
                previous_was_place = False
        if not ok:
            return None
        canal = Canal(
            contract=name, owner=owner, route=tuple(route), completed=decl.completed, value=value
        )
        tiles = canal.tiles
        if len(tiles) > value:
            self.error(
                "E411",
                f"{name!r} has {len(tiles)} tiles but its contract value is {value}",
                decl.span,
            )
        far = contract.other_endpoint(places_in_order[0]) if contract and places_in_order else None
        if contract is None and len(places_in_order) > 2:
            self.error(
                "E425",
                "a junction canal joins exactly two places and is done on reaching the second",
                decl.span,
            )
        if decl.completed:
            if contract is not None:
                missing = [v for v in contract.via if v not in places_in_order]
                if places_in_order[-1:] != [far] or not isinstance(route[-1], str):
                    self.error(
                        "E415",
                        f"completed {name!r} must end at {far}",
                        decl.span,
                    )
                elif missing:
                    self.error(
                        "E415",
                        f"completed {name!r} does not pass through {', '.join(missing)}",
                        decl.span,
                    )
            elif len(places_in_order) != 2 or not isinstance(route[-1], str):
                self.error("E415", "a completed junction canal joins exactly two places", decl.span)
        else:
            if far is not None and far in places_in_order:
                self.error(
                    "E422",
                    f"{name!r} has reached {far}, its far endpoint, so it is complete",
                    decl.span,
                    hint="write it as `completed` (and add its score), or remove the last step",
                )
            if contract is None and len(places_in_order) >= 2:
                self.error(
                    "E422",
                    "this junction canal has reached a second place, so it is complete",
                    decl.span,
                )
            if decl.barge is not None:
                expected = canal.barge
                try:
                    given: Hex | str = Hex.parse(decl.barge.text)
                except ValueError:
                    given = decl.barge.text
                if given != expected:
                    shown = expected if isinstance(expected, str) else str(expected)
                    self.error(
                        "E406",
                        f"the barge of {name!r} stands at the end of its canal, {shown}, "
                        f"not {decl.barge.text}",
                        decl.barge.span,
                    )
        for _start, section_tiles, _end in canal.sections():
            for a, b in itertools.pairwise(section_tiles):
                if a.kind is b.kind:
                    self.warn(
                        "W430",
                        f"{a.kind.value} tiles at {a.hex} and {b.hex} are next to each other in "
                        f"one section of {name!r} (it stands only if nobody noticed in time)",
                        decl.span,
                    )
        return canal

    # ------------------------------------------------------------ turns, expectations
    def events(
        self,
        statements: Sequence[s.Statement],
        rules: Rules,
        board: Board,
        position: Position | None,
    ) -> None:
        colours = {p.colour for p in position.players} if position else set()
        for st in statements:
            if isinstance(st, s.TurnDecl):
                if position is None or not position.players:
                    self.error("E506", "a turn needs players to play it", st.span)
                    continue
                if st.player.text not in colours:
                    self.unknown("E501", "player", st.player, colours)
                self.turn(st, board, colours)
            elif isinstance(st, _EXPECTATIONS):
                self.expectation(st, board, colours, position)
            elif isinstance(st, s.QueryDecl):
                self.query(st, board, colours, position)

    def player_ref(self, ref: s.Ref, colours: set[str]) -> None:
        if ref.text not in colours:
            self.unknown("E501", "player", ref, colours)

    def turn(self, turn: s.TurnDecl, board: Board, colours: set[str]) -> None:
        current_phase = 0
        for item in turn.items:
            if isinstance(item, s.PhaseMark):
                number = item.number.value
                if not 1 <= number <= 3:
                    self.error("E502", f"a turn has phases 1 to 3, not {number}", item.number.span)
                elif number <= current_phase:
                    self.error(
                        "E502",
                        f"phase {number} comes after phase {current_phase}",
                        item.number.span,
                    )
                else:
                    current_phase = number
                continue
            if current_phase == 0 and not isinstance(item, (s.RemoveTiles, s.DiscardCards)):
                self.error(
                    "E503",
                    "this action is not inside a phase",
                    item.span,
                    hint="start it with `phase 1:`, `phase 2:` or `phase 3:`",
                )
            self.step(item, board, colours)

    def step(self, step: s.Step, board: Board, colours: set[str]) -> None:
        if isinstance(step, s.TakeContract):
            for choice in step.choices:
                self.contract_ref(choice.contract, board)
                self.place_ref(choice.barge, board)
        elif isinstance(step, s.TakeJunction):
            self.place_ref(step.barge, board)
        elif isinstance(step, s.Reveal):
            for ref in step.contracts:
                self.contract_ref(ref, board)
        elif isinstance(step, s.ExchangeEngineer):
            if step.with_player is not None:
                self.player_ref(step.with_player, colours)
            if step.for_engineer is not None and step.for_engineer.text not in ENGINEERS:
                self.unknown("E210", "engineer", step.for_engineer, ENGINEERS)
        elif isinstance(step, (s.TakeCards, s.Refill, s.DiscardCards)):
            self.cards(step.cards)
        elif isinstance(step, s.Draw):
            if step.card is not None:
                self.card(step.card)
        elif isinstance(step, s.PlaceCubes):
            if step.colour.text not in PLACE_COLOURS:
                hint_pool = PLACE_COLOURS
                self.unknown("E207", "goods colour", step.colour, hint_pool)
            for ref in step.places:
                self.place_ref(ref, board)
        elif isinstance(step, s.RemoveCube):
            self.place_ref(step.place, board)
        elif isinstance(step, s.Build):
            for line in step.lines:
                if line.canal is not None:
                    self.contract_ref(line.canal, board)
                for built in line.items:
                    if isinstance(built, s.ReachPlace):
                        self.place_ref(built.name, board)
                        continue
                    self.tile_kind(built.kind)
                    hex = self.hex_ref(built.hex)
                    if hex is not None and hex not in board.terrain:
                        self.error("E303", f"hex {hex} is off the grid", built.hex.span)
                    for pay in built.payment or ():
                        self.card_kind(pay.kind)
        elif isinstance(step, s.MoveCube):
            for leg in step.legs:
                self.place_ref(leg.place, board)
                if leg.owner is not None:
                    self.player_ref(leg.owner, colours)
        elif isinstance(step, s.RemoveTiles):
            if step.canal is not None:
                self.contract_ref(step.canal, board)
            for ref in step.hexes:
                self.hex_ref(ref)

    def expectation(
        self,
        expectation: s.Expectation,
        board: Board,
        colours: set[str],
        position: Position | None,
    ) -> None:
        if isinstance(expectation, (s.ExpectScore, s.ExpectHand, s.ExpectSupply, s.ExpectWinner)):
            if position is None:
                self.error(
                    "E506", "this expectation needs a position with players", expectation.span
                )
                return
            self.player_ref(expectation.player, colours)
        if isinstance(expectation, s.ExpectHand):
            self.counts(expectation.counts, CardKind)
        elif isinstance(expectation, s.ExpectSupply):
            self.counts(expectation.counts, TileKind)
        elif isinstance(expectation, s.ExpectCubes):
            for ref in expectation.places:
                self.place_ref(ref, board)
        elif isinstance(expectation, s.ExpectFinalScores):
            for pair in expectation.scores:
                self.player_ref(pair.player, colours)

    def query(
        self, query: s.QueryDecl, board: Board, colours: set[str], position: Position | None
    ) -> None:
        if position is None or not position.players:
            self.error("E506", "a query needs a position with players", query.span)
            return
        if query.kind == "can-complete":
            if query.subject is None:
                self.error("E505", "can-complete needs the contract to ask about", query.span)
            else:
                self.contract_ref(query.subject, board)
        elif query.subject is not None:
            self.error(
                "E505", f"{query.kind} asks about a player, not a contract", query.subject.span
            )
        if query.player is not None:
            self.player_ref(query.player, colours)
        answer = query.answer
        if answer is not None:
            if query.kind == "can-complete" and answer.points is not None:
                self.error("E505", "can-complete answers yes or no, not points", answer.points.span)
            if query.kind != "can-complete" and (
                answer.yes is not None or answer.cards is not None
            ):
                self.error(
                    "E505", f"{query.kind} answers with points, not yes/no or cards", query.span
                )
