"""A dispute report: one HTML page that settles a file's question for the people at the table.

The page shows the answer first, in one line (who wins and by how much when the file asks;
else the first broken rule and where), then the verdict (every turn legal or not, every
expectation holding or not), the question as the file's opening comment puts it, the position
drawn, and then each turn: its text as written, the verdict, every rule it breaks (id, title,
where in the turn, the rule in canaldsl's words, where each rulebook says it, how the editions
differ) and a picture of the turn on the position before it. It ends with the commands that
check it again. The page is assembled by :mod:`canaldsl.htmlpage` (self-contained, every
string escaped) and the pictures are drawn by :mod:`canaldsl.canalmania.picture`.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from canaldsl.canalmania import scoresheet
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.engine import Verdict
from canaldsl.canalmania.evaluate import Evaluation, Judgement, evaluate, status_of
from canaldsl.canalmania.final import FinalResult, FinalScoringTooLong, final_scoring
from canaldsl.canalmania.mapkey import edition_name
from canaldsl.canalmania.overlays import Overlay, turn_overlays
from canaldsl.canalmania.picture import focus_hexes, svg
from canaldsl.canalmania.rulebook import RULEBOOKS, all_rules
from canaldsl.canalmania.semantics import Scenario
from canaldsl.htmlpage import Markup, Page, element
from canaldsl.statuses import Status


@dataclass(frozen=True)
class DisputeReport:
    """The report's page and the file's status (as ``canaldsl check`` gives it)."""

    html: str
    status: Status


def dispute_report(
    scenario: Scenario, text: str, *, path: str, output: str | None = None
) -> DisputeReport:
    """The report of a checked file whose source is ``text``; ``path`` is how the reader
    names the file (in the commands shown), ``output`` the report's own file name."""
    if scenario.board is None or scenario.position is None:
        raise ValueError(f"{path}: the file has no position to report on")
    evaluation = evaluate(scenario)
    status = status_of(evaluation)
    played = turn_overlays(scenario, evaluation.verdicts)
    page = Page(f"Canal Mania: {Path(path).name}")
    _summary(page, scenario, evaluation, status)
    question = _opening_comment(text)
    if question:
        page.heading("The question", id="question")
        page.note(question)
    page.heading("The position", id="position")
    page.figure(
        svg(scenario.board, scenario.position, rules=scenario.rules, title=Path(path).name),
        "The position the file describes, before its turns.",
    )
    lines = text.splitlines()
    for number, (turn, verdict, overlay) in enumerate(played, start=1):
        _turn(page, scenario, number, len(played), turn, verdict, overlay, lines)
    _final_scoring(page, scenario, evaluation)
    _expectations(page, evaluation.judgements)
    _commands(page, path, output, evaluation.verdicts)
    return DisputeReport(page.html(), status)


SCORE_QUESTIONS = (s.ExpectWinner, s.ExpectFinalScores)
"""Expectations that ask who wins: the report's headline is then the final scoring."""


def headline(scenario: Scenario, evaluation: Evaluation) -> str:
    """The answer to the file's question in one line, before any detail: the final scoring
    when the file asks who wins (``Red wins 98-98-86``), else the first illegal turn's broken
    rule and where (``Illegal: ...``), else that every turn is legal."""
    asks_winner = any(
        isinstance(e, SCORE_QUESTIONS)
        or (isinstance(e, s.QueryDecl) and e.kind in ("final-scores", "winner"))
        for e in scenario.events
    )
    final = _final(scenario, evaluation) if asks_winner else None
    if final is not None:
        answer = scoresheet.headline(final)
        return answer[:1].upper() + answer[1:]
    verdicts = evaluation.verdicts
    illegal = [(n, v) for n, v in enumerate(verdicts, start=1) if not v.legal]
    written = evaluation.final_deliveries
    if not illegal and written is not None and not written.legal:
        first = written.violations[0]
        return (
            f"Illegal: {first.message} ({first.rule}, final deliveries, line "
            f"{first.span.line}, column {first.span.column})"
        )
    if illegal:
        number, verdict = illegal[0]
        first = verdict.violations[0]
        which = f"turn {number} ({verdict.player})" if len(verdicts) > 1 else verdict.player
        more = f"; {len(illegal) - 1} more illegal turn(s) below" if len(illegal) > 1 else ""
        return (
            f"Illegal: {first.message} ({first.rule}, {which}, line {first.span.line}, "
            f"column {first.span.column}){more}"
        )
    if len(verdicts) == 1:
        points = ", ".join(f"{c} +{n}" for c, n in verdicts[0].points.items() if n)
        return f"Legal: {verdicts[0].player}'s turn breaks no rule" + (
            f" and scores {points}" if points else ""
        )
    if verdicts:
        return f"Legal: all {len(verdicts)} turns break no rule"
    return "No turn to judge"


def _final(scenario: Scenario, evaluation: Evaluation) -> FinalResult | None:
    """Final scoring after the file's turns: with its written final deliveries, if any
    (None past the budget)."""
    if evaluation.final_deliveries is not None:
        return evaluation.final_deliveries
    if evaluation.final_state is None:
        return None
    try:
        return final_scoring(evaluation.final_state)
    except FinalScoringTooLong:
        return None


def _final_scoring(page: Page, scenario: Scenario, evaluation: Evaluation) -> None:
    """The final scoring in full, when the file asks who wins or writes its final
    deliveries."""
    asks = scenario.final_deliveries is not None or any(
        isinstance(e, SCORE_QUESTIONS)
        or (isinstance(e, s.QueryDecl) and e.kind in ("final-scores", "winner"))
        for e in scenario.events
    )
    final = _final(scenario, evaluation) if asks else None
    if final is None:
        return
    page.heading("Final scoring", id="final-scoring")
    page.source("\n".join(scoresheet.text_lines(final)))


def _summary(page: Page, scenario: Scenario, evaluation: Evaluation, status: Status) -> None:
    page.headline(headline(scenario, evaluation))
    verdicts = evaluation.verdicts
    illegal = [v for v in verdicts if not v.legal]
    passed = sum(j.passed is True for j in evaluation.judgements)
    failed = sum(j.passed is False for j in evaluation.judgements)
    unknown = sum(j.passed is None for j in evaluation.judgements)
    badge = {
        Status.OK: ("good", "every expectation holds"),
        Status.ILLEGAL: ("bad", "a turn breaks a rule and no expectation says so"),
        Status.FAILED: ("bad", "an expectation does not hold"),
    }[status]
    page.paragraph(element("span", f"{status.upper()}: {badge[1]}", class_=f"badge {badge[0]}"))
    turns = f"{len(verdicts)} turn{'s' if len(verdicts) != 1 else ''}"
    broken = f", {len(illegal)} of them illegal" if illegal else ", all legal" if verdicts else ""
    expectations = f"{passed} expectation{'s hold' if passed != 1 else ' holds'}"
    if failed:
        expectations += f", {failed} {'does' if failed == 1 else 'do'} not"
    if unknown:
        expectations += f", {unknown} not evaluated"
    assert scenario.board is not None
    page.paragraph(
        f"{edition_name(scenario.rules.edition)} rules on the board "
        f"{scenario.board.title or scenario.board.name}. {turns}{broken}; {expectations}.",
        class_="muted",
    )
    items = []
    for number, verdict in enumerate(verdicts, start=1):
        name = f"Turn {number}" if len(verdicts) > 1 else "The turn"
        state = "legal" if verdict.legal else "illegal: breaks " + ", ".join(verdict.rules)
        link = element(
            "a", f"{name} ({verdict.player}, line {verdict.span.line})", href=f"#turn-{number}"
        )
        items.append(element("li", [link, f" is {state}"]))
    if items:
        page.add(element("ul", items))


def _opening_comment(text: str) -> str:
    """The comment lines at the top of the file, without their ``#``."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        out.append(stripped[1:].removeprefix(" "))
    return "\n".join(out).strip()


def _turn_text(turn: s.TurnDecl, lines: Sequence[str]) -> str:
    """The turn as the file writes it, with the comment lines just above it."""
    first = turn.span.line - 1
    while first > 0 and lines[first - 1].strip().startswith("#"):
        first -= 1
    return "\n".join(lines[first : turn.span.end_line])


def _turn(
    page: Page,
    scenario: Scenario,
    number: int,
    count: int,
    turn: s.TurnDecl,
    verdict: Verdict,
    overlay: Overlay,
    lines: Sequence[str],
) -> None:
    assert scenario.board is not None
    name = f"Turn {number}" if count > 1 else "The turn"
    state = "legal" if verdict.legal else "illegal"
    page.heading(
        f"{name}: {verdict.player} (line {turn.span.line}) is {state}", id=f"turn-{number}"
    )
    page.source(_turn_text(turn, lines))
    if verdict.legal:
        points = ", ".join(f"{c} +{n}" for c, n in verdict.points.items() if n)
        page.paragraph(
            element("span", "LEGAL", class_="badge good"),
            " No rule is broken." + (f" Points scored: {points}." if points else ""),
        )
    else:
        rules = verdict.rules
        page.paragraph(
            element("span", "ILLEGAL", class_="badge bad"),
            f" It breaks {len(rules)} rule{'s' if len(rules) != 1 else ''}: "
            f"{', '.join(rules)}. An illegal turn changes nothing: the game goes on from the "
            "position before it.",
        )
        _broken_rules(page, verdict)
    page.figure(
        svg(
            scenario.board,
            verdict.before,
            rules=scenario.rules,
            title=f"{name}: {verdict.player}",
            overlays=[overlay],
            focus=focus_hexes(scenario.board, [overlay]),
        ),
        f"{name} drawn on the position before it: green where no rule is broken, red where "
        "one is, with the rule's id beside it; the numbers give the order of the tiles.",
    )


def _broken_rules(page: Page, verdict: Verdict) -> None:
    rules = all_rules()
    for rule_id in verdict.rules:
        rule = rules.get(rule_id)
        where = [v for v in verdict.violations if v.rule == rule_id]
        blocks: list[str] = [
            element("h3", [element("code", rule_id), f": {rule.title}" if rule else ""])
        ]
        for violation in where:
            blocks.append(
                element(
                    "p",
                    [
                        element(
                            "strong",
                            f"Line {violation.span.line}, column {violation.span.column}: ",
                        ),
                        violation.message,
                    ],
                )
            )
        if rule is not None:
            blocks.append(element("p", [element("strong", "The rule: "), rule.text]))
            sections = [
                element("li", f"{book}: {rule.sections.get(key) or '(not in this rulebook)'}")
                for key, book in RULEBOOKS.items()
            ]
            blocks.append(element("p", element("strong", "Where the rulebooks say it:")))
            blocks.append(element("ul", sections))
            if rule.differences:
                blocks.append(
                    element("p", [element("strong", "How the editions differ: "), rule.differences])
                )
        page.add(Markup(element("div", blocks, class_="rule")))


def _expectations(page: Page, judgements: Sequence[Judgement]) -> None:
    if not judgements:
        return
    page.heading("What the file expects", id="expectations")
    outcome = {True: "holds", False: "DOES NOT HOLD", None: "not evaluated"}
    page.table(
        ["line", "expectation", "outcome", "why"],
        [[str(j.line), j.text, outcome[j.passed], j.reason] for j in judgements],
    )


def _commands(page: Page, path: str, output: str | None, verdicts: Sequence[Verdict]) -> None:
    page.heading("Check it yourself", id="commands")
    quoted = shlex.quote(path)
    commands = [f"canaldsl check {quoted}"]
    for rule_id in dict.fromkeys(r for v in verdicts for r in v.rules):
        commands.append(f"canaldsl explain {rule_id}")
    commands.append(f"canaldsl report {quoted} -o {shlex.quote(output or 'report.html')}")
    page.paragraph(
        "canaldsl plays the file's turns from its position and judges each expectation; "
        "these commands give the same verdicts in the terminal:"
    )
    page.source("\n".join(commands))
