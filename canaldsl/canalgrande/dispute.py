"""``canaldsl report FILE`` for Canal Grande: one self-contained HTML page settling a dispute.

The headline is the answer: a query's answer when the file asks one, else the vote's winner
when the file asks who wins a vote, else the first broken rule (and where), else that every
turn and vote is legal. Then the question (the file's opening comment), the position drawn,
each turn or vote with its source, verdict, explanation and picture, the expectations, and
the commands that reproduce it.
"""

from __future__ import annotations

from pathlib import Path

from canaldsl.canalgrande import syntax as s
from canaldsl.canalgrande.drawing import checked, event_svg
from canaldsl.canalgrande.evaluate import Evaluated
from canaldsl.canalgrande.reading import Scenario
from canaldsl.games import DisputeOutcome
from canaldsl.htmlpage import Page
from canaldsl.sources import display_name
from canaldsl.statuses import Status


def headline(scenario: Scenario, result: Evaluated) -> str:
    """The answer to the file's question in one line."""
    for query, answered in result.answers:
        if answered.problem is None:
            return f"{query.kind}: {answered.summary}"
    asks_vote = any(
        isinstance(e, s.ExpectDecl) and e.kind in ("vote-winner", "vote-prize")
        for e in scenario.events
    )
    if asks_vote:
        for verdict in reversed(result.verdicts):
            if verdict.votes and verdict.legal:
                vote = verdict.votes[-1]
                if vote.winner is not None:
                    return f"{vote.winner} wins the vote over {vote.district} and takes the prize"
    for verdict in result.verdicts:
        if not verdict.legal:
            first = verdict.violations[0]
            return (
                f"Illegal: {first.rule} at line {first.span.line}, column {first.span.column}: "
                f"{first.message}"
            )
    if result.final is not None and result.final.winner is not None:
        return f"{result.final.name(result.final.winner)} wins the game"
    return "Every turn and vote is legal"


def _opening_comment(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return "\n".join(lines).strip()


def status_of(result: Evaluated) -> Status:
    if any(j.passed is False for j in result.judgements):
        return Status.FAILED
    if result.unexpected_illegal:
        return Status.ILLEGAL
    return Status.OK


def dispute_report(path: Path, *, output: str) -> DisputeOutcome:
    scenario, result, text = checked(path)
    return _report(scenario, result, text, display_name(path))


def report_of_text(text: str, *, display: str, output: str) -> DisputeOutcome:
    """The report of a text not saved yet (the page of ``canaldsl serve``): the same page
    as ``canaldsl report``; CommandError with the errors when the text has any."""
    from canaldsl.canalgrande.drawing import checked_text

    scenario, result = checked_text(text, display)
    return _report(scenario, result, text, display)


def _report(scenario: Scenario, result: Evaluated, text: str, name: str) -> DisputeOutcome:
    from canaldsl.canalgrande import picture

    page = Page(f"Canal Grande: {Path(name).name}")
    page.headline(headline(scenario, result))
    question = _opening_comment(text)
    if question:
        page.heading("The question", id="question")
        page.note(question)
    assert scenario.position is not None
    page.heading("The position", id="position")
    position = scenario.position
    page.figure(
        picture.svg(position, offers=position.offers, title=Path(name).name),
        "The position the file describes, before its turns and votes.",
    )
    lines = text.splitlines()
    for verdict in result.verdicts:
        kind = "Turn" if verdict.kind == "turn" else "Vote"
        page.heading(
            f"{kind} {verdict.number} (line {verdict.span.line})", id=f"event-{verdict.number}"
        )
        page.source("\n".join(lines[verdict.span.line - 1 : verdict.span.end_line]))
        state = "legal" if verdict.legal else "illegal"
        page.paragraph(f"This {verdict.kind} is {state}.")
        if verdict.legal:
            page.note("\n".join(verdict.lines))
        else:
            page.table(
                ("rule", "line", "column", "why"),
                [
                    (v.rule, str(v.span.line), str(v.span.column), v.message)
                    for v in verdict.violations
                ],
            )
        page.figure(
            event_svg(verdict, f"{kind.lower()} {verdict.number}"), f"{kind} {verdict.number}."
        )
    for query, answered in result.answers:
        if answered.problem is None and answered.lines:
            page.heading(f"query {query.kind} (line {query.span.line})")
            page.note("\n".join([answered.summary, *answered.lines]))
    if result.judgements:
        page.heading("Expectations", id="expectations")
        page.table(
            ("line", "expectation", "holds", "why"),
            [
                (
                    str(j.line),
                    j.text,
                    {True: "yes", False: "NO", None: "not judged"}[j.passed],
                    j.reason,
                )
                for j in result.judgements
            ],
        )
    page.heading("Reproduce", id="commands")
    page.source(f"canaldsl check {name}\ncanaldsl render {name}\ncanaldsl report {name}")
    return DisputeOutcome(page.html(), status_of(result))
