"""Rulebook examples played under their own translation's profile.

A rulebook example is a ``.canal`` file that starts with ``rulebook X``. :func:`play_example`
reads one, plays it with the rules as translation X states them (its profile) and returns an
:class:`Example`: every claim (``expect`` or ``query`` line) beside what the engine computes,
the readings of the rules under which a failing example would hold, and its position, turns and
claims in a normalised form for comparing translations.

What the text itself claims, apart from how the scenario encodes it, is kept beside the
scenarios: ``claims.toml`` in the same folder, one table per example id (:class:`TextClaim`).
The texts are compared on those claims, and the points a text claims are checked against the
points the engine computes for the scenario's last legal turn, so an encoding that smoothed
over the text's numbers shows.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.engine import Verdict
from canaldsl.canalmania.evaluate import Evaluation, evaluate
from canaldsl.canalmania.formatter import statement_text
from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.options import SWITCHES
from canaldsl.canalmania.profiles import PROFILES
from canaldsl.canalmania.semantics import Scenario

_EXPECTATION_KINDS = (
    s.ExpectLegal,
    s.ExpectIllegal,
    s.ExpectScore,
    s.ExpectHand,
    s.ExpectSupply,
    s.ExpectCubes,
    s.ExpectBasin,
    s.ExpectEndgame,
    s.ExpectLastRound,
    s.ExpectWinner,
    s.ExpectCost,
    s.ExpectFinalScores,
    s.QueryDecl,
)
_LABEL_STATEMENTS = (s.RulebookDecl, s.KnownErrorDecl, s.RulesDecl)


@dataclass(frozen=True)
class Claim:
    """One expectation or query of an example: what the text claims, what the engine computes."""

    line: int
    claim: str
    computed: str
    agrees: bool | None


CLAIMS_FILE = "claims.toml"
"""The file beside the scenarios that holds the texts' own claims."""


@dataclass(frozen=True)
class TextClaim:
    """What the text claims in one example, in our words and its own names and numbers: the
    player colours it names, the points it says each player scores by the example's move, other
    numbers it prints, the outcome it states, and what the scenario had to decide that the text
    does not say."""

    claim: str
    names: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    points: tuple[tuple[str, int], ...] = ()
    numbers: tuple[tuple[str, int], ...] = ()
    outcome: str = ""
    encoding: str = ""


def read_text_claims(path: Path) -> tuple[dict[str, TextClaim], str | None]:
    """The claims of ``path`` (a claims.toml) by example id, or an error message."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, f"{path.name}: {error}"
    out = {}
    for example_id, entry in sorted(data.items()):
        if not isinstance(entry, dict) or not isinstance(entry.get("claim"), str):
            return {}, f"{path.name}: [{example_id}] needs a claim"
        try:
            out[example_id] = TextClaim(
                claim=entry["claim"],
                names=tuple(str(n) for n in entry.get("names", ())),
                players=tuple(sorted(str(n) for n in entry.get("players", ()))),
                points=tuple(sorted((str(k), int(v)) for k, v in entry.get("points", {}).items())),
                numbers=tuple(
                    sorted((str(k), int(v)) for k, v in entry.get("numbers", {}).items())
                ),
                outcome=str(entry.get("outcome", "")),
                encoding=str(entry.get("encoding", "")),
            )
        except (TypeError, ValueError, AttributeError) as error:
            return {}, f"{path.name}: [{example_id}] {error}"
    return out, None


def _folder_claims(sidecar: Path) -> tuple[Mapping[str, TextClaim], str | None]:
    """The claims file of a folder, read once while it is unchanged."""
    try:
        stat = sidecar.stat()
    except OSError:
        return {}, None
    return _read_once(str(sidecar), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _read_once(path: str, mtime_ns: int, size: int) -> tuple[Mapping[str, TextClaim], str | None]:
    claims, error = read_text_claims(Path(path))
    return MappingProxyType(claims), error


@dataclass(frozen=True)
class Example:
    """One rulebook example as played under its translation's profile.

    ``file`` is relative to the folder checked. ``error`` holds the rendered diagnostics when
    the file cannot be understood (then there are no claims). ``content`` and ``outcome`` are
    the normalised position and turns, and the claims, used to compare translations.
    ``readings`` are the other switch values under which every claim would hold.
    """

    id: str
    translation: str
    section: str
    file: str
    known_error: str | None
    claims: tuple[Claim, ...]
    content: str = ""
    outcome: str = ""
    readings: tuple[tuple[str, str], ...] = ()
    error: str | None = None
    text_claim: TextClaim | None = None
    text: str = dataclasses.field(default="", repr=False, compare=False)
    scenario: Scenario | None = dataclasses.field(default=None, repr=False, compare=False)

    @property
    def ref(self) -> str:
        """``translation/id``, how findings name an example."""
        return f"{self.translation}/{self.id}"

    @property
    def agrees(self) -> bool | None:
        """False when a claim fails; None when unreadable or a claim could not be evaluated."""
        if self.error is not None:
            return None
        if any(c.agrees is False for c in self.claims):
            return False
        if any(c.agrees is None for c in self.claims):
            return None
        return True


def play_example(path: Path, relative: str) -> Example | None:
    """One file played under its profile; None when it is not a rulebook example."""
    scenario, diagnostics, text = check_path(path, display=relative)
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or scenario.rulebook is None:
        if text is not None and re.search(r"^\s*rulebook\b", text, flags=re.M) and errors:
            translation = path.parent.name if path.parent.name in PROFILES else "?"
            return Example(
                id=path.stem,
                translation=translation,
                section="",
                file=relative,
                known_error=None,
                claims=(),
                error="\n\n".join(d.render() for d in errors),
                text=text,
            )
        return None
    rulebook = scenario.rulebook
    text_claims, claims_error = _folder_claims(path.parent / CLAIMS_FILE)
    base = Example(
        id=rulebook.example,
        translation=rulebook.translation,
        section=rulebook.section,
        file=relative,
        known_error=rulebook.known_error,
        claims=(),
        content=normalised_content(scenario.document),
        outcome=normalised_outcome(scenario.document),
        text=text or "",
        text_claim=text_claims.get(rulebook.example),
    )
    if claims_error is not None:
        errors_text = [*(d.render() for d in errors), claims_error]
        return dataclasses.replace(base, error="\n\n".join(errors_text))
    if errors:
        return dataclasses.replace(base, error="\n\n".join(d.render() for d in errors))
    evaluation = evaluate(scenario)
    claims = _claims(scenario, evaluation) + _point_claims(base.text_claim, evaluation)
    readings: tuple[tuple[str, str], ...] = ()
    if any(c.agrees is False for c in claims):
        readings = agreeing_readings(scenario)
    return dataclasses.replace(base, claims=claims, readings=readings, scenario=scenario)


def _point_claims(claim: TextClaim | None, evaluation: Evaluation) -> tuple[Claim, ...]:
    """The points the text claims for the example's move against those the engine computes
    for the last legal turn of the scenario."""
    if claim is None or not claim.points:
        return ()
    legal = [v for v in evaluation.verdicts if v.legal]
    if not legal:
        return (Claim(0, _points_text(claim.points), "no legal turn to score", False),)
    last = legal[-1]
    computed = tuple((player, last.points.get(player, 0)) for player, _ in claim.points)
    return (
        Claim(
            last.span.line,
            f"the text: {_points_text(claim.points)}",
            _points_text(computed),
            computed == claim.points,
        ),
    )


def _points_text(points: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{player} scores {n}" for player, n in points)


def judge(scenario: Scenario) -> tuple[Claim, ...]:
    """Every claim of a playable scenario with what the engine computes for it."""
    evaluation = evaluate(scenario)
    return _claims(scenario, evaluation)


def _claims(scenario: Scenario, evaluation: Evaluation) -> tuple[Claim, ...]:
    verdicts = iter(evaluation.verdicts)
    judgements = iter(evaluation.judgements)
    last: Verdict | None = None
    covered: set[int] = set()
    claims: list[Claim] = []
    for event in scenario.events:
        if isinstance(event, s.TurnDecl):
            last = next(verdicts, None)
            continue
        judgement = next(judgements)
        if isinstance(event, s.ExpectLegal | s.ExpectIllegal) and last is not None:
            covered.add(id(last))
            computed = _verdict_text(last)
        else:
            computed = judgement.reason or ("holds" if judgement.passed else "does not hold")
        claims.append(Claim(judgement.line, judgement.text, computed, judgement.passed))
    for verdict in evaluation.verdicts:
        if not verdict.legal and id(verdict) not in covered:
            claims.append(
                Claim(
                    verdict.span.line,
                    f"turn {verdict.player} (no `expect illegal`: taken as legal)",
                    _verdict_text(verdict),
                    False,
                )
            )
    return tuple(sorted(claims, key=lambda c: c.line))


def _verdict_text(verdict: Verdict) -> str:
    if verdict.legal:
        return "legal"
    broken = "; ".join(f"{v.rule}: {v.message}" for v in verdict.violations)
    return f"illegal {' '.join(verdict.rules)} ({broken})"


def agreeing_readings(scenario: Scenario) -> tuple[tuple[str, str], ...]:
    """The single switch changes under which every claim of the scenario would hold."""
    found = []
    for name, switch in sorted(SWITCHES.items()):
        for value in switch.values:
            if value == scenario.rules.options[name]:
                continue
            claims = judge(with_option(scenario, name, value))
            if claims and all(c.agrees is True for c in claims):
                found.append((name, value))
    return tuple(found)


def with_option(scenario: Scenario, name: str, value: str) -> Scenario:
    options = {**scenario.rules.options, name: value}
    rules = dataclasses.replace(scenario.rules, options=options)
    return dataclasses.replace(scenario, rules=rules)


def normalised_content(document: s.Document) -> str:
    """The position and turns of a file, comments and labels left out, in canonical form."""
    lines: list[str] = []
    for st in document.statements:
        if isinstance(st, s.RulesDecl):
            lines += [
                f"players {item.count.value}"
                for item in st.items or ()
                if isinstance(item, s.PlayersSetting)
            ]
        elif not isinstance(st, _LABEL_STATEMENTS + _EXPECTATION_KINDS):
            lines += _unwrapped(statement_text(_without_comments(st)))
    return "\n".join(lines)


def normalised_outcome(document: s.Document) -> str:
    """The claims of a file, one a line, in canonical form."""
    return "\n".join(
        line
        for st in document.statements
        if isinstance(st, _EXPECTATION_KINDS)
        for line in _unwrapped(statement_text(st))
    )


def _unwrapped(text: str) -> list[str]:
    """Canonical lines with the formatter's wrapping undone: one list, one line."""
    lines: list[str] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if lines and lines[-1].endswith(",") and indent > len(lines[-1]) - len(lines[-1].lstrip()):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def _without_comments(node: s.Statement) -> s.Statement:
    """A statement with the comments of its inner statements removed too."""
    if isinstance(node, s.PlayerDecl):
        items = tuple(dataclasses.replace(i, comments=s.NO_COMMENTS) for i in node.items)
        return dataclasses.replace(node, items=items, footer=())
    if isinstance(node, s.TurnDecl):
        turn_items = tuple(_strip_turn_item(i) for i in node.items)
        return dataclasses.replace(node, items=turn_items, footer=())
    if isinstance(node, s.BoardDecl) and node.items is not None:
        board_items = tuple(_strip_board_item(i) for i in node.items)
        return dataclasses.replace(node, items=board_items, footer=())
    return node


def _strip_turn_item(item: s.TurnItem) -> s.TurnItem:
    if isinstance(item, s.Build):
        lines = tuple(dataclasses.replace(line, comments=s.NO_COMMENTS) for line in item.lines)
        return dataclasses.replace(item, lines=lines, footer=(), comments=s.NO_COMMENTS)
    return dataclasses.replace(item, comments=s.NO_COMMENTS)


def _strip_board_item(item: s.BoardItem) -> s.BoardItem:
    if isinstance(item, s.MapDecl):
        rows = tuple(dataclasses.replace(row, comments=s.NO_COMMENTS) for row in item.rows)
        return dataclasses.replace(item, rows=rows, footer=(), comments=s.NO_COMMENTS)
    return dataclasses.replace(item, comments=s.NO_COMMENTS)
