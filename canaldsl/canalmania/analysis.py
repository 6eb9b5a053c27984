"""What every part of the semantic analysis shares: the diagnostics, and reading names.

:class:`AnalyserBase` reports diagnostics (each with its stable code, see
:mod:`canaldsl.canalmania.codes`) and reads references to cards, tiles, places, contracts and
hexes. The parts of the analysis (``analysis_rules``, ``analysis_board``, ``analysis_boarddecl``,
``analysis_position``, ``analysis_players``, ``analysis_canals``, ``analysis_events``) build on
it; :mod:`canaldsl.canalmania.semantics` composes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board, Contract
from canaldsl.canalmania.components import (
    PLACE_COLOURS,
    WILD_SYMBOL,
    CardKind,
    Edition,
    Terrain,
    TileKind,
)
from canaldsl.canalmania.position import Card
from canaldsl.diagnostics import Diagnostic, Severity, SourceText, Span, did_you_mean
from canaldsl.hexgrid import Hex


class AnalyserBase:
    """The diagnostics of one file, and the readers of its references."""

    rulebook_example: RulebookExample | None = None
    """What the file's ``rulebook`` statement says (set by the rules part)."""
    _board_failed = False
    """The file names a board that could not be read (already reported)."""

    def __init__(self, document: s.Document, source: SourceText, path: Path | None) -> None:
        self.document = document
        self.source = source
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        # Contracts declared with an error: already reported, so later uses stay quiet.
        self.broken_contracts: set[str] = set()

    # -- reporting
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

    # -- position
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

    def hex_ref(self, ref: s.Ref) -> Hex | None:
        try:
            return Hex.parse(ref.text)
        except ValueError as exc:
            self.error("E306", str(exc), ref.span)
            return None


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


EXPECTATIONS = (
    s.ExpectLegal,
    s.ExpectIllegal,
    s.ExpectScore,
    s.ExpectHand,
    s.ExpectSupply,
    s.ExpectCubes,
    s.ExpectBasin,
    s.ExpectEndgame,
    s.ExpectLastRound,
    s.ExpectWinner,
    s.ExpectCost,
    s.ExpectFinalScores,
)

POSITION_STATEMENTS = (
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


def article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


DEFAULT_EDITION = Edition.SECOND
