"""Ticket to Ride (USA map) as a game of the canaldsl core: the :data:`GAME` object the
registry loads (entry point ``tickettoride`` of the group ``canaldsl.games``).

Importing this module costs nothing: every hook imports what it needs when called.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from canaldsl.diagnostics import Diagnostic
from canaldsl.games import (
    BaseGame,
    ClaimsOutcome,
    CommandError,
    DisputeOutcome,
    PictureRequest,
    Played,
)
from canaldsl.statuses import ExitCode
from canaldsl.verdicts import FileReport, FinalScores

if TYPE_CHECKING:
    import click

    from canaldsl.games import PageModule
    from canaldsl.rules import RuleBook

RULES_NAMES = ("ticket-to-ride",)
BOARDS = ("usa", "usa-1910")
"""The built-in boards, by the names ``board`` and ``render`` take (``usa-1910``: the USA map
with the 1910 tickets as well)."""


class TicketToRide(BaseGame):
    """Ticket to Ride, the USA map (base rules of the Italian 10th anniversary rulebook)."""

    name = "tickettoride"
    page_module = "canaldsl.tickettoride.page"
    title = "Ticket to Ride"
    rules_names = RULES_NAMES
    report_fields = ("board",)

    def rule_book(self) -> RuleBook:
        from canaldsl.tickettoride.registry import all_rules
        from canaldsl.tickettoride.rulebook import BOOK

        all_rules()
        return BOOK

    def rule_notes(self, rule_id: str) -> tuple[str, ...]:
        """Where the Italian text's sentence index cites a rule: each sentence's number,
        section and our paraphrase (read by ``canaldsl explain``)."""
        from canaldsl.tickettoride.sentences import sentence_index

        cited = [
            f"  it #{number} ({sentence.section}): {sentence.says}"
            for number, sentence in enumerate(sentence_index(), start=1)
            if rule_id in sentence.rules
        ]
        if not cited:
            return ()
        return ("Sentences of the text it checks (sentence index):", *cited)

    def parse_source(self, text: str, *, filename: str, path: Path | None) -> Any:
        from canaldsl.diagnostics import SourceError
        from canaldsl.tickettoride.loading import check_text

        scenario, diagnostics = check_text(text, filename=filename)
        if scenario is None or any(d.is_error for d in diagnostics):
            raise SourceError(diagnostics, source=text)
        return scenario

    def check_source(self, text: str, *, path: Path, display: str) -> FileReport:
        from canaldsl.tickettoride.registry import all_rules
        from canaldsl.tickettoride.report import check_source

        all_rules()
        return check_source(text, display=display)

    def format_source(self, text: str, *, filename: str) -> tuple[str | None, list[Diagnostic]]:
        from canaldsl.tickettoride.formatter import format_document
        from canaldsl.tickettoride.parser import parse_document

        document, diagnostics, whole = parse_document(text, filename=filename)
        if document is None or not whole:
            return None, diagnostics
        return format_document(document), diagnostics

    def play_source(self, text: str, *, path: Path, display: str) -> Played:
        from canaldsl.tickettoride.commands import play_source

        return play_source(text, display=display)

    def claims(self, text: str, *, path: Path, display: str) -> ClaimsOutcome:
        from canaldsl.tickettoride.registry import all_rules
        from canaldsl.tickettoride.report import judge_claims

        all_rules()
        return judge_claims(text, display=display)

    def score_sheet(self, text: str, *, path: Path, display: str, as_json: bool) -> str:
        from canaldsl.tickettoride.commands import score_source

        return score_source(text, display=display, as_json=as_json)

    def commands(self) -> Sequence[click.Command]:
        from canaldsl.tickettoride.commands import COMMANDS

        return COMMANDS

    def board_names(self) -> tuple[str, ...]:
        return BOARDS

    def board_summary(self, name: str, *, edition: str | None, as_json: bool) -> str:
        from canaldsl.tickettoride.boardinfo import board_summary

        return board_summary(name, as_json=as_json)

    def picture(self, request: PictureRequest) -> str:
        from canaldsl.tickettoride.drawing import picture

        return picture(request)

    def dispute_report(self, path: Path, *, output: str) -> DisputeOutcome:
        from canaldsl.tickettoride.dispute import dispute_report

        return dispute_report(path, output=output)

    def crosscheck(self, folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
        from canaldsl.tickettoride.crosscheck import crosscheck_report

        return crosscheck_report(folder, output=output)

    def final_scores(self, checked: Any) -> FinalScores:
        """The final scores of the position after the file's legal turns, with each
        player's points by source (routes, tickets, longest route)."""
        from canaldsl.tickettoride.commands import core_final_scores

        return core_final_scores(checked)


if TYPE_CHECKING:  # the page module has every function the page hooks forward to
    from canaldsl.tickettoride import page as _page

    _PAGE: PageModule = _page

GAME = TicketToRide()
"""The object the registry loads (entry point ``tickettoride``)."""

__all__ = ["GAME", "CommandError"]
