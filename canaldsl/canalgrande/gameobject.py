"""Canal Grande as a game of the canaldsl core: the :data:`GAME` object the registry loads.

Registered through the entry point ``canalgrande`` of the group ``canaldsl.games``.
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

    from canaldsl.canalgrande.reading import Scenario
    from canaldsl.games import PageModule
    from canaldsl.rules import RuleBook

RULES_NAMES = ("canal-grande",)


class CanalGrande(BaseGame):
    """The game Canal Grande (two players; the Italian fan translation). The hooks it has no
    answer for (boards) come from :class:`BaseGame`."""

    name = "canalgrande"
    page_module = "canaldsl.canalgrande.page"
    title = "Canal Grande"
    rules_names = RULES_NAMES
    report_fields = ("rules", "players")

    def rule_book(self) -> RuleBook:
        from canaldsl.canalgrande.allrules import RULEBOOK

        return RULEBOOK

    def parse_source(self, text: str, *, filename: str, path: Path | None) -> Scenario:
        from canaldsl.canalgrande.loading import check_text
        from canaldsl.diagnostics import SourceError

        scenario, diagnostics = check_text(text, filename=filename)
        if scenario is None or any(d.is_error for d in diagnostics):
            raise SourceError(diagnostics, source=text)
        return scenario

    def check_source(self, text: str, *, path: Path, display: str) -> FileReport:
        from canaldsl.canalgrande.report import check_source

        return check_source(text, path=path, display=display)

    def format_source(self, text: str, *, filename: str) -> tuple[str | None, list[Diagnostic]]:
        from canaldsl.canalgrande.formatter import format_document
        from canaldsl.canalgrande.parser import parse_document

        parsed = parse_document(text, filename=filename)
        if parsed.document is None or parsed.partial:
            return None, parsed.diagnostics
        return format_document(parsed.document), parsed.diagnostics

    def play_source(self, text: str, *, path: Path, display: str) -> Played:
        from canaldsl.canalgrande.report import played
        from canaldsl.canalgrande.writer import write_position

        scenario, result, diagnostics = played(text, display)
        errors = [d for d in diagnostics if d.is_error]
        if scenario is None or result is None or errors:
            raise CommandError(*(d.render() for d in errors), diagnostics=errors)
        if result.final is None:
            raise CommandError(f"error: {display}: the file has no position to play")
        violations = tuple(v for e in result.verdicts for v in e.violations)
        return Played(write_position(result.final, scenario.readings), violations)

    def claims(self, text: str, *, path: Path, display: str) -> ClaimsOutcome:
        from canaldsl.canalgrande.report import claims_of

        return claims_of(text, display)

    def rule_notes(self, rule_id: str) -> tuple[str, ...]:
        """Where the Italian text says the rule: its sentences in the sentence index."""
        from canaldsl.canalgrande.sentences import sentence_index

        found = sentence_index().for_rule(rule_id)
        if not found:
            return ()
        lines = ["Where the text says it (sentence index of canal-grande-it.txt, paraphrased):"]
        lines += [f"  sentence {s.number} ({s.section}): {s.says}" for s in found]
        return tuple(lines)

    def commands(self) -> Sequence[click.Command]:
        from canaldsl.canalgrande.commands import COMMANDS

        return COMMANDS

    def board_names(self) -> tuple[str, ...]:
        return ()

    def board_summary(self, name: str, *, edition: str | None, as_json: bool) -> str:
        raise CommandError("error: Canal Grande has no boards (it is a card game)")

    def score_sheet(self, text: str, *, path: Path, display: str, as_json: bool) -> str:
        from canaldsl.canalgrande.scoring import score_sheet

        return score_sheet(text, display=display, as_json=as_json)

    def final_scores(self, checked: Any) -> FinalScores:
        from canaldsl.canalgrande.scoring import final_scores

        return final_scores(checked)

    def picture(self, request: PictureRequest) -> str:
        from canaldsl.canalgrande.drawing import picture

        return picture(request)

    def dispute_report(self, path: Path, *, output: str) -> DisputeOutcome:
        from canaldsl.canalgrande.dispute import dispute_report

        return dispute_report(path, output=output)

    def crosscheck(self, folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
        from canaldsl.canalgrande.crosscheck import crosscheck_report

        return crosscheck_report(folder, output=output)


if TYPE_CHECKING:  # the page module has every function the page hooks forward to
    from canaldsl.canalgrande import page as _page

    _PAGE: PageModule = _page

GAME = CanalGrande()
"""The object the registry loads (entry point ``canalgrande``)."""
