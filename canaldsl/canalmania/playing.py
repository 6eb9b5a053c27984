"""``canaldsl play`` for Canal Mania: the position after a file's turns, in the language."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from canaldsl.canalmania import syntax as s
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
    from canaldsl.canalmania.evaluate import evaluate
    from canaldsl.canalmania.writer import write_position

    scenario = playable(text, path=path, display=display)
    turns_only = dataclasses.replace(
        scenario.document,
        statements=tuple(
            st for st in scenario.document.statements if not isinstance(st, s.QueryDecl)
        ),
    )
    evaluation = evaluate(dataclasses.replace(scenario, document=turns_only))
    assert evaluation.final_state is not None and scenario.board is not None
    head = [st for st in scenario.document.statements if isinstance(st, s.RulesDecl | s.BoardDecl)]
    legal = sum(v.legal for v in evaluation.verdicts)
    note = [f"# position after {legal} legal turn{'s' if legal != 1 else ''} of {path.name}"]
    written = write_position(
        evaluation.final_state.to_position(),
        scenario.board,
        scenario.rules,
        head=head,
        comments=note,
    )
    return Played(written, violations_of(evaluation.verdicts))
