"""Shared helpers for the per-rule tests (``tests/test_rules_*.py``).

Every rule of the engine gets a case where it HOLDS and a case where it is BROKEN. A case is a
small ``.canal`` text: a rules header, one of the small inline boards below (so the tests do not
depend on the England board), the players and position, and one or more turns. The helpers play
the text with the real loader and evaluator and give back the verdicts; :func:`where` finds the
line and column of a marker in the text, so that the position of a violation is asserted exactly.

Test functions declare which rules they exercise with :func:`holds` and :func:`breaks`; the
registry they fill is checked by ``test_rules_coverage.py``: every rule id of the engine must
have at least one passing case and one failing case.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from canaldsl.canalmania.engine import Verdict, Violation
from canaldsl.canalmania.evaluate import Evaluation, evaluate
from canaldsl.canalmania.final import FinalResult, final_scoring
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.position import Position
from canaldsl.canalmania.state import GameState

# ---------------------------------------------------------------------------------------- boards

VALE = """\
board vale {
  title "The Vale (rules test board)"
  map {
    | A . . B ^ ^ C
    |  . ^ . . . . .
    | D . . E . . F
    |  . . ~ . . . .
    | G . . H . . I
    |  . . . . . . .
  }
  town Ashby red marked A
  city Brook blue marked B
  town Cole black marked C
  city Dale red marked D
  town Elm green marked E
  town Fen yellow marked F
  town Gor purple marked G
  city Hale black marked H
  town Isle red marked I
  contract "Ashby Cut" between Ashby and Brook value 3 starting
  contract "Brook Line" between Brook and Cole value 2
  contract "Dale Canal" between Dale and Fen via Elm value 6
  contract "Gor Navigation" between Gor and Hale value 3
  contract "Hale Cut" between Hale and Isle value 2
  contract "Short Cut" between Ashby and Dale value 2
  contract "Isle Canal" between Isle and Fen value 3
}
"""
"""The Vale, 7 x 6. Hexes used by the cases:

* row 1: Ashby A1 (red town) - B1 - C1 - Brook D1 (blue city) - E1^ - F1^ - Cole G1 (black town);
  so "Ashby Cut" takes two clear hexes and "Brook Line" two difficult ones;
* Ashby A1 - A2 - Dale A3 ("Short Cut", one clear hex);
* row 3: Dale A3 (red city) - B3 - C3 - Elm D3 (green town) - E3 - F3 - Fen G3 (yellow town);
* row 5: Gor A5 (purple town) - B5 - C5 - Hale D5 (black city) - E5 - F5 - Isle G5 (red town);
* B2 is difficult, C4 is sea; everything else is clear.
"""

MIDLANDS = """\
board midlands {
  title "The Midlands (goods test board)"
  grid 9 x 11
  town Manchester yellow at A1
  town Stoke green at C1
  city Birmingham purple at E1
  town Coventry blue at G1
  town Northampton black at I1
  town Worcester red at E3
  town Leicester blue at I3
  town Gloucester green at E5
  town Newark black at I5
  town Basingstoke red at A7
  town Weybridge yellow at C7
  town Guildford black at E7
  town Arundel purple at G7
  town Huddersfield blue at A9
  town Leeds yellow at C9
  town Sheffield green at A11
  town Goole red at C11
  contract "Trent and Mersey" between Manchester and Stoke value 2
  contract "Stoke Branch" between Stoke and Birmingham value 2
  contract "Coventry Canal" between Birmingham and Northampton via Coventry value 4
  contract "Worcester Canal" between Birmingham and Worcester value 2
  contract "Gloucester Canal" between Worcester and Gloucester value 2
  contract "Leicester Line" between Northampton and Newark via Leicester value 4
  contract "Basingstoke Canal" between Basingstoke and Weybridge value 2
  contract "Wey and Arun" between Weybridge and Arundel via Guildford value 4
  contract "Broad Canal" between Huddersfield and Leeds value 2
  contract "Aire Navigation" between Leeds and Goole value 2
  contract "Dearne Canal" between Goole and Sheffield value 2
  contract "Narrow Canal" between Sheffield and Huddersfield value 2
}
"""
"""The Midlands, 9 x 11, all clear: the places of the rulebooks' goods examples, one tile apart.

* row 1: Manchester A1 - B1 - Stoke C1 - D1 - Birmingham E1 - F1 - Coventry G1 - H1 - Northampton
  I1; Birmingham E1 - E2 - Worcester E3 - E4 - Gloucester E5; Northampton I1 - I2 - Leicester I3 -
  I4 - Newark I5;
* row 7: Basingstoke A7 - B7 - Weybridge C7 - D7 - Guildford E7 - F7 - Arundel G7;
* a ring: Huddersfield A9 - B9 - Leeds C9 - C10 - Goole C11 - B11 - Sheffield A11 - A10 -
  Huddersfield.
"""

# ------------------------------------------------------------------------------------ scenarios


def game(
    body: str,
    *,
    edition: int = 2,
    players: int | None = None,
    options: dict[str, str] | None = None,
    board: str = VALE,
) -> str:
    """The text of a whole file: rules header, board, then ``body`` (dedented)."""
    settings = []
    if players is not None:
        settings.append(f"  players {players}")
    for name, value in (options or {}).items():
        settings.append(f"  option {name} = {value}")
    name = "first-edition" if edition == 1 else "second-edition"
    header = f"rules {name} {{\n" + "".join(f"{s}\n" for s in settings) + "}\n"
    return header + "\n" + board + "\n" + textwrap.dedent(body).strip("\n") + "\n"


def load(text: str) -> Any:
    """The scenario of a text, asserting that the text has no error."""
    scenario, diagnostics = check_text(text, filename="case.canal")
    errors = [d.render() for d in diagnostics if d.is_error]
    assert scenario is not None and not errors, "\n".join(errors) + "\n" + text
    return scenario


def evaluation(text: str) -> Evaluation:
    return evaluate(load(text))


def verdicts(text: str) -> tuple[Verdict, ...]:
    return evaluation(text).verdicts


def verdict(text: str) -> Verdict:
    """The verdict on the first turn of the text."""
    found = verdicts(text)
    assert found, "the text has no turn"
    return found[0]


def final(text: str) -> FinalResult:
    """Final scoring of the game as it stands after the text's turns."""
    state = evaluation(text).final_state
    assert state is not None
    return final_scoring(state)


def state_after(text: str) -> GameState:
    state = evaluation(text).final_state
    assert state is not None
    return state


def where(text: str, marker: str, nth: int = 1) -> tuple[int, int]:
    """(line, column), both from 1, of the ``nth`` occurrence of ``marker`` in the turns of the
    text (the search starts at the first ``turn``, so board and position never match)."""
    start = text.find("\nturn ")
    assert start >= 0, "the text has no turn"
    index = start
    for _ in range(nth):
        index = text.find(marker, index + 1)
        assert index >= 0, f"marker {marker!r} not found (occurrence {nth})"
    line = text.count("\n", 0, index) + 1
    column = index - text.rfind("\n", 0, index)
    return line, column


def describe(v: Verdict) -> str:
    return "; ".join(
        f"{x.rule} at {x.span.line}:{x.span.column}: {x.message}" for x in v.violations
    )


def assert_legal(v: Verdict) -> None:
    assert v.legal, f"expected a legal turn; it breaks {describe(v)}"


def violation(v: Verdict, rule: str, nth: int = 1) -> Violation:
    found = [x for x in v.violations if x.rule == rule]
    assert len(found) >= nth, f"expected {rule} to be broken; the turn breaks: {describe(v) or '-'}"
    return found[nth - 1]


def assert_breaks(
    v: Verdict,
    rule: str,
    text: str,
    marker: str,
    *,
    nth: int = 1,
    only: bool | Iterable[str] = True,
) -> Violation:
    """The turn is illegal, breaks ``rule`` at the ``nth`` occurrence of ``marker``; with
    ``only`` (default) it breaks no other rule, or only the rules listed."""
    assert not v.legal, "expected an illegal turn; it is legal"
    found = violation(v, rule)
    assert (found.span.line, found.span.column) == where(text, marker, nth), describe(v)
    assert found.message
    if only is True:
        assert set(v.rules) == {rule}, describe(v)
    elif only is not False:
        assert set(v.rules) == {rule, *only}, describe(v)
    return found


def scores(position: Position) -> dict[str, int]:
    return {p.colour: p.score for p in position.players}


# ------------------------------------------------------------------------------------- registry

HOLDS: defaultdict[str, list[Callable[..., Any]]] = defaultdict(list)
BREAKS: defaultdict[str, list[Callable[..., Any]]] = defaultdict(list)

F = TypeVar("F", bound=Callable[..., Any])


def holds(*rule_ids: str) -> Callable[[F], F]:
    """Register a test as a case where each of ``rule_ids`` holds (or, for an effect rule, is
    computed as the rulebooks say)."""

    def register(function: F) -> F:
        for rule_id in rule_ids:
            HOLDS[rule_id].append(function)
        return function

    return register


def breaks(*rule_ids: str) -> Callable[[F], F]:
    """Register a test as a case where each of ``rule_ids`` is broken (or, for an effect rule,
    a case that fails if the effect were computed another way)."""

    def register(function: F) -> F:
        for rule_id in rule_ids:
            BREAKS[rule_id].append(function)
        return function

    return register


def is_xfail(function: Callable[..., Any]) -> bool:
    return any(m.name == "xfail" for m in getattr(function, "pytestmark", []))


def _crowd() -> str:
    colours = ("red", "yellow", "green", "blue", "black", "purple")
    lines = ["board crowd {", '  title "A crowd of towns (goods test board)"', "  grid 7 x 3"]
    number = 0
    for row in range(1, 4):
        for column in "ABCDEFG":
            number += 1
            lines.append(f"  town Town{number} {colours[(number - 1) % 6]} at {column}{row}")
    lines.append("}")
    return "\n".join(lines) + "\n"


CROWD = _crowd()
"""21 towns on a 7 x 3 grid, Town1 at A1 to Town21 at G3, coloured red, yellow, green, blue,
black, purple in turn (Town1 red, Town3 green, Town15 green, Town21 green ...): enough places
to put every cube of either edition on the map."""
