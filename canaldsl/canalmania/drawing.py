"""``canaldsl render`` and ``report`` for Canal Mania: what is drawn, and the file checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

from canaldsl.budget import Budget
from canaldsl.canalmania.analysis_board import BUILTIN_BOARDS
from canaldsl.canalmania.semantics import Scenario
from canaldsl.games import CommandError, PictureRequest


def _fail(message: str) -> NoReturn:
    raise CommandError(f"error: {message}")


def checked_file(file: Path) -> tuple[Scenario, str]:
    """The checked scenario of FILE and its text (CommandError, showing why: errors)."""
    from canaldsl.canalmania.loading import check_path

    scenario, diagnostics, text = check_path(file)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors or text is None:
        lines = [d.render() for d in errors or diagnostics]
        raise CommandError(*lines, f"{file}: not drawn: the file has errors")
    return scenario, text


def picture(request: PictureRequest) -> str:
    """The SVG document ``render`` writes."""
    from canaldsl.canalmania import picture

    file, turn = request.file, request.turn
    solved = request.best_build or request.best_delivery
    path = Path(file)
    if file in ("england", *BUILTIN_BOARDS) and not path.exists():
        return _builtin(file, hex_labels=request.hex_labels, asked=turn is not None or solved)
    scenario, _ = checked_file(path)
    if scenario.board is None:
        _fail(f"{file}: the file describes no board to draw")
    overlays: list[Any] = []
    position = scenario.position
    title = path.name
    if turn is not None:
        if position is None:
            _fail(f"{file}: there is no position, so no turn to draw")
        from canaldsl.canalmania.overlays import turn_overlays

        played = turn_overlays(scenario)
        if not played:
            _fail(f"{file}: the file has no turn to draw")
        if turn > len(played):
            _fail(f"{file}: there is no turn {turn} (the file has {len(played)})")
        if turn:
            _, verdict, overlay = played[turn - 1]
            overlays, position = [overlay], verdict.before
        else:
            overlays = [overlay for _, _, overlay in played]
    elif solved:
        overlays, position = _answer(
            scenario, file, request.best_build, request.colour, request.budget
        )
        title += " (after its turns)"
    return picture.svg(
        scenario.board,
        position,
        rules=scenario.rules,
        title=title,
        overlays=overlays,
        focus=picture.focus_hexes(scenario.board, overlays) if request.focus else (),
        hex_labels=request.hex_labels,
    )


def _builtin(name: str, *, hex_labels: bool, asked: bool) -> str:
    from canaldsl.canalmania import picture
    from canaldsl.canalmania.boardinfo import find_board

    if asked:
        _fail(f"{name} is a bare board: it has no turns and no position to solve")
    board, diagnostics = find_board(name)
    if board is None:
        raise CommandError(*(d.render() for d in diagnostics))
    return picture.svg(board, None, title=board.title or board.name, hex_labels=hex_labels)


def _answer(
    scenario: Scenario, file: str, build: bool, colour: str | None, budget: float
) -> tuple[list[Any], Any]:
    """The solver's answer as an overlay, and the position it answers (after the turns)."""
    from canaldsl.canalmania.bestbuild import best_build
    from canaldsl.canalmania.overlays import build_overlay, delivery_overlay
    from canaldsl.canalmania.play import state_after_turns

    if scenario.position is None:
        _fail(f"{file}: there is no position to solve")
    state = state_after_turns(scenario)
    mover = colour or state.now
    if mover is None:
        _fail(f"{file}: whose turn? give --for COLOUR (the file has no `now`)")
    if not state.has_player(mover):
        _fail(f"{file}: there is no player {mover}")
    position = state.to_position()
    if build:
        from canaldsl.canalmania.problem import HandUnknown

        try:
            plan = best_build(state, mover, budget=Budget.of(budget))
        except HandUnknown as exc:
            _fail(f"{file}: {exc}: no build can be judged")
        assert scenario.board is not None
        return [build_overlay(plan, position, scenario.board)], position
    from canaldsl.canalmania.delivery import search_best_delivery

    found = search_best_delivery(state, mover, budget=Budget.of(budget))
    if found.stopped is not None:
        _fail(f"{file}: the best goods move was not found within the work budget")
    return [delivery_overlay(found.delivery, mover)], position
