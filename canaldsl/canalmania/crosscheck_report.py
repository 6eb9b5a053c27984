"""The cross-check as text, JSON or a Markdown report a translator can read without the tool.

Every renderer is deterministic: it only sorts and formats what
:func:`canaldsl.canalmania.crosscheck.crosscheck` found, with paths relative to the folder
checked, so a report can be committed and compared with a fresh one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from canaldsl.canalmania.crosscheck import FINDING_KINDS, Crosscheck, Example, Finding
from canaldsl.canalmania.crosscheck_report_sentences import (
    dismissed_json,
    dismissed_markdown,
    not_checked_markdown,
    planned_markdown,
    sentences_json,
    sentences_markdown,
)
from canaldsl.canalmania.profiles import PROFILES, Profile

HEADINGS: Mapping[str, str] = {
    "example-disagrees": "Examples that contradict their own rulebook",
    "known-error-gone": "Known errors that no longer show",
    "rule-differs-between-translations": "Rules two texts of one edition state differently",
    "sentence-differs-between-translations": (
        "Rule sentences two texts of one edition state differently"
    ),
    "rule-differs-between-editions": "Rules that differ between the editions (expected)",
    "text-contradicts-itself": "Statements a text contradicts itself",
    "example-differs-between-translations": "Examples that differ between texts of one edition",
    "example-differs-between-editions": "Examples that differ between the editions",
    "name-not-on-board": "Names that are not on the board",
}
"""A heading for every kind of finding, in report order."""

EXPLANATIONS: Mapping[str, str] = {
    "example-disagrees": (
        "The example's claims were checked with the rules as its own text states them (its "
        "profile). Where they disagree, the example contradicts its rulebook: the example, or "
        "the rule it illustrates, needs correcting. A known error is one the scenario file "
        "already marks."
    ),
    "known-error-gone": (
        "The scenario is marked as showing an error, but every claim now holds: the marking is "
        "out of date."
    ),
    "rule-differs-between-translations": (
        "The Italian and French texts translate the same (1st) edition, so a point they state "
        "differently is a translation error in at least one of them."
    ),
    "sentence-differs-between-translations": (
        "Computed from the sentence indexes: a point the two 1st-edition texts state with "
        "another modality, other numbers or exceptions, or that one of them leaves out. The "
        "full comparison, with the German text, is the section 'Rule sentences compared'."
    ),
    "rule-differs-between-editions": (
        "The German text is the 2nd edition, which changed some rules: these differences are "
        "expected, and listed so that a translator knows which edition a rule belongs to."
    ),
    "text-contradicts-itself": (
        "One text says two incompatible things: a rule and its own example, or two sections."
    ),
    "example-differs-between-translations": (
        "The same worked example differs in two texts of one edition: what the texts claim "
        "(names, points, numbers, outcome; `claims.toml` beside the scenarios) or only one of "
        "them agreeing with the rules. How a scenario encodes the example is not compared."
    ),
    "example-differs-between-editions": (
        "The same worked example claims something else in the 1st-edition texts and in the "
        "2nd-edition text: other names, points, numbers or outcome, as each text prints them "
        "(`claims.toml` beside the scenarios). Differences of encoding only (a score chosen "
        "before the move, the basin's count, a junction contract already used) are not "
        "findings; a printed number that follows the edition's own rule (the end at 70 "
        "instead of 60) is listed, as the texts do differ there."
    ),
    "name-not-on-board": (
        "Names as the text prints them, compared with the places and contracts of the board of "
        "that edition (canaldsl's reconstruction of the board) and the five engineers."
    ),
}

_AGREEMENT = {True: "agrees", False: "DISAGREES", None: "not evaluated"}


def _profile(translation: str) -> Profile | None:
    return PROFILES.get(translation)


def _source(example: Example) -> str:
    found = _profile(example.translation)
    text = f"{found.language} rulebook ({found.edition.value})" if found else "unknown rulebook"
    return f"{text}, section {example.section!r}" if example.section else text


# ---------------------------------------------------------------------------- JSON


def to_json(result: Crosscheck) -> dict[str, Any]:
    """The cross-check as plain data: ``examples`` and ``findings``, both sorted."""
    return {
        "examples": [
            {
                "id": e.id,
                "translation": e.translation,
                "source": _source(e),
                "file": e.file,
                "claim": [c.claim for c in e.claims],
                "computed": [c.computed for c in e.claims],
                "agrees": e.agrees,
                "checks": [
                    {"line": c.line, "claim": c.claim, "computed": c.computed, "agrees": c.agrees}
                    for c in e.claims
                ],
                "known_error": e.known_error,
                "readings": [{"option": n, "value": v} for n, v in e.readings],
                "error": e.error,
            }
            for e in result.examples
        ],
        "findings": [
            {
                "kind": f.kind,
                "subject": f.subject,
                "translations": list(f.translations),
                "summary": f.summary,
                "examples": list(f.examples),
                "details": list(f.details),
            }
            for f in result.findings
        ],
        "ignored": list(result.ignored),
        "sentences": sentences_json(result.sentences),
        "dismissed": dismissed_json(result.dismissed),
    }


# ---------------------------------------------------------------------------- text


def render_text(result: Crosscheck) -> str:
    """The cross-check for a terminal: a summary line, then the findings by kind."""
    lines = [_summary_line(result)]
    if result.ignored:
        lines.append(f"not rulebook examples (no `rulebook` line): {', '.join(result.ignored)}")
    for example in result.unreadable:
        lines += ["", f"{example.file}: cannot be understood", example.error or ""]
    for kind in FINDING_KINDS:
        found = [f for f in result.findings if f.kind == kind]
        if not found:
            continue
        lines += ["", f"{HEADINGS[kind]} ({len(found)})"]
        for finding in found:
            lines.append(f"  {finding.summary}")
            lines += [f"      {d}" for d in finding.details]
            if finding.examples:
                lines.append(f"      examples: {', '.join(finding.examples)}")
    if result.dismissed:
        lines += ["", f"Apparent problems proven harmless ({len(result.dismissed)})"]
        lines += [f"  {d.subject} ({d.kind}): {d.proof}" for d in result.dismissed]
    return "\n".join(lines) + "\n"


def _summary_line(result: Crosscheck) -> str:
    examples = result.examples
    counts = {t: sum(1 for e in examples if e.translation == t) for t in sorted(PROFILES)}
    per = ", ".join(f"{t} {n}" for t, n in counts.items())
    agree = sum(1 for e in examples if e.agrees is True)
    disagree = [e for e in examples if e.agrees is False]
    known = sum(1 for e in disagree if e.known_error is not None)
    unknown = sum(1 for e in examples if e.agrees is None)
    return (
        f"{len(examples)} rulebook examples ({per}): {agree} agree with their rulebook, "
        f"{len(disagree)} disagree ({known} marked known-error), {unknown} not evaluated; "
        f"{len(result.findings)} findings"
    )


# ---------------------------------------------------------------------------- Markdown


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def render_markdown(result: Crosscheck) -> str:
    """A report for translators and editors: what each example and each text says, where they
    disagree, and why."""
    lines = [
        "# Cross-check of the Canal Mania rulebooks",
        "",
        "Generated by `canaldsl crosscheck --format markdown`; do not edit by hand. Each worked "
        "example of the three rulebooks (Italian and French: 1st edition; German: 2nd edition) "
        "is a scenario file in this folder. canaldsl plays it with the rules as that "
        "translation states them and compares the outcome with what the text claims; it also "
        "compares the texts with each other. Rulebooks are cited by section title; the "
        "paraphrases are ours.",
        "",
        "## Summary",
        "",
        _summary_line(result) + ".",
        "",
    ]
    lines += _table(
        ["text", "edition", "examples", "agree", "disagree", "not evaluated"],
        _summary_rows(result.examples),
    )
    lines.append("")
    lines += _table(
        ["finding", "count"],
        ([HEADINGS[k], str(sum(1 for f in result.findings if f.kind == k))] for k in FINDING_KINDS),
    )
    if result.unreadable:
        lines += ["", "## Files that cannot be understood", ""]
        for example in result.unreadable:
            lines += [f"### {example.file}", "", "```text", example.error or "", "```", ""]
    for number, kind in enumerate(FINDING_KINDS, start=1):
        found = [f for f in result.findings if f.kind == kind]
        lines += ["", f"## {number}. {HEADINGS[kind]}", "", EXPLANATIONS[kind], ""]
        if not found:
            lines.append("None.")
            continue
        for finding in found:
            lines += _markdown_finding(finding, result)
    number = len(FINDING_KINDS)
    if result.sentences:
        lines += ["", f"## {number + 1}. Rule sentences compared", ""]
        lines += sentences_markdown(result.sentences)
        lines += ["", f"## {number + 2}. Sentences deliberately not checked", ""]
        lines += not_checked_markdown()
        lines += ["", f"## {number + 3}. Rules and readings described but not checked yet", ""]
        lines += planned_markdown()
    lines += ["", f"## {number + 4}. Apparent problems proven harmless", ""]
    lines += dismissed_markdown(result.dismissed)
    lines += ["", "## Every example", ""]
    lines += _table(["example", *sorted(PROFILES)], _coverage_rows(result.examples))
    return "\n".join(lines).rstrip() + "\n"


def _summary_rows(examples: Sequence[Example]) -> Iterable[list[str]]:
    for t, profile in sorted(PROFILES.items()):
        mine = [e for e in examples if e.translation == t]
        yield [
            profile.language,
            profile.edition.value,
            str(len(mine)),
            str(sum(1 for e in mine if e.agrees is True)),
            str(sum(1 for e in mine if e.agrees is False)),
            str(sum(1 for e in mine if e.agrees is None)),
        ]


def _coverage_rows(examples: Sequence[Example]) -> Iterable[list[str]]:
    by_id: dict[str, dict[str, Example]] = {}
    for example in examples:
        by_id.setdefault(example.id, {})[example.translation] = example
    for example_id, texts in sorted(by_id.items()):
        row = [f"`{example_id}`"]
        for t in sorted(PROFILES):
            found = texts.get(t)
            if found is None:
                row.append("")
                continue
            mark = _AGREEMENT[found.agrees]
            if found.known_error is not None:
                mark += " (known error)"
            row.append(f"{mark}: {found.section}")
        yield row


def _markdown_finding(finding: Finding, result: Crosscheck) -> list[str]:
    summary = finding.summary.removeprefix(f"{finding.subject}: ").rstrip(".")
    if summary.startswith("the "):
        summary = "The " + summary.removeprefix("the ")
    lines = [f"### {finding.subject}", "", summary + ".", ""]
    if finding.kind in ("example-disagrees", "known-error-gone"):
        example = next(e for e in result.examples if e.ref == finding.subject)
        lines += [f"File `{example.file}`; {_source(example)}.", ""]
        failing = [c for c in example.claims if c.agrees is not True]
        if failing:
            lines += _table(
                ["line", "the text claims", "canaldsl computes"],
                ([str(c.line), f"`{c.claim}`", c.computed] for c in failing),
            )
            lines.append("")
        lines += [f"- {d}" for d in finding.details if not d.startswith("line ")]
    elif finding.kind.startswith("rule-differs") or finding.kind == "text-contradicts-itself":
        lines += _statement_table(finding)
    elif finding.kind.startswith("example-differs") and not any(
        d.startswith("claimed") for d in finding.details
    ):
        lines += ["```diff", *finding.details, "```"]
    else:
        lines += [f"- {d}" for d in finding.details]
    if finding.examples and not finding.kind.startswith(("example-", "known-error")):
        lines += ["", "Examples: " + ", ".join(f"`{e}`" for e in finding.examples)]
    lines.append("")
    return lines


def _statement_table(finding: Finding) -> list[str]:
    rows = []
    for t in finding.translations:
        profile = _profile(t)
        if profile is None:
            continue
        statement = profile.all_statements().get(finding.subject)
        if statement is None:
            continue
        rows.append([profile.language, statement.reading, statement.paraphrase, statement.section])
    if finding.kind == "rule-differs-between-translations":
        # the other edition's reading, for comparison
        for t, profile in sorted(PROFILES.items()):
            if t in finding.translations:
                continue
            statement = profile.all_statements().get(finding.subject)
            if statement is not None:
                rows.append(
                    [
                        f"{profile.language} ({profile.edition.value})",
                        statement.reading,
                        statement.paraphrase,
                        statement.section,
                    ]
                )
    return _table(["text", "reading", "what it says (our words)", "section"], rows)
