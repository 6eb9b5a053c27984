"""The rule sentences of the three texts compared, point by point, through the sentence indexes.

Each rule sentence of an index states a *point* (see :mod:`canaldsl.canalmania.sentences`)
with a modality, numbers and exceptions. :func:`compare_points` lines up, for every point,
what each text says, and computes whether they agree: the same modality, the same numbers,
the same exceptions, and the point stated at all. A difference between the two texts of one
edition is a translation problem; a difference between editions may be the edition's rule.
Nothing here is written by hand: the verdicts come from the indexes' fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from canaldsl.canalmania.crosscheck_findings import Finding
from canaldsl.canalmania.rulebook import resolve
from canaldsl.canalmania.sentences import TRANSLATIONS, Sentence, all_sentences

AGREE = "agree"
WITHIN = "differ within an edition"
BETWEEN = "differ between editions"
VERDICTS = (WITHIN, BETWEEN, AGREE)
"""How the texts stating a point compare, most serious first."""


@dataclass(frozen=True)
class TextStatement:
    """What one text says on a point: its sentences and their fields merged."""

    translation: str
    sentences: tuple[Sentence, ...]

    @property
    def modality(self) -> str:
        return " + ".join(sorted({s.modality for s in self.sentences}))

    @property
    def numbers(self) -> str:
        pairs = sorted({pair for s in self.sentences for pair in s.numbers})
        return ", ".join(f"{k} {v}" for k, v in pairs)

    @property
    def exceptions(self) -> str:
        return "; ".join(sorted({e for s in self.sentences for e in s.exceptions}))

    @property
    def section(self) -> str:
        return " | ".join(dict.fromkeys(s.section for s in self.sentences))

    @property
    def says(self) -> str:
        return " ".join(s.says for s in self.sentences)

    @property
    def number_map(self) -> Mapping[str, frozenset[int]]:
        found: dict[str, set[int]] = {}
        for s in self.sentences:
            for key, value in s.numbers:
                found.setdefault(key, set()).add(value)
        return {k: frozenset(v) for k, v in found.items()}


@dataclass(frozen=True)
class PointComparison:
    """One point across the texts: who states it, how, and the differences found."""

    point: str
    rules: tuple[str, ...]
    texts: tuple[TextStatement, ...]
    missing: tuple[str, ...]
    within: tuple[str, ...]
    between: tuple[str, ...]

    @property
    def verdict(self) -> str:
        if self.within:
            return WITHIN
        if self.between:
            return BETWEEN
        return AGREE

    @property
    def group(self) -> str:
        """The rule (or area) the point belongs to: its name before the ``/``."""
        return self.point.split("/")[0]


def _aspects(statement: TextStatement) -> Mapping[str, str]:
    return {
        "modality": statement.modality,
        "exceptions": statement.exceptions or "none",
    }


def _number_lines(group: Sequence[TextStatement]) -> list[str]:
    """Numbers that differ between texts of ``group``: other values, or given by some only."""
    keys = sorted({k for st in group for k in st.number_map})
    lines = []
    for key in keys:
        values = {st.translation: st.number_map.get(key) for st in group}
        shown = {t: "/".join(str(v) for v in sorted(vs)) if vs else "-" for t, vs in values.items()}
        if len(set(shown.values())) > 1:
            lines.append(f"{key}: " + ", ".join(f"{t} {v}" for t, v in shown.items()))
    return lines


def _differences(group: Sequence[TextStatement]) -> list[str]:
    if len(group) < 2:
        return []
    lines = []
    for aspect in ("modality", "exceptions"):
        values = {st.translation: _aspects(st)[aspect] for st in group}
        if len(set(values.values())) > 1:
            lines.append(f"{aspect}: " + ", ".join(f"{t} {v}" for t, v in values.items()))
    lines += [f"numbers: {line}" for line in _number_lines(group)]
    return lines


def _edition_differences(
    statements: Sequence[TextStatement], editions: Mapping[str, str]
) -> list[str]:
    """Aspects on which no text of one edition agrees with any text of another (where one
    text of an edition agrees with the other edition, the odd text is a translation matter,
    reported within its edition)."""
    values: dict[str, dict[str, set[str]]] = {}
    for st in statements:
        aspects = dict(_aspects(st))
        numbers = st.number_map
        for key in {k for other in statements for k in other.number_map}:
            found = numbers.get(key)
            aspects[f"numbers: {key}"] = "/".join(map(str, sorted(found))) if found else "-"
        for aspect, value in aspects.items():
            values.setdefault(aspect, {}).setdefault(editions[st.translation], set()).add(value)
    lines = []
    for aspect, per_edition in sorted(values.items()):
        sets = list(per_edition.values())
        if all(not (a & b) for i, a in enumerate(sets) for b in sets[i + 1 :]):
            shown = "; ".join(
                f"{edition} {' / '.join(sorted(vs))}" for edition, vs in sorted(per_edition.items())
            )
            lines.append(f"{aspect}: {shown}")
    return lines


def compare_points(
    editions: Mapping[str, str], sentences: Iterable[Sentence] | None = None
) -> tuple[PointComparison, ...]:
    """Every point of the indexes compared across the texts, sorted by point.

    ``editions`` maps each translation to its edition's name; texts of one edition are
    compared with each other first, then the editions with each other.
    """
    by_point: dict[str, dict[str, list[Sentence]]] = {}
    for sentence in all_sentences() if sentences is None else sentences:
        if sentence.point:
            texts = by_point.setdefault(sentence.point, {})
            texts.setdefault(sentence.translation, []).append(sentence)
    translations = [t for t in TRANSLATIONS if t in editions]
    out = []
    for point, texts in sorted(by_point.items()):
        statements = tuple(TextStatement(t, tuple(texts[t])) for t in translations if t in texts)
        missing = tuple(t for t in translations if t not in texts)
        within: list[str] = []
        for edition in sorted(set(editions.values())):
            members = [t for t in translations if editions[t] == edition]
            group = [st for st in statements if st.translation in members]
            lacking = [t for t in members if t not in texts]
            if group and lacking:
                within.append(f"stated by {', '.join(st.translation for st in group)} only")
            within += _differences(group)
        between: list[str] = []
        stating = {editions[st.translation] for st in statements}
        if len(stating) < len(set(editions.values())):
            between.append(f"only the {', '.join(sorted(stating))} states it")
        else:
            between += _edition_differences(statements, editions)
        # a sentence index written with a former rule id counts as the rule now in force
        rules = tuple(sorted({resolve(r) for ss in texts.values() for s in ss for r in s.rules}))
        out.append(
            PointComparison(point, rules, statements, missing, tuple(within), tuple(between))
        )
    return tuple(out)


def sentence_findings(comparisons: Sequence[PointComparison]) -> list[Finding]:
    """A finding for each point the two texts of one edition state differently, or one of
    them not at all (a translation matter; edition differences stay in the comparison)."""
    out = []
    for comparison in comparisons:
        if not comparison.within:
            continue
        stating = tuple(st.translation for st in comparison.texts)
        details = tuple(
            f"{st.translation}: {st.modality} | {st.says} [{st.section}]" for st in comparison.texts
        )
        out.append(
            Finding(
                kind="sentence-differs-between-translations",
                subject=comparison.point,
                translations=tuple(sorted(set(stating) | set(comparison.missing))),
                summary=f"{comparison.point}: " + "; ".join(comparison.within),
                details=details,
            )
        )
    return out
