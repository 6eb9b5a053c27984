"""The games canaldsl knows, and which game a file is written for.

Game-independent: the core never imports a game by name. Each game is one package that
supplies one :class:`Game` object, found through the entry-point group ``canaldsl.games``
(``pyproject.toml``: ``canalmania = "canaldsl.canalmania.game:GAME"``) and loaded on first
use; tests add their own with :func:`register`.

A file says which game it is by its ``rules NAME`` statement: every game declares the names it
owns (Canal Mania: ``first-edition`` and ``second-edition``). A file without one is of the
default game, Canal Mania, so every file written before there were several games reads as it
always did. Finding the name is a cheap lexical pre-scan (:func:`rules_name`): comments,
strings and map rows are skipped, nothing is parsed.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from canaldsl.budget import DEFAULT_UNITS
from canaldsl.codes import UNKNOWN_GAME
from canaldsl.diagnostics import Diagnostic, SourceText, Span, did_you_mean
from canaldsl.statuses import ExitCode, Status
from canaldsl.verdicts import Claim, FileReport, FinalScores, Violation

if TYPE_CHECKING:
    import click

    from canaldsl.pagehooks import PageAnswer, PageEdit, PageQuestion, Palette, Token
    from canaldsl.rules import RuleBook

ENTRY_POINTS = "canaldsl.games"
"""The entry-point group games are registered in."""

DEFAULT_GAME = "canalmania"
"""The game of a file with no ``rules`` statement (every file written before there were
several games is a Canal Mania file)."""


class CommandError(ValueError):
    """A command cannot do what it was asked: the lines to show on standard error, the exit
    status (default 2: the question cannot be asked), and the diagnostics behind it (for the
    JSON output), if any."""

    def __init__(
        self,
        *lines: str,
        status: ExitCode = ExitCode.ERROR,
        diagnostics: Sequence[Diagnostic] = (),
    ) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
        self.status = status
        self.diagnostics = tuple(diagnostics)


class UnsupportedError(CommandError):
    """The game has no answer of this kind (no boards to draw, no worked examples ...)."""

    def __init__(self, game: str, what: str) -> None:
        super().__init__(f"error: {game} has no {what}")


class UnknownGameError(ValueError):
    """A name that is no registered game's."""


@dataclass(frozen=True)
class Played:
    """The position after a file's turns, written in the game's language, and the rules
    broken by the turns that were not applied."""

    text: str
    violations: tuple[Violation, ...]


@dataclass(frozen=True)
class ClaimsOutcome:
    """A scenario file's claims judged for the pytest plugin: its errors (then no claims),
    each claim, whether the file is marked as a known error of its rulebook (and why), and
    where the claims come from (``(fr rulebook, section 'Mouvement')``, or empty)."""

    errors: tuple[Diagnostic, ...]
    claims: tuple[Claim, ...] = ()
    known_error: str | None = None
    where: str = ""


@dataclass(frozen=True, kw_only=True)
class PictureRequest:
    """What ``canaldsl render`` asks a game to draw: a file (or a built-in board's name), its
    turns (all, or the N-th), or a solver's answer for a player within a work budget
    (``best_build``/``best_delivery``: Canal Mania's; ``show``: any game's own, by name)."""

    file: str
    turn: int | None = None
    best_build: bool = False
    best_delivery: bool = False
    colour: str | None = None
    budget: float = DEFAULT_UNITS
    focus: bool = False
    hex_labels: bool = False
    show: tuple[str, ...] = ()
    """A game's own answers to draw, by the names the game gives them (Ticket to Ride:
    ``longest-route``, ``ticket:A-B``); a game refuses a name it does not know."""


@dataclass(frozen=True)
class DisputeOutcome:
    """A dispute report written as one HTML page, and its status."""

    html: str
    status: Status


@runtime_checkable
class Game(Protocol):
    """What a game supplies to the core.

    Required of every game: its names, its rule book, and checking, formatting and playing a
    file. The other hooks (boards, pictures, dispute reports, worked examples) raise
    :class:`UnsupportedError` in a game without them (:class:`BaseGame` does so). Hooks
    that cannot answer raise :class:`CommandError` with what to show; they never exit."""

    @property
    def name(self) -> str:
        """The game's id: the namespace of its rule ids (``canalmania``)."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people (``Canal Mania``)."""
        ...

    @property
    def rules_names(self) -> tuple[str, ...]:
        """The names a file's ``rules NAME`` statement may give for this game."""
        ...

    @property
    def report_fields(self) -> tuple[str, ...]:
        """The game's own fields of a JSON file report (None when not understood)."""
        ...

    def rule_book(self) -> RuleBook:
        """The game's rules, every one registered."""
        ...

    def parse_source(self, text: str, *, filename: str, path: Path | None) -> Any:
        """The game's checked file (its own type); raises SourceError on any error."""
        ...

    def check_source(self, text: str, *, path: Path, display: str) -> FileReport:
        """Check a file's text: diagnostics, turns played, expectations judged."""
        ...

    def format_source(self, text: str, *, filename: str) -> tuple[str | None, list[Diagnostic]]:
        """The text in the canonical layout, or None with the diagnostics saying why not."""
        ...

    def play_source(self, text: str, *, path: Path, display: str) -> Played:
        """The position after the file's legal turns (CommandError: nothing to play)."""
        ...

    def claims(self, text: str, *, path: Path, display: str) -> ClaimsOutcome:
        """Every claim (``expect``, ``query``) of a scenario file, judged."""
        ...

    def commands(self) -> Sequence[click.Command]:
        """The game's own commands (``best-build`` ...), added to ``canaldsl``."""
        ...

    def score_sheet(self, text: str, *, path: Path, display: str, as_json: bool) -> str:
        """Final scoring of the position after the file's turns: the winner, each player's
        points by source, the ties broken (text, or JSON)."""
        ...

    def board_names(self) -> tuple[str, ...]:
        """The game's built-in boards, by the names ``board`` and ``render`` take."""
        ...

    def board_summary(self, name: str, *, edition: str | None, as_json: bool) -> str:
        """A board summarised (built-in by name, or a file's)."""
        ...

    def picture(self, request: PictureRequest) -> str:
        """The SVG document ``render`` writes."""
        ...

    def dispute_report(self, path: Path, *, output: str) -> DisputeOutcome:
        """The HTML dispute report of a file."""
        ...

    def crosscheck(self, folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
        """The rulebooks' worked examples against the rules: the report and exit status."""
        ...

    def final_scores(self, checked: Any) -> FinalScores:
        """The final scores of a checked file's position after its turns (``checked``: what
        :meth:`parse_source` returns); CommandError when it has no position."""
        ...

    # -- the page of `canaldsl serve` (canaldsl.pagehooks; docs/architecture.md)

    def page_tokens(self, text: str) -> Sequence[Token]:
        """The text's tokens, each with its highlighting class; never fails."""
        ...

    def page_picture(self, text: str, *, path: Path, display: str) -> str:
        """The SVG of the text's position with its turns on top; hexes carry ``data-hex``."""
        ...

    def page_report(self, text: str, *, path: Path, display: str) -> DisputeOutcome:
        """The dispute report of the text (what ``canaldsl report`` writes for it)."""
        ...

    def page_palette(self) -> Palette:
        """What the page offers to click: tile kinds, cards, modes (empty: no editing)."""
        ...

    def page_edit(self, text: str, edit: PageEdit) -> str:
        """The text changed by one click (EditRefused: why it cannot be)."""
        ...

    def page_questions(self) -> tuple[PageQuestion, ...]:
        """The solver questions the page offers (best build ...)."""
        ...

    def page_answer(self, text: str, question: str, *, path: Path, budget: float) -> PageAnswer:
        """A solver's answer to ``question`` for the text, within a work budget."""
        ...


class PageModule(Protocol):
    """What a game's page module (``canaldsl.GAME.page``) gives: the functions behind the
    page hooks of :class:`Game`, by the same names less ``page_``. A game that has one names
    it in :attr:`BaseGame.page_module`; each game checks its module against this protocol
    statically (mypy)."""

    @property
    def QUESTIONS(self) -> tuple[PageQuestion, ...]: ...  # a module constant, read only

    def tokens(self, text: str) -> Sequence[Token]: ...

    def picture(self, text: str, *, path: Path, display: str) -> str: ...

    def report(self, text: str, *, path: Path, display: str) -> DisputeOutcome: ...

    def palette(self) -> Palette: ...

    def edit(self, text: str, edit: PageEdit) -> str: ...

    def answer(self, text: str, question: str, *, path: Path, budget: float) -> PageAnswer: ...


class BaseGame:
    """The optional hooks of :class:`Game`, each saying the game has no such thing; the page
    hooks forward to the game's page module when it names one (:attr:`page_module`)."""

    name = "game"

    page_module: str | None = None
    """The dotted name of the game's :class:`PageModule`, imported on the page's first use
    (None: the page's defaults below)."""

    def _page(self) -> PageModule | None:
        if self.page_module is None:
            return None
        return cast("PageModule", importlib.import_module(self.page_module))

    def commands(self) -> Sequence[click.Command]:
        return ()

    def board_names(self) -> tuple[str, ...]:
        return ()

    def score_sheet(self, text: str, *, path: Path, display: str, as_json: bool) -> str:
        raise UnsupportedError(self.name, "final scoring")

    def board_summary(self, name: str, *, edition: str | None, as_json: bool) -> str:
        raise UnsupportedError(self.name, "boards")

    def picture(self, request: PictureRequest) -> str:
        raise UnsupportedError(self.name, "pictures")

    def dispute_report(self, path: Path, *, output: str) -> DisputeOutcome:
        raise UnsupportedError(self.name, "dispute reports")

    def crosscheck(self, folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
        raise UnsupportedError(self.name, "rulebook examples")

    def final_scores(self, checked: Any) -> FinalScores:
        raise UnsupportedError(self.name, "final scoring")

    def page_tokens(self, text: str) -> Sequence[Token]:
        """The page module's tokens; without one, comments, strings, numbers and the keywords
        of the grammar named as the game."""
        page = self._page()
        if page is not None:
            return page.tokens(text)
        from canaldsl.lalr import GrammarError, grammar_keywords
        from canaldsl.pagehooks import scan_tokens

        try:
            keywords = grammar_keywords(self.name)
        except (GrammarError, OSError):
            keywords = frozenset()
        return list(scan_tokens(text, keywords=keywords))

    def page_picture(self, text: str, *, path: Path, display: str) -> str:
        page = self._page()
        if page is None:
            raise UnsupportedError(self.name, "pictures")
        return page.picture(text, path=path, display=display)

    def page_report(self, text: str, *, path: Path, display: str) -> DisputeOutcome:
        page = self._page()
        if page is None:
            raise UnsupportedError(self.name, "dispute reports")
        return page.report(text, path=path, display=display)

    def page_palette(self) -> Palette:
        from canaldsl.pagehooks import Palette

        page = self._page()
        return Palette() if page is None else page.palette()

    def page_edit(self, text: str, edit: PageEdit) -> str:
        page = self._page()
        if page is None:
            raise UnsupportedError(self.name, "editing by click")
        return page.edit(text, edit)

    def page_questions(self) -> tuple[PageQuestion, ...]:
        page = self._page()
        return () if page is None else page.QUESTIONS

    def page_answer(self, text: str, question: str, *, path: Path, budget: float) -> PageAnswer:
        page = self._page()
        if page is None:
            raise UnsupportedError(self.name, f"answer to {question}")
        return page.answer(text, question, path=path, budget=budget)

    def rule_notes(self, rule_id: str) -> tuple[str, ...]:
        """Optional: more lines for ``explain RULE`` (where the text says it, in the game's
        sentence index); a game without this method, or returning (), adds nothing."""
        return ()


# ------------------------------------------------------------------ the registry

_REGISTERED: dict[str, Game] = {}
_LOADED = False


def register(game: Game) -> Game:
    """Add a game (tests use it for a game of their own); its names must be new."""
    taken = {n: g.name for g in _REGISTERED.values() for n in g.rules_names}
    clash = [n for n in game.rules_names if n in taken and taken[n] != game.name]
    if clash:
        raise ValueError(f"game {game.name}: rules names {clash} belong to another game")
    _REGISTERED[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (tests clean up with it)."""
    _REGISTERED.pop(name, None)


def _load_entry_points() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    from importlib.metadata import entry_points  # 15-30 ms: only when a game is needed

    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
        if point.name in _REGISTERED:
            continue
        game = point.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {point.name} of {ENTRY_POINTS} is not a canaldsl Game")
        register(game)


def all_games() -> list[Game]:
    """Every game, the default first, then by name."""
    _load_entry_points()
    return sorted(_REGISTERED.values(), key=lambda g: (g.name != DEFAULT_GAME, g.name))


def game_named(name: str) -> Game:
    """The game called ``name``; raises :class:`UnknownGameError`."""
    _load_entry_points()
    if name in _REGISTERED:
        return _REGISTERED[name]
    guess = did_you_mean(name, _REGISTERED)
    hint = f" Did you mean {guess}?" if guess else ""
    raise UnknownGameError(f"unknown game {name!r}.{hint}")


def default_game() -> Game:
    """The game of a file that names none."""
    return game_named(DEFAULT_GAME)


def game_of_rules(name: str) -> Game | None:
    """The game owning the rules name ``name``, if any."""
    for game in all_games():
        if name in game.rules_names:
            return game
    return None


# ------------------------------------------------------------------ a file's game

_TOKENS = re.compile(
    r"""(?P<comment>\#[^\n]*)
      | (?P<string>"(?:[^"\\\n]|\\.)*"?)
      | (?P<maprow>\|[^\n#}]*)
      | (?P<word>[A-Za-z0-9_][A-Za-z0-9_'.-]*)
      | (?P<other>[^\sA-Za-z0-9_#"|]+)""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class RulesName:
    """The name a file's ``rules`` statement gives, where it is written, and whether the
    statement starts its line (as every ``rules`` statement of the examples does)."""

    name: str
    span: Span
    starts_line: bool


def rules_names_in(text: str) -> Iterator[RulesName]:
    """Each ``rules NAME`` of a text in order, skipping comments, quoted strings and map rows.
    Linear in the text's length: each character is looked at a bounded number of times, the
    line and column kept as the scan goes (measured in bench/bench_games.py)."""
    line, line_start = 1, 0
    scanned = 0  # newlines before this offset are counted in `line`
    rules_first_on_line: bool | None = None  # a `rules` word just seen: did it start its line?
    first_token = True
    for match in _TOKENS.finditer(text):
        start = match.start()
        newlines = text.count("\n", scanned, start)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", scanned, start) + 1
        starts_line = first_token or newlines > 0
        scanned, first_token = start, False
        kind = match.lastgroup
        if kind in ("comment", "string", "maprow"):
            continue
        word = match.group() if kind == "word" else None
        if word is not None and rules_first_on_line is not None:
            column = start - line_start + 1
            yield RulesName(word, Span(line, column, line, column + len(word)), rules_first_on_line)
        rules_first_on_line = starts_line if word == "rules" else None


def rules_name(text: str) -> RulesName | None:
    """The name given by the first ``rules NAME`` of a text; None when it has none."""
    return next(rules_names_in(text), None)


def game_of_text(text: str, *, filename: str) -> tuple[Game | None, list[Diagnostic]]:
    """The game a text is written for, or None with a diagnostic (E113) when its ``rules``
    statement names no game's rules; the diagnostic suggests the nearest name of any game.

    The first ``rules`` word followed by a game's name decides. A ``rules`` word followed by
    no game's name is E113 when it starts its line (a misspelt rules statement), and is passed
    over otherwise (a place or an example named ``rules``)."""
    owners = {name: game for game in all_games() for name in game.rules_names}
    found: RulesName | None = None
    for candidate in rules_names_in(text):
        game = owners.get(candidate.name)
        if game is not None:
            return game, []
        if candidate.starts_line:
            found = candidate
            break
    if found is None:
        return default_game(), []
    names = [n for g in all_games() for n in g.rules_names]
    guess = did_you_mean(found.name, names)
    known = "; ".join(f"{g.title}: {', '.join(g.rules_names)}" for g in all_games())
    hint = f"did you mean {guess}? ({known})" if guess else f"the rules names are {known}"
    source = SourceText(text, filename)
    message = f"unknown rules {found.name!r}: no game has rules of that name"
    return None, [source.diagnostic(UNKNOWN_GAME, message, found.span, hint=hint)]
