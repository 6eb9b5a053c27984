"""The Italian text cut into sentences, the way the sentence index numbers them.

Lines are read in order; a line that is a heading (a short line ending with a colon) starts a
section; every other non-empty line is cut after ``.``, ``!`` or ``?`` (bold markers allowed
around it) where the next word starts with a capital, an asterisk or a bracket. A sentence's
digest is the first 12 hex digits of the SHA-256 of its text with markup and spaces
squeezed out, so the index can be matched to the text without quoting it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

_CANDIDATES = [
    parent / "shared" / "rulebooks" / "canal-grande-it.txt"
    for parent in Path(__file__).resolve().parents[3:5]
]
TEXT = next((path for path in _CANDIDATES if path.exists()), _CANDIDATES[0])
"""The text beside the checkout, or beside the folder of worktrees holding it."""
_HEADING = re.compile(r"^[A-Z][^.!?]{0,60}:$")
_CUT = re.compile(r"(?<=[.!?])\**\s+(?=[A-Z*(])")


@dataclass(frozen=True)
class Segment:
    number: int
    heading: str
    text: str

    @property
    def digest(self) -> str:
        squeezed = re.sub(r"[\s*]+", " ", self.text).strip()
        return hashlib.sha256(squeezed.encode("utf-8")).hexdigest()[:12]


def segments(text: str) -> list[Segment]:
    """The sentences of ``text`` in order, numbered from 1, with the heading above each."""
    heading = ""
    out: list[Segment] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if _HEADING.match(line.replace("*", "")):
            heading = line.replace("*", "").rstrip(":")
            continue
        line = line.lstrip("-").strip()
        for part in _CUT.split(line):
            if part.strip():
                out.append(Segment(len(out) + 1, heading, part.strip()))
    return out
