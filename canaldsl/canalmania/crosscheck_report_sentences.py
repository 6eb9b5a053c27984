"""The parts of the cross-check report that come from the sentence indexes and the proofs: the
rule sentences compared point by point, what is deliberately not checked, what is planned, and
the apparent problems proven harmless. Deterministic, like the rest of the report.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from canaldsl.canalmania.crosscheck_proofs import Dismissal
from canaldsl.canalmania.crosscheck_sentences import AGREE, VERDICTS, PointComparison
from canaldsl.canalmania.sentences import (
    PLANNED_RULES,
    PLANNED_SWITCHES,
    REASONS,
    TRANSLATIONS,
    sentence_index,
)

SENTENCES_EXPLANATION = (
    "Every rule sentence of the three texts, from the sentence indexes "
    "(`canaldsl/canalmania/data/rulebook-*-sentences.toml`), lined up by the point it states: "
    "its modality (must, should, must-not, may, is), the numbers and the exceptions it gives. "
    "The verdict is computed from those fields: the texts agree; the two 1st-edition texts "
    "differ (a translation matter, also listed as a finding); or the editions differ (the "
    "2nd edition's rule, or a sentence only one edition has). A dash means the text does not "
    "state the point."
)

DISMISSED_EXPLANATION = (
    "Points that look like problems of the texts but are proven harmless, so they are not "
    "findings. Each proof is computed from the game's numbers."
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def sentences_markdown(comparisons: Sequence[PointComparison]) -> list[str]:
    """The comparison table, then each point that differs with what every text says."""
    counts = ", ".join(
        f"{sum(1 for c in comparisons if c.verdict == v)} {v}" for v in (AGREE, *VERDICTS[:2])
    )
    lines = [SENTENCES_EXPLANATION, "", f"{len(comparisons)} points: {counts}.", ""]
    rows = []
    for c in comparisons:
        stated = {st.translation: st.modality for st in c.texts}
        rows.append(
            [
                f"`{c.point}`",
                ", ".join(c.rules),
                *(stated.get(t, "-") for t in TRANSLATIONS),
                c.verdict,
            ]
        )
    lines += _table(["point", "rules", *TRANSLATIONS, "verdict"], rows)
    for c in comparisons:
        if c.verdict == AGREE:
            continue
        lines += ["", f"### {c.point}", "", f"Rules: {', '.join(c.rules)}. Verdict: {c.verdict}."]
        lines += [""] + [f"- {d}" for d in (*c.within, *c.between)] + [""]
        lines += _table(
            ["text", "section", "what it says (our words)", "modality", "numbers", "exceptions"],
            (
                [st.translation, st.section, st.says, st.modality, st.numbers, st.exceptions]
                for st in c.texts
            ),
        )
    return lines


def not_checked_markdown() -> list[str]:
    """How many sentences of each text are deliberately not checked, by reason."""
    rows = []
    for reason, why in REASONS.items():
        per = [sum(1 for s in sentence_index(t) if s.reason == reason) for t in TRANSLATIONS]
        rows.append([reason, why, *map(str, per)])
    totals = [
        f"{t}: {len(sentence_index(t))} sentences, "
        f"{sum(1 for s in sentence_index(t) if s.rules)} mapped to rules "
        f"({sum(1 for s in sentence_index(t) if s.planned)} planned), "
        f"{sum(1 for s in sentence_index(t) if s.reason)} with a reason"
        for t in TRANSLATIONS
    ]
    lines = ["Sentence index coverage: " + "; ".join(totals) + ".", ""]
    return lines + _table(["reason", "why it is not checked", *TRANSLATIONS], rows)


def planned_markdown() -> list[str]:
    """The rules and switches the texts describe that the engine does not have yet."""
    lines = []
    for kind, planned in (("rule", PLANNED_RULES), ("switch", PLANNED_SWITCHES)):
        for name, what in planned.items():
            cited = [
                f"{s.ref} ({s.section})"
                for t in TRANSLATIONS
                for s in sentence_index(t)
                if name in s.rules or s.switch == name
            ]
            lines.append(f"- {kind} `{name}`: {what}. Sentences: {', '.join(cited)}.")
    if not lines:
        return [
            "None: every rule the texts describe is checked, and every reading they leave open "
            "is a switch with a default per edition and per text (`canaldsl rules --switches`)."
        ]
    return lines


def dismissed_markdown(dismissed: Sequence[Dismissal]) -> list[str]:
    lines = [DISMISSED_EXPLANATION, ""]
    if not dismissed:
        return [*lines, "None."]
    for d in dismissed:
        lines.append(f"- `{d.subject}` ({d.kind}; {', '.join(d.translations)}): {d.proof}.")
    return lines


def sentences_json(comparisons: Sequence[PointComparison]) -> list[dict[str, Any]]:
    return [
        {
            "point": c.point,
            "rules": list(c.rules),
            "verdict": c.verdict,
            "differences": [*c.within, *c.between],
            "missing": list(c.missing),
            "texts": [
                {
                    "translation": st.translation,
                    "sentences": [s.ref for s in st.sentences],
                    "section": st.section,
                    "says": st.says,
                    "modality": st.modality,
                    "numbers": st.numbers,
                    "exceptions": st.exceptions,
                }
                for st in c.texts
            ],
        }
        for c in comparisons
    ]


def dismissed_json(dismissed: Sequence[Dismissal]) -> list[dict[str, Any]]:
    return [
        {
            "kind": d.kind,
            "subject": d.subject,
            "translations": list(d.translations),
            "proof": d.proof,
        }
        for d in dismissed
    ]
