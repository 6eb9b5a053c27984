"""Canal Mania as a game of the canaldsl core: the :data:`GAME` object the registry loads.

Registered through the entry point ``canalmania`` of the group ``canaldsl.games``. Importing
this module costs nothing: every hook imports what it needs when called (the command line
lists the game's commands without loading the language, the rules or the solvers).
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
from canaldsl.verdicts import Claim, FileReport, FinalScores

if TYPE_CHECKING:
    import click

    from canaldsl.canalmania.semantics import Scenario
    from canaldsl.games import PageModule
    from canaldsl.rules import RuleBook

EDITIONS = ("first-edition", "second-edition")
"""The rule sets of Canal Mania, as a file's ``rules`` statement names them."""

BOARDS = ("england", "england-1st", "england-2nd")
"""The built-in boards, by the names ``board`` and ``render`` take."""


def rule_book() -> RuleBook:
    """Canal Mania's rules in the core registry (:class:`~canaldsl.rules.RuleBook`), complete:
    every check module registered."""
    from canaldsl.canalmania.rulebook import RULEBOOK

    return RULEBOOK


class CanalMania(BaseGame):
    """The game Canal Mania (1st and 2nd editions, three rulebook translations)."""

    name = "canalmania"
    page_module = "canaldsl.canalmania.page"
    title = "Canal Mania"
    rules_names = EDITIONS
    report_fields = ("edition", "board")

    def rule_book(self) -> RuleBook:
        return rule_book()

    def parse_source(self, text: str, *, filename: str, path: Path | None) -> Scenario:
        from canaldsl.canalmania.loading import check_text
        from canaldsl.diagnostics import SourceError

        scenario, diagnostics = check_text(text, filename=filename, path=path)
        if scenario is None or any(d.is_error for d in diagnostics):
            raise SourceError(diagnostics, source=text)
        return scenario

    def check_source(self, text: str, *, path: Path, display: str) -> FileReport:
        from canaldsl.canalmania.report import check_source

        return check_source(text, path=path, display=display)

    def format_source(self, text: str, *, filename: str) -> tuple[str | None, list[Diagnostic]]:
        from canaldsl.canalmania.formatter import format_document
        from canaldsl.canalmania.parser import parse_document

        document, diagnostics = parse_document(text, filename=filename)
        if document is None:
            return None, diagnostics
        return format_document(document), diagnostics

    def play_source(self, text: str, *, path: Path, display: str) -> Played:
        from canaldsl.canalmania.playing import play_source

        return play_source(text, path=path, display=display)

    def claims(self, text: str, *, path: Path, display: str) -> ClaimsOutcome:
        from canaldsl.canalmania.loading import check_text
        from canaldsl.canalmania.rulebook_examples import judge

        scenario, diagnostics = check_text(text, filename=display, path=path)
        errors = tuple(d for d in diagnostics if d.is_error)
        if scenario is None or errors:
            return ClaimsOutcome(errors=errors)
        claims = tuple(Claim(c.line, c.claim, c.computed, c.agrees) for c in judge(scenario))
        rulebook = scenario.rulebook
        if rulebook is None:
            return ClaimsOutcome(errors=(), claims=claims)
        where = f" ({rulebook.translation} rulebook, section {rulebook.section!r})"
        return ClaimsOutcome((), claims, rulebook.known_error, where)

    def score_sheet(self, text: str, *, path: Path, display: str, as_json: bool) -> str:
        from canaldsl.canalmania.playing import score_source

        return score_source(text, path=path, display=display, as_json=as_json)

    def commands(self) -> Sequence[click.Command]:
        from canaldsl.canalmania.commands import COMMANDS

        return COMMANDS

    def board_names(self) -> tuple[str, ...]:
        return BOARDS

    def board_summary(self, name: str, *, edition: str | None, as_json: bool) -> str:
        import json

        from canaldsl.canalmania.boardinfo import board_json, board_text, find_board
        from canaldsl.jsonschemas import tag

        found, diagnostics = find_board(name, edition=edition)
        if found is None:
            raise CommandError(*(d.render() for d in diagnostics), diagnostics=diagnostics)
        if as_json:
            answer = {"schema": tag("board"), **board_json(found)}
            return json.dumps(answer, indent=2, ensure_ascii=False)
        return board_text(found)

    def picture(self, request: PictureRequest) -> str:
        from canaldsl.canalmania.drawing import picture

        return picture(request)

    def dispute_report(self, path: Path, *, output: str) -> DisputeOutcome:
        from canaldsl.canalmania.dispute import dispute_report
        from canaldsl.canalmania.drawing import checked_file
        from canaldsl.sources import display_name

        scenario, text = checked_file(path)
        if scenario.board is None or scenario.position is None:
            raise CommandError(
                f"error: {display_name(path)}: the file has no position to report on"
            )
        result = dispute_report(scenario, text, path=display_name(path), output=output)
        return DisputeOutcome(result.html, result.status)

    def final_scores(self, checked: Any) -> FinalScores:
        """Final scoring (:mod:`canaldsl.canalmania.final`) of the position after the file's
        legal turns: incomplete canals, each player's best last deliveries, the 1st edition's
        bonus; ranked with the rulebook's tie-breaks."""
        from canaldsl.canalmania.final import FinalScoringTooLong, final_scoring
        from canaldsl.canalmania.play import state_after_turns

        scenario: Scenario = checked
        if scenario.position is None or scenario.board is None:
            raise CommandError(f"error: {scenario.filename}: the file has no position to score")
        try:
            result = final_scoring(state_after_turns(scenario), written=scenario.final_deliveries)
        except FinalScoringTooLong as exc:
            raise CommandError(f"error: {scenario.filename}: {exc}") from None
        breakdown = {
            e.colour: {
                "in_play": e.in_play,
                "incomplete_canals": e.incomplete_canals,
                "final_goods": e.final_goods,
                "prolific_bonus": e.prolific_bonus,
            }
            for e in result.points
        }
        return FinalScores(
            scenario.filename, dict(result.scores), tuple(result.ranking), breakdown=breakdown
        )

    def crosscheck(self, folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
        from canaldsl.canalmania.examples import crosscheck_report

        return crosscheck_report(folder, output=output)


if TYPE_CHECKING:  # the page module has every function the page hooks forward to
    from canaldsl.canalmania import page as _page

    _PAGE: PageModule = _page

GAME = CanalMania()
"""The object the registry loads (entry point ``canalmania``)."""
