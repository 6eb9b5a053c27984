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

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from canaldsl.canalmania.crosscheck_findings import (
    FINDING_KINDS,
    Finding,
    contract_key,
    contradiction_findings,
    difference_findings,
    example_findings,
    name_findings,
    statement_findings,
)
from canaldsl.canalmania.profiles import PROFILES, Profile
from canaldsl.canalmania.rulebook_examples import Claim, Example, judge, play_example

__all__ = [
    "FINDING_KINDS",
    "Claim",
    "Crosscheck",
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
    findings = [
        *example_findings(examples, profiles),
        *statement_findings(profiles, examples),
        *contradiction_findings(profiles, examples),
        *difference_findings(examples, profiles),
        *name_findings(profiles, examples),
    ]
    findings.sort(key=Finding.sort_key)
    return Crosscheck(tuple(examples), tuple(findings), tuple(ignored))
