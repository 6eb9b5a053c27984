"""Playing a checked Ticket to Ride file: each turn judged by the referee, each expectation
and query judged on the position it speaks of.

Turns are played in file order from the file's position; an illegal turn is not applied, so
the next turn is judged on the position before it. ``expect legal`` and ``expect illegal``
speak of the turn just before them; the other expectations and the queries of the position
the legal turns so far have left. Queries are answered by the search methods (the suite
recomputes every example's answers with CP-SAT).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from canaldsl.syntaxtree import ExpectIllegal, ExpectLegal
from canaldsl.tickettoride import syntax as s
from canaldsl.tickettoride.board import ROUTE_POINTS, Ticket
from canaldsl.tickettoride.colours import ColourError, PlayerColour, parse_player
from canaldsl.tickettoride.engine import TurnError, play
from canaldsl.tickettoride.formatter import statement_lines
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.scoring import FinalScores, final_scores
from canaldsl.tickettoride.semantics import Scenario, TurnEvent
from canaldsl.tickettoride.verdict import Verdict
from canaldsl.verdicts import Evaluation, Judgement, TurnNote

PLAYER_QUERIES = ("fewest-trains", "best-claim", "claims", "completed-tickets")
"""The queries about one player (``for PLAYER``; default: the player to move)."""


@dataclass(frozen=True)
class Played:
    """One turn of the file and the referee's verdict on it."""

    event: TurnEvent
    verdict: Verdict


def route_points(position: Position, player: PlayerColour) -> int:
    """Points on the score track: the routes claimed so far."""
    board = position.board
    return sum(ROUTE_POINTS[board.tracks[t].length] for t in position.tracks_of(player))


def turn_note(played: Played) -> TurnNote:
    """One turn explained for the report: legal or not, points, what it paid and changed."""
    verdict, report = played.verdict, played.verdict.report
    changes: list[str] = []
    if report.track:
        paid = "cards not known" if report.cards_paid is None else str(report.cards_paid)
        changes.append(f"claimed {report.track} with {paid}")
    if report.cards_drawn:
        changes.append(
            "drew " + ", ".join(str(c) if c else "an unseen card" for c in report.cards_drawn)
        )
    if report.tickets_kept is not None:
        changes.append("kept " + (", ".join(map(str, report.tickets_kept)) or "no ticket"))
    elif report.kept_count is not None:
        changes.append(f"kept {report.kept_count} of {report.tickets_drawn} tickets")
    if report.trains_left is not None and verdict.legal:
        changes.append(f"{report.trains_left} trains left")
    if report.tickets_completed:
        changes.append("completed " + ", ".join(map(str, report.tickets_completed)))
    if report.last_round_started:
        changes.append("the last round begins")
    if report.game_over:
        changes.append("the game is over")
    changes.extend(report.notes)
    for unchecked in verdict.unchecked:
        changes.append(f"not checked: {unchecked.rule} ({unchecked.reason})")
    points = {str(report.player): report.points} if verdict.legal and report.points else {}
    return TurnNote(
        line=played.event.decl.span.line,
        player=str(played.event.turn.player),
        legal=verdict.legal,
        rules=verdict.rules_broken,
        points=points,
        changes=tuple(changes),
    )


def _text(st: s.Statement) -> str:
    return statement_lines(s.replace_comments(st))[0]


def _scores_text(scores: FinalScores) -> str:
    return ", ".join(
        f"{x.player} {x.total if x.total is not None else '?'}"
        for x in sorted(scores.scores, key=lambda x: -(x.total or 0))
    )


def _player(ref_text: str) -> PlayerColour | None:
    try:
        return parse_player(ref_text)
    except ColourError:
        return None


def _pairs(parts: tuple[s.AnswerPart, ...]) -> dict[str, int] | None:
    """``red 52, blue 40`` read as player -> number (None when it is not of that form)."""
    words = [p for p in parts if p.kind != "sep"]
    if len(words) % 2:
        return None
    out: dict[str, int] = {}
    for word, number in zip(words[::2], words[1::2], strict=True):
        player = _player(word.text)
        if player is None or number.kind != "number":
            return None
        out[str(player)] = int(number.text)
    return out


class _Judge:
    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        assert scenario.position is not None
        self.position: Position = scenario.position
        self.last: Played | None = None
        self.covered = True
        self.played: list[Played] = []
        self.judgements: list[Judgement] = []
        self.unexpected: list[Verdict] = []
        self._scores: FinalScores | None = None

    def scores(self) -> FinalScores:
        if self._scores is None:
            self._scores = final_scores(self.position)
        return self._scores

    def judge(self, st: s.Statement, passed: bool | None, reason: str) -> None:
        self.judgements.append(Judgement(st.span.line, _text(st), passed, reason))

    def run(self) -> None:
        for event in self.scenario.events:
            if isinstance(event, TurnEvent):
                self.turn(event)
            elif isinstance(event, s.QueryDecl):
                self.query(event)
            else:
                self.expectation(event)
        if not self.covered and self.last is not None:
            self.unexpected.append(self.last.verdict)

    def turn(self, event: TurnEvent) -> None:
        if not self.covered and self.last is not None:
            self.unexpected.append(self.last.verdict)
        try:
            verdict = play(self.position, event.turn)
        except TurnError:  # names resolved by the analysis: not expected here
            raise
        played = Played(event, verdict)
        self.played.append(played)
        self.last = played
        self.covered = verdict.legal
        if verdict.legal:
            self.position = verdict.after
            self._scores = None

    # ------------------------------------------------------------ expectations
    def expectation(self, st: s.Statement) -> None:
        if isinstance(st, ExpectLegal | ExpectIllegal):
            self.covered = True
            if self.last is None:
                self.judge(st, None, "no turn before it")
                return
            broken = self.last.verdict.rules_broken
            if isinstance(st, ExpectLegal):
                reason = "legal" if not broken else f"breaks {', '.join(broken)}"
                self.judge(st, not broken, reason)
                return
            wanted = {r.text for r in st.rules}
            reason = f"breaks {', '.join(broken)}" if broken else "legal"
            if st.only:
                self.judge(st, set(broken) == wanted, reason)
            else:
                self.judge(st, bool(broken) and wanted <= set(broken), reason)
            return
        handlers: dict[type, Callable[[s.Statement], None]] = {
            s.ExpectScore: self._score,
            s.ExpectTrains: self._trains,
            s.ExpectWinner: self._winner,
            s.ExpectFinalScores: self._final_scores,
            s.ExpectCompleted: self._completed,
            s.ExpectLastRound: self._last_round,
            s.ExpectGameOver: self._game_over,
            s.ExpectHand: self._hand,
        }
        handlers[type(st)](st)

    def _who(self, st: s.Statement, text: str) -> PlayerColour | None:
        player = _player(text)
        if player is None or all(p.colour is not player for p in self.position.players):
            self.judge(st, None, f"{text} does not play")
            return None
        return player

    def _score(self, st: s.Statement) -> None:
        assert isinstance(st, s.ExpectScore)
        player = self._who(st, st.player.text)
        if player is not None:
            points = route_points(self.position, player)
            self.judge(st, points == st.points.value, f"{player} has {points} route points")

    def _trains(self, st: s.Statement) -> None:
        assert isinstance(st, s.ExpectTrains)
        player = self._who(st, st.player.text)
        if player is not None:
            trains = self.position.player(player).trains
            self.judge(st, trains == st.count.value, f"{player} has {trains} trains")

    def _winner(self, st: s.Statement) -> None:
        assert isinstance(st, s.ExpectWinner)
        scores = self.scores()
        if scores.winners is None:
            self.judge(st, None, scores.headline())
            return
        wanted = {_player(p.text) for p in st.players}
        self.judge(st, wanted == set(scores.winners), scores.headline())

    def _final_scores(self, st: s.Statement) -> None:
        assert isinstance(st, s.ExpectFinalScores)
        scores = self.scores()
        totals = {str(x.player): x.total for x in scores.scores}
        wanted = {str(_player(p.text)): n.value for p, n in st.scores}
        passed = all(totals.get(k) == v for k, v in wanted.items())
        if any(totals.get(k) is None for k in wanted):
            self.judge(st, None, _scores_text(scores))
            return
        self.judge(st, passed, _scores_text(scores))

    def _completed(self, st: s.Statement) -> None:
        assert isinstance(st, s.ExpectCompleted)
        player = self._who(st, st.player.text)
        if player is None:
            return
        from canaldsl.tickettoride.tickets import ticket_states

        states = ticket_states(self.position, player)
        if states is None:
            self.judge(st, None, f"{player}'s tickets are not known")
            return
        done = sorted(x.ticket for x in states if x.completed)
        wanted = sorted(
            self.position.board.ticket(t.pair.text, t.points.value if t.points else None)
            for t in st.tickets
        )
        self.judge(st, done == wanted, _tickets_text(done))

    def _last_round(self, st: s.Statement) -> None:
        on = self.position.last_round is not None and not self.position.finished
        self.judge(st, on, "the last round is on" if on else "the last round is not on")

    def _game_over(self, st: s.Statement) -> None:
        over = self.position.finished
        self.judge(st, over, "the game is over" if over else "the game is not over")

    def _hand(self, st: s.Statement) -> None:
        assert isinstance(st, s.ExpectHand)
        player = self._who(st, st.player.text)
        if player is None:
            return
        hand = self.position.player(player).hand
        if hand.cards is None:
            self.judge(st, None, f"{player}'s hand is not known")
            return
        from canaldsl.tickettoride.cards import Cards
        from canaldsl.tickettoride.colours import card_colour

        wanted = Cards()
        for item in st.cards:
            wanted = wanted.add(card_colour(item.kind.text), item.number)
        self.judge(st, hand.cards == wanted, f"{player} holds {hand.cards or 'nothing'}")

    # ------------------------------------------------------------ queries
    def query(self, st: s.QueryDecl) -> None:
        kind = st.kind.text
        player = None
        if st.player is not None:
            player = self._who(st, st.player.text)
            if player is None:
                return
        elif kind in PLAYER_QUERIES:
            player = self.position.to_move
        answer = query_answer(self.position, kind, player, st.subject.text if st.subject else None)
        if answer.reason_unknown:
            self.judge(st, None, answer.reason_unknown)
            return
        if st.answer is None:
            self.judge(st, True, answer.text)
            return
        self.judge(st, answer.matches(st.answer), answer.text)


def _tickets_text(tickets: list[Ticket] | tuple[Ticket, ...]) -> str:
    return ", ".join(t.name for t in tickets) or "none"


@dataclass(frozen=True)
class Answer:
    """A query's computed answer: its text, and the words that must match a written answer
    (``expected``: parts in order; sep ignored), or why it is not known."""

    text: str
    expected: tuple[str, ...] = ()
    reason_unknown: str = ""
    pairs: dict[str, int] | None = None
    players: frozenset[str] | None = None

    def matches(self, written: tuple[s.AnswerPart, ...]) -> bool:
        if self.pairs is not None:
            given = _pairs(written)
            return given is not None and all(self.pairs.get(k) == v for k, v in given.items())
        if self.players is not None:
            names = {str(_player(p.text)) for p in written if p.kind != "sep"}
            return names == set(self.players)
        words = [_word(p.text) for p in written if p.kind != "sep"]
        wanted = [_word(w) for w in self.expected]
        return words == wanted


def _word(text: str) -> str:
    """A word of an answer as compared: case folded; a route in either order."""
    folded = " ".join(text.casefold().split())
    if "-" in folded:
        parts = [p.strip() for p in folded.split("-", 1)]
        return "-".join(sorted(parts))
    return folded


_UNPROVEN = "not proven: a longest-route search spent its budget first"


def query_answer(
    position: Position, kind: str, player: PlayerColour | None, subject: str | None
) -> Answer:
    """The answer to one query on a position (search methods)."""
    from canaldsl.tickettoride.claims import HandUnknownError, best_claim, claim_options
    from canaldsl.tickettoride.forest import Status
    from canaldsl.tickettoride.lastturn import best_last_turns
    from canaldsl.tickettoride.longest import longest_routes
    from canaldsl.tickettoride.tickets import fewest_trains, ticket_states

    board = position.board
    if kind in ("final-scores", "winner"):
        scores = final_scores(position)
        if not scores.proven:
            return Answer("", reason_unknown=_UNPROVEN)
        if kind == "winner":
            if scores.winners is None:
                return Answer("", reason_unknown=scores.headline())
            return Answer(scores.headline(), players=frozenset(map(str, scores.winners)))
        if any(x.total is None for x in scores.scores):
            return Answer("", reason_unknown=scores.headline())
        return Answer(
            _scores_text(scores), pairs={str(x.player): x.total or 0 for x in scores.scores}
        )
    if kind == "longest-route":
        routes = longest_routes(position)
        if not routes.proven:
            return Answer("", reason_unknown=_UNPROVEN)
        if player is not None:
            trail = routes.trail(player)
            path = "-".join(board.city_name(c) for c in trail.cities)
            text = f"{trail.length}" + (f" ({path})" if path else "")
            return Answer(text, expected=(str(trail.length),))
        holders = ", ".join(map(str, routes.holders))
        length = max((t.length for _, t in routes.trails), default=0)
        return Answer(
            f"{holders or 'nobody'} {length}",
            pairs={str(h): length for h in routes.holders},
        )
    if kind == "last-turns":
        turns = best_last_turns(position)
        if not turns.proven:
            return Answer("", reason_unknown=_UNPROVEN)
        if turns.scores is None or any(x.total is None for x in turns.scores.scores):
            return Answer("", reason_unknown="a best last turn is not known (hand or tickets)")
        text = _scores_text(turns.scores)
        return Answer(text, pairs={str(x.player): x.total or 0 for x in turns.scores.scores})
    if player is None:
        return Answer("", reason_unknown=f"query {kind} needs: for PLAYER")
    if kind == "completed-tickets":
        states = ticket_states(position, player)
        if states is None:
            return Answer("", reason_unknown=f"{player}'s tickets are not known")
        done = [x.ticket for x in states if x.completed]
        return Answer(_tickets_text(done), expected=tuple(t.name for t in done) or ("none",))
    if kind == "fewest-trains":
        tickets = None
        if subject is not None:
            tickets = [board.ticket(subject)]
        else:
            held = position.player(player).tickets.tickets
            if held is None:
                return Answer("", reason_unknown=f"{player}'s tickets are not known")
            tickets = [t for t in held if not _complete(position, player, t)]
        plan = fewest_trains(position, player, tickets)
        if plan.status is Status.UNKNOWN:
            return Answer("", reason_unknown="not known within the budget")
        if plan.status is Status.FOUND:
            return Answer(plan.describe(board), expected=(str(plan.trains),))
        return Answer(plan.describe(board), expected=("no",))
    if kind in ("best-claim", "claims"):
        try:
            if kind == "claims":
                count = len(claim_options(position, player))
                return Answer(str(count), expected=(str(count),))
            best = best_claim(position, player)
        except HandUnknownError as exc:
            return Answer("", reason_unknown=str(exc))
        if best is None:
            return Answer("none", expected=("none",))
        label = board.track_label(best.track)
        text = f"{label} with {best.cards}: {best.points} points"
        return Answer(text, expected=(*_label_words(label), str(best.points), "points"))
    return Answer("", reason_unknown=f"unknown query {kind}")


def _label_words(label: str) -> tuple[str, ...]:
    """A track label's words as an answer writes them: the route (one word), then colour and
    number."""
    parts = label.split(" ")
    for cut in range(len(parts), 0, -1):
        head = " ".join(parts[:cut])
        if "-" in head and all(not w.islower() for w in parts[cut - 1 : cut]):
            return (head, *parts[cut:])
    return (label,)


def _complete(position: Position, player: PlayerColour, ticket: Ticket) -> bool:
    from canaldsl.tickettoride.tickets import ticket_states

    states = ticket_states(position, player) or ()
    return any(x.ticket == ticket and x.completed for x in states)


def evaluate(scenario: Scenario) -> tuple[Evaluation[Verdict, Position], tuple[Played, ...]]:
    """Play the file's turns and judge its expectations and queries."""
    judge = _Judge(scenario)
    judge.run()
    evaluation = Evaluation(
        verdicts=tuple(p.verdict for p in judge.played),
        judgements=tuple(judge.judgements),
        final_state=judge.position,
        unexpected_illegal=tuple(judge.unexpected),
    )
    return evaluation, tuple(judge.played)
