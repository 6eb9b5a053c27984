"""What the cross-check finds: examples against their rulebook, and the texts compared.

Each function returns :class:`Finding` objects of one or two kinds (see :data:`FINDING_KINDS`):
examples that disagree with their own rulebook (or whose marked error is gone), rule statements
the profiles read differently (between two texts of one edition, or between editions), points
a text contradicts itself on, examples that differ between translations, and printed names that
are not on the board.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from canaldsl.canalmania.analysis_board import builtin_board
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import ENGINEERS, Edition
from canaldsl.canalmania.crosscheck_claims import claim_aspects
from canaldsl.canalmania.crosscheck_proofs import contradiction_dismissed, name_dismissed
from canaldsl.canalmania.options import SWITCHES
from canaldsl.canalmania.profiles import ILLUSTRATED_BY, NameUse, Profile, Statement
from canaldsl.canalmania.rulebook_examples import Example, judge, with_option
from canaldsl.diagnostics import did_you_mean

FINDING_KINDS = (
    "example-disagrees",
    "known-error-gone",
    "rule-differs-between-translations",
    "sentence-differs-between-translations",
    "rule-differs-between-editions",
    "text-contradicts-itself",
    "example-differs-between-translations",
    "example-differs-between-editions",
    "name-not-on-board",
)
"""Every kind of finding, in the order reports list them."""


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


# ---------------------------------------------------------------------------- findings


def _who(translations: Iterable[str]) -> str:
    return ", ".join(sorted(translations))


def _reading_names(
    profiles: Mapping[str, Profile], name: str, value: str, exclude: str
) -> tuple[str, ...]:
    return tuple(
        t for t, p in sorted(profiles.items()) if p.options[name] == value and t != exclude
    )


def _reading_note(profiles: Mapping[str, Profile], name: str, value: str, exclude: str) -> str:
    """Which texts read the rules the way that makes a failing example hold, and how."""
    note = f"every claim holds with {name} = {value}"
    others = _reading_names(profiles, name, value, exclude)
    if not others:
        return note
    stated = [
        st for st in profiles[others[0]].statements if st.switch == name and st.reading == value
    ]
    how = f": {stated[0].paraphrase}" if stated else ""
    return f"{note}, as {_who(others)} read{'s' if len(others) == 1 else ''} it{how}"


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
            details += [
                _reading_note(profiles, name, value, example.translation)
                for name, value in example.readings
            ]
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
        related = tuple(
            sorted(
                set(_examples_bearing_on(stated.values(), examples))
                | set(_illustrating(key, stated, examples))
            )
        )
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


def _illustrating(
    key: str, translations: Iterable[str], examples: Sequence[Example]
) -> tuple[str, ...]:
    """The examples of these translations that illustrate the point (see ILLUSTRATED_BY)."""
    ids = set(ILLUSTRATED_BY.get(key, ()))
    wanted = set(translations)
    return tuple(sorted(e.ref for e in examples if e.id in ids and e.translation in wanted))


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
                after = tuple(c.agrees for c in judge(with_option(scenario, name, value)))
                if after != before:
                    found.add(example.ref)
    return tuple(sorted(found))


def contradiction_findings(
    profiles: Mapping[str, Profile], examples: Sequence[Example] = ()
) -> list[Finding]:
    """Each statement a text contradicts elsewhere in itself (texts sharing one are grouped)."""
    grouped: dict[tuple[str, str], list[tuple[str, Statement]]] = {}
    for t, profile in sorted(profiles.items()):
        for key, st in profile.all_statements().items():
            if st.contradiction and contradiction_dismissed(key, profile) is None:
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
                examples=_illustrating(key, (t for t, _ in group), examples),
                details=tuple(f"{t}: {st.paraphrase} [{st.section}]" for t, st in group),
            )
        )
    return out


def difference_findings(
    examples: Sequence[Example], profiles: Mapping[str, Profile]
) -> list[Finding]:
    """Each example id present in several translations with a different position or turns,
    different claims, or a different agreement with the engine. The finding is between
    translations when two texts of one edition differ (those differences come first), else
    between editions."""
    by_id: dict[str, list[Example]] = {}
    for example in examples:
        if example.error is None:
            by_id.setdefault(example.id, []).append(example)
    encoded: tuple[tuple[str, Callable[[Example], str]], ...] = (
        ("position and turns", lambda e: e.content),
        ("claims", lambda e: e.outcome),
    )
    claimed = claim_aspects(
        lambda e: (
            e.scenario.board
            if e.scenario is not None and e.scenario.board is not None
            else board_of(profiles[e.translation])
        )
    )
    out = []
    for example_id, group in sorted(by_id.items()):
        if len(group) < 2:
            continue
        # The texts' own claims where every text has them (an encoding difference is not a
        # difference of the texts); the encodings otherwise.
        with_claims = all(e.text_claim is not None and e.translation in profiles for e in group)
        compared = claimed if with_claims else encoded
        aspects = (*compared, ("agreement with the engine", _agreement))
        within: list[tuple[str, list[str]]] = []  # aspects that split an edition, first
        across: list[tuple[str, list[str]]] = []
        split_editions: set[Edition] = set()
        for aspect, text_of in aspects:
            versions = _versions(group, text_of, profiles)
            if len(versions) < 2:
                continue
            lines: list[str] = []
            if aspect == "agreement with the engine" or aspect.startswith("claimed"):
                lines += [f"{aspect}: {_who(names)} {text}" for text, names in versions]
            else:
                first_text, first_names = versions[0]
                for other_text, other_names in versions[1:]:
                    lines.append(f"{aspect}: {_who(first_names)} -> {_who(other_names)}")
                    lines += _diff(first_text, other_text)
            split = _split_editions(versions, profiles)
            split_editions |= split
            (within if split else across).append((aspect, lines))
        if not within and not across:
            continue
        if within:
            editions = " and ".join(sorted(e.value for e in split_editions))
            summary = f"{example_id}: the {editions} texts differ in {_aspects(within)}"
            if across:
                summary += f"; the editions also differ in {_aspects(across)}"
        else:
            summary = f"{example_id}: the editions differ in {_aspects(across)}"
        out.append(
            Finding(
                kind=f"example-differs-between-{'translations' if within else 'editions'}",
                subject=example_id,
                translations=tuple(e.translation for e in group),
                summary=summary,
                examples=tuple(e.ref for e in group),
                details=tuple(line for _, lines in (*within, *across) for line in lines),
            )
        )
    return out


def _aspects(found: Sequence[tuple[str, list[str]]]) -> str:
    return ", ".join(aspect for aspect, _ in found)


def _split_editions(
    versions: Sequence[tuple[str, tuple[str, ...]]], profiles: Mapping[str, Profile]
) -> set[Edition]:
    """The editions two of whose texts are in different versions."""
    seen: dict[Edition, str] = {}
    split: set[Edition] = set()
    for text, names in versions:
        for name in names:
            if name not in profiles:
                continue
            edition = profiles[name].edition
            if seen.setdefault(edition, text) != text:
                split.add(edition)
    return split


def _agreement(example: Example) -> str:
    return {True: "agrees", False: "disagrees", None: "not evaluated"}[example.agrees]


def _versions(
    group: Sequence[Example], text_of: Callable[[Example], str], profiles: Mapping[str, Profile]
) -> list[tuple[str, tuple[str, ...]]]:
    """The distinct versions of an aspect with the texts that have each, earlier edition first."""
    versions: dict[str, list[str]] = {}
    for example in group:
        versions.setdefault(text_of(example), []).append(example.translation)

    def order(item: tuple[str, list[str]]) -> tuple[int, list[str]]:
        numbers = [profiles[t].edition.number for t in item[1] if t in profiles]
        return (min(numbers, default=0), sorted(item[1]))

    return [(text, tuple(sorted(names))) for text, names in sorted(versions.items(), key=order)]


def _diff(before: str, after: str) -> list[str]:
    """The whole of two versions, lines marked - (only in the first) or + (only in the second)."""
    old, new = before.splitlines(), after.splitlines()
    lines = difflib.unified_diff(old, new, lineterm="", n=max(len(old), len(new)))
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


def board_of(profile: Profile) -> Board:
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
        board = board_of(profile)
        for name in profile.names:
            missing, guess = unknown_name(name, board)
            if missing:
                grouped.setdefault((name.kind, name.text), {})[t] = (name, guess)
    out = []
    for (kind, text), uses in sorted(grouped.items()):
        guesses = sorted({g for _, g in uses.values() if g})
        if name_dismissed(text, tuple(uses), profiles, guesses[0] if guesses else None):
            continue
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
