"""A file played and judged: each turn and disputed vote through the engine, each
expectation against what happened, each query through the solvers.

Turns and votes are played in file order from the starting position; an illegal one changes
nothing (the record may follow it with the corrected one). ``expect legal`` / ``expect
illegal`` speak of the turn or vote just before them; ``expect vote ...`` of its last vote;
``expect winner`` / ``prizes`` / ``total`` / ``hand`` of the position after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.canalgrande import codes
from canaldsl.canalgrande import syntax as s
from canaldsl.canalgrande.allrules import RULEBOOK
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District, card_named
from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.game import check_position, play_vote
from canaldsl.canalgrande.position import Position
from canaldsl.canalgrande.queries import Answered, answer_query
from canaldsl.canalgrande.reading import Scenario, TurnEvent, VoteEvent, with_roles
from canaldsl.canalgrande.reports import TurnReport, VoteReport
from canaldsl.diagnostics import Diagnostic, Severity, SourceText, Span
from canaldsl.verdicts import Judgement, Violation


@dataclass
class EventVerdict:
    """A turn or a disputed vote judged: its number in the file, kind, whose, where, the
    rules broken, the turn explained, its votes, the position before and after."""

    number: int
    kind: str
    player: str
    span: Span
    violations: list[Violation]
    lines: list[str]
    votes: list[VoteReport]
    before: Position
    after: Position
    report: TurnReport | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    def drawn_votes(self) -> list[VoteReport]:
        """The votes as a picture must show them: as played when the event is legal, else
        refused (plays only, no winner: an illegal turn or vote changes nothing), with the
        first rule broken and where."""
        if self.legal:
            return list(self.votes)
        first = self.violations[0]
        why = f"{first.rule} (line {first.span.line}, column {first.span.column})"
        return [vote.as_refused(why) for vote in self.votes]


@dataclass
class Evaluated:
    """A file played: verdicts, judgements, diagnostics found while playing, the final
    position, the illegal events no expectation speaks of, and the answers to queries."""

    verdicts: list[EventVerdict] = field(default_factory=list)
    judgements: list[Judgement] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    position_violations: list[Violation] = field(default_factory=list)
    final: Position | None = None
    unexpected_illegal: list[EventVerdict] = field(default_factory=list)
    answers: list[tuple[s.QueryDecl, Answered]] = field(default_factory=list)


def expectation_text(decl: s.ExpectDecl) -> str:
    """An expectation as the canonical layout writes it (the judgement's text)."""
    from canaldsl.canalgrande.formatter import expect_text

    return expect_text(decl)


def _bag_text(bag: Bag[Card]) -> str:
    return bag.describe() if bag else "none"


def evaluate(scenario: Scenario, source: SourceText) -> Evaluated:
    """Play and judge every event of ``scenario``."""
    out = Evaluated()
    position = scenario.position
    if position is None:
        return out
    out.position_violations = check_position(position, span=_first_player_span(scenario))
    last: EventVerdict | None = None
    covered = True
    for event in scenario.events:
        if isinstance(event, (TurnEvent, VoteEvent)):
            if last is not None and not covered and not last.legal:
                out.unexpected_illegal.append(last)
            last = _play(event, position, len(out.verdicts) + 1, scenario, source, out)
            out.verdicts.append(last)
            position = last.after
            covered = False
        elif isinstance(event, s.ExpectDecl):
            judgement = _judge(event, last, position, source, out)
            out.judgements.append(judgement)
            if event.kind in ("legal", "illegal"):
                covered = True
        else:
            answered = answer_query(event, position, scenario.readings)
            out.answers.append((event, answered))
            out.judgements.append(_query_judgement(event, answered, source, out))
    if last is not None and not covered and not last.legal:
        out.unexpected_illegal.append(last)
    out.final = position
    return out


def _first_player_span(scenario: Scenario) -> Span:
    document = scenario.document
    if document is not None:
        for st in document.statements:
            if isinstance(st, s.PlayerDecl):
                return st.span
    return Span(1, 1, 1, 2)


def _play(
    event: TurnEvent | VoteEvent,
    position: Position,
    number: int,
    scenario: Scenario,
    source: SourceText,
    out: Evaluated,
) -> EventVerdict:
    if isinstance(event, VoteEvent):
        verdict = play_vote(position, event.owner, event.vote, readings=scenario.readings)
        after = verdict.after if verdict.legal else position
        lines = (
            [verdict.report.describe()]
            if verdict.legal
            else [f"{v.span.line}:{v.span.column}: illegal ({v.rule}): {v.message}"
                  for v in verdict.violations]
        )  # fmt: skip
        return EventVerdict(
            number, "vote", event.owner, event.decl.span, list(verdict.violations), lines,
            [verdict.report], position, after,
        )  # fmt: skip
    turn, problems = with_roles(event, position)
    for message, span, hint in problems:
        out.diagnostics.append(source.diagnostic(codes.PHASE_ORDER, message, span, hint=hint))
    report = play_turn(position, turn, readings=scenario.readings)
    votes = [vote for phase in report.phases for vote in phase.votes]
    return EventVerdict(
        number, "turn", event.chooser, event.decl.span, list(report.violations),
        report.describe(), votes, position, report.after, report,
    )  # fmt: skip


def _nothing_before(decl: s.ExpectDecl, source: SourceText, out: Evaluated) -> Judgement:
    out.diagnostics.append(
        source.diagnostic(
            codes.NOTHING_TO_JUDGE,
            "this expectation speaks of the turn or vote before it, and there is none",
            decl.span,
            hint="put the expectation after a `turn { ... }` or a `vote by ... { ... }`",
        )
    )
    return Judgement(decl.span.line, expectation_text(decl), None, "no turn or vote before it")


def _judge(
    decl: s.ExpectDecl,
    last: EventVerdict | None,
    position: Position,
    source: SourceText,
    out: Evaluated,
) -> Judgement:
    line, text = decl.span.line, expectation_text(decl)
    if decl.kind in ("legal", "illegal", "vote-winner", "vote-prize") and last is None:
        return _nothing_before(decl, source, out)
    if decl.kind == "legal":
        assert last is not None
        broken = ", ".join(dict.fromkeys(v.rule for v in last.violations))
        return Judgement(line, text, last.legal, f"breaks {broken}" if broken else "legal")
    if decl.kind == "illegal":
        assert last is not None
        return _judge_illegal(decl, last, source, out)
    if decl.kind in ("vote-winner", "vote-prize"):
        assert last is not None
        if not last.votes:
            return Judgement(line, text, False, "no vote was held")
        vote = last.votes[-1]
        if decl.kind == "vote-winner":
            said = vote.winner or "none"
            wanted = decl.words[0].text if decl.words else "none"
            return Judgement(line, text, said == wanted, f"the vote's winner is {said}")
        prize = str(vote.prize) if vote.prize is not None else "none"
        wanted_prize = _district_text(decl.words[0].text) if decl.words else "none"
        return Judgement(line, text, prize == wanted_prize, f"the prize is {prize}")
    if decl.kind == "winner":
        said = position.name(position.winner) if position.winner is not None else "none"
        wanted = decl.words[0].text if decl.words else "none"
        return Judgement(line, text, said == wanted, f"the game's winner is {said}")
    index = position.index(decl.words[0].text) if decl.words else None
    if index is None:
        return Judgement(line, text, None, "no such player")
    player = position.players[index]
    if decl.kind == "total":
        return Judgement(
            line, text, player.total == decl.number, f"{player.name}'s total is {player.total}"
        )
    items = decl.items or ()
    if decl.kind == "prizes":
        wanted_prizes = Bag.of(
            d for item in items for d in _districts(item) for _ in range(item.count or 1)
        )
        said = player.prizes.describe() if player.prizes else "none"
        return Judgement(
            line, text, player.prizes == wanted_prizes, f"{player.name}'s prizes: {said}"
        )
    known = Bag.of(
        c
        for item in items
        if item.kind == "card"
        for c in _cards(item)
        for _ in range(item.count or 1)
    )
    unknown: int | None = 0
    for item in items:
        if item.kind == "unknown":
            unknown = None if item.count is None or unknown is None else unknown + item.count
    holds = player.hand.known == known and player.hand.unknown == unknown
    said = player.hand.describe() or "none"
    return Judgement(line, text, holds, f"{player.name}'s hand: {said}")


def _cards(item: s.Item) -> list[Card]:
    try:
        return [card_named(item.text)]
    except ValueError:
        return []


def _districts(item: s.Item) -> list[District]:
    return [c.district for c in _cards(item) if c.district is not None]


def _district_text(name: str) -> str:
    found = _districts(s.Item("card", name))
    return str(found[0]) if found else name


def _judge_illegal(
    decl: s.ExpectDecl, last: EventVerdict, source: SourceText, out: Evaluated
) -> Judgement:
    line, text = decl.span.line, expectation_text(decl)
    for word in decl.words:
        if word.text not in RULEBOOK.rules:
            guess = _guess_rule(word.text)
            out.diagnostics.append(
                source.diagnostic(
                    codes.UNKNOWN_RULE,
                    f"no Canal Grande rule is called {word.text!r}",
                    word.span,
                    hint=f"did you mean {guess}?" if guess else "`canaldsl rules` lists them",
                )
            )
    broken = list(dict.fromkeys(v.rule for v in last.violations))
    wanted = [w.text for w in decl.words]
    said = f"breaks {', '.join(broken)}" if broken else "legal"
    if not broken:
        return Judgement(line, text, False, said)
    if decl.only:
        return Judgement(line, text, set(wanted) == set(broken), said)
    return Judgement(line, text, set(wanted) <= set(broken), said)


def _guess_rule(name: str) -> str | None:
    from canaldsl.diagnostics import did_you_mean

    return did_you_mean(name, RULEBOOK.rules)


def _query_judgement(
    decl: s.QueryDecl, answered: Answered, source: SourceText, out: Evaluated
) -> Judgement:
    from canaldsl.canalgrande.formatter import query_text

    text = query_text(decl)
    if answered.problem is not None:
        code, message, hint = answered.problem
        out.diagnostics.append(source.diagnostic(code, message, decl.span, hint=hint))
        return Judgement(decl.span.line, text, None, message)
    reason = answered.summary
    if answered.agrees is False:
        reason = f"{answered.disagreement} ({answered.summary})"
    reason += "".join("\n    " + line for line in answered.lines)  # the line, the proof table
    return Judgement(decl.span.line, text, answered.agrees, reason)


def illegal_diagnostics(result: Evaluated, source: SourceText) -> list[Diagnostic]:
    """Each broken rule as a diagnostic of severity ``illegal`` (V001) naming the rule."""
    out = []
    for violation in [
        *result.position_violations,
        *(v for e in result.verdicts for v in e.violations),
    ]:
        out.append(
            source.diagnostic(
                "V001", violation.message, violation.span, severity=Severity.ILLEGAL,
                rule=violation.rule,
            )
        )  # fmt: skip
    return out
