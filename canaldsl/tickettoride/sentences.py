"""The sentence index of the Italian rulebook: every normative sentence, where it stands, and
the rule that checks it or the reason it is not checked.

The index is data (``data/rulebook-it-sentences.toml``): a section, a paraphrase in our own
words (never the text), and either rule ids or one of :data:`REASONS`. A test keeps it complete
against the rule registry: every rule appears, every rule named exists.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

from canaldsl.tickettoride.rulebook import SECTIONS

REASONS = MappingProxyType(
    {
        "set-up": "how the game is laid out before the first turn; a position starts after it",
        "components": "what the box holds; kept as the model's data and checked as such",
        "hidden-information": "what players keep secret; the model says what is known",
        "permission": "allows something; no turn can break it",
        "bookkeeping": "the score track; final scoring recomputes every point",
        "advice": "a recommendation, not a rule",
        "cross-reference": "points to another section",
        "narrative": "story, not rules",
        "credits": "credits and legal notices",
    }
)
"""Why a sentence is not checked."""

EXTRA_SECTIONS = ("(storia introduttiva)", "Riconoscimenti")
"""Parts of the text that are no rules section: the opening story, the credits."""


class SentenceIndexError(ValueError):
    """The sentence index data is malformed."""


@dataclass(frozen=True)
class Sentence:
    """One sentence of the Italian text: its section, our paraphrase, the rules it maps to
    (empty when not checked), the reason it is not checked (empty when it is), a note."""

    section: str
    says: str
    rules: tuple[str, ...]
    reason: str
    note: str = ""


def sentence_index() -> tuple[Sentence, ...]:
    """Every sentence of the index, in the order of the text."""
    text = resources.files("canaldsl.tickettoride") / "data" / "rulebook-it-sentences.toml"
    data = tomllib.loads(text.read_text(encoding="utf-8"))
    out = []
    for number, entry in enumerate(data.get("sentence", []), start=1):
        rules = tuple(entry.get("rules", ()))
        reason = str(entry.get("reason", ""))
        section = str(entry.get("section", ""))
        if bool(rules) == bool(reason):
            raise SentenceIndexError(f"sentence {number}: give rules or a reason, not both")
        if reason and reason not in REASONS:
            raise SentenceIndexError(f"sentence {number}: unknown reason {reason!r}")
        if section not in SECTIONS and section not in EXTRA_SECTIONS:
            raise SentenceIndexError(f"sentence {number}: unknown section {section!r}")
        out.append(Sentence(section, str(entry["says"]), rules, reason, str(entry.get("note", ""))))
    return tuple(out)
