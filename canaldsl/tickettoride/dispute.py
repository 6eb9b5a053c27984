"""The HTML dispute report of a Ticket to Ride file (``canaldsl report``): one page whose
headline is the answer (the verdict on the last turn in dispute, or the final scores), then
the question the file's opening comment asks, the map after the turns (with the longest route
of the player to move), each turn with the rules it breaks (id, message, Italian section),
the expectations, the final scores and the commands that check it again."""

from __future__ import annotations

from pathlib import Path

from canaldsl.games import CommandError, DisputeOutcome
from canaldsl.htmlpage import Page
from canaldsl.sources import display_name, read_source


def dispute_report(path: Path, *, output: str) -> DisputeOutcome:
    """The report of the file at ``path``."""
    name = display_name(path)
    text, problems = read_source(path)
    if text is None:
        raise CommandError(*(d.render() for d in problems), diagnostics=problems)
    return report_of_text(text, name=name)


def report_of_text(text: str, *, name: str) -> DisputeOutcome:
    """The report of a text (the page's unsaved text too), ``name`` its display name."""
    from canaldsl.tickettoride.evaluate import evaluate
    from canaldsl.tickettoride.loading import check_text
    from canaldsl.tickettoride.picture import svg
    from canaldsl.tickettoride.registry import all_rules
    from canaldsl.tickettoride.report import check_source
    from canaldsl.tickettoride.rulebook import BOOK, IT
    from canaldsl.tickettoride.scoring import final_scores

    all_rules()
    scenario, diagnostics = check_text(text, filename=name)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors:
        raise CommandError(*(d.render() for d in errors or diagnostics), diagnostics=errors)
    if scenario.position is None:
        raise CommandError(f"error: {name}: the file has no position to report on")
    report = check_source(text, display=name)
    evaluation, played = evaluate(scenario)
    position = evaluation.final_state
    assert position is not None
    scores = final_scores(position)
    page = Page(f"Ticket to Ride dispute: {name}")
    if played:
        last = played[-1]
        if last.verdict.legal:
            headline = f"Legal: {last.verdict.report.summary()}"
        else:
            headline = (
                f"Illegal: {last.event.turn.player}'s turn breaks "
                f"{', '.join(last.verdict.rules_broken)}"
            )
    else:
        headline = scores.headline()
    page.headline(headline)
    question = [c.lstrip("# ") for c in scenario.document.statements[0].comments.leading]
    if question:
        page.heading("The question")
        page.note("\n".join(question))
    page.heading("The position after the turns")
    page.figure(
        svg(position.board, position, longest=position.to_move, title=None),
        f"after {len(played)} turns; the longest route of {position.to_move} is highlighted",
    )
    if played:
        page.heading("Each turn")
        rows = []
        for p in played:
            rules = []
            for v in p.verdict.violations:
                rule = BOOK.rules.get(v.rule)
                section = rule.sections.get(IT) if rule is not None else None
                where = f" (it: {section})" if section else ""
                rules.append(f"{v.rule}: {v.message}{where}")
            rows.append(
                (
                    str(p.event.decl.span.line),
                    str(p.event.turn.player),
                    "legal" if p.verdict.legal else "illegal, not applied",
                    "; ".join(rules) or p.verdict.report.summary(),
                )
            )
        page.table(("line", "player", "verdict", "rules broken / what it did"), rows)
    if report.expectations:
        page.heading("Expectations")
        page.table(
            ("line", "claim", "holds", "computed"),
            [
                (
                    str(j.line),
                    j.text,
                    {True: "yes", False: "NO", None: "not evaluated"}[j.passed],
                    j.reason,
                )
                for j in report.expectations
            ],
        )
    page.heading("Final scores if the game ended here")
    page.paragraph(scores.headline())
    page.table(
        ("player", "routes", "tickets", "longest route", "bonus", "total"),
        [
            (
                str(x.player),
                str(x.route_points),
                "not known" if x.ticket_points is None else str(x.ticket_points),
                str(x.longest.length),
                str(x.bonus),
                "?" if x.total is None else str(x.total),
            )
            for x in scores.scores
        ],
    )
    page.heading("Check it again")
    page.source(f"canaldsl check {name}\ncanaldsl score {name}\ncanaldsl play {name}")
    return DisputeOutcome(page.html(), report.status)
