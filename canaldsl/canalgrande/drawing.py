"""``canaldsl render`` for Canal Grande: a file's position, offers, hands, prizes and votes.

Without ``--turn``: the position after the file's legal turns and votes, with every vote
held on the way (or the position's own offers). With ``--turn N``: the N-th turn or disputed
vote of the file, drawn from the position before it (offers taken, votes play by play).
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

from canaldsl.canalgrande.evaluate import Evaluated, EventVerdict
from canaldsl.canalgrande.reading import Scenario
from canaldsl.games import CommandError, PictureRequest


def _fail(message: str) -> NoReturn:
    raise CommandError(f"error: {message}")


def checked(path: Path) -> tuple[Scenario, Evaluated, str]:
    """A file read and played (CommandError showing its errors when it has any)."""
    from canaldsl.sources import display_name, read_source

    display = display_name(path)
    text, problems = read_source(path)
    if text is None:
        raise CommandError(*(d.render() for d in problems), diagnostics=problems)
    scenario, result = checked_text(text, display)
    return scenario, result, text


def checked_text(text: str, display: str) -> tuple[Scenario, Evaluated]:
    """A text read and played (CommandError showing its errors when it has any)."""
    from canaldsl.canalgrande.report import played

    scenario, result, diagnostics = played(text, display)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or result is None or errors:
        raise CommandError(
            *(d.render() for d in errors), f"{display}: not drawn: the file has errors",
            diagnostics=errors,
        )  # fmt: skip
    if scenario.position is None or result.final is None:
        _fail(f"{display}: the file describes no position (two players) to draw")
    return scenario, result


def event_svg(verdict: EventVerdict, title: str) -> str:
    """One turn or disputed vote drawn from the position before it."""
    from canaldsl.canalgrande import picture

    if verdict.report is not None and verdict.legal:
        return picture.turn_svg(verdict.report, title=title)
    return picture.svg(verdict.before, votes=verdict.drawn_votes(), title=title)


def picture(request: PictureRequest) -> str:
    from canaldsl.canalgrande import picture as draw

    path = Path(request.file)
    _, result, _ = checked(path)
    assert result.final is not None
    title = path.name
    if request.turn is not None and request.turn > 0:
        if not result.verdicts:
            _fail(f"{request.file}: the file has no turn or vote to draw")
        if request.turn > len(result.verdicts):
            _fail(
                f"{request.file}: there is no turn {request.turn} "
                f"(the file has {len(result.verdicts)} turns and votes)"
            )
        verdict = result.verdicts[request.turn - 1]
        return event_svg(verdict, f"{title}: {verdict.kind} {request.turn}")
    votes = [vote for verdict in result.verdicts for vote in verdict.drawn_votes()]
    position = result.final
    return draw.svg(position, offers=position.offers, votes=votes, title=title)
