"""Tiny Race: a game defined inside the tests, so that the core's generic paths (``check``,
``fmt``, ``play``, ``rules``, ``explain``, the pytest plugin) run without Canal Mania.

A file: ``rules tiny-race``, ``pile N``, turns ``turn red { take 2 }``, expectations
(``expect legal``, ``expect illegal RULE``, ``expect pile N``) and the query
``query can-win: yes``. Whoever takes the last counter wins. Not shipped with canaldsl.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lark

from canaldsl import lalr
from canaldsl.diagnostics import Diagnostic, SourceError, SourceText, Span, sort_diagnostics
from canaldsl.games import BaseGame, ClaimsOutcome, CommandError, Played, register, unregister
from canaldsl.rules import Referee, RuleBook
from canaldsl.statuses import Status
from canaldsl.verdicts import Claim, FileReport, Judgement, Violation
from tinygame import rules

lalr.add_grammar_folder(Path(__file__).resolve().parent)

STATEMENT_START = re.compile(r"^(rules|pile|turn|expect|query)\b")


@dataclass(frozen=True)
class Statement:
    """One statement as written: its kind, its words and numbers, where it is."""

    kind: str
    values: tuple[str, ...]
    span: Span


def _span(tree: Any) -> Span:
    meta = tree.meta
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


def parse(text: str, *, filename: str) -> tuple[list[Statement] | None, list[Diagnostic]]:
    """The statements of a text, or None with the syntax diagnostics."""
    result = lalr.parse_tree(
        "tinygame", SourceText(text, filename), statement_start=STATEMENT_START
    )
    if result.tree is None:
        return None, result.diagnostics
    statements = []
    for tree in result.tree.children:
        assert isinstance(tree, lark.Tree)
        node = tree.children[0] if tree.data == "expect_decl" else tree
        assert isinstance(node, lark.Tree)
        values = tuple(str(t) for t in node.scan_values(lambda v: isinstance(v, lark.Token)))
        if node.data == "query_decl":
            answers = [c.data for c in node.find_data("answer_yes")]
            answers += [c.data for c in node.find_data("answer_no")]
            values = (*values, *(str(a) for a in answers))
        statements.append(Statement(str(node.data), values, _span(tree)))
    return statements, result.diagnostics


def format_statement(statement: Statement) -> str:
    """A statement in the canonical layout."""
    v = statement.values
    if statement.kind == "turn_decl":
        return f"turn {v[0]} {{ take {v[1]} }}"
    if statement.kind == "query_decl":
        return f"query {v[0]}" + (f": {v[1].removeprefix('answer_')}" if len(v) > 1 else "")
    keyword = {
        "rules_decl": "rules",
        "pile_decl": "pile",
        "expect_legal": "expect legal",
        "expect_illegal": "expect illegal",
        "expect_pile": "expect pile",
    }[statement.kind]
    return " ".join([keyword, *v])


@dataclass(frozen=True)
class Evaluated:
    pile: int
    violations: tuple[Violation, ...]
    judgements: tuple[Judgement, ...]
    turns: int
    unexpected_illegal: bool


def evaluate(statements: Sequence[Statement]) -> Evaluated:
    """Play the turns in order (an illegal turn is not applied) and judge every claim."""
    pile = 0
    last: list[Violation] | None = None
    covered = True
    violations: list[Violation] = []
    judgements: list[Judgement] = []
    turns = 0
    for st in statements:
        line, text = st.span.line, format_statement(st)
        if st.kind == "pile_decl":
            pile = int(st.values[0])
        elif st.kind == "turn_decl":
            turns += 1
            taken = int(st.values[1])
            referee = Referee()
            referee.check(rules.one_to_three, st.span, taken=taken)
            referee.check(rules.from_the_pile, st.span, taken=taken, pile=pile)
            last = referee.violations
            violations += last
            covered = covered and not last
            if not last:
                pile -= taken
        elif st.kind == "expect_legal":
            broken = ", ".join(v.rule for v in last or ())
            judgements.append(Judgement(line, text, last == [], broken and f"breaks {broken}"))
            covered = True
        elif st.kind == "expect_illegal":
            broken_rules = {v.rule for v in last or ()}
            holds = bool(broken_rules) and set(st.values) <= broken_rules
            reason = f"breaks {', '.join(sorted(broken_rules)) or 'nothing'}"
            judgements.append(Judgement(line, text, holds, reason))
            covered = True
        elif st.kind == "expect_pile":
            judgements.append(
                Judgement(line, text, pile == int(st.values[0]), f"the pile holds {pile}")
            )
        elif st.kind == "query_decl":
            wins = rules.can_win(pile)
            claimed = st.values[1] == "answer_yes" if len(st.values) > 1 else None
            said = "yes" if wins else "no"
            judgements.append(Judgement(line, text, claimed is None or claimed == wins, said))
    return Evaluated(pile, tuple(violations), tuple(judgements), turns, not covered)


class TinyRace(BaseGame):
    """The tests' game, registered with :func:`canaldsl.games.register`."""

    name = "tinygame"
    title = "Tiny Race"
    rules_names = ("tiny-race",)
    report_fields = ("pile",)

    def rule_book(self) -> RuleBook:
        return rules.BOOK

    def _statements(self, text: str, filename: str) -> tuple[list[Statement], list[Diagnostic]]:
        statements, diagnostics = parse(text, filename=filename)
        if statements is None:
            raise SourceError(diagnostics, source=text)
        return statements, diagnostics

    def parse_source(self, text: str, *, filename: str, path: Path | None) -> Any:
        return self._statements(text, filename)[0]

    def check_source(self, text: str, *, path: Path, display: str) -> FileReport:
        statements, diagnostics = parse(text, filename=display)
        if statements is None:
            return FileReport(
                display, Status.ERROR, tuple(diagnostics), facts=dict.fromkeys(self.report_fields)
            )
        result = evaluate(statements)
        source = SourceText(text, display)
        verdicts = [
            source.diagnostic("V001", v.message, v.span, rule=v.rule) for v in result.violations
        ]
        status = Status.OK
        if any(j.passed is False for j in result.judgements):
            status = Status.FAILED
        elif result.unexpected_illegal:
            status = Status.ILLEGAL
        return FileReport(
            display,
            status,
            tuple(sort_diagnostics([*diagnostics, *verdicts])),
            result.judgements,
            result.turns,
            facts={"pile": result.pile},
            summary=("tiny-race", f"pile {result.pile}"),
            scenario=statements,
        )

    def format_source(self, text: str, *, filename: str) -> tuple[str | None, list[Diagnostic]]:
        statements, diagnostics = parse(text, filename=filename)
        if statements is None:
            return None, diagnostics
        return "".join(format_statement(st) + "\n" for st in statements), diagnostics

    def play_source(self, text: str, *, path: Path, display: str) -> Played:
        statements, diagnostics = parse(text, filename=display)
        if statements is None:
            raise CommandError(*(d.render() for d in diagnostics))
        result = evaluate(statements)
        return Played(f"rules tiny-race\npile {result.pile}\n", result.violations)

    def claims(self, text: str, *, path: Path, display: str) -> ClaimsOutcome:
        statements, diagnostics = parse(text, filename=display)
        if statements is None:
            return ClaimsOutcome(errors=tuple(diagnostics))
        judged = evaluate(statements).judgements
        return ClaimsOutcome((), tuple(Claim(j.line, j.text, j.reason, j.passed) for j in judged))


GAME = TinyRace()


def install() -> TinyRace:
    """Register the game (idempotent)."""
    register(GAME)
    return GAME


def uninstall() -> None:
    unregister(GAME.name)
