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
* each name a translation prints that is not on the board, with the likely intended one;
* the rule sentences of the three texts compared point by point through the sentence indexes
  (:mod:`canaldsl.canalmania.crosscheck_sentences`), a finding where the two texts of one
  edition differ;
* the apparent problems proven harmless (:mod:`canaldsl.canalmania.crosscheck_proofs`), each
  with its proof, instead of a finding.

Examples are compared on what their texts claim (``claims.toml`` beside the scenarios), not on
how the scenarios encode it.

Everything is sorted, so the same folder always gives the same report.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from canaldsl.canalmania.crosscheck_findings import (
    FINDING_KINDS,
    Finding,
    board_of,
    contract_key,
    contradiction_findings,
    difference_findings,
    example_findings,
    name_findings,
    statement_findings,
    unknown_name,
)
from canaldsl.canalmania.crosscheck_proofs import (
    Dismissal,
    contradiction_dismissed,
    name_dismissed,
)
from canaldsl.canalmania.crosscheck_sentences import (
    PointComparison,
    compare_points,
    sentence_findings,
)
from canaldsl.canalmania.profiles import PROFILES, Profile
from canaldsl.canalmania.rulebook_examples import Claim, Example, judge, play_example

__all__ = [
    "FINDING_KINDS",
    "Claim",
    "Crosscheck",
    "Dismissal",
    "Example",
    "Finding",
    "contract_key",
    "crosscheck",
    "judge",
    "statement_findings",
]


@dataclass(frozen=True)
class Crosscheck:
    """Every example played, and every finding, sorted."""

    examples: tuple[Example, ...]
    findings: tuple[Finding, ...]
    ignored: tuple[str, ...] = ()
    sentences: tuple[PointComparison, ...] = ()
    dismissed: tuple[Dismissal, ...] = ()

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
    sentences = compare_points({t: p.edition.value for t, p in profiles.items()})
    findings = [
        *example_findings(examples, profiles),
        *sentence_findings(sentences),
        *statement_findings(profiles, examples),
        *contradiction_findings(profiles, examples),
        *difference_findings(examples, profiles),
        *name_findings(profiles, examples),
    ]
    findings.sort(key=Finding.sort_key)
    return Crosscheck(
        tuple(examples), tuple(findings), tuple(ignored), sentences, dismissals(profiles)
    )


def dismissals(profiles: Mapping[str, Profile]) -> tuple[Dismissal, ...]:
    """Every would-be finding a computed proof shows is none, sorted."""
    out: dict[tuple[str, str], Dismissal] = {}
    for t, profile in sorted(profiles.items()):
        for key, st in profile.all_statements().items():
            proof = contradiction_dismissed(key, profile) if st.contradiction else None
            if proof is not None:
                found = out.get(("text-contradicts-itself", key))
                who = (*found.translations, t) if found else (t,)
                out[("text-contradicts-itself", key)] = Dismissal(
                    "text-contradicts-itself", key, who, proof
                )
    printed: dict[str, dict[str, str | None]] = {}
    for t, profile in sorted(profiles.items()):
        for name in profile.names:
            missing, guess = unknown_name(name, board_of(profile))
            if missing:
                printed.setdefault(name.text, {})[t] = guess
    for text, uses in sorted(printed.items()):
        guesses = sorted({g for g in uses.values() if g})
        proof = name_dismissed(text, tuple(uses), profiles, guesses[0] if guesses else None)
        if proof is not None:
            out[("name-not-on-board", text)] = Dismissal(
                "name-not-on-board", text, tuple(uses), proof
            )
    return tuple(out[k] for k in sorted(out))
