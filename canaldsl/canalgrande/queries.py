"""A file's queries answered by the solvers: ``query vote``, ``query best-split``,
``query can-win``. Each answer is computed, then compared with the answer the file claims.

A question the position cannot answer (a hand or a deck not known) is diagnostic E812 with
what to add; a search over its node budget is S701/S702/S704 (S703: a spy past the known
deck). Budgets are node counts, so answers are the same on every machine and every run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from canaldsl.canalgrande import codes, solve_split, solve_vote, solve_win
from canaldsl.canalgrande import syntax as s
from canaldsl.canalgrande.cards import District, district_named
from canaldsl.canalgrande.position import Position
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.solve_split import (
    SplitAnswer,
    SplitProblem,
    SplitProblemError,
    best_split,
)
from canaldsl.canalgrande.solve_vote import VoteAnswer, VoteSearchLimitError, who_challenges
from canaldsl.canalgrande.solve_win import (
    Outcome,
    WinAnswer,
    WinProblemError,
    WinSearchLimitError,
)
from canaldsl.canalgrande.turn import Pass, Play
from canaldsl.canalgrande.turngame import TurnSearchLimitError
from canaldsl.canalgrande.votemoves import UnknownCardsError

NODE_BUDGETS = {
    "vote": solve_vote.DEFAULT_NODE_BUDGET,
    "best-split": solve_split.DEFAULT_NODE_BUDGET,
    "can-win": solve_win.DEFAULT_NODE_BUDGET,
}
"""Each solver's work budget, in search nodes (deterministic: the same answer everywhere)."""


@dataclass(frozen=True)
class Answered:
    """A query answered: the answer in words (with its proof lines), whether the claimed
    answer agrees (None: nothing claimed), or the problem (code, message, hint)."""

    summary: str
    lines: tuple[str, ...] = ()
    agrees: bool | None = None
    problem: tuple[str, str, str] | None = None
    disagreement: str = ""


class QueryProblem(ValueError):
    """Why a query cannot be answered: its code, message and the fix."""

    def __init__(self, code: str, message: str, hint: str) -> None:
        message = re.sub(r"^\[S7\d\d\] ", "", message)  # the code is shown on its own
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


def line_text(line: tuple[Play | Pass, ...]) -> str:
    """A vote's line as the language writes it: ``Elena plays 1 San Marco; Michele passes``."""
    out = []
    for step in line:
        if isinstance(step, Pass):
            out.append(f"{step.player} passes")
        else:
            cards = ", ".join(p.card.counted(p.count) for p in step.cards)
            out.append(f"{step.player} plays {cards}")
    return "; ".join(out)


def vote_answer(
    position: Position,
    owner: str,
    district: District | None,
    readings: Readings,
    node_budget: int | None = None,
) -> tuple[VoteAnswer, str, str]:
    """The vote called by ``owner``'s doge solved: the answer, the challenger and the
    defender's names."""
    index = position.index(owner)
    if index is None:
        names = " and ".join(p.name for p in position.players)
        raise QueryProblem(
            codes.UNKNOWN_PLAYER, f"no player called {owner!r}", f"name one of {names}"
        )
    for player in position.players:
        if not player.hand.fully_known:
            raise QueryProblem(
                codes.QUERY_CANNOT_BE_ASKED,
                f"{player.name}'s hand is not known: the vote cannot be solved",
                f"write {player.name}'s whole hand (no unknown cards)",
            )
    hands = [p.hand.known for p in position.players]
    who = who_challenges(hands[index], hands[1 - index])
    if who is None:
        raise QueryProblem(
            codes.QUERY_CANNOT_BE_ASKED,
            "neither player holds a district card: the doge is discarded without a vote",
            "give a player a district card, or remove the query",
        )
    challenger = index if who == 0 else 1 - index
    if district is not None and hands[challenger][district.card] == 0:
        raise QueryProblem(
            codes.QUERY_CANNOT_BE_ASKED,
            f"{position.name(challenger)} holds no {district} card to open the vote with",
            "ask without `on DISTRICT` (the challenger's best district), or name a district "
            f"{position.name(challenger)} holds",
        )
    try:
        answer = solve_vote.solve_vote(
            hands[challenger],
            hands[1 - challenger],
            district=district,
            readings=readings,
            node_budget=node_budget or NODE_BUDGETS["vote"],
        )
    except VoteSearchLimitError as exc:
        raise QueryProblem(
            codes.VOTE_LIMIT,
            str(exc),
            "give the search more nodes (`canaldsl vote --nodes N`) or ask about one district",
        ) from None
    return answer, position.name(challenger), position.name(1 - challenger)


def _rename(line: tuple[Play | Pass, ...], names: tuple[str, str]) -> tuple[Play | Pass, ...]:
    rename = {"challenger": names[0], "defender": names[1]}
    out: list[Play | Pass] = []
    for step in line:
        who = rename.get(step.player, step.player)
        out.append(Pass(who) if isinstance(step, Pass) else Play(who, step.cards))
    return tuple(out)


def _vote(query: s.QueryDecl, position: Position, readings: Readings) -> Answered:
    assert query.player is not None
    district = district_named(query.district.text) if query.district is not None else None
    answer, challenger, defender = vote_answer(position, query.player.text, district, readings)
    winner = challenger if answer.winner == "challenger" else defender
    line = line_text(_rename(answer.line, (challenger, defender)))
    summary = (
        f"{winner} wins the vote over {answer.district} ({challenger} challenges), "
        f"putting down {answer.cards} card(s) at fewest"
    )
    lines = [f"best line: {line}"]
    if query.district is None:
        for d, who, cost in answer.by_district:
            name = challenger if who == "challenger" else defender
            lines.append(f"  over {d}: {name} wins, {cost} card(s)")
    checks: list[tuple[bool, str]] = []
    for part in query.answer or ():
        if part.kind == "winner":
            checks.append((part.text == winner, f"the winner is {winner}"))
        elif part.kind == "cards":
            checks.append((int(part.text) == answer.cards, f"the winner needs {answer.cards}"))
        elif part.kind == "district":
            checks.append(
                (district_named(part.text) is answer.district, f"the district is {answer.district}")
            )
        else:
            checks.append((False, f"a vote's answer is `winner NAME, N cards`, not {part.kind}"))
    return _judged(summary, lines, query, checks)


def _judged(
    summary: str, lines: list[str], query: s.QueryDecl, checks: list[tuple[bool, str]]
) -> Answered:
    if query.answer is None:
        return Answered(summary, tuple(lines))
    wrong = [reason for ok, reason in checks if not ok]
    return Answered(summary, tuple(lines), not wrong, disagreement="; ".join(wrong))


def split_table(answer: SplitAnswer) -> list[str]:
    """The proof table: every split, the chooser's reply and its value (or bound)."""
    rows = []
    for number, line in enumerate(answer.splits, start=1):
        first, second = line.offers
        kind = "solved" if line.exact else "refuted (bound)"
        values = " / ".join("-" if v is None else v.describe() for v in line.values)
        rows.append(
            f"  {number:3d}. [{first.describe()}] | [{second.describe()}]: chooser takes "
            f"offer {line.reply + 1}, {line.value.describe()} ({kind}; replies {values})"
        )
    return rows


def split_answer(
    position: Position, objective: str, readings: Readings, node_budget: int | None = None
) -> SplitAnswer:
    try:
        problem = SplitProblem.from_position(position)
    except SplitProblemError as exc:
        raise QueryProblem(
            codes.QUERY_CANNOT_BE_ASKED, f"the best split cannot be searched: {exc}",
            "write both hands in full and the decks `in order:` (or the cards `turned up:`)",
        ) from None  # fmt: skip
    try:
        return best_split(
            problem,
            objective=objective,
            readings=readings,
            node_budget=node_budget or NODE_BUDGETS["best-split"],
        )
    except TurnSearchLimitError as exc:
        raise QueryProblem(
            codes.SPLIT_LIMIT,
            str(exc),
            "give the search more nodes (`canaldsl best-split --nodes N`)",
        ) from None
    except UnknownCardsError as exc:
        raise QueryProblem(
            codes.SPY_PAST_DECK, str(exc), "write more of the action deck `in order:`"
        ) from None


def _split(query: s.QueryDecl, position: Position, readings: Readings) -> Answered:
    objective = query.objective.text if query.objective is not None else "prizes"
    answer = split_answer(position, objective, readings)
    value = answer.best.value.prizes if objective == "prizes" else answer.best.value.numbers
    lines = [*answer.describe()[1:], *split_table(answer)]
    summary = answer.describe()[0] + f"; value {value:+d}"
    checks = []
    for part in query.answer or ():
        if part.kind == "value":
            checks.append((int(part.text) == value, f"the value is {value:+d}"))
        else:
            checks.append((False, f"a best split's answer is `value N`, not {part.kind}"))
    return _judged(summary, lines, query, checks)


def win_answer(
    position: Position, player: str, turns: int, readings: Readings, node_budget: int | None = None
) -> WinAnswer:
    try:
        return solve_win.can_win(
            position,
            player,
            turns=turns,
            readings=readings,
            node_budget=node_budget or NODE_BUDGETS["can-win"],
        )
    except WinProblemError as exc:
        raise QueryProblem(
            codes.QUERY_CANNOT_BE_ASKED, f"can-win cannot be searched: {exc}",
            "write both hands in full and both decks `in order:`, at the start of a turn, "
            "and ask 1 to 4 turns ahead",
        ) from None  # fmt: skip
    except WinSearchLimitError as exc:
        raise QueryProblem(
            codes.WIN_LIMIT,
            str(exc),
            "ask fewer turns ahead, or give the search more nodes (`canaldsl can-win --nodes N`)",
        ) from None
    except UnknownCardsError as exc:
        raise QueryProblem(
            codes.SPY_PAST_DECK, str(exc), "write more of the action deck `in order:`"
        ) from None


def _can_win(query: s.QueryDecl, position: Position, readings: Readings) -> Answered:
    assert query.player is not None and query.turns is not None
    answer = win_answer(position, query.player.text, query.turns, readings)
    said = {Outcome.YES: "yes", Outcome.NO: "no", Outcome.UNDECIDED: "undecided"}[answer.outcome]
    checks = []
    for part in query.answer or ():
        if part.kind in ("yes", "no", "undecided"):
            checks.append((part.kind == said, f"the answer is {said}"))
        else:
            checks.append((False, f"can-win's answer is yes, no or undecided, not {part.kind}"))
    return _judged(f"{said}: {answer.describe()}", [], query, checks)


def answer_query(query: s.QueryDecl, position: Position, readings: Readings) -> Answered:
    """Answer one query from ``position``; a problem is returned, never raised."""
    solve = {"vote": _vote, "best-split": _split, "can-win": _can_win}[query.kind]
    try:
        return solve(query, position, readings)
    except QueryProblem as exc:
        return Answered("", problem=(exc.code, exc.message, exc.hint))
