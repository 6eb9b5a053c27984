"""Playing a file: its turns in order, and every expectation and query judged.

Turns are played from the file's position in order; a legal turn's position becomes the game's,
an illegal turn is reported and not applied. ``expect legal``/``expect illegal`` speak of the
turn just before them; the other expectations of the game as it stands at that point.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from canaldsl import verdicts
from canaldsl.budget import DEFAULT_UNITS, Budget
from canaldsl.canalmania import scoresheet
from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.checks_end import FINAL_ROUNDS
from canaldsl.canalmania.components import CardKind, TileKind
from canaldsl.canalmania.delivery import search_best_delivery
from canaldsl.canalmania.engine import Verdict
from canaldsl.canalmania.final import FinalResult, FinalScoringTooLong, final_scoring
from canaldsl.canalmania.formatter import statement_text
from canaldsl.canalmania.play import play_turns, start_state
from canaldsl.canalmania.rulebook import all_rules, resolve
from canaldsl.canalmania.semantics import Scenario
from canaldsl.canalmania.state import GameState
from canaldsl.canalmania.turnnotes import cards_paid, turn_note
from canaldsl.statuses import Status
from canaldsl.verdicts import Judgement

__all__ = ["Evaluation", "Judgement", "evaluate", "status_of"]

QUERY_UNITS = DEFAULT_UNITS
"""Work units of one query (:mod:`canaldsl.budget`): CP-SAT's deterministic time and the
exact searches' steps, the same on every machine."""

FILE_QUERY_UNITS = 60.0
"""Work units the queries of one file may spend together (each has QUERY_UNITS besides)."""


@dataclass(frozen=True)
class Evaluation(verdicts.Evaluation[Verdict, GameState]):
    """A Canal Mania file played (the core's :class:`~canaldsl.verdicts.Evaluation`), with
    the file's written final deliveries checked (``final_deliveries``: None when the file
    writes none, or when their search ran past its budget)."""

    final_deliveries: FinalResult | None = None
    deliveries_expected: bool = False
    """Whether an ``expect legal``/``expect illegal`` speaks of the final deliveries."""

    @property
    def status(self) -> Status:
        """As the core's, and ``illegal`` when a written final delivery breaks a rule and no
        expectation speaks of it."""
        status = super().status
        written = self.final_deliveries
        broken = written is not None and not written.legal and not self.deliveries_expected
        return Status.ILLEGAL if status is Status.OK and broken else status


Scorer = Callable[[GameState, Budget | None], FinalResult]
"""Final scoring of a state as the file has it at one point (with the written final
deliveries after the last turn, the engine's choice before)."""


def status_of(evaluation: Evaluation) -> Status:
    """``failed``, ``illegal`` or ``ok``, as ``canaldsl check`` reports the file."""
    return evaluation.status


def evaluate(scenario: Scenario, *, budget: Budget | None = None) -> Evaluation:
    """Play every turn of the file and judge every expectation and query.

    The queries share ``budget`` (default FILE_QUERY_UNITS work units, with the default
    wall-clock safety limit), each spending at most QUERY_UNITS of it: once it is spent, the
    remaining queries are not evaluated (passed None, saying why). Budgets count work, not
    time, so which queries are evaluated is the same on every machine; a query stopped by the
    wall-clock safety limit says so (``Evaluation.timeout``)."""
    work = budget if budget is not None else Budget.of(FILE_QUERY_UNITS)
    if scenario.board is None or scenario.position is None:
        unplayable = tuple(
            Judgement(e.span.line, statement_text(e), None, "there is no position to play")
            for e in scenario.events
            if not isinstance(e, s.TurnDecl)
        )
        return Evaluation((), unplayable, None, ())
    state = start_state(scenario)
    verdicts: list[Verdict] = []
    judgements: list[Judgement] = []
    last: Verdict | FinalResult | None = None
    covered: set[int] = set()
    table = _WrittenFinal(scenario)
    for played in play_turns(scenario, scenario.events):
        event, state = played.event, played.state
        if played.verdict is not None:
            last = played.verdict
            verdicts.append(last)
            continue
        scorer = table.scorer(event)
        if table.follows(event):
            last = table.result(state)
        if isinstance(event, (s.ExpectLegal, s.ExpectIllegal)) and last is not None:
            covered.add(id(last))
        if isinstance(event, s.QueryDecl) and event.kind == "cost":
            judgements.append(_cost_judgement(event, last))
            continue
        if isinstance(event, s.QueryDecl):
            if work.exhausted or work.wall_hit:
                reason = _spent(work)
                judgements.append(Judgement(event.span.line, statement_text(event), None, reason))
                continue
            part = work.part(QUERY_UNITS)
            judgements.append(_query_judgement(event, state, part, scorer))
            work.absorb(part)
            continue
        judgements.append(_judge(event, state, last, scorer))
    unexpected = tuple(v for v in verdicts if not v.legal and id(v) not in covered)
    written = table.result(state) if table.block is not None else None
    return Evaluation(
        tuple(verdicts),
        tuple(judgements),
        state,
        unexpected,
        work.wall_hit,
        final_deliveries=written,
        deliveries_expected=written is not None and id(written) in covered,
    )


class _WrittenFinal:
    """The file's written final deliveries, checked once on the game after the last turn
    (where the file must write them: E508), and final scoring at each point of the file."""

    def __init__(self, scenario: Scenario) -> None:
        self.block = scenario.final_deliveries
        turns = [e.span.line for e in scenario.events if isinstance(e, s.TurnDecl)]
        self.last_turn = max(turns, default=0)
        self.checked: FinalResult | None = None
        self.failed = False

    def follows(self, event: s.Statement) -> bool:
        """Whether ``event`` comes after the block (its ``expect legal``/``illegal`` then
        speak of the final deliveries)."""
        return self.block is not None and event.span.line > self.block.span.line

    def result(self, state: GameState) -> FinalResult | None:
        """The written final deliveries checked (None past their budget)."""
        if self.checked is None and not self.failed:
            try:
                self.checked = final_scoring(state, written=self.block)
            except FinalScoringTooLong:
                self.failed = True
        return self.checked

    def scorer(self, event: s.Statement) -> Scorer:
        """Final scoring as seen from ``event``: after the last turn, with the written final
        deliveries; before it, each player's best move (the game is not over there)."""
        block = self.block if event.span.line > self.last_turn else None

        def score(state: GameState, budget: Budget | None) -> FinalResult:
            if block is not None and budget is None and self.checked is not None:
                return self.checked
            return final_scoring(state, budget=budget, written=block)

        return score


def _cost_judgement(event: s.Statement, last: Verdict | FinalResult | None) -> Judgement:
    """``query cost`` and ``expect cost N cards``: what the turn just before paid for its
    tiles (card by card), scored and changed."""
    line, text = event.span.line, statement_text(event)
    if last is None:
        return Judgement(line, text, False, "there is no turn before this")
    if isinstance(last, FinalResult):
        return Judgement(line, text, False, "the final deliveries before this are no turn")
    if not last.legal:
        return Judgement(
            line, text, False, f"the turn is illegal ({', '.join(last.rules)}): it costs nothing"
        )
    paid = cards_paid(last)
    said = f"{paid} card{'s' if paid != 1 else ''} for tiles; " + turn_note(last).text()
    if isinstance(event, s.ExpectCost):
        return Judgement(line, text, paid == event.cards.value, said)
    return Judgement(line, text, True, said)


def _spent(work: Budget) -> str:
    if work.wall_hit:
        return "not evaluated: the wall-clock safety limit stopped an earlier query"
    return f"not evaluated: the queries of a file may spend {work.units:g} work units together"


def _query_judgement(
    event: s.QueryDecl, state: GameState, budget: Budget, scorer: Scorer
) -> Judgement:
    text = statement_text(event)

    def result(passed: bool | None, reason: str = "") -> Judgement:
        return Judgement(event.span.line, text, passed, reason)

    return _query(event, state, result, budget, scorer)


def _judge(
    event: s.Statement, state: GameState, last: Verdict | FinalResult | None, scorer: Scorer
) -> Judgement:
    text = statement_text(event)
    line = event.span.line

    def result(passed: bool | None, reason: str = "") -> Judgement:
        return Judgement(line, text, passed, reason)

    if isinstance(event, s.ExpectLegal):
        if last is None:
            return result(False, "there is no turn before this expectation")
        if last.legal:
            return result(True)
        broken = "; ".join(f"{v.rule}: {v.message}" for v in last.violations)
        return result(False, f"the turn is illegal: {broken}")
    if isinstance(event, s.ExpectIllegal):
        # a former rule id (renamed or merged) means the rule now in force
        wanted = {r.text: resolve(r.text) for r in event.rules}
        named = set(wanted.values())
        if last is None:
            return result(False, "there is no turn before this expectation")
        known = all_rules()
        unknown = [r.text for r in event.rules if wanted[r.text] not in known]
        if unknown:
            return result(False, f"unknown rule id {', '.join(unknown)} (see `canaldsl rules`)")
        if last.legal:
            return result(False, "the turn is legal")
        missing = [
            r.text if r.text == wanted[r.text] else f"{r.text} (now {wanted[r.text]})"
            for r in event.rules
            if wanted[r.text] not in set(last.rules)
        ]
        if missing:
            return result(
                False,
                f"the turn is illegal, but not by {', '.join(missing)}; it breaks "
                f"{', '.join(last.rules)}",
            )
        others = list(dict.fromkeys(r for r in last.rules if r not in named))
        if event.only and others:
            return result(False, f"the turn also breaks {', '.join(others)}")
        return result(True, f"it also breaks {', '.join(others)}" if others else "")
    if isinstance(event, s.ExpectCost):
        return _cost_judgement(event, last)
    if isinstance(event, s.ExpectScore):
        actual = state.player(event.player.text).score
        return result(actual == event.score.value, f"{event.player.text} has {actual}")
    if isinstance(event, s.ExpectHand):
        hand = state.player(event.player.text).hand
        if hand is None:
            return result(None, f"{event.player.text}'s hand is not known")
        wanted_hand = Counter({CardKind(c.kind.text): c.number.value for c in event.counts})
        held = Counter({k: n for k, n in hand.items() if n})
        return result(held == wanted_hand, f"{event.player.text} holds {_counts(held)}")
    if isinstance(event, s.ExpectSupply):
        supply = state.player(event.player.text).supply
        wanted_supply = {TileKind(c.kind.text): c.number.value for c in event.counts}
        wrong = {k: supply[k] for k, n in wanted_supply.items() if supply[k] != n}
        return result(not wrong, f"supply: {_counts(Counter(supply))}")
    if isinstance(event, s.ExpectCubes):
        wanted_cubes = {p.text for p in event.places}
        return result(
            state.cubes == wanted_cubes, f"cubes at {', '.join(sorted(state.cubes)) or 'nowhere'}"
        )
    if isinstance(event, s.ExpectBasin):
        return result(state.basin == event.count.value, f"the basin holds {state.basin}")
    if isinstance(event, (s.ExpectEndgame, s.ExpectLastRound)):
        return _judge_end(event, state, result)
    if isinstance(event, (s.ExpectWinner, s.ExpectFinalScores)):
        try:
            final = scorer(state, None)
        except FinalScoringTooLong as exc:
            return result(None, f"not evaluated: {exc}")
    if isinstance(event, s.ExpectWinner):
        return result(final.winner == event.player.text, scoresheet.summary(final))
    if isinstance(event, s.ExpectFinalScores):
        wanted_scores = {p.player.text: p.score.value for p in event.scores}
        actual_scores = {c: final.scores[c] for c in wanted_scores if c in final.scores}
        return result(actual_scores == wanted_scores, scoresheet.summary(final))
    return result(None, "not evaluated")


def _judge_end(
    event: s.ExpectEndgame | s.ExpectLastRound,
    state: GameState,
    result: Callable[[bool | None, str], Judgement],
) -> Judgement:
    """The end of the game as the rules have it now (end.trigger, end.game-over)."""
    began = state.endgame_round
    if not state.endgame_triggered:
        said = "the end of the game has not begun"
        return result(isinstance(event, s.ExpectEndgame) and not event.triggered, said)
    if began is None:
        said = "the end of the game has begun, in a round the file does not say"
        if isinstance(event, s.ExpectEndgame):
            return result(event.triggered if event.round is None else None, said)
        return result(None, said)
    last = began + FINAL_ROUNDS
    said = f"the end began in round {began}; the last round is {last}"
    if isinstance(event, s.ExpectLastRound):
        return result(event.round.value == last, said)
    wanted = event.round.value if event.round is not None else began
    return result(event.triggered and wanted == began, said)


def _query(
    event: s.QueryDecl,
    state: GameState,
    result: Callable[[bool | None, str], Judgement],
    budget: Budget,
    scorer: Scorer,
) -> Judgement:
    mover = event.player.text if event.player is not None else state.now
    if event.kind in ("final-scores", "winner"):
        try:
            final = scorer(state, budget)
        except FinalScoringTooLong as exc:
            return result(None, f"not evaluated: {exc}")
        return result(True, scoresheet.summary(final))
    if event.kind == "best-build":
        from canaldsl.canalmania.bestbuild import answer_query  # imports no solver by itself

        wanted = event.answer
        passed, reason = answer_query(
            state,
            mover,
            wanted.points.value if wanted is not None and wanted.points is not None else None,
            wanted is not None and wanted.unique,
            budget=budget,
        )
        return result(passed, reason)
    if event.kind == "best-delivery":
        assert mover is not None
        searched = search_best_delivery(state, mover, budget=budget)
        if searched.stopped is not None:
            why = "the wall-clock safety limit" if budget.wall_hit else "its work budget"
            return result(None, f"not evaluated: the search of every move ran out of {why}")
        moves = list(searched.moves)
        best = max((d.points_for(mover) for d in moves), default=0)
        top = [d for d in moves if d.points_for(mover) == best]
        answer = event.answer
        shown = " / ".join(" > ".join(d.route) for d in top[:3]) or "no move"
        reason = f"best {best} points ({shown})"
        if answer is None:
            return result(True, reason)
        ok = answer.points is None or answer.points.value == best
        if answer.unique:
            ok = ok and len(top) == 1
        return result(ok, reason)
    assert event.subject is not None
    from canaldsl.canalmania.completion import NoSuchCanal, can_complete, find_canal

    try:
        canal = find_canal(state, event.subject.text, event.player.text if event.player else None)
    except NoSuchCanal as exc:
        return result(False, str(exc))
    found = can_complete(state, canal, budget=budget)
    reason = found.reason()
    if found.possible is None:
        return result(None, f"not evaluated: {reason}")
    answer = event.answer
    if answer is None:
        return result(True, reason)
    ok = answer.yes is None or answer.yes == found.possible
    if answer.cards is not None:
        ok = ok and found.possible is True and found.cards == answer.cards.value
    return result(ok, reason)


def _counts(counts: Counter) -> str:  # type: ignore[type-arg]
    return (
        ", ".join(f"{n} {k.value}" for k, n in sorted(counts.items(), key=lambda i: i[0].value))
        or "nothing"
    )
