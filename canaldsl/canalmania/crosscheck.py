"""The cross-check of the translated rulebooks: their worked examples against the engine.

:func:`crosscheck` plays every rulebook example in a folder (each file that starts with
``rulebook X``) under its own translation's profile, and compares the texts with each other:

* an example whose claims disagree with what the engine computes under that translation's rules
  (the example contradicts its own rulebook), with claimed and computed side by side, and the
  readings of the rules under which it would agree;
* a ``known-error`` example whose error no longer shows;
* each rule statement on which the translations differ, between editions (expected) or between
  two texts of one edition (a translation error), and each statement a text contradicts itself;
* each example present in several translations with a different position, turn or claim;
* each name a translation prints that is not on the board, with the likely intended one.

Everything is sorted, so the same folder always gives the same report.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import ENGINEERS, Edition
from canaldsl.canalmania.engine import Verdict
from canaldsl.canalmania.evaluate import Evaluation, evaluate
from canaldsl.canalmania.formatter import statement_text
from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.options import SWITCHES
from canaldsl.canalmania.profiles import PROFILES, NameUse, Profile, Statement
from canaldsl.canalmania.semantics import Scenario, builtin_board
from canaldsl.diagnostics import did_you_mean

FINDING_KINDS = (
    "example-disagrees",
    "known-error-gone",
    "rule-differs-between-translations",
    "rule-differs-between-editions",
    "text-contradicts-itself",
    "example-differs-between-translations",
    "example-differs-between-editions",
    "name-not-on-board",
)
"""Every kind of finding, in the order reports list them."""

_EXPECTATION_KINDS = (
    s.ExpectLegal,
    s.ExpectIllegal,
    s.ExpectScore,
    s.ExpectHand,
    s.ExpectSupply,
    s.ExpectCubes,
    s.ExpectBasin,
    s.ExpectWinner,
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


@dataclass(frozen=True)
class Finding:
    """Something a translator should know: its kind, the translations concerned, a one-line
    summary, the examples it rests on, and lines of detail (claims, readings, a diff)."""

    kind: str
    subject: str
    translations: tuple[str, ...]
    summary: str
    examples: tuple[str, ...] = ()
    details: tuple[str, ...] = ()

    def sort_key(self) -> tuple[int, str, tuple[str, ...]]:
        return (FINDING_KINDS.index(self.kind), self.subject, self.translations)


@dataclass(frozen=True)
class Crosscheck:
    """Every example played, and every finding, sorted."""

    examples: tuple[Example, ...]
    findings: tuple[Finding, ...]
    ignored: tuple[str, ...] = ()

    @property
    def failed(self) -> bool:
        """True when an example disagrees without a known-error, or a known error is gone."""
        return any(
            f.kind == "known-error-gone"
            or (
                f.kind == "example-disagrees"
                and any(e.ref in f.examples and e.known_error is None for e in self.examples)
            )
            for f in self.findings
        )

    @property
    def unreadable(self) -> tuple[Example, ...]:
        return tuple(e for e in self.examples if e.error is not None)


# ---------------------------------------------------------------------------- playing examples


def crosscheck(folder: Path, *, profiles: Mapping[str, Profile] = PROFILES) -> Crosscheck:
    """Play every rulebook example under ``folder`` and compare the translations."""
    examples: list[Example] = []
    ignored: list[str] = []
    for path in sorted(folder.rglob("*.canal")):
        relative = path.relative_to(folder).as_posix()
        example = play_example(path, relative)
        if example is None:
            ignored.append(relative)
        else:
            examples.append(example)
    examples.sort(key=lambda e: (e.id, e.translation, e.file))
    findings = [
        *example_findings(examples, profiles),
        *statement_findings(profiles, examples),
        *contradiction_findings(profiles),
        *difference_findings(examples, profiles),
        *name_findings(profiles, examples),
    ]
    findings.sort(key=Finding.sort_key)
    return Crosscheck(tuple(examples), tuple(findings), tuple(ignored))


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
    )
    if errors:
        return dataclasses.replace(base, error="\n\n".join(d.render() for d in errors))
    claims = judge(scenario)
    readings: tuple[tuple[str, str], ...] = ()
    if any(c.agrees is False for c in claims):
        readings = agreeing_readings(scenario)
    return dataclasses.replace(base, claims=claims, readings=readings, scenario=scenario)


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
            claims = judge(_with_option(scenario, name, value))
            if claims and all(c.agrees is True for c in claims):
                found.append((name, value))
    return tuple(found)


def _with_option(scenario: Scenario, name: str, value: str) -> Scenario:
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
            lines += statement_text(_without_comments(st)).splitlines()
    return "\n".join(lines)


def normalised_outcome(document: s.Document) -> str:
    """The claims of a file, one a line, in canonical form."""
    return "\n".join(
        statement_text(st) for st in document.statements if isinstance(st, _EXPECTATION_KINDS)
    )


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


# ---------------------------------------------------------------------------- findings


def _who(translations: Iterable[str]) -> str:
    return ", ".join(sorted(translations))


def _reading_names(
    profiles: Mapping[str, Profile], name: str, value: str, exclude: str
) -> tuple[str, ...]:
    return tuple(
        t for t, p in sorted(profiles.items()) if p.options[name] == value and t != exclude
    )


def example_findings(examples: Sequence[Example], profiles: Mapping[str, Profile]) -> list[Finding]:
    """An example that disagrees with its own rulebook; a known error that no longer shows."""
    out: list[Finding] = []
    for example in examples:
        agrees = example.agrees
        if agrees is False:
            details = [
                f"line {c.line}: claimed {c.claim} | computed {c.computed}"
                for c in example.claims
                if c.agrees is False
            ]
            for name, value in example.readings:
                others = _reading_names(profiles, name, value, example.translation)
                whose = f" (as {_who(others)} read{'s' if len(others) == 1 else ''} it)"
                details.append(
                    f"every claim holds with {name} = {value}" + (whose if others else "")
                )
            if example.known_error is not None:
                details.append(f"known error: {example.known_error}")
            out.append(
                Finding(
                    kind="example-disagrees",
                    subject=example.ref,
                    translations=(example.translation,),
                    summary=(
                        f"{example.ref} ({example.section}) contradicts the "
                        f"{_language(profiles, example.translation)} rules as stated"
                    ),
                    examples=(example.ref,),
                    details=tuple(details),
                )
            )
        elif agrees is True and example.known_error is not None:
            out.append(
                Finding(
                    kind="known-error-gone",
                    subject=example.ref,
                    translations=(example.translation,),
                    summary=(
                        f"{example.ref} is marked known-error, but every claim holds: the error "
                        "no longer shows"
                    ),
                    examples=(example.ref,),
                    details=(f"known error: {example.known_error}",),
                )
            )
    return out


def _language(profiles: Mapping[str, Profile], translation: str) -> str:
    found = profiles.get(translation)
    return found.language if found else translation


def statement_findings(
    profiles: Mapping[str, Profile], examples: Sequence[Example]
) -> list[Finding]:
    """Each point the translations read differently: between texts of one edition, and between
    editions."""
    out: list[Finding] = []
    keys = sorted({k for p in profiles.values() for k in p.all_statements()})
    for key in keys:
        stated = {
            t: p.all_statements()[key]
            for t, p in sorted(profiles.items())
            if key in p.all_statements()
        }
        if len({st.reading for st in stated.values()}) < 2:
            continue
        details = tuple(
            f"{t} ({profiles[t].edition.value}): {st.reading} | {st.paraphrase} [{st.section}]"
            for t, st in stated.items()
        )
        related = _examples_bearing_on(stated.values(), examples)
        by_edition: dict[Edition, dict[str, Statement]] = {}
        for t, st in stated.items():
            by_edition.setdefault(profiles[t].edition, {})[t] = st
        for edition, group in sorted(by_edition.items(), key=lambda i: i[0].value):
            readings = {st.reading for st in group.values()}
            if len(readings) > 1:
                out.append(
                    Finding(
                        kind="rule-differs-between-translations",
                        subject=key,
                        translations=tuple(group),
                        summary=(
                            f"{key}: the {edition.value} texts differ ("
                            + "; ".join(f"{t}: {st.reading}" for t, st in group.items())
                            + ")"
                        ),
                        examples=related,
                        details=details,
                    )
                )
        # An edition difference: no reading is shared by texts of different editions (where
        # one text of an edition agrees with the other edition, the odd text is the error).
        per_edition = [{st.reading for st in group.values()} for group in by_edition.values()]
        if len(per_edition) > 1 and all(
            not (a & b) for i, a in enumerate(per_edition) for b in per_edition[i + 1 :]
        ):
            out.append(
                Finding(
                    kind="rule-differs-between-editions",
                    subject=key,
                    translations=tuple(stated),
                    summary=f"{key}: the editions differ ({_edition_readings(by_edition)})",
                    examples=related,
                    details=details,
                )
            )
    return out


def _edition_readings(by_edition: Mapping[Edition, Mapping[str, Statement]]) -> str:
    parts = []
    for edition, group in sorted(by_edition.items(), key=lambda i: i[0].value):
        readings = " / ".join(sorted({st.reading for st in group.values()}))
        parts.append(f"{edition.value} {_who(group)}: {readings}")
    return "; ".join(parts)


def _contradicts(texts: int) -> str:
    return "contradicts itself" if texts == 1 else "contradict themselves"


def _examples_bearing_on(
    statements: Iterable[Statement], examples: Sequence[Example]
) -> tuple[str, ...]:
    """Examples whose claims change when the engine switch behind the statements is flipped."""
    switches = {st.switch for st in statements if st.switch is not None}
    if not switches:
        return ()
    found = set()
    for example in examples:
        if example.error is not None or not example.claims:
            continue
        scenario = example.scenario
        if scenario is None:
            continue
        before = tuple(c.agrees for c in example.claims)
        for name in switches:
            for value in SWITCHES[name].values:
                if value == scenario.rules.options[name]:
                    continue
                after = tuple(c.agrees for c in judge(_with_option(scenario, name, value)))
                if after != before:
                    found.add(example.ref)
    return tuple(sorted(found))


def contradiction_findings(profiles: Mapping[str, Profile]) -> list[Finding]:
    """Each statement a text contradicts elsewhere in itself (texts sharing one are grouped)."""
    grouped: dict[tuple[str, str], list[tuple[str, Statement]]] = {}
    for t, profile in sorted(profiles.items()):
        for key, st in profile.all_statements().items():
            if st.contradiction:
                grouped.setdefault((key, st.contradiction), []).append((t, st))
    out = []
    for (key, contradiction), group in sorted(grouped.items()):
        out.append(
            Finding(
                kind="text-contradicts-itself",
                subject=key,
                translations=tuple(t for t, _ in group),
                summary=f"{key}: {_who(t for t, _ in group)} {_contradicts(len(group))}: "
                f"{contradiction}",
                details=tuple(f"{t}: {st.paraphrase} [{st.section}]" for t, st in group),
            )
        )
    return out


def difference_findings(
    examples: Sequence[Example], profiles: Mapping[str, Profile]
) -> list[Finding]:
    """Each example id present in several translations with a different position or turns,
    different claims, or a different verdict of the engine. The finding is between
    translations when two texts of one edition differ, else between editions."""
    by_id: dict[str, list[Example]] = {}
    for example in examples:
        if example.error is None:
            by_id.setdefault(example.id, []).append(example)
    aspects: tuple[tuple[str, Callable[[Example], str]], ...] = (
        ("position and turns", lambda e: e.content),
        ("claims", lambda e: e.outcome),
        ("agreement with the engine", _agreement),
    )
    out = []
    for example_id, group in sorted(by_id.items()):
        if len(group) < 2:
            continue
        parts = []
        details: list[str] = []
        within_edition = False
        for aspect, text_of in aspects:
            versions = _versions(group, text_of)
            if len(versions) < 2:
                continue
            parts.append(aspect)
            within_edition |= _splits_an_edition(versions, profiles)
            if aspect == "agreement with the engine":
                details += [f"{aspect}: {_who(names)} {text}" for text, names in versions]
                continue
            first_text, first_names = versions[0]
            for other_text, other_names in versions[1:]:
                details.append(f"{aspect}: {_who(first_names)} -> {_who(other_names)}")
                details += _diff(first_text, other_text)
        if not parts:
            continue
        between = "translations" if within_edition else "editions"
        out.append(
            Finding(
                kind=f"example-differs-between-{between}",
                subject=example_id,
                translations=tuple(e.translation for e in group),
                summary=f"{example_id}: the texts differ in {', '.join(parts)}",
                examples=tuple(e.ref for e in group),
                details=tuple(details),
            )
        )
    return out


def _splits_an_edition(
    versions: Sequence[tuple[str, tuple[str, ...]]], profiles: Mapping[str, Profile]
) -> bool:
    """Whether two texts of one edition are in different versions."""
    seen: dict[Edition, str] = {}
    for text, names in versions:
        for name in names:
            edition = profiles[name].edition if name in profiles else None
            if edition is None:
                continue
            if seen.setdefault(edition, text) != text:
                return True
    return False


def _agreement(example: Example) -> str:
    return {True: "agrees", False: "disagrees", None: "not evaluated"}[example.agrees]


def _versions(
    group: Sequence[Example], text_of: Callable[[Example], str]
) -> list[tuple[str, tuple[str, ...]]]:
    versions: dict[str, list[str]] = {}
    for example in group:
        versions.setdefault(text_of(example), []).append(example.translation)
    ordered = sorted(versions.items(), key=lambda i: sorted(i[1]))
    return [(text, tuple(sorted(names))) for text, names in ordered]


def _diff(before: str, after: str) -> list[str]:
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in lines if not line.startswith(("---", "+++", "@@"))]


# ---------------------------------------------------------------------------- names


_CONNECTORS = {"&": "and", "e": "and", "et": "and", "und": "and"}
_FILLER = {"the", "canal", "canale"}


def contract_key(name: str) -> str:
    """A contract name reduced for comparison across languages: lower case, 'and' for the
    connectors of the three languages, without 'the' and 'canal'."""
    words = re.findall(r"[\w'-]+|&|,", name.lower())
    kept = [_CONNECTORS.get(w, w) for w in words if w not in _FILLER]
    return " ".join(kept).replace(" ,", ",")


def _board_of(profile: Profile) -> Board:
    return builtin_board("england-1st" if profile.edition is Edition.FIRST else "england-2nd")


def unknown_name(name: NameUse, board: Board) -> tuple[bool, str | None]:
    """Whether a printed name is missing from the board (or engineers), and the likely one."""
    if name.kind == "place":
        if name.text in board.places:
            return False, None
        return True, did_you_mean(name.text, board.places)
    if name.kind == "engineer":
        if name.text in ENGINEERS:
            return False, None
        return True, did_you_mean(name.text, ENGINEERS)
    keys = {contract_key(c): c for c in board.contracts}
    key = contract_key(name.text)
    if key in keys:
        return False, None
    guess = did_you_mean(key, keys)
    return True, keys[guess] if guess else None


_NOT_THERE: Mapping[str, str] = {
    "place": "not a place on the board",
    "contract": "not a contract on the board",
    "engineer": "not one of the five engineers",
}


def _comments(text: str) -> str:
    """The comments of a file (where the encoders note a translation's spellings)."""
    return "\n".join(re.findall(r"#[^\n]*", text))


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def name_findings(profiles: Mapping[str, Profile], examples: Sequence[Example]) -> list[Finding]:
    """Each printed name that is not on the board of its text's edition."""
    grouped: dict[tuple[str, str], dict[str, tuple[NameUse, str | None]]] = {}
    for t, profile in sorted(profiles.items()):
        board = _board_of(profile)
        for name in profile.names:
            missing, guess = unknown_name(name, board)
            if missing:
                grouped.setdefault((name.kind, name.text), {})[t] = (name, guess)
    out = []
    for (kind, text), uses in sorted(grouped.items()):
        guesses = sorted({g for _, g in uses.values() if g})
        likely = f"; likely {' or '.join(repr(g) for g in guesses)}" if guesses else ""
        related = tuple(
            sorted(
                e.ref
                for e in examples
                if e.translation in uses and _mentions(_comments(e.text), text)
            )
        )
        out.append(
            Finding(
                kind="name-not-on-board",
                subject=text,
                translations=tuple(uses),
                summary=f"{_who(uses)} print{'s' if len(uses) == 1 else ''} {text!r}, "
                f"{_NOT_THERE[kind]}{likely}",
                examples=related,
                details=tuple(
                    f"{t}: {', '.join(name.sections) or 'printed in the text'}"
                    for t, (name, _) in uses.items()
                ),
            )
        )
    return out
