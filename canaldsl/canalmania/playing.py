"""``canaldsl play`` for Canal Mania: the position after a file's turns, in the language."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.evaluate import Evaluation
from canaldsl.canalmania.semantics import Scenario
from canaldsl.diagnostics import Diagnostic
from canaldsl.games import CommandError, Played
from canaldsl.verdicts import Violation


def checked(text: str, *, path: Path | None, display: str) -> tuple[Scenario, list[Diagnostic]]:
    """The checked scenario of a text and its warnings; CommandError (showing every error)
    when it has any."""
    from canaldsl.canalmania.loading import check_text

    scenario, diagnostics = check_text(text, filename=display, path=path)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        raise CommandError(*(d.render() for d in errors or diagnostics))
    return scenario, diagnostics


def violations_of(verdicts: Sequence[Any]) -> tuple[Violation, ...]:
    """Every rule broken by the given verdicts, in order."""
    return tuple(v for verdict in verdicts for v in verdict.violations)


def playable(text: str, *, path: Path | None, display: str) -> Scenario:
    """The checked scenario of a text, with a board and a position (CommandError: errors, or
    nothing to play)."""
    scenario, warnings = checked(text, path=path, display=display)
    if scenario.position is None or scenario.board is None:
        raise CommandError(*(d.render() for d in warnings), f"{display}: no position to play")
    return scenario


def play_source(text: str, *, path: Path, display: str) -> Played:
    """Play the turns of a file; its queries (best build, can-complete ...) change nothing
    played and are left out rather than solved for nothing."""
    from canaldsl.canalmania.writer import write_position

    scenario = playable(text, path=path, display=display)
    evaluation = _turns_played(scenario)
    assert evaluation.final_state is not None and scenario.board is not None
    head = [st for st in scenario.document.statements if isinstance(st, s.RulesDecl | s.BoardDecl)]
    legal = sum(v.legal for v in evaluation.verdicts)
    source = display if path.name == "-" else path.name
    note = [f"# position after {legal} legal turn{'s' if legal != 1 else ''} of {source}"]
    written = write_position(
        evaluation.final_state.to_position(),
        scenario.board,
        scenario.rules,
        head=head,
        comments=note,
    )
    if scenario.final_deliveries is not None:
        # the final deliveries as written stay with the position they follow, so that
        # `score` of the played file gives the file's own final scores
        from canaldsl.canalmania.formatter import statement_text

        written = written.rstrip("\n") + "\n\n" + statement_text(scenario.final_deliveries) + "\n"
    return Played(written, violations_of(evaluation.verdicts))


def _turns_played(scenario: Scenario) -> Evaluation:
    """The file's turns played, its queries left out (they change nothing played)."""
    from canaldsl.canalmania.evaluate import evaluate

    turns_only = dataclasses.replace(
        scenario.document,
        statements=tuple(
            st for st in scenario.document.statements if not isinstance(st, s.QueryDecl)
        ),
    )
    return evaluate(dataclasses.replace(scenario, document=turns_only))


def score_source(text: str, *, path: Path, display: str, as_json: bool) -> str:
    """``canaldsl score``: final scoring of the position after the file's legal turns, with
    each player's points by source (CommandError: errors, nothing to play, or final
    deliveries past their work budget)."""
    import json

    from canaldsl.canalmania import scoresheet
    from canaldsl.canalmania.final import FinalScoringTooLong, final_scoring

    scenario = playable(text, path=path, display=display)
    evaluation = _turns_played(scenario)
    assert evaluation.final_state is not None
    try:
        final = evaluation.final_deliveries or final_scoring(
            evaluation.final_state, written=scenario.final_deliveries
        )
    except FinalScoringTooLong as exc:
        raise CommandError(f"error: {display}: final scoring not evaluated: {exc}") from exc
    legal = sum(v.legal for v in evaluation.verdicts)
    illegal = len(evaluation.verdicts) - legal
    after = f"after {legal} legal turn{'s' if legal != 1 else ''}"
    if illegal:
        after += f" ({illegal} illegal turn{'s' if illegal != 1 else ''} not applied)"
    if as_json:
        from canaldsl.jsonschemas import tag

        document = {
            "schema": tag("score"),
            "file": display,
            "game": "canalmania",
            "legal_turns": legal,
            "illegal_turns": illegal,
        }
        document.update(scoresheet.to_json(final))
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    lines = scoresheet.text_lines(final)
    return "\n".join([f"{display}: final scoring {after}", *lines]) + "\n"
