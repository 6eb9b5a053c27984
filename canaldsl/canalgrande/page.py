"""Canal Grande's part of the page of ``canaldsl serve``: the ``page_*`` hooks of
:class:`canaldsl.games.Game`, each working on the text being edited (never on a file).

- tokens: the core's lexical scan with this game's keywords (from its grammar) and its own
  classes: districts and card kinds (``kind``), the players named in the text (``who``), rule
  ids (``rule``);
- the picture: the position after the file's turns and votes, every vote held on the way,
  and the two offers (the cards turned up and not split yet, or empty offers, are drawn as
  offers too, so a click can fill them); players carry ``data-player``, offers
  ``data-offer``, which the page's clicks read;
- the palette and the edits (:mod:`canaldsl.canalgrande.pageedits`);
- the answers: the vote, the best split and can-win, within a deterministic node budget (the
  page's work units scale each solver's default), with their proof status.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from canaldsl.games import CommandError, DisputeOutcome
from canaldsl.pagehooks import (
    EditRefused,
    PageAnswer,
    PageEdit,
    PageQuestion,
    Palette,
    PaletteGroup,
    PaletteMode,
    Token,
    scan_tokens,
)

_RULE_ID = re.compile(r"[a-z]+(\.[a-z][a-z0-9-]*)+")
_PLAYER = re.compile(r"^\s*player\s+([A-Za-z_][A-Za-z0-9_'.-]*)", re.MULTILINE)
_SPECIAL = frozenset({"spy", "spies", "traitor", "traitors", "gondola", "gondolas", "doge"})

QUESTIONS = (
    PageQuestion("vote", "Vote"),
    PageQuestion("best-split", "Best split"),
    PageQuestion("can-win", "Can win this turn"),
)
DEFAULT_BUDGET = 10.0
"""The page's default work units: each solver's own default node budget."""


def tokens(text: str) -> Sequence[Token]:
    """The text's tokens with their highlighting classes (never fails)."""
    from canaldsl.canalgrande.cards import District
    from canaldsl.lalr import grammar_keywords

    keywords = grammar_keywords("canalgrande")
    districts = {w for d in District for w in d.value.split()} | {"Cannareggio"}
    players = frozenset(_PLAYER.findall(text))

    def classify(word: str) -> str | None:
        if word in districts or word.lower() in _SPECIAL:
            return "kind"
        if word in players:
            return "who"
        if _RULE_ID.fullmatch(word):
            return "rule"
        return None

    return list(scan_tokens(text, keywords=keywords, classify=classify))


def _played(text: str, display: str) -> tuple[Any, Any]:
    from canaldsl.canalgrande.report import played

    scenario, result, diagnostics = played(text, display)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or result is None or errors:
        raise CommandError(*(d.render() for d in errors), f"{display}: the file has errors")
    if scenario.position is None or result.final is None:
        raise CommandError(f"{display}: the file describes no position (two players) to draw")
    return scenario, result


def picture(text: str, *, path: Path, display: str) -> str:
    """The position after the file's turns and votes, with the votes held and the offers."""
    from canaldsl.canalgrande import picture as draw
    from canaldsl.canalgrande.position import Offer

    _, result = _played(text, display)
    position = result.final
    votes = [vote for verdict in result.verdicts for vote in verdict.drawn_votes()]
    offers = position.offers
    takers: tuple[str, str] | None = None
    if offers is None and position.turned_up is not None:
        offers = (position.turned_up, Offer())
        takers = ("the cards turned up, not split yet", "empty")
    elif offers is None:
        offers = (Offer(), Offer())
        takers = ("none yet", "none yet")
    return draw.svg(position, offers=offers, takers=takers, votes=votes, title=display)


def report(text: str, *, path: Path, display: str) -> DisputeOutcome:
    """The dispute report of the text, as ``canaldsl report`` writes it."""
    from canaldsl.canalgrande.dispute import report_of_text

    return report_of_text(text, display=display, output=Path(display).stem + "-report.html")


def palette() -> Palette:
    from canaldsl.canalgrande.pageedits import CARDS, NUMBERS

    return Palette(
        groups=(PaletteGroup("tile", "Card", (*CARDS, *NUMBERS)),),
        modes=(
            PaletteMode("hand", "add the card to a hand", "data-player"),
            PaletteMode("offer", "put the card into an offer", "data-offer"),
            PaletteMode("play", "play the card in the vote", "data-player"),
        ),
    )


def edit(text: str, change: PageEdit) -> str:
    """The text changed by one click (EditRefused: why not, and what to do)."""
    from canaldsl.canalgrande.pageedits import edit_text
    from canaldsl.canalgrande.parser import parse_document

    parsed = parse_document(text, filename="page")
    if parsed.document is None or parsed.partial:
        raise EditRefused("the text has syntax errors; fix them first (they are underlined)")
    return edit_text(text, parsed.document, change)


def answer(text: str, question: str, *, path: Path, budget: float) -> PageAnswer:
    """The vote, best split or can-win after the file's turns, within ``budget`` work units
    (each solver's default node budget times budget/10: the same answer on any machine)."""
    from canaldsl.canalgrande.queries import NODE_BUDGETS, QueryProblem

    if question not in {q.name for q in QUESTIONS}:
        raise CommandError(f"error: no question {question!r}")
    scenario, result = _played(text, path.name)
    nodes = max(1, round(NODE_BUDGETS[question] * budget / DEFAULT_BUDGET))
    try:
        if question == "vote":
            return _vote(scenario, result.final, nodes)
        if question == "best-split":
            return _split(scenario, result.final, nodes)
        return _can_win(scenario, result.final, nodes)
    except QueryProblem as problem:
        proven = problem.code not in _LIMITS
        if proven:  # the question cannot be asked of this position: say why and the fix
            raise CommandError(
                f"error[{problem.code}]: {problem.message}; {problem.hint}"
            ) from None
        lines = (f"{problem.code}: {problem.message}", f"help: {problem.hint}")
        status = f"UNKNOWN ({problem.code}: the node budget of {nodes} was spent first)"
        return PageAnswer(question, lines, status, False, facts={"nodes": nodes})


_LIMITS = frozenset({"S701", "S702", "S704"})


def _queries(scenario: Any, kind: str) -> list[Any]:
    from canaldsl.canalgrande import syntax as s

    return [e for e in scenario.events if isinstance(e, s.QueryDecl) and e.kind == kind]


def _vote(scenario: Any, position: Any, nodes: int) -> PageAnswer:
    """The file's last vote query's vote (its owner and district), else a vote called by
    each player's doge: who wins with best play and the fewest cards, with a best line."""
    from canaldsl.canalgrande.cards import district_named
    from canaldsl.canalgrande.queries import _rename, line_text, vote_answer

    asked = _queries(scenario, "vote")
    if asked and asked[-1].player is not None:
        query = asked[-1]
        district = district_named(query.district.text) if query.district is not None else None
        owners = [(query.player.text, district)]
    else:
        with_doges = [p.name for p in position.players if p.doges]
        owners = [(name, None) for name in with_doges or [p.name for p in position.players]]
    lines: list[str] = []
    used = 0
    for owner, district in owners:
        found, challenger, defender = vote_answer(
            position, owner, district, scenario.readings, nodes
        )
        winner = challenger if found.winner == "challenger" else defender
        lines += [
            f"{owner}'s doge: {winner} wins the vote over {found.district} ({challenger} "
            f"challenges, {defender} defends), putting down {found.cards} card(s) at fewest",
            f"  best line: {line_text(_rename(found.line, (challenger, defender)))}",
        ]
        used += found.nodes
    lines.append(f"proof: exact game-tree search, {used} nodes")
    return PageAnswer("vote", tuple(lines), "OPTIMAL", True, facts={"nodes": used})


def _split(scenario: Any, position: Any, nodes: int) -> PageAnswer:
    """The splitter's best split against the chooser's best reply, with its proof table."""
    from canaldsl.canalgrande.queries import split_answer, split_table

    asked = _queries(scenario, "best-split")
    objective = "prizes"
    if asked and asked[-1].objective is not None:
        objective = asked[-1].objective.text
    found = split_answer(position, objective, scenario.readings, nodes)
    splitter = position.name(position.splitter)
    lines = [f"{splitter} splits ({objective})", *found.describe()]
    lines += ["proof table (each split, the chooser's best reply):", *split_table(found)]
    # every split is solved or refuted by a bound: proven (past the budget is S702, above)
    return PageAnswer("best-split", tuple(lines), "OPTIMAL", True, facts={"nodes": found.nodes})


def _can_win(scenario: Any, position: Any, nodes: int) -> PageAnswer:
    """Whether each player (or the file's can-win query's player and turns) can force a
    win: yes, no, or undecided when it depends on cards not known."""
    from canaldsl.canalgrande.queries import win_answer
    from canaldsl.canalgrande.solve_win import Outcome

    asked = _queries(scenario, "can-win")
    if asked and asked[-1].player is not None:
        who = [(asked[-1].player.text, asked[-1].turns or 1)]
    else:
        who = [(p.name, 1) for p in position.players]
    lines = []
    decided = True
    for player, turns in who:
        found = win_answer(position, player, turns, scenario.readings, nodes)
        lines.append(f"{player}, {turns} turn(s) ahead: {found.describe()}")
        decided = decided and found.outcome is not Outcome.UNDECIDED
    status = "OPTIMAL" if decided else "UNDECIDED (it depends on cards not known)"
    return PageAnswer("can-win", tuple(lines), status, decided)


__all__ = ["QUESTIONS", "answer", "edit", "palette", "picture", "report", "tokens"]
